//! The open set: a d-ary min-heap of node indices with decrease-key (the default), and a binary
//! heap with lazy deletion (kept for comparison; see `docs/benchmarks.md`).
//!
//! In the indexed heap every item (a node index) records its position, so a queued node whose
//! key improves is moved up in place (sift-up) instead of being pushed a second time. That heap
//! never holds an item twice, so its size is the true size of the open set.
//!
//! Items with equal keys come out in item order, smallest first ([`TieBreak::Fifo`]) or largest
//! first ([`TieBreak::Lifo`]). Items are node indices, given out in the order states are first
//! stored, so this is "stored first" or "stored last" without a sequence number in each entry:
//! the entry stays at key + 4 bytes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::engine::options::TieBreak;
use crate::engine::table::INITIAL_CAPACITY;

/// The operations the engine needs from an open set of items (node indices) with keys.
pub(crate) trait Frontier<K: Ord> {
    /// An empty open set that orders items with equal keys by `ties`.
    fn new(ties: TieBreak) -> Self;
    /// The number of distinct queued items.
    fn len(&self) -> usize;
    /// Whether an item is queued (and from now on, answering this is O(1)).
    fn contains(&mut self, item: usize) -> bool;
    /// Whether an item is queued, without changing the open set: O(1) after
    /// [`contains`](Self::contains) or [`track`](Self::track), possibly a scan before.
    fn queued(&self, item: usize) -> bool;
    /// Makes [`queued`](Self::queued) O(1) from now on.
    fn track(&mut self) {}
    /// Queues an item that is not queued.
    fn push(&mut self, item: usize, key: K);
    /// Removes the item with the least key.
    fn pop(&mut self) -> Option<(usize, K)>;
    /// The item with the least key, without removing it.
    fn peek(&mut self) -> Option<usize>;
    /// Lowers the key of a queued item.
    fn decrease_key(&mut self, item: usize, key: K);
    /// The queued items with their keys, in no particular order.
    fn items(&self) -> impl Iterator<Item = (usize, K)> + '_;
}

/// A kind of open set, for every key type: what [`select`](crate::engine::select) chooses from
/// [`OpenSet`](crate::engine::options::OpenSet).
pub(crate) trait OpenSets {
    /// The open set of keys `K`.
    type Open<K: Ord + Copy + 'static>: Frontier<K> + 'static;
}

/// [`IndexedHeap`]s of arity 2.
pub(crate) struct Binary;
/// [`IndexedHeap`]s of arity 4.
pub(crate) struct Quaternary;
/// [`LazyHeap`]s.
pub(crate) struct Lazy;

impl OpenSets for Binary {
    type Open<K: Ord + Copy + 'static> = IndexedHeap<K, 2>;
}

impl OpenSets for Quaternary {
    type Open<K: Ord + Copy + 'static> = IndexedHeap<K, 4>;
}

impl OpenSets for Lazy {
    type Open<K: Ord + Copy + 'static> = LazyHeap<K>;
}

/// Marks an item that is not in the heap.
const ABSENT: u32 = u32::MAX;

