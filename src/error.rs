//! How a search ends without a path: no path exists, a limit was hit, or the input was bad.

use std::fmt;

use crate::{Cost, Heuristic, Partial, Stats};

/// Which limit stopped a search (see [`Search`](crate::Search) for setting them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Debug, PartialEq)]
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
    /// A heuristic weight that is negative, NaN or infinite.
    InvalidWeight {
        /// The weight.
        weight: f64,
    },
}

impl<S, C> SearchError<S, C> {
    /// The statistics of the work done before the search ended (all zero for
    /// [`InvalidWeight`](Self::InvalidWeight), which is found before searching).
    pub fn stats(&self) -> Stats {
        match self {
            SearchError::NoPath { stats }
            | SearchError::LimitReached { stats, .. }
            | SearchError::NegativeCost { stats, .. }
            | SearchError::NanCost { stats, .. }
            | SearchError::NanEstimate { stats, .. }
            | SearchError::Overflow { stats, .. }
            | SearchError::EstimateOverflow { stats, .. }
            | SearchError::GaveUp { stats, .. } => *stats,
            SearchError::InvalidWeight { .. } => Stats::default(),
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
            SearchError::InvalidWeight { weight } => write!(
                f,
                "invalid heuristic weight {weight}: a weight must be finite and at least 0"
            ),
        }
    }
}

impl<S: fmt::Debug, C: Cost> std::error::Error for SearchError<S, C> {}

/// The estimate of `state`, or the error a NaN estimate is: the check every algorithm makes on
/// every estimate. `stats` is only called on error.
#[inline]
pub(crate) fn checked_estimate<S: Clone, C: Cost>(
    heuristic: &impl Heuristic<S, C>,
    state: &S,
    stats: impl FnOnce() -> Stats,
) -> Result<C, SearchError<S, C>> {
    let h = heuristic.estimate(state);
    if h.is_nan() {
        return Err(SearchError::NanEstimate {
            state: state.clone(),
            stats: stats(),
        });
    }
    Ok(h)
}

/// g + `step` for a step from `from` to `to`, or the error a NaN, negative or overflowing step
/// is: the one check every algorithm makes on every successor. `stats` is only called on error.
#[inline]
pub(crate) fn add_step<S: Clone, C: Cost>(
    g: C,
    step: C,
    from: &S,
    to: &S,
    stats: impl FnOnce() -> Stats,
) -> Result<C, SearchError<S, C>> {
    if step.is_nan() {
        return Err(SearchError::NanCost {
            from: from.clone(),
            to: to.clone(),
            stats: stats(),
        });
    }
    if step.is_below_zero() {
        return Err(SearchError::NegativeCost {
            from: from.clone(),
            to: to.clone(),
            cost: step,
            stats: stats(),
        });
    }
    g.checked_sum(step).ok_or_else(|| SearchError::Overflow {
        from: from.clone(),
        to: to.clone(),
        g,
        step,
        stats: stats(),
    })
}
