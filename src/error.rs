//! How a search ends without a path: no path exists, a limit was hit, or the input was bad.

use std::fmt;
use std::time::Duration;

use crate::cost::Cost;
#[cfg(feature = "serde")]
use crate::invalid_data::InvalidData;
use crate::progress::{Counted, Partial, Stats};

/// Which limit stopped a search (see [`Search`](crate::Search) for setting them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Limit {
    /// The cap on expansions, with its value: exactly that many nodes were expanded.
    Expansions(u64),
    /// The cap on stored states, with its value: storing one more state would have exceeded it.
    /// The searches that collect a state's successors before storing them count those as
    /// stored while they hold them (see [`SearchProblem::successors`](crate::SearchProblem::successors)).
    StoredStates(u64),
    /// The deadline passed.
    Deadline,
    /// The time limit, with its value: that long had passed since the search started.
    Time(Duration),
    /// The cancel callback returned `true`.
    Cancelled,
    /// A depth-limited search cut nodes off at this depth without finding a goal.
    Depth(usize),
    /// A state had more successors than a search collects from one expansion, with that
    /// number: without [`max_stored`](crate::Search::max_stored) (or, for the depth-first
    /// searches, whatever it is), 2^24 (see [`SearchProblem::successors`](crate::SearchProblem::successors)).
    /// An iterator that never ends stops here.
    Successors(usize),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Expansions(n) => write!(f, "the limit of {n} expansions was reached"),
            Limit::StoredStates(n) => write!(f, "the limit of {n} stored states was reached"),
            Limit::Deadline => f.write_str("the deadline passed"),
            Limit::Time(limit) => write!(f, "the time limit of {limit:?} passed"),
            Limit::Cancelled => f.write_str("the search was cancelled"),
            Limit::Depth(depth) => write!(f, "no goal within the depth limit of {depth}"),
            Limit::Successors(n) => write!(
                f,
                "a state had more than {n} successors, the most one expansion collects"
            ),
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
        /// The cost bound the search was held to ([`Search::cost_bound`](crate::Search::cost_bound)),
        /// if one was set: then the search proves only that no path costs at most this much, and
        /// `stats.pruned` counts the successors cut off by it.
        cost_bound: Option<C>,
        /// The work done.
        stats: Stats,
    },
    /// A limit stopped the search before it found a goal.
    LimitReached {
        /// The limit that was hit.
        limit: Limit,
        /// The work done.
        stats: Stats,
        /// A partial path at that moment, if any state had been stored (see
        /// [`SearchError::best`]).
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
    /// The path an in-place search ([`idastar_in_place`](crate::idastar_in_place) and its
    /// kin) found does not replay from its start: the search changes one state by
    /// [`apply`](crate::InPlaceProblem::apply) and takes moves back by
    /// [`undo`](crate::InPlaceProblem::undo), and replayed on a fresh copy of the start, the
    /// path's moves are not the problem's moves, its steps do not cost what the search
    /// counted, or it does not end at a goal. `undo` did not restore the state `apply` changed
    /// (or `apply`, `moves` or `is_goal` is not deterministic), so the search held states the
    /// path does not reach. Checked once, on the path found.
    BrokenUndo {
        /// The state of the replay where it parts from the search: the state whose move is not
        /// listed or whose step costs otherwise, or the last state, not a goal.
        state: S,
        /// The number of moves replayed before `state` was left (for the last state, the
        /// length of the path).
        step: usize,
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
        /// The option, as the [`Search`](crate::Search) method that sets it is named; for jump
        /// point search, which searches only
        /// [`Movement::Eight`](crate::grid::Movement::Eight), the movement it was given
        /// (`"Movement::Four"`, `"Movement::EightCuttingCorners"` or
        /// `"Movement::EightThroughGaps"`).
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

/// The error of [`Weighted::try_new`](crate::Weighted::try_new): a weight that is negative, NaN or infinite.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "InvalidWeightData"))]
pub struct InvalidWeight {
    weight: f64,
}

impl InvalidWeight {
    /// `weight` if it is finite and at least 0, the error naming it otherwise.
    pub(crate) fn check(weight: f64) -> Result<f64, InvalidWeight> {
        if weight.is_finite() && weight >= 0.0 {
            Ok(weight)
        } else {
            Err(InvalidWeight { weight })
        }
    }

    /// The rejected weight.
    pub fn weight(&self) -> f64 {
        self.weight
    }
}

impl fmt::Display for InvalidWeight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid heuristic weight {}: a weight must be finite and at least 0",
            self.weight
        )
    }
}

