//! What a search has done so far, carried by every way it ends (a [`Solution`](crate::Solution)
//! or a [`SearchError`](crate::SearchError)): the counts of its work, and a partial path.

use std::fmt;

#[cfg(feature = "serde")]
use crate::invalid_data::InvalidData;

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
///   back on the open set. 0 for A* with a consistent heuristic (in exact arithmetic), and for
///   the depth-first searches. The weighted searches ([`weighted_astar`](crate::weighted_astar),
///   [`anytime_astar`](crate::anytime_astar)) reopen by design, a consistent heuristic or not:
///   ranking by g + w·h they expand states before their cheapest path is known
///   ([`Reopening::Never`](crate::Reopening::Never) turns it off for weighted A*).
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
/// - `expanded_before_last_layer`: the expansions made before the search's last layer, the
///   count that does not depend on how ties are broken. For the iterative-deepening searches,
///   those of every iteration but the last (the last is cut short where the goal is found, and
///   where that is depends on the order of the moves). For the best-first searches
///   ([`dijkstra`](crate::dijkstra), [`astar`](crate::astar), the weighted ones,
///   [`greedy`](crate::greedy), the stepper and a [`Searcher`](crate::Searcher)), those made
///   before the first expansion of a node whose f = g + h (unweighted) is the largest expanded:
///   for A* with a consistent heuristic and exact costs, the nodes with f below the optimal
///   cost C*, which every A* expands whatever its ties (the last f-layer, f = C*, is
///   where the ties decide). 0 for the other searches.
///
/// `docs/counting.md` sets these definitions beside the literature's (Korf 1985; Korf, Reid &
/// Edelkamp 2001) and gives the conversions, such as from `generated` to Korf's published
/// counts for the 15-puzzle.
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
    /// Expansions before the last f-layer (or the last iteration; see the type's docs).
    pub expanded_before_last_layer: u64,
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

/// A path to a state a search stored, from a start: what a search stopped by a limit had
/// ([`SearchError::best`](crate::SearchError::best)), or a running
/// [`Resumable`](crate::Resumable) search has ([`PartialTarget`](crate::PartialTarget)).
///
/// Its last state is usually not a goal, and the path need not be a prefix of any solution,
/// let alone an optimal one. Which state it leads to, and what that guarantees, is the
/// business of whoever made it: when a limit stops an informed search, the stored state of
/// least estimate h (ties: the smaller g), which guarantees nothing about the path (a state of
/// small h can lie in a pocket the way to the goal must leave); a [`Resumable`](crate::Resumable)
/// search lets you choose the state A* expands next instead, whose f = g + h bounds the optimum
/// from below with an admissible h, and whose g is least with a consistent one.
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
    /// The states from a start to the path's last state.
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

/// What a serialized [`Partial`] holds, checked as for [`Solution`](crate::Solution).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct PartialData<S, C> {
    path: Vec<S>,
    cost: C,
    estimate: C,
}

#[cfg(feature = "serde")]
impl<S, C> TryFrom<PartialData<S, C>> for Partial<S, C> {
    type Error = InvalidData;

    fn try_from(data: PartialData<S, C>) -> Result<Self, Self::Error> {
        if data.path.is_empty() {
            return Err(InvalidData(
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

/// `count` followed by `one` or `many`: "1 iteration", "2 iterations".
pub(crate) struct Counted<'a>(pub(crate) u64, pub(crate) &'a str, pub(crate) &'a str);

impl fmt::Display for Counted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Counted(count, one, many) = *self;
        write!(f, "{count} {}", if count == 1 { one } else { many })
    }
}
