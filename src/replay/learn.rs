//! The order a search ranked its open set by, learned from the record of it: the rule under
//! which each state it expanded was the best one open at that moment.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::OpenOrder;
use super::record::Entry;
use crate::algo::Algorithm;
use crate::cost::Cost;
use crate::engine::options::TieBreak;

/// A rule a best-first search may rank its open set by, as the engine keys it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// f = g + h, then h (A*, and Dijkstra's with h = 0).
    Cost,
    /// h, then g (greedy best-first).
    Estimate,
    /// The order stored (breadth-first).
    Queue,
}

/// An open state's key under a rule, with the number it was stored under.
struct Keyed<C> {
    first: C,
    second: C,
    state: u32,
    /// Which of the state's keys this is: an older one is stale.
    version: u32,
    lifo: bool,
}

impl<C: Cost> Keyed<C> {
    /// How much better this key is: the one `BinaryHeap` (a max-heap) gives first is best.
    fn better(&self, other: &Self) -> Ordering {
        let ties = if self.lifo {
            self.state.cmp(&other.state)
        } else {
            other.state.cmp(&self.state)
        };
        other
            .first
            .order(self.first)
            .then(other.second.order(self.second))
            .then(ties)
    }
}

impl<C: Cost> PartialEq for Keyed<C> {
    fn eq(&self, other: &Self) -> bool {
        self.better(other).is_eq()
    }
}
impl<C: Cost> Eq for Keyed<C> {}
impl<C: Cost> PartialOrd for Keyed<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Keyed<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.better(other)
    }
}

/// Whether every expansion of `history` took the best open state under `rule` with `ties`.
///
/// The engine breaks ties by the order states were stored, which is the order the record
/// numbers them in (each stored state's first event is its generation).
fn obeys<C: Cost>(history: &[Entry<C>], rule: Rule, ties: TieBreak) -> bool {
    let states = history
        .iter()
        .map(|e| e.state as usize + 1)
        .max()
        .unwrap_or(0);
    let mut version = vec![0u32; states];
    let mut open = vec![false; states];
    let mut heap = BinaryHeap::new();
    for entry in history {
        let state = entry.state as usize;
        if entry.expanded {
            while heap.peek().is_some_and(|k: &Keyed<C>| {
                !open[k.state as usize] || k.version != version[k.state as usize]
            }) {
                heap.pop();
            }
            match heap.pop() {
                Some(best) if best.state == entry.state => open[state] = false,
                _ => return false,
            }
        } else {
            let (first, second) = match rule {
                Rule::Cost => (entry.g.saturating_sum(entry.h), entry.h),
                Rule::Estimate => (entry.h, entry.g),
                Rule::Queue => (C::ZERO, C::ZERO),
            };
            version[state] = version[state].wrapping_add(1);
            open[state] = true;
            heap.push(Keyed {
                first,
                second,
                state: entry.state,
                version: version[state],
                lifo: ties == TieBreak::Lifo,
            });
        }
    }
    true
}

/// The order of the search recorded in `history`: the one algorithm whose rule each of its
/// expansions obeyed, with the tie-break that also did (FIFO where either did); `None` where
/// no rule the recorder knows fits, or where both A*'s and greedy search's do and the events
/// cannot tell which ranked the open set.
pub(crate) fn learn<C: Cost>(history: &[Entry<C>]) -> Option<OpenOrder> {
    let fits = |rule| {
        [TieBreak::Fifo, TieBreak::Lifo]
            .into_iter()
            .find(|&ties| obeys(history, rule, ties))
    };
    if history.iter().all(|e| e.h.order(C::ZERO).is_eq()) {
        // With h = 0 everywhere, A*, Dijkstra and greedy search rank alike: by g.
        if let Some(ties) = fits(Rule::Cost) {
            return Some(OpenOrder::new(Algorithm::Dijkstra, ties));
        }
        return fits(Rule::Queue).map(|_| OpenOrder::new(Algorithm::Bfs, TieBreak::Fifo));
    }
    match (fits(Rule::Cost), fits(Rule::Estimate)) {
        (Some(ties), None) => Some(OpenOrder::new(Algorithm::AStar, ties)),
        (None, Some(ties)) => Some(OpenOrder::new(Algorithm::Greedy, ties)),
        _ => None,
    }
}
