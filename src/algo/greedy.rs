//! Greedy best-first search: ranks states by the estimate h alone.

use crate::engine::best_first::{Ranking, best_first};
use crate::heuristic::Heuristic;
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// Finds a path to a goal by always expanding the state that looks nearest to one.
///
/// States are ranked by h alone (ties to the smaller g, then the most recent). It is often far
/// faster than A* but **not optimal**: the path it returns can cost much more than the cheapest,
/// even with a perfect-looking heuristic. A state reached again by a cheaper path is updated while
/// it waits on the open set, but an expanded state is never reopened.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: the estimate that guides the search. Its admissibility does not matter here:
///   greedy search makes no cost guarantee either way.
///
/// # Returns
///
/// The [`Solution`](crate::Solution): a valid path to a goal (not necessarily the cheapest), its
/// cost and the [`Stats`](crate::Stats).
///
/// # Errors
///
/// - [`SearchError::NoPath`](crate::SearchError::NoPath) if no goal is reachable.
/// - [`SearchError::LimitReached`](crate::SearchError::LimitReached) if a limit set on a
///   [`Search`] stopped it.
/// - [`SearchError::NegativeCost`](crate::SearchError::NegativeCost),
///   [`SearchError::NanCost`](crate::SearchError::NanCost),
///   [`SearchError::NanEstimate`](crate::SearchError::NanEstimate),
///   [`SearchError::Overflow`](crate::SearchError::Overflow) for bad costs or estimates.
///
/// # Complexity
///
/// **O((V + E) log V)** time and **O(V)** space in the worst case, as for Dijkstra, where V is
/// the number of states stored and E the number of successors delivered; with a good heuristic
/// V is often a small fraction of the space.
///
/// # Example
///
/// ```
/// // On an open line, greedy search walks straight to the goal.
/// let problem = informed::from_fn(0i32, |&n: &i32| [(n - 1, 1), (n + 1, 1)], |&n| n == 10);
/// let solution = informed::greedy(&problem, |&n: &i32| (10 - n).abs())?;
/// assert_eq!(solution.cost(), 10);
/// assert_eq!(solution.stats().expanded, 11);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// J. Pearl, *Heuristics: Intelligent Search Strategies for Computer Problem Solving*,
/// Addison-Wesley, 1984, section 2.3.
pub fn greedy<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).greedy(heuristic)
}

/// [`greedy`] for a heuristic written as a closure with its argument type left to inference; see
/// [`astar_fn`](crate::astar_fn) for why it exists.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: the estimate that guides the search, as for [`greedy`].
///
/// # Returns
///
/// As for [`greedy`].
///
/// # Errors
///
/// As for [`greedy`].
///
/// # Complexity
///
/// As for [`greedy`].
///
/// # Example
///
/// ```
/// let problem = informed::from_fn(0i32, |&n: &i32| [(n - 1, 1), (n + 1, 1)], |&n| n == 10);
/// let solution = informed::greedy_fn(&problem, |&n| (10 - n).abs())?;
/// assert_eq!(solution.stats().expanded, 11);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn greedy_fn<P, F>(problem: &P, heuristic: F) -> SearchResult<P>
where
    P: SearchProblem,
    F: Fn(&P::State) -> P::Cost,
{
    Search::new(problem).greedy(heuristic)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`greedy`](crate::greedy) best-first search with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`greedy`](crate::greedy).
    pub fn greedy<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> SearchResult<P> {
        best_first(self.into_setup()?, heuristic, Ranking::Estimate)
    }

    /// Runs [`greedy_fn`](crate::greedy_fn) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`greedy`](crate::greedy).
    pub fn greedy_fn<F: Fn(&P::State) -> P::Cost>(self, heuristic: F) -> SearchResult<P> {
        self.greedy(heuristic)
    }
}
