//! Greedy best-first search: ranks states by the estimate h alone.

use crate::engine::best_first::{PairKeys, Ranking, best_first};
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// Finds a path to a goal by always expanding the state that looks nearest to one.
///
/// States are ranked by h alone (ties to the smaller g, then to the state stored first, or last
/// with [`TieBreak::Lifo`](crate::TieBreak::Lifo)). It is often far faster than A* but **not
/// optimal**: the path it returns can cost much more than the cheapest,
/// even with a perfect-looking heuristic. A state reached again by a cheaper path is updated while
/// it waits on the open set, but an expanded state is never reopened.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: a closure giving the estimate that guides the search ([`greedy_with`] for a
///   heuristic that is a type). Its admissibility does not matter here: greedy search makes no
///   cost guarantee either way.
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
pub fn greedy<P, F>(problem: &P, heuristic: F) -> SearchResult<P>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).greedy_with(heuristic)
}

/// [`greedy`] with a heuristic of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why the
/// closures and the types have an entry point each.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: the estimate, as for [`greedy`].
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
/// use informed::grid::{Cell, Grid, Manhattan, Movement};
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let goal = Cell::new(3, 2);
/// let problem = grid.problem(Cell::new(0, 0), goal, Movement::Four)?;
/// let solution = informed::greedy_with(&problem, Manhattan::to(goal))?;
/// assert_eq!(solution.steps(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn greedy_with<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).greedy_with(heuristic)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`greedy`](crate::greedy) with this search's options, with a closure heuristic.
    ///
    /// # Errors
    ///
    /// As for [`greedy`](crate::greedy).
    pub fn greedy<F: HeuristicFn<P::State, P::Cost>>(self, heuristic: F) -> SearchResult<P> {
        self.greedy_with(heuristic)
    }

    /// Runs [`greedy_with`](crate::greedy_with) best-first search with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`greedy`](crate::greedy).
    pub fn greedy_with<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> SearchResult<P> {
        best_first::<PairKeys, _, _, _>(self.into_setup()?, heuristic, Ranking::Estimate)
    }
}