impl std::error::Error for InvalidWeight {}

/// A serialized [`InvalidWeight`], checked before it becomes one: the weight must be one that
/// [`Weighted::try_new`](crate::Weighted::try_new) refuses.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct InvalidWeightData {
    weight: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<InvalidWeightData> for InvalidWeight {
    type Error = InvalidData;

    fn try_from(data: InvalidWeightData) -> Result<Self, Self::Error> {
        match InvalidWeight::check(data.weight) {
            Ok(_) => Err(InvalidData(
                "an InvalidWeight holds a weight that is negative, NaN or infinite".to_owned(),
            )),
            Err(error) => Ok(error),
        }
    }
}

/// `$found` with `$stats` bound to the counts of `$error`, a [`SearchError`] (by reference or
/// mutable reference), or `$none` for the errors found before searching, which have none: the
/// one list of which variants carry [`Stats`].
macro_rules! stats_field {
    ($error:expr, $stats:ident => $found:expr, $none:expr) => {
        match $error {
            SearchError::NoPath { $stats, .. }
            | SearchError::LimitReached { $stats, .. }
            | SearchError::NegativeCost { $stats, .. }
            | SearchError::NanCost { $stats, .. }
            | SearchError::NanEstimate { $stats, .. }
            | SearchError::Overflow { $stats, .. }
            | SearchError::EstimateOverflow { $stats, .. }
            | SearchError::GaveUp { $stats, .. }
            | SearchError::MissingStep { $stats, .. }
            | SearchError::BrokenUndo { $stats, .. } => $found,
            SearchError::InvalidWeight(_)
            | SearchError::InvalidCostBound { .. }
            | SearchError::Unsupported { .. } => $none,
        }
    };
}

impl<S, C> SearchError<S, C> {
    /// The statistics of the work done before the search ended (all zero for the errors found
    /// before searching: [`InvalidWeight`](Self::InvalidWeight),
    /// [`InvalidCostBound`](Self::InvalidCostBound), [`Unsupported`](Self::Unsupported)).
    pub fn stats(&self) -> Stats {
        stats_field!(self, stats => *stats, Stats::default())
    }

    /// The same error with `total` for the work done (for a search whose threads each counted
    /// their part); the errors found before searching have none, and are unchanged.
    #[cfg(feature = "rayon")]
    pub(crate) fn with_stats(mut self, total: Stats) -> Self {
        stats_field!(&mut self, stats => *stats = total, ());
        self
    }

    /// Whether the search proved that no path exists (no path within the cost bound, if one was
    /// set).
    pub fn is_no_path(&self) -> bool {
        matches!(self, SearchError::NoPath { .. })
    }

