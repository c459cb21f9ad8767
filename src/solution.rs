//! What a search returns: the path, its cost and the statistics of the work done.

use std::fmt;

use crate::error::{Counted, SearchError};
use crate::problem::SearchProblem;

/// What every algorithm returns: a [`Solution`], or a [`SearchError`] saying why there is none.
pub type SearchResult<P> = Result<SolutionOf<P>, ErrorOf<P>>;

/// The [`Solution`] type of a problem `P`.
pub type SolutionOf<P> = Solution<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

/// The [`SearchError`] type of a problem `P`.
pub type ErrorOf<P> = SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

/// Counts of the work a search did. Every outcome carries them, success or failure.
///
/// The counts are deterministic: the same problem, heuristic and options give the same numbers on
/// every run. Definitions, following the usual textbook ones:
///
/// - `expanded`: nodes taken off the open set. The goal counts when it comes off (its successors
///   are not generated), and a reopened state counts again each time it is taken off again.
///   [`bfs`](crate::bfs) tests for the goal when a state is generated, so the goal is never
///   expanded there. The depth-first searches, which have no open set, count each node they
///   expand on their path, once for every path that reaches it: it is tested for the goal and,
///   unless it is one, its successors are generated; so `expanded` is the number of
///   [`SearchProblem::successors`](crate::SearchProblem::successors) calls, plus one if a goal
///   was found.
/// - `generated`: successor pairs delivered by
///   [`SearchProblem::successors`](crate::SearchProblem::successors), duplicates and worse paths
///   included, plus the start states. The depth-first searches count every pair when it is
///   delivered, those their [`CycleCheck`](crate::CycleCheck) refuses and those left untried
///   when a goal is found included, and the start states once per iteration.
/// - `reopened`: times a closed (already expanded) state was reached by a cheaper path and put
///   back on the open set. Always 0 with a consistent heuristic, and for the depth-first
///   searches.
/// - `decrease_keys`: times a state waiting on the open set was reached by a cheaper path and
///   moved up in place. Always 0 for the depth-first searches.
/// - `pruned`: successors (and start states) dropped because their f = g + h was infinite (an
///   impassable step or a dead end) or exceeded the cost bound.
/// - `max_open`: the largest size the open set reached. The depth-first searches keep a stack
///   instead, of what is generated but not yet explored: the start states not yet probed (in the
///   current iteration), plus, at every level of the current path, the successors not yet taken
///   up (entered, or refused by the cycle check or the bound). `max_open` is its peak (reached
///   just after an expansion), at most the number of starts plus `stored` times the most
///   successors a state has.
/// - `stored`: distinct states in the node table at the end (each state is stored once); for the
///   depth-first searches, which keep only the current path, the longest path held.
/// - `iterations`: for the iterative-deepening searches ([`idastar`](crate::idastar),
///   [`iddfs`](crate::iddfs)), the number of depth-first iterations; 0 for the others,
///   [`depth_first`](crate::depth_first) (a single depth-first search) included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct Stats {
    /// Nodes taken off the open set (see the type's docs).
    pub expanded: u64,
    /// Successors delivered by the problem, plus the start states.
    pub generated: u64,
    /// Closed states put back on the open set because a cheaper path reached them.
    pub reopened: u64,
    /// Queued states moved up because a cheaper path reached them.
    pub decrease_keys: u64,
    /// Successors dropped because f was infinite or exceeded the cost bound.
    pub pruned: u64,
    /// The peak size of the open set (of the stack, for depth-first searches).
    pub max_open: usize,
    /// Distinct states stored (the longest path, for depth-first searches).
    pub stored: usize,
    /// Depth-first iterations, for iterative deepening.
    pub iterations: u64,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} expanded, {} generated, {} reopened, {}, {} pruned, peak open {}, {} stored",
            self.expanded,
            self.generated,
            self.reopened,
            Counted(self.decrease_keys, "decrease-key", "decrease-keys"),
            self.pruned,
            self.max_open,
            self.stored
        )?;
        if self.iterations > 0 {
            write!(
                f,
                ", {}",
                Counted(self.iterations, "iteration", "iterations")
            )?;
        }
        Ok(())
    }
}

