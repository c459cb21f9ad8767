//! Reachability: every state within a cost bound with its least cost, as a lazy iterator.

use std::fmt;
use std::marker::PhantomData;

use crate::cost::Cost;
use crate::engine::best_first::{CostKeys, Engine, EngineOf, ErasedEngine, Ranking, erased_engine};
use crate::engine::breadth_first::{Breadth, Fit, Parents, Seen, States, StatesBody, with_states};
use crate::engine::control::Control;
use crate::engine::heap::{Frontier, OpenSets};
use crate::engine::options::{OpenSet, Options, TieBreak};
use crate::engine::select::{EngineBody, with_engine};
use crate::engine::table::{NO_PARENT, Node, Table, Tables};
use crate::error::SearchError;
use crate::heuristic::Zero;
use crate::observer::{Event, NoObserver, Observer};
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
        // With FIFO ties, Dijkstra's order is breadth-first order for as long as every step
        // costs the same: the breadth-first loop runs until a step of another cost.
        let flood = if options.tie_break == TieBreak::Fifo {
            Mode::Layers(with_states::<_, Parents, _>(
                problem,
                &options,
                MakeLayers(PhantomData),
            ))
        } else {
            Mode::Heap(erased_engine::<CostKeys, _, _, _, _>(
                problem,
                &options,
                Ranking::Distance,
            ))
        };
        let refused = options.check().err();
        let setup = self.into_setup_unchecked();
        Reachable {
            problem,
            options,
            control: setup.control,
            observer: setup.observer,
            flood,
            refused,
            started: false,
            finished: false,
        }
    }
}

/// An item of [`Reachable`]: a state with its least cost, or the error that ends the iteration.
type ReachedOf<P> = Result<(<P as SearchProblem>::State, <P as SearchProblem>::Cost), ErrorOf<P>>;

/// The engine a [`Reachable`] runs on after a step of a second cost.
type Dijkstra<'a, P, O> = Box<dyn ErasedEngine<Flood<'a, P>, Zero, O> + 'a>;

/// How a [`Reachable`] floods.
enum Mode<'a, P: SearchProblem, O> {
    /// Breadth-first, while every step costs the same.
    Layers(Box<dyn Layers<'a, P, O> + 'a>),
    /// By Dijkstra's heap.
    Heap(Dijkstra<'a, P, O>),
}

/// The iterator of [`reachable`] and [`Search::reachable`].
pub struct Reachable<'a, P: SearchProblem, O = NoObserver> {
    problem: &'a P,
    options: Options<P::Cost>,
    control: Control<'a, P::Cost>,
    observer: O,
    flood: Mode<'a, P, O>,
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
        let len = match &self.flood {
            Mode::Layers(layers) => layers.len(),
            Mode::Heap(engine) => engine.len(),
        };
        (0..len).map(|index| {
            let (state, parent, g) = match &self.flood {
                Mode::Layers(layers) => layers.entry(index),
                Mode::Heap(engine) => {
                    let (state, node) = engine.entry(index);
                    (state, node.parent(), node.g)
                }
            };
            (state, (parent != NO_PARENT).then_some(parent), g)
        })
    }

    fn advance(&mut self) -> ReachedOf<P> {
        if let Some(error) = self.refused.take() {
            return Err(error);
        }
        let (problem, control, observer) = (self.problem, &mut self.control, &mut self.observer);
        let flood = Flood(problem);
        match &mut self.flood {
            Mode::Layers(layers) => {
                if !self.started {
                    self.started = true;
                    layers.start(problem, control, observer)?;
                }
                let (state, g, engine) =
                    layers.advance(problem, &self.options, control, observer)?;
                if let Some(engine) = engine {
                    self.flood = Mode::Heap(engine);
                }
                Ok((state, g))
            }
            Mode::Heap(engine) => {
                if !self.started {
                    self.started = true;
                    engine.start(&flood, &Zero, control, observer)?;
                }
                let current = engine.pop(control)?;
                engine.expand(current, &flood, &Zero, control, observer)?;
                let (state, node) = engine.entry(current);
                Ok((state.clone(), node.g))
            }
        }
    }
}

/// Makes the breadth-first flood on the table the options choose, as a trait object: the
/// iterator must name its type.
struct MakeLayers<P, O>(PhantomData<fn() -> (P, O)>);

impl<'a, P, O> StatesBody<'a, P::State> for MakeLayers<P, O>
where
    P: SearchProblem + 'a,
    O: Observer<P::State, P::Cost>,
{
    type Output = Box<dyn Layers<'a, P, O> + 'a>;

    fn run<T: States<P::State> + 'a>(self, states: T, _: impl Fn() -> T) -> Self::Output {
        Box::new(Breadth::new(states))
    }
}

type Failure<P> = SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

