//! The node tables: every stored state once, with its parent index, g and h.
//!
//! Shared by every algorithm. A node's index is stable, parents are plain indices, and a path is
//! rebuilt by following them back from the goal. Two implementations: [`HashTable`], an
//! `IndexMap` from state to node for any hashable state, and [`DenseTable`], plain vectors
//! indexed through a dense numbering of the states (grid cells, graph nodes), which never hashes.
//! An algorithm receives a [`NodeTables`] factory, chosen for it by
//! [`select`](crate::engine::select), and makes as many tables as it needs.

use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;

use indexmap::IndexMap;
use indexmap::map::RawEntryApiV1;

use crate::cost::Cost;
use crate::error::SearchError;
use crate::problem::SearchProblem;
use crate::progress::{Partial, Stats};

/// How many states a node table (and the open set) has room for before it first grows.
///
/// Growing from empty rehashes and copies the table about ten times before it holds a thousand
/// states; in many small searches (a batch of 8-puzzles, short queries on a map) that growth was
/// an eighth of the time. Room for 1,024 states costs about 50 KB of mostly untouched memory.
pub(crate) const INITIAL_CAPACITY: usize = 1024;

/// The parent index of a start state.
pub(crate) const NO_PARENT: usize = usize::MAX;

/// A stored state's record: its parent's index, g and h.
///
/// The parent is kept in 32 bits (tables hold fewer than 2^32 states): with a 32-bit cost the
/// record is 12 bytes instead of 16, and a hashed table's entry shrinks with it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<C> {
    parent: u32,
    pub(crate) g: C,
    pub(crate) h: C,
}

/// `NO_PARENT` as a [`Node`] stores it.
const NO_PARENT_32: u32 = u32::MAX;

impl<C> Node<C> {
    /// The record of a state reached from the node `parent` (`NO_PARENT` for a start).
    #[inline]
    pub(crate) fn new(parent: usize, g: C, h: C) -> Self {
        Node {
            parent: Self::pack(parent),
            g,
            h,
        }
    }

    /// Truncation packs `NO_PARENT` (all ones) as `NO_PARENT_32` (all ones) without a branch:
    /// the engine makes a node for every successor it probes.
    #[inline]
    fn pack(parent: usize) -> u32 {
        debug_assert!(parent == NO_PARENT || parent < NO_PARENT_32 as usize);
        parent as u32
    }

    /// The parent's index, `NO_PARENT` for a start.
    #[inline]
    pub(crate) fn parent(&self) -> usize {
        if self.parent == NO_PARENT_32 {
            NO_PARENT
        } else {
            self.parent as usize
        }
    }

    /// Sets the parent's index.
    #[inline]
    pub(crate) fn set_parent(&mut self, parent: usize) {
        self.parent = Self::pack(parent);
    }
}

/// Where a state stands in the table.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lookup {
    /// Already stored, at this index.
    Stored(usize),
    /// Not stored yet; the key (a dense index, or a hash) that `insert` may use instead of
    /// computing it again.
    New(u64),
}

/// What [`Table::find_or_insert`] did.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Placed {
    /// The state was stored already, at this index.
    Found(usize),
    /// The state was new, and is now stored at this index.
    Inserted(usize),
}

/// The operations the algorithms need from a node table.
pub(crate) trait Table<S, C> {
    /// The number of stored states. **O(1)**.
    fn len(&self) -> usize;
    /// Looks a state up. **O(1)** (average, for hashing).
    fn lookup(&self, state: &S) -> Lookup;
    /// Stores a state that `lookup` found new, with the key it returned; returns its index.
    fn insert(&mut self, key: u64, state: S, node: Node<C>) -> usize;
    /// Finds `state`, or stores it as `node` if it is new: what `lookup` then `insert` do, in
    /// one probe of a hashed table instead of two. The engine stores a new state before it
    /// knows whether to keep it, and takes it back with [`remove_last`](Self::remove_last) in
    /// the rare case it does not.
    #[inline]
    fn find_or_insert(&mut self, state: S, node: Node<C>) -> Placed {
        match self.lookup(&state) {
            Lookup::Stored(index) => Placed::Found(index),
            Lookup::New(key) => Placed::Inserted(self.insert(key, state, node)),
        }
    }
    /// Removes the state stored last, which no node and no open set refers to yet.
    fn remove_last(&mut self);
    fn entry(&self, index: usize) -> (&S, &Node<C>);
    /// The state and node at `index`, `None` out of range (`NO_PARENT` included): for the
    /// observer's events, built from this so that nothing in them can panic, and so that a
    /// search without an observer compiles them away.
    #[inline]
    fn get(&self, index: usize) -> Option<(&S, &Node<C>)> {
        (index < self.len()).then(|| self.entry(index))
    }
    fn state(&self, index: usize) -> &S;
    /// Whether `state` is stored at `index` (false for `NO_PARENT`): the engine's test for the
    /// step back to the parent, on every successor.
    #[inline]
    fn is_at(&self, index: usize, state: &S) -> bool
    where
        S: PartialEq,
    {
        index != NO_PARENT && *state == *self.state(index)
    }
    fn node(&self, index: usize) -> &Node<C>;
    fn node_mut(&mut self, index: usize) -> &mut Node<C>;
}

