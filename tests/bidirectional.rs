//! Bidirectional search against the one-sided searches.

mod common;

use common::{close, config, graph};
use informed::puzzle::SlidingPuzzle;
use informed::{Limit, Search, SearchError};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    /// Bidirectional Dijkstra finds the optimal cost, integer or float, with several starts and
    /// goals: the stopping rule is right, not merely "the frontiers met".
    #[test]
    fn bidirectional_dijkstra_is_optimal(int in graph(40, 0..20u64), float in graph(40, 0.0..10.0f64)) {
        let outcome = informed::bidirectional_dijkstra(&int);
        match (&outcome, int.optimal_cost()) {
            (Ok(solution), Some(optimal)) => {
                let cost = int.check_path(solution.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, optimal);
                prop_assert_eq!(solution.cost() as f64, optimal);
            }
            (Err(SearchError::NoPath { .. }), None) => {}
            (outcome, optimal) => prop_assert!(false, "{outcome:?} vs {optimal:?}"),
        }
        match (informed::bidirectional_dijkstra(&float), float.optimal_cost()) {
            (Ok(solution), Some(optimal)) => {
                let cost = float.check_path(solution.path()).map_err(TestCaseError::fail)?;
                prop_assert!(close(cost, optimal) && close(solution.cost(), optimal));
            }
            (Err(SearchError::NoPath { .. }), None) => {}
            (outcome, optimal) => prop_assert!(false, "{outcome:?} vs {optimal:?}"),
        }
    }

    /// Bidirectional BFS finds BFS's number of steps, and reports its path's real cost.
    #[test]
    fn bidirectional_bfs_finds_fewest_steps(graph in graph(40, 0..20u64)) {
        match (informed::bidirectional_bfs(&graph), informed::bfs(&graph)) {
            (Ok(both), Ok(one)) => {
                prop_assert_eq!(both.steps(), one.steps());
                let cost = graph.check_path(both.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, both.cost() as f64);
            }
            (Err(SearchError::NoPath { .. }), Err(SearchError::NoPath { .. })) => {}
            (both, one) => prop_assert!(false, "{both:?} vs {one:?}"),
        }
    }
}

#[test]
fn bidirectional_search_expands_less_on_grids_and_puzzles() {
    let grid = informed::grid::Grid::new(101, 101);
    let problem = grid
        .problem(
            informed::grid::Cell::new(0, 50),
            informed::grid::Cell::new(100, 50),
            informed::grid::Movement::Four,
        )
        .unwrap();
    let both = informed::bidirectional_dijkstra(&problem).unwrap();
    let one = informed::dijkstra(&problem).unwrap();
    assert_eq!(both.cost(), one.cost());
    assert!(
        both.stats().expanded * 3 < one.stats().expanded * 2,
        "{} vs {}",
        both.stats(),
        one.stats()
    );

    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let problem = puzzle
        .problem(puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap())
        .unwrap();
    let both = informed::bidirectional_bfs(&problem).unwrap();
    let one = informed::bfs(&problem).unwrap();
    assert_eq!(both.steps(), 31);
    assert!(both.stats().expanded < one.stats().expanded);
    assert_eq!(puzzle.moves(both.path()).len(), 31);
}

#[test]
fn bidirectional_search_honours_limits_and_reports_bad_costs() {
    let grid = informed::grid::Grid::new(50, 50);
    let problem = grid
        .problem(
            informed::grid::Cell::new(0, 0),
            informed::grid::Cell::new(49, 49),
            informed::grid::Movement::Four,
        )
        .unwrap();
    let stopped = Search::new(&problem)
        .max_expansions(10)
        .bidirectional_dijkstra()
        .unwrap_err();
    assert_eq!(stopped.limit(), Some(Limit::Expansions(10)));
    assert_eq!(stopped.stats().expanded, 10);
    let mut bad = common::Graph {
        adjacency: vec![vec![(1, -2i64)], vec![]],
        starts: vec![0],
        goals: vec![false, true],
        numbered: false,
    };
    assert!(matches!(
        informed::bidirectional_dijkstra(&bad),
        Err(SearchError::NegativeCost { cost: -2, .. })
    ));
    bad.adjacency[0][0].1 = 2;
    assert_eq!(informed::bidirectional_dijkstra(&bad).unwrap().cost(), 2);
}
