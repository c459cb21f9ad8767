//! The shortest-path tree: one Dijkstra flood from the starts, then the cheapest path to any
//! state reached.

use std::collections::HashSet;
use std::fmt;

use indexmap::IndexMap;

use crate::engine::hasher::FastBuildHasher;
use crate::observer::Observer;
use crate::problem::{Bidirectional, SearchProblem};
use crate::progress::Stats;
use crate::reversed::{Reversed, forward};
use crate::search::Search;
use crate::solution::ErrorOf;

/// The cheapest path from the starts to every reachable state, found by one Dijkstra flood:
/// afterwards, the cost of and the path to any state reached take no search.
///
/// This is what `pathfinding::directed::dijkstra::dijkstra_all` followed by `build_path` gives,
/// for several queries from one source: a road network's distances from a depot, a game map's
/// costs from a player's position.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative. Its goal test is ignored.
///
/// # Returns
///
/// A [`PathTree`] holding every reachable state with its least cost and its parent on a
/// cheapest path. With [`Search::shortest_path_tree`], a cost bound keeps only the states
/// within it.
///
/// # Errors
///
/// - [`SearchError::NegativeCost`](crate::SearchError::NegativeCost),
///   [`SearchError::NanCost`](crate::SearchError::NanCost),
///   [`SearchError::Overflow`](crate::SearchError::Overflow) for a bad step.
/// - [`SearchError::LimitReached`](crate::SearchError::LimitReached) if a limit set on a
///   [`Search`] stopped the flood (on an infinite space, set one).
///
/// # Complexity
///
/// **O((V + E) log V)** time, as for [`dijkstra`](crate::dijkstra), and **O(V)** space, where V
/// and E count the states and steps reachable; the tree is built once the flood has ended, so
/// both the search's table and the tree are held for a moment. Each query afterwards is
/// **O(1)** (average) for a cost and **O(path length)** for a path.
///
/// # Example
///
/// ```
/// // A ring road of 6 towns, one way clockwise (cost 1) and the other way dearer (cost 3).
/// let ring = |&town: &u32| [((town + 1) % 6, 1u32), ((town + 5) % 6, 3)];
/// let problem = informed::from_fn(0, ring, |_| false);
/// let tree = informed::shortest_path_tree(&problem)?;
/// assert_eq!(tree.len(), 6);
/// assert_eq!(tree.cost_to(&4), Some(4));
/// assert_eq!(tree.cost_to(&5), Some(3));
/// assert_eq!(tree.path_to(&5), Some(vec![0, 5]));
/// assert_eq!(tree.path_to(&7), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_path_tree<P: SearchProblem>(
    problem: &P,
) -> Result<PathTree<P::State, P::Cost>, ErrorOf<P>> {
    Search::new(problem).shortest_path_tree()
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`shortest_path_tree`](crate::shortest_path_tree) with this search's options: the
    /// cost bound is the greatest cost kept, and a limit is an error.
    ///
    /// # Errors
    ///
    /// As for [`shortest_path_tree`](crate::shortest_path_tree), and
    /// [`SearchError::InvalidCostBound`](crate::SearchError::InvalidCostBound) for a NaN bound.
    pub fn shortest_path_tree(self) -> Result<PathTree<P::State, P::Cost>, ErrorOf<P>> {
        let mut flood = self.reachable();
        for reached in flood.by_ref() {
            reached?;
        }
        let mut nodes =
            IndexMap::with_capacity_and_hasher(flood.stored().len(), FastBuildHasher::default());
        for (state, parent, cost) in flood.stored() {
            nodes.insert(state.clone(), (parent, cost));
        }
        Ok(PathTree {
            nodes,
            stats: flood.stats(),
        })
    }
}