/// Node tables that live as long as the problem they serve (`'p`): the bound every algorithm
/// body puts on the tables it is given.
pub(crate) trait Tables<'p, S, C>: NodeTables<S, C, Table: 'p> + 'p {}

impl<'p, S, C, N: NodeTables<S, C, Table: 'p> + 'p> Tables<'p, S, C> for N {}

/// Makes node tables of one kind: what an algorithm is given to store its states in.
pub(crate) trait NodeTables<S, C> {
    /// The tables it makes.
    type Table: Table<S, C>;
    /// Whether they hash states (rather than index them by a dense numbering): the open set
    /// [`OpenSet::Auto`](crate::engine::options::OpenSet::Auto) stands for depends on it.
    const HASHED: bool = false;
    /// A new, empty table.
    fn table(&self) -> Self::Table;
}

/// Takes the step of cost `g` from `parent` to the stored node `index` if that node was reached
/// from `parent` before and the step is cheaper: for the searches that store a state when they
/// first reach it and test nothing further (breadth-first, beam), so that of two steps one
/// expansion pushes to the same state, the cheaper wins. The node is not expanded yet, so its g
/// can still change.
#[inline]
pub(crate) fn take_cheaper_step<S, C: Cost, T: Table<S, C>>(
    table: &mut T,
    index: usize,
    parent: usize,
    g: C,
) {
    let node = table.node_mut(index);
    if node.parent() == parent && g.order(node.g).is_lt() {
        node.g = g;
    }
}

/// The states from a start to `index`, following parent indices. **O(path length)**.
pub(crate) fn path<S: Clone, C, T: Table<S, C>>(table: &T, index: usize) -> Vec<S> {
    let mut path = Vec::new();
    path_into(table, index, &mut path);
    path
}

/// [`path`] into `out`, which is cleared first: allocates nothing where `out` has room.
pub(crate) fn path_into<S: Clone, C, T: Table<S, C>>(table: &T, index: usize, out: &mut Vec<S>) {
    out.clear();
    let mut current = index;
    while current != NO_PARENT {
        let (state, node) = table.entry(current);
        out.push(state.clone());
        current = node.parent();
    }
    out.reverse();
}

/// The path to the stored state with the smallest h (ties: smaller g, then earlier stored); where
/// every stored h is 0 (BFS, Dijkstra, a heuristic that never speaks), that would be a start, so
/// the path to the state stored last instead: the edge of the explored region. **O(n)**, run
/// once when a limit stops a search.
pub(crate) fn most_promising<S: Clone, C: Cost, T: Table<S, C>>(
    table: &T,
) -> Option<Partial<S, C>> {
    most_promising_index(table).map(|index| {
        let node = *table.node(index);
        Partial {
            path: path(table, index),
            cost: node.g,
            estimate: node.h,
        }
    })
}

/// The index of the state [`most_promising`] leads to. **O(n)**.
pub(crate) fn most_promising_index<S, C: Cost, T: Table<S, C>>(table: &T) -> Option<usize> {
    let (best, informed) = least_estimate(table, None, 0..table.len());
    if informed {
        best
    } else {
        table.len().checked_sub(1)
    }
}

