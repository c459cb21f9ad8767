//! [`Reversed`]: a [`Bidirectional`] problem seen backward, for "distance to" a state and for
//! the backward side of the bidirectional searches.

use crate::error::SearchError;
use crate::problem::{Bidirectional, SearchProblem};

/// A [`Bidirectional`] problem seen backward: its starts are the problem's goals, its goals the
/// problem's starts, and each step is a step of the problem taken the other way, at the same
/// cost.
///
/// A search of the reversed problem from a state measures distances **to** that state in the
/// original problem: a flood of `Reversed::new(&problem)` ([`shortest_path_tree`],
/// [`reachable`], or [`distances_to_goals`] for the flood in one call) gives every state's
/// least cost to the nearest goal, which is what many units walking to one target need, and
/// what a flood forward from the target gets wrong wherever a step costs differently each way
/// (a grid whose cells cost what entering them costs, a one-way street).
///
/// Reversing twice gives the problem back: `Reversed<Reversed<P>>` searches as `P` does.
///
/// # Arguments
///
/// - `problem`: the problem to reverse, owned or borrowed (`Reversed::new(&problem)`); its
///   [`predecessors`](Bidirectional::predecessors) must be the exact reverse of its
///   [`successors`](SearchProblem::successors), costs included, or the reversed problem is
///   another space.
///
/// # Returns
///
/// A problem with the same states and costs, whose
/// [`successors`](SearchProblem::successors) are the original's predecessors and whose
/// [`predecessors`](Bidirectional::predecessors) are the original's successors. A state is a
/// goal of it when it is a start of the original. A dense numbering
/// ([`index_bound`](SearchProblem::index_bound)) is kept, so the searches keep their fast
/// tables.
///
/// # Complexity
///
/// **O(1)** to build, and no memory of its own. Each step costs what the original's
/// predecessors cost; the goal test walks the original's starts, **O(number of starts)**.
///
/// # Example
///
/// A one-way ring road: clockwise each step costs 1, counter-clockwise 3. The cheapest way
/// from town 1 to town 0 is counter-clockwise (3), while from 0 to 1 it is clockwise (1):
/// a flood from town 0 forward answers the second question, the reversed flood the first.
///
/// ```
/// use informed::{Reversed, SearchError};
///
/// let next = |&town: &u32| [((town + 1) % 6, 1u32), ((town + 5) % 6, 3)];
/// let before = |&town: &u32| [((town + 5) % 6, 1u32), ((town + 1) % 6, 3)];
/// let problem = informed::from_fn_bidirectional(2, 0, next, before);
///
/// let to_zero = informed::shortest_path_tree(&Reversed::new(&problem))?;
/// assert_eq!(to_zero.cost_to(&1), Some(3)); // from town 1 to town 0
/// assert_eq!(to_zero.path_from(&1), Some(vec![1, 0]));
/// assert_eq!(to_zero.path_from(&2), Some(vec![2, 3, 4, 5, 0])); // clockwise: 4 < 6
/// let from_zero = informed::shortest_path_tree(&informed::from_fn(0, next, |_| false))?;
/// assert_eq!(from_zero.cost_to(&1), Some(1)); // from town 0 to town 1
///
/// // A search of the reversed problem runs from the goal to the start.
/// let back = informed::dijkstra(&Reversed::new(&problem))?;
/// assert_eq!(back.path(), [0, 5, 4, 3, 2]);
/// assert_eq!(back.cost(), informed::dijkstra(&problem)?.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`shortest_path_tree`]: crate::shortest_path_tree
/// [`reachable`]: crate::reachable
/// [`distances_to_goals`]: crate::distances_to_goals
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reversed<P> {
    problem: P,
}

impl<P> Reversed<P> {
    /// `problem` seen backward. **O(1)**.
    pub const fn new(problem: P) -> Self {
        Reversed { problem }
    }

    /// The original problem. **O(1)**.
    pub const fn get_ref(&self) -> &P {
        &self.problem
    }

    /// The original problem, taken back. **O(1)**.
    pub fn into_inner(self) -> P {
        self.problem
    }
}

impl<P: Bidirectional> SearchProblem for Reversed<P> {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = P::State> {
        self.problem.goals()
    }

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        self.problem
            .starts()
            .into_iter()
            .any(|start| start == *state)
    }

    #[inline]
    fn successors(&self, state: &P::State) -> impl IntoIterator<Item = (P::State, P::Cost)> {
        self.problem.predecessors(state)
    }

    fn index_bound(&self) -> Option<usize> {
        self.problem.index_bound()
    }

    #[inline]
    fn index(&self, state: &P::State) -> usize {
        self.problem.index(state)
    }
}

impl<P: Bidirectional> Bidirectional for Reversed<P> {
    fn goals(&self) -> impl IntoIterator<Item = P::State> {
        self.problem.starts()
    }

    #[inline]
    fn predecessors(&self, state: &P::State) -> impl IntoIterator<Item = (P::State, P::Cost)> {
        self.problem.successors(state)
    }
}

