//! Weighted A* with and without reopening ([`informed::Reopening`]), on the workloads that
//! decide the option's default: `cargo run --release -p informed-bench --bin reopening`.
//!
//! For each workload and weight, the states expanded, the reopenings and the summed cost of
//! weighted A* that reopens ([`Reopening::Always`]) and that does not ([`Reopening::Never`]),
//! with the summed cost over the summed optimum and the worst single ratio; every cost is
//! checked against the bound, max(1, w) × the published optimum. Counts, not times: each is
//! deterministic. For instructions, run one configuration under callgrind
//! (`--workload korf --weights 2 --reopening never`), and `--load-only` for what loading the
//! inputs costs, to subtract.
//!
//! The workloads: Korf's 100 15-puzzles (Manhattan distance; `--korf N` takes the first N by
//! number), every scenario of Moving AI's `dao/arena2` and `room/8room_000` (octile distance,
//! 8-connected; `--scenarios N` takes N spread over the file). Both heuristics are consistent. Without `../shared/data` the workloads say
//! they are skipped.

mod args;
mod common;
mod korf;

use informed::grid::Grid;
use informed::{Heuristic, Reopening, Search, SearchProblem};

use args::Args;
use common::thousands;

/// What one configuration did over a workload.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    expanded: u64,
    reopened: u64,
    cost: f64,
    optimal: f64,
    worst: f64,
}

fn main() {
    let mut args = Args::from_env();
    let program = "reopening";
    let read = |args: &mut Args| -> Result<_, String> {
        let workload = args
            .choice("--workload", &["all", "korf", "arena2", "8room"])?
            .unwrap_or_else(|| "all".to_owned());
        let weights = args
            .list("--weights", "weights, each at least 1", |w| {
                w.parse::<f64>().ok().filter(|w| *w >= 1.0)
            })?
            .unwrap_or_else(|| vec![1.5, 2.0, 5.0]);
        let reopening = match args
            .choice("--reopening", &["both", "always", "never"])?
            .as_deref()
        {
            Some("always") => vec![Reopening::Always],
            Some("never") => vec![Reopening::Never],
            _ => vec![Reopening::Always, Reopening::Never],
        };
        let korf = args.parsed::<usize>("--korf", "a number of instances")?;
        let scenarios = args.parsed::<usize>("--scenarios", "a number of scenarios")?;
        let load_only = args.flag("--load-only");
        let counts = (korf.unwrap_or(100), scenarios.unwrap_or(usize::MAX));
        Ok((workload, weights, reopening, counts, load_only))
    };
    let (workload, weights, reopenings, (korf_count, scenario_count), load_only) =
        match read(&mut args).and_then(|read| args.rest().map(|_| read)) {
            Ok(read) => read,
            Err(message) => args::exit(program, &message),
        };
    println!("| workload | w | reopening | expanded | reopened | cost / optimal | worst ratio |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    if matches!(workload.as_str(), "all" | "korf") {
        korf_rows(korf_count, &weights, &reopenings, load_only);
    }
    for (name, map) in [("arena2", "dao/arena2"), ("8room", "room/8room_000")] {
        if matches!(workload.as_str(), "all") || workload == name {
            grid_rows(map, scenario_count, &weights, &reopenings, load_only);
        }
    }
}

/// Weighted A* on `problem` with `heuristic`, `weight` and `reopening`, added to `tally`
/// against the published `optimal`, after checking the bound.
fn run<P, H>(
    tally: &mut Tally,
    problem: &P,
    heuristic: H,
    weight: f64,
    reopening: Reopening,
    optimal: f64,
) where
    P: SearchProblem,
    P::State: std::fmt::Debug,
    P::Cost: Into<f64>,
    H: Heuristic<P::State, P::Cost>,
{
    let solution = Search::new(problem)
        .reopening(reopening)
        .weighted_astar_with(heuristic, weight)
        .unwrap_or_else(|error| panic!("every workload here has a path: {error}"));
    let cost: f64 = solution.cost().into();
    assert!(
        // The maps' optima are given to a few decimals.
        cost <= weight * optimal + 1e-3,
        "{reopening:?}, w = {weight}: cost {cost} beyond the bound on optimum {optimal}"
    );
    let stats = solution.stats();
    tally.expanded += stats.expanded;
    tally.reopened += stats.reopened;
    tally.cost += cost;
    tally.optimal += optimal;
    if optimal > 0.0 {
        tally.worst = tally.worst.max(cost / optimal);
    }
}

/// Prints one row.
fn row(name: &str, weight: f64, reopening: Reopening, tally: Tally) {
    println!(
        "| {name} | {weight} | {reopening:?} | {} | {} | {:.4} | {:.4} |",
        thousands(tally.expanded),
        thousands(tally.reopened),
        tally.cost / tally.optimal,
        tally.worst
    );
}

fn korf_rows(count: usize, weights: &[f64], reopenings: &[Reopening], load_only: bool) {
    let puzzle = korf::puzzle();
    let Some(mut instances) = korf::instances(&puzzle) else {
        return;
    };
    instances.sort_by_key(|instance| instance.id);
    instances.truncate(count);
    let name = format!("15-puzzle, Korf's first {}, Manhattan", instances.len());
    if load_only {
        return;
    }
    for &weight in weights {
        for &reopening in reopenings {
            let mut tally = Tally::default();
            for instance in &instances {
                let problem = puzzle.problem(instance.board).expect("solvable");
                let optimal = f64::from(instance.optimal);
                run(
                    &mut tally,
                    &problem,
                    puzzle.manhattan(),
                    weight,
                    reopening,
                    optimal,
                );
            }
            row(&name, weight, reopening, tally);
        }
    }
}

fn grid_rows(map: &str, count: usize, weights: &[f64], reopenings: &[Reopening], load_only: bool) {
    let Some((grid, scenarios)) = common::movingai(map, count) else {
        return;
    };
    let grid: &Grid = &grid;
    let queries = common::queries(grid, &scenarios);
    // A start and goal that are not connected (length 0 in the file) have no bound to check.
    let queries: Vec<_> = queries
        .into_iter()
        .filter(|(scenario, _)| scenario.optimal() > 0.0)
        .collect();
    let name = format!("Moving AI {map}, {} scenarios, octile", queries.len());
    if load_only {
        return;
    }
    for &weight in weights {
        for &reopening in reopenings {
            let mut tally = Tally::default();
            for (scenario, problem) in &queries {
                run(
                    &mut tally,
                    problem,
                    problem.octile(),
                    weight,
                    reopening,
                    scenario.optimal(),
                );
            }
            row(&name, weight, reopening, tally);
        }
    }
}