/// The cheapest paths from the starts to each of `targets`, found by one Dijkstra flood that
/// stops as soon as the last target is settled: what users of `pathfinding` run one search per
/// target for, or a whole flood.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative. Its goal test is ignored.
/// - `targets`: the states to reach (repeats are harmless).
///
/// # Returns
///
/// A [`PathTree`] of every state settled before the flood stopped, each with its least cost
/// and a cheapest path: [`cost_to`](PathTree::cost_to) and [`path_to`](PathTree::path_to)
/// answer for each target, `None` for a target no path reaches. The flood stops at the last
/// target's cost, so the states cheaper than it are in the tree too (their costs are final);
/// a target that cannot be reached makes the flood run to the end. With step costs that are
/// all equal, the flood walks breadth-first layers without a heap (as
/// [`reachable`](crate::reachable) does): this is also BFS to many targets.
///
/// For the **nearest** of several goals (a path to any one of them), no tree is needed: run
/// [`astar`](crate::astar) with a goal test that accepts every target and the minimum of a
/// heuristic toward each (admissible when each is), as the example shows.
///
/// # Errors
///
/// As for [`shortest_path_tree`].
///
/// # Complexity
///
/// As for [`shortest_path_tree`], over the states no costlier than the farthest target
/// reached.
///
/// # Example
///
/// ```
/// // A street of 100 houses, each a step of 2 from the next.
/// let street = |&house: &u32| [(house + 1, 2u32), (house.saturating_sub(1), 2)];
/// let problem = informed::from_fn(50, street, |_| false);
/// let tree = informed::shortest_path_tree_to(&problem, [47, 55, 52])?;
/// assert_eq!(tree.cost_to(&55), Some(10));
/// assert_eq!(tree.path_to(&47), Some(vec![50, 49, 48, 47]));
/// // It stopped at the farthest target: houses beyond it were never settled.
/// assert!(tree.cost_to(&60).is_none());
///
/// // The nearest of the targets alone: A* with a goal test for any of them, and the least
/// // of the distances to each as its heuristic.
/// let targets = [47u32, 55, 52];
/// let any = informed::from_fn(50, street, |house| targets.contains(house));
/// let nearest = informed::astar(&any, |&house: &u32| {
///     targets.iter().map(|&t| 2 * house.abs_diff(t)).min().unwrap_or(0)
/// })?;
/// assert_eq!(nearest.path().last(), Some(&52));
/// assert_eq!(nearest.cost(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_path_tree_to<P: SearchProblem>(
    problem: &P,
    targets: impl IntoIterator<Item = P::State>,
) -> Result<PathTree<P::State, P::Cost>, ErrorOf<P>> {
    Search::new(problem).shortest_path_tree_to(targets)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`shortest_path_tree_to`](crate::shortest_path_tree_to) with this search's
    /// options: the cost bound is the greatest cost settled (a target beyond it is not
    /// reached), and a limit is an error.
    ///
    /// # Errors
    ///
    /// As for [`shortest_path_tree_to`](crate::shortest_path_tree_to), and
    /// [`SearchError::InvalidCostBound`](crate::SearchError::InvalidCostBound) for a NaN bound.
    pub fn shortest_path_tree_to(
        self,
        targets: impl IntoIterator<Item = P::State>,
    ) -> Result<PathTree<P::State, P::Cost>, ErrorOf<P>> {
        let mut waiting: HashSet<P::State, FastBuildHasher> = targets.into_iter().collect();
        let mut settled: HashSet<P::State, FastBuildHasher> = HashSet::default();
        let mut flood = self.reachable();
        if !waiting.is_empty() {
            for reached in flood.by_ref() {
                let (state, _) = reached?;
                waiting.remove(&state);
                settled.insert(state);
                if waiting.is_empty() {
                    break;
                }
            }
        }
        // Only the settled states: the others' costs may still fall. A parent is settled, but
        // may have been stored after its child (which a cheaper step then reached from it), so
        // the places come first.
        let mut placed: Vec<Option<usize>> = Vec::with_capacity(flood.stored().len());
        let mut count = 0;
        for (state, _, _) in flood.stored() {
            let settled = settled.contains(state);
            placed.push(settled.then_some(count));
            count += usize::from(settled);
        }
        let mut nodes = IndexMap::with_capacity_and_hasher(count, FastBuildHasher::default());
        for ((state, parent, cost), place) in flood.stored().zip(&placed) {
            if place.is_some() {
                let parent = parent.and_then(|parent| placed[parent]);
                nodes.insert(state.clone(), (parent, cost));
            }
        }
        Ok(PathTree {
            nodes,
            stats: flood.stats(),
        })
    }
}