/// A path found by a search: the states from a start to a goal, its cost and the statistics.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "SolutionData<S, C>",
        bound(deserialize = "S: serde::Deserialize<'de>, C: serde::Deserialize<'de> + Copy")
    )
)]
pub struct Solution<S, C> {
    path: Vec<S>,
    cost: C,
    stats: Stats,
}

impl<S, C: Copy> Solution<S, C> {
    pub(crate) fn new(path: Vec<S>, cost: C, stats: Stats) -> Self {
        debug_assert!(!path.is_empty());
        Solution { path, cost, stats }
    }

    /// The states of the path in order, from a start state to a goal state (both included).
    pub fn path(&self) -> &[S] {
        &self.path
    }

    /// The sum of the step costs along the path.
    pub fn cost(&self) -> C {
        self.cost
    }

    /// The number of steps (moves) on the path: one less than the number of states.
    pub fn steps(&self) -> usize {
        self.path.len() - 1
    }

    /// The start state the path begins at (one of several, in a multi-source search).
    pub fn start(&self) -> &S {
        &self.path[0]
    }

    /// The goal state the path ends at.
    pub fn goal(&self) -> &S {
        &self.path[self.path.len() - 1]
    }

    /// The statistics of the search that found the path.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The path, the cost and the statistics, by value.
    pub fn into_parts(self) -> (Vec<S>, C, Stats) {
        (self.path, self.cost, self.stats)
    }
}

/// The most promising path a search had when it stopped at a limit.
///
/// It leads to the stored state with the smallest estimate h (ties: the smaller g), so it is the
/// search's best guess of a prefix of the solution. It is not a solution: its last state is
/// usually not a goal.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "PartialData<S, C>",
        bound(deserialize = "S: serde::Deserialize<'de>, C: serde::Deserialize<'de>")
    )
)]
pub struct Partial<S, C> {
    pub(crate) path: Vec<S>,
    pub(crate) cost: C,
    pub(crate) estimate: C,
}

impl<S, C: Copy> Partial<S, C> {
    /// The states from a start to the most promising state.
    pub fn path(&self) -> &[S] {
        &self.path
    }

    /// The cost g of the path.
    pub fn cost(&self) -> C {
        self.cost
    }

    /// The estimate h of the remaining cost from the path's last state.
    pub fn estimate(&self) -> C {
        self.estimate
    }
}

/// What a serialized [`Solution`] holds, checked before it becomes one: a solution has at least
/// one state (its start), as every search builds it.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SolutionData<S, C> {
    path: Vec<S>,
    cost: C,
    #[serde(default)]
    stats: Stats,
}

#[cfg(feature = "serde")]
impl<S, C: Copy> TryFrom<SolutionData<S, C>> for Solution<S, C> {
    type Error = crate::error::InvalidData;

    fn try_from(data: SolutionData<S, C>) -> Result<Self, Self::Error> {
        if data.path.is_empty() {
            return Err(crate::error::InvalidData(
                "a solution's path holds at least its start; this one is empty".to_owned(),
            ));
        }
        Ok(Solution::new(data.path, data.cost, data.stats))
    }
}

/// What a serialized [`Partial`] holds, checked as for [`Solution`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct PartialData<S, C> {
    path: Vec<S>,
    cost: C,
    estimate: C,
}

#[cfg(feature = "serde")]
impl<S, C> TryFrom<PartialData<S, C>> for Partial<S, C> {
    type Error = crate::error::InvalidData;

    fn try_from(data: PartialData<S, C>) -> Result<Self, Self::Error> {
        if data.path.is_empty() {
            return Err(crate::error::InvalidData(
                "a partial path holds at least its start; this one is empty".to_owned(),
            ));
        }
        Ok(Partial {
            path: data.path,
            cost: data.cost,
            estimate: data.estimate,
        })
    }
}