/// The stored state of least (h, g, index) among `best` and `candidates`, and whether some
/// candidate has an h other than 0: the rule of [`most_promising`], for a search that keeps its
/// best as it goes and offers only the states stored or improved since.
pub(crate) fn least_estimate<S, C: Cost, T: Table<S, C>>(
    table: &T,
    mut best: Option<usize>,
    candidates: impl IntoIterator<Item = usize>,
) -> (Option<usize>, bool) {
    let mut held = best.map(|index| *table.node(index));
    let mut informed = false;
    for index in candidates {
        let node = *table.node(index);
        informed |= node.h.order(C::ZERO).is_ne();
        let better = match (best, held) {
            (Some(best), Some(held)) => node
                .h
                .order(held.h)
                .then(node.g.order(held.g))
                .then(index.cmp(&best))
                .is_lt(),
            _ => true,
        };
        if better {
            best = Some(index);
            held = Some(node);
        }
    }
    (best, informed)
}

/// A table chosen at run time, for the lazy iterators that must name their table's type.
impl<S, C, T: Table<S, C> + ?Sized> Table<S, C> for Box<T> {
    #[inline]
    fn len(&self) -> usize {
        (**self).len()
    }
    #[inline]
    fn lookup(&self, state: &S) -> Lookup {
        (**self).lookup(state)
    }
    #[inline]
    fn find_or_insert(&mut self, state: S, node: Node<C>) -> Placed {
        (**self).find_or_insert(state, node)
    }
    #[inline]
    fn remove_last(&mut self) {
        (**self).remove_last()
    }
    #[inline]
    fn insert(&mut self, key: u64, state: S, node: Node<C>) -> usize {
        (**self).insert(key, state, node)
    }
    #[inline]
    fn entry(&self, index: usize) -> (&S, &Node<C>) {
        (**self).entry(index)
    }
    #[inline]
    fn get(&self, index: usize) -> Option<(&S, &Node<C>)> {
        (**self).get(index)
    }
    #[inline]
    fn state(&self, index: usize) -> &S {
        (**self).state(index)
    }
    #[inline]
    fn is_at(&self, index: usize, state: &S) -> bool
    where
        S: PartialEq,
    {
        (**self).is_at(index, state)
    }
    #[inline]
    fn node(&self, index: usize) -> &Node<C> {
        (**self).node(index)
    }
    #[inline]
    fn node_mut(&mut self, index: usize) -> &mut Node<C> {
        (**self).node_mut(index)
    }
}

/// The bytes a vector has allocated.
pub(crate) fn vec_bytes<T>(vector: &Vec<T>) -> usize {
    vector.capacity().saturating_mul(size_of::<T>())
}

/// The bytes an `IndexMap` with room for `capacity` entries of `K` and `V` has allocated: its
/// vector of entries (each the hash, the key and the value) and its index, a hash table of
/// `usize` with a control byte a bucket (16 more for the probe's last group) and at most 7/8
/// of its buckets full, a power of two of them.
fn hashed_bytes<K, V>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let entries = capacity.saturating_mul(size_of::<(u64, K, V)>());
    let buckets = match capacity {
        0..4 => 4,
        4..8 => 8,
        _ => (capacity.saturating_mul(8) / 7).next_power_of_two(),
    };
    entries.saturating_add(buckets.saturating_mul(size_of::<usize>() + 1) + 16)
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

    /// Forgets every stored state, keeping the room they took: a [`Searcher`](crate::Searcher)
    /// clears its table before each search.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
    }

    /// The bytes the table has allocated (its capacity's, whatever it holds now).
    pub(crate) fn bytes(&self) -> usize {
        hashed_bytes::<S, Node<C>>(self.nodes.capacity())
    }
}

/// Makes [`HashTable`]s hashing with `B`.
pub(crate) struct Hashed<B>(PhantomData<fn() -> B>);

impl<B> Hashed<B> {
    pub(crate) fn new() -> Self {
        Hashed(PhantomData)
    }
}

impl<S: Eq + Hash, C, B: BuildHasher + Default> NodeTables<S, C> for Hashed<B> {
    type Table = HashTable<S, C, B>;
    const HASHED: bool = true;