/// The cheapest path from every state to its nearest goal, found by one Dijkstra flood
/// backward from the goals: the [`shortest_path_tree`] of the problem seen backward
/// ([`Reversed`]), which answers "how far to the target, and which way" for every state at
/// once, as many units walking to one target need.
///
/// A flood forward from a goal (a [`shortest_path_tree`] whose start is the goal) measures the
/// other way, goal to state: the same only where every step costs what its reverse costs. On
/// a grid whose cells cost what entering them costs, or on a road map with one-way streets,
/// it gives wrong costs and paths that are not the cheapest; this flood does not.
///
/// # Arguments
///
/// - `problem`: the state space, searchable backward ([`Bidirectional`]): its
///   [`goals`](Bidirectional::goals) are where the flood starts, and its
///   [`predecessors`](Bidirectional::predecessors), which it follows, must be the exact
///   reverse of its successors, costs included. Step costs must be non-negative. Its starts
///   and its goal test are ignored.
///
/// # Returns
///
/// A [`PathTree`] rooted at the goals, read from each state's side:
///
/// | call | answers |
/// |---|---|
/// | [`cost_to(&s)`](PathTree::cost_to) | the least cost from `s` to its nearest goal |
/// | [`path_from(&s)`](PathTree::path_from) | a cheapest path from `s` to that goal, `s` first |
/// | [`parent(&s)`](PathTree::parent) | the next state on that path (`None` at a goal) |
/// | [`path_to(&s)`](PathTree::path_to) | the same path reversed, the goal first |
///
/// Each is `None` for a state from which no goal can be reached. With
/// [`Search::distances_to_goals`], a cost bound keeps only the states within it of a goal.
///
/// # Errors
///
/// As for [`shortest_path_tree`]. A bad step is reported as the problem's step, from the
/// state it leaves to the state it enters, though the flood met it backward.
///
/// # Complexity
///
/// As for [`shortest_path_tree`], over the states from which a goal can be reached.
///
/// # Example
///
/// A street of four houses where entering a house costs its toll: from house 3 to house 0 one
/// pays the tolls of 2, 1 and 0; from house 0 to house 3 those of 1, 2 and 3.
///
/// ```
/// let toll = [1u32, 5, 1, 9];
/// let doors = |&house: &usize| [house.wrapping_sub(1), house + 1].into_iter().filter(|&h| h < 4);
/// // Into a neighbour, paying its toll; or, backward, from a neighbour, paying this one's.
/// let steps = move |house: &usize| doors(house).map(move |next| (next, toll[next]));
/// let before = move |house: &usize| {
///     let paid = toll[*house];
///     doors(house).map(move |previous| (previous, paid))
/// };
/// let problem = informed::from_fn_bidirectional(3, 0, steps, before);
///
/// let to_zero = informed::distances_to_goals(&problem)?;
/// assert_eq!(to_zero.cost_to(&3), Some(7)); // 1 + 5 + 1
/// assert_eq!(to_zero.path_from(&3), Some(vec![3, 2, 1, 0]));
/// assert_eq!(to_zero.parent(&3), Some(&2)); // the next house toward house 0
/// assert_eq!(to_zero.cost_to(&3), Some(informed::dijkstra(&problem)?.cost()));
///
/// // A flood forward from house 0 measures from house 0 instead: 5 + 1 + 9.
/// let from_zero = informed::shortest_path_tree(&informed::from_fn(0, steps, |_| false))?;
/// assert_eq!(from_zero.cost_to(&3), Some(15));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn distances_to_goals<P: Bidirectional>(
    problem: &P,
) -> Result<PathTree<P::State, P::Cost>, ErrorOf<P>> {
    Search::new(problem).distances_to_goals()
}

