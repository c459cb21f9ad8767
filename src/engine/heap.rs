//! The open set: a d-ary min-heap of node indices with decrease-key, and a binary heap with lazy
//! deletion. Which one [`OpenSet::Auto`](crate::engine::options::OpenSet::Auto) stands for
//! depends on the ranking, the node table and the width of the keys (see `OpenSet`'s docs).
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

use crate::cost::Ranked;
use crate::engine::options::{TieBreak, TieOrder};
use crate::engine::table::{INITIAL_CAPACITY, vec_bytes};

/// The operations the engine needs from an open set of items (node indices) with keys.
pub(crate) trait Frontier<K: Ranked> {
    /// An empty open set that orders items with equal keys by `ties`.
    fn new(ties: TieBreak) -> Self;
    /// Empties the open set and sets its order among equal keys, keeping the room it had: as
    /// new, without allocating.
    fn reset(&mut self, ties: TieBreak);
    /// The number of distinct queued items.
    fn len(&self) -> usize;
    /// Whether an item is queued (and from now on, answering this is O(1)).
    fn contains(&mut self, item: usize) -> bool;
    /// Whether an item is queued, without changing the open set: O(1) after
    /// [`contains`](Self::contains) or [`track`](Self::track), possibly a scan before.
    fn queued(&self, item: usize) -> bool;
    /// Makes [`queued`](Self::queued) O(1) from now on.
    fn track(&mut self) {}
    /// Queues an item that is not queued. An item queued again after it was popped (a
    /// reopening) comes with a key no greater than the one it was popped with: the lazy heap
    /// relies on it.
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
    type Open<K: Ranked>: Frontier<K> + 'static;
}

/// [`IndexedHeap`]s of arity 2.
pub(crate) struct Binary;
/// [`IndexedHeap`]s of arity 4.
pub(crate) struct Quaternary;
/// [`LazyHeap`]s.
pub(crate) struct Lazy;

impl OpenSets for Binary {
    type Open<K: Ranked> = IndexedHeap<K, 2>;
}

impl OpenSets for Quaternary {
    type Open<K: Ranked> = IndexedHeap<K, 4>;
}

impl OpenSets for Lazy {
    type Open<K: Ranked> = LazyHeap<K>;
}

/// Marks an item that is not in the heap.
const ABSENT: u32 = u32::MAX;

/// An entry of the indexed heap: the key with the item's rank packed beside it (see
/// [`Ranked`]). The rank is the item XOR the heap's tie mask, so among equal keys the smaller
/// rank comes first, and one comparison of entries orders both.
type Entry<K> = <K as Ranked>::WithRank;

