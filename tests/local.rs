//! Hill climbing and beam search: valid paths when they succeed, honest failures when not.

mod common;

use common::{config, graph};
use informed::{Search, SearchError};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    /// With positive costs and the exact remaining cost as h, hill climbing from a start that
    /// can reach a goal always gets there, along a valid path.
    #[test]
    fn hill_climbing_on_exact_costs_reaches_a_goal(graph in graph(30, 1..20u64)) {
        let exact = graph.remaining_costs();
        let h = |&v: &usize| exact[v].unwrap_or(1e9);
        let graph = graph.with_costs_from(|c| c as f64);
        let start = graph.starts[0];
        match informed::hill_climbing(&graph, h) {
            Ok(walk) => {
                let cost = graph.check_path(walk.path()).map_err(TestCaseError::fail)?;
                prop_assert!((cost - walk.cost()).abs() < 1e-9);
                prop_assert_eq!(*walk.start(), start);
            }
            Err(SearchError::GaveUp { .. }) => prop_assert!(exact[start].is_none()),
            Err(other) => prop_assert!(false, "{other:?}"),
        }
    }

    /// Beam search returns valid paths; with a beam as wide as the graph it finds a path exactly
    /// when one exists, in BFS's number of steps.
    #[test]
    fn beam_search_is_valid_and_complete_when_wide(
        graph in graph(30, 0..20u64),
        width in 1usize..4,
        seeds in prop::collection::vec(any::<u64>(), 1..30),
    ) {
        let h = |&v: &usize| seeds[v % seeds.len()] % 20;
        match informed::beam_search(&graph, h, width) {
            Ok(found) => {
                let cost = graph.check_path(found.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, found.cost() as f64);
            }
            Err(SearchError::GaveUp { .. } | SearchError::NoPath { .. }) => {}
            Err(other) => prop_assert!(false, "{other:?}"),
        }
        let wide = Search::new(&graph).beam_search(h, graph.len());
        match (wide, informed::bfs(&graph)) {
            (Ok(found), Ok(shortest)) => prop_assert_eq!(found.steps(), shortest.steps()),
            (Err(SearchError::GaveUp { .. }), Err(SearchError::NoPath { .. })) => {}
            (wide, shortest) => prop_assert!(false, "{wide:?} vs {shortest:?}"),
        }
    }
}

#[test]
fn gave_up_is_not_no_path() {
    let line = informed::from_fn(10i32, |&n: &i32| [(n - 1, 1u32), (n + 1, 1)], |&n| n == 0);
    let bumpy = |&n: &i32| if n == 5 { 99 } else { n.unsigned_abs() };
    let error = informed::hill_climbing(&line, bumpy).unwrap_err();
    assert!(!error.is_no_path());
    assert_eq!(
        error.to_string(),
        "gave up at 6 without reaching a goal (5 expanded); an incomplete search proves no path absent"
    );
    // Still, a complete search finds the path the climb missed.
    assert_eq!(informed::astar(&line, bumpy).unwrap().cost(), 10);
}