    /// A partial path when a limit stopped the search ([`LimitReached`](Self::LimitReached)'s
    /// `best`), `None` for every other error.
    ///
    /// For the informed searches it is the path to the stored state of least h (ties: less g,
    /// then the one stored first): the state the search came nearest the goal by its own
    /// estimate. For those that rank by no estimate ([`bfs`](crate::bfs),
    /// [`dijkstra`](crate::dijkstra)), where that would be a start, it is the path to the state
    /// stored last, the frontier's edge; for the depth-first searches, the path they held
    /// (stopped by a depth limit, [`Limit::Depth`], once nothing within it is left: the path held
    /// when the limit first cut a node off, a path to the limit's depth).
    ///
    /// None of these guarantees anything about the path: it need not be a prefix of a solution
    /// (a state of small h can lie in a pocket that the way to the goal must leave by where it
    /// came in), nor the cheapest way to its last state. For a search that goes on from where it
    /// stopped, with a partial path whose cost and estimate bound the optimum, see
    /// [`Resumable`](crate::Resumable) and [`PartialTarget`](crate::PartialTarget).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Search;
    ///
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 100);
    /// let error = Search::new(&line).max_expansions(10).astar(|&n| 100 - n.min(100)).unwrap_err();
    /// let best = error.best().expect("a partial path");
    /// assert_eq!(best.path().last(), Some(&10));
    /// assert_eq!(best.estimate(), 90);
    /// ```
    pub fn best(&self) -> Option<&Partial<S, C>> {
        match self {
            SearchError::LimitReached { best, .. } => best.as_ref(),
            _ => None,
        }
    }

    /// [`best`](Self::best) by value.
    pub fn into_best(self) -> Option<Partial<S, C>> {
        match self {
            SearchError::LimitReached { best, .. } => best,
            _ => None,
        }
    }

    /// The limit that stopped the search, if one did.
    pub fn limit(&self) -> Option<Limit> {
        match self {
            SearchError::LimitReached { limit, .. } => Some(*limit),
            _ => None,
        }
    }
}

