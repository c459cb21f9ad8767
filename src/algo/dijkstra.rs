//! Dijkstra's algorithm: the least-cost path, ranking states by g alone.

use crate::engine::best_first::{CostKeys, Ranking, best_first};
use crate::heuristic::Zero;
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// Finds a least-cost path from a start state to a goal.
///
/// States are expanded in order of their path cost g, so the first goal expanded is reached by
/// a cheapest path. This is [`astar`](crate::astar) with the [`Zero`] heuristic (it is the same
/// engine): every state cheaper than the goal is expanded, in a "diamond" or circle around the
/// start. Ties on g go to the state stored first (see [`TieBreak`](crate::TieBreak)).
///
/// # Arguments
///
/// - `problem`: the state space. Step costs must be non-negative, or the result would not be
///   least-cost; a negative cost is reported as an error instead.
///
/// # Returns
///
/// The [`Solution`](crate::Solution): a least-cost path, its cost and the
/// [`Stats`](crate::Stats). With several goals, the path leads to a nearest one.
///
/// # Errors
///
/// - [`SearchError::NoPath`](crate::SearchError::NoPath) if no goal is reachable.
/// - [`SearchError::LimitReached`](crate::SearchError::LimitReached) if a limit set on a
///   [`Search`] stopped it.
/// - [`SearchError::NegativeCost`](crate::SearchError::NegativeCost),
///   [`SearchError::NanCost`](crate::SearchError::NanCost),
///   [`SearchError::Overflow`](crate::SearchError::Overflow) for a bad step cost or a path cost
///   that does not fit in the cost type.
///
/// # Complexity
///
/// **O((V + E) log V)** time and **O(V)** space, where V is the number of states stored and E the
/// number of successors delivered: each successor costs one hash lookup and at most one
/// O(log V) heap operation (a push, or a decrease-key that moves the state up in place).
///
/// # Example
///
/// ```
/// // A small road map: going round by c is cheaper than the direct road.
/// let roads = |&town: &char| match town {
///     'a' => vec![('b', 7), ('c', 2)],
///     'c' => vec![('b', 3), ('d', 9)],
///     'b' => vec![('d', 2)],
///     _ => vec![],
/// };
/// let problem = informed::from_fn('a', roads, |&town| town == 'd');
/// let solution = informed::dijkstra(&problem)?;
/// assert_eq!(solution.path(), &['a', 'c', 'b', 'd']);
/// assert_eq!(solution.cost(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// E. W. Dijkstra, "A note on two problems in connexion with graphs", *Numerische Mathematik* 1
/// (1959), 269–271.
pub fn dijkstra<P: SearchProblem>(problem: &P) -> SearchResult<P> {
    Search::new(problem).dijkstra()
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`dijkstra`](crate::dijkstra) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`dijkstra`](crate::dijkstra).
    pub fn dijkstra(self) -> SearchResult<P> {
        best_first::<CostKeys, _, _, _>(self.into_setup()?, Zero, Ranking::Distance)
    }
}
