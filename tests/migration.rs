//! The entry points for code moving from `pathfinding`: closure heuristics, unit-cost closure
//! problems, the breadth-first flood and the shortest-path tree, each against the crate's own
//! trait-based searches and against independent references.

mod common;

use std::collections::VecDeque;

use common::{Graph, config, graph, grid};
use informed::{Limit, Search, SearchError};
use proptest::prelude::*;

/// Fewest steps from the starts to every node, by a plain queue.
fn bfs_depths(graph: &Graph<u32>) -> Vec<Option<usize>> {
    let mut depth = vec![None; graph.len()];
    let mut queue = VecDeque::new();
    for &start in &graph.starts {
        if depth[start].is_none() {
            depth[start] = Some(0);
            queue.push_back(start);
        }
    }
    while let Some(node) = queue.pop_front() {
        for &(next, _) in &graph.adjacency[node] {
            if depth[next].is_none() {
                depth[next] = Some(depth[node].unwrap() + 1);
                queue.push_back(next);
            }
        }
    }
    depth
}

/// Least costs from the starts to every node, by an O(V²) Dijkstra over an array.
fn least_costs(graph: &Graph<u32>) -> Vec<Option<u64>> {
    let n = graph.len();
    let mut cost: Vec<Option<u64>> = vec![None; n];
    let mut done = vec![false; n];
    for &start in &graph.starts {
        cost[start] = Some(0);
    }
    while let Some(node) = (0..n)
        .filter(|&v| !done[v] && cost[v].is_some())
        .min_by_key(|&v| cost[v])
    {
        done[node] = true;
        for &(next, step) in &graph.adjacency[node] {
            let candidate = cost[node].unwrap() + u64::from(step);
            if cost[next].is_none_or(|c| candidate < c) {
                cost[next] = Some(candidate);
            }
        }
    }
    cost
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn closure_entry_points_run_the_same_searches(grid in grid(25, true)) {
        let typed = |&cell: &(usize, usize)| grid.manhattan(cell);
        let astar = informed::astar(&grid, typed);
        let astar_fn = informed::astar(&grid, |&cell| grid.manhattan(cell));
        prop_assert_eq!(astar.as_ref().ok().map(|s| (s.cost(), s.stats())),
                        astar_fn.as_ref().ok().map(|s| (s.cost(), s.stats())));
        prop_assert_eq!(astar.is_ok(), grid.optimal_cost().is_some());

        let greedy = informed::greedy(&grid, typed).ok().map(|s| (s.cost(), s.stats()));
        let greedy_fn = informed::greedy(&grid, |&c| grid.manhattan(c)).ok();
        prop_assert_eq!(greedy, greedy_fn.map(|s| (s.cost(), s.stats())));

        let weighted = informed::weighted_astar(&grid, typed, 1.5).ok().map(|s| s.cost());
        let weighted_fn = informed::weighted_astar(&grid, |&c| grid.manhattan(c), 1.5).ok();
        prop_assert_eq!(weighted, weighted_fn.map(|s| s.cost()));

        let method = Search::new(&grid).astar(|&c| grid.manhattan(c)).ok();
        prop_assert_eq!(astar.ok().map(|s| s.cost()), method.map(|s| s.cost()));
    }

    #[test]
    fn unit_cost_closures_find_the_fewest_steps(grid in grid(30, false)) {
        let problem = informed::from_fn_unit(
            grid.start,
            |&cell: &(usize, usize)| grid.neighbours(cell).collect::<Vec<_>>(),
            |&cell| cell == grid.goal,
        );
        let steps = informed::bfs(&problem).ok().map(|s| {
            assert_eq!(s.cost() as usize, s.steps());
            s.steps()
        });
        prop_assert_eq!(steps, grid.bfs_steps());
    }

    #[test]
    fn the_flood_returns_every_reachable_state_once_at_its_depth(
        graph in graph(30, 1..5u32),
        numbered in any::<bool>(),
    ) {
        let graph = Graph { numbered, ..graph };
        let reference = bfs_depths(&graph);
        let flood: Vec<(usize, usize)> = informed::bfs_reach(&graph).collect();
        let mut seen = vec![false; graph.len()];
        for &(node, depth) in &flood {
            prop_assert!(!seen[node], "{} returned twice", node);
            seen[node] = true;
            prop_assert_eq!(Some(depth), reference[node], "depth of {}", node);
        }
        prop_assert_eq!(flood.len(), reference.iter().flatten().count());
        prop_assert!(flood.windows(2).all(|pair| pair[0].1 <= pair[1].1));
    }

    #[test]
    fn the_flood_stops_at_a_cap_on_stored_states(graph in graph(30, 1..5u32), cap in 1usize..10) {
        let reachable = bfs_depths(&graph).iter().flatten().count();
        let mut flood = Search::new(&graph).max_stored(cap as u64).bfs_reach();
        let returned = flood.by_ref().count();
        prop_assert!(returned <= cap);
        prop_assert!(flood.stats().stored <= cap);
        if reachable > cap {
            prop_assert_eq!(flood.limit(), Some(Limit::StoredStates(cap as u64)));
        } else {
            prop_assert_eq!(flood.limit(), None);
            prop_assert_eq!(returned, reachable);
        }
    }

    #[test]
    fn the_path_tree_holds_the_least_cost_to_every_state(
        graph in graph(25, 0..6u32),
        numbered in any::<bool>(),
    ) {
        let graph = Graph { numbered, ..graph };
        let reference = least_costs(&graph);
        let tree = informed::shortest_path_tree(&graph).unwrap();
        prop_assert_eq!(tree.len(), reference.iter().flatten().count());
        for (node, &least) in reference.iter().enumerate() {
            prop_assert_eq!(tree.cost_to(&node).map(u64::from), least, "cost to {}", node);
            let Some(path) = tree.path_to(&node) else {
                prop_assert!(least.is_none());
                continue;
            };
            prop_assert!(graph.starts.contains(&path[0]));
            prop_assert_eq!(*path.last().unwrap(), node);
            let mut cost = 0u64;
            for pair in path.windows(2) {
                cost += u64::from(graph.edge(pair[0], pair[1]).expect("a step of the graph"));
            }
            prop_assert_eq!(Some(cost), least, "the path to {} costs its least cost", node);
            prop_assert_eq!(tree.parent(&node), path.len().checked_sub(2).map(|i| &path[i]));
        }
        // Every goal's tree cost is what a search for the goals finds.
        let dijkstra = informed::dijkstra(&graph).ok().map(|s| s.cost());
        let nearest_goal = (0..graph.len()).filter(|&v| graph.goals[v]).filter_map(|v| tree.cost_to(&v)).min();
        prop_assert_eq!(dijkstra, nearest_goal);
    }

    #[test]
    fn the_path_tree_keeps_what_lies_within_the_cost_bound(graph in graph(25, 0..6u32), bound in 0u32..12) {
        let reference = least_costs(&graph);
        let tree = Search::new(&graph).cost_bound(bound).shortest_path_tree().unwrap();
        for (node, &least) in reference.iter().enumerate() {
            let within = least.filter(|&c| c <= u64::from(bound));
            prop_assert_eq!(tree.cost_to(&node).map(u64::from), within, "cost to {}", node);
        }
    }
}

