//! States expanded by A* under each tie rule, on the workloads that decide
//! [`informed::TieBreak`]'s default: `cargo run --release -p informed-bench --bin ties`.
//!
//! Counts, not times: each is deterministic, so one run on a busy machine decides. For each
//! workload, the states `informed`'s A* expands with [`TieBreak::Fifo`], [`TieBreak::Lifo`] and
//! [`TieBreak::Random`] with the seeds 1 to 5 (each after ranking by f, then the smaller h),
//! with [`EstimateTie::Larger`] and FIFO (f, then the larger h), and those `pathfinding` 4.16's A* expands
//! (ranking by f, then the larger g, which at equal f is the smaller h, then whatever order its
//! `BinaryHeap` leaves among equal entries), counted as the calls to its successor function plus
//! one for the goal, which `informed` counts as an expansion. Every cost is checked against the
//! other rules' and, where the data gives one, against the published optimum.
//!
//! The workloads: the pocket cube of `benches/workloads.rs` (200 scrambles, the `everyday` and
//! `instructions` cube A*), the ten of Korf's 100 15-puzzles that IDA* solves with the fewest
//! nodes (Manhattan distance), 200 scenarios of Moving AI's `dao/arena2` and 100 of
//! `room/8room_000` (octile distance, 8-connected), and the `lecture` maze of
//! `examples/maze.rs` (Manhattan distance, 4-connected). Without `../shared/data` the data-driven
//! workloads say they are skipped.

mod common;
mod korf;
mod workloads;

use std::cell::Cell as Counter;

use informed::grid::{Cell, Grid, Movement};
use informed::{EstimateTie, Heuristic, Search, SearchProblem, TieBreak};

use common::{PeerCost, thousands};
use workloads::{Cube, CubeProblem, scrambles};

/// The Korf instances: the ten IDA* solves with the fewest nodes (the file's node counts).
const EASY_KORF: usize = 10;

/// The states expanded and the summed cost of one workload under one rule.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Tally {
    expanded: u64,
    cost: f64,
}

impl Tally {
    fn add(&mut self, expanded: u64, cost: f64) {
        self.expanded += expanded;
        self.cost += cost;
    }
}

/// The seeds of the random rule's runs.
const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

