//! An agent crossing a Moving AI map it does not know: it sees the cells within two steps of
//! where it stands, takes every cell it has not seen for free, and replans whenever it sees a
//! new wall, with D* Lite (which repairs its last plan) and with A* from scratch (which plans
//! anew each time). Every D* Lite plan must cost what the fresh A* plan costs on the same
//! knowledge; the two agents walk the same plans' costs.
//!
//!   cargo run --release --example unknown_map -- [--scenarios N] [--json] [MAP.map.scen ...]
//!
//! Default: the first 100 scenarios of arena2, 8room_000 and Berlin_0_256 from
//! `../shared/data/movingai` (skipped, saying so, without it).

mod common;

use std::path::PathBuf;
use std::time::Instant;

use common::{Cli, Long, Value, millis};
use informed::DStarLite;
use informed::grid::{Cell, DIAGONAL, Grid, Movement, Scenario};

const USAGE: &str = "unknown_map [--scenarios N] [--json] [MAP.map.scen ...]";
const HELP: &str = "\
An agent crossing a Moving AI map it does not know: it sees two steps around it, takes unseen
cells for free, and replans at every new wall, with D* Lite and with A* from scratch.

Flags:
  --scenarios N  the scenarios of each file to walk, from the first (default: 100)
  --json         one JSON line per map (default: off)
  -h, --help     this text

Arguments: scenario files (default: arena2, 8room_000 and Berlin_0_256 from
../shared/data/movingai).

Exit status: 0 if every D* Lite plan cost what A* found, 1 otherwise, 2 on a usage or input
error.
";

/// How far the agent sees: the cells within this many king's moves.
const SIGHT: i64 = 2;

struct Options {
    scenarios: usize,
    json: bool,
    files: Vec<PathBuf>,
}

fn parse() -> Options {
    let mut options = Options {
        scenarios: 100,
        json: false,
        files: Vec::new(),
    };
    let mut cli = Cli::new("unknown_map", USAGE, HELP);
    let usage = cli.usage();
    while let Some(arg) = cli.next() {
        match arg {
            Long("scenarios") => options.scenarios = cli.value("scenarios"),
            Long("json") => options.json = true,
            Value(path) => options.files.push(PathBuf::from(path)),
            other => usage.reject(other.unexpected()),
        }
    }
    options
}

fn main() {
    let options = parse();
    match run(&options) {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(message) => {
            eprintln!("unknown_map: {message}");
            std::process::exit(2);
        }
    }
}

/// The octile distance between two cells: consistent on 8-connected maps, whatever their
/// walls.
fn octile(a: &Cell, b: &Cell) -> f64 {
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    let (short, long) = (dx.min(dy), dx.max(dy));
    f64::from(long - short) + DIAGONAL * f64::from(short)
}

/// The cells within `SIGHT` of `at` on `world` that `known` still takes for free: marks them
/// blocked in `known` and returns them.
fn look(world: &Grid, known: &mut Grid, at: Cell) -> Vec<Cell> {
    let mut seen = Vec::new();
    for dy in -SIGHT..=SIGHT {
        for dx in -SIGHT..=SIGHT {
            let (x, y) = (i64::from(at.x) + dx, i64::from(at.y) + dy);
            if x < 0 || y < 0 || x >= i64::from(world.width()) || y >= i64::from(world.height()) {
                continue;
            }
            let cell = Cell::new(x as u32, y as u32);
            if !world.is_free(cell) && known.is_free(cell) {
                known.set_free(cell, false);
                seen.push(cell);
            }
        }
    }
    seen
}

/// The cells of `grid` a king's move from `cell`.
fn around(grid: &Grid, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
    (-1i64..=1).flat_map(move |dy| {
        (-1i64..=1).filter_map(move |dx| {
            let (x, y) = (i64::from(cell.x) + dx, i64::from(cell.y) + dy);
            let inside =
                x >= 0 && y >= 0 && x < i64::from(grid.width()) && y < i64::from(grid.height());
            (inside && (dx, dy) != (0, 0)).then(|| Cell::new(x as u32, y as u32))
        })
    })
}

/// Totals of one agent over a map's scenarios.
#[derive(Default)]
struct Totals {
    expanded: u64,
    plans: u64,
    millis: f64,
    travelled: f64,
}

