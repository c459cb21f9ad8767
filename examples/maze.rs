//! BFS, Dijkstra, greedy best-first and A* on one small maze, side by side: which cells each
//! expanded, the path it found, and what it cost.
//!
//! ```text
//! cargo run --release --example maze                       # pictures in the terminal
//! cargo run --release --example maze -- --svg maze.svg     # Dijkstra and A* as an SVG picture
//! cargo run --release --example maze -- --svg maze.svg --after 10   # ... after 10 expansions
//! cargo run --release --example maze -- --html maze.html   # Dijkstra and A*, replayed in a browser
//! cargo run --release --example maze -- --json             # one JSON line per algorithm
//! cargo run --release --example maze -- --trace --tie-break lifo    # every expansion, LIFO ties
//! ```
//!
//! The maze is 11 × 7, 4-connected with unit steps. Coordinates (x, y) count from the
//! bottom-left cell (0, 0): start (1, 3), goal (9, 3). Every search ranks ties of its priority
//! toward the smaller estimate h, then by `--tie-break`: with LIFO, A* expands 11 cells, as in
//! the classic lecture walk-through; with the default FIFO, 12.

mod common;

use std::collections::HashMap;
use std::time::Instant;

use common::{Cli, Long, Value, millis};
use informed::grid::{Cell, Grid, Movement, Picture, Recorder, Replay};
use informed::{Algorithm, Event, Observer, Search, TieBreak};

const USAGE: &str =
    "maze [--json] [--svg FILE] [--after K] [--html FILE] [--trace] [--tie-break fifo|lifo]";
const HELP: &str = "\
BFS, Dijkstra, greedy best-first and A* on one 11×7 maze, side by side.

Flags:
  --json                 one JSON line per algorithm instead of pictures (default: pictures)
  --svg FILE             also draw Dijkstra and A* as an SVG picture in FILE (default: none)
  --after K              show the searches as they stood after K expansions (default: at the end)
  --html FILE            write a page that replays Dijkstra and A* side by side (default: none)
  --trace                list every expansion: the cell, g, h, f and its parent (default: off)
  --tie-break fifo|lifo  the order among states of equal f and h (default: fifo)
  -h, --help             this text
";

/// The command line.
struct Options {
    json: bool,
    svg: Option<String>,
    html: Option<String>,
    after: Option<usize>,
    trace: bool,
    tie_break: TieBreak,
}

impl Options {
    fn parse() -> Options {
        let mut options = Options {
            json: false,
            svg: None,
            html: None,
            after: None,
            trace: false,
            tie_break: TieBreak::Fifo,
        };
        let mut cli = Cli::new("maze", USAGE, HELP);
        let usage = cli.usage();
        while let Some(arg) = cli.next() {
            match arg {
                Long("json") => options.json = true,
                Long("svg") => options.svg = Some(cli.string("svg")),
                Long("html") => options.html = Some(cli.string("html")),
                Long("after") => options.after = Some(cli.value("after")),
                Long("trace") => options.trace = true,
                Long("tie-break") => {
                    options.tie_break = match cli.string("tie-break").as_str() {
                        "fifo" => TieBreak::Fifo,
                        "lifo" => TieBreak::Lifo,
                        other => cli.usage_error(format!(
                            "--tie-break: cannot read {other:?}: expected fifo or lifo"
                        )),
                    }
                }
                Value(value) => {
                    let value = cli.positional(value);
                    cli.usage_error(format!("unexpected argument {value:?}"))
                }
                other => usage.reject(other.unexpected()),
            }
        }
        options
    }
}

/// The name of a tie-break, as the output shows it.
fn tie_break_name(tie_break: TieBreak) -> &'static str {
    match tie_break {
        TieBreak::Lifo => "lifo",
        _ => "fifo",
    }
}

const WIDTH: u32 = 11;
const HEIGHT: u32 = 7;
const START: (u32, u32) = (1, 3);
const GOAL: (u32, u32) = (9, 3);
const WALLS: [(u32, u32); 10] = [
    (4, 0),
    (4, 1),
    (3, 5),
    (3, 6),
    (6, 3),
    (6, 4),
    (6, 5),
    (6, 6),
    (8, 0),
    (8, 1),
];

/// The grid cell of maze coordinates (y counted upwards from the bottom row).
fn cell((x, y): (u32, u32)) -> Cell {
    Cell::new(x, HEIGHT - 1 - y)
}

