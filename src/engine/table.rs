//! The node table: every stored state once, with its parent index, g and h.
//!
//! Shared by every algorithm. A node's index is stable, parents are plain indices, and a path is
//! rebuilt by following them back from the goal. Two implementations: [`HashTable`], an
//! `IndexMap` from state to node for any hashable state, and [`DenseTable`], plain vectors
//! indexed through a dense numbering of the states (grid cells, graph nodes), which never hashes.

use std::hash::{BuildHasher, Hash, Hasher};

use indexmap::IndexMap;
use indexmap::map::{RawEntryApiV1, raw_entry_v1::RawEntryMut};

use crate::{Cost, Partial, SearchProblem, Successors};

/// How many states a node table (and the open set) has room for before it first grows.
///
/// Growing from empty rehashes and copies the table about ten times before it holds a thousand
/// states; in many small searches (a batch of 8-puzzles, short queries on a map) that growth was
/// an eighth of the time. Room for 1,024 states costs about 50 KB of mostly untouched memory.
pub(crate) const INITIAL_CAPACITY: usize = 1024;

/// The parent index of a start state.
pub(crate) const NO_PARENT: usize = usize::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<C> {
    pub(crate) parent: usize,
    pub(crate) g: C,
    pub(crate) h: C,
}

/// Where a state stands in the table.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lookup {
    /// Already stored, at this index.
    Stored(usize),
    /// Not stored yet; the key (a hash, or a dense index) lets `insert` store it without
    /// computing it again.
    New(u64),
}

/// The operations the algorithms need from a node table.
pub(crate) trait Table<S, C> {
    /// The number of stored states. **O(1)**.
    fn len(&self) -> usize;
    /// Looks a state up. **O(1)** (average, for hashing).
    fn lookup(&self, state: &S) -> Lookup;
    /// Stores a state that `lookup` found new, with the key it returned; returns its index.
    fn insert(&mut self, key: u64, state: S, node: Node<C>) -> usize;
    fn entry(&self, index: usize) -> (&S, &Node<C>);
    fn state(&self, index: usize) -> &S;
    fn node(&self, index: usize) -> &Node<C>;
    fn node_mut(&mut self, index: usize) -> &mut Node<C>;
}

/// The states from a start to `index`, following parent indices. **O(path length)**.
pub(crate) fn path<S: Clone, C, T: Table<S, C>>(table: &T, index: usize) -> Vec<S> {
    let mut path = Vec::new();
    let mut current = index;
    while current != NO_PARENT {
        let (state, node) = table.entry(current);
        path.push(state.clone());
        current = node.parent;
    }
    path.reverse();
    path
}

/// The path to the stored state with the smallest h (ties: smaller g, then earlier stored).
/// **O(n)**, run once when a limit stops a search.
pub(crate) fn most_promising<S: Clone, C: Cost, T: Table<S, C>>(
    table: &T,
) -> Option<Partial<S, C>> {
    let mut best: Option<(usize, Node<C>)> = None;
    for index in 0..table.len() {
        let node = *table.node(index);
        let better = best.is_none_or(|(_, b)| node.h.order(b.h).then(node.g.order(b.g)).is_lt());
        if better {
            best = Some((index, node));
        }
    }
    best.map(|(index, node)| Partial {
        path: path(table, index),
        cost: node.g,
        estimate: node.h,
    })
}

/// A node table for any hashable state: an `IndexMap` from state to node.
pub(crate) struct HashTable<S, C, B> {
    nodes: IndexMap<S, Node<C>, B>,
}

impl<S, C, B: Default> HashTable<S, C, B> {
    pub(crate) fn new() -> Self {
        HashTable {
            nodes: IndexMap::with_capacity_and_hasher(INITIAL_CAPACITY, B::default()),
        }
    }
}

impl<S: Eq + Hash, C, B: BuildHasher> Table<S, C> for HashTable<S, C, B> {
    fn len(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    fn lookup(&self, state: &S) -> Lookup {
        let hash = self.nodes.hasher().hash_one(state);
        match self
            .nodes
            .raw_entry_v1()
            .index_from_hash(hash, |stored| stored == state)
        {
            Some(index) => Lookup::Stored(index),
            None => Lookup::New(hash),
        }
    }

    #[inline]
    fn insert(&mut self, hash: u64, state: S, node: Node<C>) -> usize {
        match self.nodes.raw_entry_mut_v1().from_hash(hash, |_| false) {
            RawEntryMut::Vacant(vacant) => {
                let index = vacant.index();
                vacant.insert_hashed_nocheck(hash, state, node);
                index
            }
            RawEntryMut::Occupied(_) => unreachable!("a predicate that never matches"),
        }
    }

    #[inline]
    fn entry(&self, index: usize) -> (&S, &Node<C>) {
        self.nodes.get_index(index).expect("node index in range")
    }

    #[inline]
    fn state(&self, index: usize) -> &S {
        self.entry(index).0
    }

    #[inline]
    fn node(&self, index: usize) -> &Node<C> {
        self.entry(index).1
    }

    #[inline]
    fn node_mut(&mut self, index: usize) -> &mut Node<C> {
        self.nodes
            .get_index_mut(index)
            .expect("node index in range")
            .1
    }
}

/// Marks a dense index with no stored state.
const VACANT: u32 = 0;

/// A node table for states with a dense numbering below a known bound: vectors, and a slot per
/// number holding the node's index. Never hashes.
pub(crate) struct DenseTable<'p, P: SearchProblem> {
    problem: &'p P,
    /// One more than the node index of each number's state, or `VACANT`. Zero for vacant, so
    /// that the array is allocated zeroed: for a large bound the allocator hands out fresh pages
    /// the kernel zeroes only when touched, and a short search on a large map pays for the slots
    /// it uses rather than for the whole map.
    slots: Vec<u32>,
    states: Vec<P::State>,
    nodes: Vec<Node<P::Cost>>,
}

