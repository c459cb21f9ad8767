//! Runs every scenario of Moving AI `.map.scen` files and checks each cost against the
//! scenario's optimal length.
//!
//! ```text
//! cargo run --release --example movingai -- ../shared/data/movingai/dao/arena2.map.scen
//! cargo run --release --example movingai -- ../shared/data/movingai        # every file below
//! cargo run --release --example movingai -- FILE.map.scen --algorithm dijkstra --json
//! cargo run --release --example movingai -- --algorithm jps       # jump point search
//! cargo run --release --example movingai -- --algorithm jps+      # JPS+, with a jump table
//! cargo run --release --example movingai -- FILE.map.scen --svg search.svg --scenario 700
//! cargo run --release --example movingai -- FILE.map.scen --html replay.html --scenario 700
//! ```
//!
//! Movement is 8-connected without corner cutting (the benchmarks' rule), with the octile
//! heuristic. The map is read from beside each scenario file unless `--map` is given. Prints a
//! summary per file and overall; exits 1 on any mismatch. With no path given, runs every file
//! under `../shared/data/movingai`, or says it skipped if that is absent.

mod common;

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;

use common::{Cli, Long, Value, millis};
use informed::grid::{Grid, JumpPointSearcher, JumpTable, Picture, Recorder, Replay, Scenario};
use informed::{Algorithm, Search, UnknownAlgorithm};

/// The search to run: one of the crate's algorithms, or jump point search.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Choice {
    Engine(Algorithm),
    /// JPS, block-based jumps.
    Jps,
    /// JPS+, jumps read from a table built for each map first.
    JpsPlus,
}

impl FromStr for Choice {
    type Err = UnknownAlgorithm;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "jps" => Choice::Jps,
            "jps+" | "jps-plus" => Choice::JpsPlus,
            _ => Choice::Engine(s.parse()?),
        })
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Engine(algorithm) => algorithm.fmt(f),
            Choice::Jps => f.write_str("jps"),
            Choice::JpsPlus => f.write_str("jps+"),
        }
    }
}

#[derive(Default)]
struct Tally {
    problems: usize,
    solved: usize,
    mismatches: usize,
    no_path: usize,
    expanded: u64,
    millis: f64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.problems += other.problems;
        self.solved += other.solved;
        self.mismatches += other.mismatches;
        self.no_path += other.no_path;
        self.expanded += other.expanded;
        self.millis += other.millis;
    }

    fn line(&self) -> String {
        format!(
            "{} problems, {} solved, {} mismatches, {} no-path, {} expanded, {:.1} ms",
            self.problems, self.solved, self.mismatches, self.no_path, self.expanded, self.millis
        )
    }
}

const USAGE: &str = "movingai [--algorithm A] [--json] [--map FILE] [--svg FILE] [--html FILE] [--scenario K] [PATH...]";
const HELP: &str = "\
Runs every scenario of Moving AI .map.scen files (PATH: a file, or a directory searched
recursively; default: ../shared/data/movingai) and checks each cost against the scenario's.

Flags:
  --algorithm A   the search: bfs, dijkstra, greedy, astar, ..., or jps (jump point
                  search), jps+ (JPS with a jump table built for each map) (default: astar)
  --json          one JSON line per scenario instead of a summary per file (default: off)
  --map FILE      the map of every scenario (default: the file the scenario names, beside it)
  --svg FILE      draw Dijkstra and the algorithm on one scenario of the first file, as SVG;
                  for jps and jps+, A* and the jump points with the jumps between them
                  (default: none)
  --html FILE     write a page that replays the same two searches on that scenario
                  (default: none)
  --scenario K    the scenario --svg and --html show, counted from 0 (default: 0)
  -h, --help      this text

Exit status: 0 if every cost matched, 1 on a mismatch, 2 on a usage or input error.
";

/// The command line.
struct Options {
    algorithm: Choice,
    json: bool,
    map: Option<PathBuf>,
    svg: Option<String>,
    html: Option<String>,
    scenario: usize,
    roots: Vec<PathBuf>,
}

impl Options {
    fn parse() -> Options {
        let mut options = Options {
            algorithm: Choice::Engine(Algorithm::AStar),
            json: false,
            map: None,
            svg: None,
            html: None,
            scenario: 0,
            roots: Vec::new(),
        };
        let mut cli = Cli::new("movingai", USAGE, HELP);
        let usage = cli.usage();
        while let Some(arg) = cli.next() {
            match arg {
                Long("algorithm") => options.algorithm = cli.value("algorithm"),
                Long("json") => options.json = true,
                Long("map") => options.map = Some(PathBuf::from(cli.string("map"))),
                Long("svg") => options.svg = Some(cli.string("svg")),
                Long("html") => options.html = Some(cli.string("html")),
                Long("scenario") => options.scenario = cli.value("scenario"),
                Value(path) => options.roots.push(PathBuf::from(path)),
                other => usage.reject(other.unexpected()),
            }
        }
        options
    }
}