impl<S, C: Cost> SearchError<S, C> {
    /// Writes the message, each state through `state`.
    fn describe(
        &self,
        f: &mut fmt::Formatter<'_>,
        state: &dyn Fn(&S, &mut fmt::Formatter<'_>) -> fmt::Result,
    ) -> fmt::Result {
        // Adapts `state` to a value that `write!` can place.
        struct Shown<'a, S>(
            &'a S,
            &'a dyn Fn(&S, &mut fmt::Formatter<'_>) -> fmt::Result,
        );
        impl<S> fmt::Display for Shown<'_, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                (self.1)(self.0, f)
            }
        }
        let show = |s| Shown(s, state);
        let type_name = std::any::type_name::<C>();
        match self {
            SearchError::NoPath {
                cost_bound: Some(bound),
                stats,
            } => write!(
                f,
                "no goal within cost bound {bound} ({} pruned)",
                Counted(stats.pruned, "successor", "successors")
            ),
            SearchError::NoPath {
                cost_bound: None,
                stats,
            } => {
                write!(
                    f,
                    "no path: no reachable state is a goal ({} expanded",
                    stats.expanded
                )?;
                if stats.pruned > 0 {
                    write!(
                        f,
                        "; {} pruned, an infinite step cost or estimate being impassable",
                        Counted(stats.pruned, "successor", "successors")
                    )?;
                }
                f.write_str(")")
            }
            SearchError::LimitReached { limit, stats, .. } => write!(
                f,
                "search stopped: {limit} ({} expanded, {} stored)",
                stats.expanded, stats.stored
            ),
            SearchError::NegativeCost { from, to, cost, .. } => write!(
                f,
                "negative step cost {cost} from {} to {}: costs must be at least 0",
                show(from),
                show(to)
            ),
            SearchError::NanCost { from, to, .. } => {
                write!(f, "step cost from {} to {} is NaN", show(from), show(to))
            }
            SearchError::NanEstimate { state, .. } => {
                write!(f, "heuristic estimate of {} is NaN", show(state))
            }
            SearchError::Overflow {
                from, to, g, step, ..
            } => write!(
                f,
                "path cost overflows {type_name}: g = {g} at {} plus step {step} to {}",
                show(from),
                show(to)
            ),
            SearchError::EstimateOverflow { state, g, h, .. } => write!(
                f,
                "priority overflows {type_name}: g = {g} plus h = {h} at {}",
                show(state)
            ),
            SearchError::GaveUp { state, stats } => match state {
                Some(state) => write!(
                    f,
                    "gave up at {} without reaching a goal ({} expanded); \
                     an incomplete search proves no path absent",
                    show(state),
                    stats.expanded
                ),
                None => f.write_str("gave up without reaching a goal"),
            },
            SearchError::MissingStep { from, to, .. } => write!(
                f,
                "the path's step from {} to {} is not among the successors of {}: successors \
                 must be deterministic (and predecessors their exact reverse, costs included)",
                show(from),
                show(to),
                show(from)
            ),
            SearchError::BrokenUndo { state, step, .. } => write!(
                f,
                "the path found in place does not replay from its start: after {} at {}, \
                 the problem's undo did not restore the state its apply changed (or apply, \
                 moves or is_goal is not deterministic)",
                Counted(*step as u64, "move", "moves"),
                show(state)
            ),
            SearchError::InvalidWeight(error) => fmt::Display::fmt(error, f),
            SearchError::InvalidCostBound { bound } => {
                write!(f, "invalid cost bound {bound}: a bound must not be NaN")
            }
            SearchError::Unsupported { option, algorithm } => {
                if option.starts_with("Movement::") {
                    // A grid search bound to one movement: say which, and what it was given.
                    write!(
                        f,
                        "{algorithm} searches only Movement::Eight, and the problem has {option}"
                    )
                } else {
                    write!(f, "{algorithm} does not support the option {option}")
                }
            }
        }
    }

    /// This error as a [`SearchFailure`]: owned, `'static`, free of the state type, with the
    /// message this error displays (states written with `Debug`) and its [`Stats`]. The way to
    /// `?` from a search whose states borrow (`&str` from a word list) into a
    /// `Box<dyn Error>`.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::SearchError;
    ///
    /// fn shortest_ladder(words: &str) -> Result<usize, Box<dyn std::error::Error>> {
    ///     let words: Vec<&str> = words.split_whitespace().collect();
    ///     let differ_by_one = |a: &str, b: &str| a.chars().zip(b.chars()).filter(|(x, y)| x != y).count() == 1;
    ///     let problem = informed::from_fn_unit(
    ///         words[0],
    ///         |&word: &&str| words.iter().copied().filter(move |&next| differ_by_one(word, next)),
    ///         |&word| word == "dog",
    ///     );
    ///     // `?` alone would not compile: the error borrows `words`.
    ///     let solution = informed::bfs(&problem).map_err(SearchError::detach)?;
    ///     Ok(solution.steps())
    /// }
    ///
    /// assert_eq!(shortest_ladder("cat cot cog dog").ok(), Some(3));
    /// let error = shortest_ladder("cat cot").unwrap_err();
    /// assert!(error.to_string().starts_with("no path"));
    /// ```
    pub fn detach(self) -> SearchFailure
    where
        S: fmt::Debug,
    {
        self.failure(&|state, f| write!(f, "{state:?}"))
    }

    /// [`detach`](Self::detach) for a state type without `Debug`: the message says "a state"
    /// where [`detach`](Self::detach) would write one.
    pub fn without_states(self) -> SearchFailure {
        self.failure(&|_, f| f.write_str("a state"))
    }

    fn failure(self, state: &dyn Fn(&S, &mut fmt::Formatter<'_>) -> fmt::Result) -> SearchFailure {
        struct Message<'a, S, C>(
            &'a SearchError<S, C>,
            &'a dyn Fn(&S, &mut fmt::Formatter<'_>) -> fmt::Result,
        );
        impl<S, C: Cost> fmt::Display for Message<'_, S, C> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.describe(f, self.1)
            }
        }
        SearchFailure {
            message: Message(&self, state).to_string(),
            stats: self.stats(),
            limit: self.limit(),
            no_path: self.is_no_path(),
        }
    }
}

impl<S: fmt::Debug, C: Cost> fmt::Display for SearchError<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &|state, f| write!(f, "{state:?}"))
    }
}

impl<S: fmt::Debug, C: Cost> std::error::Error for SearchError<S, C> {}

