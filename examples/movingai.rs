//! Runs every scenario of Moving AI `.map.scen` files and checks each cost against the
//! scenario's optimal length.
//!
//! ```text
//! cargo run --release --example movingai -- ../shared/data/movingai/dao/arena2.map.scen
//! cargo run --release --example movingai -- ../shared/data/movingai        # every file below
//! cargo run --release --example movingai -- FILE.map.scen --algorithm dijkstra --json
//! cargo run --release --example movingai -- FILE.map.scen --svg search.svg --scenario 700
//! cargo run --release --example movingai -- FILE.map.scen --html replay.html --scenario 700
//! ```
//!
//! Movement is 8-connected without corner cutting (the benchmarks' rule), with the octile
//! heuristic. The map is read from beside each scenario file unless `--map` is given. Prints a
//! summary per file and overall; exits 1 on any mismatch. With no path given, runs every file
//! under `../shared/data/movingai`, or says it skipped if that is absent.

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::{Args, Json, millis};
use informed::grid::{Grid, Picture, Recorder, Replay, Scenario};
use informed::{Algorithm, Search};

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

fn main() {
    match run() {
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

fn run() -> Result<bool, String> {
    let args = Args::parse(&["json"])?;
    let algorithm: Algorithm = args
        .get("algorithm")
        .unwrap_or("astar")
        .parse()
        .map_err(|e| format!("--algorithm: {e}"))?;
    let json = args.has("json");
    let mut roots: Vec<PathBuf> = args.positional.iter().map(PathBuf::from).collect();
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
    for file in &files {
        let scenarios = Scenario::load_all(file).map_err(|e| e.to_string())?;
        let Some(first) = scenarios.first() else {
            continue;
        };
        let map_path = match args.get("map") {
            Some(map) => PathBuf::from(map),
            None => {
                let name = Path::new(first.map())
                    .file_name()
                    .ok_or("a scenario names no map")?;
                file.parent().unwrap_or(Path::new(".")).join(name)
            }
        };
        let grid = Grid::load_map(&map_path).map_err(|e| e.to_string())?;
        let mut tally = Tally::default();
        for (index, scenario) in scenarios.iter().enumerate() {
            tally.problems += 1;
            let problem = scenario.problem(&grid).map_err(|e| e.to_string())?;
            let started = Instant::now();
            let outcome = Search::new(&problem).run(algorithm, problem.octile());
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
                let mut line = Json::new()
                    .text("file", &file.display().to_string())
                    .integer("scenario", index as u64)
                    .text("algorithm", &algorithm.to_string())
                    .number("optimal", scenario.optimal())
                    .boolean("ok", ok);
                line = match &outcome {
                    Ok(solution) => line
                        .number("cost", solution.cost())
                        .integer("steps", solution.steps() as u64),
                    Err(error) => line.text("error", &error.to_string()),
                };
                line.stats(stats).number("time_ms", time).print();
            }
        }
        if !json {
            println!("{}: {}", file.display(), tally.line());
        }
        if let (Some(svg), true) = (args.get("svg"), total.problems == 0) {
            let k: usize = args.parse_or("scenario", 0)?;
            let scenario = scenarios.get(k).ok_or_else(|| {
                format!("--scenario {k}: the file has {} scenarios", scenarios.len())
            })?;
            draw(&grid, scenario, algorithm, svg)?;
            if !json {
                println!("wrote {svg} (scenario {k})");
            }
        }
        if let (Some(html), true) = (args.get("html"), total.problems == 0) {
            let k: usize = args.parse_or("scenario", 0)?;
            let scenario = scenarios.get(k).ok_or_else(|| {
                format!("--scenario {k}: the file has {} scenarios", scenarios.len())
            })?;
            let problem = scenario.problem(&grid).map_err(|e| e.to_string())?;
            Replay::new()
                .run(problem, &[Algorithm::Dijkstra, algorithm], problem.octile())
                .map_err(|e| e.to_string())?
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
fn draw(grid: &Grid, scenario: &Scenario, algorithm: Algorithm, file: &str) -> Result<(), String> {
    let problem = scenario.problem(grid).map_err(|e| e.to_string())?;
    let mut recorders = [Recorder::new(), Recorder::new()];
    let mut pictures = Vec::new();
    for (recorder, algorithm) in recorders.iter_mut().zip([Algorithm::Dijkstra, algorithm]) {
        let outcome = Search::new(&problem)
            .observer(&mut *recorder)
            .run(algorithm, problem.octile());
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
