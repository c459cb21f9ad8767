//! The `InPlaceProblem` trait, for state spaces searched by changing one state in place, and
//! the `InPlace` view that lets every other algorithm search them too.

use std::fmt;
use std::hash::Hash;

use crate::cost::Cost;
use crate::problem::SearchProblem;

/// A state space whose moves change one state in place and can be undone: the way a tuned
/// IDA* (Korf's, or the sliding-puzzle solver every textbook shows) walks its tree.
///
/// [`SearchProblem`] hands out new states, which the depth-first engine must copy into a
/// buffer per level and read back. A problem that moves in place lets
/// [`idastar_in_place`](crate::idastar_in_place), [`iddfs_in_place`](crate::iddfs_in_place)
/// and [`depth_first_in_place`](crate::depth_first_in_place) keep **one** state: they list a
/// state's moves, [`apply`](Self::apply) one, search below, and [`undo`](Self::undo) it. On the
/// 15-puzzle with Manhattan distance that is 58% fewer instructions an expansion than copying
/// (285 against 675 on Korf's instance 79, with the optional answers below); with pattern
/// databases, whose estimate the move updates
/// ([`IncrementalHeuristic`](crate::IncrementalHeuristic)), 2.1 to 2.8 times less search time
/// (`docs/benchmarks.md`, "In-place IDA*").
///
/// - [`Move`](Self::Move) is a small `Copy` value naming one move of a state (a cell, an
///   index, a pair of them), whatever lets `apply` and `undo` do their work without searching.
/// - [`moves`](Self::moves) pushes the moves of a state into a buffer the engine reuses: no
///   expansion allocates once the buffers have grown.
/// - [`apply`](Self::apply) makes a move and returns its cost; [`undo`](Self::undo) takes it
///   back, leaving the state exactly as it was.
/// - [`inverse`](Self::inverse), optional, names the move that undoes a move: with
///   [`CycleCheck::Parent`](crate::CycleCheck::Parent) the engine then skips the move back to
///   the parent by comparing moves, without comparing or even keeping states.
/// - [`move_table`](Self::move_table), [`fixed_cost`](Self::fixed_cost) and
///   [`move_cost`](Self::move_cost), optional, let the searches try moves straight from a
///   table the problem keeps, check a cost once, and know a move's cost before making it:
///   with an estimate known before the move too
///   ([`IncrementalHeuristic::estimate_move`](crate::IncrementalHeuristic::estimate_move)),
///   a move the bound prunes is never made. They change the work, never the outcome: the same
///   path, counts, events and errors.
///
/// Every other algorithm of the crate searches such a problem through the [`InPlace`] view, a
/// [`SearchProblem`] whose successors are copies of the state with one move applied.
///
/// # Example
///
/// The pancake puzzle: a stack of pancakes of different sizes, sorted by flipping the top k
/// (reversing them), each flip costing 1. A flip is its own inverse.
///
/// ```
/// use informed::{InPlace, InPlaceProblem, Moves};
///
/// struct Pancakes {
///     start: [u8; 6],
/// }
///
/// impl InPlaceProblem for Pancakes {
///     type State = [u8; 6];
///     type Move = u8; // flip the top `k` pancakes
///     type Cost = u32;
///
///     fn starts(&self) -> impl IntoIterator<Item = [u8; 6]> {
///         [self.start]
///     }
///
///     fn is_goal(&self, stack: &[u8; 6]) -> bool {
///         stack.windows(2).all(|pair| pair[0] < pair[1])
///     }
///
///     fn moves(&self, _: &[u8; 6], out: &mut Moves<'_, u8>) {
///         out.extend(2..=6);
///     }
///
///     fn apply(&self, stack: &mut [u8; 6], k: u8) -> u32 {
///         stack[..usize::from(k)].reverse();
///         1
///     }
///
///     fn undo(&self, stack: &mut [u8; 6], k: u8) {
///         stack[..usize::from(k)].reverse();
///     }
///
///     fn inverse(&self, k: u8) -> Option<u8> {
///         Some(k)
///     }
///
///     // Optional: the flips are the same for every stack, and each costs 1.
///     fn move_table(&self, _: &[u8; 6]) -> Option<&[u8]> {
///         Some(&[2, 3, 4, 5, 6])
///     }
///
///     fn fixed_cost(&self) -> Option<u32> {
///         Some(1)
///     }
/// }
///
/// // The gap heuristic: every pair of neighbours that are not neighbours in size (the plate
/// // below the stack counts as size 6) needs a flip to separate them.
/// let gaps = |stack: &[u8; 6]| {
///     let below = stack.iter().skip(1).copied().chain([6]);
///     stack.iter().zip(below).filter(|&(&a, b)| a.abs_diff(b) != 1).count() as u32
/// };
/// let problem = Pancakes { start: [3, 0, 5, 1, 4, 2] };
/// let solution = informed::idastar_in_place(&problem, gaps)?;
/// assert!(problem.is_goal(solution.path().last().unwrap()));
///
/// // The same problem through the copying view, with the generic IDA*: the same cost.
/// let generic = informed::idastar(&InPlace::new(&problem), gaps)?;
/// assert_eq!(solution.cost(), generic.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait InPlaceProblem {
    /// A state of the space. Only the in-place searches' paths and the [`InPlace`] view's
    /// successors copy it.
    type State: Clone + Eq + Hash;

    /// One move of a state: small and `Copy`, since the engine keeps one per level of the path.
    type Move: Copy + Eq;

    /// The type of step costs and path costs.
    type Cost: Cost;

    /// The start states. Most problems have one; several make a multi-source search.
    fn starts(&self) -> impl IntoIterator<Item = Self::State>;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Pushes every move of `state` into `out`, in the order they are to be tried.
    ///
    /// Moves must be deterministic: the same state must always give the same moves.
    fn moves(&self, state: &Self::State, out: &mut Moves<'_, Self::Move>);

    /// Makes `mv`, one of the moves [`moves`](Self::moves) gave for `state`, and returns its
    /// cost. Costs must be non-negative and not NaN; the searches report a bad one as an error.
    fn apply(&self, state: &mut Self::State, mv: Self::Move) -> Self::Cost;

    /// Takes back `mv`, the move last applied to `state`: afterwards `state` must equal what it
    /// was before [`apply`](Self::apply), or the search explores states that are not there.
    fn undo(&self, state: &mut Self::State, mv: Self::Move);

    /// The move that undoes `mv` from the state `mv` leads to, where there is one and it is
    /// cheap to name (the default: `None`).
    ///
    /// With [`CycleCheck::Parent`](crate::CycleCheck::Parent), an in-place search skips the
    /// inverse of the move that led to a state, before applying it: the parent is never
    /// compared, or kept. Without an inverse it keeps the last two states of the path and
    /// compares each successor with them, as the generic engine does.
    ///
    /// The inverse must lead back to the state `mv` was applied to, or a path through it is
    /// wrongly skipped (and the search may miss the optimum). Name inverses for all moves or
    /// for none: the search asks one move whether the problem has them, and a move whose
    /// inverse is `None` then goes unpruned.
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move> {
        let _ = mv;
        None
    }

    /// The moves of `state` as a slice the problem keeps, where it has one (the default:
    /// `None`, and the searches list moves through [`moves`](Self::moves)).
    ///
    /// Many problems have a fixed table of moves: every flip of the pancake puzzle, every
    /// turn of a cube, the cells next to the sliding puzzle's blank (a table per cell). An
    /// in-place search then tries the moves straight from the table, level by level, instead
    /// of copying them onto its stack and reading them back.
    ///
    /// The slice must hold the moves [`moves`](Self::moves) pushes for `state`, in the same
    /// order. Give a table for all states or for none: the searches ask the first start once
    /// per search whether the problem has one, and a state whose table is `None` then has no
    /// moves.
    #[inline(always)]
    fn move_table(&self, state: &Self::State) -> Option<&[Self::Move]> {
        let _ = state;
        None
    }

    /// The cost of every move, where all moves cost the same (the default: `None`).
    ///
    /// A search checks a fixed cost once (not NaN, not below zero) and, with a cost bound, that
    /// no path within the bound can overflow by one more step, instead of checking every sum;
    /// and it knows a move's cost before applying it (see [`move_cost`](Self::move_cost)).
    /// [`apply`](Self::apply) must return the same cost.
    #[inline(always)]
    fn fixed_cost(&self) -> Option<Self::Cost> {
        None
    }

    /// The cost of `mv` from `state`, known without applying it, where the problem can say
    /// (the default: [`fixed_cost`](Self::fixed_cost)).
    ///
    /// When both the cost and the heuristic's estimate of a move
    /// ([`IncrementalHeuristic::estimate_move`](crate::IncrementalHeuristic::estimate_move))
    /// are known before it is made, a search never applies (and undoes) a move that its bound
    /// prunes. The cost must be the one [`apply`](Self::apply) returns for the move.
    #[inline(always)]
    fn move_cost(&self, state: &Self::State, mv: Self::Move) -> Option<Self::Cost> {
        let _ = (state, mv);
        self.fixed_cost()
    }
}

