//! Depth-first search to a depth limit: the first path found, in memory linear in the path.

use crate::engine::depth_first::{Bound, Prober};
use crate::heuristic::Zero;
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// Depth-first search to at most `max_depth` steps: the first path found, not the shortest.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `max_depth`: the deepest level expanded (0 expands only the starts).
///
/// # Returns
///
/// The first path to a goal in depth-first order (successors in the order the problem gives
/// them), its cost and the [`Stats`](crate::Stats) of its one search: `iterations` is 0,
/// `stored` the longest path held and `max_open` the peak of the stack (see
/// [`Stats`](crate::Stats)).
///
/// # Errors
///
/// [`SearchError::NoPath`](crate::SearchError::NoPath) if the whole space was searched without
/// reaching the depth limit; [`SearchError::LimitReached`](crate::SearchError::LimitReached) with
/// [`Limit::Depth`](crate::Limit::Depth) if no goal was found but the limit cut nodes off (a deeper
/// search might find one); and the limit and bad-cost errors of [`bfs`](crate::bfs).
///
/// # Complexity
///
/// **O(b^d)** time in the worst case and **O(d)** space, for branching factor b and depth d.
///
/// # Example
///
/// ```
/// let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32), (n + 2, 1)], |&n| n == 6);
/// let found = informed::depth_first(&problem, 10)?;
/// assert_eq!(found.path(), &[0, 1, 2, 3, 4, 5, 6]); // first found, not the shortest
/// assert!(informed::depth_first(&problem, 2).unwrap_err().limit().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn depth_first<P: SearchProblem>(problem: &P, max_depth: usize) -> SearchResult<P> {
    Search::new(problem).depth_first(max_depth)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`depth_first`](crate::depth_first) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`depth_first`](crate::depth_first).
    pub fn depth_first(self, max_depth: usize) -> SearchResult<P> {
        let mut prober = Prober::new(self.into_setup()?, Zero);
        prober.search(Bound::Depth(max_depth))
    }
}
