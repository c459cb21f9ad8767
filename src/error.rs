//! How a search ends without a path: no path exists, a limit was hit, or the input was bad.

use std::fmt;

use crate::cost::Cost;
use crate::heuristic::InvalidWeight;
use crate::solution::{Partial, Stats};

/// Which limit stopped a search (see [`Search`](crate::Search) for setting them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Limit {
    /// The cap on expansions, with its value: exactly that many nodes were expanded.
    Expansions(u64),
    /// The cap on stored states, with its value: storing one more state would have exceeded it.
    StoredStates(usize),
    /// The deadline passed.
    Deadline,
    /// The cancel callback returned `true`.
    Cancelled,
    /// A depth-limited search cut nodes off at this depth without finding a goal.
    Depth(usize),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Expansions(n) => write!(f, "the limit of {n} expansions was reached"),
            Limit::StoredStates(n) => write!(f, "the limit of {n} stored states was reached"),
            Limit::Deadline => f.write_str("the deadline passed"),
            Limit::Cancelled => f.write_str("the search was cancelled"),
            Limit::Depth(depth) => write!(f, "no goal within the depth limit of {depth}"),
        }
    }
}

/// Why a search returned no path. Every variant that ran a search carries its [`Stats`].
///
/// Two variants are answers about the problem: [`NoPath`](Self::NoPath) (the reachable space holds
/// no goal) and [`LimitReached`](Self::LimitReached) (a limit stopped the search first). The others
/// report input that would otherwise have produced a wrong answer, and name the offending value.
// Deserialize is written out below (through `SearchErrorData`): the derive would ask for
// `'de: 'static` because of the `&'static str` names of `Unsupported`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum SearchError<S, C> {
    /// Every state reachable from the starts (within the cost bound, if one was set) was
    /// expanded, and none is a goal.
    NoPath {
        /// The work done.
        stats: Stats,
    },
    /// A limit stopped the search before it found a goal.
    LimitReached {
        /// The limit that was hit.
        limit: Limit,
        /// The work done.
        stats: Stats,
        /// The most promising path at that moment, if any state had been stored.
        best: Option<Partial<S, C>>,
    },
    /// A step cost below zero: the algorithms' guarantees assume non-negative costs.
    NegativeCost {
        /// The state being expanded.
        from: S,
        /// The successor the step leads to.
        to: S,
        /// The negative cost.
        cost: C,
        /// The work done.
        stats: Stats,
    },
    /// A step cost that is NaN.
    NanCost {
        /// The state being expanded.
        from: S,
        /// The successor the step leads to.
        to: S,
        /// The work done.
        stats: Stats,
    },
    /// A heuristic estimate that is NaN.
    NanEstimate {
        /// The state whose estimate is NaN.
        state: S,
        /// The work done.
        stats: Stats,
    },
    /// The path cost g of a successor does not fit in the cost type.
    Overflow {
        /// The state being expanded.
        from: S,
        /// The successor the step leads to.
        to: S,
        /// The path cost of `from`.
        g: C,
        /// The cost of the step.
        step: C,
        /// The work done.
        stats: Stats,
    },
    /// The priority f = g + h of a state does not fit in the cost type.
    EstimateOverflow {
        /// The state.
        state: S,
        /// Its path cost.
        g: C,
        /// Its estimate.
        h: C,
        /// The work done.
        stats: Stats,
    },
    /// An incomplete search ([`hill_climbing`](crate::hill_climbing),
    /// [`beam_search`](crate::beam_search)) stopped without reaching a goal. Unlike
    /// [`NoPath`](Self::NoPath), this proves nothing: a complete search may still find one.
    GaveUp {
        /// Where it stopped: the last state of its last attempt (a local minimum of h, for hill
        /// climbing), if it reached any.
        state: Option<S>,
        /// The work done.
        stats: Stats,
    },
    /// A step of the path found is not among the successors of its first state: `successors`
    /// gave other steps during the search (it must be deterministic), or the predecessors of a
    /// [`Bidirectional`](crate::Bidirectional) problem are not the exact reverse of its
    /// successors.
    MissingStep {
        /// The state the step leaves.
        from: S,
        /// The state the step should reach.
        to: S,
        /// The work done.
        stats: Stats,
    },
    /// A heuristic weight that is negative, NaN or infinite (found before searching).
    InvalidWeight(InvalidWeight),
    /// A cost bound that is NaN (found before searching): it would prune nothing.
    InvalidCostBound {
        /// The bound.
        bound: C,
    },
    /// An option that the algorithm cannot honour (found before searching); the
    /// [`Search`](crate::Search) documentation lists which options each algorithm takes.
    Unsupported {
        /// The option, as the [`Search`](crate::Search) method that sets it is named.
        option: &'static str,
        /// The algorithm, as its function is named.
        algorithm: &'static str,
    },
}

