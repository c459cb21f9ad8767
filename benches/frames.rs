//! Searches that span frames, on Moving AI maps: how good the partial path of a
//! [`informed::Resumable`] search is after a frame's budget, under each
//! [`informed::PartialTarget`], and what splitting a search into frames costs.
//!
//! `cargo run --release -p informed-bench --bin frames -- quality [COUNT]`: for COUNT scenarios
//! (default 200) of `dao/arena2` and of `room/8room_000`, one call of 100 and of 1,000
//! expansions; where the search is still running, the cost of following its partial path and
//! then the rest of the way optimally, against the optimum, and how much nearer the goal (in true
//! distance, as a share of the optimum) the path's end is than the start. Counts, not times: one
//! run on a busy machine decides.
//!
//! `frames run WORKLOAD MAP [COUNT]` runs one workload over the scenarios for callgrind to count
//! (only the `measured` function: `--collect-atstart=no --toggle-collect='*frames*measured*'`):
//! `one-call` (one A* call a scenario), `frames-100` and `frames-100-least-estimate` (a
//! resumable search a scenario, called with 100 expansions until it ends). Every cost is checked
//! against the scenario's published optimum.
//!
//! `frames quality-jps [COUNT]` gives the same table for jump point search
//! ([`informed::grid::JumpPointQuery`], one searcher a map), its budgets counting jump points
//! expanded. `frames run` takes the workloads `jps-one-call` (one `JumpPointSearcher::search` a
//! scenario), `jps-frames-100` and `jps-frames-100-least-estimate` (a query a scenario, called
//! with 100 expansions until it ends), and the same with `jps-plus-` for JPS+ (the table built
//! before counting).
//!
//! Without `../shared/data` it says it skipped.

mod common;

use std::hint::black_box;
use std::process::ExitCode;

use informed::grid::{Grid, GridProblem, JumpPointSearcher, JumpTable, Movement, Scenario};
use informed::{Budget, PartialTarget, Progress, Solution};

const MAPS: [&str; 2] = ["dao/arena2", "room/8room_000"];
const BUDGETS: [u64; 2] = [100, 1_000];
const TARGETS: [(PartialTarget, &str); 2] = [
    (PartialTarget::LeastF, "least f"),
    (PartialTarget::LeastEstimate, "least estimate"),
];

/// What one budget and target gave over a map's scenarios.
#[derive(Default)]
struct Quality {
    scenarios: usize,
    /// Scenarios the first call did not finish.
    running: usize,
    /// Of those, the ones whose partial path costs more to follow than the optimum.
    worse: usize,
    /// Sum and worst of (partial path's cost + optimum from its end) / optimum, over `running`.
    ratio_sum: f64,
    ratio_max: f64,
    /// Sum of (optimum − optimum from the end) / optimum over `running`: the share of the way
    /// the end is nearer the goal than the start.
    gained_sum: f64,
    /// Sum of the partial paths' lengths in cells.
    cells_sum: usize,
}

fn optimum(grid: &Grid, from: informed::grid::Cell, to: informed::grid::Cell) -> f64 {
    let problem = grid.problem(from, to, Movement::Eight).unwrap();
    informed::astar_with(&problem, problem.octile())
        .expect("the end of a partial path reaches the goal")
        .cost()
}

/// Which search the quality table is of.
#[derive(Clone, Copy, PartialEq)]
enum Searched {
    AStar,
    Jps,
}

fn quality(count: usize, searched: Searched) {
    println!(
        "| map | expansions | partial target | still running | costlier to follow | mean cost to follow / optimum | worst | mean share of the way gained | mean cells |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|");
    for map in MAPS {
        let Some((grid, scenarios)) = common::movingai(map, count) else {
            return;
        };
        let expected: Vec<f64> = scenarios.iter().map(Scenario::optimal).collect();
        let mut jps = JumpPointSearcher::new(&grid);
        for budget in BUDGETS {
            for (target, name) in TARGETS {
                let mut q = Quality::default();
                for (scenario, &best) in scenarios.iter().zip(&expected) {
                    q.scenarios += 1;
                    let problem = grid
                        .problem(scenario.start(), scenario.goal(), Movement::Eight)
                        .unwrap();
                    let progress = match searched {
                        Searched::AStar => informed::resumable_with(&problem, problem.octile())
                            .partial_target(target)
                            .run(Budget::expansions(budget)),
                        Searched::Jps => jps
                            .resumable(&problem)
                            .partial_target(target)
                            .run(Budget::expansions(budget)),
                    };
                    let partial = match progress {
                        Progress::Done(outcome) => {
                            common::check(scenario, outcome.ok().map(|s| s.cost()));
                            continue;
                        }
                        Progress::Running { partial, .. } => partial,
                    };
                    let end = *partial.path().last().unwrap();
                    let rest = optimum(&grid, end, scenario.goal());
                    let ratio = (partial.cost() + rest) / best;
                    q.running += 1;
                    q.worse += usize::from(ratio > 1.0 + 1e-9);
                    q.ratio_sum += ratio;
                    q.ratio_max = q.ratio_max.max(ratio);
                    q.gained_sum += (best - rest) / best;
                    q.cells_sum += partial.path().len();
                }
                let n = q.running.max(1) as f64;
                println!(
                    "| {map} | {budget} | {name} | {} of {} | {} | {:.4} | {:.4} | {:.1}% | {:.1} |",
                    q.running,
                    q.scenarios,
                    q.worse,
                    q.ratio_sum / n,
                    q.ratio_max,
                    100.0 * q.gained_sum / n,
                    q.cells_sum as f64 / n
                );
            }
        }
    }
}