/// A [`SearchError`] without its states: owned, `'static`, `Send` and `Sync`, so that `?` takes it
/// into a `Box<dyn Error>` whatever the state type (one that borrows, one without `Debug`). Made by
/// [`SearchError::detach`] (or `From`) and [`SearchError::without_states`]; it keeps the message,
/// the [`Stats`], the [`Limit`] and whether no path exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchFailure {
    message: String,
    stats: Stats,
    limit: Option<Limit>,
    no_path: bool,
}

impl SearchFailure {
    /// The message of the [`SearchError`] it came from.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The statistics of the work done ([`SearchError::stats`]).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The limit that stopped the search, if one did ([`SearchError::limit`]).
    pub fn limit(&self) -> Option<Limit> {
        self.limit
    }

    /// Whether the search proved that no path exists ([`SearchError::is_no_path`]).
    pub fn is_no_path(&self) -> bool {
        self.no_path
    }
}

impl fmt::Display for SearchFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SearchFailure {}

impl<S: fmt::Debug, C: Cost> From<SearchError<S, C>> for SearchFailure {
    fn from(error: SearchError<S, C>) -> Self {
        error.detach()
    }
}

/// The `(option, algorithm)` pairs that [`SearchError::Unsupported`] is built with, as the
/// `&'static str`s the error holds: a cost bound refused by `Search::refuse_cost_bound` (for
/// `audit`), a cancel callback refused by `Search::refuse_cancel` (for the parallel search, with
/// the `rayon` feature: an error written by a build with it is read by one without), and the
/// problems that `JumpPointSearcher` refuses. No other pair can be made.
#[cfg(feature = "serde")]
const UNSUPPORTED: [(&str, &str); 5] = [
    ("cost_bound", "audit"),
    ("cancel_when", "par_idastar_in_place"),
    ("Movement::Four", "jps"),
    ("Movement::EightCuttingCorners", "jps"),
    ("Movement::EightThroughGaps", "jps"),
];

/// The fields of an `Unsupported` error, as the pair of [`UNSUPPORTED`] they name: a name that
/// no search uses, a name in the other's place, or a pair that no search refuses is an error
/// that no search reports.
#[cfg(feature = "serde")]
fn unsupported_pair(
    option: &str,
    algorithm: &str,
) -> Result<(&'static str, &'static str), InvalidData> {
    UNSUPPORTED
        .iter()
        .find(|&&(o, a)| o == option && a == algorithm)
        .copied()
        .ok_or_else(|| {
            InvalidData(format!(
                "no search refuses the option {option:?} for the algorithm {algorithm:?}: \
                 an Unsupported error names one of the (option, algorithm) pairs {UNSUPPORTED:?}"
            ))
        })
}

/// The default of an optional field whose type has no `Default`.
#[cfg(feature = "serde")]
fn none<C>() -> Option<C> {
    None
}

/// A serialized [`SearchError`]: the same variants, with the names of `Unsupported` as text
/// (checked against the pairs the crate builds, since the error holds `&'static str`).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
enum SearchErrorData<S, C> {
    NoPath {
        #[serde(default = "none")]
        cost_bound: Option<C>,
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
    BrokenUndo {
        state: S,
        step: usize,
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

/// Reads the variant and its fields, then refuses the plain contradictions between them, values
/// that no search reports:
///
/// - `LimitReached` with [`Limit::Expansions`]`(n)` and `stats.expanded` other than n (a
///   search stopped by the cap has expanded exactly n nodes), or with
///   [`Limit::StoredStates`]`(n)` and `stats.stored` other than n (it stopped when storing one
///   more state would have exceeded n, so it held exactly n at its peak);
/// - `NegativeCost` whose `cost` is not below zero;
/// - `Overflow` whose `g + step`, and `EstimateOverflow` whose `g + h`, fits in the cost type
///   (every floating-point one: floating-point sums reach infinity instead of overflowing);
/// - `InvalidCostBound` whose bound is not NaN, and `NoPath` held to a NaN cost bound (a NaN
///   bound is refused before searching);
/// - a `best` partial path of `LimitReached` that is empty (as [`Partial`] refuses it);
/// - an `Unsupported` error whose option and algorithm are not a pair that a search refuses: a
///   name the crate does not use, the two names swapped or repeated, or an option named with an
///   algorithm that takes it.
///
/// Not checked, because no value of theirs contradicts the rest: the states themselves; the
/// counts of [`Stats`] against each other (which bounds hold between them depends on the
/// algorithm); the limits [`Limit::Deadline`], [`Limit::Time`], [`Limit::Cancelled`] and
/// [`Limit::Depth`];
/// the steps and costs of a `best` partial path; and the fields of `NanCost`, `NanEstimate`,
/// `GaveUp`, `MissingStep` and `BrokenUndo`, which name states (and a step) only.
#[cfg(feature = "serde")]
impl<'de, S, C> serde::Deserialize<'de> for SearchError<S, C>
where
    S: serde::Deserialize<'de>,
    C: serde::Deserialize<'de> + Cost,
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = SearchErrorData::deserialize(deserializer)?;
        SearchError::try_from(data).map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "serde")]
impl<S, C: Cost> TryFrom<SearchErrorData<S, C>> for SearchError<S, C> {
    type Error = InvalidData;

