//! `from_fn_bidirectional` and `from_fn_unit_bidirectional` against the one-sided searches and
//! a brute-force reference, and with predecessors that are not the reverse of the successors.

mod common;

use common::config;
use informed::SearchError;
use proptest::prelude::*;

/// A digraph on `0..n` as edge lists (parallel edges allowed, at different costs), with one
/// start and one goal.
#[derive(Clone, Debug)]
struct Digraph {
    edges: Vec<Vec<(usize, u64)>>,
    start: usize,
    goal: usize,
}

impl Digraph {
    /// The edges into each node: the exact reverse of `edges`.
    fn reversed(&self) -> Vec<Vec<(usize, u64)>> {
        let mut reverse = vec![Vec::new(); self.edges.len()];
        for (from, out) in self.edges.iter().enumerate() {
            for &(to, cost) in out {
                reverse[to].push((from, cost));
            }
        }
        reverse
    }

    /// The least cost from start to goal with every edge costing `unit` if given, by
    /// Bellman–Ford over all edges: no queue, no tie-breaking, nothing shared with the crate.
    fn brute_force(&self, unit: Option<u64>) -> Option<u64> {
        let n = self.edges.len();
        let mut dist = vec![None; n];
        dist[self.start] = Some(0u64);
        for _ in 0..n {
            for (from, out) in self.edges.iter().enumerate() {
                let Some(d) = dist[from] else { continue };
                for &(to, cost) in out {
                    let through = d + unit.unwrap_or(cost);
                    if dist[to].is_none_or(|old| through < old) {
                        dist[to] = Some(through);
                    }
                }
            }
        }
        dist[self.goal]
    }

    /// The cost of `path` along the cheapest of its edges, or why it is no path.
    fn path_cost(&self, path: &[usize]) -> Result<u64, String> {
        if path.first() != Some(&self.start) || path.last() != Some(&self.goal) {
            return Err(format!(
                "{path:?} does not go from {} to {}",
                self.start, self.goal
            ));
        }
        path.windows(2)
            .map(|pair| {
                self.edges[pair[0]]
                    .iter()
                    .filter(|&&(to, _)| to == pair[1])
                    .map(|&(_, cost)| cost)
                    .min()
                    .ok_or(format!("no edge {} → {} in {path:?}", pair[0], pair[1]))
            })
            .sum()
    }
}

fn digraph() -> impl Strategy<Value = Digraph> {
    (1..=10usize).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0..n, 0..10u64), 0..=3 * n),
            0..n,
            0..n,
        )
            .prop_map(move |(list, start, goal)| {
                let mut edges = vec![Vec::new(); n];
                for (from, to, cost) in list {
                    edges[from].push((to, cost));
                }
                Digraph { edges, start, goal }
            })
    })
}

/// One outcome checked against the reference: a path of the graph at the reference's cost
/// (its cost reported as the sum of its edges), or no path where the reference has none.
fn check(
    graph: &Digraph,
    outcome: Result<(Vec<usize>, u64), String>,
    reference: Option<u64>,
    unit: bool,
) -> Result<(), TestCaseError> {
    match (outcome, reference) {
        (Ok((path, cost)), Some(best)) => {
            let steps = path.len() as u64 - 1;
            let real = if unit {
                steps
            } else {
                graph.path_cost(&path).map_err(TestCaseError::fail)?
            };
            if unit {
                graph.path_cost(&path).map_err(TestCaseError::fail)?;
            }
            prop_assert_eq!(
                real,
                cost,
                "{:?} is reported at {} but costs {}",
                path,
                cost,
                real
            );
            prop_assert_eq!(cost, best, "{:?} is not a least-cost path", path);
        }
        (Err(error), None) => prop_assert!(error.starts_with("NoPath"), "{}", error),
        (outcome, reference) => {
            prop_assert!(false, "{:?} vs the reference {:?}", outcome, reference)
        }
    }
    Ok(())
}

/// A result reduced to what `check` compares.
fn outcome<C>(
    result: Result<informed::Solution<usize, C>, SearchError<usize, C>>,
) -> Result<(Vec<usize>, u64), String>
where
    C: std::fmt::Debug + Copy + Into<u64>,
{
    result
        .map(|solution| (solution.path().to_vec(), solution.cost().into()))
        .map_err(|error| format!("{error:?}"))
}