fn main() {
    let options = Options::parse();
    match run(&options) {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(message) => {
            eprintln!("movingai: {message}");
            std::process::exit(2);
        }
    }
}

/// Every `.map.scen` file at `path` (a file, or a directory searched recursively), sorted.
fn scenario_files(path: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut children: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        children.sort();
        for child in children {
            scenario_files(&child, found)?;
        }
    } else if path.to_string_lossy().ends_with(".map.scen") {
        found.push(path.to_owned());
    } else if !path.exists() {
        return Err(format!("{}: no such file or directory", path.display()));
    }
    Ok(())
}

fn run(options: &Options) -> Result<bool, String> {
    let algorithm = options.algorithm;
    let json = options.json;
    let mut roots = options.roots.clone();
    if roots.is_empty() {
        match common::shared_data() {
            Some(data) => roots.push(data.join("movingai")),
            None => {
                println!("skipped: no scenario files given and ../shared/data is absent");
                return Ok(true);
            }
        }
    }
    let mut files = Vec::new();
    for root in &roots {
        scenario_files(root, &mut files)?;
    }
    if files.is_empty() {
        return Err("no .map.scen files found".into());
    }

    let mut total = Tally::default();
    // "file 2/15 arena.map.scen: scenario 130/160, 0 mismatches" on stderr, if a terminal.
    let mut progress = common::Progress::on_terminal();
    for (number, file) in files.iter().enumerate() {
        // The loaders read a file whole: a device that never ends (`/dev/zero`) is refused
        // first, as it would be read until memory ran out.
        common::regular_file(file)?;
        let scenarios = Scenario::load_all(file).map_err(|e| e.to_string())?;
        let Some(first) = scenarios.first() else {
            continue;
        };
        let map_path = match &options.map {
            Some(map) => map.clone(),
            None => {
                let name = Path::new(first.map())
                    .file_name()
                    .ok_or("a scenario names no map")?;
                file.parent().unwrap_or(Path::new(".")).join(name)
            }
        };
        common::regular_file(&map_path)?;
        let grid = Grid::load_map(&map_path).map_err(|e| e.to_string())?;
        let table = match algorithm {
            Choice::JpsPlus => {
                let started = Instant::now();
                let table = JumpTable::build(&grid).map_err(|e| e.to_string())?;
                if !json {
                    println!(
                        "{}: jump table built in {:.1} ms, {:.1} MiB",
                        map_path.display(),
                        millis(started),
                        table.bytes() as f64 / f64::from(1 << 20)
                    );
                }
                Some(table)
            }
            _ => None,
        };
        let mut jps = match table {
            Some(table) => {
                JumpPointSearcher::with_table(&grid, table).map_err(|e| e.to_string())?
            }
            None => JumpPointSearcher::new(&grid),
        };
        let mut tally = Tally::default();
        for (index, scenario) in scenarios.iter().enumerate() {
            progress.update(|| {
                let name = file.file_name().unwrap_or_default().to_string_lossy();
                format!(
                    "file {}/{} {name}: scenario {}/{}, {} mismatches",
                    number + 1,
                    files.len(),
                    index + 1,
                    scenarios.len(),
                    total.mismatches + tally.mismatches
                )
            });
            tally.problems += 1;
            let problem = scenario.problem(&grid).map_err(|e| e.to_string())?;
            let started = Instant::now();
            let outcome = match algorithm {
                Choice::Engine(algorithm) => {
                    Search::new(&problem).run_with(algorithm, problem.octile())
                }
                Choice::Jps | Choice::JpsPlus => jps.search(&problem),
            };
            let time = millis(started);
            tally.millis += time;
            let (cost, stats) = match &outcome {
                Ok(solution) => (Some(solution.cost()), solution.stats()),
                Err(error) if error.is_no_path() => (None, error.stats()),
                Err(error) => return Err(format!("{}: scenario {index}: {error}", file.display())),
            };
            tally.expanded += stats.expanded;
            let ok = scenario.accepts(cost);
            match (cost, ok) {
                (Some(_), true) => tally.solved += 1,
                (None, true) => tally.no_path += 1,
                (_, false) => {
                    tally.mismatches += 1;
                    progress.clear();
                    eprintln!(
                        "mismatch: {} scenario {index} {} → {}: got {cost:?}, expected {}",
                        file.display(),
                        scenario.start(),
                        scenario.goal(),
                        scenario.optimal()
                    );
                }
            }
            if json {
                let mut line = serde_json::json!({
                    "file": file.display().to_string(),
                    "scenario": index,
                    "algorithm": algorithm.to_string(),
                    "optimal": common::number(scenario.optimal()),
                    "ok": ok,
                });
                match &outcome {
                    Ok(solution) => {
                        line["cost"] = common::number(solution.cost());
                        line["steps"] = solution.steps().into();
                    }
                    Err(error) => line["error"] = error.to_string().into(),
                }
                progress.clear();
                common::print_json_line(
                    line,
                    Some(stats),
                    serde_json::json!({ "time_ms": common::number(time) }),
                );
            }
        }
        progress.clear();
        if !json {
            println!("{}: {}", file.display(), tally.line());
        }
        if let (Some(svg), true) = (&options.svg, total.problems == 0) {
            let k = options.scenario;
            let scenario = scenarios.get(k).ok_or_else(|| {
                format!("--scenario {k}: the file has {} scenarios", scenarios.len())
            })?;
            draw(&grid, scenario, algorithm, &mut jps, svg)?;
            if !json {
                println!("wrote {svg} (scenario {k})");
            }
        }
        if let (Some(html), true) = (&options.html, total.problems == 0) {
            let k = options.scenario;
            let scenario = scenarios.get(k).ok_or_else(|| {
                format!("--scenario {k}: the file has {} scenarios", scenarios.len())
            })?;
            let problem = scenario.problem(&grid).map_err(|e| e.to_string())?;
            let replay = match algorithm {
                Choice::Engine(algorithm) => {
                    Replay::new().run(problem, &[Algorithm::Dijkstra, algorithm], problem.octile())
                }
                // A*'s band of expanded cells beside JPS's jump points.
                Choice::Jps | Choice::JpsPlus => Replay::new()
                    .run(problem, &[Algorithm::AStar], problem.octile())
                    .and_then(|replay| replay.jps(&problem, &mut jps)),
            }
            .map_err(|e| e.to_string())?;
            replay
                .write_html(html)
                .map_err(|e| format!("cannot write {html}: {e}"))?;
            if !json {
                println!("wrote {html} (scenario {k})");
            }
        }
        total.add(&tally);
    }
    if !json && files.len() > 1 {
        println!("all {} files: {}", files.len(), total.line());
    }
    Ok(total.mismatches == 0)
}

