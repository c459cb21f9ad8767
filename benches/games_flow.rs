//! Flow fields for games: many units walking to one target. On Moving AI's arena2 and
//! 8room_000 (8-connected, the Moving AI rule) and on a generated map that needs no data, one
//! `FlowField` toward a random target against one A* per unit for 1,000 units (random free
//! cells), against `informed`'s generic reverse flood (`distances_to_goals`, the same search
//! through the node table), and against `pathfinding`'s `dijkstra_all` from the target (on a
//! uniform grid every step costs the same both ways, so a flood from the target gives the same
//! distances). Every distance is checked against the others: a fast wrong field cannot pass.
//!
//! Each time is the least of several runs in this one process, so the ratios compare like with
//! like on a busy machine.
//!
//! `cargo run --release -p informed-bench --bin games-flow`; the Moving AI maps are skipped,
//! saying so, without `../shared/data`. With an argument (`field`, `generic`, `peer` or `setup`) it
//! runs one flood on the generated map and nothing else, for callgrind's instruction counts.

#[path = "common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{Len, Rng};
use informed::grid::{Cell, FlowField, Grid, Movement, WeightedGrid};
use informed::{SearchProblem, Searcher};

const MAPS: [&str; 2] = ["dao/arena2", "room/8room_000"];
const UNITS: usize = 1_000;
const MOVEMENT: Movement = Movement::Eight;
/// Runs of each flood; the least time is reported. The thousand A* searches, which take
/// seconds, run once.
const RUNS: usize = 5;

fn main() {
    if let Some(flood) = std::env::args().nth(1) {
        one_flood(&flood);
        return;
    }
    println!(
        "{:<28} {:>7} {:>10} {:>10} {:>11} {:>10} {:>9} {:>9} {:>9}",
        "map",
        "reached",
        "field ms",
        "A* ms",
        "generic ms",
        "peer ms",
        "A*/field",
        "gen/field",
        "peer/field"
    );
    let generated = common::walled_grid(512, 25, 37);
    measure("generated 512x512, 25% walls", &generated);
    let weighted = weighted(&generated, 37);
    measure_weighted("generated, costs 1-9", &weighted);
    for map in MAPS {
        let Some(data) = common::shared_data("movingai") else {
            println!("skipped: {map}: ../shared/data/movingai is absent");
            continue;
        };
        let grid = Grid::load_map(data.join(format!("movingai/{map}.map"))).expect("map file");
        measure(map, &grid);
    }
}

/// One flood toward the corner of the generated map and nothing else, for instruction counts:
/// `field` (the flow field), `generic` (`distances_to_goals`), `peer` (`pathfinding`'s
/// `dijkstra_all`), or `setup` (none: the cost of making the map, to subtract). `valgrind --tool=callgrind target/release/games-flow field`.
fn one_flood(flood: &str) {
    let grid = common::walled_grid(512, 25, 37);
    let target = Cell::new(0, 0);
    let reached = match flood {
        "field" => FlowField::build(&grid, [target], MOVEMENT)
            .unwrap()
            .reached(),
        "generic" => {
            let query = grid.problem(target, target, MOVEMENT).unwrap();
            informed::distances_to_goals(&query).unwrap().len()
        }
        "peer" => {
            let query = grid.problem(target, target, MOVEMENT).unwrap();
            let all = pathfinding::directed::dijkstra::dijkstra_all(&target, |cell| {
                query
                    .successors(cell)
                    .into_iter()
                    .map(|(next, step)| (next, Len(step)))
                    .collect::<common::Inline<Cell, Len>>()
            });
            all.len() + 1
        }
        "setup" => 0,
        other => {
            eprintln!("games-flow: unknown flood {other:?}: field, generic, peer or setup");
            std::process::exit(2);
        }
    };
    println!("{flood}: {reached} cells reached");
}

/// `grid` with a random cost from 1 to 9 on each free cell (seeded).
fn weighted(grid: &Grid, seed: u64) -> WeightedGrid {
    let mut weighted = WeightedGrid::from(grid);
    let mut rng = Rng(seed);
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let cell = Cell::new(x, y);
            if grid.is_free(cell) {
                weighted.set_cost(cell, 1 + rng.below(9) as u8);
            }
        }
    }
    weighted
}

/// A random target from which at least half the free cells are reached (the map's main
/// region), and `UNITS` random cells that reach it (seeded): units on the target's side of the
/// walls, as a game's would be, so that no A* floods a region in vain.
fn places<M: informed::grid::GridMap>(
    grid: &M,
    width: u32,
    height: u32,
    free: usize,
) -> (Cell, Vec<Cell>) {
    let mut rng = Rng(37);
    let mut random = || {
        Cell::new(
            rng.below(u64::from(width)) as u32,
            rng.below(u64::from(height)) as u32,
        )
    };
    let mut field = FlowField::new();
    let target = loop {
        let target = random();
        if field.rebuild(grid, [target], MOVEMENT).is_ok() && 2 * field.reached() >= free {
            break target;
        }
    };
    let mut units = Vec::with_capacity(UNITS);
    while units.len() < UNITS {
        let unit = random();
        if field.distance(unit).is_some() {
            units.push(unit);
        }
    }
    (target, units)
}