    fn try_from(data: SearchErrorData<S, C>) -> Result<Self, Self::Error> {
        use SearchErrorData as D;
        let error = match data {
            D::NoPath { cost_bound, stats } => SearchError::NoPath { cost_bound, stats },
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
            D::BrokenUndo { state, step, stats } => SearchError::BrokenUndo { state, step, stats },
            D::InvalidWeight(error) => SearchError::InvalidWeight(error),
            D::InvalidCostBound { bound } => SearchError::InvalidCostBound { bound },
            D::Unsupported { option, algorithm } => {
                let (option, algorithm) = unsupported_pair(&option, &algorithm)?;
                SearchError::Unsupported { option, algorithm }
            }
        };
        consistent(&error)?;
        Ok(error)
    }
}

/// Refuses an error whose fields contradict each other: one that no search reports (the list
/// is in the docs of `SearchError`'s `Deserialize`).
#[cfg(feature = "serde")]
fn consistent<S, C: Cost>(error: &SearchError<S, C>) -> Result<(), InvalidData> {
    let type_name = std::any::type_name::<C>();
    let problem = match error {
        SearchError::LimitReached {
            limit: Limit::Expansions(n),
            stats,
            ..
        } if stats.expanded != *n => format!(
            "a search stopped by the limit of {n} expansions expanded exactly {n} nodes, \
             not {} (stats.expanded)",
            stats.expanded
        ),
        SearchError::LimitReached {
            limit: Limit::StoredStates(n),
            stats,
            ..
        } if stats.stored as u64 != *n => format!(
            "a search stopped by the limit of {n} stored states held exactly {n} at its peak, \
             not {} (stats.stored)",
            stats.stored
        ),
        SearchError::NegativeCost { cost, .. } if !cost.is_below_zero() => {
            format!("the cost of a NegativeCost error is below zero; {cost} is not")
        }
        SearchError::Overflow { g, step, .. } if g.checked_sum(*step).is_some() => format!(
            "an Overflow error's g + step does not fit in {type_name}; \
             g = {g} plus step {step} does"
        ),
        SearchError::EstimateOverflow { g, h, .. } if g.checked_sum(*h).is_some() => format!(
            "an EstimateOverflow error's g + h does not fit in {type_name}; \
             g = {g} plus h = {h} does"
        ),
        SearchError::InvalidCostBound { bound } if !bound.is_nan() => {
            format!("an InvalidCostBound error's bound is NaN; {bound} is a valid bound")
        }
        SearchError::NoPath {
            cost_bound: Some(bound),
            ..
        } if bound.is_nan() => {
            "a NoPath error's cost bound is not NaN: a NaN bound is refused before searching"
                .to_owned()
        }
        _ => return Ok(()),
    };
    Err(InvalidData(problem))
}
