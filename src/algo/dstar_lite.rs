//! D* Lite: replanning from a moving start as step costs change.

use std::hash::Hash;
use std::time::Duration;

use crate::cost::Cost;
use crate::engine::incremental::{Growth, Incremental};
use crate::error::SearchError;
use crate::heuristic::Heuristic;
use crate::problem::Bidirectional;
use crate::progress::Stats;
use crate::solution::Solution;

/// D* Lite (Koenig and Likhachev, 2002): the cheapest path from a start that moves (a robot,
/// a game agent walking its plan) to a fixed goal, on a problem whose step costs change as
/// the agent learns them. It searches backward from the goal, so that the distances it keeps
/// stay valid when the start moves; after [`step_changed`](Self::step_changed) reports what
/// the agent saw change and [`move_to`](Self::move_to) where it now stands, the next
/// [`plan`](Self::plan) repairs only what the change reaches.
///
/// The heuristic estimates the cost between two states, `heuristic(a, b)` from `a` to `b`
/// (the estimate from the start to each state, as the start moves): consistent, as for
/// [`Lpa`](crate::Lpa). The searcher keeps its distances, not the problem: each call takes the
/// problem as it is now.
///
/// # Example
///
/// ```
/// use informed::DStarLite;
/// use informed::graph::Graph;
///
/// // A line 0 - 1 - 2 - 3 with a detour 1 - 4 - 3.
/// let edges = [(0, 1, 1.0), (1, 2, 1.0), (2, 3, 1.0), (1, 4, 2.0), (4, 3, 2.0)];
/// let graph = Graph::undirected(5, edges)?;
/// let mut agent = DStarLite::new(0, 3, |_: &u32, _: &u32| 0.0);
/// assert_eq!(agent.plan(&graph.problem(0, 3)?)?.path(), &[0, 1, 2, 3]);
///
/// // The agent walks to 1, and finds the road 2 - 3 closed.
/// agent.move_to(1);
/// let graph = Graph::undirected(5, [(0, 1, 1.0), (1, 2, 1.0), (1, 4, 2.0), (4, 3, 2.0)])?;
/// let problem = graph.problem(1, 3)?;
/// agent.step_changed(&problem, &2, &3);
/// agent.step_changed(&problem, &3, &2);
/// let replanned = agent.plan(&problem)?;
/// assert_eq!(replanned.path(), &[1, 4, 3]);
/// assert_eq!(replanned.cost(), 4.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct DStarLite<S, C: Cost, H> {
    search: Incremental<S, C>,
    start: S,
    /// Where the start was when the keys were last made consistent with k_m.
    last: S,
    heuristic: H,
}

impl<S, C, H> DStarLite<S, C, H>
where
    S: Clone + Eq + Hash,
    C: Cost,
    H: Fn(&S, &S) -> C,
{
    /// A searcher from `start` to `goal`, with `heuristic(a, b)` estimating the cost from `a`
    /// to `b` (consistent). Nothing is searched until [`plan`](Self::plan).
    pub fn new(start: S, goal: S, heuristic: H) -> Self {
        DStarLite {
            search: Incremental::new(goal, Growth::Predecessors),
            last: start.clone(),
            start,
            heuristic,
        }
    }

    /// Stops each [`plan`](Self::plan) after `limit` expansions (of that plan), with
    /// [`SearchError::LimitReached`]; the searcher stays usable, and the next `plan` goes on
    /// where this one stopped.
    pub fn max_expansions(&mut self, limit: u64) -> &mut Self {
        self.search.limits.max_expansions = Some(limit);
        self
    }

    /// Stops each [`plan`](Self::plan) once it has run for `limit`, as
    /// [`max_expansions`](Self::max_expansions) stops it.
    pub fn time_limit(&mut self, limit: Duration) -> &mut Self {
        self.search.limits.time_limit = Some(limit);
        self
    }

    /// The start, where the agent now stands.
    pub fn start(&self) -> &S {
        &self.start
    }

    /// Moves the start to `state` (where the agent now stands, usually the next state of the
    /// last plan). The distances to the goal stay valid; the keys of the states queued are
    /// kept valid by the key modifier.
    pub fn move_to(&mut self, state: S) {
        let moved = (self.heuristic)(&self.last, &state);
        let moved = if moved.is_nan() || moved.is_below_zero() {
            C::ZERO
        } else {
            moved
        };
        self.search.k_m = self.search.k_m.saturating_sum(moved);
        self.last = state.clone();
        self.start = state;
    }

    /// The cheapest path from the start to the goal on `problem` as it is now, repairing the
    /// distances after the changes reported since the last plan.
    ///
    /// # Errors
    ///
    /// As for [`Lpa::plan`](crate::Lpa::plan).
    ///
    /// # Complexity
    ///
    /// The first plan: as A* backward from the goal, **O((V + E) log V)**. Later ones: in
    /// proportion to the states whose distance the changes affect.
    pub fn plan<P>(&mut self, problem: &P) -> Result<Solution<S, C>, SearchError<S, C>>
    where
        P: Bidirectional<State = S, Cost = C>,
    {
        let toward_start = FromStart {
            heuristic: &self.heuristic,
            start: &self.start,
        };
        self.search.plan(problem, &self.start, &toward_start)
    }

    /// Reports that the step from `from` to `to` changed on `problem` (its cost, or it
    /// appeared or vanished): the next [`plan`](Self::plan) repairs what it affects.
    pub fn step_changed<P>(&mut self, problem: &P, from: &S, to: &S)
    where
        P: Bidirectional<State = S, Cost = C>,
    {
        let _ = to;
        let toward_start = FromStart {
            heuristic: &self.heuristic,
            start: &self.start,
        };
        self.search
            .changed(from, problem.successors(from), &toward_start);
    }

    /// The work of every plan so far, summed.
    pub fn stats(&self) -> Stats {
        self.search.stats
    }
}

/// The estimate from the start to each state.
struct FromStart<'a, S, H> {
    heuristic: &'a H,
    start: &'a S,
}

impl<S, C, H: Fn(&S, &S) -> C> Heuristic<S, C> for FromStart<'_, S, H> {
    fn estimate(&self, state: &S) -> C {
        (self.heuristic)(self.start, state)
    }
}
