//! NBS against Dijkstra on random graphs: the same optimal cost with admissible estimates in
//! both directions, consistent or not (reopening keeps it optimal), a path that is one; and
//! no path exactly where Dijkstra finds none.

mod common;

use common::{Graph, config, graph};
use informed::{Search, SearchError, SearchProblem};
use proptest::prelude::*;

/// Least costs from every node to the nearest node of `targets`, along `adjacency` reversed
/// when `backward` is false (the distance *to* the targets) or forward (the distance *from*
/// them): Bellman–Ford, small graphs.
fn distances(
    adjacency: &[Vec<(usize, u64)>],
    targets: &[usize],
    to_targets: bool,
) -> Vec<Option<u64>> {
    let n = adjacency.len();
    let mut d: Vec<Option<u64>> = vec![None; n];
    for &t in targets {
        d[t] = Some(0);
    }
    for _ in 0..n {
        for (u, edges) in adjacency.iter().enumerate() {
            for &(v, c) in edges {
                // to_targets: d[u] ≤ c + d[v]; from targets: d[v] ≤ d[u] + c.
                let (from, to) = if to_targets { (v, u) } else { (u, v) };
                if let Some(base) = d[from] {
                    if d[to].is_none_or(|old| base + c < old) {
                        d[to] = Some(base + c);
                    }
                }
            }
        }
    }
    d
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn nbs_finds_dijkstras_cost_with_admissible_estimates(
        problem in graph(20, 0..10u64),
        fractions in prop::collection::vec((0..=4u64, 0..=4u64), 20),
        consistent in any::<bool>(),
        lifo in any::<bool>(),
    ) {
        let n = problem.adjacency.len();
        let goals: Vec<usize> = (0..n).filter(|&v| problem.goals[v]).collect();
        let to_goal = distances(&problem.adjacency, &goals, true);
        let from_start = distances(&problem.adjacency, &problem.starts, false);
        // A fixed fraction of the true distance is consistent; the true distance at some states
        // and 0 at others is admissible but not consistent. Where no path leads, any estimate is admissible.
        let scale = |d: Option<u64>, k: u64, v: usize| match d {
            // Exact or nothing, state by state: as inconsistent as admissible gets.
            Some(d) => if consistent { d * 2 / 4 } else if k >= 2 { d } else { 0 },
            None => 7 + v as u64,
        };
        let forward = |&v: &usize| scale(to_goal[v], fractions[v].0, v);
        let backward = |&v: &usize| scale(from_start[v], fractions[v].1, v);
        let dijkstra = informed::dijkstra(&problem);
        let ties = if lifo { informed::TieBreak::Lifo } else { informed::TieBreak::Fifo };
        let nbs = Search::new(&problem).tie_break(ties).nbs(forward, backward);
        match (&dijkstra, &nbs) {
            (Ok(expected), Ok(found)) => {
                prop_assert_eq!(found.cost(), expected.cost());
                let path = found.path();
                prop_assert!(problem.starts.contains(&path[0]));
                prop_assert!(problem.is_goal(path.last().unwrap()));
            }
            (Err(SearchError::NoPath { .. }), Err(SearchError::NoPath { .. })) => {}
            (expected, found) => prop_assert!(false, "dijkstra {expected:?}, nbs {found:?}"),
        }
    }
}

/// A state both a start and a goal is a path of no steps.
#[test]
fn a_start_that_is_a_goal_is_a_path_of_no_steps() {
    let problem = Graph::<u64> {
        adjacency: vec![vec![(1, 1)], vec![(0, 1)]],
        starts: vec![1],
        goals: vec![false, true],
        numbered: false,
    };
    let solution = informed::nbs(&problem, |_: &usize| 0, |_: &usize| 0).unwrap();
    assert_eq!(solution.path(), &[1]);
    assert_eq!(solution.cost(), 0);
}