/// The mask that turns an item into its rank among equal keys, and back: ranks are compared
/// ascending, so LIFO flips every bit.
fn tie_mask(ties: TieBreak) -> u32 {
    match ties {
        TieBreak::Fifo => 0,
        TieBreak::Lifo => u32::MAX,
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry<K> {
    key: K,
    /// The item, XOR the heap's tie mask: among equal keys the smaller rank comes first.
    rank: u32,
}

impl<K: Ord> Entry<K> {
    /// Whether this entry comes out before `other`. Without branches (`&` and `|` evaluate both
    /// sides): on plateaus of equal keys the outcome is a coin toss for a branch predictor.
    #[inline]
    fn precedes(&self, other: &Self) -> bool {
        (self.key < other.key) | ((self.key == other.key) & (self.rank < other.rank))
    }
}

/// The index of the entry that comes out first among `children` (not empty).
#[inline(always)]
fn least_of<K: Ord>(children: &[Entry<K>]) -> usize {
    let mut least = 0;
    for (index, child) in children.iter().enumerate().skip(1) {
        // A select, not a branch, for the reason given at `Entry::precedes`.
        least = if child.precedes(&children[least]) {
            index
        } else {
            least
        };
    }
    least
}

/// A `D`-ary min-heap of `usize` items ordered by keys of type `K`, then by item (ascending or
/// descending, as chosen at construction), with decrease-key. The order is total, so it is
/// deterministic.
#[derive(Clone, Debug)]
pub(crate) struct IndexedHeap<K, const D: usize> {
    entries: Vec<Entry<K>>,
    /// `positions[item]` is the item's index in `entries`, or `ABSENT`, while `tracking`. Four
    /// bytes an item: this array is written at every step of a sift, so its size is memory
    /// traffic.
    positions: Vec<u32>,
    /// Whether `positions` is kept. Off until the first question about one item (`contains`,
    /// `decrease_key`), when it is built from the entries in one pass: a search that never
    /// improves a stored state (a consistent heuristic with unit steps, as on the puzzles) then
    /// never writes a position, and those writes land all over a large array.
    tracking: bool,
    mask: u32,
}

impl<K: Ord + Copy, const D: usize> Frontier<K> for IndexedHeap<K, D> {
    fn new(ties: TieBreak) -> Self {
        IndexedHeap::new(ties)
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    fn contains(&mut self, item: usize) -> bool {
        self.track();
        self.key(item).is_some()
    }

    fn queued(&self, item: usize) -> bool {
        self.key(item).is_some()
    }

    fn track(&mut self) {
        IndexedHeap::track(self)
    }

    fn push(&mut self, item: usize, key: K) {
        IndexedHeap::push(self, item, key)
    }

    fn pop(&mut self) -> Option<(usize, K)> {
        IndexedHeap::pop(self)
    }

    fn peek(&mut self) -> Option<usize> {
        self.entries
            .first()
            .map(|entry| (entry.rank ^ self.mask) as usize)
    }

    fn decrease_key(&mut self, item: usize, key: K) {
        IndexedHeap::decrease_key(self, item, key)
    }

    fn items(&self) -> impl Iterator<Item = (usize, K)> + '_ {
        IndexedHeap::items(self).map(|(item, &key)| (item, key))
    }
}

impl<K: Ord + Copy, const D: usize> IndexedHeap<K, D> {
    pub(crate) fn new(ties: TieBreak) -> Self {
        IndexedHeap {
            entries: Vec::with_capacity(INITIAL_CAPACITY),
            positions: Vec::new(),
            tracking: false,
            mask: tie_mask(ties),
        }
    }

    /// Empties the heap and sets its order among equal keys, keeping the room it had: as new,
    /// without allocating.
    pub(crate) fn reset(&mut self, ties: TieBreak) {
        self.entries.clear();
        self.positions.clear();
        self.tracking = false;
        self.mask = tie_mask(ties);
    }

    /// Starts keeping every item's position, if not yet. **O(n)** the first time, then O(1).
    pub(crate) fn track(&mut self) {
        if self.tracking {
            return;
        }
        let end = self.entries.iter().map(|e| e.rank ^ self.mask).max();
        self.positions.clear();
        self.positions
            .resize(end.map_or(0, |last| last as usize + 1), ABSENT);
        for (position, entry) in self.entries.iter().enumerate() {
            self.positions[(entry.rank ^ self.mask) as usize] = position as u32;
        }
        self.tracking = true;
    }

    /// The key of a queued item: **O(1)** once tracking, a scan of the entries before.
    #[inline]
    pub(crate) fn key(&self, item: usize) -> Option<&K> {
        if !self.tracking {
            let rank = item as u32 ^ self.mask;
            return self.entries.iter().find(|e| e.rank == rank).map(|e| &e.key);
        }
        match self.positions.get(item) {
            Some(&p) if p != ABSENT => Some(&self.entries[p as usize].key),
            _ => None,
        }
    }

    /// The queued items with their keys, in heap order (not sorted).
    pub(crate) fn items(&self) -> impl Iterator<Item = (usize, &K)> {
        self.entries
            .iter()
            .map(|e| ((e.rank ^ self.mask) as usize, &e.key))
    }

    /// Queues `item`, which must not be queued already. **O(log n)**.
    pub(crate) fn push(&mut self, item: usize, key: K) {
        assert!(
            item < ABSENT as usize,
            "an open set holds fewer than 2^32 items"
        );
        if self.tracking {
            debug_assert!(self.key(item).is_none(), "item {item} is already queued");
            if item >= self.positions.len() {
                self.positions.resize(item + 1, ABSENT);
            }
        }
        let entry = Entry {
            key,
            rank: item as u32 ^ self.mask,
        };
        let position = self.entries.len();
        self.entries.push(entry);
        self.sift_up(position, entry);
    }

    /// Removes and returns the item with the least key. **O(log n)**.
    ///
    /// The hole the top leaves is moved down to a leaf along the least children, and the last
    /// entry, put there, is moved up (Floyd's variant): the last entry nearly always belongs near
    /// the bottom, so this saves comparing it with every child on the way down.
    pub(crate) fn pop(&mut self) -> Option<(usize, K)> {
        let last = self.entries.pop()?;
        let top = if self.entries.is_empty() {
            last
        } else {
            let top = self.entries[0];
            let hole = self.hole_to_leaf(0);
            self.sift_up(hole, last);
            top
        };
        let item = (top.rank ^ self.mask) as usize;
        if self.tracking {
            self.positions[item] = ABSENT;
        }
        Some((item, top.key))
    }

    /// Lowers the key of a queued item and moves it up. **O(log n)**.
    ///
    /// The new key must not be greater than the old one.
    pub(crate) fn decrease_key(&mut self, item: usize, key: K) {
        self.track();
        let position = self.positions[item];
        debug_assert!(position != ABSENT, "item {item} is not queued");
        let position = position as usize;
        debug_assert!(key <= self.entries[position].key, "key of {item} increased");
        let moving = Entry {
            key,
            rank: self.entries[position].rank,
        };
        self.sift_up(position, moving);
    }

    /// Places `moving` in the hole at `position` or above it, past every ancestor it precedes:
    /// the ancestors move down into the hole, and `moving` is written once, at its final place.
    /// One move and one position update a level. (Taking the entry as an argument instead of
    /// reading it from the hole saves reading back what the caller has just written.)
    fn sift_up(&mut self, mut position: usize, moving: Entry<K>) {
        while position > 0 {
            let parent = (position - 1) / D;
            if !moving.precedes(&self.entries[parent]) {
                break;
            }
            self.place(position, self.entries[parent]);
            position = parent;
        }
        self.place(position, moving);
    }

    /// Moves the hole at `position` down to a leaf, each level moving the least child up into it;
    /// returns the hole's final position. The entry at `position` is overwritten.
    fn hole_to_leaf(&mut self, mut position: usize) -> usize {
        let len = self.entries.len();
        loop {
            let first = D * position + 1;
            let least = if first + D <= len {
                // A full family, the usual case: a fixed-size array, so the comparisons are
                // unrolled and unchecked.
                let children: &[Entry<K>; D] = self.entries[first..first + D]
                    .try_into()
                    .expect("D children");
                least_of(children)
            } else if first < len {
                least_of(&self.entries[first..len])
            } else {
                return position;
            };
            let child = first + least;
            self.place(position, self.entries[child]);
            position = child;
        }
    }

    #[inline]
    fn place(&mut self, position: usize, entry: Entry<K>) {
        if self.tracking {
            self.positions[(entry.rank ^ self.mask) as usize] = position as u32;
        }
        self.entries[position] = entry;
    }
}

/// A binary heap with lazy deletion: an improved key is pushed again, and stale entries are
/// skipped when they come to the top. Each item's live key is kept to recognise them.
#[derive(Clone, Debug)]
pub(crate) struct LazyHeap<K> {
    /// Keys with ranks (items XOR `mask`, as in the indexed heap).
    heap: BinaryHeap<Reverse<(K, u32)>>,
    live: Vec<Option<K>>,
    queued: usize,
    mask: u32,
}

impl<K: Ord + Copy> Frontier<K> for LazyHeap<K> {
    fn new(ties: TieBreak) -> Self {
        LazyHeap {
            heap: BinaryHeap::new(),
            live: Vec::new(),
            queued: 0,
            mask: tie_mask(ties),
        }
    }

    fn len(&self) -> usize {
        self.queued
    }

    fn contains(&mut self, item: usize) -> bool {
        self.queued(item)
    }

    fn queued(&self, item: usize) -> bool {
        self.live.get(item).is_some_and(Option::is_some)
    }

    fn peek(&mut self) -> Option<usize> {
        // Stale entries on top are dropped, so that the top is a live one.
        while let Some(&Reverse((key, rank))) = self.heap.peek() {
            let item = (rank ^ self.mask) as usize;
            if self.live[item] == Some(key) {
                return Some(item);
            }
            self.heap.pop();
        }
        None
    }

    fn items(&self) -> impl Iterator<Item = (usize, K)> + '_ {
        self.live
            .iter()
            .enumerate()
            .filter_map(|(item, key)| key.map(|key| (item, key)))
    }

    fn push(&mut self, item: usize, key: K) {
        assert!(
            item < u32::MAX as usize,
            "an open set holds fewer than 2^32 items"
        );
        if item >= self.live.len() {
            self.live.resize(item + 1, None);
        }
        debug_assert!(self.live[item].is_none(), "item {item} is already queued");
        self.live[item] = Some(key);
        self.queued += 1;
        self.heap.push(Reverse((key, item as u32 ^ self.mask)));
    }

    fn pop(&mut self) -> Option<(usize, K)> {
        while let Some(Reverse((key, rank))) = self.heap.pop() {
            let item = (rank ^ self.mask) as usize;
            if self.live[item] == Some(key) {
                self.live[item] = None;
                self.queued -= 1;
                return Some((item, key));
            }
        }
        None
    }

    fn decrease_key(&mut self, item: usize, key: K) {
        debug_assert!(self.live[item].is_some_and(|old| key <= old));
        self.live[item] = Some(key);
        self.heap.push(Reverse((key, item as u32 ^ self.mask)));
    }
}

#[cfg(test)]
mod tests {
    use super::{Frontier, IndexedHeap, LazyHeap};
    use crate::engine::options::TieBreak;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    /// One step of a random workload, applied to the heap and to the reference alike.
    #[derive(Clone, Debug)]
    enum Op {
        /// Push item `0` with key `1` (or lower its key if queued, as the engine would).
        Push(usize, u32),
        Pop,
        /// Lower the key of the n-th queued item (in item order) by the amount.
        Decrease(usize, u32),
    }

    fn op() -> impl Strategy<Value = Op> {
        // Few distinct keys, so that ties (and their order) are common.
        prop_oneof![
            3 => (0..64usize, 0..40u32).prop_map(|(i, k)| Op::Push(i, k)),
            2 => Just(Op::Pop),
            2 => (any::<usize>(), 0..20u32).prop_map(|(n, d)| Op::Decrease(n, d)),
        ]
    }

    /// Checks every heap invariant: the heap property, and positions that agree with entries.
    fn assert_consistent<const D: usize>(heap: &IndexedHeap<u32, D>) {
        for (position, entry) in heap.entries.iter().enumerate() {
            if heap.tracking {
                assert_eq!(
                    heap.positions[(entry.rank ^ heap.mask) as usize] as usize,
                    position
                );
            }
            if position > 0 {
                assert!(!entry.precedes(&heap.entries[(position - 1) / D]));
            }
        }
        if heap.tracking {
            let queued = heap
                .positions
                .iter()
                .filter(|&&p| p != super::ABSENT)
                .count();
            assert_eq!(queued, heap.entries.len());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x11ea9),
            ..ProptestConfig::default()
        })]

        /// Random sequences of push / pop / decrease-key, compared after every step with a
        /// reference that keeps item → key in a map and finds the minimum by scanning.
        #[test]
        fn binary_heap_matches_reference_model(ops in proptest::collection::vec(op(), 1..200)) {
            for ties in [TieBreak::Fifo, TieBreak::Lifo] {
                let mut heap = IndexedHeap::<u32, 2>::new(ties);
                run_model(&mut heap, ties, ops.clone(), assert_consistent)?;
            }
        }

        #[test]
        fn quaternary_heap_matches_reference_model(ops in proptest::collection::vec(op(), 1..200)) {
            for ties in [TieBreak::Fifo, TieBreak::Lifo] {
                let mut heap = IndexedHeap::<u32, 4>::new(ties);
                run_model(&mut heap, ties, ops.clone(), assert_consistent)?;
            }
        }

        #[test]
        fn lazy_heap_matches_reference_model(ops in proptest::collection::vec(op(), 1..200)) {
            for ties in [TieBreak::Fifo, TieBreak::Lifo] {
                let mut heap = <LazyHeap<u32> as Frontier<_>>::new(ties);
                run_model(&mut heap, ties, ops.clone(), |_| {})?;
            }
        }
    }

    /// Applies `ops` to `heap` and to the reference model, comparing them after every step.
    fn run_model<H: Frontier<u32>>(
        heap: &mut H,
        ties: TieBreak,
        ops: Vec<Op>,
        check: impl Fn(&H),
    ) -> Result<(), TestCaseError> {
        let mut model: BTreeMap<usize, u32> = BTreeMap::new();
        // Membership is asked only from the first decrease on, as the engine does: before it,
        // the indexed heap keeps no positions, and the pops alone must come out right.
        let mut asked = false;
        for op in ops {
            match op {
                Op::Push(item, key) => match model.get(&item).copied() {
                    Some(old) if key < old => {
                        heap.decrease_key(item, key);
                        model.insert(item, key);
                    }
                    Some(_) => {}
                    None => {
                        heap.push(item, key);
                        model.insert(item, key);
                    }
                },
                Op::Pop => {
                    // The least key; among equal keys the smallest item (FIFO) or the largest.
                    let expected = model
                        .iter()
                        .min_by_key(|&(&item, &key)| match ties {
                            TieBreak::Fifo => (key, item as i64),
                            TieBreak::Lifo => (key, -(item as i64)),
                        })
                        .map(|(&item, &key)| (item, key));
                    prop_assert_eq!(heap.pop(), expected);
                    if let Some((item, _)) = expected {
                        model.remove(&item);
                    }
                }
                Op::Decrease(n, by) => {
                    asked = true;
                    if !model.is_empty() {
                        let item = *model.keys().nth(n % model.len()).unwrap();
                        let key = model[&item].saturating_sub(by);
                        heap.decrease_key(item, key);
                        model.insert(item, key);
                    }
                }
            }
            check(heap);
            prop_assert_eq!(heap.len(), model.len());
            prop_assert_eq!(heap.len() == 0, model.is_empty());
            if asked {
                for item in 0..64 {
                    prop_assert_eq!(heap.contains(item), model.contains_key(&item));
                }
            }
        }
        Ok(())
    }

    #[test]
    fn pops_in_key_order_and_forgets_popped_items() {
        let mut heap = IndexedHeap::<_, 2>::new(TieBreak::Fifo);
        for (item, key) in [(0, 5), (1, 3), (2, 8), (3, 1), (4, 9)] {
            heap.push(item, key);
        }
        assert_eq!(heap.key(2), Some(&8), "answered by a scan before tracking");
        heap.decrease_key(2, 0);
        let order: Vec<_> = std::iter::from_fn(|| heap.pop()).collect();
        assert_eq!(order, [(2, 0), (3, 1), (1, 3), (0, 5), (4, 9)]);
        assert!(!heap.contains(2));
        assert_eq!(heap.len(), 0);
        heap.push(2, 4);
        assert_eq!(heap.pop(), Some((2, 4)));
    }
}
