//! The shortest-path tree: one Dijkstra flood from the starts, then the cheapest path to any
//! state reached.

use std::fmt;

use indexmap::IndexMap;

use crate::engine::hasher::FastBuildHasher;
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::progress::Stats;
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

/// The cheapest paths from a search's starts to every state it reached: the result of
/// [`shortest_path_tree`] and [`Search::shortest_path_tree`].
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
        path.reverse();
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