proptest! {
    #![proptest_config(config())]

    /// Both bidirectional searches of the weighted closure problem agree with Dijkstra and BFS
    /// on the same problem, and with Bellman–Ford: Dijkstra's least cost, BFS's fewest steps.
    #[test]
    fn weighted_closures_agree_with_one_sided_searches(graph in digraph()) {
        let reverse = graph.reversed();
        let problem = informed::from_fn_bidirectional(
            graph.start,
            graph.goal,
            |&node| graph.edges[node].clone(),
            |&node| reverse[node].clone(),
        );
        let least = graph.brute_force(None);
        check(&graph, outcome(informed::bidirectional_dijkstra(&problem)), least, false)?;
        check(&graph, outcome(informed::dijkstra(&problem)), least, false)?;
        let both = informed::bidirectional_bfs(&problem);
        let one = informed::bfs(&problem);
        match (&both, &one) {
            (Ok(both), Ok(one)) => {
                prop_assert_eq!(both.steps(), one.steps());
                prop_assert_eq!(Some(both.steps() as u64), graph.brute_force(Some(1)));
                let real = graph.path_cost(both.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(real, both.cost());
            }
            (Err(SearchError::NoPath { .. }), Err(SearchError::NoPath { .. })) => {
                prop_assert_eq!(least, None);
            }
            _ => prop_assert!(false, "{:?} vs {:?}", both, one),
        }
    }

    /// Both bidirectional searches of the unit closure problem find BFS's number of steps, the
    /// reference's, each step an edge of the graph.
    #[test]
    fn unit_closures_agree_with_one_sided_searches(graph in digraph()) {
        let reverse = graph.reversed();
        let problem = informed::from_fn_unit_bidirectional(
            graph.start,
            graph.goal,
            |&node| graph.edges[node].iter().map(|&(to, _)| to),
            |&node| reverse[node].iter().map(|&(from, _)| from),
        );
        let fewest = graph.brute_force(Some(1));
        for result in [
            informed::bidirectional_bfs(&problem),
            informed::bidirectional_dijkstra(&problem),
            informed::bfs(&problem),
            informed::dijkstra(&problem),
        ] {
            check(&graph, outcome(result), fewest, true)?;
        }
    }

    /// Predecessors that are not the reverse of the successors (steps left out, steps added,
    /// costs changed) never yield a wrong answer: the search returns a path of the successors
    /// at its real cost, or reports a step of its path the successors disagree with as
    /// `MissingStep`, or finds no path, as `Bidirectional::predecessors` says.
    #[test]
    fn predecessors_that_are_not_the_reverse_never_give_a_wrong_path(
        graph in digraph(),
        edits in prop::collection::vec((0..10usize, 0..10usize, 0..10u64, 0..3u8), 1..6),
    ) {
        let n = graph.edges.len();
        let mut reverse = graph.reversed();
        for (node, other, cost, kind) in edits {
            let (node, other) = (node % n, other % n);
            match kind {
                0 => { reverse[node].pop(); }
                1 => reverse[node].push((other, cost)),
                _ => if let Some(step) = reverse[node].first_mut() { step.1 = cost },
            }
        }
        let problem = informed::from_fn_bidirectional(
            graph.start,
            graph.goal,
            |&node| graph.edges[node].clone(),
            |&node| reverse[node].clone(),
        );
        for result in [informed::bidirectional_dijkstra(&problem), informed::bidirectional_bfs(&problem)] {
            match result {
                Ok(solution) => {
                    let real = graph.path_cost(solution.path()).map_err(TestCaseError::fail)?;
                    prop_assert_eq!(real, solution.cost());
                }
                Err(SearchError::MissingStep { from, to, .. }) => {
                    let forward: Vec<u64> = graph.edges[from].iter().filter(|e| e.0 == to).map(|e| e.1).collect();
                    let backward: Vec<u64> = reverse[to].iter().filter(|e| e.0 == from).map(|e| e.1).collect();
                    prop_assert_ne!(
                        forward.iter().min(), backward.iter().min(),
                        "{} → {} is reported though both sides agree", from, to
                    );
                }
                Err(SearchError::NoPath { .. }) => {}
                Err(error) => prop_assert!(false, "{:?}", error),
            }
        }
    }
}

/// The call of `pathfinding::directed::bfs::bfs_bidirectional`, written inline: no closure
/// argument needs a type.
#[test]
fn the_natural_call_infers_every_closure_argument() {
    let solution = informed::bidirectional_bfs(&informed::from_fn_unit_bidirectional(
        1,
        10,
        |&n| [n + 1, 2 * n],
        |&n| {
            if n % 2 == 0 {
                vec![n - 1, n / 2]
            } else {
                vec![n - 1]
            }
        },
    ))
    .unwrap();
    assert_eq!(solution.steps(), 4);
    assert_eq!(solution.path()[..2], [1, 2]);
    assert_eq!(solution.path().last(), Some(&10));

    let weighted = informed::bidirectional_dijkstra(&informed::from_fn_bidirectional(
        1,
        10,
        |&n| [(n + 1, 2), (2 * n, 1)],
        |&n| {
            [(n - 1, 2)]
                .into_iter()
                .chain((n % 2 == 0).then_some((n / 2, 1)))
        },
    ))
    .unwrap();
    assert_eq!(weighted.path(), [1, 2, 4, 5, 10]);
    assert_eq!(weighted.cost(), 5);
}

/// The goal is the one state given, compared with `==`: a search from the goal is a path of
/// one state, and the closures' other states are not goals.
#[test]
fn the_goal_is_the_one_state_given() {
    let problem = informed::from_fn_unit_bidirectional(3u8, 3, |&n| [n + 1], |&n| [n - 1]);
    for solution in [
        informed::bfs(&problem).unwrap(),
        informed::bidirectional_bfs(&problem).unwrap(),
        informed::bidirectional_dijkstra(&problem).unwrap(),
    ] {
        assert_eq!(solution.path(), [3]);
        assert_eq!(solution.cost(), 0);
    }
    let line = informed::from_fn_unit_bidirectional(0u8, 5, |&n| [n + 1], |&n| [n.wrapping_sub(1)]);
    assert_eq!(
        informed::bidirectional_bfs(&line).unwrap().path(),
        [0, 1, 2, 3, 4, 5]
    );
}

/// Predecessors that claim a step the successors do not have: the path through it is reported
/// as `MissingStep` naming that step, not returned.
#[test]
fn a_step_only_the_predecessors_have_is_reported() {
    // Successors: 0 → 1 → 2 → 3, and a dead end 0 → 4 that widens the forward side, so that
    // the backward side takes the next layer. Predecessors: also a step 0 → 3.
    let problem = informed::from_fn_unit_bidirectional(
        0u8,
        3,
        |&n| match n {
            0 => vec![1, 4],
            1 | 2 => vec![n + 1],
            _ => vec![],
        },
        |&n| {
            match n {
                1..=3 => vec![n - 1],
                _ => vec![],
            }
            .into_iter()
            .chain((n == 3).then_some(0))
        },
    );
    assert_eq!(informed::bfs(&problem).unwrap().steps(), 3);
    for result in [
        informed::bidirectional_bfs(&problem),
        informed::bidirectional_dijkstra(&problem),
    ] {
        let error = result.unwrap_err();
        assert!(
            matches!(error, SearchError::MissingStep { from: 0, to: 3, .. }),
            "{error:?}"
        );
    }

    // Predecessors that say 1 → 3 costs 0, where the successors say 100.
    let weighted = informed::from_fn_bidirectional(
        0u8,
        3,
        |&n| match n {
            0 => vec![(1, 1u32), (2, 2)],
            1 => vec![(3, 100)],
            2 => vec![(3, 2)],
            _ => vec![],
        },
        |&n| match n {
            1 => vec![(0, 1u32)],
            2 => vec![(0, 2)],
            3 => vec![(1, 0), (2, 2)],
            _ => vec![],
        },
    );
    assert_eq!(informed::dijkstra(&weighted).unwrap().cost(), 4);
    let error = informed::bidirectional_dijkstra(&weighted).unwrap_err();
    assert!(
        matches!(error, SearchError::MissingStep { from: 1, to: 3, .. }),
        "{error:?}"
    );
}