/// The index of the entry that comes out first among `children` (not empty).
#[inline(always)]
fn least_of<E: Ord + Copy>(children: &[E]) -> usize {
    let mut least = 0;
    for (index, child) in children.iter().enumerate().skip(1) {
        // A select, not a branch: on plateaus of equal keys the outcome is a coin toss for a
        // branch predictor.
        least = if *child < children[least] {
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
pub(crate) struct IndexedHeap<K: Ranked, const D: usize> {
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
    /// How an item becomes its rank among equal keys (see [`TieBreak::order`]).
    order: TieOrder,
}

impl<K: Ranked, const D: usize> Frontier<K> for IndexedHeap<K, D> {
    fn new(ties: TieBreak) -> Self {
        IndexedHeap::new(ties)
    }

    fn reset(&mut self, ties: TieBreak) {
        IndexedHeap::reset(self, ties)
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

    #[inline]
    fn push(&mut self, item: usize, key: K) {
        IndexedHeap::push(self, item, key)
    }

    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        IndexedHeap::pop(self)
    }

    fn peek(&mut self) -> Option<usize> {
        self.entries
            .first()
            .map(|&entry| self.order.item(K::rank(entry)) as usize)
    }

    fn decrease_key(&mut self, item: usize, key: K) {
        IndexedHeap::decrease_key(self, item, key)
    }

    fn items(&self) -> impl Iterator<Item = (usize, K)> + '_ {
        IndexedHeap::items(self)
    }
}

impl<K: Ranked, const D: usize> IndexedHeap<K, D> {
    pub(crate) fn new(ties: TieBreak) -> Self {
        IndexedHeap {
            entries: Vec::with_capacity(INITIAL_CAPACITY),
            positions: Vec::new(),
            tracking: false,
            order: ties.order(),
        }
    }

    /// The bytes the heap has allocated: its entries and positions.
    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.entries) + vec_bytes(&self.positions)
    }

    /// Empties the heap and sets its order among equal keys, keeping the room it had: as new,
    /// without allocating.
    pub(crate) fn reset(&mut self, ties: TieBreak) {
        self.entries.clear();
        self.positions.clear();
        self.tracking = false;
        self.order = ties.order();
    }

    /// Starts keeping every item's position, if not yet. **O(n)** the first time, then O(1).
    pub(crate) fn track(&mut self) {
        if self.tracking {
            return;
        }
        let end = self
            .entries
            .iter()
            .map(|&e| self.order.item(K::rank(e)))
            .max();
        self.positions.clear();
        self.positions
            .resize(end.map_or(0, |last| last as usize + 1), ABSENT);
        for (position, &entry) in self.entries.iter().enumerate() {
            self.positions[self.order.item(K::rank(entry)) as usize] = position as u32;
        }
        self.tracking = true;
    }

    /// The key of a queued item: **O(1)** once tracking, a scan of the entries before.
    #[inline]
    pub(crate) fn key(&self, item: usize) -> Option<K> {
        if !self.tracking {
            let rank = self.order.rank(item as u32);
            return self
                .entries
                .iter()
                .find(|&&e| K::rank(e) == rank)
                .map(|&e| K::pair(e));
        }
        match self.positions.get(item) {
            Some(&p) if p != ABSENT => Some(K::pair(self.entries[p as usize])),
            _ => None,
        }
    }

    /// The queued items with their keys, in heap order (not sorted).
    pub(crate) fn items(&self) -> impl Iterator<Item = (usize, K)> {
        self.entries
            .iter()
            .map(|&e| (self.order.item(K::rank(e)) as usize, K::pair(e)))
    }

    /// Queues `item`, which must not be queued already. **O(log n)**.
    #[inline]
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
        let entry = key.with_rank(self.order.rank(item as u32));
        let position = self.entries.len();
        self.entries.push(entry);
        self.sift_up(position, entry);
    }

    /// Removes and returns the item with the least key. **O(log n)**.
    ///
    /// The hole the top leaves is moved down to a leaf along the least children, and the last
    /// entry, put there, is moved up (Floyd's variant): the last entry nearly always belongs near
    /// the bottom, so this saves comparing it with every child on the way down.
    #[inline]
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
        let item = self.order.item(K::rank(top)) as usize;
        if self.tracking {
            self.positions[item] = ABSENT;
        }
        Some((item, K::pair(top)))
    }

    /// Lowers the key of a queued item and moves it up. **O(log n)**.
    ///
    /// The new key must not be greater than the old one.
    pub(crate) fn decrease_key(&mut self, item: usize, key: K) {
        self.track();
        let position = self.positions[item];
        debug_assert!(position != ABSENT, "item {item} is not queued");
        let position = position as usize;
        let old = self.entries[position];
        debug_assert!(key <= K::pair(old), "key of {item} increased");
        let moving = key.with_rank(K::rank(old));
        self.sift_up(position, moving);
    }

    /// Places `moving` in the hole at `position` or above it, past every ancestor it precedes:
    /// the ancestors move down into the hole, and `moving` is written once, at its final place.
    /// One move and one position update a level. (Taking the entry as an argument instead of
    /// reading it from the hole saves reading back what the caller has just written.)
    #[inline]
    fn sift_up(&mut self, mut position: usize, moving: Entry<K>) {
        while position > 0 {
            let parent = (position - 1) / D;
            // `<`, not `>=`: the packed keys implement `lt` without branches.
            let precedes = moving < self.entries[parent];
            if !precedes {
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
            self.positions[self.order.item(K::rank(entry)) as usize] = position as u32;
        }
        self.entries[position] = entry;
    }
}

/// A binary heap with lazy deletion: an improved key is pushed again, and the entries it
/// outdates are skipped when they come to the top.
///
/// An item's entries are pushed with strictly falling keys (a key is pushed again only when it
/// improves), so the first of them to come off is the live one, and every later one is stale. One
/// bit an item says whether it is queued: popping the live entry clears it, and an entry whose
/// item's bit is clear is stale. (A reopened item is pushed with a key below every stale entry of
/// its own, so it comes off before them too.) Entries are the key and rank packed into one
/// integer where the cost type allows, so a sift compares single words.
#[derive(Clone, Debug)]
pub(crate) struct LazyHeap<K: Ranked> {
    heap: BinaryHeap<Reverse<Entry<K>>>,
    /// Bit `item % 64` of word `item / 64`: whether the item is queued.
    queued_bits: Vec<u64>,
    queued: usize,
    /// How an item becomes its rank among equal keys (see [`TieBreak::order`]).
    order: TieOrder,
}

