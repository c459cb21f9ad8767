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
const FLAGS: [(&str, &[&str]); 8] = [
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
        &[
            "--queries",
            "--seed",
            "--landmarks",
            "--json",
            "--html",
            "--query",
        ],
    ),
    ("custom", &["--json", "--trace", "--html", "--svg"]),
    ("unknown_map", &["--scenarios", "--json"]),
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
            "expanded_before_last_layer",
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

/// What an example run for a bounded time gave: its output so far, and its exit status if it
/// ended by itself.
struct Bounded {
    stdout: String,
    stderr: String,
    status: Option<std::process::ExitStatus>,
}

/// The most output of a bounded run kept for the assertions; the rest is read and dropped.
const KEPT: usize = 1 << 20;

/// Runs example `name` with `args` until `enough` holds for its output so far, it exits, or
/// `seconds` pass, then kills it if it is still running: an example that hangs, or builds a
/// huge answer before printing any of it, fails the test instead of stalling it.
fn run_bounded(name: &str, args: &[&str], seconds: u64, enough: impl Fn(&str) -> bool) -> Bounded {
    use std::io::Read;
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let path = examples()
        .get(name)
        .unwrap_or_else(|| panic!("no example {name} was built"));
    let mut child = Command::new(path)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example runs");
    let (chunks, received) = mpsc::channel();
    let mut out = child.stdout.take().expect("a stdout pipe");
    let reader = std::thread::spawn(move || {
        let mut buffer = [0; 8192];
        while let Ok(read @ 1..) = out.read(&mut buffer) {
            if chunks.send(buffer[..read].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut err = child.stderr.take().expect("a stderr pipe");
    let errors = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let _ = (&mut err).take(KEPT as u64).read_to_end(&mut kept);
        let _ = std::io::copy(&mut err, &mut std::io::sink());
        String::from_utf8_lossy(&kept).into_owned()
    });
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut stdout = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match received.recv_timeout(left) {
            Ok(chunk) => {
                let room = KEPT.saturating_sub(stdout.len());
                stdout.extend_from_slice(&chunk[..chunk.len().min(room)]);
                if enough(&String::from_utf8_lossy(&stdout)) {
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => break,
            // Its stdout is closed: it is ending, or has ended.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                while Instant::now() < deadline {
                    if child.try_wait().expect("a status").is_some() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                break;
            }
        }
    }
    let status = child.try_wait().expect("a status");
    if status.is_none() {
        let _ = child.kill();
    }
    let _ = child.wait();
    drop(received);
    let _ = reader.join();
    Bounded {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: errors.join().expect("stderr read"),
        status,
    }
}

/// Lines of `text` that start with `prefix`.
fn count_lines(text: &str, prefix: &str) -> usize {
    text.lines().filter(|line| line.starts_with(prefix)).count()
}

/// `--random 1000000000000` built every board before solving the first, and aborted at about
/// 5 GB; boards are now made and solved one at a time.
#[test]
fn puzzle_random_boards_are_solved_as_they_are_made() {
    let run = run_bounded(
        "puzzle",
        &["--quiet", "--random", "1000000000000"],
        60,
        |out| count_lines(out, "board ") >= 3,
    );
    assert!(
        count_lines(&run.stdout, "board ") >= 3,
        "no boards solved within a minute: {:?}, stderr {}",
        run.status,
        run.stderr
    );
}

/// `--trace 1000000` built its O(N²) listing in one string (4 GB, and no output); it is now
/// written step by step.
#[test]
fn puzzle_trace_is_written_as_it_is_made() {
    let args = [
        "--quiet",
        "--algorithm",
        "bfs",
        "--trace",
        "1000000",
        "8 6 7 2 5 4 3 0 1",
    ];
    let run = run_bounded("puzzle", &args, 60, |out| {
        out.contains("\nstep 3: expanded")
    });
    assert!(
        run.stdout
            .starts_with("step 1: expanded [8 6 7 2 5 4 3 0 1] g=0"),
        "no trace within a minute: {:?}, stderr {}",
        run.status,
        run.stderr
    );
    assert!(
        run.stdout.contains("\nstep 3: expanded"),
        "{:?}",
        run.status
    );
}

/// `--paths 1000000000000` ran Yen's algorithm for a trillion paths before printing one; the
/// paths are now shown as they are found.
#[test]
fn puzzle_paths_are_listed_as_they_are_found() {
    let listed = |out: &str| {
        out.lines()
            .filter(|line| line.starts_with("  ") && line.contains(" moves: "))
            .count()
    };
    let args = ["--quiet", "--paths", "1000000000000", "1 2 3 4 5 6 0 7 8"];
    let run = run_bounded("puzzle", &args, 60, |out| listed(out) >= 4);
    assert!(
        listed(&run.stdout) >= 4,
        "fewer than 4 paths within a minute: {:?}\n{}\nstderr {}",
        run.status,
        run.stdout,
        run.stderr
    );
    assert!(
        run.stdout.contains(
            "the cheapest loopless solutions (at most 1000000000000):\n    2 moves: 7← 8←\n"
        ),
        "{}",
        run.stdout
    );
}

/// `--file /dev/zero` read 4 GB before failing; a file is now read a line at a time, and its
/// first line that is no text ends the run with the file, the line and what was wrong.
#[test]
fn puzzle_files_are_read_a_line_at_a_time_and_stop_at_the_first_bad_line() {
    if std::path::Path::new("/dev/zero").exists() {
        let run = run_bounded("puzzle", &["--file", "/dev/zero"], 30, |_| false);
        assert_eq!(run.status.and_then(|s| s.code()), Some(2), "{}", run.stderr);
        assert!(
            run.stderr
                .contains("/dev/zero:1: the line is longer than 65536 bytes"),
            "{}",
            run.stderr
        );
    }
    let dir = std::env::temp_dir().join(format!("informed-cli-{}-lines", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("boards.txt");
    std::fs::write(
        &file,
        b"# two boards, then no text\r\n1 2 3 4 5 6 7 0 8\r\n\n\xff\xfe\n1 2 3 4 5 6 0 7 8\n",
    )
    .expect("writes the boards");
    let output = run(
        "puzzle",
        &["--quiet", "--file", file.to_str().expect("UTF-8")],
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(count_lines(&stdout(&output), "board "), 1, "{output:?}");
    assert!(
        stderr(&output).contains("boards.txt:4: the line is not UTF-8 text"),
        "{output:?}"
    );
}

/// Devices that never end (`/dev/zero`) given as a map, a scenario file or a road network were
/// read whole by the loaders, until memory ran out; the examples now refuse them at once.
#[cfg(unix)]
#[test]
fn movingai_and_roads_refuse_a_device_that_never_ends() {
    if !std::path::Path::new("/dev/zero").exists() {
        println!("skipped: no /dev/zero");
        return;
    }
    let scenarios = tiny_scenario("device");
    let dir = scenarios.parent().expect("a directory");
    let zero = |name: &str| {
        let link = dir.join(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("/dev/zero", &link).expect("a symbolic link");
        link.to_str().expect("UTF-8").to_owned()
    };
    let (scenario, network) = (zero("zero.map.scen"), zero("zero.cnode"));
    zero("zero.cedge");
    let network = network.trim_end_matches(".cnode");
    let cases: [(&str, Vec<&str>); 3] = [
        ("movingai", vec![scenario.as_str()]),
        (
            "movingai",
            vec!["--map", "/dev/zero", scenarios.to_str().expect("UTF-8")],
        ),
        ("roads", vec![network]),
    ];
    for (name, args) in cases {
        let run = run_bounded(name, &args, 30, |_| false);
        assert_eq!(
            run.status.and_then(|s| s.code()),
            Some(2),
            "{name} {args:?}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("not a regular file"),
            "{name} {args:?}: {}",
            run.stderr
        );
    }
}

/// `roads --landmarks K` runs ALT beside Dijkstra and A* on every query, with the same costs,
/// and names it in each JSON line; on a network written here (a 6×6 grid of roads, each 1.5
/// long), so that it runs without the shared data.
#[test]
fn roads_runs_landmarks_beside_dijkstra_and_astar() {
    let dir = std::env::temp_dir().join(format!("informed-cli-{}-landmarks", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (mut nodes, mut edges) = (String::new(), String::new());
    let side = 6;
    for n in 0..side * side {
        nodes += &format!("{n} {}.0 {}.0\n", n % side, n / side);
        if n % side + 1 < side {
            edges += &format!("{} {n} {} 1.5\n", edges.lines().count(), n + 1);
        }
        if n + side < side * side {
            edges += &format!("{} {n} {} 1.5\n", edges.lines().count(), n + side);
        }
    }
    let base = dir.join("grid");
    std::fs::write(base.with_extension("cnode"), nodes).expect("writes the nodes");
    std::fs::write(base.with_extension("cedge"), edges).expect("writes the edges");
    let network = base.to_str().expect("UTF-8");
    let output = run("roads", &["--queries", "30", "--landmarks", "3", network]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(
        text.contains("3 landmarks by farthest-point selection"),
        "{text}"
    );
    assert!(text.contains("30 queries: 30 agree"), "{text}");
    assert!(text.contains("alt expands"), "{text}");
    let output = run(
        "roads",
        &["--queries", "4", "--landmarks", "2", "--json", network],
    );
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert_eq!(count_lines(&text, "{"), 12, "{text}");
    assert_eq!(text.matches("\"algorithm\":\"alt\"").count(), 4, "{text}");

    // A reader that stops reading (`roads --json | head -1`) ends the run quietly: it once
    // panicked on the closed pipe.
    use std::io::{BufRead, Read};
    let mut child = Command::new(examples().get("roads").expect("roads was built"))
        .args(["--queries", "100000", "--json", network])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("roads runs");
    let mut first = String::new();
    let mut reader = std::io::BufReader::new(child.stdout.take().expect("piped"));
    reader.read_line(&mut first).expect("a line");
    assert!(first.starts_with('{'), "{first}");
    drop(reader);
    let status = child.wait().expect("roads ends");
    let mut errors = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut errors)
        .expect("stderr");
    assert_eq!(status.code(), Some(0), "{errors}");
    assert!(!errors.contains("panicked"), "{errors}");
}

/// `unknown_map` walks an agent across a map it discovers, with D* Lite and A* from scratch,
/// and fails if a D* Lite plan ever costs more than A*'s; on a map and scenarios written here
/// (a wall with a gap the agent only sees when it is near), so that it runs without the data.
#[test]
fn an_agent_replans_with_d_star_lite_as_a_star_would() {
    let dir = std::env::temp_dir().join(format!("informed-cli-{}-unknown", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let mut rows = Vec::new();
    for y in 0..12 {
        let row: String = (0..12)
            .map(|x| if x == 6 && y != 10 { '@' } else { '.' })
            .collect();
        rows.push(row);
    }
    let map = format!(
        "type octile\nheight 12\nwidth 12\nmap\n{}\n",
        rows.join("\n")
    );
    std::fs::write(dir.join("wall.map"), map).expect("writes the map");
    let scenarios = "version 1\n\
        0\twall.map\t12\t12\t1\t1\t11\t1\t18.24264069\n\
        0\twall.map\t12\t12\t0\t5\t11\t6\t15.65685425\n";
    let file = dir.join("wall.map.scen");
    std::fs::write(&file, scenarios).expect("writes the scenarios");
    let output = run("unknown_map", &[file.to_str().expect("UTF-8")]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(text.contains("wall"), "{text}");
    let output = run("unknown_map", &["--json", file.to_str().expect("UTF-8")]);
    let text = stdout(&output);
    assert!(text.contains("\"scenarios\":2"), "{text}");
}
