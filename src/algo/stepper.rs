//! A search driven one expansion at a time, and reachability as an iterator built on it.

use std::fmt;

use crate::engine::best_first::{Engine, Priority, Ranking, Step, solution};
use crate::engine::heap::IndexedHeap;
use crate::engine::table::{FastState, HashTable, Table};
use crate::search::Control;
use crate::{
    Heuristic, NoObserver, Observer, Search, SearchError, SearchProblem, Solution, Stats,
    Successors, Zero,
};

type StepEngine<'c, S, C> =
    Engine<'c, S, C, HashTable<S, C, FastState>, IndexedHeap<Priority<C>, 4>>;

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
/// It runs the same engine as [`astar`](crate::astar), with the options of the [`Search`] it
/// was made from (limits, tie-breaking, observer); its node table is always hashed with the fast
/// hasher and its open set a 4-ary heap. With [`Zero`] as the heuristic it steps through
/// Dijkstra's algorithm.
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
    problem: &'a P,
    heuristic: H,
    observer: O,
    engine: StepEngine<'a, P::State, P::Cost>,
    successors: Successors<P::State, P::Cost>,
    started: bool,
    finished: bool,
}

impl<'a, P, H, O> Stepper<'a, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    fn new(search: Search<'a, P, O>, heuristic: H) -> Self {
        let (problem, control, observer) = search.into_parts();
        let mut engine: StepEngine<'a, P::State, P::Cost> =
            Engine::new(HashTable::new(), control, Ranking::Cost);
        // `closed` asks the open set about every stored state: keep positions from the start.
        engine.open.track();
        Stepper {
            problem,
            heuristic,
            observer,
            engine,
            successors: Successors::new(),
            started: false,
            finished: false,
        }
    }

    /// Expands the next node. `None` once the search is over: after a goal was found, or after
    /// an error (which is returned once).
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar): no path, a limit, or bad input.
    pub fn step(&mut self) -> Option<StepResult<P>> {
        if self.finished {
            return None;
        }
        let outcome = self.advance();
        self.finished = !matches!(outcome, Ok(Expansion::Expanded { .. }));
        Some(outcome)
    }

    fn advance(&mut self) -> StepResult<P> {
        if !self.started {
            self.started = true;
            self.engine
                .start(self.problem, &self.heuristic, &mut self.observer)?;
        }
        match self.engine.step(
            self.problem,
            &self.heuristic,
            &mut self.observer,
            &mut self.successors,
        )? {
            Step::Goal(goal) => Ok(Expansion::Found(solution(self.problem, &self.engine, goal))),
            Step::Expanded(index) => {
                let (state, node) = self.engine.table.entry(index);
                Ok(Expansion::Expanded {
                    state: state.clone(),
                    g: node.g,
                    h: node.h,
                })
            }
        }
    }

    /// The states on the open set with their g and h, in heap order (not sorted). Empty before
    /// the first step.
    pub fn open(&self) -> impl Iterator<Item = (&P::State, P::Cost, P::Cost)> {
        self.engine.open.items().map(|(index, _)| {
            let (state, node) = self.engine.table.entry(index);
            (state, node.g, node.h)
        })
    }

    /// The closed states (expanded, and not reopened since) with their g and h, in the order
    /// they were first stored.
    pub fn closed(&self) -> impl Iterator<Item = (&P::State, P::Cost, P::Cost)> {
        (0..self.engine.table.len())
            .filter(|&index| self.engine.open.key(index).is_none())
            .map(|index| {
                let (state, node) = self.engine.table.entry(index);
                (state, node.g, node.h)
            })
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }
}

impl<P: SearchProblem, H, O> fmt::Debug for Stepper<'_, P, H, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stepper")
            .field("started", &self.started)
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// An A* search to drive one expansion at a time (see [`Stepper`]).
    pub fn stepper<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> Stepper<'a, P, H, O> {
        Stepper::new(self, heuristic)
    }
}

/// Wraps a problem so that no state is a goal: a search of it floods everything reachable.
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

    fn successors(&self, state: &P::State, out: &mut Successors<P::State, P::Cost>) {
        self.0.successors(state, out);
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
/// An iterator of `Ok((state, cost))`, each state once. It ends when every state within the
/// bound has been reported, or after an `Err` for bad input (a negative or NaN step cost, an
/// overflowing sum).
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
    let mut search = Search::new(problem);
    if let Some(bound) = bound {
        search = search.cost_bound(bound);
    }
    Reachable {
        problem: Flood(problem),
        engine: Engine::new(
            HashTable::new(),
            Control::new(search.options, None),
            Ranking::Cost,
        ),
        started: false,
        finished: false,
        successors: Successors::new(),
    }
}

/// The iterator of [`reachable`].
pub struct Reachable<'a, P: SearchProblem> {
    problem: Flood<'a, P>,
    engine: StepEngine<'static, P::State, P::Cost>,
    started: bool,
    finished: bool,
    successors: Successors<P::State, P::Cost>,
}

impl<P: SearchProblem> Iterator for Reachable<'_, P> {
    type Item = Result<(P::State, P::Cost), SearchError<P::State, P::Cost>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let (problem, engine) = (&self.problem, &mut self.engine);
        if !self.started {
            self.started = true;
            if let Err(error) = engine.start(problem, &Zero, &mut NoObserver) {
                self.finished = true;
                return Some(Err(error));
            }
        }
        match engine.step(problem, &Zero, &mut NoObserver, &mut self.successors) {
            Ok(Step::Expanded(index)) => {
                let (state, node) = engine.table.entry(index);
                Some(Ok((state.clone(), node.g)))
            }
            Ok(Step::Goal(_)) => unreachable!("a flood has no goal"),
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

impl<P: SearchProblem> fmt::Debug for Reachable<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reachable")
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}