fn run(options: &Options) -> Result<bool, String> {
    let files = if options.files.is_empty() {
        let Some(data) = common::shared_data() else {
            println!("skipped: no scenario files given and ../shared/data is absent");
            return Ok(true);
        };
        ["dao/arena2", "room/8room_000", "street/Berlin_0_256"]
            .iter()
            .map(|map| data.join(format!("movingai/{map}.map.scen")))
            .collect()
    } else {
        options.files.clone()
    };
    let mut agreed = true;
    if !options.json {
        println!(
            "{:<16} {:>9} {:>7} {:>13} {:>10} {:>13} {:>10} {:>8}",
            "map", "scenarios", "plans", "D* Lite exp", "ms", "A* exp", "ms", "A*/D*"
        );
    }
    for file in files {
        common::regular_file(&file)?;
        let scenarios = Scenario::load_all(&file).map_err(|e| e.to_string())?;
        let map = file.with_extension("");
        common::regular_file(&map)?;
        let world = Grid::load_map(&map).map_err(|e| e.to_string())?;
        let (mut lite, mut fresh) = (Totals::default(), Totals::default());
        let walked = scenarios.len().min(options.scenarios);
        for scenario in &scenarios[..walked] {
            let (start, goal) = (scenario.start(), scenario.goal());
            let mut known = Grid::new(world.width(), world.height());
            let mut agent = DStarLite::new(start, goal, octile);
            let mut at = start;
            let mut plan: Vec<Cell> = Vec::new();
            let mut step = 0;
            let mut first = true;
            while at != goal {
                let walls = look(&world, &mut known, at);
                if first || !walls.is_empty() {
                    first = false;
                    let problem = known
                        .problem(at, goal, Movement::Eight)
                        .map_err(|e| e.to_string())?;
                    // Every step into, out of or past (diagonally) a new wall changed.
                    for wall in &walls {
                        for dy in -1i64..=1 {
                            for dx in -1i64..=1 {
                                let (x, y) = (i64::from(wall.x) + dx, i64::from(wall.y) + dy);
                                if x < 0 || y < 0 {
                                    continue;
                                }
                                let near = Cell::new(x as u32, y as u32);
                                for next in around(&known, near) {
                                    agent.step_changed(&problem, &near, &next);
                                    agent.step_changed(&problem, &next, &near);
                                }
                            }
                        }
                    }
                    let started = Instant::now();
                    let repaired = agent.plan(&problem).map_err(|e| e.to_string())?;
                    lite.millis += millis(started);
                    lite.plans += 1;
                    let started = Instant::now();
                    let anew = informed::astar_with(&problem, problem.octile())
                        .map_err(|e| e.to_string())?;
                    fresh.millis += millis(started);
                    fresh.expanded += anew.stats().expanded;
                    fresh.plans += 1;
                    if (repaired.cost() - anew.cost()).abs() > 1e-9 * anew.cost().max(1.0) {
                        eprintln!(
                            "{}: from {at:?}, D* Lite's plan costs {} and A*'s {}",
                            file.display(),
                            repaired.cost(),
                            anew.cost()
                        );
                        agreed = false;
                    }
                    plan = repaired.path().to_vec();
                    step = 0;
                }
                let next = plan[step + 1];
                let cost = octile(&at, &next);
                lite.travelled += cost;
                fresh.travelled += cost;
                step += 1;
                at = next;
                agent.move_to(next);
            }
            lite.expanded += agent.stats().expanded;
        }
        let name = map
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        if options.json {
            println!(
                "{}",
                serde_json::json!({
                    "map": name,
                    "scenarios": walked,
                    "plans": lite.plans,
                    "dstar_lite_expanded": lite.expanded,
                    "dstar_lite_ms": common::number(lite.millis),
                    "astar_expanded": fresh.expanded,
                    "astar_ms": common::number(fresh.millis),
                    "travelled": common::number(lite.travelled),
                })
            );
        } else {
            println!(
                "{:<16} {:>9} {:>7} {:>13} {:>10.0} {:>13} {:>10.0} {:>7.2}×",
                name,
                walked,
                lite.plans,
                lite.expanded,
                lite.millis,
                fresh.expanded,
                fresh.millis,
                fresh.expanded as f64 / lite.expanded.max(1) as f64
            );
        }
    }
    Ok(agreed)
}