impl<K: Ranked> LazyHeap<K> {
    /// The bytes the heap has allocated: its entries and the queued bits.
    pub(crate) fn bytes(&self) -> usize {
        self.heap
            .capacity()
            .saturating_mul(size_of::<Entry<K>>())
            .saturating_add(vec_bytes(&self.queued_bits))
    }

    #[inline]
    fn is_queued(&self, item: usize) -> bool {
        self.queued_bits
            .get(item / 64)
            .is_some_and(|word| word & (1 << (item % 64)) != 0)
    }

    /// Makes room for the bit of every item in word `word`.
    #[cold]
    #[inline(never)]
    fn grow_bits(&mut self, word: usize) {
        self.queued_bits
            .resize((word + 1).max(2 * self.queued_bits.len()), 0);
    }

    /// Drops stale entries off the top; the top, if any, is then live.
    #[inline]
    fn skip_stale(&mut self) {
        while let Some(&Reverse(entry)) = self.heap.peek() {
            if self.is_queued(self.order.item(K::rank(entry)) as usize) {
                return;
            }
            self.heap.pop();
        }
    }
}

impl<K: Ranked> Frontier<K> for LazyHeap<K> {
    fn new(ties: TieBreak) -> Self {
        LazyHeap {
            heap: BinaryHeap::with_capacity(INITIAL_CAPACITY),
            queued_bits: Vec::new(),
            queued: 0,
            order: ties.order(),
        }
    }

    fn reset(&mut self, ties: TieBreak) {
        self.heap.clear();
        self.queued_bits.clear();
        self.queued = 0;
        self.order = ties.order();
    }

    #[inline]
    fn len(&self) -> usize {
        self.queued
    }

    #[inline]
    fn contains(&mut self, item: usize) -> bool {
        self.is_queued(item)
    }

    #[inline]
    fn queued(&self, item: usize) -> bool {
        self.is_queued(item)
    }

    fn peek(&mut self) -> Option<usize> {
        self.skip_stale();
        self.heap
            .peek()
            .map(|&Reverse(entry)| self.order.item(K::rank(entry)) as usize)
    }

    fn items(&self) -> impl Iterator<Item = (usize, K)> + '_ {
        // Each queued item's live entry is its least; the stale ones of a queued item follow it.
        let mut live: Vec<(usize, K)> = self
            .heap
            .iter()
            .map(|&Reverse(entry)| (self.order.item(K::rank(entry)) as usize, K::pair(entry)))
            .filter(|&(item, _)| self.is_queued(item))
            .collect();
        live.sort_unstable();
        live.dedup_by_key(|&mut (item, _)| item);
        live.into_iter()
    }

    // Always inlined, the growth of the bits kept out of line: a call here cost a tenth of a
    // hashed Dijkstra's instructions in saving and restoring registers.
    #[inline(always)]
    fn push(&mut self, item: usize, key: K) {
        assert!(
            item < u32::MAX as usize,
            "an open set holds fewer than 2^32 items"
        );
        let word = item / 64;
        if word >= self.queued_bits.len() {
            self.grow_bits(word);
        }
        debug_assert!(!self.is_queued(item), "item {item} is already queued");
        self.queued_bits[word] |= 1 << (item % 64);
        self.queued += 1;
        self.heap
            .push(Reverse(key.with_rank(self.order.rank(item as u32))));
    }

    #[inline]
    fn pop(&mut self) -> Option<(usize, K)> {
        while let Some(Reverse(entry)) = self.heap.pop() {
            let item = self.order.item(K::rank(entry)) as usize;
            let bit = 1 << (item % 64);
            let word = &mut self.queued_bits[item / 64];
            if *word & bit != 0 {
                *word &= !bit;
                self.queued -= 1;
                return Some((item, K::pair(entry)));
            }
        }
        None
    }

    #[inline]
    fn decrease_key(&mut self, item: usize, key: K) {
        debug_assert!(self.is_queued(item), "item {item} is not queued");
        self.heap
            .push(Reverse(key.with_rank(self.order.rank(item as u32))));
    }
}

#[cfg(test)]
mod tests {
    use super::{Frontier, IndexedHeap, LazyHeap};
    use crate::cost::Ranked;
    use crate::engine::options::{TieBreak, TieOrder};
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