/// The breadth-first flood of a [`Reachable`], whatever its table: the best-first engine's
/// start, pop and expand in one, while every step costs the same.
trait Layers<'a, P: SearchProblem, O> {
    fn start(
        &mut self,
        problem: &P,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(), Failure<P>>;
    /// Expands the next state and returns it with its cost; with the engine that takes over
    /// where the expansion met a step of a second cost.
    #[allow(clippy::type_complexity)]
    fn advance(
        &mut self,
        problem: &'a P,
        options: &Options<P::Cost>,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(P::State, P::Cost, Option<Dijkstra<'a, P, O>>), Failure<P>>;
    fn len(&self) -> usize;
    /// The state at `index`, its parent's index and its cost.
    fn entry(&self, index: usize) -> (&P::State, usize, P::Cost);
}

impl<'a, P, O, T> Layers<'a, P, O> for Breadth<P::State, P::Cost, T>
where
    P: SearchProblem,
    O: Observer<P::State, P::Cost>,
    T: States<P::State>,
{
    fn start(
        &mut self,
        problem: &P,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(), Failure<P>> {
        for start in problem.starts() {
            control.count_start();
            let zero = P::Cost::ZERO;
            if let Err(limit) = self.reach_within(start, NO_PARENT, zero, control, observer) {
                return Err(self.limit_reached(control, limit));
            }
        }
        control.open_size(self.open_len());
        Ok(())
    }

    fn advance(
        &mut self,
        problem: &'a P,
        options: &Options<P::Cost>,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(P::State, P::Cost, Option<Dijkstra<'a, P, O>>), Failure<P>> {
        if self.open_len() == 0 {
            return Err(control.no_path());
        }
        if let Err(limit) = control.allow_expansion() {
            return Err(self.limit_reached(control, limit));
        }
        let current = self.pop();
        control.count_expansion();
        let g = self.g_expanded(current);
        let zero = P::Cost::ZERO;
        observer.observe(Event::Expand {
            state: self.states.state(current),
            g,
            h: zero,
        });
        let mut second = None;
        let mut last: Option<(P::Cost, P::Cost)> = None;
        let mut rest = Vec::new();
        let room = (control.buffer_room(), Fit::First);
        let take = |this: &mut Self, successor: P::State, step: P::Cost| {
            // A step of the cost of the one before it leads to the same cost and passes the
            // same checks: counted, not checked again.
            let new_g = match last {
                Some((last, new_g)) if !step.is_nan() && last.order(step).is_eq() => {
                    control.count_generated(1);
                    new_g
                }
                _ => {
                    if this.see_step(step) == Seen::New {
                        second = Some((successor, step));
                        return Ok(false);
                    }
                    let from = this.states.state(current);
                    let new_g = control.step(g, step, from, &successor)?;
                    last = Some((step, new_g));
                    new_g
                }
            };
            match this.reach_within(successor, current, new_g, control, observer) {
                Ok(_) => Ok(true),
                Err(limit) => Err(this.limit_reached(control, limit)),
            }
        };
        if !self.expand(current, problem, room, &mut rest, take)? {
            let limit = control.buffer_overflow();
            return Err(self.limit_reached(control, limit));
        }
        let state = self.states.state(current).clone();
        let Some(second) = second else {
            control.open_size(self.open_len());
            return Ok((state, g, None));
        };
        let hand_over = HandOver {
            layers: self,
            current,
            g,
            steps: std::iter::once(second).chain(rest).collect(),
            control,
            observer,
            _types: PhantomData,
        };
        let engine = with_engine(problem, options, hand_over)?;
        Ok((state, g, Some(engine)))
    }

    fn len(&self) -> usize {
        self.states.len()
    }

    fn entry(&self, index: usize) -> (&P::State, usize, P::Cost) {
        (
            self.states.state(index),
            self.states.parent(index),
            self.g(index),
        )
    }
}

/// The hand-over from the breadth-first flood to Dijkstra's engine, at the first step of a
/// second cost, in the expansion of `current`: the engine takes every state the flood stored,
/// in its order, and relaxes the `steps` of the expansion not yet taken.
struct HandOver<'x, 'c, P: SearchProblem, O, T> {
    layers: &'x Breadth<P::State, P::Cost, T>,
    current: usize,
    g: P::Cost,
    steps: Vec<(P::State, P::Cost)>,
    control: &'x mut Control<'c, P::Cost>,
    observer: &'x mut O,
    _types: PhantomData<fn() -> P>,
}

impl<'a, P, O, T> EngineBody<'a, P::State, P::Cost> for HandOver<'_, '_, P, O, T>
where
    P: SearchProblem + 'a,
    O: Observer<P::State, P::Cost>,
    T: States<P::State>,
{
    type Output = Result<Dijkstra<'a, P, O>, Failure<P>>;
    const AUTO: OpenSet = OpenSet::LazyHeap;

    fn run<N: Tables<'a, P::State, P::Cost>, Q: OpenSets>(self, tables: N) -> Self::Output {
        let HandOver {
            layers,
            current,
            g,
            steps,
            control,
            observer,
            ..
        } = self;
        let mut engine: EngineOf<_, _, N, Q, CostKeys> =
            Engine::new(tables.table(), TieBreak::Fifo, Ranking::Distance);
        // The open and closed sets are asked about every stored state: keep positions.
        engine.open.track();
        let zero = P::Cost::ZERO;
        for index in 0..layers.states.len() {
            let node = Node::new(layers.states.parent(index), layers.g(index), zero);
            engine
                .table
                .find_or_insert(layers.states.state(index).clone(), node);
        }
        let step = layers
            .uniform_step()
            .expect("a second cost follows a first");
        engine.resume_layers(layers.next, step);
        // The rest of the expansion, as the engine would have made it.
        let parent = layers.states.parent(current);
        for (successor, step) in steps {
            engine.see_step(step);
            let new_g = control.step(g, step, engine.table.state(current), &successor)?;
            // The step back to the parent is skipped, as the engine skips it.
            if parent == NO_PARENT || successor != *engine.table.state(parent) {
                engine.relax(successor, current, new_g, &Zero, control, observer)?;
            }
        }
        control.open_size(engine.open_len());
        Ok(Box::new(engine))
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