    fn table(&self) -> Self::Table {
        HashTable::new()
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
    fn insert(&mut self, _hash: u64, state: S, node: Node<C>) -> usize {
        assert!(
            self.nodes.len() < NO_PARENT_32 as usize,
            "a hashed table holds fewer than 2^32 - 1 states"
        );
        // The lookup's hash is not reused: hashing again and inserting in one probe measured
        // cheaper than reaching a vacant entry by the hash (a probe) and inserting there
        // (another).
        self.nodes.insert_full(state, node).0
    }

    // Always: the engines with and without pathmax both call it, and a second caller had the
    // compiler stop inlining it into the search loop (3% more instructions on the 8-puzzle).
    #[inline(always)]
    fn find_or_insert(&mut self, state: S, node: Node<C>) -> Placed {
        match self.nodes.entry(state) {
            indexmap::map::Entry::Occupied(stored) => Placed::Found(stored.index()),
            indexmap::map::Entry::Vacant(vacant) => {
                let index = vacant.index();
                assert!(
                    index < NO_PARENT_32 as usize,
                    "a hashed table holds fewer than 2^32 - 1 states"
                );
                vacant.insert(node);
                Placed::Inserted(index)
            }
        }
    }

    fn remove_last(&mut self) {
        self.nodes.pop();
    }

    #[inline]
    fn entry(&self, index: usize) -> (&S, &Node<C>) {
        self.nodes.get_index(index).expect("node index in range")
    }

    #[inline]
    fn get(&self, index: usize) -> Option<(&S, &Node<C>)> {
        self.nodes.get_index(index)
    }

    /// Without a panic for an index out of range, which `NO_PARENT` is: one comparison fewer
    /// a successor, measured 0.5% of a hashed search.
    #[inline]
    fn is_at(&self, index: usize, state: &S) -> bool {
        self.nodes
            .get_index(index)
            .is_some_and(|(stored, _)| *stored == *state)
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

/// Marks a number with no stored state.
const VACANT: u32 = 0;

/// Pages hold from 2^6 = 64 slots (256 bytes) to 2^12 = 4,096 slots (16 KiB); see [`page_bits`].
const MIN_PAGE_BITS: u32 = 6;
const MAX_PAGE_BITS: u32 = 12;

/// The directory has at most 2^20 entries (4 MiB), what a numbering of 2^32 needs with the
/// largest pages.
const MAX_DIRECTORY_BITS: u32 = 20;

/// The log2 of the page size of a new table for a numbering below `bound`: half the bits of the
/// bound beyond 2^8, between [`MIN_PAGE_BITS`] and [`MAX_PAGE_BITS`], and large enough that the
/// directory keeps within 2^[`MAX_DIRECTORY_BITS`] entries.
///
/// A new table pays for its directory (one `u32` per page of the numbering, zeroed when the
/// table is made) and for each page its search touches (zeroed when first touched). A search
/// that stores states scattered over the numbering touches a page per state: the pocket cube's
/// short A* queries store a few hundred of its 3.67 M numbers, and with pages of 4,096 slots each
/// query zeroed half the numbering's slots (7 MiB) to store them. The directory costs as much as
/// 2^8 pages where the page has half the bits of `bound / 2^8` ([`MIN_PAGE_BITS`] where that is
/// fewer): a numbering of 3.67 M (the cube) gets pages of 128 slots, a 1024² grid pages of 64,
/// a 4096² grid pages of 256 behind a directory of 256 KiB. A flood, which touches every page,
/// pays about the same whatever their size.
fn page_bits(bound: usize) -> u32 {
    let bits = number_bits(bound);
    bits.saturating_sub(8)
        .div_ceil(2)
        .clamp(MIN_PAGE_BITS, MAX_PAGE_BITS)
        .max(bits.saturating_sub(MAX_DIRECTORY_BITS))
}

/// The log2 of the page size of a reused table ([`DenseTable::reuse`]): the smallest pages whose
/// directory keeps within 2^[`MAX_DIRECTORY_BITS`] entries. A reused table zeroes its directory
/// once, and then only the entries its last search set, so its searches pay for the pages they
/// touch alone, and the smaller the pages the less that is.
fn kept_page_bits(bound: usize) -> u32 {
    MIN_PAGE_BITS.max(number_bits(bound).saturating_sub(MAX_DIRECTORY_BITS))
}

/// ⌈log2(bound)⌉: the bits of the largest number below `bound`.
fn number_bits(bound: usize) -> u32 {
    usize::BITS - bound.saturating_sub(1).leading_zeros()
}

/// A node table for states with a dense numbering below a known bound: vectors, and a slot per
/// number holding the node's index. Never hashes.
///
/// The slots come in pages of consecutive numbers (64 to 4,096 of them, by the size of the
/// numbering: see [`page_bits`] and [`kept_page_bits`]), allocated the first time a number in their range is stored,
/// behind a directory of one `u32` per page. A search therefore costs memory and time for the
/// pages it touches, not for the whole numbering: a short query on a large map makes a
/// directory of a few thousand entries and a page or two, where one flat slot array would have
/// to be allocated (and, by most allocators, zeroed again) for every search.
pub(crate) struct DenseTable<'p, P: SearchProblem> {
    problem: &'p P,
    bound: usize,
    /// The log2 of the page size: [`page_bits`] or [`kept_page_bits`] of the bound.
    page_bits: u32,
    /// The page size less one: a number's place in its page.
    page_mask: usize,
    store: DenseStore<P::State, P::Cost>,
}

/// The vectors of a [`DenseTable`], apart from the problem it numbers states for: what a
/// [`Searcher`](crate::Searcher) keeps between searches.
pub(crate) struct DenseStore<S, C> {
    /// `directory[n >> page_bits]` is the page of `slots` holding number `n`'s slot. Page 0 is
    /// never written: every range of numbers with no state stored points to it, so that a lookup
    /// reads a slot without first testing whether its page exists.
    directory: Vec<u32>,
    /// The directory entry of each page but page 0, in page order: the only entries that are
    /// not 0, so that a table reused for the next search clears them alone, at a cost that
    /// follows the pages touched rather than the size of the numbering.
    owners: Vec<u32>,
    /// Pages of slots, each one more than the node index of its number's state, or `VACANT`.
    slots: Vec<u32>,
    states: Vec<S>,
    nodes: Vec<Node<C>>,
}

impl<S, C> DenseStore<S, C> {
    /// The bytes the vectors have allocated.
    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.directory)
            + vec_bytes(&self.owners)
            + vec_bytes(&self.slots)
            + vec_bytes(&self.states)
            + vec_bytes(&self.nodes)
    }

