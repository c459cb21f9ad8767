//! The examples' command lines, run as a user runs them: `--help`, an unknown flag, a bad value,
//! and the outputs other tests and `.ci/run` rely on (the maze's tie-breaks, the traces, the
//! JSON lines).
//!
//! Cargo gives integration tests no path to example binaries, so the first test to need one runs
//! `cargo build --examples` (the cargo running the tests, in the same profile and target
//! directory) and takes each binary's path from cargo's JSON messages. Under a plain
//! `cargo test` the examples are already built, and that build finds nothing to do.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Every example, by name, with its freshly built binary.
fn examples() -> &'static HashMap<String, PathBuf> {
    static BUILT: OnceLock<HashMap<String, PathBuf>> = OnceLock::new();
    BUILT.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
        let mut command = Command::new(cargo);
        command
            .args(["build", "--examples", "--message-format=json"])
            .arg("--manifest-path")
            .arg(&manifest);
        // The profile this test was built in: target/<dir>/deps/cli-… ("debug" is `dev`).
        let exe = std::env::current_exe().expect("the test binary's path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .and_then(Path::file_name);
        match profile_dir.and_then(|d| d.to_str()) {
            Some("debug") | None => {}
            Some(profile) => {
                command.arg(format!("--profile={profile}"));
            }
        }
        let output = command.output().expect("cargo runs");
        assert!(
            output.status.success(),
            "cargo build --examples failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut built = HashMap::new();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let is_example = message["target"]["kind"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k == "example"));
            if let (true, Some(name), Some(path)) = (
                is_example,
                message["target"]["name"].as_str(),
                message["executable"].as_str(),
            ) {
                built.insert(name.to_owned(), PathBuf::from(path));
            }
        }
        built
    })
}

