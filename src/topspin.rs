//! TopSpin(N, K): N tokens on a ring, and a turnstile that reverses K consecutive tokens; with
//! a pattern database heuristic.
//!
//! The puzzle is a ring of tokens 0 to N − 1 that slides round a track, and a turnstile that
//! holds K consecutive tokens and turns them over, reversing their order. As in the search
//! literature (Felner, Zahavi, Schaeffer and Holte, 2005; Yang et al., 2008), sliding the ring
//! is not a move: the turnstile may be applied **at every position**, so a state has N moves,
//! move i reversing the K tokens at positions i, i + 1, …, i + K − 1 (mod N), each costing 1
//! and its own inverse. A state is `[u8; N]`, the token at each position; the goal is
//! `[0, 1, …, N − 1]`.
//!
//! Not every arrangement can be reached: with K even every move is an even permutation, so
//! with N and K both even only half the arrangements can (a search from the others ends in
//! [`SearchError::NoPath`](crate::SearchError::NoPath)).
//!
//! The heuristic, [`TopSpinPdb`], is a pattern database built with
//! [`pdb::PatternDatabase`](crate::pdb::PatternDatabase): it keeps where the tokens 0 to
//! k − 1 are and forgets the others, and holds the exact distance of each such placement to
//! the goal's (admissible and consistent).
//!
//! # Example
//!
//! ```
//! use informed::topspin::TopSpin;
//!
//! // TopSpin(12, 4), the pattern database of tokens 0 to 5 (665,280 entries).
//! let puzzle = TopSpin::<12>::new(4)?;
//! let start = puzzle.scramble(7, 8);
//! let pdb = puzzle.pdb(6)?;
//! let solution = informed::astar_with(&puzzle.problem(start)?, &pdb)?;
//! assert!(solution.cost() <= 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! A. Felner, U. Zahavi, J. Schaeffer and R. C. Holte, "Dual lookups in pattern databases",
//! *Proceedings of IJCAI-05* (2005), 103–108.
//!
//! F. Yang, J. Culberson, R. Holte, U. Zahavi and A. Felner, "A general theory of additive
//! state space abstractions", *Journal of Artificial Intelligence Research* 32 (2008), 631–662.

use std::fmt;

use crate::heuristic::{Heuristic, heuristic_by_reference};
use crate::in_place::{InPlaceProblem, Moves};
use crate::pdb::{Abstraction, PatternDatabase, PdbError, Placements};
use crate::permutation::first_missing;
use crate::problem::{Bidirectional, SearchProblem};

/// The most tokens a ring may hold (so that a token, and a move, fit a byte).
pub const MAX_TOKENS: usize = 64;

/// Every move any ring has: the turnstile at position 0, 1, …, 63 (a ring of N uses the first
/// N).
const ALL_MOVES: [u8; MAX_TOKENS] = {
    let mut moves = [0u8; MAX_TOKENS];
    let mut i = 0;
    while i < MAX_TOKENS {
        moves[i] = i as u8;
        i += 1;
    }
    moves
};

/// Why a TopSpin puzzle or state could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TopSpinError {
    /// A turnstile of fewer than 2 tokens, or more than the ring, or a ring of more than
    /// [`MAX_TOKENS`].
    BadSize {
        /// The tokens on the ring, N.
        tokens: usize,
        /// The tokens the turnstile reverses, K.
        turnstile: usize,
    },
    /// A state that does not hold each token 0 to N − 1 exactly once.
    NotAPermutation {
        /// The state.
        state: Vec<u8>,
        /// The first token missing from it.
        missing: u8,
    },
}

impl fmt::Display for TopSpinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TopSpinError::BadSize { tokens, turnstile } => write!(
                f,
                "no TopSpin({tokens}, {turnstile}): need 2 ≤ turnstile ≤ tokens ≤ {MAX_TOKENS}"
            ),
            TopSpinError::NotAPermutation { state, missing } => write!(
                f,
                "state {state:?} is not the tokens 0 to {} once each: {missing} is missing",
                state.len().saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for TopSpinError {}

/// TopSpin(N, K): a ring of N tokens and a turnstile of K (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TopSpin<const N: usize> {
    turnstile: usize,
}

impl<const N: usize> TopSpin<N> {
    /// The goal: token i at position i.
    pub const GOAL: [u8; N] = {
        let mut state = [0u8; N];
        let mut i = 0;
        while i < N {
            state[i] = i as u8;
            i += 1;
        }
        state
    };

