//! IDA*, iterative deepening and depth-limited DFS against the references.

mod common;

use common::{close, config, graph};
use informed::{CycleCheck, Event, Limit, Search, SearchError, Stats};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    /// IDA* with an admissible heuristic (often inconsistent) finds the optimal cost.
    #[test]
    fn idastar_is_optimal(
        graph in graph(12, 0..10u64),
        seeds in prop::collection::vec(any::<u64>(), 1..12),
    ) {
        let exact = graph.remaining_costs();
        let h: Vec<u64> = exact
            .iter()
            .zip(seeds.iter().cycle())
            .map(|(d, seed)| d.map_or(1_000, |d| seed % (d as u64 + 1)))
            .collect();
        let mut iterations = 0;
        let outcome = Search::new(&graph)
            .on_event(|event| {
                if let Event::Iteration { number } = event {
                    iterations = number;
                }
            })
            .idastar(|&v: &usize| h[v]);
        match (&outcome, graph.optimal_cost()) {
            (Ok(solution), Some(optimal)) => {
                let cost = graph.check_path(solution.path()).map_err(TestCaseError::fail)?;
                prop_assert!(close(cost, optimal), "IDA* {cost}, optimal {optimal}");
                prop_assert_eq!(cost, solution.cost() as f64);
                prop_assert_eq!(solution.stats().iterations, iterations);
            }
            (Err(SearchError::NoPath { .. }), None) => {}
            (outcome, optimal) => prop_assert!(false, "{outcome:?} vs {optimal:?}"),
        }
    }

    /// Iterative deepening finds BFS's number of steps.
    #[test]
    fn iddfs_finds_fewest_steps(graph in graph(12, 0..10u64)) {
        match (informed::iddfs(&graph), informed::bfs(&graph)) {
            (Ok(deep), Ok(broad)) => {
                prop_assert_eq!(deep.steps(), broad.steps());
                let cost = graph.check_path(deep.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, deep.cost() as f64);
            }
            (Err(SearchError::NoPath { .. }), Err(SearchError::NoPath { .. })) => {}
            (deep, broad) => prop_assert!(false, "{deep:?} vs {broad:?}"),
        }
    }

    /// Depth-limited DFS returns a valid path within the limit, or says why there is none.
    #[test]
    fn depth_first_respects_its_limit(graph in graph(12, 0..10u64), max_depth in 0usize..6) {
        let fewest = informed::bfs(&graph).ok().map(|s| s.steps());
        match informed::depth_first(&graph, max_depth) {
            Ok(solution) => {
                prop_assert!(solution.steps() <= max_depth);
                let cost = graph.check_path(solution.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, solution.cost() as f64);
            }
            Err(SearchError::LimitReached { limit: Limit::Depth(depth), .. }) => {
                prop_assert_eq!(depth, max_depth);
                prop_assert!(fewest.is_none_or(|steps| steps > max_depth));
            }
            Err(SearchError::NoPath { .. }) => prop_assert_eq!(fewest, None),
            other => prop_assert!(false, "{other:?}"),
        }
    }
}

#[test]
fn idastar_solves_fifteen_puzzles_in_linear_memory() {
    use informed::puzzle::SlidingPuzzle;
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    for seed in 0..3u64 {
        let board = common::scramble(&puzzle, 40, seed);
        let problem = puzzle.problem(board).unwrap();
        let ida = informed::idastar_with(&problem, puzzle.linear_conflict()).unwrap();
        let astar = informed::astar_with(&problem, puzzle.linear_conflict()).unwrap();
        assert_eq!(ida.cost(), astar.cost(), "{}", puzzle.to_line(board));
        assert!(
            ida.stats().stored <= ida.steps() + 1,
            "only the path is kept"
        );
        assert_eq!(puzzle.moves(ida.path()).len(), ida.steps());
    }
}