impl<'p, P: SearchProblem> DenseTable<'p, P> {
    /// A table for `problem`'s numbering, whose bound is `bound`.
    pub(crate) fn new(problem: &'p P, bound: usize) -> Self {
        DenseTable {
            problem,
            slots: vec![VACANT; bound],
            states: Vec::with_capacity(INITIAL_CAPACITY.min(bound)),
            nodes: Vec::with_capacity(INITIAL_CAPACITY.min(bound)),
        }
    }
}

impl<P: SearchProblem> Table<P::State, P::Cost> for DenseTable<'_, P> {
    fn len(&self) -> usize {
        self.states.len()
    }

    #[inline]
    fn lookup(&self, state: &P::State) -> Lookup {
        let index = self.problem.index(state);
        match self.slots.get(index) {
            Some(&VACANT) => Lookup::New(index as u64),
            Some(&slot) => Lookup::Stored(slot as usize - 1),
            None => panic!(
                "SearchProblem::index gave {index}, not below SearchProblem::index_bound {}",
                self.slots.len()
            ),
        }
    }

    #[inline]
    fn insert(&mut self, key: u64, state: P::State, node: Node<P::Cost>) -> usize {
        let index = self.states.len();
        assert!(
            index < u32::MAX as usize,
            "a dense table holds fewer than 2^32 - 1 states"
        );
        self.slots[key as usize] = index as u32 + 1;
        self.states.push(state);
        self.nodes.push(node);
        index
    }

    #[inline]
    fn entry(&self, index: usize) -> (&P::State, &Node<P::Cost>) {
        (&self.states[index], &self.nodes[index])
    }

    #[inline]
    fn state(&self, index: usize) -> &P::State {
        &self.states[index]
    }

    #[inline]
    fn node(&self, index: usize) -> &Node<P::Cost> {
        &self.nodes[index]
    }

    #[inline]
    fn node_mut(&mut self, index: usize) -> &mut Node<P::Cost> {
        &mut self.nodes[index]
    }
}

/// The cost of `path`, summed from the cheapest step between each pair of consecutive states as
/// the problem reports it now.
///
/// After a reopening, the g recorded for a state can be stale (its parent was later reached more
/// cheaply), so a path rebuilt from parent links may be cheaper than the goal's recorded g. This
/// recomputation makes the reported cost exactly that of the reported path. Returns `None` if a
/// step is missing, which only a non-deterministic `successors` can cause.
pub(crate) fn path_cost<P: SearchProblem>(problem: &P, path: &[P::State]) -> Option<P::Cost> {
    let mut buffer = Successors::new();
    let mut total = P::Cost::ZERO;
    for pair in path.windows(2) {
        buffer.clear();
        problem.successors(&pair[0], &mut buffer);
        let step = buffer
            .as_slice()
            .iter()
            .filter(|(state, _)| *state == pair[1])
            .map(|&(_, cost)| cost)
            .reduce(|a, b| if b.order(a).is_lt() { b } else { a })?;
        total = total.checked_sum(step)?;
    }
    Some(total)
}

/// A fast, non-cryptographic hasher for node tables (the multiply-rotate scheme of Firefox and
/// rustc). Search states come from the program's own successor function, so hash flooding is
/// rarely a concern; where it is, choose [`Hashing::Std`](crate::Hashing::Std).
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher {
    hash: u64,
}

const MULTIPLIER: u64 = 0xf135_7aea_2e62_a9c5;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = self.hash.wrapping_add(word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The multiplication leaves its best-mixed bits at the top; the table indexes buckets by
        // the low bits, so bring the top down.
        self.hash.rotate_left(26)
    }
}

/// Builds [`FastHasher`]s: the default hasher of node tables.
pub type FastState = std::hash::BuildHasherDefault<FastHasher>;
