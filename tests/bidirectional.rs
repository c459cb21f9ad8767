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

/// A graph whose predecessors give one step (`lie.0` to `lie.1`) another cost (`lie.2`) than
/// its successors do: predecessors that are not the exact reverse of the successors.
struct Lying {
    graph: common::Graph<u64>,
    lie: (usize, usize, u64),
}

impl informed::SearchProblem for Lying {
    type State = usize;
    type Cost = u64;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        self.graph.starts()
    }

    fn is_goal(&self, node: &usize) -> bool {
        self.graph.is_goal(node)
    }

    fn successors(&self, node: &usize) -> impl IntoIterator<Item = (usize, u64)> {
        self.graph.successors(node)
    }
}

impl informed::Bidirectional for Lying {
    fn goals(&self) -> impl IntoIterator<Item = usize> {
        informed::Bidirectional::goals(&self.graph)
    }

    fn predecessors(&self, node: &usize) -> impl IntoIterator<Item = (usize, u64)> {
        let mut out = Vec::new();
        let (from, to, cost) = self.lie;
        for (before, edges) in self.graph.adjacency.iter().enumerate() {
            for &(after, step) in edges {
                if after == *node {
                    let claimed = if (before, after) == (from, to) {
                        cost
                    } else {
                        step
                    };
                    out.push((before, claimed));
                }
            }
        }
        out
    }
}

/// Predecessors that make a dear step look cheap led the search to a path of 101 where the
/// optimum is 4, returned as if optimal; the step is now checked against the successors.
#[test]
fn predecessors_that_disagree_on_a_cost_are_reported() {
    // 0 → 1 → 3 costs 1 + 100; 0 → 2 → 3 costs 2 + 2. The predecessors say 1 → 3 costs 0.
    let graph = common::Graph {
        adjacency: vec![vec![(1, 1), (2, 2)], vec![(3, 100)], vec![(3, 2)], vec![]],
        starts: vec![0],
        goals: vec![false, false, false, true],
        numbered: false,
    };
    assert_eq!(informed::dijkstra(&graph).unwrap().cost(), 4);
    assert_eq!(informed::bidirectional_dijkstra(&graph).unwrap().cost(), 4);
    let lying = Lying {
        graph,
        lie: (1, 3, 0),
    };
    let error = informed::bidirectional_dijkstra(&lying).unwrap_err();
    assert!(
        matches!(error, SearchError::MissingStep { from: 1, to: 3, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("costs included"), "{error}");
    // Breadth-first search compares no costs, but the same contract holds.
    assert!(matches!(
        informed::bidirectional_bfs(&lying),
        Err(SearchError::MissingStep { .. })
    ));
}

/// Finite `f64` steps whose sum reaches infinity: one-sided Dijkstra prunes the infinite path
/// cost (no path), and bidirectional Dijkstra, which met in the middle, returned `Ok` with cost
/// `inf`. Both searches now give the same answer, as do both breadth-first searches.
#[test]
fn a_float_path_cost_that_reaches_infinity_is_no_path_from_both_ends() {
    let huge = f64::MAX / 1.5;
    let line = common::Graph {
        adjacency: vec![vec![(1, huge)], vec![(2, huge)], vec![]],
        starts: vec![0],
        goals: vec![false, false, true],
        numbered: false,
    };
    let one = informed::dijkstra(&line).unwrap_err();
    assert!(one.is_no_path(), "{one:?}");
    let both = informed::bidirectional_dijkstra(&line);
    assert!(
        both.as_ref().is_err_and(SearchError::is_no_path),
        "{both:?} where dijkstra gives {one:?}"
    );
    assert!(informed::bfs(&line).unwrap_err().is_no_path());
    assert!(informed::bidirectional_bfs(&line).unwrap_err().is_no_path());

    // The same with a finite detour: both find the detour; breadth-first searches take it too,
    // though it has more steps. The start has a dead end beside it, so that the backward
    // breadth-first side moves first and meets the forward one at 1, at a total of infinity.
    let detour = common::Graph {
        adjacency: vec![
            vec![(1, huge), (3, 1.0), (5, 1.0)],
            vec![(2, huge)],
            vec![],
            vec![(4, 1.0)],
            vec![(2, 1.0)],
            vec![],
        ],
        starts: vec![0],
        goals: vec![false, false, true, false, false, false],
        numbered: false,
    };
    assert_eq!(informed::dijkstra(&detour).unwrap().cost(), 3.0);
    assert_eq!(
        informed::bidirectional_dijkstra(&detour).unwrap().cost(),
        3.0
    );
    assert_eq!(informed::bfs(&detour).unwrap().path(), [0, 3, 4, 2]);
    assert_eq!(
        informed::bidirectional_bfs(&detour).unwrap().path(),
        [0, 3, 4, 2]
    );
}

/// The first meeting ends bidirectional BFS, in the middle of a layer: a start with 100
/// successors, each with its own way to the goal, is solved after three expansions (the
/// start, the goal backward, and the first successor), not after the whole layer of 100.
#[test]
fn bidirectional_bfs_stops_at_its_first_meeting() {
    let ways = 100;
    // 0 is the start, 1..=ways the first layer, ways + 1.. the second, and the last the goal.
    let goal = 2 * ways + 1;
    let mut adjacency = vec![Vec::new(); goal + 1];
    for way in 1..=ways {
        adjacency[0].push((way, 1u32));
        adjacency[way].push((way + ways, 1));
        adjacency[way + ways].push((goal, 1));
    }
    let mut goals = vec![false; goal + 1];
    goals[goal] = true;
    let graph = common::Graph {
        adjacency,
        starts: vec![0],
        goals,
        numbered: false,
    };
    let solution = informed::bidirectional_bfs(&graph).unwrap();
    assert_eq!(solution.path(), [0, 1, ways + 1, goal]);
    assert_eq!(solution.stats().expanded, 3);
    // A bound that no path exceeds changes nothing.
    let bounded = Search::new(&graph)
        .cost_bound(3)
        .bidirectional_bfs()
        .unwrap();
    assert_eq!(bounded, solution);
}