impl<P: InPlaceProblem + ?Sized> InPlaceProblem for &P {
    type State = P::State;
    type Move = P::Move;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = Self::State> {
        (**self).starts()
    }

    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        (**self).is_goal(state)
    }

    #[inline(always)]
    fn moves(&self, state: &Self::State, out: &mut Moves<'_, Self::Move>) {
        (**self).moves(state, out)
    }

    #[inline(always)]
    fn apply(&self, state: &mut Self::State, mv: Self::Move) -> Self::Cost {
        (**self).apply(state, mv)
    }

    #[inline(always)]
    fn undo(&self, state: &mut Self::State, mv: Self::Move) {
        (**self).undo(state, mv)
    }

    #[inline]
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move> {
        (**self).inverse(mv)
    }

    #[inline(always)]
    fn move_table(&self, state: &Self::State) -> Option<&[Self::Move]> {
        (**self).move_table(state)
    }

    #[inline(always)]
    fn fixed_cost(&self) -> Option<Self::Cost> {
        (**self).fixed_cost()
    }

    #[inline(always)]
    fn move_cost(&self, state: &Self::State, mv: Self::Move) -> Option<Self::Cost> {
        (**self).move_cost(state, mv)
    }
}

/// Where [`InPlaceProblem::moves`] pushes the moves of a state: the end of a stack the
/// in-place engine keeps for the whole path (the moves of every level not yet tried), so that
/// listing moves copies nothing and allocates nothing once the stack has grown. A move can
/// only be added: the moves of the levels above stay as they were.
///
/// # Example
///
/// ```
/// use informed::Moves;
///
/// let mut buffer = vec![9u8];
/// let mut moves = Moves::new(&mut buffer);
/// moves.push(2);
/// moves.extend([3, 4]);
/// assert_eq!(moves.len(), 3);
/// assert_eq!(buffer, [9, 2, 3, 4]);
/// ```
#[derive(Debug)]
pub struct Moves<'a, M> {
    stack: &'a mut Vec<M>,
    start: usize,
}