impl<P: Bidirectional, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`distances_to_goals`](crate::distances_to_goals) with this search's options: the
    /// cost bound is the greatest cost to a goal kept, and a limit is an error. The observer
    /// sees the flood as it runs, backward: each step from the state it enters to the state
    /// it leaves.
    ///
    /// # Errors
    ///
    /// As for [`distances_to_goals`](crate::distances_to_goals), and
    /// [`SearchError::InvalidCostBound`](crate::SearchError::InvalidCostBound) for a NaN bound.
    pub fn distances_to_goals(self) -> Result<PathTree<P::State, P::Cost>, ErrorOf<P>> {
        let reversed = Reversed::new(self.problem());
        self.of(&reversed).shortest_path_tree().map_err(forward)
    }
}

/// The cheapest paths from a search's starts to every state it reached: the result of
/// [`shortest_path_tree`], [`shortest_path_tree_to`] and their [`Search`] forms; and, from
/// [`distances_to_goals`], the cheapest paths from every state to the goals (see there for how
/// that tree reads).
#[derive(Clone)]
pub struct PathTree<S, C> {
    /// Each state with its parent's index in this map (`None` for a start) and its least cost.
    nodes: IndexMap<S, (Option<usize>, C), FastBuildHasher>,
    stats: Stats,
}

impl<S: Clone + Eq + std::hash::Hash, C: Copy> PathTree<S, C> {
    /// The number of states reached. **O(1)**.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no state was reached (the problem has no starts). **O(1)**.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether `state` was reached. **O(1)** (average).
    pub fn contains(&self, state: &S) -> bool {
        self.nodes.contains_key(state)
    }

    /// The least cost of a path from a start to `state`, `None` if it was not reached.
    /// **O(1)** (average).
    pub fn cost_to(&self, state: &S) -> Option<C> {
        self.nodes.get(state).map(|&(_, cost)| cost)
    }

    /// The state before `state` on a cheapest path to it; `None` for a start and for a state
    /// not reached. **O(1)** (average).
    pub fn parent(&self, state: &S) -> Option<&S> {
        let &(parent, _) = self.nodes.get(state)?;
        parent.map(|index| self.nodes.get_index(index).expect("a stored parent").0)
    }

    /// A cheapest path from a start to `state`, both included; `None` if `state` was not
    /// reached. **O(path length)**.
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let mut path = self.path_from(state)?;
        path.reverse();
        Some(path)
    }

    /// [`path_to`](Self::path_to) read the other way: from `state` along its parents to the
    /// start it was reached from, both included; `None` if `state` was not reached.
    /// **O(path length)**.
    ///
    /// On a tree of a problem seen backward ([`distances_to_goals`], or a
    /// [`shortest_path_tree`] of a [`Reversed`] problem), whose starts are the problem's
    /// goals, this is a cheapest path of the problem itself from `state` to its nearest goal,
    /// in the order it is walked.
    pub fn path_from(&self, state: &S) -> Option<Vec<S>> {
        let mut current = self.nodes.get_index_of(state)?;
        let mut path = Vec::new();
        loop {
            let (state, &(parent, _)) = self.nodes.get_index(current).expect("a stored state");
            path.push(state.clone());
            match parent {
                Some(parent) => current = parent,
                None => break,
            }
        }
        Some(path)
    }

    /// Every state reached with its least cost, in the order the flood first reached them
    /// (the starts first). **O(V)** for the whole iteration.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&S, C)> + '_ {
        self.nodes.iter().map(|(state, &(_, cost))| (state, cost))
    }

    /// The statistics of the flood that built the tree.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

impl<S: fmt::Debug, C: fmt::Debug> fmt::Debug for PathTree<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PathTree")
            .field("states", &self.nodes.len())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}