    /// Empty vectors, to be sized by [`DenseTable::reuse`].
    pub(crate) fn new() -> Self {
        DenseStore {
            directory: Vec::new(),
            owners: Vec::new(),
            slots: Vec::new(),
            states: Vec::new(),
            nodes: Vec::new(),
        }
    }
}

impl<'p, P: SearchProblem> DenseTable<'p, P> {
    /// A table for `problem`'s numbering, whose bound is `bound` (at most 2^32).
    pub(crate) fn new(problem: &'p P, bound: usize) -> Self {
        debug_assert!(bound <= crate::engine::options::DENSE_LIMIT);
        let page_bits = page_bits(bound);
        let page = 1 << page_bits;
        let store = DenseStore {
            // Zeroed by the allocator: where it maps fresh memory for a large directory, the
            // pages of it that no search reaches are never written at all.
            directory: vec![0; bound.div_ceil(page)],
            owners: Vec::new(),
            slots: vec![VACANT; page],
            states: Vec::with_capacity(INITIAL_CAPACITY.min(bound)),
            nodes: Vec::with_capacity(INITIAL_CAPACITY.min(bound)),
        };
        DenseTable {
            problem,
            bound,
            page_bits,
            page_mask: page - 1,
            store,
        }
    }

    /// An empty table for `problem`'s numbering in the vectors of an earlier one: allocates
    /// nothing where they are large enough. **O(pages the earlier search touched)**, and the
    /// directory's size where the bound changed.
    pub(crate) fn reuse(
        problem: &'p P,
        bound: usize,
        mut store: DenseStore<P::State, P::Cost>,
    ) -> Self {
        debug_assert!(bound <= crate::engine::options::DENSE_LIMIT);
        let page_bits = kept_page_bits(bound);
        let page = 1 << page_bits;
        for &entry in &store.owners {
            store.directory[entry as usize] = 0;
        }
        store.owners.clear();
        // Every entry is 0 now: only a change of size writes the entries it adds.
        store.directory.resize(bound.div_ceil(page), 0);
        store.slots.truncate(page);
        store.slots.fill(VACANT);
        store.slots.resize(page, VACANT);
        store.states.clear();
        store.nodes.clear();
        DenseTable {
            problem,
            bound,
            page_bits,
            page_mask: page - 1,
            store,
        }
    }

    /// The vectors, for a later [`reuse`](Self::reuse).
    pub(crate) fn into_store(self) -> DenseStore<P::State, P::Cost> {
        self.store
    }

