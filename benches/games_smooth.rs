//! Smooth and any-angle paths on grids: for each query, the length of A*'s grid path (its
//! cells' centres joined), of that path smoothed by string pulling (`Grid::smooth`), and of
//! Theta*'s path (`theta_star`), against the straight line from start to goal (a lower bound
//! on any path); and the time of each in one process, as ratios to A*'s.
//!
//! Workloads: a generated open map (always; there the straight line is the answer), seeded
//! random maps with 10%, 20% and 30% of their cells blocked, and the Moving AI maps arena2 and
//! 8room_000 with all their scenarios (skipped, saying so, without `../shared`). Every A* cost
//! is checked against the scenario's published length.
//!
//! It counts the queries where Theta*'s path is longer than the grid path (Theta* does not
//! promise otherwise) and where smoothing lengthened a path (it must not), and shows the worst
//! case of each.
//!
//! `cargo run --release -p informed-bench --bin games-smooth`; `-- --only METHOD WORKLOAD`
//! runs one method (`load`, `astar`, `smooth`, `theta`) on 200 queries of one workload (`open`,
//! or a map such as `dao/arena2`) for an instruction count under callgrind.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use informed::grid::{self, Cell, Grid, Movement, Scenario};

/// A query and what each method made of it.
struct Outcome {
    start: Cell,
    goal: Cell,
    straight: f64,
    grid: f64,
    smoothed: f64,
    theta: f64,
}

/// The totals over one workload.
#[derive(Default)]
struct Totals {
    queries: usize,
    astar_s: f64,
    smooth_s: f64,
    theta_s: f64,
    outcomes: Vec<Outcome>,
}

/// Relative tolerance for "longer": beyond rounding.
const LONGER: f64 = 1e-9;

fn run(grid: &Grid, queries: &[(Cell, Cell)], scenarios: Option<&[Scenario]>) -> Totals {
    let mut totals = Totals::default();
    let mut waypoints = Vec::new();
    for (k, &(start, goal)) in queries.iter().enumerate() {
        let problem = grid
            .problem(start, goal, Movement::Eight)
            .expect("queries on free cells");
        let clock = Instant::now();
        let astar = informed::astar_with(&problem, problem.octile());
        totals.astar_s += clock.elapsed().as_secs_f64();
        if let Some(scenarios) = scenarios {
            common::check(&scenarios[k], astar.as_ref().ok().map(|s| s.cost()));
        }
        let Ok(astar) = astar else {
            continue;
        };
        let clock = Instant::now();
        grid.smooth_into(black_box(astar.path()), Movement::Eight, &mut waypoints);
        totals.smooth_s += clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        let theta = informed::theta_star_with(&problem, problem.euclidean())
            .expect("Theta* reaches what A* reaches");
        totals.theta_s += clock.elapsed().as_secs_f64();
        totals.queries += 1;
        totals.outcomes.push(Outcome {
            start,
            goal,
            straight: grid::path_length(&[start, goal]),
            grid: grid::path_length(astar.path()),
            smoothed: grid::path_length(&waypoints),
            theta: theta.cost(),
        });
    }
    totals
}

