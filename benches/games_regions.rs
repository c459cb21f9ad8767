//! Connected regions on two Moving AI maps, arena2 and 8room_000, under the 8-connected Moving
//! AI rule: the time to build them; to answer "can this goal be reached?" for 1,000 random
//! queries; to repair them after each of 100 random cell changes, against building them
//! again; and the A* work saved on 100 walled-in goals, with the nearest reachable cell to
//! each. Every repaired labelling is checked against a fresh build, every "unreachable"
//! against A* itself, every nearest cell against a scan of the map.
//!
//! `cargo run --release -p informed-bench --bin games-regions`; skipped, saying so, without
//! `../shared/data`. One run: the times are as noisy as the machine; the expansions are exact.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::Rng;
use informed::Heuristic;
use informed::grid::{Cell, Grid, Movement, Octile, Regions};

const MAPS: [&str; 2] = ["dao/arena2", "room/8room_000"];
const QUERIES: usize = 1_000;
const CHANGES: usize = 100;
const WALLED: usize = 100;
const MOVEMENT: Movement = Movement::Eight;

fn main() {
    for map in MAPS {
        let Some((grid, _)) = common::movingai(map, 1) else {
            println!("skipped: ../shared/data/movingai is absent");
            return;
        };
        println!(
            "{map}: {}×{}, {} free cells",
            grid.width(),
            grid.height(),
            grid.free_count()
        );
        let build = build_time(&grid);
        queries(&grid);
        changes(&grid, build);
        walled_in_goals(&grid);
        println!();
    }
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// The median of 11 builds.
fn build_time(grid: &Grid) -> Duration {
    let times: Vec<Duration> = (0..11)
        .map(|_| {
            let started = Instant::now();
            black_box(Regions::build(black_box(grid), MOVEMENT));
            started.elapsed()
        })
        .collect();
    let build = median(times);
    let regions = Regions::build(grid, MOVEMENT);
    println!(
        "  build: {:.1} µs (median of 11), {} regions",
        micros(build),
        regions.count()
    );
    build
}

/// A random free cell.
fn free_cell(grid: &Grid, rng: &mut Rng) -> Cell {
    loop {
        let cell = Cell::new(
            rng.below(u64::from(grid.width())) as u32,
            rng.below(u64::from(grid.height())) as u32,
        );
        if grid.is_free(cell) {
            return cell;
        }
    }
}

/// The time of `reachable` over 1,000 random pairs of free cells, each answer checked
/// against A* on a sample.
fn queries(grid: &Grid) {
    let regions = Regions::build(grid, MOVEMENT);
    let mut rng = Rng(37);
    let pairs: Vec<(Cell, Cell)> = (0..QUERIES)
        .map(|_| (free_cell(grid, &mut rng), free_cell(grid, &mut rng)))
        .collect();
    for &(start, goal) in pairs.iter().take(50) {
        let problem = grid.problem(start, goal, MOVEMENT).expect("free cells");
        let found = informed::astar_with(&problem, problem.octile()).is_ok();
        assert_eq!(regions.reachable(start, goal), found, "{start} → {goal}");
    }
    const ROUNDS: u32 = 1_000;
    let started = Instant::now();
    let mut reachable = 0usize;
    for _ in 0..ROUNDS {
        for &(start, goal) in black_box(&pairs) {
            reachable += usize::from(regions.reachable(start, goal));
        }
    }
    let per_query = started.elapsed().as_secs_f64() * 1e9 / f64::from(ROUNDS) / QUERIES as f64;
    println!(
        "  reachable: {per_query:.1} ns a query ({} of {QUERIES} pairs reachable)",
        reachable / ROUNDS as usize
    );
}

/// Whether two labellings are the same partition of the cells.
fn same_partition(a: &Regions, b: &Regions, grid: &Grid) -> bool {
    let mut map = std::collections::HashMap::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let cell = Cell::new(x, y);
            match (a.region(cell), b.region(cell)) {
                (None, None) => {}
                (Some(ra), Some(rb)) => {
                    if *map.entry(ra).or_insert(rb) != rb {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
    a.count() == b.count()
}

/// 100 random cells flipped (blocked if free, freed if blocked), each repair timed and checked
/// against a fresh build.
fn changes(grid: &Grid, build: Duration) {
    let mut grid = grid.clone();
    let mut regions = Regions::build(&grid, MOVEMENT);
    let mut rng = Rng(38);
    let (mut blocking, mut freeing) = (Vec::new(), Vec::new());
    for _ in 0..CHANGES {
        let cell = Cell::new(
            rng.below(u64::from(grid.width())) as u32,
            rng.below(u64::from(grid.height())) as u32,
        );
        let free = !grid.is_free(cell);
        let started = Instant::now();
        regions.set_free(&mut grid, cell, free);
        let took = started.elapsed();
        if free {
            freeing.push(took);
        } else {
            blocking.push(took);
        }
        assert!(
            same_partition(&regions, &Regions::build(&grid, MOVEMENT), &grid),
            "repair after {cell} differs from a fresh build"
        );
    }
    let all: Vec<Duration> = blocking.iter().chain(&freeing).copied().collect();
    let worst = all.iter().max().copied().unwrap_or_default();
    let median_all = median(all);
    println!(
        "  repair after one change: median {:.2} µs ({:.4}× a build), worst {:.1} µs ({:.3}×); \
         {} cells blocked (median {:.2} µs), {} freed (median {:.2} µs); all checked",
        micros(median_all),
        median_all.as_secs_f64() / build.as_secs_f64(),
        micros(worst),
        worst.as_secs_f64() / build.as_secs_f64(),
        blocking.len(),
        micros(median(blocking.clone())),
        freeing.len(),
        micros(median(freeing.clone())),
    );
}

/// 100 goals, each walled in (its eight neighbours blocked through the regions) in turn, with a
/// start from the largest region: plain A* floods the start's region to say "no path", the
/// checked A* answers from the regions; and the nearest reachable cell.
fn walled_in_goals(grid: &Grid) {
    let mut grid = grid.clone();
    let mut regions = Regions::build(&grid, MOVEMENT);
    let mut rng = Rng(39);
    let largest = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter_map(|cell| regions.region(cell))
        .max_by_key(|&region| regions.size(region))
        .expect("a free cell");
    let (mut plain_time, mut checked_time, mut nearest_time) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (mut expanded, mut walled) = (0u64, 0usize);
    while walled < WALLED {
        let goal = free_cell(&grid, &mut rng);
        let start = free_cell(&grid, &mut rng);
        if regions.region(start) != Some(largest) || start.x.abs_diff(goal.x) < 2 {
            continue;
        }
        let ring: Vec<Cell> = (-1i32..=1)
            .flat_map(|dy| (-1i32..=1).map(move |dx| (dx, dy)))
            .filter(|&step| step != (0, 0))
            .filter_map(|(dx, dy)| {
                let cell = Cell::new(
                    goal.x.checked_add_signed(dx)?,
                    goal.y.checked_add_signed(dy)?,
                );
                grid.is_free(cell).then_some(cell)
            })
            .collect();
        for &cell in &ring {
            regions.set_free(&mut grid, cell, false);
        }
        if regions.region(start) == regions.region(goal) {
            for &cell in &ring {
                regions.set_free(&mut grid, cell, true);
            }
            continue;
        }
        let problem = grid.problem(start, goal, MOVEMENT).expect("free cells");

        let started = Instant::now();
        let plain = informed::astar_with(&problem, problem.octile());
        plain_time += started.elapsed();
        let error = plain.expect_err("the goal is walled in");
        assert!(error.is_no_path());
        expanded += error.stats().expanded;

        let started = Instant::now();
        let checked = regions.astar(black_box(&problem));
        checked_time += started.elapsed();
        let error = checked.expect_err("the goal is walled in");
        assert!(error.is_no_path() && error.stats().expanded == 0);

        let started = Instant::now();
        let nearest = regions.nearest(&grid, start, goal).expect("free start");
        nearest_time += started.elapsed();
        check_nearest(&grid, &regions, start, goal, nearest);

        for &cell in &ring {
            regions.set_free(&mut grid, cell, true);
        }
        walled += 1;
    }
    let per = |time: Duration| micros(time) / WALLED as f64;
    println!(
        "  walled-in goals: plain A* expands {:.0} cells and takes {:.1} µs a query; \
         the regions' check {:.3} µs ({:.0}× less); the nearest reachable cell {:.2} µs",
        expanded as f64 / WALLED as f64,
        per(plain_time),
        per(checked_time),
        plain_time.as_secs_f64() / checked_time.as_secs_f64().max(1e-12),
        per(nearest_time),
    );
}

/// The nearest cell is in the start's region and no cell of that region is nearer the goal.
fn check_nearest(grid: &Grid, regions: &Regions, start: Cell, goal: Cell, nearest: Cell) {
    let octile = Octile::to(goal);
    assert!(regions.same_region(start, nearest));
    let best = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter(|&cell| regions.same_region(start, cell))
        .map(|cell| octile.estimate(&cell))
        .fold(f64::INFINITY, f64::min);
    assert_eq!(octile.estimate(&nearest), best);
}
