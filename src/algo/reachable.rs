//! Reachability: every state within a cost bound with its least cost, as a lazy iterator.

use std::fmt;

use crate::engine::best_first::{CostKeys, ErasedEngine, Ranking, erased_engine};
use crate::engine::control::Control;
use crate::engine::table::NO_PARENT;
use crate::error::SearchError;
use crate::heuristic::Zero;
use crate::observer::{NoObserver, Observer};
use crate::problem::SearchProblem;
use crate::progress::Stats;
use crate::search::Search;
use crate::solution::ErrorOf;

/// A view of a problem in which no state is a goal: a search of it floods everything reachable.
struct Flood<'a, P>(&'a P);

impl<P: SearchProblem> SearchProblem for Flood<'_, P> {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = P::State> {
        self.0.starts()
    }

    fn is_goal(&self, _: &P::State) -> bool {
        false
    }

    #[inline]
    fn successors(&self, state: &P::State) -> impl IntoIterator<Item = (P::State, P::Cost)> {
        self.0.successors(state)
    }

    fn index_bound(&self) -> Option<usize> {
        self.0.index_bound()
    }

    fn index(&self, state: &P::State) -> usize {
        self.0.index(state)
    }
}

/// Every state reachable from the starts at cost at most `bound` (all of them for `None`), with
/// its least cost, in order of increasing cost: a Dijkstra flood, computed lazily as the iterator
/// is advanced.
///
/// # Arguments
///
/// - `problem`: the state space; its goal test is ignored.
/// - `bound`: the greatest cost to report, or `None` for everything reachable.
///
/// # Returns
///
/// A [`Reachable`] iterator of `Ok((state, cost))`, each state once. It ends when every state
/// within the bound has been reported, or after one `Err`.
///
/// # Errors
///
/// An `Err` item for bad input (a negative or NaN step cost, an overflowing sum), or for a limit
/// set on a [`Search`] (with [`Search::reachable`]); no item follows it.
///
/// # Complexity
///
/// **O((V + E) log V)** time and **O(V)** space over the whole iteration, as for
/// [`dijkstra`](crate::dijkstra), where V and E count the states and steps within the bound.
///
/// # Example
///
/// ```
/// let line = informed::from_fn(0i32, |&n: &i32| [(n - 1, 2u32), (n + 1, 3)], |_| false);
/// let near: Vec<(i32, u32)> = informed::reachable(&line, Some(5)).collect::<Result<_, _>>()?;
/// assert_eq!(near, [(0, 0), (-1, 2), (1, 3), (-2, 4)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reachable<P: SearchProblem>(problem: &P, bound: Option<P::Cost>) -> Reachable<'_, P> {
    let search = Search::new(problem);
    match bound {
        Some(bound) => search.cost_bound(bound).reachable(),
        None => search.reachable(),
    }
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// [`reachable`](crate::reachable) with this search's options: the cost bound is the
    /// greatest cost reported (none: everything reachable), and a limit ends the iteration with
    /// an `Err`.
    pub fn reachable(self) -> Reachable<'a, P, O> {
        let (problem, options) = (self.problem(), *self.options());
        let engine = erased_engine::<CostKeys, _, _, _, _>(problem, &options, Ranking::Distance);
        let refused = options.check().err();
        let setup = self.into_setup_unchecked();
        Reachable {
            problem,
            control: setup.control,
            observer: setup.observer,
            engine,
            refused,
            started: false,
            finished: false,
        }
    }
}

/// An item of [`Reachable`]: a state with its least cost, or the error that ends the iteration.
type ReachedOf<P> = Result<(<P as SearchProblem>::State, <P as SearchProblem>::Cost), ErrorOf<P>>;

/// The iterator of [`reachable`] and [`Search::reachable`].
pub struct Reachable<'a, P: SearchProblem, O = NoObserver> {
    problem: &'a P,
    control: Control<'a, P::Cost>,
    observer: O,
    engine: Box<dyn ErasedEngine<Flood<'a, P>, Zero, O> + 'a>,
    /// The error of an option refused before searching: the first item.
    refused: Option<SearchError<P::State, P::Cost>>,
    started: bool,
    finished: bool,
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Reachable<'_, P, O> {
    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.control.stats()
    }

    /// Every state stored so far, in the order stored, with its parent's index in that order
    /// (`None` for a start) and its least known cost: once the iteration has ended without an
    /// error, the tree of least-cost paths to everything it returned.
    pub(super) fn stored(
        &self,
    ) -> impl ExactSizeIterator<Item = (&P::State, Option<usize>, P::Cost)> {
        (0..self.engine.len()).map(|index| {
            let (state, node) = self.engine.entry(index);
            (
                state,
                (node.parent() != NO_PARENT).then_some(node.parent()),
                node.g,
            )
        })
    }

    fn advance(&mut self) -> ReachedOf<P> {
        if let Some(error) = self.refused.take() {
            return Err(error);
        }
        let flood = Flood(self.problem);
        let (control, observer) = (&mut self.control, &mut self.observer);
        if !self.started {
            self.started = true;
            self.engine.start(&flood, &Zero, control, observer)?;
        }
        let current = self.engine.pop(control)?;
        self.engine
            .expand(current, &flood, &Zero, control, observer)?;
        let (state, node) = self.engine.entry(current);
        Ok((state.clone(), node.g))
    }
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Iterator for Reachable<'_, P, O> {
    type Item = ReachedOf<P>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        match self.advance() {
            Ok(item) => Some(Ok(item)),
            Err(SearchError::NoPath { .. }) => {
                self.finished = true;
                None
            }
            Err(error) => {
                self.finished = true;
                Some(Err(error))
            }
        }
    }
}

impl<P: SearchProblem, O> fmt::Debug for Reachable<'_, P, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reachable")
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}