fn report(name: &str, totals: &Totals) {
    let n = totals.queries.max(1) as f64;
    let outcomes = &totals.outcomes;
    let over = |f: fn(&Outcome) -> f64| {
        outcomes
            .iter()
            .filter(|o| o.straight > 0.0)
            .map(|o| f(o) / o.straight)
            .sum::<f64>()
            / outcomes.iter().filter(|o| o.straight > 0.0).count().max(1) as f64
    };
    let sum = |f: fn(&Outcome) -> f64| outcomes.iter().map(f).sum::<f64>();
    let longer = |a: fn(&Outcome) -> f64, b: fn(&Outcome) -> f64| {
        outcomes
            .iter()
            .filter(|o| a(o) > b(o) * (1.0 + LONGER))
            .count()
    };
    let worst = |a: fn(&Outcome) -> f64, b: fn(&Outcome) -> f64| {
        outcomes
            .iter()
            .map(|o| (a(o) / b(o).max(f64::MIN_POSITIVE), o))
            .max_by(|x, y| x.0.total_cmp(&y.0))
    };
    println!(
        "{name:<16} {:>6} {:>11.1} {:>11.1} {:>11.1} {:>11.1}   {:>6.4} {:>6.4} {:>6.4}   {:>6.2} {:>6.2}",
        totals.queries,
        sum(|o| o.straight),
        sum(|o| o.grid),
        sum(|o| o.smoothed),
        sum(|o| o.theta),
        over(|o| o.grid),
        over(|o| o.smoothed),
        over(|o| o.theta),
        totals.smooth_s / totals.astar_s,
        totals.theta_s / totals.astar_s,
    );
    let theta_longer = longer(|o| o.theta, |o| o.grid);
    let smooth_longer = longer(|o| o.smoothed, |o| o.grid);
    let theta_over_smooth = longer(|o| o.theta, |o| o.smoothed);
    let smooth_over_theta = longer(|o| o.smoothed, |o| o.theta);
    println!(
        "{:<16} Theta* longer than the grid path: {theta_longer}; smoothed longer than the grid path: {smooth_longer}; Theta* longer than smoothed: {theta_over_smooth}, shorter: {smooth_over_theta}; A* {:.1} µs a query",
        "",
        totals.astar_s * 1e6 / n
    );
    if theta_longer > 0
        && let Some((ratio, o)) = worst(|o| o.theta, |o| o.grid)
    {
        println!(
            "{:<16} worst: {} → {}: Theta* {:.4}, grid {:.4} ({:+.3}%)",
            "",
            o.start,
            o.goal,
            o.theta,
            o.grid,
            (ratio - 1.0) * 100.0
        );
    }
    assert_eq!(smooth_longer, 0, "smoothing never lengthens a path");
}

/// `count` seeded queries between free cells of `grid`.
fn random_queries(grid: &Grid, count: usize, seed: u64) -> Vec<(Cell, Cell)> {
    let mut rng = common::Rng(seed);
    let free: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter(|&c| grid.is_free(c))
        .collect();
    (0..count)
        .map(|_| {
            let a = free[rng.below(free.len() as u64) as usize];
            let b = free[rng.below(free.len() as u64) as usize];
            (a, b)
        })
        .collect()
}

/// Theta* and smoothing against the shortest path whose waypoints are cell centres (Dijkstra on
/// the visibility graph of the free cells, every pair tested by `Grid::line_of_sight`): how far
/// from the any-angle optimum they land, on a small random map with `walls`% blocked.
fn against_optimum(size: u32, walls: u64, count: usize) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    let grid = common::walled_grid(size, walls, 90 + walls);
    let free: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter(|&c| grid.is_free(c))
        .collect();
    let number = |c: Cell| free.binary_search_by_key(&(c.y, c.x), |f| (f.y, f.x)).ok();
    let mut edges: Vec<Vec<(usize, f64)>> = vec![Vec::new(); free.len()];
    for i in 0..free.len() {
        for j in i + 1..free.len() {
            if grid.line_of_sight(free[i], free[j], Movement::Eight) {
                let d = grid::path_length(&[free[i], free[j]]);
                edges[i].push((j, d));
                edges[j].push((i, d));
            }
        }
    }
    let optimum = |from: usize, to: usize| -> Option<f64> {
        let mut best = vec![f64::INFINITY; free.len()];
        let mut heap = BinaryHeap::new();
        best[from] = 0.0;
        heap.push(Reverse((0u64, from)));
        while let Some(Reverse((bits, v))) = heap.pop() {
            let d = f64::from_bits(bits);
            if d > best[v] {
                continue;
            }
            if v == to {
                return Some(d);
            }
            for &(w, c) in &edges[v] {
                if d + c < best[w] {
                    best[w] = d + c;
                    // Non-negative floats order as their bits do.
                    heap.push(Reverse(((d + c).to_bits(), w)));
                }
            }
        }
        None
    };
    let (mut found, mut theta_equal, mut smooth_equal) = (0, 0, 0);
    let (mut theta_ratio, mut smooth_ratio, mut grid_ratio) = (0.0, 0.0, 0.0);
    let (mut theta_worst, mut smooth_worst) = (1.0f64, 1.0f64);
    for (start, goal) in random_queries(&grid, count, walls + 7) {
        let Some(best) = optimum(number(start).unwrap(), number(goal).unwrap()) else {
            continue;
        };
        if best == 0.0 {
            continue;
        }
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        let astar = informed::astar_with(&problem, problem.octile()).unwrap();
        let theta = informed::theta_star_with(&problem, problem.euclidean()).unwrap();
        let smoothed = grid::path_length(&grid.smooth(astar.path(), Movement::Eight));
        found += 1;
        let (t, s) = (theta.cost() / best, smoothed / best);
        assert!(t >= 1.0 - 1e-12 && s >= 1.0 - 1e-12, "below the optimum");
        theta_equal += usize::from(t <= 1.0 + 1e-12);
        smooth_equal += usize::from(s <= 1.0 + 1e-12);
        theta_ratio += t;
        smooth_ratio += s;
        grid_ratio += grid::path_length(astar.path()) / best;
        theta_worst = theta_worst.max(t);
        smooth_worst = smooth_worst.max(s);
    }
    let n = found.max(1) as f64;
    println!(
        "random {size}² {walls}%, {found} paths, against the shortest path through cell centres: grid path {:.4}×; smoothed {:.4}× (worst {:.4}×, optimal in {smooth_equal}); Theta* {:.4}× (worst {:.4}×, optimal in {theta_equal})",
        grid_ratio / n,
        smooth_ratio / n,
        smooth_worst,
        theta_ratio / n,
        theta_worst,
    );
}

