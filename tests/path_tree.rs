//! Shortest paths to many targets from one flood, against one search per target: each target's
//! cost (or unreachability) is Dijkstra's, its path is a path of that cost from a start, every
//! other state in the tree has its true least cost, and with unit costs the path lengths are
//! BFS's.

mod common;

use common::{Graph, config, graph};
use proptest::prelude::*;

/// The same graph searched for `target` alone.
fn toward(graph: &Graph<u64>, target: usize) -> Graph<u64> {
    let mut query = graph.clone();
    query.goals = (0..graph.adjacency.len()).map(|v| v == target).collect();
    query
}

/// Whether `path` runs from a start along edges of `graph`, at total cost `cost`.
fn is_path_of_cost(graph: &Graph<u64>, path: &[usize], cost: u64) -> bool {
    let Some(first) = path.first() else {
        return false;
    };
    let mut total = 0;
    for pair in path.windows(2) {
        match graph.adjacency[pair[0]]
            .iter()
            .find(|&&(to, _)| to == pair[1])
        {
            Some(&(_, step)) => total += step,
            None => return false,
        }
    }
    graph.starts.contains(first) && total == cost
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn one_flood_answers_for_every_target_as_one_search_each_would(
        mut problem in graph(12, 0..6u64),
        targets in prop::collection::vec(0..12usize, 0..5),
        numbered in any::<bool>(),
        unit in any::<bool>(),
    ) {
        problem.numbered = numbered;
        if unit {
            for edges in &mut problem.adjacency {
                for edge in edges.iter_mut() {
                    edge.1 = 1;
                }
            }
        }
        let n = problem.adjacency.len();
        let targets: Vec<usize> = targets.into_iter().filter(|&t| t < n).collect();
        let tree = informed::shortest_path_tree_to(&problem, targets.iter().copied()).unwrap();
        for &target in &targets {
            let alone = informed::dijkstra(&toward(&problem, target)).ok();
            prop_assert_eq!(tree.cost_to(&target), alone.as_ref().map(|s| s.cost()));
            if let (Some(path), Some(cost)) = (tree.path_to(&target), tree.cost_to(&target)) {
                prop_assert!(is_path_of_cost(&problem, &path, cost), "{path:?} at {cost}");
                if unit {
                    let bfs = informed::bfs(&toward(&problem, target)).unwrap();
                    prop_assert_eq!(path.len(), bfs.path().len());
                }
            }
        }
        // Every state in the tree has its least cost, and none costs more than the dearest
        // target when all were reached (the flood stopped there).
        let all = informed::shortest_path_tree(&problem).unwrap();
        for (state, cost) in tree.iter() {
            prop_assert_eq!(all.cost_to(state), Some(cost));
        }
        let dearest = targets.iter().map(|t| all.cost_to(t)).collect::<Option<Vec<_>>>();
        if let Some(dearest) = dearest.and_then(|costs| costs.into_iter().max()) {
            for (state, cost) in tree.iter() {
                prop_assert!(cost <= dearest, "state {state} at {cost} beyond {dearest}");
            }
        }
    }
}
