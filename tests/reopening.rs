//! Weighted A* with and without reopening, against Dijkstra's costs on random graphs: the
//! bound max(1, w) × optimal holds without reopening for a consistent heuristic (Likhachev,
//! Gordon & Thrun 2003), and with reopening for any admissible one; and A*'s expansions before
//! its last f-layer are the states with f below the optimal cost, whatever the ties.

mod common;

use common::{Graph, config, graph};
use informed::{Reopening, Search, SearchError, TieBreak};
use proptest::prelude::*;

/// A value above any path cost in the test graphs: the estimate of a node from which no goal
/// can be reached.
const DEAD_END: u64 = 1_000_000;

/// Per node a random value at most h* (DEAD_END where no goal is reachable): admissible, and
/// usually inconsistent.
fn random_below(graph: &Graph<u64>, seeds: &[u64]) -> Vec<u64> {
    graph
        .remaining_costs()
        .iter()
        .zip(seeds.iter().cycle())
        .map(|(h, seed)| h.map_or(DEAD_END, |h| seed % (h as u64 + 1)))
        .collect()
}

/// The largest consistent heuristic below `estimates`: h(u) = min over paths u → v of
/// cost + estimates(v). Admissible where `estimates` is, and consistent by construction.
fn consistent_below(graph: &Graph<u64>, estimates: &[u64]) -> Vec<u64> {
    let mut h = estimates.to_vec();
    // Bellman-Ford: at most n rounds of relaxation reach the fixed point.
    for _ in 0..graph.len() {
        let mut changed = false;
        for (u, edges) in graph.adjacency.iter().enumerate() {
            for &(v, cost) in edges {
                if cost + h[v] < h[u] {
                    h[u] = cost + h[v];
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    h
}

/// Whether `h` is consistent on `graph` and 0 at its goals.
fn is_consistent(graph: &Graph<u64>, h: &[u64]) -> bool {
    let steps = graph
        .adjacency
        .iter()
        .enumerate()
        .all(|(u, edges)| edges.iter().all(|&(v, cost)| h[u] <= cost + h[v]));
    steps && (0..graph.len()).all(|v| !graph.goals[v] || h[v] == 0)
}

/// Least costs from the starts, by Bellman-Ford (`None`: unreachable).
fn from_starts(graph: &Graph<u64>) -> Vec<Option<u64>> {
    let mut g = vec![None; graph.len()];
    for &start in &graph.starts {
        g[start] = Some(0);
    }
    for _ in 0..graph.len() {
        let mut changed = false;
        for (u, edges) in graph.adjacency.iter().enumerate() {
            let Some(gu) = g[u] else { continue };
            for &(v, cost) in edges {
                if g[v].is_none_or(|gv| gu + cost < gv) {
                    g[v] = Some(gu + cost);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    g
}

/// Weighted A* of `graph` with `h`, `weight` and `reopening`, checked against the optimal cost
/// from Dijkstra: a valid path within max(1, w) × optimal, or no path exactly when there is
/// none. Returns the solution's statistics, if any.
fn within_bound(
    graph: &Graph<u64>,
    h: &[u64],
    weight: f64,
    reopening: Reopening,
) -> Result<Option<informed::Stats>, TestCaseError> {
    let outcome = Search::new(graph)
        .reopening(reopening)
        .weighted_astar(|&v: &usize| h[v], weight);
    match (outcome, graph.optimal_cost()) {
        (Ok(solution), Some(optimal)) => {
            let cost = graph
                .check_path(solution.path())
                .map_err(TestCaseError::fail)?;
            prop_assert_eq!(cost, solution.cost() as f64);
            let bound = weight.max(1.0) * optimal;
            prop_assert!(
                cost <= bound + 1e-9,
                "{reopening:?}: cost {cost} > max(1, {weight}) × {optimal}"
            );
            Ok(Some(solution.stats()))
        }
        (Err(SearchError::NoPath { .. }), None) => Ok(None),
        (outcome, optimal) => Err(TestCaseError::fail(format!(
            "outcome {outcome:?}, optimal {optimal:?}"
        ))),
    }
}

proptest! {
    #![proptest_config(config())]

    /// With a consistent heuristic, weighted A* keeps its bound without reopening, and expands
    /// no state twice.
    #[test]
    fn without_reopening_a_consistent_heuristic_keeps_the_bound(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
        weight in prop_oneof![0.0..1.0f64, 1.0..5.0f64, Just(2.0), Just(1e6)],
    ) {
        let h = consistent_below(&graph, &random_below(&graph, &seeds));
        prop_assert!(is_consistent(&graph, &h));
        if let Some(stats) = within_bound(&graph, &h, weight, Reopening::Never)? {
            prop_assert_eq!(stats.reopened, 0);
            prop_assert!(stats.expanded <= stats.stored as u64, "{stats:?}");
        }
        within_bound(&graph, &h, weight, Reopening::Always)?;
    }

    /// With reopening (the default), the bound holds for any admissible heuristic, consistent
    /// or not.
    #[test]
    fn with_reopening_any_admissible_heuristic_keeps_the_bound(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
        weight in prop_oneof![0.0..1.0f64, 1.0..5.0f64],
    ) {
        let h = random_below(&graph, &seeds);
        within_bound(&graph, &h, weight, Reopening::Always)?;
        // The default is to reopen.
        let default = informed::weighted_astar(&graph, |&v: &usize| h[v], weight);
        let always = Search::new(&graph)
            .reopening(Reopening::Always)
            .weighted_astar(|&v: &usize| h[v], weight);
        prop_assert_eq!(default, always);
    }

    /// A*'s expansions before its last f-layer are the states with g* + h below the optimal
    /// cost (g* from Dijkstra), under either tie rule, for a consistent heuristic.
    #[test]
    fn expansions_before_the_last_layer_are_the_states_below_the_optimal_cost(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
    ) {
        let h = consistent_below(&graph, &random_below(&graph, &seeds));
        let Some(optimal) = graph.optimal_cost() else {
            return Ok(());
        };
        let optimal = optimal as u64;
        let below = from_starts(&graph)
            .iter()
            .zip(&h)
            .filter(|&(g, &h)| g.is_some_and(|g| g + h < optimal))
            .count() as u64;
        for ties in [TieBreak::Fifo, TieBreak::Lifo] {
            let solution = Search::new(&graph)
                .tie_break(ties)
                .astar(|&v: &usize| h[v])
                .map_err(|error| TestCaseError::fail(format!("{error:?}")))?;
            prop_assert_eq!(solution.stats().expanded_before_last_layer, below, "{:?}", ties);
        }
    }
}