/// Maze coordinates of a grid cell.
fn coordinates(cell: Cell) -> (u32, u32) {
    (cell.x, HEIGHT - 1 - cell.y)
}

/// One algorithm's search of the maze: what it expanded, in order, and what it found.
struct Run {
    algorithm: Algorithm,
    recorder: Recorder,
    trace: Trace,
    solution: informed::Solution<Cell, f64>,
    millis: f64,
}

fn main() {
    let options = Options::parse();
    if let Err(message) = run(&options) {
        eprintln!("maze: {message}");
        std::process::exit(2);
    }
}

fn maze() -> Grid {
    let mut grid = Grid::new(WIDTH, HEIGHT);
    for wall in WALLS {
        grid.set_free(cell(wall), false);
    }
    grid
}

/// BFS, Dijkstra, greedy best-first and A* on `grid`, each recorded.
fn search_all(grid: &Grid, tie_break: TieBreak) -> Result<Vec<Run>, String> {
    let problem = grid
        .problem(cell(START), cell(GOAL), Movement::Four)
        .map_err(|e| e.to_string())?;
    let mut runs = Vec::new();
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
    ] {
        let mut watcher = Watcher {
            recorder: Recorder::new(),
            trace: Trace::default(),
        };
        let started = Instant::now();
        let solution = Search::new(&problem)
            .tie_break(tie_break)
            .observer(&mut watcher)
            .run_with(algorithm, problem.manhattan())
            .map_err(|e| format!("{algorithm}: {e}"))?;
        runs.push(Run {
            algorithm,
            recorder: watcher.recorder,
            trace: watcher.trace,
            solution,
            millis: millis(started),
        });
    }
    Ok(runs)
}

fn run(options: &Options) -> Result<(), String> {
    let grid = maze();
    let runs = search_all(&grid, options.tie_break)?;
    let ties = tie_break_name(options.tie_break);

    if options.json {
        print_json(&runs, ties);
    } else {
        print_side_by_side(&grid, &runs, options.after);
        println!("ties: toward the smaller h, then {ties} (--tie-break)");
    }
    if options.trace && !options.json {
        for run in &runs {
            println!();
            println!(
                "{} (ties: smaller h, then {ties}): {} expansions",
                name(run.algorithm),
                run.trace.expansions.len()
            );
            print!("{}", run.trace.listing());
        }
    }
    if let Some(file) = &options.html {
        let problem = grid
            .problem(cell(START), cell(GOAL), Movement::Four)
            .map_err(|e| e.to_string())?;
        Replay::new()
            .run(
                problem,
                &[Algorithm::Dijkstra, Algorithm::AStar],
                problem.manhattan(),
            )
            .map_err(|e| e.to_string())?
            .write_html(file)
            .map_err(|e| format!("cannot write {file}: {e}"))?;
        if !options.json {
            println!("wrote {file}");
        }
    }
    if let Some(file) = &options.svg {
        write_svg(&grid, &runs, options.after, file)?;
        if !options.json {
            println!("wrote {file}");
        }
    }
    Ok(())
}

/// One JSON line per algorithm: the algorithm, the tie-break, the cost, every `Stats` field,
/// the time and the path as `[x, y]` pairs.
fn print_json(runs: &[Run], ties: &str) {
    for run in runs {
        let path: Vec<[u32; 2]> = run
            .solution
            .path()
            .iter()
            .map(|&c| {
                let (x, y) = coordinates(c);
                [x, y]
            })
            .collect();
        common::print_json_line(
            serde_json::json!({
                "algorithm": run.algorithm.to_string(),
                "tie_break": ties,
                "cost": run.solution.cost(),
                "steps": run.solution.steps(),
            }),
            Some(run.solution.stats()),
            serde_json::json!({ "time_ms": common::number(run.millis), "path": path }),
        );
    }
}

