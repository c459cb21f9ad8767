//! Depth-first search to a depth limit: the first path found, in memory linear in the path.

use crate::engine::depth_first::{Bound, Prober};
use crate::engine::in_place::Walker;
use crate::heuristic::{Afresh, Zero};
use crate::in_place::{InPlace, InPlaceProblem};
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
/// search might find one), with the path held when the limit first cut a node off as its
/// [`best`](crate::SearchError::best); and the limit and bad-cost errors of [`bfs`](crate::bfs).
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

/// [`depth_first`] on a problem that moves in place ([`InPlaceProblem`]): one state, changed
/// by each move and its undo. The same path, statistics and errors as [`depth_first`] on the
/// problem's [`InPlace`] view (moves are taken as listed, not merged by the state they reach).
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `max_depth`: the deepest level expanded (0 expands only the starts).
///
/// # Returns
///
/// As for [`depth_first`].
///
/// # Errors
///
/// As for [`depth_first`].
///
/// # Complexity
///
/// As for [`depth_first`]; memory is one state, plus one move buffer and one move a level (and
/// a copy of each state on the path with the default [`CycleCheck::Path`](crate::CycleCheck)).
///
/// # Example
///
/// ```
/// use informed::{InPlaceProblem, Moves};
///
/// /// A counter that can be raised by 1 or by 2, from 0 to 6.
/// struct Counter;
///
/// impl InPlaceProblem for Counter {
///     type State = u32;
///     type Move = u32;
///     type Cost = u32;
///     fn starts(&self) -> impl IntoIterator<Item = u32> { [0] }
///     fn is_goal(&self, n: &u32) -> bool { *n == 6 }
///     fn moves(&self, _: &u32, out: &mut Moves<'_, u32>) { out.extend([1, 2]) }
///     fn apply(&self, n: &mut u32, by: u32) -> u32 { *n += by; 1 }
///     fn undo(&self, n: &mut u32, by: u32) { *n -= by }
/// }
///
/// let found = informed::depth_first_in_place(&Counter, 10)?;
/// assert_eq!(found.path(), &[0, 1, 2, 3, 4, 5, 6]); // first found, not the shortest
/// assert!(informed::depth_first_in_place(&Counter, 2).unwrap_err().limit().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn depth_first_in_place<P: InPlaceProblem>(
    problem: &P,
    max_depth: usize,
) -> SearchResult<InPlace<&P>> {
    Search::new(&InPlace::new(problem)).depth_first_in_place(max_depth)
}

impl<P: InPlaceProblem, O: Observer<P::State, P::Cost>> Search<'_, InPlace<P>, O> {
    /// Runs [`depth_first_in_place`](crate::depth_first_in_place) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`depth_first`](crate::depth_first).
    pub fn depth_first_in_place(self, max_depth: usize) -> SearchResult<InPlace<P>> {
        let mut walker = Walker::new(self.into_setup()?, Afresh(Zero));
        walker.search(Bound::Depth(max_depth))
    }
}

/// [`depth_first_in_place`](crate::depth_first_in_place) through `Search::new(&problem)` for a
/// problem that is both a [`SearchProblem`] and an [`InPlaceProblem`] with the same states and
/// costs (see [`Search::idastar_in_place_with`]).
impl<P, O> Search<'_, P, O>
where
    P: SearchProblem
        + InPlaceProblem<State = <P as SearchProblem>::State, Cost = <P as SearchProblem>::Cost>,
    O: Observer<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
{
    /// Runs [`depth_first_in_place`](crate::depth_first_in_place) with this search's options,
    /// on a problem that is also a [`SearchProblem`].
    ///
    /// # Errors
    ///
    /// As for [`depth_first`](crate::depth_first).
    pub fn depth_first_in_place(self, max_depth: usize) -> SearchResult<P> {
        let view = InPlace::new(self.problem());
        self.on(&view).depth_first_in_place(max_depth)
    }
}