#[test]
fn deepening_honours_limits_and_reports_bad_costs() {
    let endless = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u64)], |_| false);
    let stopped = Search::new(&endless)
        .max_expansions(100)
        .iddfs()
        .unwrap_err();
    assert_eq!(stopped.limit(), Some(Limit::Expansions(100)));
    assert_eq!(stopped.stats().expanded, 100);
    let negative = informed::from_fn(
        0i32,
        |&n: &i32| [(n + 1, if n == 2 { -1 } else { 1 })],
        |&n| n == 5,
    );
    assert!(matches!(
        informed::idastar(&negative, |_: &i32| 0),
        Err(SearchError::NegativeCost { from: 2, to: 3, .. })
    ));
    let shallow = Search::new(&endless)
        .max_stored(10)
        .idastar(|&n: &u64| 1_000 - n.min(1_000))
        .unwrap_err();
    assert_eq!(shallow.limit(), Some(Limit::StoredStates(10)));
}

/// 0 → 1 → 2 → 3 (the goal), each step costing 1, with zero-cost cycles beside it, each tried
/// before the way on: 0 ⇄ 7, 1 ⇄ 4 (and 4 → 4), and 2 → 5 → 6 → 2. Every path to the goal costs
/// 3; the shortest is 0, 1, 2, 3.
fn zero_cost_cycles() -> impl informed::SearchProblem<State = u8, Cost = u32> {
    informed::from_fn(
        0u8,
        |&n: &u8| match n {
            0 => vec![(7, 0), (1, 1)],
            7 => vec![(0, 0)],
            1 => vec![(4, 0), (2, 1)],
            4 => vec![(4, 0), (1, 0)],
            2 => vec![(5, 0), (3, 1)],
            5 => vec![(6, 0)],
            6 => vec![(2, 0)],
            _ => vec![],
        },
        |&n| n == 3,
    )
}

/// The exact remaining cost of `zero_cost_cycles`.
fn remaining(n: &u8) -> u32 {
    match n {
        0 | 7 => 3,
        1 | 4 => 2,
        2 | 5 | 6 => 1,
        _ => 0,
    }
}

#[test]
fn idastar_ends_on_zero_cost_cycles_with_every_cycle_check() {
    let problem = zero_cost_cycles();
    for check in [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path] {
        for (name, h) in [
            ("h = 0", (|_: &u8| 0) as fn(&u8) -> u32),
            ("exact h", remaining),
        ] {
            // The cap only turns a regression into a failure instead of a hang.
            let solution = Search::new(&problem)
                .cycle_check(check)
                .max_expansions(10_000)
                .idastar(h)
                .unwrap_or_else(|error| panic!("{check:?}, {name}: {error}"));
            assert_eq!(solution.path(), &[0, 1, 2, 3], "{check:?}, {name}");
            assert_eq!(solution.cost(), 3, "{check:?}, {name}");
            assert!(solution.stats().stored <= 5, "{check:?}, {name}");
        }
        // With the exact estimate, one iteration: 0, 7 (whose 0 is refused), 1, 4 (whose 4 and
        // 1 are refused), 2, 5, 6 (whose 2 is refused) and 3; 11 successors and the start.
        let exact = Search::new(&problem)
            .cycle_check(check)
            .max_expansions(10_000)
            .idastar(remaining)
            .unwrap()
            .stats();
        let mut expected = Stats::default();
        (expected.expanded, expected.generated, expected.max_open) = (8, 12, 3);
        (expected.stored, expected.iterations) = (5, 1);
        assert_eq!(exact, expected, "{check:?}");
    }
}

#[test]
fn depth_bounded_searches_end_on_zero_cost_cycles_with_every_cycle_check() {
    let problem = zero_cost_cycles();
    for check in [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path] {
        let fewest = Search::new(&problem)
            .cycle_check(check)
            .max_expansions(100_000)
            .iddfs()
            .unwrap_or_else(|error| panic!("{check:?}: {error}"));
        assert_eq!(fewest.path(), &[0, 1, 2, 3], "{check:?}");
        let first = Search::new(&problem)
            .cycle_check(check)
            .max_expansions(100_000)
            .depth_first(8)
            .unwrap_or_else(|error| panic!("{check:?}: {error}"));
        assert!(first.steps() <= 8, "{check:?}");
        assert_eq!(first.goal(), &3, "{check:?}");
        assert_eq!(first.cost(), 3, "{check:?}");
    }
}
