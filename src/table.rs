//! The node table: every stored state once, with its parent index, g and h.
//!
//! Shared by every algorithm. States live in an `IndexMap`, so a node's index is stable, parents
//! are plain indices, and a path is rebuilt by following them back from the goal.

use std::hash::{BuildHasher, Hash};

use indexmap::IndexMap;
use indexmap::map::{RawEntryApiV1, raw_entry_v1::RawEntryMut};

use crate::{Cost, Partial, SearchProblem, Successors};

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
    /// Not stored yet; the hash lets `insert` store it without hashing it again.
    New(u64),
}

pub(crate) struct NodeTable<S, C> {
    nodes: IndexMap<S, Node<C>>,
}

impl<S: Clone + Eq + Hash, C: Cost> NodeTable<S, C> {
    pub(crate) fn new() -> Self {
        NodeTable {
            nodes: IndexMap::new(),
        }
    }

    /// The number of stored states. **O(1)**.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Looks a state up, hashing it once whether or not it is then inserted.
    /// **O(1)** average.
    #[inline]
    pub(crate) fn lookup(&self, state: &S) -> Lookup {
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

    /// Stores a state that [`lookup`](Self::lookup) found new, with the hash it returned, and
    /// returns its index. **O(1)** amortised.
    #[inline]
    pub(crate) fn insert(&mut self, hash: u64, state: S, node: Node<C>) -> usize {
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
    pub(crate) fn state(&self, index: usize) -> &S {
        self.nodes.get_index(index).expect("node index in range").0
    }

    #[inline]
    pub(crate) fn node(&self, index: usize) -> &Node<C> {
        self.nodes.get_index(index).expect("node index in range").1
    }

    #[inline]
    pub(crate) fn node_mut(&mut self, index: usize) -> &mut Node<C> {
        self.nodes
            .get_index_mut(index)
            .expect("node index in range")
            .1
    }

    #[inline]
    pub(crate) fn entry(&self, index: usize) -> (&S, &Node<C>) {
        self.nodes.get_index(index).expect("node index in range")
    }

    /// The states from a start to `index`, following parent indices. **O(path length)**.
    pub(crate) fn path(&self, index: usize) -> Vec<S> {
        let mut path = Vec::new();
        let mut current = index;
        while current != NO_PARENT {
            let (state, node) = self.entry(current);
            path.push(state.clone());
            current = node.parent;
        }
        path.reverse();
        path
    }

    /// The path to the stored state with the smallest h (ties: smaller g, then earlier stored).
    /// **O(n)**, run once when a limit stops a search.
    pub(crate) fn most_promising(&self) -> Option<Partial<S, C>> {
        let mut best: Option<(usize, &Node<C>)> = None;
        for (index, node) in self.nodes.values().enumerate() {
            let better = match best {
                None => true,
                Some((_, b)) => node.h.order(b.h).then(node.g.order(b.g)).is_lt(),
            };
            if better {
                best = Some((index, node));
            }
        }
        best.map(|(index, node)| Partial {
            path: self.path(index),
            cost: node.g,
            estimate: node.h,
        })
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