/// Runs example `name` with `args`.
fn run(name: &str, args: &[&str]) -> Output {
    let path = examples()
        .get(name)
        .unwrap_or_else(|| panic!("no example {name} was built"));
    Command::new(path)
        .args(args)
        .output()
        .expect("the example runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Each example and the flags its help must list.
const FLAGS: [(&str, &[&str]); 7] = [
    (
        "maze",
        &[
            "--maze",
            "--json",
            "--svg",
            "--after",
            "--html",
            "--trace",
            "--tie-break",
        ],
    ),
    (
        "terrain",
        &[
            "--movement",
            "--json",
            "--svg",
            "--html",
            "--map",
            "--start",
            "--goal",
        ],
    ),
    (
        "puzzle",
        &[
            "--algorithm",
            "--heuristic",
            "--weight",
            "--goal",
            "--size",
            "--random",
            "--seed",
            "--file",
            "--paths",
            "--optimal",
            "--max-stored",
            "--trace",
            "--dot",
            "--quiet",
            "--json",
        ],
    ),
    (
        "movingai",
        &["--algorithm", "--json", "--map", "--svg", "--scenario"],
    ),
    (
        "roads",
        &["--queries", "--seed", "--json", "--html", "--query"],
    ),
    ("custom", &["--json", "--trace", "--html", "--svg"]),
    ("quickstart", &[]),
];

#[test]
fn help_lists_every_flag_with_its_default() {
    for (name, flags) in FLAGS {
        let output = run(name, &["--help"]);
        assert!(output.status.success(), "{name} --help: {output:?}");
        let text = stdout(&output);
        assert!(text.starts_with("usage: "), "{name} --help:\n{text}");
        assert!(text.contains("--help"), "{name} --help:\n{text}");
        for flag in flags {
            // The flag starts a line of the list, and that entry (up to the next flag) names
            // its default.
            let entry = text
                .split("\n  ")
                .find(|entry| entry.starts_with(&format!("{flag} ")) || entry == flag)
                .unwrap_or_else(|| panic!("{name} --help does not list {flag}:\n{text}"));
            let rest = text.split_once(entry).map_or("", |(_, rest)| rest);
            let whole = format!("{entry}{}", rest.split("\n  -").next().unwrap_or(""));
            assert!(
                whole.contains("default"),
                "{name} --help gives no default for {flag}:\n{whole}"
            );
        }
        // -h is --help too.
        assert_eq!(stdout(&run(name, &["-h"])), text);
    }
}

#[test]
fn an_unknown_flag_is_a_usage_error() {
    for (name, _) in FLAGS {
        let output = run(name, &["--no-such-flag"]);
        assert_eq!(output.status.code(), Some(2), "{name}: {output:?}");
        let text = stderr(&output);
        assert!(text.contains("--no-such-flag"), "{name}:\n{text}");
        assert!(
            text.lines()
                .any(|line| line.starts_with(&format!("usage: {name}"))),
            "{name} prints no usage line:\n{text}"
        );
        assert!(stdout(&output).is_empty(), "{name} wrote to stdout");
    }
}

#[test]
fn a_bad_value_names_the_flag_and_the_value() {
    let board = "1 2 3 4 5 6 7 0 8";
    let cases: [(&str, &[&str], &str, &str); 12] = [
        ("maze", &["--after", "ten"], "--after", "ten"),
        ("maze", &["--tie-break", "random"], "--tie-break", "random"),
        ("maze", &["--maze", "spiral"], "--maze", "spiral"),
        ("terrain", &["--movement", "six"], "--movement", "six"),
        ("terrain", &["--start", "3;4"], "--start", "3;4"),
        ("puzzle", &["--trace", "-3", board], "--trace", "-3"),
        (
            "puzzle",
            &["--algorithm", "quantum", board],
            "--algorithm",
            "quantum",
        ),
        (
            "puzzle",
            &["--heuristic", "psychic", board],
            "--heuristic",
            "psychic",
        ),
        (
            "puzzle",
            &["--size", "3by3", "--random", "1"],
            "--size",
            "3by3",
        ),
        ("movingai", &["--scenario", "first"], "--scenario", "first"),
        ("roads", &["--queries", "many"], "--queries", "many"),
        ("custom", &["3", "five", "4"], "litres", "five"),
    ];
    for (name, args, flag, value) in cases {
        let output = run(name, args);
        assert_eq!(output.status.code(), Some(2), "{name} {args:?}: {output:?}");
        let text = stderr(&output);
        assert!(text.contains(flag), "{name} {args:?}: {text}");
        assert!(
            text.contains(&format!("{value:?}")),
            "{name} {args:?} does not quote {value:?}: {text}"
        );
        assert!(text.contains("usage: "), "{name} {args:?}: {text}");
    }
    // A flag without its value.
    let output = run("maze", &["--svg"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--svg needs a value"));
}

/// The JSON lines of `maze --json` with `args`.
fn maze_json(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = run("maze", &all);
    assert!(output.status.success(), "{output:?}");
    stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

fn expanded(lines: &[serde_json::Value], algorithm: &str) -> u64 {
    lines
        .iter()
        .find(|line| line["algorithm"] == algorithm)
        .and_then(|line| line["expanded"].as_u64())
        .unwrap_or_else(|| panic!("no {algorithm} line"))
}

#[test]
fn the_lecture_maze_expands_11_cells_with_lifo_ties_and_12_with_fifo() {
    let lifo = maze_json(&["--maze", "lecture", "--tie-break", "lifo"]);
    let fifo = maze_json(&["--maze", "lecture", "--tie-break", "fifo"]);
    let default = maze_json(&["--maze", "lecture"]);
    for algorithm in ["bfs", "dijkstra", "greedy", "astar"] {
        assert_eq!(expanded(&default, algorithm), expanded(&fifo, algorithm));
    }
    assert_eq!(expanded(&lifo, "astar"), 11);
    assert_eq!(expanded(&fifo, "astar"), 12);
    for line in &lifo {
        assert_eq!(line["maze"], "lecture");
        assert_eq!(line["tie_break"], "lifo");
        assert_eq!(line["cost"].as_f64(), Some(10.0));
    }
    for line in &fifo {
        assert_eq!(line["tie_break"], "fifo");
    }
}

fn cost(lines: &[serde_json::Value], algorithm: &str) -> f64 {
    lines
        .iter()
        .find(|line| line["algorithm"] == algorithm)
        .and_then(|line| line["cost"].as_f64())
        .unwrap_or_else(|| panic!("no {algorithm} line"))
}

#[test]
fn in_the_default_maze_greedy_search_returns_a_longer_path_than_a_star() {
    for ties in ["fifo", "lifo"] {
        let lines = maze_json(&["--tie-break", ties]);
        assert!(lines.iter().all(|line| line["maze"] == "trap"));
        // A* is optimal (Dijkstra's cost) and does the least work; greedy search follows the
        // winding passage to a dearer path, after more expansions than A*.
        assert_eq!(cost(&lines, "astar"), 12.0, "{ties}");
        assert_eq!(cost(&lines, "dijkstra"), 12.0, "{ties}");
        assert!(cost(&lines, "greedy") > cost(&lines, "astar"), "{ties}");
        assert_eq!(cost(&lines, "greedy"), 20.0, "{ties}");
        assert!(
            expanded(&lines, "astar") < expanded(&lines, "greedy"),
            "{ties}"
        );
        assert!(
            expanded(&lines, "astar") < expanded(&lines, "dijkstra"),
            "{ties}"
        );
    }
    // In the lecture's maze, by contrast, greedy search finds a shortest path.
    let lecture = maze_json(&["--maze", "lecture"]);
    assert_eq!(cost(&lecture, "greedy"), cost(&lecture, "astar"));
}

#[test]
fn on_terrain_greedy_search_and_bfs_wade_through_the_swamp() {
    let output = run("terrain", &["--json"]);
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    let (astar, dijkstra) = (cost(&lines, "astar"), cost(&lines, "dijkstra"));
    assert!(
        (astar - dijkstra).abs() < 1e-9,
        "A* {astar} against Dijkstra {dijkstra}"
    );
    assert!(cost(&lines, "greedy") > 2.0 * astar);
    assert!(cost(&lines, "bfs") > 2.0 * astar);
    assert!(expanded(&lines, "astar") < expanded(&lines, "dijkstra"));
}

#[test]
fn json_lines_carry_every_stats_field() {
    let lines = maze_json(&[]);
    assert_eq!(lines.len(), 4);
    for line in &lines {
        for field in [
            "expanded",
            "generated",
            "reopened",
            "decrease_keys",
            "pruned",
            "max_open",
            "stored",
            "iterations",
        ] {
            assert!(line[field].is_u64(), "no {field} in {line}");
        }
        assert!(line["path"].is_array());
    }
    let output = run("puzzle", &["--json", "1 2 3 4 5 6 0 7 8"]);
    let line: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(line["cost"], 2);
    assert_eq!(line["steps"], 2);
    assert!(line["decrease_keys"].is_u64() && line["stored"].is_u64());
}

#[test]
fn the_maze_trace_lists_each_expansion_with_its_parent_and_says_each_tie_rule() {
    let output = run(
        "maze",
        &["--maze", "lecture", "--trace", "--tie-break", "lifo"],
    );
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let astar = text
        .split("A* (Manhattan): 11 expansions (open list: f = g + h, then the smaller h, then the last stored)\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no A* trace:\n{text}"));
    let lines: Vec<&str> = astar.lines().take(11).collect();
    assert!(
        lines[0].contains("(1,3)") && lines[0].ends_with("start"),
        "{astar}"
    );
    assert!(
        lines[1].contains("(2,3)") && lines[1].ends_with("from (1,3)"),
        "{astar}"
    );
    assert!(
        lines[10].contains("(9,3)") && lines[10].ends_with("from (9,2)"),
        "{astar}"
    );
    // Each algorithm's own tie rule: none for BFS's queue, g for greedy search, h for A*.
    for heading in [
        "BFS: 47 expansions (open list: the order generated (a FIFO queue: no ties to break))",
        "Dijkstra: ",
        "(open list: g, then the last stored)",
        "Greedy best-first: 11 expansions (open list: h, then the smaller g, then the last stored)",
    ] {
        assert!(text.contains(heading), "{heading:?} in:\n{text}");
    }
    let fifo = stdout(&run("maze", &[]));
    assert!(
        fifo.contains("open lists, best first (--tie-break fifo):")
            && fifo.contains("Greedy best-first  h, then the smaller g, then the first stored"),
        "{fifo}"
    );
}

#[test]
fn the_puzzle_trace_gives_each_node_its_parent() {
    let output = run("puzzle", &["--quiet", "--trace", "1", "1 2 3 4 0 6 7 5 8"]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(
        text.contains("step 1: expanded [1 2 3 4 0 6 7 5 8] g=0 h=2 f=2  start"),
        "{text}"
    );
    assert!(
        text.contains("[1 2 3 4 5 6 7 0 8] g=1 h=1 f=2  parent [1 2 3 4 0 6 7 5 8]"),
        "{text}"
    );
}

/// A 4 × 3 open map and one scenario across it, in a fresh directory.
fn tiny_scenario(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("informed-cli-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    std::fs::write(
        dir.join("tiny.map"),
        "type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n",
    )
    .expect("writes the map");
    let scenarios = dir.join("tiny.map.scen");
    std::fs::write(
        &scenarios,
        "version 1\n0\ttiny.map\t4\t3\t0\t0\t3\t2\t3.82842712\n",
    )
    .expect("writes the scenarios");
    scenarios
}

#[test]
fn movingai_is_quiet_on_stderr_when_it_is_not_a_terminal() {
    let scenarios = tiny_scenario("pipe");
    let output = run("movingai", &[scenarios.to_str().expect("a UTF-8 path")]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).contains("1 problems, 1 solved, 0 mismatches"),
        "{output:?}"
    );
    assert_eq!(stderr(&output), "", "progress written to a pipe");
}

#[test]
fn movingai_shows_progress_on_a_terminal() {
    // `script` (util-linux) runs the example on a pseudo-terminal.
    let script = Command::new("script").arg("--version").output();
    if !script.is_ok_and(|o| o.status.success()) {
        println!("skipped: no `script` to make a terminal with");
        return;
    }
    let scenarios = tiny_scenario("terminal");
    let binary = examples().get("movingai").expect("built");
    let command = format!("'{}' '{}'", binary.display(), scenarios.display());
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("script runs");
    if !output.status.success() {
        println!("skipped: `script` could not run a terminal here: {output:?}");
        return;
    }
    let text = stdout(&output);
    assert!(
        text.contains("\rfile 1/1 tiny.map.scen: scenario 1/1, 0 mismatches"),
        "{text:?}"
    );
    assert!(text.contains("1 problems, 1 solved"), "{text:?}");
}