/// The search callgrind counts.
#[inline(never)]
fn measured<R>(search: impl FnOnce() -> R) -> R {
    black_box(search())
}

/// Runs `problem` in calls of 100 expansions until it ends.
fn in_frames(
    problem: &GridProblem<'_>,
    target: PartialTarget,
) -> Option<Solution<informed::grid::Cell, f64>> {
    let mut search = informed::resumable_with(problem, problem.octile()).partial_target(target);
    loop {
        if let Progress::Done(outcome) = search.run(Budget::expansions(100)) {
            return outcome.ok();
        }
    }
}

/// Runs `problem` on `jps` in calls of 100 expansions until it ends.
fn jps_in_frames(
    jps: &mut JumpPointSearcher,
    problem: &GridProblem<'_>,
    target: PartialTarget,
) -> Option<Solution<informed::grid::Cell, f64>> {
    let mut query = jps.resumable(problem).partial_target(target);
    loop {
        if let Progress::Done(outcome) = query.run(Budget::expansions(100)) {
            return outcome.ok();
        }
    }
}

/// The `jps-*` workloads: one searcher (JPS, or JPS+ with its table built before counting)
/// for every scenario.
fn run_jps(workload: &str, map: &str, count: usize) -> ExitCode {
    let Some((grid, scenarios)) = common::movingai(map, count) else {
        return ExitCode::SUCCESS;
    };
    let queries = common::queries(&grid, &scenarios);
    let (table, split) = match workload.strip_prefix("jps-plus-") {
        Some(rest) => (true, rest),
        None => (false, workload.strip_prefix("jps-").unwrap_or(workload)),
    };
    let mut jps = if table {
        let built = JumpTable::build(&grid).expect("a Moving AI map fits a table");
        JumpPointSearcher::with_table(&grid, built).expect("the table of this grid")
    } else {
        JumpPointSearcher::new(&grid)
    };
    let target = match split {
        "one-call" => None,
        "frames-100" => Some(PartialTarget::LeastF),
        "frames-100-least-estimate" => Some(PartialTarget::LeastEstimate),
        _ => {
            eprintln!(
                "unknown workload {workload}: jps-one-call, jps-frames-100, \
                 jps-frames-100-least-estimate, and the same with jps-plus-"
            );
            return ExitCode::FAILURE;
        }
    };
    let found = measured(|| {
        queries
            .iter()
            .map(|(_, problem)| match target {
                None => jps.search(problem).ok(),
                Some(target) => jps_in_frames(&mut jps, problem, target),
            })
            .collect::<Vec<_>>()
    });
    report(workload, map, &queries, &found)
}

/// Checks every cost found against the scenario's optimum and prints the expansions.
fn report(
    workload: &str,
    map: &str,
    queries: &[(&Scenario, GridProblem<'_>)],
    found: &[Option<Solution<informed::grid::Cell, f64>>],
) -> ExitCode {
    let mut expanded = 0;
    for ((scenario, _), solution) in queries.iter().zip(found) {
        common::check(scenario, solution.as_ref().map(Solution::cost));
        expanded += solution.as_ref().map_or(0, |s| s.stats().expanded);
    }
    println!(
        "{workload} {map}: {} scenarios, {expanded} expanded",
        found.len()
    );
    ExitCode::SUCCESS
}

fn run(workload: &str, map: &str, count: usize) -> ExitCode {
    if workload.starts_with("jps-") {
        return run_jps(workload, map, count);
    }
    let Some((grid, scenarios)) = common::movingai(map, count) else {
        return ExitCode::SUCCESS;
    };
    let queries = common::queries(&grid, &scenarios);
    let solve: fn(&GridProblem<'_>) -> Option<Solution<informed::grid::Cell, f64>> = match workload
    {
        "one-call" => |problem| informed::astar_with(problem, problem.octile()).ok(),
        "frames-100" => |problem| in_frames(problem, PartialTarget::LeastF),
        "frames-100-least-estimate" => |problem| in_frames(problem, PartialTarget::LeastEstimate),
        _ => {
            eprintln!(
                "unknown workload {workload}: one-call, frames-100, frames-100-least-estimate"
            );
            return ExitCode::FAILURE;
        }
    };
    let found = measured(|| {
        queries
            .iter()
            .map(|(_, problem)| solve(problem))
            .collect::<Vec<_>>()
    });
    report(workload, map, &queries, &found)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = |arg: Option<&String>| arg.map_or(Ok(200), |n| n.parse::<usize>());
    match args.first().map(String::as_str) {
        Some(mode @ ("quality" | "quality-jps")) => match count(args.get(1)) {
            Ok(count) => {
                let searched = if mode == "quality" {
                    Searched::AStar
                } else {
                    Searched::Jps
                };
                quality(count, searched);
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("COUNT: {error}");
                ExitCode::FAILURE
            }
        },
        Some("run") if args.len() >= 3 => match count(args.get(3)) {
            Ok(count) => run(&args[1], &args[2], count),
            Err(error) => {
                eprintln!("COUNT: {error}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!(
                "usage: frames quality [COUNT] | frames quality-jps [COUNT] | frames run WORKLOAD MAP [COUNT]"
            );
            ExitCode::FAILURE
        }
    }
}