    /// TopSpin(N, `turnstile`).
    ///
    /// # Errors
    ///
    /// [`TopSpinError::BadSize`] unless 2 ≤ `turnstile` ≤ N ≤ [`MAX_TOKENS`].
    pub fn new(turnstile: usize) -> Result<Self, TopSpinError> {
        if turnstile < 2 || turnstile > N || N > MAX_TOKENS {
            return Err(TopSpinError::BadSize {
                tokens: N,
                turnstile,
            });
        }
        Ok(TopSpin { turnstile })
    }

    /// The tokens the turnstile reverses, K.
    pub fn turnstile(&self) -> usize {
        self.turnstile
    }

    /// The moves of every state, in the order tried: the turnstile at positions 0 to N − 1.
    pub fn moves(&self) -> &'static [u8] {
        &ALL_MOVES[..N]
    }

    /// Reverses the K tokens from position `at` (mod N) of `state`.
    ///
    /// Computes in **O(K)** time.
    #[inline]
    pub fn apply(&self, state: &mut [u8; N], at: u8) {
        let at = usize::from(at);
        for j in 0..self.turnstile / 2 {
            state.swap((at + j) % N, (at + self.turnstile - 1 - j) % N);
        }
    }

    /// Checks that `state` holds each token once.
    ///
    /// # Errors
    ///
    /// [`TopSpinError::NotAPermutation`] if it does not.
    pub fn check(&self, state: &[u8; N]) -> Result<(), TopSpinError> {
        match first_missing(state) {
            Some(missing) => Err(TopSpinError::NotAPermutation {
                state: state.to_vec(),
                missing: missing as u8,
            }),
            None => Ok(()),
        }
    }

    /// The goal after `moves` random moves (the same for the same `seed` on every machine): a
    /// state at most that many moves from the goal, and always one that can reach it.
    pub fn scramble(&self, seed: u64, moves: usize) -> [u8; N] {
        let mut state = seed;
        let mut next = move || {
            // splitmix64
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut position = Self::GOAL;
        for _ in 0..moves {
            self.apply(&mut position, (next() % N as u64) as u8);
        }
        position
    }

    /// The problem of solving `start`.
    ///
    /// # Errors
    ///
    /// [`TopSpinError::NotAPermutation`] unless `start` holds each token once.
    pub fn problem(&self, start: [u8; N]) -> Result<TopSpinProblem<N>, TopSpinError> {
        self.check(&start)?;
        Ok(TopSpinProblem {
            puzzle: *self,
            start,
        })
    }

    /// The pattern database of the tokens 0 to `tokens` − 1: where they are, the others
    /// forgotten; N! / (N − `tokens`)! entries of one byte.
    ///
    /// # Errors
    ///
    /// [`PdbError::BadPlacements`] unless 1 ≤ `tokens` ≤ N; [`PdbError::TooLarge`] or
    /// [`PdbError::OutOfMemory`] for a database too large.
    ///
    /// # Complexity
    ///
    /// **O(E · N)** time for E entries (each abstract state has N moves, each O(`tokens`)).
    pub fn pdb(&self, tokens: usize) -> Result<TopSpinPdb<N>, PdbError> {
        let placements = Placements::new(N, tokens)?;
        let abstraction = Kept {
            puzzle: *self,
            placements,
        };
        let db = PatternDatabase::build(&abstraction)?;
        Ok(TopSpinPdb {
            placements: abstraction.placements,
            db,
        })
    }
}

/// Solving one state of a [`TopSpin`] puzzle: made by [`TopSpin::problem`]. A
/// [`SearchProblem`], [`Bidirectional`] (every move is its own inverse) and an
/// [`InPlaceProblem`] whose moves are the turnstile's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TopSpinProblem<const N: usize> {
    puzzle: TopSpin<N>,
    start: [u8; N],
}

impl<const N: usize> TopSpinProblem<N> {
    /// The puzzle.
    pub fn puzzle(&self) -> TopSpin<N> {
        self.puzzle
    }

    /// The start state.
    pub fn start(&self) -> [u8; N] {
        self.start
    }
}

impl<const N: usize> SearchProblem for TopSpinProblem<N> {
    type State = [u8; N];
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = [u8; N]> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, state: &[u8; N]) -> bool {
        *state == TopSpin::<N>::GOAL
    }

    #[inline]
    fn successors(&self, state: &[u8; N]) -> impl IntoIterator<Item = ([u8; N], u32)> {
        let (state, puzzle) = (*state, self.puzzle);
        puzzle.moves().iter().map(move |&at| {
            let mut next = state;
            puzzle.apply(&mut next, at);
            (next, 1)
        })
    }
}