fn main() {
    println!(
        "| workload | FIFO | LIFO | random, seeds 1–5 (least–most) | larger h, then FIFO | pathfinding 4.16 |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    cube();
    korf();
    grid("dao/arena2", 200);
    grid("room/8room_000", 100);
    lecture();
}

/// Prints one row, after checking that every rule found the same total cost.
fn row(name: &str, rules: &[Tally], peer: Tally) {
    let fifo = rules[0];
    for other in rules.iter().chain([&peer]) {
        assert!(
            (fifo.cost - other.cost).abs() < 1e-6 * fifo.cost.max(1.0),
            "{name}: the rules disagree on the cost: {rules:?} {peer:?}"
        );
    }
    let random = &rules[2..2 + SEEDS.count()];
    let least = random.iter().map(|t| t.expanded).min().unwrap_or(0);
    let most = random.iter().map(|t| t.expanded).max().unwrap_or(0);
    println!(
        "| {name} | {} | {} | {}–{} | {} | {} |",
        thousands(fifo.expanded),
        thousands(rules[1].expanded),
        thousands(least),
        thousands(most),
        thousands(rules[rules.len() - 1].expanded),
        thousands(peer.expanded)
    );
}

/// The rules of the columns, in order: FIFO, LIFO, the seeds, the larger h.
fn rules() -> Vec<(TieBreak, EstimateTie)> {
    let mut rules = vec![
        (TieBreak::Fifo, EstimateTie::Smaller),
        (TieBreak::Lifo, EstimateTie::Smaller),
    ];
    rules.extend(SEEDS.map(|seed| (TieBreak::Random { seed }, EstimateTie::Smaller)));
    rules.push((TieBreak::Fifo, EstimateTie::Larger));
    rules
}

/// `informed`'s A* on `problem` under a rule: (expanded, cost), `None` for no path.
fn informed_run<P, H>(
    problem: &P,
    heuristic: H,
    (ties, estimate): (TieBreak, EstimateTie),
) -> Option<(u64, f64)>
where
    P: SearchProblem,
    P::Cost: PeerCost,
    H: Heuristic<P::State, P::Cost>,
{
    let solution = Search::new(problem)
        .tie_break(ties)
        .estimate_tie(estimate)
        .astar_with(heuristic)
        .ok()?;
    Some((
        solution.stats().expanded,
        P::Cost::back(solution.cost().peer()),
    ))
}

/// `pathfinding`'s A* on `problem`: (expanded, cost), `None` for no path.
fn peer_run<P, H>(problem: &P, heuristic: &H) -> Option<(u64, f64)>
where
    P: SearchProblem,
    P::State: std::hash::Hash + Eq + Clone,
    P::Cost: PeerCost,
    H: Heuristic<P::State, P::Cost>,
{
    let calls = Counter::new(0u64);
    let start = problem.starts().into_iter().next().expect("a start state");
    let (_, cost) = pathfinding::directed::astar::astar(
        &start,
        |s| {
            calls.set(calls.get() + 1);
            problem
                .successors(s)
                .into_iter()
                .map(|(s, c)| (s, c.peer()))
                .collect::<Vec<_>>()
        },
        |s| heuristic.estimate(s).peer(),
        |s| problem.is_goal(s),
    )?;
    Some((calls.get() + 1, P::Cost::back(cost)))
}

/// Runs every rule on each problem and prints the row.
fn compare<P, H>(name: &str, problems: &[(P, H)])
where
    P: SearchProblem,
    P::State: std::hash::Hash + Eq + Clone,
    P::Cost: PeerCost,
    H: Heuristic<P::State, P::Cost> + Clone,
{
    let rules = rules();
    let mut tallies = vec![Tally::default(); rules.len()];
    let mut peer = Tally::default();
    for (problem, heuristic) in problems {
        let tally = |tally: &mut Tally, run: Option<(u64, f64)>| {
            let (expanded, cost) = run.expect("every workload here has a path");
            tally.add(expanded, cost);
        };
        for (tally_of_rule, &rule) in tallies.iter_mut().zip(&rules) {
            tally(
                tally_of_rule,
                informed_run(problem, heuristic.clone(), rule),
            );
        }
        tally(&mut peer, peer_run(problem, heuristic));
    }
    row(name, &tallies, peer);
}

fn cube() {
    let problems: Vec<_> = scrambles(200, 8)
        .into_iter()
        .map(|start| (CubeProblem { start }, Cube::estimate as fn(&Cube) -> u32))
        .collect();
    compare("pocket cube, 200 scrambles, corner count", &problems);
}

fn korf() {
    let puzzle = korf::puzzle();
    let Some(mut instances) = korf::instances(&puzzle) else {
        return;
    };
    instances.sort_by_key(|instance| (instance.recomputed, instance.id));
    instances.truncate(EASY_KORF);
    let mut ids: Vec<u32> = instances.iter().map(|instance| instance.id).collect();
    ids.sort_unstable();
    let problems: Vec<_> = instances
        .iter()
        .map(|instance| {
            let problem = puzzle.problem(instance.board).expect("solvable");
            (problem, puzzle.manhattan())
        })
        .collect();
    compare(&format!("15-puzzle, Korf's {ids:?}, Manhattan"), &problems);
    let optimal: u32 = instances.iter().map(|instance| instance.optimal).sum();
    let found: u32 = problems
        .iter()
        .map(|(problem, h)| informed::astar_with(problem, h.clone()).unwrap().cost())
        .sum();
    assert_eq!(found, optimal, "Korf's optima");
}

fn grid(map: &str, count: usize) {
    let Some((grid, scenarios)) = common::movingai(map, count) else {
        return;
    };
    let problems: Vec<_> = common::queries(&grid, &scenarios)
        .into_iter()
        .map(|(scenario, problem)| {
            let solved = informed::astar_with(&problem, problem.octile())
                .ok()
                .map(|s| s.cost());
            common::check(scenario, solved);
            let octile = problem.octile();
            (problem, octile)
        })
        .collect();
    compare(
        &format!("Moving AI {map}, {} scenarios, octile", problems.len()),
        &problems,
    );
}

fn lecture() {
    let text = "...#..#....
                ...#..#....
                ......#....
                .S....#..G.
                ...........
                ....#...#..
                ....#...#..";
    let grid = Grid::from_ascii(text).expect("the maze of examples/maze.rs");
    let problem = grid
        .problem(Cell::new(1, 3), Cell::new(9, 3), Movement::Four)
        .expect("start and goal are free");
    let manhattan = problem.manhattan();
    compare(
        "`lecture` maze of examples/maze.rs, Manhattan",
        &[(problem, manhattan)],
    );
}
