//! BFS, Dijkstra, greedy best-first and A* on one small maze, side by side: which cells each
//! expanded, the path it found, and what it cost.
//!
//! ```text
//! cargo run --release --example maze                       # pictures in the terminal
//! cargo run --release --example maze -- --svg maze.svg     # Dijkstra, greedy and A* as SVG
//! cargo run --release --example maze -- --svg maze.svg --after 10   # ... after 10 expansions
//! cargo run --release --example maze -- --html maze.html   # the same three, replayed in a browser
//! cargo run --release --example maze -- --json             # one JSON line per algorithm
//! cargo run --release --example maze -- --trace            # every expansion, with its parent
//! cargo run --release --example maze -- --maze lecture --tie-break lifo --trace
//! ```
//!
//! Both mazes are 11 × 7, 4-connected with unit steps, and the estimate is the Manhattan
//! distance. Coordinates (x, y) count from the bottom-left cell (0, 0): start (1, 3), goal
//! (9, 3).
//!
//! - `trap` (the default): the straight way to the goal is a passage winding under a wall.
//!   Every step into it looks like progress to greedy best-first search, which follows it and
//!   returns a path of 20 steps after 26 expansions; A* weighs the steps already taken, goes
//!   over the wall and returns the shortest path, 12 steps, after 21.
//! - `lecture`: the classic lecture walk-through, where A* with LIFO ties expands 11 cells
//!   (12 with the default FIFO ties). There greedy search finds the shortest path too.

mod common;

use std::time::Instant;

use common::{Cli, Long, Value, millis};
use informed::grid::{Cell, Grid, Movement, Picture, Recorder, Replay};
use informed::{Algorithm, Observer, OpenOrder, Search, StateRecorder, TieBreak};

const USAGE: &str = "maze [--maze trap|lecture] [--json] [--svg FILE] [--after K] [--html FILE] \
                     [--trace] [--tie-break fifo|lifo]";
const HELP: &str = "\
BFS, Dijkstra, greedy best-first and A* on one 11×7 maze, side by side.

Flags:
  --maze trap|lecture    the maze: `trap`, where greedy search follows a winding passage to a
                         longer path, or `lecture`, the lecture's walk-through (default: trap)
  --json                 one JSON line per algorithm instead of pictures (default: pictures)
  --svg FILE             also draw Dijkstra, greedy and A* as an SVG picture in FILE (default: none)
  --after K              show the searches as they stood after K expansions (default: at the end)
  --html FILE            write a page that replays Dijkstra, greedy and A* side by side (default: none)
  --trace                list every expansion: the cell, g, h, f and its parent (default: off)
  --tie-break fifo|lifo  the order among states of equal priority (default: fifo)
  -h, --help             this text
";

/// The mazes, as text: `#` a wall, `S` the start, `G` the goal.
const MAZES: [(&str, &str); 2] = [
    (
        "trap",
        "...........
         ...........
         ..#######..
         .S..#...#G.
         ....#.#.#..
         ....#.#.#..
         ......#....",
    ),
    (
        "lecture",
        "...#..#....
         ...#..#....
         ......#....
         .S....#..G.
         ...........
         ....#...#..
         ....#...#..",
    ),
];

/// The command line.
struct Options {
    maze: &'static str,
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
            maze: MAZES[0].0,
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
                Long("maze") => {
                    let name = cli.string("maze");
                    options.maze = match MAZES.iter().find(|(n, _)| *n == name) {
                        Some((n, _)) => n,
                        None => cli.usage_error(format!(
                            "--maze: cannot read {name:?}: expected trap or lecture"
                        )),
                    }
                }
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

const HEIGHT: u32 = 7;
const START: (u32, u32) = (1, 3);
const GOAL: (u32, u32) = (9, 3);
/// The algorithms the SVG picture and the replay page compare.
const COMPARED: [Algorithm; 3] = [Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::AStar];

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
    trace: String,
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

/// The maze named `name`, drawn with `S` and `G` where `START` and `GOAL` are.
fn maze(name: &str) -> Result<Grid, String> {
    let (_, text) = MAZES
        .iter()
        .find(|(n, _)| *n == name)
        .ok_or_else(|| format!("no maze {name:?}"))?;
    Grid::from_ascii(text).map_err(|e| e.to_string())
}

/// BFS, Dijkstra, greedy best-first and A* on `grid`, each recorded for the picture and the
/// trace (a [`StateRecorder`] labelling cells in maze coordinates).
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
        let mut recorder = Recorder::new();
        let mut trace = StateRecorder::new(&problem, |c: &Cell| (f64::from(c.x), f64::from(c.y)))
            .label(|&c| {
                let (x, y) = coordinates(c);
                format!("({x},{y})")
            });
        let started = Instant::now();
        let solution = Search::new(&problem)
            .tie_break(tie_break)
            .on_event(|event| {
                recorder.observe(event);
                trace.observe(event);
            })
            .run_with(algorithm, problem.manhattan())
            .map_err(|e| format!("{algorithm}: {e}"))?;
        runs.push(Run {
            algorithm,
            recorder,
            trace: trace.trace(),
            solution,
            millis: millis(started),
        });
    }
    Ok(runs)
}

fn run(options: &Options) -> Result<(), String> {
    let grid = maze(options.maze)?;
    let runs = search_all(&grid, options.tie_break)?;
    let ties = tie_break_name(options.tie_break);

    if options.json {
        print_json(&runs, ties, options.maze);
    } else {
        print_side_by_side(&grid, &runs, options.after);
        println!("open lists, best first (--tie-break {ties}):");
        for run in &runs {
            let order = OpenOrder::new(run.algorithm, options.tie_break);
            println!("  {:<18} {order}", name(run.algorithm));
        }
    }
    if options.trace && !options.json {
        for run in &runs {
            let order = OpenOrder::new(run.algorithm, options.tie_break);
            println!();
            println!(
                "{}: {} expansions (open list: {order})",
                name(run.algorithm),
                run.solution.stats().expanded
            );
            print!("{}", run.trace);
        }
    }
    if let Some(file) = &options.html {
        let problem = grid
            .problem(cell(START), cell(GOAL), Movement::Four)
            .map_err(|e| e.to_string())?;
        Replay::new()
            .title(format!(
                "The {} maze: Dijkstra, greedy best-first and A*",
                options.maze
            ))
            .tie_break(options.tie_break)
            .run(problem, &COMPARED, problem.manhattan())
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

/// One JSON line per algorithm: the maze, the algorithm, the tie-break, the cost, every
/// `Stats` field, the time and the path as `[x, y]` pairs.
fn print_json(runs: &[Run], ties: &str, maze: &str) {
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
                "maze": maze,
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

/// Dijkstra, greedy and A* side by side as SVG, as they stood after `after` expansions or at
/// the end.
fn write_svg(grid: &Grid, runs: &[Run], after: Option<usize>, file: &str) -> Result<(), String> {
    let pictures: Vec<Picture<'_>> = runs
        .iter()
        .filter(|run| COMPARED.contains(&run.algorithm))
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

fn print_side_by_side(grid: &Grid, runs: &[Run], after: Option<usize>) {
    let column = grid.width() as usize + 6;
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