impl<S, C> From<InvalidWeight> for SearchError<S, C> {
    fn from(error: InvalidWeight) -> Self {
        SearchError::InvalidWeight(error)
    }
}

impl<S, C> SearchError<S, C> {
    /// The statistics of the work done before the search ended (all zero for the errors found
    /// before searching: [`InvalidWeight`](Self::InvalidWeight),
    /// [`InvalidCostBound`](Self::InvalidCostBound), [`Unsupported`](Self::Unsupported)).
    pub fn stats(&self) -> Stats {
        match self {
            SearchError::NoPath { stats }
            | SearchError::LimitReached { stats, .. }
            | SearchError::NegativeCost { stats, .. }
            | SearchError::NanCost { stats, .. }
            | SearchError::NanEstimate { stats, .. }
            | SearchError::Overflow { stats, .. }
            | SearchError::EstimateOverflow { stats, .. }
            | SearchError::GaveUp { stats, .. }
            | SearchError::MissingStep { stats, .. } => *stats,
            SearchError::InvalidWeight(_)
            | SearchError::InvalidCostBound { .. }
            | SearchError::Unsupported { .. } => Stats::default(),
        }
    }

    /// Whether the search proved that no path exists.
    pub fn is_no_path(&self) -> bool {
        matches!(self, SearchError::NoPath { .. })
    }

    /// The limit that stopped the search, if one did.
    pub fn limit(&self) -> Option<Limit> {
        match self {
            SearchError::LimitReached { limit, .. } => Some(*limit),
            _ => None,
        }
    }
}

impl<S: fmt::Debug, C: Cost> fmt::Display for SearchError<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let type_name = std::any::type_name::<C>();
        match self {
            SearchError::NoPath { stats } => write!(
                f,
                "no path: none of the {} reachable states is a goal",
                stats.stored
            ),
            SearchError::LimitReached { limit, stats, .. } => write!(
                f,
                "search stopped: {limit} ({} expanded, {} stored)",
                stats.expanded, stats.stored
            ),
            SearchError::NegativeCost { from, to, cost, .. } => write!(
                f,
                "negative step cost {cost} from {from:?} to {to:?}: costs must be at least 0"
            ),
            SearchError::NanCost { from, to, .. } => {
                write!(f, "step cost from {from:?} to {to:?} is NaN")
            }
            SearchError::NanEstimate { state, .. } => {
                write!(f, "heuristic estimate of {state:?} is NaN")
            }
            SearchError::Overflow {
                from, to, g, step, ..
            } => write!(
                f,
                "path cost overflows {type_name}: g = {g} at {from:?} plus step {step} to {to:?}"
            ),
            SearchError::EstimateOverflow { state, g, h, .. } => write!(
                f,
                "priority overflows {type_name}: g = {g} plus h = {h} at {state:?}"
            ),
            SearchError::GaveUp { state, stats } => match state {
                Some(state) => write!(
                    f,
                    "gave up at {state:?} without reaching a goal ({} expanded); \
                     an incomplete search proves no path absent",
                    stats.expanded
                ),
                None => f.write_str("gave up without reaching a goal"),
            },
            SearchError::MissingStep { from, to, .. } => write!(
                f,
                "the path's step from {from:?} to {to:?} is not among the successors of \
                 {from:?}: successors must be deterministic (and predecessors their exact \
                 reverse)"
            ),
            SearchError::InvalidWeight(error) => error.fmt(f),
            SearchError::InvalidCostBound { bound } => {
                write!(f, "invalid cost bound {bound}: a bound must not be NaN")
            }
            SearchError::Unsupported { option, algorithm } => {
                write!(f, "{algorithm} does not support the option {option}")
            }
        }
    }
}