/// The least time of `runs` runs of `run`.
fn least(runs: usize, mut run: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1e3
}

/// The field, one A* per unit, the generic reverse flood and the peer's flood on a uniform
/// `grid`, each checked against the field.
fn measure(name: &str, grid: &Grid) {
    let (target, units) = places(grid, grid.width(), grid.height(), grid.free_count());
    let mut field = FlowField::new();
    let field_time = least(RUNS, || {
        field.rebuild(grid, [target], MOVEMENT).unwrap();
        black_box(&field);
    });

    let mut searcher = Searcher::new();
    let astar_time = least(1, || {
        for &unit in &units {
            let problem = grid.problem(unit, target, MOVEMENT).unwrap();
            let cost = searcher
                .astar_with(&problem, problem.octile())
                .ok()
                .map(|s| s.cost());
            assert_eq!(cost, field.distance(unit), "A* from {unit}");
        }
    });

    let query = grid.problem(target, target, MOVEMENT).unwrap();
    let mut tree = None;
    let generic_time = least(RUNS, || {
        tree = Some(informed::distances_to_goals(&query).unwrap())
    });
    let tree = tree.unwrap();
    assert_eq!(tree.len(), field.reached());
    for (cell, cost) in tree.iter() {
        assert_eq!(field.distance(*cell), Some(cost), "generic flood at {cell}");
    }

    let peer_time = {
        let mut all: HashMap<Cell, (Cell, Len)> = HashMap::new();
        let time = least(RUNS, || {
            all = pathfinding::directed::dijkstra::dijkstra_all(&target, |cell| {
                query
                    .successors(cell)
                    .into_iter()
                    .map(|(next, step)| (next, Len(step)))
                    .collect::<common::Inline<Cell, Len>>()
            });
        });
        // `dijkstra_all` leaves out its start.
        assert_eq!(all.len() + 1, field.reached());
        for (cell, (_, cost)) in &all {
            assert_eq!(
                field.distance(*cell),
                Some(cost.0),
                "dijkstra_all at {cell}"
            );
        }
        Some(time)
    };
    report(
        name,
        field.reached(),
        field_time,
        astar_time,
        generic_time,
        peer_time,
    );
}

/// The field and one A* per unit on a weighted grid (no peer: a flood from the target measures
/// the other way there), each checked against the field.
fn measure_weighted(name: &str, grid: &WeightedGrid) {
    let (target, units) = places(grid, grid.width(), grid.height(), grid.free_count());
    let mut field = FlowField::new();
    let field_time = least(RUNS, || {
        field.rebuild(grid, [target], MOVEMENT).unwrap();
        black_box(&field);
    });
    let mut searcher = Searcher::new();
    let astar_time = least(1, || {
        for &unit in &units {
            let problem = grid.problem(unit, target, MOVEMENT).unwrap();
            let cost = searcher
                .astar_with(&problem, problem.octile())
                .ok()
                .map(|s| s.cost());
            assert_eq!(cost, field.distance(unit), "A* from {unit}");
        }
    });
    let query = grid.problem(target, target, MOVEMENT).unwrap();
    let mut tree = None;
    let generic_time = least(RUNS, || {
        tree = Some(informed::distances_to_goals(&query).unwrap())
    });
    let tree = tree.unwrap();
    assert_eq!(tree.len(), field.reached());
    for (cell, cost) in tree.iter() {
        assert_eq!(field.distance(*cell), Some(cost), "generic flood at {cell}");
    }
    report(
        name,
        field.reached(),
        field_time,
        astar_time,
        generic_time,
        None,
    );
    // The mistake a flow field avoids: a flood forward from the target pays for the cells
    // left, not the cells entered.
    let forward = informed::shortest_path_tree(&query).unwrap();
    let wrong = units
        .iter()
        .filter(|&&unit| forward.cost_to(&unit) != field.distance(unit))
        .count();
    println!(
        "{:<28} a flood forward from the target gives {wrong} of {UNITS} units a wrong cost",
        ""
    );
}

fn report(
    name: &str,
    reached: usize,
    field: Duration,
    astar: Duration,
    generic: Duration,
    peer: Option<Duration>,
) {
    let ratio = |other: Duration| other.as_secs_f64() / field.as_secs_f64();
    let peer_ms = peer.map_or("-".to_string(), |p| format!("{:.2}", ms(p)));
    let peer_ratio = peer.map_or("-".to_string(), |p| format!("{:.2}", ratio(p)));
    println!(
        "{:<28} {:>7} {:>10.2} {:>10.2} {:>11.2} {:>10} {:>9.1} {:>9.2} {:>9}",
        name,
        reached,
        ms(field),
        ms(astar),
        ms(generic),
        peer_ms,
        ratio(astar),
        ratio(generic),
        peer_ratio
    );
}
