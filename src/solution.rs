//! What a search returns: the path, its cost and the statistics of the work done.

use crate::error::SearchError;
#[cfg(feature = "serde")]
use crate::invalid_data::InvalidData;
use crate::problem::SearchProblem;
use crate::progress::Stats;

/// What every algorithm returns: a [`Solution`], or a [`SearchError`] saying why there is none.
pub type SearchResult<P> = Result<SolutionOf<P>, ErrorOf<P>>;

/// The [`Solution`] type of a problem `P`.
pub type SolutionOf<P> = Solution<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

/// The [`SearchError`] type of a problem `P`.
pub type ErrorOf<P> = SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

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
    type Error = InvalidData;

    fn try_from(data: SolutionData<S, C>) -> Result<Self, Self::Error> {
        if data.path.is_empty() {
            return Err(InvalidData(
                "a solution's path holds at least its start; this one is empty".to_owned(),
            ));
        }
        Ok(Solution::new(data.path, data.cost, data.stats))
    }
}