/// Dijkstra next to the chosen algorithm on one scenario, as SVG.
fn draw(
    grid: &Grid,
    scenario: &Scenario,
    algorithm: Choice,
    jps: &mut JumpPointSearcher,
    file: &str,
) -> Result<(), String> {
    let problem = scenario.problem(grid).map_err(|e| e.to_string())?;
    let mut recorders = [Recorder::new(), Recorder::new()];
    let mut pictures = Vec::new();
    // Dijkstra's flood beside an engine's search; A*'s band beside JPS's jump points.
    let first = match algorithm {
        Choice::Engine(_) => Algorithm::Dijkstra,
        Choice::Jps | Choice::JpsPlus => Algorithm::AStar,
    };
    for (recorder, algorithm) in recorders.iter_mut().zip([Choice::Engine(first), algorithm]) {
        let search = Search::new(&problem).observer(&mut *recorder);
        let outcome = match algorithm {
            Choice::Engine(algorithm) => search.run_with(algorithm, problem.octile()),
            Choice::Jps | Choice::JpsPlus => search.jps_in(jps),
        };
        let path = outcome
            .as_ref()
            .map(|s| s.path().to_vec())
            .unwrap_or_default();
        let cost = outcome.as_ref().ok().map(|s| s.cost());
        let stats = outcome.map_or_else(|e| e.stats(), |s| s.stats());
        pictures.push((path, algorithm, cost, stats));
    }
    let cell = (900.0 / f64::from(grid.width().max(grid.height()))).clamp(0.5, 40.0);
    let drawn: Vec<Picture<'_>> = recorders
        .iter()
        .zip(&pictures)
        .map(|(recorder, (path, algorithm, cost, stats))| {
            Picture::new(grid)
                .search(recorder, None)
                .path(path)
                .endpoints(scenario.start(), scenario.goal())
                .summary(algorithm, *cost, *stats)
        })
        .collect();
    std::fs::write(file, Picture::side_by_side_svg(&drawn, cell))
        .map_err(|e| format!("cannot write {file}: {e}"))
}
