//! The pancake puzzle: a stack of N pancakes of distinct sizes, sorted by flipping the top k
//! of them; with the gap heuristic (Helmert, 2010).
//!
//! A stack is `[u8; N]`, top first, holding the sizes 0 (smallest) to N − 1 once each; the goal
//! is the sorted stack, smallest on top. A move flips (reverses) the top k pancakes, for k from
//! 2 to N, costs 1 and is its own inverse. [`Pancakes`] is both a [`SearchProblem`] (for A*,
//! BFS and the other searches) and an [`InPlaceProblem`] (for the in-place IDA*, which flips one
//! stack back and forth) with its flips as a table and a fixed cost.
//!
//! The **gap heuristic** counts the pairs of neighbours in the stack, the plate below it
//! counting as a pancake of size N, whose sizes differ by more than one: each such *gap* must
//! be parted by some flip, and a flip changes one pair (the k-th pancake and the one under it),
//! so the count is admissible and consistent. It is 0 only on the sorted stack. [`Gap`]
//! estimates a stack and, as an [`IncrementalHeuristic`], a flip before it is made, in O(1).
//!
//! The largest optimal solution over all stacks of n pancakes, the puzzle's diameter, is known
//! for n ≤ 19 (OEIS A058986: 0, 1, 3, 4, 5, 7, 8, 9, 10, 11, … for n = 1, 2, 3, …); this
//! crate's tests check n = 1 to 9 by breadth-first search.
//!
//! # Example
//!
//! ```
//! use informed::pancake::{Gap, Pancakes};
//!
//! let problem = Pancakes::new([3, 6, 0, 7, 1, 5, 2, 4])?;
//! let solution = informed::idastar_in_place_with(&problem, Gap)?;
//! let blind = informed::bfs(&problem)?;
//! assert_eq!(solution.cost(), blind.steps() as u32);
//! assert_eq!(*solution.path().last().unwrap(), Pancakes::<8>::SORTED);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! M. Helmert, "Landmark heuristics for the pancake problem", *Proceedings of the Third Annual
//! Symposium on Combinatorial Search* (SoCS 2010), 109–110.
//!
//! W. H. Gates and C. H. Papadimitriou, "Bounds for sorting by prefix reversal", *Discrete
//! Mathematics* 27(1) (1979), 47–57.

use std::fmt;

use crate::heuristic::{Heuristic, IncrementalHeuristic, heuristic_by_reference};
use crate::in_place::{InPlaceProblem, Moves};
use crate::permutation::first_missing;
use crate::problem::SearchProblem;

/// The most pancakes a stack may hold (so that a flip, and the plate's size, fit a byte).
pub const MAX_PANCAKES: usize = u8::MAX as usize;

/// Every flip any stack has, in the order tried: the top 2, 3, …, 255 (a stack of N uses the
/// first N − 1).
const ALL_FLIPS: [u8; MAX_PANCAKES - 1] = {
    let mut flips = [0u8; MAX_PANCAKES - 1];
    let mut i = 0;
    while i < flips.len() {
        flips[i] = i as u8 + 2;
        i += 1;
    }
    flips
};

/// Why a stack is not a pancake puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PancakeError {
    /// More than [`MAX_PANCAKES`] pancakes.
    TooMany {
        /// The number of pancakes.
        pancakes: usize,
    },
    /// The stack does not hold each size 0 to N − 1 exactly once.
    NotAPermutation {
        /// The stack, top first.
        stack: Vec<u8>,
        /// The first size missing from it.
        missing: u8,
    },
}

impl fmt::Display for PancakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PancakeError::TooMany { pancakes } => write!(
                f,
                "a stack of {pancakes} pancakes is too tall (at most {MAX_PANCAKES})"
            ),
            PancakeError::NotAPermutation { stack, missing } => write!(
                f,
                "stack {stack:?} is not the sizes 0 to {} once each: {missing} is missing",
                stack.len().saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for PancakeError {}

/// The pancake puzzle of N pancakes from one start stack: a [`SearchProblem`] and an
/// [`InPlaceProblem`] whose moves are the flips `k` = 2 to N (flip the top k), each costing 1.
///
/// # Example
///
/// ```
/// use informed::pancake::{Gap, Pancakes};
///
/// let problem = Pancakes::<12>::random(42, 0); // 12 pancakes, shuffled
/// let solution = informed::astar_with(&problem, Gap)?;
/// assert!(solution.cost() >= informed::pancake::gaps(&problem.start()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pancakes<const N: usize> {
    start: [u8; N],
}

impl<const N: usize> Pancakes<N> {
    /// The sorted stack, the goal: 0 (the smallest) on top.
    pub const SORTED: [u8; N] = {
        let mut stack = [0u8; N];
        let mut i = 0;
        while i < N {
            stack[i] = i as u8;
            i += 1;
        }
        stack
    };

    /// The puzzle of sorting `start`, top first.
    ///
    /// # Errors
    ///
    /// [`PancakeError::TooMany`] above [`MAX_PANCAKES`] pancakes;
    /// [`PancakeError::NotAPermutation`] unless `start` holds each size 0 to N − 1 once.
    pub fn new(start: [u8; N]) -> Result<Self, PancakeError> {
        if N > MAX_PANCAKES {
            return Err(PancakeError::TooMany { pancakes: N });
        }
        if let Some(missing) = first_missing(&start) {
            return Err(PancakeError::NotAPermutation {
                stack: start.to_vec(),
                missing: missing as u8,
            });
        }
        Ok(Pancakes { start })
    }

