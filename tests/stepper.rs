//! The steppable search against the one-shot one, and reachability against the reference.

mod common;

use common::{config, graph};
use informed::{Expansion, Search, SearchError};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    /// Stepping to the end gives exactly A*'s outcome, and between steps the open and closed
    /// sets partition the stored states.
    #[test]
    fn stepping_to_the_end_is_astar(
        graph in graph(30, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..30),
    ) {
        let h = |&v: &usize| seeds[v % seeds.len()] % 25;
        let expected = Search::new(&graph).astar(h);
        let mut stepper = Search::new(&graph).stepper(h);
        let mut expanded = 0;
        let mut outcome = None;
        while let Some(step) = stepper.step() {
            match step {
                Ok(Expansion::Expanded { .. }) => {
                    expanded += 1;
                    let stats = stepper.stats();
                    prop_assert_eq!(stepper.open().count() + stepper.closed().count(), stats.stored);
                    prop_assert_eq!(stats.expanded, expanded);
                }
                Ok(Expansion::Found(solution)) => outcome = Some(Ok(solution)),
                Err(error) => outcome = Some(Err(error)),
                Ok(other) => prop_assert!(false, "{other:?}"),
            }
        }
        prop_assert!(stepper.step().is_none());
        prop_assert_eq!(outcome, Some(expected));
    }

    /// Reachability reports each state within the bound once, at its least cost, in order.
    #[test]
    fn reachable_matches_the_reference(graph in graph(30, 0..20u64), bound in 0u64..60) {
        // The least cost from the starts to each node: the reference optimum with that node as
        // the only goal.
        let mut reference: Vec<Option<f64>> = vec![None; graph.len()];
        for (node, slot) in reference.iter_mut().enumerate() {
            let mut goals = vec![false; graph.len()];
            goals[node] = true;
            let one = common::Graph { goals, ..graph.clone() };
            *slot = one.optimal_cost();
        }
        let reported: Vec<(usize, u64)> = informed::reachable(&graph, Some(bound))
            .collect::<Result<_, _>>()
            .map_err(|e: SearchError<usize, u64>| TestCaseError::fail(e.to_string()))?;
        let mut seen = vec![false; graph.len()];
        let mut last = 0;
        for &(node, cost) in &reported {
            prop_assert!(!std::mem::replace(&mut seen[node], true), "{node} reported twice");
            prop_assert_eq!(Some(cost as f64), reference[node]);
            prop_assert!(cost >= last && cost <= bound);
            last = cost;
        }
        for (node, cost) in reference.iter().enumerate() {
            prop_assert_eq!(seen[node], cost.is_some_and(|c| c <= bound as f64), "node {}", node);
        }
    }
}

#[test]
fn reachability_reports_bad_costs_once_then_ends() {
    let problem = informed::from_fn(
        0i32,
        |&n: &i32| [(n + 1, if n == 1 { -1 } else { 1 })],
        |_| false,
    );
    let mut flood = informed::reachable(&problem, None);
    assert_eq!(flood.next().unwrap().unwrap(), (0, 0));
    assert!(matches!(
        flood.next(),
        Some(Err(SearchError::NegativeCost { from: 1, .. }))
    ));
    assert!(flood.next().is_none());
}
