//! Landmarks (ALT) against exact distances computed by brute force: the estimate toward a goal
//! never exceeds the distance to it, is consistent along every edge into a state that can
//! reach the goal, and A* with it finds Dijkstra's cost; the estimate from a start bounds the
//! distance from it. On integer costs (a numbered test graph) and on `graph::Graph`'s floats.

// States are numbers: `d[v][t]` reads as the math does.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{Graph, config, graph};
use informed::graph::Graph as RoadGraph;
use informed::{Heuristic, LandmarkError, Landmarks, Search, SearchProblem};
use proptest::prelude::*;

/// Every distance by Floyd–Warshall: `d[u][v]`, `None` where v is unreachable from u.
fn all_distances(adjacency: &[Vec<(usize, u64)>]) -> Vec<Vec<Option<u64>>> {
    let n = adjacency.len();
    let mut d = vec![vec![None; n]; n];
    for (u, edges) in adjacency.iter().enumerate() {
        d[u][u] = Some(0);
        for &(v, c) in edges {
            if d[u][v].is_none_or(|old| c < old) {
                d[u][v] = Some(c);
            }
        }
    }
    for k in 0..n {
        for u in 0..n {
            for v in 0..n {
                if let (Some(a), Some(b)) = (d[u][k], d[k][v]) {
                    if d[u][v].is_none_or(|old| a + b < old) {
                        d[u][v] = Some(a + b);
                    }
                }
            }
        }
    }
    d
}

proptest! {
    #![proptest_config(config())]

    /// Integer costs: admissible toward every goal and from every start, consistent where the
    /// goal is reachable, and A* with it as cheap as Dijkstra.
    #[test]
    fn landmark_estimates_bound_exact_integer_distances(
        mut problem in graph(12, 0..20u64),
        count in 0..5usize,
        chosen in prop::collection::vec(0..12usize, 0..4),
    ) {
        problem.numbered = true;
        let n = problem.adjacency.len();
        let d = all_distances(&problem.adjacency);
        let farthest = Landmarks::farthest(&problem, count).unwrap();
        prop_assert!(farthest.len() <= count);
        let chosen: Vec<usize> = chosen.into_iter().filter(|&c| c < n).collect();
        let at = Landmarks::at(&problem, chosen.iter().copied()).unwrap();
        prop_assert_eq!(at.numbers(), &chosen[..]);
        for landmarks in [&farthest, &at] {
            for t in 0..n {
                let toward = landmarks.toward(&problem, &t);
                let from = landmarks.from_start(&problem, &t);
                for v in 0..n {
                    let h = toward.estimate(&v);
                    if let Some(exact) = d[v][t] {
                        prop_assert!(h <= exact, "h({v} → {t}) = {h} > {exact}");
                    }
                    let back = from.estimate(&v);
                    if let Some(exact) = d[t][v] {
                        prop_assert!(back <= exact, "h({t} → {v}) = {back} > {exact}");
                    }
                    for &(w, c) in &problem.adjacency[v] {
                        if d[w][t].is_some() {
                            prop_assert!(h <= c + toward.estimate(&w), "inconsistent on {v} → {w}");
                        }
                    }
                }
                let mut query = problem.clone();
                query.goals = (0..n).map(|v| v == t).collect();
                let dijkstra = informed::dijkstra(&query).map(|s| s.cost()).ok();
                let astar = informed::astar_with(&query, landmarks.toward(&query, &t))
                    .map(|s| s.cost())
                    .ok();
                prop_assert_eq!(astar, dijkstra);
            }
        }
    }

    /// Float costs on `graph::Graph`: the same bounds, infinity exactly where no path leads to
    /// the goal, A* as cheap as Dijkstra and reopening nothing; an undirected graph keeps one
    /// distance a landmark and state.
    #[test]
    fn landmark_estimates_bound_exact_float_distances(
        nodes in 1..12usize,
        edges in prop::collection::vec((0..12u32, 0..12u32, 0..20u32), 0..40),
        undirected in any::<bool>(),
        count in 1..5usize,
    ) {
        let edges: Vec<(u32, u32, f64)> = edges
            .into_iter()
            .filter(|&(a, b, _)| (a as usize) < nodes && (b as usize) < nodes)
            .map(|(a, b, c)| (a, b, f64::from(c) / 4.0))
            .collect();
        let roads = if undirected {
            RoadGraph::undirected(nodes, edges.iter().copied()).unwrap()
        } else {
            RoadGraph::directed(nodes, edges.iter().copied()).unwrap()
        };
        // The same graph with integer costs (in quarters), for the reference distances.
        let mut adjacency = vec![Vec::new(); nodes];
        for v in 0..nodes as u32 {
            for (w, c) in roads.edges(v) {
                adjacency[v as usize].push((w as usize, (c * 4.0) as u64));
            }
        }
        let d = all_distances(&adjacency);
        let build = roads.problem(0, 0).unwrap();
        let landmarks = Landmarks::farthest(&build, count).unwrap();
        let per_state = std::mem::size_of::<f64>() * landmarks.len();
        let bound = build.index_bound().unwrap();
        if undirected {
            prop_assert_eq!(landmarks.memory(), per_state * bound);
        }
        for t in 0..nodes as u32 {
            for v in 0..nodes as u32 {
                let query = roads.problem(v, t).unwrap();
                let h = landmarks.toward(&query, &t).estimate(&v);
                if let Some(exact) = d[v as usize][t as usize] {
                    prop_assert!(h <= exact as f64 / 4.0);
                }
                if h == f64::INFINITY {
                    prop_assert!(d[v as usize][t as usize].is_none());
                }
                let back = landmarks.from_start(&query, &v).estimate(&t);
                if let Some(exact) = d[v as usize][t as usize] {
                    prop_assert!(back <= exact as f64 / 4.0);
                }
                let dijkstra = informed::dijkstra(&query).map(|s| s.cost()).ok();
                let astar = Search::new(&query).astar_with(landmarks.toward(&query, &t));
                prop_assert_eq!(astar.as_ref().map(|s| s.cost()).ok(), dijkstra);
                if let Ok(solution) = &astar {
                    prop_assert_eq!(solution.stats().reopened, 0);
                }
            }
        }
    }
}

/// The errors say what was wrong.
#[test]
fn landmarks_refuse_problems_without_a_numbering_or_start() {
    let mut problem = Graph::<u64> {
        adjacency: vec![vec![(1, 1)], vec![]],
        starts: vec![0],
        goals: vec![false, true],
        numbered: false,
    };
    let error = Landmarks::farthest(&problem, 2).unwrap_err();
    assert!(matches!(error, LandmarkError::NoNumbering));
    assert_eq!(
        error.to_string(),
        "landmarks need a problem that numbers its states (index_bound is None)"
    );
    problem.numbered = true;
    problem.starts.clear();
    let error = Landmarks::farthest(&problem, 2).unwrap_err();
    assert!(matches!(error, LandmarkError::NoStart));
    // Without a start, landmarks of one's own choice still build.
    let landmarks = Landmarks::at(&problem, [1]).unwrap();
    assert_eq!(landmarks.numbers(), &[1]);
    assert_eq!(landmarks.toward(&problem, &1).estimate(&0), 1);
}
