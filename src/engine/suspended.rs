//! A best-first search held between calls: the machinery the stepper and the resumable search
//! share.
//!
//! A one-shot search runs its engine from the start states to a goal inside one function. A
//! [`Suspended`] search keeps everything that function would hold on its stack (the problem,
//! heuristic, observer, limits and an engine whose data structures were chosen at run time) so
//! that a caller can expand a few nodes, return, and expand more later: the expansions, the
//! statistics and the outcome are those of the one-shot search.

use crate::engine::best_first::{Advanced, ErasedEngine, PairKeys, Ranking, erased_engine};
use crate::engine::control::{Control, Setup};
use crate::heuristic::Heuristic;
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::progress::Stats;
use crate::solution::{ErrorOf, SolutionOf};

/// Where one [`Suspended::advance`] stopped.
pub(crate) enum Stepped<P: SearchProblem> {
    /// It expanded as many nodes as it was allowed, none a goal, the last at this index.
    Expanded(usize),
    /// A goal was expanded: the search is over.
    Found(SolutionOf<P>),
}

/// A best-first search of `P` with a heuristic `H` and an observer `O`, stopped between two
/// expansions.
pub(crate) struct Suspended<'a, P: SearchProblem, H, O> {
    problem: &'a P,
    heuristic: H,
    observer: O,
    /// `Err` for a search whose options were refused: its first step reports it.
    control: Result<Control<'a, P::Cost>, Option<ErrorOf<P>>>,
    engine: Box<dyn ErasedEngine<P, H, O> + 'a>,
    started: bool,
    finished: bool,
}

impl<P: SearchProblem, H, O> Suspended<'_, P, H, O> {
    /// Whether the search is over (a goal found, or an error returned).
    pub(crate) fn is_finished(&self) -> bool {
        self.finished
    }

    /// Whether the search has stored its start states.
    pub(crate) fn is_started(&self) -> bool {
        self.started
    }
}

impl<'a, P, H, O> Suspended<'a, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    /// A search of `setup` ranked by `ranking`, that has not stored anything yet; `refused` is
    /// the error of options the algorithm refuses, reported by the first step instead of any
    /// expansion.
    pub(crate) fn new(
        setup: Setup<'a, P, O>,
        refused: Option<ErrorOf<P>>,
        heuristic: H,
        ranking: Ranking,
    ) -> Self {
        let Setup {
            problem,
            options,
            control,
            observer,
        } = setup;
        let engine = erased_engine::<PairKeys, _, _, _, _>(problem, &options, ranking);
        Suspended {
            problem,
            heuristic,
            observer,
            control: match refused {
                None => Ok(control),
                Some(error) => Err(Some(error)),
            },
            engine,
            started: false,
            finished: false,
        }
    }

    /// Stores the start states, unless the search has started already: `Some` error if that
    /// ended the search (refused options, a bad estimate, a cap on stored states).
    pub(crate) fn begin(&mut self) -> Option<ErrorOf<P>> {
        if self.started || self.finished {
            return None;
        }
        self.started = true;
        let outcome = match &mut self.control {
            Ok(control) => {
                self.engine
                    .start(self.problem, &self.heuristic, control, &mut self.observer)
            }
            Err(error) => Err(error.take().expect("a refused search reports once")),
        };
        let error = outcome.err();
        self.finished = error.is_some();
        error
    }

    /// Expands up to `limit` nodes (at least one), storing the start states first if the search
    /// has not started, and stopping early where the search ends; adds to `improved`, if given,
    /// every stored state a cheaper path reached. `None` once the search is over: after a goal
    /// was found, or after an error (which is returned once).
    pub(crate) fn advance(
        &mut self,
        limit: u64,
        improved: Option<&mut Vec<usize>>,
    ) -> Option<Result<Stepped<P>, ErrorOf<P>>> {
        if let Some(error) = self.begin() {
            return Some(Err(error));
        }
        if self.finished {
            return None;
        }
        let outcome = self.run_engine(limit, improved);
        self.finished = !matches!(outcome, Ok(Stepped::Expanded(_)));
        Some(outcome)
    }

    fn run_engine(
        &mut self,
        limit: u64,
        improved: Option<&mut Vec<usize>>,
    ) -> Result<Stepped<P>, ErrorOf<P>> {
        let Ok(control) = &mut self.control else {
            unreachable!("a refused search ends at its first step");
        };
        let (problem, heuristic, observer) = (self.problem, &self.heuristic, &mut self.observer);
        let limit = limit.max(1);
        match self
            .engine
            .advance(limit, problem, heuristic, control, observer, improved)?
        {
            Advanced::Spent { last } => Ok(Stepped::Expanded(last)),
            Advanced::Goal(goal) => Ok(Stepped::Found(
                self.engine.solution(problem, goal, control)?,
            )),
        }
    }

    /// The engine, to look at its node table and open set.
    pub(crate) fn engine(&self) -> &(dyn ErasedEngine<P, H, O> + 'a) {
        &*self.engine
    }

    /// The engine, for the operations that tidy its open set while they look ([`ErasedEngine::peek`]).
    pub(crate) fn engine_mut(&mut self) -> &mut (dyn ErasedEngine<P, H, O> + 'a) {
        &mut *self.engine
    }

    /// The statistics so far.
    pub(crate) fn stats(&self) -> Stats {
        self.control
            .as_ref()
            .map_or_else(|_| Stats::default(), Control::stats)
    }
}
