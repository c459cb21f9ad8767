//! Iterative deepening: depth-first searches to depth 0, 1, 2, … until one finds a goal.

use crate::engine::depth_first::{Bound, Prober};
use crate::engine::in_place::Walker;
use crate::heuristic::{Afresh, Zero};
use crate::in_place::{InPlace, InPlaceProblem};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// Iterative deepening depth-first search: depth-first searches to depth 0, 1, 2, … until one
/// finds a goal. Finds a path with the fewest steps, like [`bfs`](crate::bfs), in memory linear
/// in its length.
///
/// # Arguments
///
/// - `problem`: the state space.
///
/// # Returns
///
/// A path of fewest steps, its cost (the sum of its step costs) and the [`Stats`](crate::Stats):
/// `expanded`, `generated` and `pruned` summed over the iterations, `iterations` counting them,
/// `stored` the longest path held and `max_open` the peak of the stack over all of them,
/// `expanded_before_last_layer` the expansions of the iterations before the last. Each
/// iteration starts with an [`Event::Iteration`](crate::Event::Iteration) and ends with an
/// [`Event::IterationEnd`](crate::Event::IterationEnd) carrying its depth bound and its own
/// counts; no `Generate` event is sent (see [`Event`](crate::Event)).
///
/// # Errors
///
/// [`SearchError::NoPath`](crate::SearchError::NoPath) when an iteration reaches no depth limit
/// (the space is exhausted); the limit and bad-cost errors of [`bfs`](crate::bfs).
///
/// # Complexity
///
/// **O(b^d)** time, about b/(b − 1) times a single search to depth d, and **O(d)** space.
///
/// # Example
///
/// ```
/// let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32), (n * 3, 1)], |&n| n == 10);
/// let solution = informed::iddfs(&problem)?;
/// assert_eq!(solution.path(), &[0, 1, 3, 9, 10]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn iddfs<P: SearchProblem>(problem: &P) -> SearchResult<P> {
    Search::new(problem).iddfs()
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`iddfs`](crate::iddfs) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`iddfs`](crate::iddfs).
    pub fn iddfs(self) -> SearchResult<P> {
        let mut prober = Prober::new(self.into_setup()?, Zero);
        prober.deepen(Bound::Depth(0), |bound, _| match bound {
            Bound::Depth(depth) => Some(Bound::Depth(depth + 1)),
            Bound::Cost(cost) => Some(Bound::Cost(cost)),
        })
    }
}

/// [`iddfs`] on a problem that moves in place ([`InPlaceProblem`]): one state, changed by each
/// move and its undo. The same iterations, path, statistics and errors as [`iddfs`] on the
/// problem's [`InPlace`] view (moves are taken as listed, not merged by the state they reach).
///
/// # Arguments
///
/// - `problem`: the state space.
///
/// # Returns
///
/// As for [`iddfs`].
///
/// # Errors
///
/// As for [`iddfs`].
///
/// # Complexity
///
/// As for [`iddfs`]; memory is one state, plus one move buffer and one move a level (and a
/// copy of each state on the path with the default [`CycleCheck::Path`](crate::CycleCheck)).
///
/// # Example
///
/// ```
/// use informed::{InPlaceProblem, Moves};
///
/// /// A counter that can be incremented or tripled, from 0 to 10.
/// struct Counter;
///
/// impl InPlaceProblem for Counter {
///     type State = u32;
///     type Move = bool; // true: triple
///     type Cost = u32;
///     fn starts(&self) -> impl IntoIterator<Item = u32> { [0] }
///     fn is_goal(&self, n: &u32) -> bool { *n == 10 }
///     fn moves(&self, _: &u32, out: &mut Moves<'_, bool>) { out.extend([false, true]) }
///     fn apply(&self, n: &mut u32, triple: bool) -> u32 {
///         if triple { *n *= 3 } else { *n += 1 }
///         1
///     }
///     fn undo(&self, n: &mut u32, triple: bool) {
///         if triple { *n /= 3 } else { *n -= 1 }
///     }
/// }
///
/// let solution = informed::iddfs_in_place(&Counter)?;
/// assert_eq!(solution.path(), &[0, 1, 3, 9, 10]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn iddfs_in_place<P: InPlaceProblem>(problem: &P) -> SearchResult<InPlace<&P>> {
    Search::new(&InPlace::new(problem)).iddfs_in_place()
}

impl<P: InPlaceProblem, O: Observer<P::State, P::Cost>> Search<'_, InPlace<P>, O> {
    /// Runs [`iddfs_in_place`](crate::iddfs_in_place) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`iddfs`](crate::iddfs).
    pub fn iddfs_in_place(self) -> SearchResult<InPlace<P>> {
        let mut walker = Walker::new(self.into_setup()?, Afresh(Zero));
        walker.deepen(Bound::Depth(0), |bound, _| match bound {
            Bound::Depth(depth) => Some(Bound::Depth(depth + 1)),
            Bound::Cost(cost) => Some(Bound::Cost(cost)),
        })
    }
}

/// [`iddfs_in_place`](crate::iddfs_in_place) through `Search::new(&problem)` for a problem that
/// is both a [`SearchProblem`] and an [`InPlaceProblem`] with the same states and costs (see
/// [`Search::idastar_in_place_with`]).
impl<P, O> Search<'_, P, O>
where
    P: SearchProblem
        + InPlaceProblem<State = <P as SearchProblem>::State, Cost = <P as SearchProblem>::Cost>,
    O: Observer<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
{
    /// Runs [`iddfs_in_place`](crate::iddfs_in_place) with this search's options, on a problem
    /// that is also a [`SearchProblem`].
    ///
    /// # Errors
    ///
    /// As for [`iddfs`](crate::iddfs).
    pub fn iddfs_in_place(self) -> SearchResult<P> {
        let view = InPlace::new(self.problem());
        self.on(&view).iddfs_in_place()
    }
}