impl<S: fmt::Debug, C: Cost> std::error::Error for SearchError<S, C> {}

/// Why serialized data was refused: it breaks an invariant that the crate's constructors keep.
#[cfg(feature = "serde")]
#[derive(Debug)]
pub(crate) struct InvalidData(pub(crate) String);

#[cfg(feature = "serde")]
impl fmt::Display for InvalidData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The options and algorithms that [`SearchError::Unsupported`] names.
#[cfg(feature = "serde")]
const UNSUPPORTED_NAMES: [&str; 2] = ["cost_bound", "audit"];

/// One of [`UNSUPPORTED_NAMES`], as the `&'static str` the error holds.
#[cfg(feature = "serde")]
fn known_name(name: &str) -> Result<&'static str, InvalidData> {
    UNSUPPORTED_NAMES
        .iter()
        .find(|known| **known == name)
        .copied()
        .ok_or_else(|| {
            InvalidData(format!(
                "unknown option or algorithm {name:?}: expected one of {UNSUPPORTED_NAMES:?}"
            ))
        })
}

/// A serialized [`SearchError`]: the same variants, with the names of `Unsupported` as text
/// (checked against the names the crate uses, since the error holds `&'static str`).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
enum SearchErrorData<S, C> {
    NoPath {
        stats: Stats,
    },
    LimitReached {
        limit: Limit,
        stats: Stats,
        best: Option<Partial<S, C>>,
    },
    NegativeCost {
        from: S,
        to: S,
        cost: C,
        stats: Stats,
    },
    NanCost {
        from: S,
        to: S,
        stats: Stats,
    },
    NanEstimate {
        state: S,
        stats: Stats,
    },
    Overflow {
        from: S,
        to: S,
        g: C,
        step: C,
        stats: Stats,
    },
    EstimateOverflow {
        state: S,
        g: C,
        h: C,
        stats: Stats,
    },
    GaveUp {
        state: Option<S>,
        stats: Stats,
    },
    MissingStep {
        from: S,
        to: S,
        stats: Stats,
    },
    InvalidWeight(InvalidWeight),
    InvalidCostBound {
        bound: C,
    },
    Unsupported {
        option: String,
        algorithm: String,
    },
}

#[cfg(feature = "serde")]
impl<'de, S, C> serde::Deserialize<'de> for SearchError<S, C>
where
    S: serde::Deserialize<'de>,
    C: serde::Deserialize<'de>,
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = SearchErrorData::deserialize(deserializer)?;
        SearchError::try_from(data).map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "serde")]
impl<S, C> TryFrom<SearchErrorData<S, C>> for SearchError<S, C> {
    type Error = InvalidData;

    fn try_from(data: SearchErrorData<S, C>) -> Result<Self, Self::Error> {
        use SearchErrorData as D;
        Ok(match data {
            D::NoPath { stats } => SearchError::NoPath { stats },
            D::LimitReached { limit, stats, best } => {
                SearchError::LimitReached { limit, stats, best }
            }
            D::NegativeCost {
                from,
                to,
                cost,
                stats,
            } => SearchError::NegativeCost {
                from,
                to,
                cost,
                stats,
            },
            D::NanCost { from, to, stats } => SearchError::NanCost { from, to, stats },
            D::NanEstimate { state, stats } => SearchError::NanEstimate { state, stats },
            D::Overflow {
                from,
                to,
                g,
                step,
                stats,
            } => SearchError::Overflow {
                from,
                to,
                g,
                step,
                stats,
            },
            D::EstimateOverflow { state, g, h, stats } => {
                SearchError::EstimateOverflow { state, g, h, stats }
            }
            D::GaveUp { state, stats } => SearchError::GaveUp { state, stats },
            D::MissingStep { from, to, stats } => SearchError::MissingStep { from, to, stats },
            D::InvalidWeight(error) => SearchError::InvalidWeight(error),
            D::InvalidCostBound { bound } => SearchError::InvalidCostBound { bound },
            D::Unsupported { option, algorithm } => SearchError::Unsupported {
                option: known_name(&option)?,
                algorithm: known_name(&algorithm)?,
            },
        })
    }
}