/// Dijkstra and A* side by side as SVG, as they stood after `after` expansions or at the end.
fn write_svg(grid: &Grid, runs: &[Run], after: Option<usize>, file: &str) -> Result<(), String> {
    let pictures: Vec<Picture<'_>> = runs
        .iter()
        .filter(|run| matches!(run.algorithm, Algorithm::Dijkstra | Algorithm::AStar))
        .map(|run| {
            let shown = after.map_or(run.recorder.expansions(), |k| {
                k.min(run.recorder.expansions())
            });
            let picture = Picture::new(grid)
                .search(&run.recorder, after)
                .endpoints(cell(START), cell(GOAL));
            if shown == run.recorder.expansions() {
                let (cost, stats) = (run.solution.cost(), run.solution.stats());
                picture
                    .path(run.solution.path())
                    .summary(name(run.algorithm), Some(cost), stats)
            } else {
                picture.title(format!("{}\nafter {shown} expansions", name(run.algorithm)))
            }
        })
        .collect();
    std::fs::write(file, Picture::side_by_side_svg(&pictures, 40.0))
        .map_err(|e| format!("cannot write {file}: {e}"))
}

fn name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "BFS",
        Algorithm::Dijkstra => "Dijkstra",
        Algorithm::Greedy => "Greedy best-first",
        _ => "A* (Manhattan)",
    }
}

/// One expansion of the trace: the cell, its g and h, and the cell it was reached from.
struct Expansion {
    cell: Cell,
    g: f64,
    h: f64,
    parent: Option<Cell>,
}

/// The expansions of one search, in order, each with the parent it had when expanded.
#[derive(Default)]
struct Trace {
    parents: HashMap<Cell, Cell>,
    expansions: Vec<Expansion>,
}

impl Trace {
    /// One line per expansion: `  3. (2,3)  g=1 h=7 f=8  from (1,3)`.
    fn listing(&self) -> String {
        let at = |c: Cell| {
            let (x, y) = coordinates(c);
            format!("({x},{y})")
        };
        self.expansions
            .iter()
            .enumerate()
            .map(|(k, e)| {
                let parent = e
                    .parent
                    .map_or("start".to_owned(), |p| format!("from {}", at(p)));
                format!(
                    "{:>4}. {:<8} g={} h={} f={}  {parent}\n",
                    k + 1,
                    at(e.cell),
                    e.g,
                    e.h,
                    e.g + e.h
                )
            })
            .collect()
    }
}

/// Feeds every event to the picture's recorder and to the trace.
struct Watcher {
    recorder: Recorder,
    trace: Trace,
}

impl Observer<Cell, f64> for Watcher {
    fn observe(&mut self, event: Event<'_, Cell, f64>) {
        self.recorder.observe(event);
        match event {
            Event::Generate {
                state,
                parent: Some(parent),
                ..
            } => {
                self.trace.parents.insert(*state, *parent);
            }
            Event::DecreaseKey { state, parent, .. } | Event::Reopen { state, parent, .. } => {
                self.trace.parents.insert(*state, *parent);
            }
            Event::Expand { state, g, h } => self.trace.expansions.push(Expansion {
                cell: *state,
                g,
                h,
                parent: self.trace.parents.get(state).copied(),
            }),
            _ => {}
        }
    }
}
fn print_side_by_side(grid: &Grid, runs: &[Run], after: Option<usize>) {
    let column = WIDTH as usize + 6;
    let pictures: Vec<Vec<String>> = runs
        .iter()
        .map(|run| {
            let mut picture = Picture::new(grid).search(&run.recorder, after);
            if after.is_none() {
                picture = picture.path(run.solution.path());
            }
            picture.to_text().lines().map(str::to_owned).collect()
        })
        .collect();
    let header: Vec<String> = runs
        .iter()
        .map(|run| format!("{:<column$}", run.algorithm.to_string()))
        .collect();
    println!("{}", header.join(""));
    for row in 0..HEIGHT as usize {
        let line: Vec<String> = pictures
            .iter()
            .map(|p| format!("{:<column$}", p[row]))
            .collect();
        println!("{}", line.join(""));
    }
    println!();
    println!(
        "{:<10} {:>5} {:>6} {:>9} {:>10}",
        "", "cost", "steps", "expanded", "generated"
    );
    for run in runs {
        let stats = run.solution.stats();
        println!(
            "{:<10} {:>5} {:>6} {:>9} {:>10}",
            run.algorithm.to_string(),
            run.solution.cost(),
            run.solution.steps(),
            stats.expanded,
            stats.generated
        );
    }
    println!();
    println!("# wall   o expanded   + frontier   * path   S start   G goal");
    if let Some(k) = after {
        println!("(as the searches stood after {k} expansions)");
    }
}