/// Every move is its own inverse: the predecessors are the successors.
impl<const N: usize> Bidirectional for TopSpinProblem<N> {
    fn goals(&self) -> impl IntoIterator<Item = [u8; N]> {
        [TopSpin::<N>::GOAL]
    }

    #[inline]
    fn predecessors(&self, state: &[u8; N]) -> impl IntoIterator<Item = ([u8; N], u32)> {
        self.successors(state)
    }
}

impl<const N: usize> InPlaceProblem for TopSpinProblem<N> {
    type State = [u8; N];
    type Move = u8;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = [u8; N]> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, state: &[u8; N]) -> bool {
        *state == TopSpin::<N>::GOAL
    }

    fn moves(&self, _: &[u8; N], out: &mut Moves<'_, u8>) {
        out.extend(self.puzzle.moves().iter().copied());
    }

    #[inline]
    fn apply(&self, state: &mut [u8; N], at: u8) -> u32 {
        self.puzzle.apply(state, at);
        1
    }

    #[inline]
    fn undo(&self, state: &mut [u8; N], at: u8) {
        self.puzzle.apply(state, at);
    }

    /// A move is its own inverse.
    #[inline]
    fn inverse(&self, at: u8) -> Option<u8> {
        Some(at)
    }

    #[inline]
    fn move_table(&self, _: &[u8; N]) -> Option<&[u8]> {
        Some(self.puzzle.moves())
    }

    #[inline]
    fn fixed_cost(&self) -> Option<u32> {
        Some(1)
    }
}

/// The tokens 0 to k − 1 by position, as an abstraction of the ring: `slots[i]` is where token
/// i is.
struct Kept<const N: usize> {
    puzzle: TopSpin<N>,
    placements: Placements,
}

impl<const N: usize> Abstraction for Kept<N> {
    type State = [u8; MAX_TOKENS];
    fn size(&self) -> usize {
        self.placements.count()
    }
    fn rank(&self, slots: &[u8; MAX_TOKENS]) -> usize {
        self.placements.rank(slots)
    }
    fn unrank(&self, rank: usize) -> [u8; MAX_TOKENS] {
        let mut slots = [0; MAX_TOKENS];
        self.placements.unrank(rank, &mut slots);
        slots
    }
    fn goals(&self) -> impl IntoIterator<Item = [u8; MAX_TOKENS]> {
        [ALL_MOVES]
    }
    /// Each move is its own inverse: the predecessors are the successors.
    fn predecessors(
        &self,
        slots: &[u8; MAX_TOKENS],
    ) -> impl IntoIterator<Item = ([u8; MAX_TOKENS], u32)> {
        let (slots, k, turnstile) = (*slots, self.placements.items(), self.puzzle.turnstile);
        (0..N).map(move |at| {
            let mut moved = slots;
            for slot in &mut moved[..k] {
                // Offset of the slot into the turnstile, which maps it to the mirror offset.
                let offset = (usize::from(*slot) + N - at) % N;
                if offset < turnstile {
                    *slot = ((at + turnstile - 1 - offset) % N) as u8;
                }
            }
            (moved, 1)
        })
    }
}

/// A pattern database of TopSpin: the exact distance of where the tokens 0 to k − 1 are to
/// where the goal has them. Made by [`TopSpin::pdb`].
///
/// An arrangement whose placement of those tokens cannot reach the goal's is estimated 0
/// (integer costs have no infinity to prune it with).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopSpinPdb<const N: usize> {
    placements: Placements,
    db: PatternDatabase,
}

impl<const N: usize> TopSpinPdb<N> {
    /// The database, indexed by [`rank`](Self::rank).
    pub fn database(&self) -> &PatternDatabase {
        &self.db
    }

    /// The rank of the placement of the database's tokens in `state`.
    #[inline]
    pub fn rank(&self, state: &[u8; N]) -> usize {
        let k = self.placements.items();
        let mut slots = [0u8; MAX_TOKENS];
        for (position, &token) in state.iter().enumerate() {
            if usize::from(token) < k {
                slots[usize::from(token)] = position as u8;
            }
        }
        self.placements.rank(&slots[..k])
    }
}

impl<const N: usize> Heuristic<[u8; N], u32> for TopSpinPdb<N> {
    #[inline]
    fn estimate(&self, state: &[u8; N]) -> u32 {
        u32::from(self.db.distance(self.rank(state)).unwrap_or(0))
    }
}

heuristic_by_reference!([const N: usize,] TopSpinPdb<N>);