/// One method alone on one workload, for an instruction count (`valgrind --tool=callgrind`):
/// `load` only builds the queries, `astar` adds A*, `smooth` A* and smoothing, `theta` Theta*
/// alone; differences between the counts give each method's share.
fn only(method: &str, workload: &str) {
    let (grid, queries) = match workload {
        "open" => {
            let grid = Grid::new(256, 256);
            let queries = random_queries(&grid, 200, 1);
            (grid, queries)
        }
        map => {
            let Some((grid, scenarios)) = common::movingai(map, 200) else {
                return;
            };
            let queries = scenarios.iter().map(|s| (s.start(), s.goal())).collect();
            (grid, queries)
        }
    };
    let mut waypoints = Vec::new();
    let mut total = 0.0;
    for &(start, goal) in &queries {
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        total += match method {
            "load" => 0.0,
            "astar" | "smooth" => {
                let Ok(astar) = informed::astar_with(&problem, problem.octile()) else {
                    continue;
                };
                if method == "smooth" {
                    grid.smooth_into(astar.path(), Movement::Eight, &mut waypoints);
                    grid::path_length(&waypoints)
                } else {
                    astar.cost()
                }
            }
            "theta" => {
                informed::theta_star_with(&problem, problem.euclidean()).map_or(0.0, |s| s.cost())
            }
            other => panic!("unknown method {other}: load, astar, smooth or theta"),
        };
    }
    println!(
        "{method} on {workload}: {} queries, total length {total:.1}",
        queries.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, method, workload] = &args[..]
        && flag == "--only"
    {
        only(method, workload);
        return;
    }
    println!(
        "lengths summed over the queries; ratios to the straight line averaged over them; times as ratios to A*'s (octile heuristic), in one process"
    );
    println!(
        "{:<16} {:>6} {:>11} {:>11} {:>11} {:>11}   {:>6} {:>6} {:>6}   {:>6} {:>6}",
        "map",
        "paths",
        "straight",
        "grid path",
        "smoothed",
        "Theta*",
        "grid/E",
        "smth/E",
        "θ*/E",
        "smooth",
        "Theta*"
    );
    let open = Grid::new(256, 256);
    let queries = random_queries(&open, 1000, 1);
    let totals = run(&open, &queries, None);
    report("open 256²", &totals);
    let exact = totals
        .outcomes
        .iter()
        .filter(|o| o.theta == o.straight && o.smoothed == o.straight)
        .count();
    println!(
        "{:<16} Theta* and smoothing both exactly the straight line: {exact} of {}",
        "", totals.queries
    );
    for walls in [10, 20, 30] {
        let grid = common::walled_grid(256, walls, 40 + walls);
        let queries = random_queries(&grid, 1000, walls);
        report(&format!("random {walls}%"), &run(&grid, &queries, None));
    }
    for walls in [10, 20, 30] {
        against_optimum(48, walls, 300);
    }
    for map in ["dao/arena2", "room/8room_000"] {
        let Some((grid, scenarios)) = common::movingai(map, usize::MAX) else {
            println!("skipped: ../shared/data/movingai is absent");
            return;
        };
        let queries: Vec<(Cell, Cell)> = scenarios.iter().map(|s| (s.start(), s.goal())).collect();
        let name = map.rsplit('/').next().unwrap_or(map);
        report(name, &run(&grid, &queries, Some(&scenarios)));
    }
}