    /// A uniformly shuffled stack, the same for the same `seed` on every machine, or, if
    /// `flips` > 0, the sorted stack scrambled by `flips` random flips (a stack at most that
    /// many flips from the goal, for easier instances).
    ///
    /// A stack of more than [`MAX_PANCAKES`] fails to compile.
    pub fn random(seed: u64, flips: usize) -> Self {
        const { assert!(N <= MAX_PANCAKES, "at most MAX_PANCAKES pancakes") };
        let mut state = seed;
        let mut next = move || {
            // splitmix64
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut stack = Self::SORTED;
        if flips == 0 {
            for i in (1..N).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                stack.swap(i, j);
            }
        } else if N >= 2 {
            for _ in 0..flips {
                let k = 2 + (next() % (N as u64 - 1)) as usize;
                stack[..k].reverse();
            }
        }
        Pancakes { start: stack }
    }

    /// The start stack.
    pub fn start(&self) -> [u8; N] {
        self.start
    }

    /// The flips of every stack, in the order tried: 2, 3, …, N.
    pub fn flips(&self) -> &'static [u8] {
        &ALL_FLIPS[..N.saturating_sub(1)]
    }
}

/// Flips the top `k` of `stack`.
#[inline(always)]
pub fn flip<const N: usize>(stack: &mut [u8; N], k: u8) {
    stack[..usize::from(k)].reverse();
}

impl<const N: usize> SearchProblem for Pancakes<N> {
    type State = [u8; N];
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = [u8; N]> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, stack: &[u8; N]) -> bool {
        *stack == Self::SORTED
    }

    #[inline]
    fn successors(&self, stack: &[u8; N]) -> impl IntoIterator<Item = ([u8; N], u32)> {
        let stack = *stack;
        self.flips().iter().map(move |&k| {
            let mut next = stack;
            flip(&mut next, k);
            (next, 1)
        })
    }
}

impl<const N: usize> InPlaceProblem for Pancakes<N> {
    type State = [u8; N];
    type Move = u8;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = [u8; N]> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, stack: &[u8; N]) -> bool {
        *stack == Self::SORTED
    }

    fn moves(&self, _: &[u8; N], out: &mut Moves<'_, u8>) {
        out.extend(self.flips().iter().copied());
    }

    #[inline(always)]
    fn apply(&self, stack: &mut [u8; N], k: u8) -> u32 {
        flip(stack, k);
        1
    }

    #[inline(always)]
    fn undo(&self, stack: &mut [u8; N], k: u8) {
        flip(stack, k);
    }

    /// A flip is its own inverse.
    #[inline]
    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }

    #[inline(always)]
    fn move_table(&self, _: &[u8; N]) -> Option<&[u8]> {
        Some(self.flips())
    }

    #[inline(always)]
    fn fixed_cost(&self) -> Option<u32> {
        Some(1)
    }
}

/// Whether `a` and `b` are not neighbours in size: a gap.
#[inline(always)]
fn gap(a: u8, b: u8) -> u32 {
    u32::from(a.abs_diff(b) != 1)
}

/// The pancake under the top `k` of `stack`: the plate, size N, under the whole stack.
#[inline(always)]
fn under<const N: usize>(stack: &[u8; N], k: usize) -> u8 {
    stack.get(k).copied().unwrap_or(N as u8)
}

/// The gap heuristic of `stack`: the neighbours (the plate under the stack counting as size N)
/// whose sizes differ by more than one.
///
/// Computes in **O(N)** time.
///
/// # Example
///
/// ```
/// use informed::pancake::gaps;
///
/// assert_eq!(gaps(&[0, 1, 2, 3]), 0);
/// assert_eq!(gaps(&[1, 0, 2, 3]), 1); // 0 over 2
/// assert_eq!(gaps(&[3, 2, 1, 0]), 1); // 0 on the plate (4)
/// ```
pub fn gaps<const N: usize>(stack: &[u8; N]) -> u32 {
    (1..=N).map(|k| gap(stack[k - 1], under(stack, k))).sum()
}

/// The gap heuristic (Helmert, 2010): admissible and consistent, 0 only on the sorted stack.
///
/// As a [`Heuristic`] it counts the gaps of a stack in O(N); as an [`IncrementalHeuristic`]
/// it updates the count after a flip, and estimates a flip before it is made, in O(1) (a flip
/// of the top k changes one pair: the k-th pancake and the one under it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Gap;

impl<const N: usize> Heuristic<[u8; N], u32> for Gap {
    #[inline]
    fn estimate(&self, stack: &[u8; N]) -> u32 {
        gaps(stack)
    }
}

heuristic_by_reference!([] Gap);

impl<const N: usize> IncrementalHeuristic<[u8; N], u8, u32> for Gap {
    type Context = ();

    fn begin(&self, stack: &[u8; N]) -> (u32, ()) {
        (gaps(stack), ())
    }

    /// After the flip, the old top lies where the k-th was, on the same pancake.
    #[inline(always)]
    fn update(&self, stack: &[u8; N], k: u8, h: u32, _: &mut ()) -> u32 {
        let k = usize::from(k);
        let below = under(stack, k);
        h + gap(stack[k - 1], below) - gap(stack[0], below)
    }

    /// Before the flip, the top comes to lie on the pancake under the k-th.
    #[inline(always)]
    fn estimate_move(&self, stack: &[u8; N], k: u8, h: u32, _: &mut ()) -> Option<u32> {
        let k = usize::from(k);
        let below = under(stack, k);
        Some(h + gap(stack[0], below) - gap(stack[k - 1], below))
    }
}
