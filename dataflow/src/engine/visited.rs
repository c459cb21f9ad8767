//! The states a worker owns and has reached: hashed, or a bit map by rank.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasher, Hash};

use informed::FastBuildHasher;

/// The owner of a state among `workers`, from a hash of it: a different mix from the one its
/// owner's hash map uses, so that the states one worker owns spread over all of its buckets.
pub(crate) fn route_hash<S: Hash>(state: &S) -> u64 {
    let hash = FastBuildHasher::default().hash_one(state);
    // The finalizer of SplitMix64.
    let mut z = hash ^ (hash >> 31);
    z = z.wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 29)
}

/// The number of workers, with the arithmetic of owners and slots: a shift and a mask where
/// it is a power of two (most runs), a division otherwise.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Workers {
    count: u64,
    /// log2 of `count`, where it is a power of two.
    shift: Option<u32>,
}

impl Workers {
    pub(crate) fn new(count: usize) -> Self {
        let count = count.max(1) as u64;
        Workers {
            count,
            shift: count.is_power_of_two().then(|| count.trailing_zeros()),
        }
    }

    /// The number of workers.
    pub(crate) fn count(self) -> u64 {
        self.count
    }

    /// The worker that owns `route`, as timely's exchange would send it: `route % count`.
    #[inline]
    pub(crate) fn owner(self, route: u64) -> usize {
        match self.shift {
            Some(_) => (route & (self.count - 1)) as usize,
            None => (route % self.count) as usize,
        }
    }

    /// The owner's slot of `route`: `route / count`.
    #[inline]
    pub(crate) fn slot(self, route: u64) -> u64 {
        match self.shift {
            Some(shift) => route >> shift,
            None => route / self.count,
        }
    }
}

/// The states one worker owns and has reached, each with a tag (its parent where paths are
/// kept, nothing otherwise).
#[derive(Debug)]
pub(crate) enum Visited<S, K> {
    /// Any hashable state.
    Hashed(HashMap<S, K, FastBuildHasher>),
    /// States with a perfect rank, owned by `rank % workers`: one bit at `rank / workers`.
    Ranked {
        bits: Vec<u64>,
        workers: Workers,
        len: u64,
    },
}

impl<S: Clone + Eq + Hash, K> Visited<S, K> {
    /// An empty hashed set.
    pub(crate) fn hashed() -> Self {
        Visited::Hashed(HashMap::default())
    }

    /// An empty bit map for the ranks below `bound` that worker `index` of `workers` owns.
    ///
    /// # Panics
    ///
    /// If the bit map cannot be allocated, saying how large it is.
    pub(crate) fn ranked(bound: u64, workers: Workers, index: u64) -> Self {
        let count = workers.count();
        let owned = bound / count + u64::from(bound % count > index);
        let words = usize::try_from(owned.div_ceil(64)).unwrap_or(usize::MAX);
        let mut bits = Vec::new();
        if bits.try_reserve_exact(words).is_err() {
            panic!(
                "could not allocate the {} bytes of the bit map of {owned} ranks this worker owns",
                words.saturating_mul(8)
            );
        }
        bits.resize(words, 0);
        Visited::Ranked {
            bits,
            workers,
            len: 0,
        }
    }

    /// Marks `state` (of rank `rank`, for a bit map) reached with `tag`; gives it back if it
    /// was not reached before.
    #[inline]
    pub(crate) fn insert(&mut self, state: S, rank: u64, tag: K) -> Option<S> {
        match self {
            Visited::Hashed(map) => match map.entry(state) {
                Entry::Occupied(_) => None,
                Entry::Vacant(vacant) => {
                    let state = vacant.key().clone();
                    vacant.insert(tag);
                    Some(state)
                }
            },
            Visited::Ranked { bits, workers, len } => {
                let slot = workers.slot(rank);
                let (word, bit) = ((slot / 64) as usize, 1u64 << (slot % 64));
                let word = &mut bits[word];
                if *word & bit != 0 {
                    return None;
                }
                *word |= bit;
                *len += 1;
                Some(state)
            }
        }
    }

    /// The tag of `state`, if it was reached (hashed sets only).
    pub(crate) fn tag(&self, state: &S) -> Option<&K> {
        match self {
            Visited::Hashed(map) => map.get(state),
            Visited::Ranked { .. } => None,
        }
    }

    /// The number of states reached.
    pub(crate) fn len(&self) -> u64 {
        match self {
            Visited::Hashed(map) => map.len() as u64,
            Visited::Ranked { len, .. } => *len,
        }
    }

    /// The bytes the set holds: for a hash map, its buckets (a state, a tag and a control
    /// byte each, at the bucket count its capacity implies), not counting what states own on
    /// the heap.
    pub(crate) fn bytes(&self) -> u64 {
        match self {
            Visited::Hashed(map) => {
                let capacity = map.capacity();
                // hashbrown keeps at most 7/8 of a power-of-two number of buckets full.
                let buckets = if capacity == 0 {
                    0
                } else {
                    (capacity * 8 / 7).next_power_of_two()
                };
                (buckets * (size_of::<(S, K)>() + 1)) as u64
            }
            Visited::Ranked { bits, .. } => (bits.len() * 8) as u64,
        }
    }
}
