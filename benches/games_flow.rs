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
use informed::grid::{
    Cell, FlowField, Grid, GridMap, GridProblem, GridQuery, Movement, WeightedGrid,
    WeightedGridProblem,
};
use informed::{Bidirectional, SearchProblem, Searcher};

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
    measure("generated, costs 1-9", &weighted);
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
fn places<M: GridMap>(grid: &M, width: u32, height: u32, free: usize) -> (Cell, Vec<Cell>) {
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

/// How a map's steps cost, which decides what else `measure` compares the field with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Costs {
    /// Every step costs the same both ways: `pathfinding`'s flood from the target is a peer.
    Uniform,
    /// A step costs what the cell entered costs: no peer (a flood from the target measures the
    /// other way), but a count of the units such a flood would give a wrong cost.
    Weighted,
}

/// What `measure` needs of a map: the same calls on `Grid` and `WeightedGrid`, whose queries
/// and octile heuristics are of different types.
trait Map: GridMap {
    const COSTS: Costs;
    type Query<'g>: GridQuery<'g> + Bidirectional
    where
        Self: 'g;
    /// The width, the height and the free cells.
    fn size(&self) -> (u32, u32, usize);
    fn query(&self, start: Cell, goal: Cell) -> Self::Query<'_>;
    /// The cost of one A* with the octile heuristic, if it finds a path.
    fn astar(searcher: &mut Searcher<Cell, f64>, query: &Self::Query<'_>) -> Option<f64>;
}

impl Map for Grid {
    const COSTS: Costs = Costs::Uniform;
    type Query<'g> = GridProblem<'g>;
    fn size(&self) -> (u32, u32, usize) {
        (self.width(), self.height(), self.free_count())
    }
    fn query(&self, start: Cell, goal: Cell) -> GridProblem<'_> {
        self.problem(start, goal, MOVEMENT).unwrap()
    }
    fn astar(searcher: &mut Searcher<Cell, f64>, query: &GridProblem<'_>) -> Option<f64> {
        searcher
            .astar_with(query, query.octile())
            .ok()
            .map(|s| s.cost())
    }
}

impl Map for WeightedGrid {
    const COSTS: Costs = Costs::Weighted;
    type Query<'g> = WeightedGridProblem<'g>;
    fn size(&self) -> (u32, u32, usize) {
        (self.width(), self.height(), self.free_count())
    }
    fn query(&self, start: Cell, goal: Cell) -> WeightedGridProblem<'_> {
        self.problem(start, goal, MOVEMENT).unwrap()
    }
    fn astar(searcher: &mut Searcher<Cell, f64>, query: &WeightedGridProblem<'_>) -> Option<f64> {
        searcher
            .astar_with(query, query.octile())
            .ok()
            .map(|s| s.cost())
    }
}

/// The field, one A* per unit, the generic reverse flood and, on a uniform `grid`, the peer's
/// flood, each checked against the field.
fn measure<M: Map>(name: &str, grid: &M) {
    let (width, height, free) = grid.size();
    let (target, units) = places(grid, width, height, free);
    let mut field = FlowField::new();
    let field_time = least(RUNS, || {
        field.rebuild(grid, [target], MOVEMENT).unwrap();
        black_box(&field);
    });

    let mut searcher = Searcher::new();
    let astar_time = least(1, || {
        for &unit in &units {
            let cost = M::astar(&mut searcher, &grid.query(unit, target));
            assert_eq!(cost, field.distance(unit), "A* from {unit}");
        }
    });

    let query = grid.query(target, target);
    let mut tree = None;
    let generic_time = least(RUNS, || {
        tree = Some(informed::distances_to_goals(&query).unwrap())
    });
    let tree = tree.unwrap();
    assert_eq!(tree.len(), field.reached());
    for (cell, cost) in tree.iter() {
        assert_eq!(field.distance(*cell), Some(cost), "generic flood at {cell}");
    }

    let peer_time = (M::COSTS == Costs::Uniform).then(|| {
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
        time
    });
    report(
        name,
        field.reached(),
        field_time,
        astar_time,
        generic_time,
        peer_time,
    );
    if M::COSTS == Costs::Weighted {
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
