//! A search driven one expansion at a time.

use std::fmt;

use crate::engine::best_first::Ranking;
use crate::engine::suspended::{Stepped, Suspended};
use crate::error::SearchError;
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::{NoObserver, Observer};
use crate::problem::SearchProblem;
use crate::progress::Stats;
use crate::search::Search;
use crate::solution::Solution;

/// The outcome of one step: what it expanded, or why the search ended.
type StepResult<P> = Result<
    Expansion<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
    SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
>;

/// What one [`Stepper::step`] did.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Expansion<S, C> {
    /// This state was expanded: taken off the open set, found not to be a goal, and its
    /// successors generated.
    Expanded {
        /// The state.
        state: S,
        /// Its path cost.
        g: C,
        /// Its estimate.
        h: C,
    },
    /// A goal was taken off the open set: the search is over.
    Found(Solution<S, C>),
}

/// An A* search that expands one node per call of [`step`](Self::step), and lets the caller
/// look at the open and closed sets in between: for animations, interactive tools and stopping
/// rules of the caller's own.
///
/// It runs the same engine as [`astar`](crate::astar), with every option of the [`Search`] it
/// was made from (limits, tie-breaking, node table, open set, observer). With
/// [`Zero`](crate::Zero) as the heuristic it steps through Dijkstra's algorithm. Made by
/// [`stepper`] or [`Search::stepper`].
///
/// # Example
///
/// ```
/// use informed::{Expansion, Search};
///
/// let problem = informed::from_fn(0i32, |&n: &i32| [(n - 1, 1u32), (n + 1, 1)], |&n| n == 3);
/// let mut stepper = Search::new(&problem).stepper(|&n: &i32| (3 - n).unsigned_abs());
/// let mut expanded = Vec::new();
/// while let Some(step) = stepper.step() {
///     match step? {
///         Expansion::Expanded { state, .. } => {
///             expanded.push(state);
///             assert!(stepper.open().count() > 0);
///         }
///         Expansion::Found(solution) => assert_eq!(solution.cost(), 3),
///         _ => {}
///     }
/// }
/// assert_eq!(expanded, [0, 1, 2]);
/// assert_eq!(stepper.closed().count(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Stepper<'a, P: SearchProblem, H, O = NoObserver> {
    search: Suspended<'a, P, H, O>,
}

impl<'a, P, H, O> Stepper<'a, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    fn new(search: Search<'a, P, O>, heuristic: H) -> Self {
        let refused = search.options().check().err();
        let setup = search.into_setup_unchecked();
        Stepper {
            search: Suspended::new(setup, refused, heuristic, Ranking::Cost),
        }
    }

    /// Expands the next node. `None` once the search is over: after a goal was found, or after
    /// an error (which is returned once).
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar): no path, a limit, or bad input.
    pub fn step(&mut self) -> Option<StepResult<P>> {
        Some(match self.search.advance(1, None)? {
            Ok(Stepped::Expanded(current)) => {
                let (state, node) = self.search.engine().entry(current);
                Ok(Expansion::Expanded {
                    state: state.clone(),
                    g: node.g,
                    h: node.h,
                })
            }
            Ok(Stepped::Found(solution)) => Ok(Expansion::Found(solution)),
            Err(error) => Err(error),
        })
    }

    /// The states on the open set with their g and h, in no particular order. Empty before
    /// the first step.
    pub fn open(&self) -> impl Iterator<Item = (&P::State, P::Cost, P::Cost)> {
        let engine = self.search.engine();
        engine.open().map(move |index| {
            let (state, node) = engine.entry(index);
            (state, node.g, node.h)
        })
    }

    /// The closed states (expanded, and not reopened since) with their g and h, in the order
    /// they were first stored.
    pub fn closed(&self) -> impl Iterator<Item = (&P::State, P::Cost, P::Cost)> {
        let engine = self.search.engine();
        (0..engine.len())
            .filter(move |&index| !engine.is_open(index))
            .map(move |index| {
                let (state, node) = engine.entry(index);
                (state, node.g, node.h)
            })
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}

impl<P: SearchProblem, H, O> fmt::Debug for Stepper<'_, P, H, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stepper")
            .field("started", &self.search.is_started())
            .field("finished", &self.search.is_finished())
            .finish_non_exhaustive()
    }
}

/// An A* search of `problem` with `heuristic`, to drive one expansion at a time (see
/// [`Stepper`]).
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: a closure, as for [`astar`](crate::astar) (`|_| 0` steps through Dijkstra's
///   algorithm); [`stepper_with`] takes a heuristic that is a type.
///
/// # Returns
///
/// A [`Stepper`] that has not expanded anything yet.
///
/// # Errors
///
/// None here: each [`Stepper::step`] returns those of [`astar`](crate::astar) as they arise.
///
/// # Complexity
///
/// As for [`astar`](crate::astar), spread over the steps.
///
/// # Example
///
/// ```
/// let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 2);
/// let mut stepper = informed::stepper(&problem, |_| 0);
/// let first = stepper.step().expect("a first step")?;
/// assert_eq!(first, informed::Expansion::Expanded { state: 0, g: 0, h: 0 });
/// assert_eq!(stepper.open().count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stepper<P, F>(problem: &P, heuristic: F) -> Stepper<'_, P, F>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).stepper_with(heuristic)
}

/// [`stepper`] with a heuristic of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why the
/// closures and the types have an entry point each.
///
/// # Arguments, Returns, Errors, Complexity
///
/// As for [`stepper`]; `heuristic` is a value of a [`Heuristic`] type instead of a closure.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement, Octile};
///
/// let grid = Grid::from_ascii("...\n...")?;
/// let problem = grid.problem(Cell::new(0, 0), Cell::new(2, 1), Movement::Eight)?;
/// let mut stepper = informed::stepper_with(&problem, Octile::to(Cell::new(2, 1)));
/// assert!(stepper.step().expect("a first step").is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stepper_with<P, H>(problem: &P, heuristic: H) -> Stepper<'_, P, H>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).stepper_with(heuristic)
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// An A* search with this search's options and a closure heuristic, to drive one expansion at a time (see
    /// [`Stepper`]). A NaN cost bound is reported by the first step.
    pub fn stepper<F: HeuristicFn<P::State, P::Cost>>(self, heuristic: F) -> Stepper<'a, P, F, O> {
        self.stepper_with(heuristic)
    }

    /// An A* search with this search's options, to drive one expansion at a time (see
    /// [`Stepper`]). A NaN cost bound is reported by the first step.
    pub fn stepper_with<H: Heuristic<P::State, P::Cost>>(
        self,
        heuristic: H,
    ) -> Stepper<'a, P, H, O> {
        Stepper::new(self, heuristic)
    }
}
