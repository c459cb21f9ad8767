//! Terrain: BFS, Dijkstra, greedy best-first and A* on a map whose cells cost differently to
//! enter (a `WeightedGrid`): grass, a road, forest, a swamp and rocks.
//!
//! ```text
//! cargo run --release --example terrain                         # pictures in the terminal
//! cargo run --release --example terrain -- --movement four      # four directions only
//! cargo run --release --example terrain -- --svg terrain.svg    # Dijkstra, greedy and A* as SVG
//! cargo run --release --example terrain -- --html terrain.html  # the same three, replayed
//! cargo run --release --example terrain -- --json               # one JSON line per algorithm
//! cargo run --release --example terrain -- --map my.txt --start 0,6 --goal 33,6
//! ```
//!
//! A step into a cell costs the cell's cost (√2 times that diagonally): `1` road, `3` grass,
//! `5` forest, `9` swamp, `#` rock. The swamp lies across the straight way from the start to
//! the goal. Breadth-first search counts steps, not costs, and wades through it; greedy
//! best-first search heads straight at the goal and wades in too; Dijkstra and A* take the
//! road around. A*'s estimate is the octile distance times the cheapest cost on the map (1, the
//! road), so it stays admissible and A*'s path is as cheap as Dijkstra's.

mod common;

use std::time::Instant;

use common::{Cli, Long, Value, millis};
use informed::grid::{Cell, Movement, Picture, Recorder, Replay, WeightedGrid};
use informed::{Algorithm, Search};

const USAGE: &str = "terrain [--movement four|eight] [--json] [--svg FILE] [--html FILE] \
                     [--map FILE --start X,Y --goal X,Y]";
const HELP: &str = "\
BFS, Dijkstra, greedy best-first and A* on a map of terrain costs, side by side.

Flags:
  --movement four|eight  four directions, or eight without cutting corners (default: eight)
  --json                 one JSON line per algorithm instead of pictures (default: pictures)
  --svg FILE             draw Dijkstra, greedy and A* as an SVG picture in FILE (default: none)
  --html FILE            write a page that replays Dijkstra, greedy and A* (default: none)
  --map FILE             read the map from FILE: digits 1-9 are costs, `#` a wall (default: the
                         built-in map)
  --start X,Y            the start cell, column and row from the top left (default: 0,6)
  --goal X,Y             the goal cell (default: 33,6)
  -h, --help             this text
";

/// The built-in map: `1` road, `3` grass, `5` forest, `9` swamp, `#` rock.
const MAP: &str = "\
3333333333333333333333333333333333
3311111111111111111111111111111133
33133333333333335553##333333333133
33133333###555559995#5553333333133
3313333333559999999999955333333133
3313333335599999999999995533333133
3313333355999999999999999553333133
3333333355999999999999999553333333
3333333335599999999999995533333333
333333333355999999999995###3333333
33333333333555559995555533#3333333
3333333333333##3555333333333333333
5555555555555555555555555555555555";

/// The algorithms the picture and the page compare.
const COMPARED: [Algorithm; 3] = [Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::AStar];

/// The command line.
struct Options {
    movement: Movement,
    json: bool,
    svg: Option<String>,
    html: Option<String>,
    map: Option<String>,
    start: Cell,
    goal: Cell,
}

/// A cell written `X,Y`.
fn parse_cell(text: &str) -> Result<Cell, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| "expected X,Y".to_owned())?;
    let number = |t: &str| t.trim().parse::<u32>().map_err(|e| e.to_string());
    Ok(Cell::new(number(x)?, number(y)?))
}

