//! Jump point search beside a changing map, as a game runs it: on Moving AI maps, 100 random
//! cell changes (free ↔ blocked), each followed by a frame of random queries.
//!
//! 1. The JPS+ table: each change repaired by `JumpTable::update`, against `JumpTable::build`
//!    (median of the build times; the median, mean and largest update, and their ratio to a
//!    build), timed in this one process. The repaired table is checked against a fresh build
//!    after the last change.
//! 2. The frames: A*, JPS and JPS+ with their searchers kept across the changes (following the
//!    grid: O(1) a change for JPS's bits, a repair of the table for JPS+), against making them
//!    again after each change (nothing to make for A*'s one-shot search, the bits packed again
//!    for JPS, the table built again for JPS+). Per change: the time spent on the change; per
//!    query: the time of a search. Kept and remade must agree on every cost.
//!
//! `cargo run --release -p informed-bench --bin games-jps -- [--changes N] [--queries N]
//! [--astar-changes N] [--callgrind-updates MAP]`; docs/benchmarks.md has the numbers. Times
//! are ratios within one run: on a busy machine read the ratios, not the absolute times.
//!
//! `--callgrind-updates MAP` (for example `dao/arena2`) only builds the table once and applies
//! the changes, for `valgrind --tool=callgrind --toggle-collect=...` to count the instructions
//! of `JumpTable::build` and `JumpTable::update` apart.

mod common;

use std::time::{Duration, Instant};

use common::shared_data;
use informed::grid::{Cell, Grid, JumpPointSearcher, JumpTable, Movement};

/// The maps of the issue: an open arena and rooms with doors.
const MAPS: [&str; 2] = ["dao/arena2", "room/8room_000"];

/// Knuth's MMIX linear congruential generator: the same changes and queries on every run.
fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 17
}

/// A random cell of the grid.
fn random_cell(grid: &Grid, seed: &mut u64) -> Cell {
    let r = lcg(seed);
    Cell::new(
        (r % u64::from(grid.width())) as u32,
        (r / u64::from(grid.width()) % u64::from(grid.height())) as u32,
    )
}