    /// The slot of `number` in `page`.
    #[inline(always)]
    fn slot(&self, page: usize, number: usize) -> usize {
        (page << self.page_bits) | (number & self.page_mask)
    }

    /// The page holding `number`'s slot: page 0 (all vacant) where none was added.
    #[inline(always)]
    fn page(&self, number: usize) -> usize {
        self.store.directory[number >> self.page_bits] as usize
    }

    /// Gives the range of numbers holding `number` a page of vacant slots; returns the page.
    #[cold]
    #[inline(never)]
    fn add_page(&mut self, number: usize) -> usize {
        let page = self.store.slots.len() >> self.page_bits;
        let entry = number >> self.page_bits;
        self.store.directory[entry] = page as u32;
        self.store.owners.push(entry as u32);
        self.store
            .slots
            .resize(self.store.slots.len() + (1 << self.page_bits), VACANT);
        page
    }

    /// Stores `state` as `node` in the vacant `slot`; returns its index.
    #[inline(always)]
    fn store_at(&mut self, slot: usize, state: P::State, node: Node<P::Cost>) -> usize {
        let index = self.store.states.len();
        assert!(
            index < u32::MAX as usize,
            "a dense table holds fewer than 2^32 - 1 states"
        );
        self.store.slots[slot] = index as u32 + 1;
        self.store.states.push(state);
        self.store.nodes.push(node);
        index
    }

    /// The number of `state`, checked against the bound.
    #[inline]
    fn number(&self, state: &P::State) -> usize {
        let number = self.problem.index(state);
        assert!(
            number < self.bound,
            "SearchProblem::index gave {number}, not below SearchProblem::index_bound {}",
            self.bound
        );
        number
    }
}

/// Makes [`DenseTable`]s for one problem's numbering.
pub(crate) struct Dense<'p, P> {
    pub(crate) problem: &'p P,
    pub(crate) bound: usize,
}

impl<'p, P: SearchProblem> NodeTables<P::State, P::Cost> for Dense<'p, P> {
    type Table = DenseTable<'p, P>;

    fn table(&self) -> Self::Table {
        DenseTable::new(self.problem, self.bound)
    }
}

impl<P: SearchProblem> Table<P::State, P::Cost> for DenseTable<'_, P> {
    fn len(&self) -> usize {
        self.store.states.len()
    }

    #[inline]
    fn lookup(&self, state: &P::State) -> Lookup {
        let number = self.number(state);
        match self.store.slots[self.slot(self.page(number), number)] {
            VACANT => Lookup::New(number as u64),
            slot => Lookup::Stored(slot as usize - 1),
        }
    }

    #[inline]
    fn insert(&mut self, key: u64, state: P::State, node: Node<P::Cost>) -> usize {
        let number = key as usize;
        let mut page = self.page(number);
        if page == 0 {
            page = self.add_page(number);
        }
        self.store_at(self.slot(page, number), state, node)
    }

    /// One lookup of the slot, kept for the insertion: the engine's probe for every successor.
    #[inline(always)]
    fn find_or_insert(&mut self, state: P::State, node: Node<P::Cost>) -> Placed {
        let number = self.number(&state);
        let mut page = self.page(number);
        if page == 0 {
            page = self.add_page(number);
        }
        let slot = self.slot(page, number);
        match self.store.slots[slot] {
            VACANT => Placed::Inserted(self.store_at(slot, state, node)),
            stored => Placed::Found(stored as usize - 1),
        }
    }

    fn remove_last(&mut self) {
        if let Some(state) = self.store.states.pop() {
            self.store.nodes.pop();
            let number = self.number(&state);
            let slot = self.slot(self.page(number), number);
            self.store.slots[slot] = VACANT;
        }
    }

    #[inline]
    fn entry(&self, index: usize) -> (&P::State, &Node<P::Cost>) {
        (&self.store.states[index], &self.store.nodes[index])
    }

    #[inline]
    fn get(&self, index: usize) -> Option<(&P::State, &Node<P::Cost>)> {
        Some((self.store.states.get(index)?, self.store.nodes.get(index)?))
    }

    #[inline]
    fn state(&self, index: usize) -> &P::State {
        &self.store.states[index]
    }

    #[inline]
    fn node(&self, index: usize) -> &Node<P::Cost> {
        &self.store.nodes[index]
    }

    #[inline]
    fn node_mut(&mut self, index: usize) -> &mut Node<P::Cost> {
        &mut self.store.nodes[index]
    }
}