impl Options {
    fn parse() -> Options {
        let mut options = Options {
            movement: Movement::Eight,
            json: false,
            svg: None,
            html: None,
            map: None,
            start: Cell::new(0, 6),
            goal: Cell::new(33, 6),
        };
        let mut cli = Cli::new("terrain", USAGE, HELP);
        let usage = cli.usage();
        while let Some(arg) = cli.next() {
            match arg {
                Long("movement") => {
                    options.movement = match cli.string("movement").as_str() {
                        "four" => Movement::Four,
                        "eight" => Movement::Eight,
                        other => cli.usage_error(format!(
                            "--movement: cannot read {other:?}: expected four or eight"
                        )),
                    }
                }
                Long("json") => options.json = true,
                Long("svg") => options.svg = Some(cli.string("svg")),
                Long("html") => options.html = Some(cli.string("html")),
                Long("map") => options.map = Some(cli.string("map")),
                Long(flag @ ("start" | "goal")) => {
                    let flag = flag.to_owned();
                    let text = cli.string(&flag);
                    let cell = parse_cell(&text).unwrap_or_else(|error| {
                        cli.usage_error(format!("--{flag}: cannot read {text:?}: {error}"))
                    });
                    if flag == "start" {
                        options.start = cell;
                    } else {
                        options.goal = cell;
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

/// One algorithm's search of the map.
struct Run {
    algorithm: Algorithm,
    recorder: Recorder,
    solution: informed::Solution<Cell, f64>,
    millis: f64,
}

fn main() {
    let options = Options::parse();
    if let Err(message) = run(&options) {
        eprintln!("terrain: {message}");
        std::process::exit(2);
    }
}

fn name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Bfs => "BFS",
        Algorithm::Dijkstra => "Dijkstra",
        Algorithm::Greedy => "Greedy best-first",
        _ => "A* (octile × 1)",
    }
}

fn run(options: &Options) -> Result<(), String> {
    let grid = match &options.map {
        Some(file) => {
            let text =
                std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
            WeightedGrid::from_ascii(&text).map_err(|e| format!("{file}:{e}"))?
        }
        None => WeightedGrid::from_ascii(MAP).map_err(|e| e.to_string())?,
    };
    let problem = grid
        .problem(options.start, options.goal, options.movement)
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
            .run_with(algorithm, problem.octile())
            .map_err(|e| format!("{algorithm}: {e}"))?;
        runs.push(Run {
            algorithm,
            recorder,
            solution,
            millis: millis(started),
        });
    }
    if options.json {
        for run in &runs {
            let path: Vec<[u32; 2]> = run.solution.path().iter().map(|c| [c.x, c.y]).collect();
            common::print_json_line(
                serde_json::json!({
                    "algorithm": run.algorithm.to_string(),
                    "cost": run.solution.cost(),
                    "steps": run.solution.steps(),
                }),
                Some(run.solution.stats()),
                serde_json::json!({ "time_ms": common::number(run.millis), "path": path }),
            );
        }
    } else {
        for run in &runs {
            let stats = run.solution.stats();
            println!(
                "{}: cost {:.2}, {} steps, {} expanded",
                name(run.algorithm),
                run.solution.cost(),
                run.solution.steps(),
                stats.expanded
            );
            let picture = Picture::new(&grid)
                .search(&run.recorder, None)
                .path(run.solution.path());
            println!("{}", picture.to_text());
        }
        println!(
            "costs: 1 road, 3 grass, 5 forest, 9 swamp, # rock; o expanded, + frontier, * path"
        );
    }
    if let Some(file) = &options.svg {
        let pictures: Vec<Picture<'_>> = runs
            .iter()
            .filter(|run| COMPARED.contains(&run.algorithm))
            .map(|run| {
                Picture::new(&grid)
                    .search(&run.recorder, None)
                    .path(run.solution.path())
                    .summary(
                        name(run.algorithm),
                        Some(run.solution.cost()),
                        run.solution.stats(),
                    )
            })
            .collect();
        std::fs::write(file, Picture::side_by_side_svg(&pictures, 14.0))
            .map_err(|e| format!("cannot write {file}: {e}"))?;
        if !options.json {
            println!("wrote {file}");
        }
    }
    if let Some(file) = &options.html {
        Replay::new()
            .title("Terrain: Dijkstra, greedy best-first and A*")
            .run(problem, &COMPARED, problem.octile())
            .map_err(|e| e.to_string())?
            .write_html(file)
            .map_err(|e| format!("cannot write {file}: {e}"))?;
        if !options.json {
            println!("wrote {file}");
        }
    }
    Ok(())
}