#[test]
fn idastar_takes_a_closure_heuristic() {
    // IDA* re-expands too much for random weighted grids; a small open one will do.
    let problem = informed::from_fn(
        (0i32, 0i32),
        |&(x, y): &(i32, i32)| [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|c| (c, 1u32)),
        |&cell| cell == (3, 2),
    );
    let typed = informed::idastar(&problem, |&(x, y): &(i32, i32)| {
        3i32.abs_diff(x) + 2i32.abs_diff(y)
    });
    let inferred = informed::idastar(&problem, |&(x, y)| 3i32.abs_diff(x) + 2i32.abs_diff(y));
    let (typed, inferred) = (typed.unwrap(), inferred.unwrap());
    assert_eq!(
        (typed.cost(), typed.stats()),
        (inferred.cost(), inferred.stats())
    );
    assert_eq!(typed.cost(), 5);
}

#[test]
fn the_path_tree_reports_a_bad_step() {
    let problem = informed::from_fn(
        0i32,
        |&n: &i32| [(n + 1, if n == 3 { -1 } else { 1 })],
        |_| false,
    );
    let error = Search::new(&problem)
        .max_expansions(100)
        .shortest_path_tree()
        .unwrap_err();
    assert!(matches!(error, SearchError::NegativeCost { .. }), "{error}");
}

#[test]
fn the_path_tree_stops_at_a_limit_on_an_infinite_space() {
    let problem = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u32), (n * 2, 1)], |_| false);
    let error = Search::new(&problem)
        .max_expansions(50)
        .shortest_path_tree()
        .unwrap_err();
    assert!(
        matches!(
            error,
            SearchError::LimitReached {
                limit: Limit::Expansions(50),
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn the_flood_is_lazy() {
    // An infinite line: the flood returns what is asked for and expands no more.
    let line = informed::from_fn_unit(0i64, |&n: &i64| [n - 1, n + 1], |_| false);
    let mut flood = informed::bfs_reach(&line);
    let first: Vec<(i64, usize)> = flood.by_ref().take(5).collect();
    assert_eq!(first, [(0, 0), (-1, 1), (1, 1), (-2, 2), (2, 2)]);
    assert_eq!(flood.stats().expanded, 5);
    assert_eq!(flood.limit(), None);
}

#[test]
fn the_flood_stops_at_a_cap_on_expansions() {
    let line = informed::from_fn_unit(0i64, |&n: &i64| [n - 1, n + 1], |_| false);
    let mut flood = Search::new(&line).max_expansions(7).bfs_reach();
    assert_eq!(flood.by_ref().count(), 7);
    assert_eq!(flood.limit(), Some(Limit::Expansions(7)));
}

#[test]
fn the_flood_stops_when_cancelled_or_past_its_deadline() {
    let line = informed::from_fn_unit(0i64, |&n: &i64| [n - 1, n + 1], |_| false);
    let calls = std::cell::Cell::new(0u32);
    let cancel = || {
        calls.set(calls.get() + 1);
        calls.get() > 30
    };
    let mut flood = Search::new(&line).cancel_when(cancel).bfs_reach();
    assert_eq!(flood.by_ref().count(), 30);
    assert_eq!(flood.limit(), Some(Limit::Cancelled));
    let mut flood = Search::new(&line)
        .deadline(std::time::Instant::now())
        .bfs_reach();
    assert_eq!(flood.by_ref().count(), 0);
    assert_eq!(flood.limit(), Some(Limit::Deadline));
}