/// An error of a search of a [`Reversed`] problem, with its step turned to face forward: a bad
/// step `from → to` found backward is the original's step `to → from`.
pub(crate) fn forward<S, C>(error: SearchError<S, C>) -> SearchError<S, C> {
    match error {
        SearchError::NegativeCost {
            from,
            to,
            cost,
            stats,
        } => SearchError::NegativeCost {
            from: to,
            to: from,
            cost,
            stats,
        },
        SearchError::NanCost { from, to, stats } => SearchError::NanCost {
            from: to,
            to: from,
            stats,
        },
        SearchError::Overflow {
            from,
            to,
            g,
            step,
            stats,
        } => SearchError::Overflow {
            from: to,
            to: from,
            g,
            step,
            stats,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Reversed;
    use crate::problem::{Bidirectional, SearchProblem};

    /// A small directed graph with costs, searchable both ways.
    #[derive(Clone, Debug)]
    struct Small {
        edges: Vec<(usize, usize, u32)>,
        nodes: usize,
    }

    impl SearchProblem for Small {
        type State = usize;
        type Cost = u32;

        fn starts(&self) -> impl IntoIterator<Item = usize> {
            [0]
        }

        fn is_goal(&self, &v: &usize) -> bool {
            v == self.nodes - 1
        }

        fn successors(&self, &v: &usize) -> impl IntoIterator<Item = (usize, u32)> {
            let out: Vec<_> = self
                .edges
                .iter()
                .filter(|e| e.0 == v)
                .map(|e| (e.1, e.2))
                .collect();
            out
        }
    }

    impl Bidirectional for Small {
        fn goals(&self) -> impl IntoIterator<Item = usize> {
            [self.nodes - 1]
        }

        fn predecessors(&self, &v: &usize) -> impl IntoIterator<Item = (usize, u32)> {
            let into: Vec<_> = self
                .edges
                .iter()
                .filter(|e| e.1 == v)
                .map(|e| (e.0, e.2))
                .collect();
            into
        }
    }

    /// The least cost from `from` to `to` by Bellman–Ford over the edges as given.
    fn least(small: &Small, from: usize, to: usize) -> Option<u32> {
        let mut d = vec![None; small.nodes];
        d[from] = Some(0);
        for _ in 0..small.nodes {
            for &(u, v, c) in &small.edges {
                if let Some(base) = d[u] {
                    if d[v].is_none_or(|old: u32| base + c < old) {
                        d[v] = Some(base + c);
                    }
                }
            }
        }
        d[to]
    }

    fn small() -> impl Strategy<Value = Small> {
        (2usize..8).prop_flat_map(|nodes| {
            prop::collection::vec((0..nodes, 0..nodes, 0u32..10), 0..20)
                .prop_map(move |edges| Small { edges, nodes })
        })
    }

    /// A bad step met by the backward flood is reported as the problem's own step, and a
    /// cost bound keeps the states within it of the goal.
    #[test]
    fn the_flood_to_the_goals_reports_steps_forward_and_keeps_its_bound() {
        let bad = Small {
            edges: vec![(0, 1, 2), (1, 2, 3)],
            nodes: 3,
        };
        let tree = crate::distances_to_goals(&bad).unwrap();
        assert_eq!(tree.cost_to(&0), Some(5));
        assert_eq!(tree.path_from(&0), Some(vec![0, 1, 2]));
        let near = crate::Search::new(&bad)
            .cost_bound(3)
            .distances_to_goals()
            .unwrap();
        assert_eq!(near.cost_to(&1), Some(3));
        assert_eq!(near.cost_to(&0), None);

        let negative = crate::from_fn_bidirectional(
            0i32,
            2,
            |&n: &i32| [(n + 1, if n == 0 { -1 } else { 1 })],
            |&n: &i32| [(n - 1, if n == 1 { -1 } else { 1 })],
        );
        match crate::distances_to_goals(&negative) {
            Err(crate::SearchError::NegativeCost { from, to, cost, .. }) => {
                assert_eq!((from, to, cost), (0, 1, -1));
            }
            other => panic!("expected the negative step 0 -> 1, got {other:?}"),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x5ea7c4),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// The reversed flood's cost to each state is the least cost from that state to the
        /// goal, and its forward path is a real path of that cost.
        #[test]
        fn the_reversed_flood_measures_distances_to_the_goal(small in small()) {
            let goal = small.nodes - 1;
            let tree = crate::shortest_path_tree(&Reversed::new(&small)).unwrap();
            for v in 0..small.nodes {
                prop_assert_eq!(tree.cost_to(&v), least(&small, v, goal));
                if let Some(path) = tree.path_from(&v) {
                    prop_assert_eq!(path.first(), Some(&v));
                    prop_assert_eq!(path.last(), Some(&goal));
                    let cost = crate::engine::table::path_cost(&small, &path, Default::default());
                    prop_assert_eq!(cost.ok(), tree.cost_to(&v));
                }
            }
            let direct = crate::distances_to_goals(&small).unwrap();
            for v in 0..small.nodes {
                prop_assert_eq!(direct.cost_to(&v), tree.cost_to(&v));
            }
        }

        /// Reversed twice searches as the problem does, and once reversed finds the reverse of
        /// an optimal path.
        #[test]
        fn reversing_twice_gives_the_problem_back(small in small()) {
            let once = Reversed::new(&small);
            let twice = Reversed::new(once);
            let plain = crate::dijkstra(&small).ok().map(|s| s.cost());
            prop_assert_eq!(crate::dijkstra(&twice).ok().map(|s| s.cost()), plain);
            prop_assert_eq!(crate::dijkstra(&once).ok().map(|s| s.cost()), plain);
            if let Ok(back) = crate::dijkstra(&once) {
                prop_assert_eq!(back.path().first(), Some(&(small.nodes - 1)));
                prop_assert_eq!(back.path().last(), Some(&0));
            }
        }
    }
}
