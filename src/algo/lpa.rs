//! LPA* (Lifelong Planning A*): a shortest path between a fixed start and goal, repaired
//! after step costs change instead of searched again.

use std::hash::Hash;
use std::time::Duration;

use crate::cost::Cost;
use crate::engine::incremental::{Growth, Incremental};
use crate::error::SearchError;
use crate::heuristic::Heuristic;
use crate::problem::Bidirectional;
use crate::progress::Stats;
use crate::solution::Solution;

/// LPA*, Lifelong Planning A* (Koenig, Likhachev and Furcy, 2004): the cheapest path from a
/// start to a goal, kept between queries on a problem whose step costs change. The first
/// [`plan`](Self::plan) searches as A* does; after [`step_changed`](Self::step_changed)
/// reports the steps whose cost changed (or that appeared or vanished), the next `plan`
/// repairs only the distances the change reaches, usually far fewer states than a new A*.
///
/// The searcher keeps its distances, not the problem: each call takes the problem as it is
/// now, so the problem can be changed between calls (a door closed on a map), and the
/// changed steps reported. The problem must name its predecessors ([`Bidirectional`]); the
/// heuristic must be consistent (as A* without reopening needs).
///
/// # Example
///
/// ```
/// use informed::Lpa;
/// use informed::graph::Graph;
///
/// // Two roads from 0 to 3: through 1 (cost 2) and through 2 (cost 4).
/// let edges = [(0, 1, 1.0), (1, 3, 1.0), (0, 2, 2.0), (2, 3, 2.0)];
/// let graph = Graph::directed(4, edges)?;
/// let mut lpa = Lpa::new(0, 3, |_: &u32| 0.0);
/// assert_eq!(lpa.plan(&graph.problem(0, 3)?)?.path(), &[0, 1, 3]);
///
/// // The road 1 → 3 gets dearer: the plan is repaired, not searched again.
/// let graph = Graph::directed(4, [(0, 1, 1.0), (1, 3, 9.0), (0, 2, 2.0), (2, 3, 2.0)])?;
/// lpa.step_changed(&graph.problem(0, 3)?, &1, &3);
/// let repaired = lpa.plan(&graph.problem(0, 3)?)?;
/// assert_eq!(repaired.path(), &[0, 2, 3]);
/// assert_eq!(repaired.cost(), 4.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Lpa<S, C: Cost, H> {
    search: Incremental<S, C>,
    goal: S,
    heuristic: H,
}

impl<S: Clone + Eq + Hash, C: Cost, H: Heuristic<S, C>> Lpa<S, C, H> {
    /// A searcher from `start` to `goal`, with `heuristic` estimating the cost from a state to
    /// the goal (consistent). Nothing is searched until [`plan`](Self::plan).
    pub fn new(start: S, goal: S, heuristic: H) -> Self {
        Lpa {
            search: Incremental::new(start, Growth::Successors),
            goal,
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

    /// The cheapest path from the start to the goal on `problem` as it is now, repairing the
    /// distances after the changes reported since the last plan.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoPath`] if no path leads to the goal; [`SearchError::NanCost`],
    /// [`SearchError::NegativeCost`] for a bad step, [`SearchError::NanEstimate`] for a NaN
    /// estimate, [`SearchError::Overflow`] if the path's cost does not fit;
    /// [`SearchError::LimitReached`] for a limit (the searcher stays usable).
    ///
    /// # Complexity
    ///
    /// The first plan: as A*, **O((V + E) log V)**. Later ones: in proportion to the states
    /// whose distance the changes affect.
    pub fn plan<P>(&mut self, problem: &P) -> Result<Solution<S, C>, SearchError<S, C>>
    where
        P: Bidirectional<State = S, Cost = C>,
    {
        self.search.plan(problem, &self.goal, &self.heuristic)
    }

    /// Reports that the step from `from` to `to` changed on `problem` (its cost, or it
    /// appeared or vanished): the next [`plan`](Self::plan) repairs what it affects.
    pub fn step_changed<P>(&mut self, problem: &P, from: &S, to: &S)
    where
        P: Bidirectional<State = S, Cost = C>,
    {
        let _ = from;
        self.search
            .changed(to, problem.predecessors(to), &self.heuristic);
    }

    /// The work of every plan so far, summed.
    pub fn stats(&self) -> Stats {
        self.search.stats
    }
}
