//! The pancake puzzle with the gap heuristic, written as a user of `informed` would: an
//! [`InPlaceProblem`] that answers the optional questions (the flips as a table, one fixed
//! cost) and an [`IncrementalHeuristic`] that estimates a flip before it is made; beside it,
//! the same problem answering none of them ([`Listed`]), and a hand-written recursive IDA*
//! (the rate the library is held to). For the `idastar` bench and the instruction counts
//! (`scripts/instructions.sh`).
//!
//! A stack of [`N`] pancakes, sizes 0 to N − 1 from the top; a move flips the top k ≥ 2, costs
//! 1 and is its own inverse. The gap heuristic counts the neighbours (the plate below the
//! stack counting as size N) that are not neighbours in size: each needs a flip to part them,
//! and a flip changes one pair (the k-th pancake and the one below it), so it is consistent.

#![allow(dead_code, unreachable_pub)]

use informed::{InPlaceProblem, IncrementalHeuristic, Moves};

/// The number of pancakes.
pub const N: usize = 16;

/// A stack, top first.
pub type Stack = [u8; N];

/// Every flip, in the order tried: the top 2, 3, …, N.
const FLIPS: [u8; N - 1] = {
    let mut flips = [0u8; N - 1];
    let mut i = 0;
    while i < N - 1 {
        flips[i] = i as u8 + 2;
        i += 1;
    }
    flips
};

/// The sorted stack.
const SORTED: Stack = {
    let mut stack = [0u8; N];
    let mut i = 0;
    while i < N {
        stack[i] = i as u8;
        i += 1;
    }
    stack
};

/// One stack to sort, with the optional answers: the flips as a table, a fixed cost of 1.
pub struct Pancakes(pub Stack);

impl InPlaceProblem for Pancakes {
    type State = Stack;
    type Move = u8;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Stack> {
        [self.0]
    }

    fn is_goal(&self, stack: &Stack) -> bool {
        *stack == SORTED
    }

    fn moves(&self, _: &Stack, out: &mut Moves<'_, u8>) {
        out.extend(FLIPS);
    }

    fn apply(&self, stack: &mut Stack, k: u8) -> u32 {
        stack[..usize::from(k)].reverse();
        1
    }

    fn undo(&self, stack: &mut Stack, k: u8) {
        stack[..usize::from(k)].reverse();
    }

    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }

    fn move_table(&self, _: &Stack) -> Option<&[u8]> {
        Some(&FLIPS)
    }

    fn fixed_cost(&self) -> Option<u32> {
        Some(1)
    }
}

/// The same stack answering none of the optional questions: the moves listed into the
/// engine's stack, each cost known once the move is made.
pub struct Listed(pub Stack);

impl InPlaceProblem for Listed {
    type State = Stack;
    type Move = u8;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Stack> {
        [self.0]
    }

    fn is_goal(&self, stack: &Stack) -> bool {
        *stack == SORTED
    }

    fn moves(&self, _: &Stack, out: &mut Moves<'_, u8>) {
        out.extend(FLIPS);
    }

    fn apply(&self, stack: &mut Stack, k: u8) -> u32 {
        stack[..usize::from(k)].reverse();
        1
    }

    fn undo(&self, stack: &mut Stack, k: u8) {
        stack[..usize::from(k)].reverse();
    }

    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }
}

/// Whether `a` and `b` are not neighbours in size: a gap.
#[inline(always)]
fn gap(a: u8, b: u8) -> u32 {
    u32::from(a.abs_diff(b) != 1)
}

/// The pancake below the top `k` (the plate, size N, below the whole stack).
#[inline(always)]
fn below(stack: &Stack, k: usize) -> u8 {
    stack.get(k).copied().unwrap_or(N as u8)
}

/// The gap heuristic of a whole stack.
pub fn gaps(stack: &Stack) -> u32 {
    (1..=N).map(|k| gap(stack[k - 1], below(stack, k))).sum()
}

/// The gap heuristic, updated by a flip (made or not yet made).
#[derive(Clone, Copy, Debug)]
pub struct Gaps;

impl IncrementalHeuristic<Stack, u8, u32> for Gaps {
    type Context = ();

    fn begin(&self, stack: &Stack) -> (u32, ()) {
        (gaps(stack), ())
    }

    /// After the flip, the pair at the k-th pancake is the old top's, where the k-th was.
    #[inline(always)]
    fn update(&self, stack: &Stack, k: u8, h: u32, _: &mut ()) -> u32 {
        let k = usize::from(k);
        let under = below(stack, k);
        h + gap(stack[k - 1], under) - gap(stack[0], under)
    }

    /// Before the flip, the top comes to lie on the pancake below the k-th.
    #[inline(always)]
    fn estimate_move(&self, stack: &Stack, k: u8, h: u32, _: &mut ()) -> Option<u32> {
        let k = usize::from(k);
        let under = below(stack, k);
        Some(h + gap(stack[0], under) - gap(stack[k - 1], under))
    }
}

/// `count` random stacks from `seed` (a shuffle by splitmix64: the same stacks on every
/// machine).
pub fn stacks(count: usize, seed: u64) -> Vec<Stack> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..count)
        .map(|_| {
            let mut stack = SORTED;
            for i in (1..N).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                stack.swap(i, j);
            }
            stack
        })
        .collect()
}

/// A plain recursive IDA* with the gap heuristic updated by each flip, no flip undoing the
/// last, and the flips tried in the engine's order: the reference rate.
pub struct HandWritten {
    stack: Stack,
    /// Nodes expanded over all iterations (the goal not counted).
    pub expanded: u64,
}

impl HandWritten {
    /// The solver of `start`.
    pub fn new(start: &Stack) -> Self {
        HandWritten {
            stack: *start,
            expanded: 0,
        }
    }

    /// The fewest flips that sort the stack.
    pub fn solve(&mut self) -> u32 {
        let h = gaps(&self.stack);
        let mut bound = h;
        loop {
            match self.probe(0, h, bound, 0) {
                Ok(()) => return bound,
                Err(next) => bound = next,
            }
        }
    }

    /// `Ok` at a goal within `bound`; otherwise the least f beyond it.
    fn probe(&mut self, g: u32, h: u32, bound: u32, previous: usize) -> Result<(), u32> {
        // No gap, the plate's included, only in the sorted stack.
        if h == 0 {
            return Ok(());
        }
        self.expanded += 1;
        let mut least = u32::MAX;
        for k in 2..=N {
            if k == previous {
                continue;
            }
            let under = below(&self.stack, k);
            let child_h = h + gap(self.stack[0], under) - gap(self.stack[k - 1], under);
            let f = g + 1 + child_h;
            if f > bound {
                least = least.min(f);
                continue;
            }
            self.stack[..k].reverse();
            let found = self.probe(g + 1, child_h, bound, k);
            self.stack[..k].reverse();
            match found {
                Ok(()) => return Ok(()),
                Err(f) => least = least.min(f),
            }
        }
        Err(least)
    }
}