    /// Every tie rule, with two seeds of the random one.
    const RULES: [TieBreak; 4] = [
        TieBreak::Fifo,
        TieBreak::Lifo,
        TieBreak::Random { seed: 0 },
        TieBreak::Random { seed: 0x5eed },
    ];

    /// Checks every heap invariant: the heap property, and positions that agree with entries.
    fn assert_consistent<const D: usize>(heap: &IndexedHeap<u32, D>) {
        for (position, entry) in heap.entries.iter().enumerate() {
            if heap.tracking {
                assert_eq!(
                    heap.positions[heap.order.item(<u32 as Ranked>::rank(*entry)) as usize]
                        as usize,
                    position
                );
            }
            if position > 0 {
                assert!(*entry >= heap.entries[(position - 1) / D]);
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
            for ties in RULES {
                let mut heap = IndexedHeap::<u32, 2>::new(ties);
                run_model(&mut heap, ties, ops.clone(), assert_consistent)?;
            }
        }

        #[test]
        fn quaternary_heap_matches_reference_model(ops in proptest::collection::vec(op(), 1..200)) {
            for ties in RULES {
                let mut heap = IndexedHeap::<u32, 4>::new(ties);
                run_model(&mut heap, ties, ops.clone(), assert_consistent)?;
            }
        }

        #[test]
        fn lazy_heap_matches_reference_model(ops in proptest::collection::vec(op(), 1..200)) {
            for ties in RULES {
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
        // The key each item last came off with: the engine queues a popped item again only
        // when a cheaper path reopens it, so never above that key (the lazy heap relies on it).
        let mut popped: BTreeMap<usize, u32> = BTreeMap::new();
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
                        let key = popped.get(&item).map_or(key, |&last| key.min(last));
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
                            // Ranked by the rule's own bijection, checked on its own below.
                            _ => (key, i64::from(ties.order().rank(item as u32))),
                        })
                        .map(|(&item, &key)| (item, key));
                    prop_assert_eq!(heap.pop(), expected);
                    if let Some((item, key)) = expected {
                        model.remove(&item);
                        popped.insert(item, key);
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

    /// Each rule's ranks are a bijection whose inverse gives the item back; `Fifo` and `Lifo`
    /// rank by the storage order and its reverse; seeds give different orders, each the same
    /// every time.
    #[test]
    fn tie_orders_are_bijections_in_the_documented_order() {
        let items = [0u32, 1, 2, 3, 1000, 65_535, 1 << 31, u32::MAX - 1, u32::MAX];
        for rule in RULES {
            let order = rule.order();
            assert_eq!(order, rule.order(), "deterministic");
            for item in items {
                assert_eq!(order.item(order.rank(item)), item, "{rule:?} {item}");
            }
        }
        assert_eq!(TieOrder::IDENTITY, TieBreak::Fifo.order());
        assert!(TieBreak::Lifo.order().rank(1) < TieBreak::Lifo.order().rank(0));
        assert_eq!(TieBreak::Lifo.order().rank64(5), u64::MAX - 5);
        assert_eq!(TieBreak::Fifo.order().rank64(5), 5);
        let ranked = |seed| {
            let order = TieBreak::Random { seed }.order();
            let mut first: Vec<u32> = (0..16).collect();
            first.sort_by_key(|&item| order.rank(item));
            first
        };
        let (one, two) = (ranked(1), ranked(2));
        assert_ne!(
            one,
            (0..16).collect::<Vec<_>>(),
            "a shuffle, not the storage order"
        );
        assert_ne!(one, two, "another seed, another order");
        // The 64-bit ranks (NBS) are a bijection too: distinct on distinct arrivals.
        let order = TieBreak::Random { seed: 9 }.order();
        let mut ranks: Vec<u64> = (0..1000).map(|a| order.rank64(a)).collect();
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), 1000);
    }

    #[test]
    fn pops_in_key_order_and_forgets_popped_items() {
        let mut heap = IndexedHeap::<_, 2>::new(TieBreak::Fifo);
        for (item, key) in [(0, 5u32), (1, 3), (2, 8), (3, 1), (4, 9)] {
            heap.push(item, key);
        }
        assert_eq!(heap.key(2), Some(8), "answered by a scan before tracking");
        heap.decrease_key(2, 0);
        let order: Vec<_> = std::iter::from_fn(|| heap.pop()).collect();
        assert_eq!(order, [(2, 0), (3, 1), (1, 3), (0, 5), (4, 9)]);
        assert!(!heap.contains(2));
        assert_eq!(heap.len(), 0);
        heap.push(2, 4);
        assert_eq!(heap.pop(), Some((2, 4)));
    }
}