/// A random free cell of the grid.
fn random_free(grid: &Grid, seed: &mut u64) -> Cell {
    loop {
        let cell = random_cell(grid, seed);
        if grid.is_free(cell) {
            return cell;
        }
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn micros(time: Duration) -> f64 {
    time.as_secs_f64() * 1e6
}

struct Settings {
    changes: usize,
    queries: usize,
    astar_changes: usize,
}

fn main() {
    let mut settings = Settings {
        changes: 100,
        queries: 1000,
        astar_changes: 10,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || -> usize {
            args.next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{arg} needs a number"))
        };
        match arg.as_str() {
            "--changes" => settings.changes = number(),
            "--queries" => settings.queries = number(),
            "--astar-changes" => settings.astar_changes = number(),
            "--callgrind-updates" => {
                let map = args.next().expect("--callgrind-updates needs a map");
                callgrind_updates(&map, settings.changes);
                return;
            }
            other => panic!("unknown argument {other}"),
        }
    }
    for map in MAPS {
        let Some(grid) = load(map) else {
            return;
        };
        table_updates(map, grid.clone(), settings.changes);
        frames(map, grid, &settings);
    }
}

fn load(map: &str) -> Option<Grid> {
    let data = shared_data("movingai")?;
    let path = data.join(format!("movingai/{map}.map"));
    if !path.exists() {
        println!("skipped: {} not found", path.display());
        return None;
    }
    Some(Grid::load_map(path).expect("map file"))
}

/// One build, then `changes` updates: what the callgrind run counts.
fn callgrind_updates(map: &str, changes: usize) {
    let Some(mut grid) = load(map) else {
        return;
    };
    let mut table = JumpTable::build(&grid).unwrap();
    let mut seed = 1;
    for _ in 0..changes {
        let cell = random_cell(&grid, &mut seed);
        grid.set_free(cell, !grid.is_free(cell));
        table.update(&grid, cell).unwrap();
    }
    assert_eq!(table, JumpTable::build(&grid).unwrap());
}

/// The repair of the table after each change, against a build.
fn table_updates(map: &str, mut grid: Grid, changes: usize) {
    let mut builds: Vec<Duration> = (0..9)
        .map(|_| {
            let started = Instant::now();
            let table = JumpTable::build(&grid).unwrap();
            let elapsed = started.elapsed();
            std::hint::black_box(table);
            elapsed
        })
        .collect();
    let build = median(&mut builds);
    let mut table = JumpTable::build(&grid).unwrap();
    let mut seed = 1;
    let mut updates = Vec::with_capacity(changes);
    for _ in 0..changes {
        let cell = random_cell(&grid, &mut seed);
        grid.set_free(cell, !grid.is_free(cell));
        let started = Instant::now();
        table.update(&grid, cell).unwrap();
        updates.push(started.elapsed());
    }
    assert_eq!(table, JumpTable::build(&grid).unwrap(), "{map}");
    let mean = updates.iter().sum::<Duration>() / changes.max(1) as u32;
    let largest = updates.iter().max().copied().unwrap_or_default();
    let middle = median(&mut updates);
    let ratio = |time: Duration| time.as_secs_f64() / build.as_secs_f64();
    println!(
        "table {map} ({}×{}): build {:.0} µs; update after one change ({changes} changes): \
         median {:.1} µs ({:.5}× build), mean {:.1} µs ({:.5}×), largest {:.1} µs ({:.5}×)",
        grid.width(),
        grid.height(),
        micros(build),
        micros(middle),
        ratio(middle),
        micros(mean),
        ratio(mean),
        micros(largest),
        ratio(largest),
    );
}

/// Time spent on changes and on queries, and the sum of the costs found (to compare).
#[derive(Default)]
struct Tally {
    changes: Duration,
    queries: Duration,
    count: u32,
    cost: f64,
}

impl Tally {
    fn print(&self, map: &str, name: &str, changes: usize) {
        println!(
            "frames {map} {name}: {:.1} µs a change, {:.2} µs a query ({} queries, {changes} changes), total {:.1} ms",
            micros(self.changes) / changes.max(1) as f64,
            micros(self.queries) / f64::from(self.count.max(1)),
            self.count,
            (self.changes + self.queries).as_secs_f64() * 1e3,
        );
    }
}

/// Which searcher a frame runs, and whether it is kept across changes.
#[derive(Clone, Copy, PartialEq)]
enum Run {
    AStarKept,
    AStarOneShot,
    JpsKept,
    JpsRemade,
    PlusKept,
    PlusRebuilt,
}

/// Frames of queries after each change, for each searcher.
fn frames(map: &str, grid: Grid, settings: &Settings) {
    let runs = [
        (Run::JpsKept, "JPS kept"),
        (Run::JpsRemade, "JPS packed again"),
        (Run::PlusKept, "JPS+ kept"),
        (Run::PlusRebuilt, "JPS+ rebuilt"),
        (Run::AStarKept, "A* searcher kept"),
        (Run::AStarOneShot, "A* one-shot"),
    ];
    let mut costs = Vec::new();
    for (run, name) in runs {
        let astar = matches!(run, Run::AStarKept | Run::AStarOneShot);
        let changes = if astar {
            settings.astar_changes.min(settings.changes)
        } else {
            settings.changes
        };
        let tally = frame_run(&grid, run, changes, settings.queries);
        tally.print(map, name, changes);
        costs.push((changes, tally.cost));
    }
    // Kept and remade searchers answered the same queries: the same costs.
    for pair in costs.chunks(2) {
        assert_eq!(
            pair[0], pair[1],
            "{map}: kept and remade searchers disagree"
        );
    }
}

fn frame_run(grid: &Grid, run: Run, changes: usize, queries: usize) -> Tally {
    let mut grid = grid.clone();
    let mut tally = Tally::default();
    let mut jps = JumpPointSearcher::new(&grid);
    if matches!(run, Run::PlusKept | Run::PlusRebuilt) {
        jps = JumpPointSearcher::with_table(&grid, JumpTable::build(&grid).unwrap()).unwrap();
    }
    let mut astar = informed::Searcher::new();
    let mut path = Vec::new();
    let (mut changes_seed, mut queries_seed) = (1u64, 2u64);
    for _ in 0..changes {
        let cell = random_cell(&grid, &mut changes_seed);
        grid.set_free(cell, !grid.is_free(cell));
        let started = Instant::now();
        match run {
            Run::JpsKept | Run::PlusKept => jps.follow(&grid),
            Run::JpsRemade => jps = JumpPointSearcher::new(&grid),
            Run::PlusRebuilt => {
                let table = JumpTable::build(&grid).unwrap();
                jps = JumpPointSearcher::with_table(&grid, table).unwrap();
            }
            Run::AStarKept | Run::AStarOneShot => {}
        }
        tally.changes += started.elapsed();
        let started = Instant::now();
        for _ in 0..queries {
            let start = random_free(&grid, &mut queries_seed);
            let goal = random_free(&grid, &mut queries_seed);
            let problem = grid.problem(start, goal, Movement::Eight).unwrap();
            let cost = match run {
                Run::AStarKept => astar
                    .astar_into_with(&problem, problem.octile(), &mut path)
                    .map(|(cost, _)| cost),
                Run::AStarOneShot => {
                    informed::astar_with(&problem, problem.octile()).map(|s| s.cost())
                }
                _ => jps.search_into(&problem, &mut path).map(|(cost, _)| cost),
            };
            tally.cost += cost.unwrap_or(-1.0);
            tally.count += 1;
        }
        tally.queries += started.elapsed();
    }
    tally
}
