//! Yen's k shortest paths and the enumeration of optimal paths, against brute force.

mod common;

use std::collections::BTreeSet;

use common::{Graph, config, graph};
use proptest::prelude::*;

/// Every simple path from `from` that ends at its first goal, with its cost.
fn simple_paths(graph: &Graph<u64>, from: usize) -> Vec<(Vec<usize>, u64)> {
    let mut found = Vec::new();
    let mut path = vec![from];
    fn walk(
        graph: &Graph<u64>,
        path: &mut Vec<usize>,
        cost: u64,
        found: &mut Vec<(Vec<usize>, u64)>,
    ) {
        let last = *path.last().unwrap();
        if graph.goals[last] {
            found.push((path.clone(), cost));
            return;
        }
        for &(next, step) in &graph.adjacency[last] {
            if !path.contains(&next) {
                path.push(next);
                walk(graph, path, cost + step, found);
                path.pop();
            }
        }
    }
    walk(graph, &mut path, 0, &mut found);
    found
}

proptest! {
    #![proptest_config(config())]

    /// Exactly the least-cost simple paths, each once.
    #[test]
    fn optimal_paths_are_exactly_the_cheapest(graph in graph(7, 0..4u64)) {
        let mut all: Vec<(Vec<usize>, u64)> = Vec::new();
        for &start in graph.starts.iter().collect::<BTreeSet<_>>() {
            all.extend(simple_paths(&graph, start));
        }
        match informed::optimal_paths(&graph) {
            Ok(paths) => {
                let least = all.iter().map(|(_, c)| *c).min().expect("a path exists");
                prop_assert_eq!(paths.cost(), least);
                let yielded: Vec<Vec<usize>> = paths.collect();
                let unique: BTreeSet<Vec<usize>> = yielded.iter().cloned().collect();
                prop_assert_eq!(unique.len(), yielded.len(), "a path was yielded twice");
                let expected: BTreeSet<Vec<usize>> =
                    all.into_iter().filter(|(_, c)| *c == least).map(|(p, _)| p).collect();
                prop_assert_eq!(unique, expected);
            }
            Err(informed::SearchError::NoPath { .. }) => prop_assert!(all.is_empty()),
            Err(other) => prop_assert!(false, "{other:?}"),
        }
    }

    /// Yen's paths are valid, loopless, distinct, in non-decreasing cost, and their costs are the
    /// k smallest of all simple paths.
    #[test]
    fn yen_finds_the_k_cheapest_loopless_paths(graph in graph(7, 0..6u64), k in 1usize..8) {
        let start = graph.starts[0];
        let mut all = simple_paths(&graph, start);
        all.sort_by_key(|(_, c)| *c);
        match informed::k_shortest_paths(&graph, k) {
            Ok(paths) => {
                prop_assert_eq!(paths.len(), k.min(all.len()));
                let mut seen = BTreeSet::new();
                for (solution, (_, expected)) in paths.iter().zip(&all) {
                    let path = solution.path();
                    prop_assert_eq!(path[0], start);
                    let cost = graph.check_path(path).map_err(TestCaseError::fail)?;
                    prop_assert_eq!(cost, solution.cost() as f64);
                    prop_assert_eq!(solution.cost(), *expected);
                    let distinct: BTreeSet<_> = path.iter().collect();
                    prop_assert_eq!(distinct.len(), path.len(), "a loop in {:?}", path);
                    prop_assert!(seen.insert(path.to_vec()), "{:?} twice", path);
                }
            }
            Err(informed::SearchError::NoPath { .. }) => prop_assert!(all.is_empty()),
            Err(other) => prop_assert!(false, "{other:?}"),
        }
    }
}

#[test]
fn optimal_paths_are_lazy() {
    // A 12 × 12 lattice has C(22, 11) = 705,432 shortest corner-to-corner paths; take three.
    let problem = informed::from_fn(
        (0u8, 0u8),
        |&(x, y): &(u8, u8)| {
            let mut next = Vec::new();
            if x < 11 {
                next.push(((x + 1, y), 1u32));
            }
            if y < 11 {
                next.push(((x, y + 1), 1));
            }
            next
        },
        |&cell| cell == (11, 11),
    );
    let paths = informed::optimal_paths(&problem).unwrap();
    assert_eq!(paths.cost(), 22);
    assert_eq!(paths.take(3).count(), 3);
}

/// On an open 8-connected grid the optimal paths to (dx, dy), dx ≥ dy, are the orders of dy
/// diagonal and dx − dy straight steps: C(dx, dy) of them. With √2 itself as the diagonal's
/// cost, sums in different orders rounded differently and 16 of 20, 41 of 70 and 135 of 252 were
/// found; with the grids' exact costs, all of them.
#[test]
fn every_optimal_grid_path_is_found_with_exact_float_costs() {
    use informed::grid::{Cell, Grid, Movement};
    let grid = Grid::new(12, 12);
    for ((dx, dy), expected) in [((6, 3), 20), ((8, 4), 70), ((10, 5), 252)] {
        let problem = grid
            .problem(Cell::new(0, 0), Cell::new(dx, dy), Movement::Eight)
            .unwrap();
        let paths = informed::optimal_paths(&problem).unwrap();
        assert_eq!(paths.count(), expected, "to ({dx}, {dy})");
    }
}