/// The cost of `path`, summed in path order from the cheapest step between each pair of
/// consecutive states, as the problem's successors give them now.
///
/// After a reopening, the g recorded for a state can be stale (its parent was later reached more
/// cheaply), and a path found from both ends adds up its halves in another order; recomputing
/// makes the reported cost exactly the sum of the reported path's steps.
///
/// # Errors
///
/// A step's cost is checked as during a search (NaN, negative, overflowing the sum); a step that
/// `successors` no longer gives (a non-deterministic problem, or predecessors that are not the
/// exact reverse of the successors) is [`SearchError::MissingStep`]. Each carries `stats`.
pub(crate) fn path_cost<P: SearchProblem>(
    problem: &P,
    path: &[P::State],
    stats: Stats,
) -> Result<P::Cost, SearchError<P::State, P::Cost>> {
    let mut total = P::Cost::ZERO;
    for pair in path.windows(2) {
        let Some(step) = cheapest(problem.successors(&pair[0]), &pair[1]) else {
            return Err(SearchError::MissingStep {
                from: pair[0].clone(),
                to: pair[1].clone(),
                stats,
            });
        };
        total = checked_step(total, step, &pair[0], &pair[1], stats)?;
    }
    Ok(total)
}

/// The cheapest cost among `steps` of a step to `to`, if there is one: a NaN cost if any such
/// step has one, so that a NaN step reaches the caller's checks instead of vanishing in the
/// comparison.
pub(crate) fn cheapest<S: PartialEq, C: Cost>(
    steps: impl IntoIterator<Item = (S, C)>,
    to: &S,
) -> Option<C> {
    let mut cheapest: Option<C> = None;
    for (_, cost) in steps.into_iter().filter(|(state, _)| state == to) {
        if cost.is_nan() {
            return Some(cost);
        }
        if cheapest.is_none_or(|c| cost.order(c).is_lt()) {
            cheapest = Some(cost);
        }
    }
    cheapest
}

/// g + `step` when the step passes every check of [`checked_step`], without building an error:
/// the check of the depth-first engines' inner loops, which ask [`checked_step`] for the error
/// (out of line) only when this says `None`.
#[inline(always)]
pub(crate) fn sound_step<C: Cost>(g: C, step: C) -> Option<C> {
    if step.is_nan() || step.is_below_zero() {
        return None;
    }
    g.checked_sum(step)
}

/// g + `step` for a step from `from` to `to`, or the error a NaN, negative or overflowing step
/// is: the one check made on every step (by [`Control::step`](crate::engine::control::Control)
/// during a search, and by [`path_cost`] after it).
#[inline]
pub(crate) fn checked_step<S: Clone, C: Cost>(
    g: C,
    step: C,
    from: &S,
    to: &S,
    stats: Stats,
) -> Result<C, SearchError<S, C>> {
    if step.is_nan() {
        return Err(SearchError::NanCost {
            from: from.clone(),
            to: to.clone(),
            stats,
        });
    }
    if step.is_below_zero() {
        return Err(SearchError::NegativeCost {
            from: from.clone(),
            to: to.clone(),
            cost: step,
            stats,
        });
    }
    g.checked_sum(step).ok_or_else(|| SearchError::Overflow {
        from: from.clone(),
        to: to.clone(),
        g,
        step,
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page sizes the docs of `page_bits` and `NodeTable` promise.
    #[test]
    fn pages_follow_the_size_of_the_numbering() {
        assert_eq!(page_bits(1), MIN_PAGE_BITS);
        assert_eq!(page_bits(3_000), MIN_PAGE_BITS);
        assert_eq!(page_bits(1 << 20), 6);
        assert_eq!(page_bits(3_674_160), 7);
        assert_eq!(page_bits(1 << 24), 8);
        assert_eq!(page_bits(1 << 32), MAX_PAGE_BITS);
        assert_eq!(kept_page_bits(3_674_160), MIN_PAGE_BITS);
        assert_eq!(kept_page_bits(1 << 28), 8);
        assert_eq!(kept_page_bits(1 << 32), MAX_PAGE_BITS);
        for bits in 0..=32 {
            let bound = 1usize << bits;
            for pages in [page_bits(bound), kept_page_bits(bound)] {
                assert!(bound.div_ceil(1 << pages) <= 1 << MAX_DIRECTORY_BITS);
            }
        }
    }
}
