//! BFS, Dijkstra, greedy best-first and A* on one small maze, side by side: which cells each
//! expanded, the path it found, and what it cost.
//!
//! ```text
//! cargo run --release --example maze                       # pictures in the terminal
//! cargo run --release --example maze -- --svg maze.svg     # Dijkstra and A* as an SVG picture
//! cargo run --release --example maze -- --svg maze.svg --after 10   # ... after 10 expansions
//! cargo run --release --example maze -- --json             # one JSON line per algorithm
//! cargo run --release --example maze -- --html maze.html   # Dijkstra and A*, replayed in a browser
//! ```
//!
//! The maze is 11 × 7, 4-connected with unit steps. Coordinates (x, y) count from the
//! bottom-left cell (0, 0): start (1, 3), goal (9, 3).

mod common;

use std::time::Instant;

use common::{Args, Json, millis};
use informed::grid::{Cell, Grid, Movement, Picture, Recorder, Replay};
use informed::{Algorithm, Search};

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

struct Run {
    algorithm: Algorithm,
    recorder: Recorder,
    solution: informed::Solution<Cell, f64>,
    millis: f64,
}

fn main() {
    if let Err(message) = run() {
        eprintln!("maze: {message}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args = Args::parse(&["json"])?;
    let after: Option<usize> = args
        .get("after")
        .map(|k| k.parse().map_err(|_| format!("--after: cannot read {k:?}")))
        .transpose()?;

    let mut grid = Grid::new(WIDTH, HEIGHT);
    for wall in WALLS {
        grid.set_free(cell(wall), false);
    }
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
        let started = Instant::now();
        let solution = Search::new(&problem)
            .observer(&mut recorder)
            .run(algorithm, problem.manhattan())
            .map_err(|e| format!("{algorithm}: {e}"))?;
        runs.push(Run {
            algorithm,
            recorder,
            solution,
            millis: millis(started),
        });
    }

    if args.has("json") {
        for run in &runs {
            let path: Vec<String> = run
                .solution
                .path()
                .iter()
                .map(|&c| {
                    let (x, y) = coordinates(c);
                    format!("[{x},{y}]")
                })
                .collect();
            Json::new()
                .text("algorithm", &run.algorithm.to_string())
                .number("cost", run.solution.cost())
                .integer("steps", run.solution.steps() as u64)
                .stats(run.solution.stats())
                .number("time_ms", run.millis)
                .raw("path", &format!("[{}]", path.join(",")))
                .print();
        }
    } else {
        print_side_by_side(&grid, &runs, after);
    }

    if let Some(file) = args.get("html") {
        let algorithms = [Algorithm::Dijkstra, Algorithm::AStar];
        Replay::new()
            .run(problem, &algorithms, problem.manhattan())
            .map_err(|e| e.to_string())?
            .write_html(file)
            .map_err(|e| format!("cannot write {file}: {e}"))?;
        if !args.has("json") {
            println!("wrote {file}");
        }
    }

    if let Some(file) = args.get("svg") {
        let pictures: Vec<Picture<'_>> = runs
            .iter()
            .filter(|run| matches!(run.algorithm, Algorithm::Dijkstra | Algorithm::AStar))
            .map(|run| {
                let shown = after.map_or(run.recorder.expansions(), |k| {
                    k.min(run.recorder.expansions())
                });
                let picture = Picture::new(&grid)
                    .search(&run.recorder, after)
                    .endpoints(cell(START), cell(GOAL));
                if shown == run.recorder.expansions() {
                    let (cost, stats) = (run.solution.cost(), run.solution.stats());
                    picture.path(run.solution.path()).summary(
                        name(run.algorithm),
                        Some(cost),
                        stats,
                    )
                } else {
                    picture.title(format!("{}\nafter {shown} expansions", name(run.algorithm)))
                }
            })
            .collect();
        std::fs::write(file, Picture::side_by_side_svg(&pictures, 40.0))
            .map_err(|e| format!("cannot write {file}: {e}"))?;
        if !args.has("json") {
            println!("wrote {file}");
        }
    }
    Ok(())
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