impl<'a, M> Moves<'a, M> {
    /// Moves pushed onto the end of `stack` (what is already in it stays, and is not counted).
    pub fn new(stack: &'a mut Vec<M>) -> Self {
        let start = stack.len();
        Moves { stack, start }
    }

    /// Adds `mv`.
    ///
    /// Computes in **O(1)** amortised time.
    #[inline(always)]
    pub fn push(&mut self, mv: M) {
        self.stack.push(mv);
    }

    /// The number of moves pushed so far.
    pub fn len(&self) -> usize {
        self.stack.len() - self.start
    }

    /// Whether no move has been pushed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves pushed so far, in order.
    pub fn as_slice(&self) -> &[M] {
        &self.stack[self.start..]
    }
}

impl<M> Extend<M> for Moves<'_, M> {
    #[inline]
    fn extend<I: IntoIterator<Item = M>>(&mut self, iter: I) {
        self.stack.extend(iter);
    }
}

/// An [`InPlaceProblem`] seen as a [`SearchProblem`]: each successor is a copy of the state with
/// one move applied. Every algorithm of the crate then searches it (A*, BFS, the generic
/// [`idastar`](crate::idastar), …), and a [`Search`](crate::Search) of it also runs the
/// in-place searches ([`Search::idastar_in_place`](crate::Search::idastar_in_place)) with its
/// limits, observer and cycle check.
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
/// use informed::{CycleCheck, InPlace, Search};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let problem = InPlace::new(puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?);
/// let astar = informed::astar_with(&problem, puzzle.manhattan())?;
/// let in_place = Search::new(&problem)
///     .cycle_check(CycleCheck::Parent)
///     .max_expansions(10_000_000)
///     .idastar_in_place_with(puzzle.manhattan())?;
/// assert_eq!(astar.cost(), 31);
/// assert_eq!(in_place.cost(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct InPlace<P> {
    problem: P,
}

impl<P> InPlace<P> {
    /// The view of `problem` (or of `&problem`: a reference to an in-place problem is one).
    pub fn new(problem: P) -> Self {
        InPlace { problem }
    }

    /// The problem seen.
    pub fn get(&self) -> &P {
        &self.problem
    }

    /// The problem seen, given back.
    pub fn into_inner(self) -> P {
        self.problem
    }
}

impl<P: fmt::Debug> fmt::Debug for InPlace<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("InPlace").field(&self.problem).finish()
    }
}

/// Each successor is the state cloned and one move applied; the moves come in the problem's
/// order. Listing them allocates one small buffer an expansion: the copying view is for the
/// algorithms that need states, not for speed.
impl<P: InPlaceProblem> SearchProblem for InPlace<P> {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = Self::State> {
        self.problem.starts()
    }

    #[inline]
    fn is_goal(&self, state: &Self::State) -> bool {
        self.problem.is_goal(state)
    }

    fn successors(
        &self,
        state: &Self::State,
    ) -> impl IntoIterator<Item = (Self::State, Self::Cost)> {
        let mut moves = Vec::new();
        self.problem.moves(state, &mut Moves::new(&mut moves));
        moves.into_iter().map(move |mv| {
            let mut next = state.clone();
            let cost = self.problem.apply(&mut next, mv);
            (next, cost)
        })
    }
}
