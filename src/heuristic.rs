//! Estimates of the remaining cost: the `Heuristic` trait and its combinators.

use crate::cost::Cost;
use crate::error::InvalidWeight;

/// An estimate h(s) of the cost of the cheapest path from a state to a goal.
///
/// Implemented for every closure `Fn(&S) -> C`, so most heuristics are one line. Every
/// algorithm that takes a heuristic comes in two forms: the short name ([`astar`](crate::astar),
/// [`greedy`](crate::greedy), [`idastar`](crate::idastar), …) takes a closure, whose argument's
/// type it infers from the problem (`|&(x, y)| x + y` compiles as written), and the `_with` twin
/// ([`astar_with`](crate::astar_with), …) takes any value of a type that implements this trait:
/// the ready-made heuristics, [`Max`], [`Weighted`], [`Zero`], pattern databases and your own
/// types. (A closure passed to a parameter bounded by this trait would not learn its argument's
/// type from the bound, so one entry point cannot serve both.)
///
/// When the wrong form is called, the compiler says which is right: a type given to `astar`
/// fails with "`Manhattan` is not a heuristic closure …" and a note naming `astar_with`. The
/// other way round, an unannotated closure given to `astar_with` fails with Rust's own
/// "implementation of `FnOnce` is not general enough", which no library can reword: give that
/// closure to `astar` (or write its argument's type, `|&(x, y): &(i32, i32)| …`, which every
/// form accepts).
///
/// # Combining closures
///
/// [`Max`] and [`Weighted`] take heuristic values, closures among them, but they do not know the
/// problem, so a closure given to them needs its argument's type written out (as in the example
/// below); without it, the compiler reports that `Max<{closure}, {closure}>` is not a heuristic.
/// A closure can also combine closures itself, its type inferred as usual:
/// `informed::astar(&problem, |s| manhattan(s).max(conflicts(s)))`, or
/// `|s| manhattan(s) + pattern(s)` for a sum of estimates that is admissible (an additive
/// pattern database's groups, say).
///
/// The quality of the estimate decides how much work an informed search does (see
/// `docs/choosing.md`):
///
/// - **admissible**: h(s) never exceeds the true remaining cost. [`astar`](crate::astar) then
///   returns an optimal path, even if h is not consistent (it reopens states to do so).
/// - **consistent**: h(s) ≤ cost(s, t) + h(t) for every step s → t, and h(goal) = 0. Consistent
///   implies admissible, and A* then never reopens a state (given costs that add up exactly:
///   see the [`guide`](crate::guide) on float costs).
/// - h = 0 ([`Zero`]) is consistent and turns A* into Dijkstra's algorithm.
///
/// An estimate must not be NaN; the search reports one as
/// [`SearchError::NanEstimate`](crate::SearchError::NanEstimate). An infinite float estimate
/// marks a dead end: the state is pruned, never stored or expanded.
///
/// # Example
///
/// ```
/// use informed::{Heuristic, Max, Zero};
///
/// let manhattan = |&(x, y): &(i64, i64)| x.abs() + y.abs();
/// let chebyshev = |&(x, y): &(i64, i64)| x.abs().max(y.abs());
/// let best = Max::new(manhattan, chebyshev);
/// assert_eq!(best.estimate(&(3, -4)), 7);
/// assert_eq!(Heuristic::<(i64, i64), i64>::estimate(&Zero, &(3, -4)), 0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a heuristic of states `{S}` with costs `{C}`",
    label = "not a `Heuristic<{S}, {C}>`",
    note = "a closure goes to the short form of the call (`astar`, not `astar_with`), which infers its argument's type from the problem",
    note = "a closure inside `Max::new` or `Weighted::new` needs its argument's type written out: `|state: &State| ...`"
)]
pub trait Heuristic<S, C> {
    /// The estimated cost from `state` to the nearest goal.
    fn estimate(&self, state: &S) -> C;

    /// The estimate of `successor`, a successor of `parent` whose estimate was
    /// `parent_estimate`: a way for a heuristic to update its estimate from the step instead of
    /// computing it afresh (the sliding puzzle's [`Manhattan`](crate::puzzle::Manhattan) looks
    /// at the one tile that moved).
    ///
    /// [`idastar`](crate::idastar) calls this instead of [`estimate`](Self::estimate) for every
    /// successor it generates from a parent whose estimate was above zero.
    ///
    /// # Contract
    ///
    /// - `parent_estimate` is exactly what this heuristic returned for `parent` (from
    ///   `estimate` or from `estimate_successor`), before the search raised a negative estimate
    ///   to zero; the search never passes anything else.
    /// - The result must equal `self.estimate(successor)` exactly, for every `parent` and every
    ///   `successor` the problem generates from it: the search treats the two as the same
    ///   function, so a difference changes what it expands, and can make it return a worse path.
    ///
    /// The default computes `self.estimate(successor)`, which meets the contract; combinators
    /// that cannot recover their parts' estimates from `parent_estimate` ([`Max`], [`Weighted`])
    /// keep it.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Heuristic;
    ///
    /// /// The distance to 0 on the integer line, updated by the step instead of recomputed.
    /// struct Distance;
    ///
    /// impl Heuristic<i64, i64> for Distance {
    ///     fn estimate(&self, &n: &i64) -> i64 {
    ///         n.abs()
    ///     }
    ///
    ///     fn estimate_successor(&self, &parent: &i64, h: i64, &successor: &i64) -> i64 {
    ///         // Moving away from 0 adds the step's length, moving towards it takes it away.
    ///         let step = (successor - parent).abs();
    ///         if successor.abs() > parent.abs() { h + step } else { self.estimate(&successor) }
    ///     }
    /// }
    ///
    /// let h = Distance;
    /// assert_eq!(h.estimate_successor(&3, h.estimate(&3), &5), h.estimate(&5));
    /// assert_eq!(h.estimate_successor(&3, h.estimate(&3), &-2), h.estimate(&-2));
    /// ```
    #[inline]
    fn estimate_successor(&self, parent: &S, parent_estimate: C, successor: &S) -> C {
        let _ = (parent, parent_estimate);
        self.estimate(successor)
    }
}

/// A closure computes every estimate afresh ([`estimate_successor`](Heuristic::estimate_successor)
/// is the default); implement the trait on a type of your own to update estimates by the step.
impl<S, C, F: Fn(&S) -> C> Heuristic<S, C> for F {
    #[inline]
    fn estimate(&self, state: &S) -> C {
        self(state)
    }
}

/// A heuristic closure `Fn(&S) -> C`: what the short forms of the algorithms take
/// ([`astar`](crate::astar), [`greedy`](crate::greedy), [`idastar`](crate::idastar), …).
///
/// Implemented for every closure and function of that signature; there is nothing to
/// implement. It is `Fn(&S) -> C` under a name of the crate's own, for two reasons: the
/// closure's argument type is inferred from it as from `Fn` itself (`|&(x, y)| x + y` compiles
/// as written), and when something else is passed the compiler's error says where it belongs —
/// a value of a [`Heuristic`] type goes to the `_with` form of the call
/// ([`astar_with`](crate::astar_with), …).
///
/// # Example
///
/// ```
/// let problem = informed::from_fn(0i32, |&n: &i32| [(n + 1, 1u32), (n - 1, 1)], |&n| n == 7);
/// // The closure's argument, a `&i32`, comes from the problem.
/// let solution = informed::astar(&problem, |&n| 7u32.saturating_sub(n as u32))?;
/// assert_eq!(solution.cost(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a heuristic closure `Fn(&{S}) -> {C}`",
    label = "expected a closure `Fn(&{S}) -> {C}`",
    note = "a value of a `Heuristic` type goes to the `_with` form of the call: `astar_with`, `greedy_with`, `idastar_with`, `weighted_astar_with`, `Search::astar_with`, ..."
)]
pub trait HeuristicFn<S, C>: Fn(&S) -> C {}

impl<S, C, F: Fn(&S) -> C + ?Sized> HeuristicFn<S, C> for F {}

/// Implements `Heuristic` for `&Type`, so that one heuristic value serves many searches without
/// a copy. (A blanket impl for every `&H` would overlap with the impl for closures.)
macro_rules! heuristic_by_reference {
    ($([$($generics:tt)*] $type:ty),* $(,)?) => {$(
        impl<'r, $($generics)* S, C> $crate::heuristic::Heuristic<S, C> for &'r $type
        where
            $type: $crate::heuristic::Heuristic<S, C>,
        {
            #[inline]
            fn estimate(&self, state: &S) -> C {
                (**self).estimate(state)
            }

            #[inline]
            fn estimate_successor(&self, parent: &S, parent_estimate: C, successor: &S) -> C {
                (**self).estimate_successor(parent, parent_estimate, successor)
            }
        }
    )*};
}

pub(crate) use heuristic_by_reference;

heuristic_by_reference!([] Zero, [A, B,] Max<A, B>, [H,] Weighted<H>);

/// The heuristic that estimates zero everywhere: A* with it is Dijkstra's algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Zero;

impl<S, C: Cost> Heuristic<S, C> for Zero {
    #[inline]
    fn estimate(&self, _: &S) -> C {
        C::ZERO
    }
}

/// The larger of two estimates.
///
/// Admissible when both are, consistent when both are, and at least as informed as either: the
/// usual way to combine heuristics that are strong in different parts of the space.
///
/// Its parts are heuristic values: types such as [`puzzle::Manhattan`](crate::puzzle::Manhattan),
/// or closures with their argument's type written out (`Max` does not know the problem, so it
/// cannot infer it). Two closures combine just as well in one closure given to the short form
/// of a call, which infers the type: `informed::astar(&problem, |s| a(s).max(b(s)))`.
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
/// use informed::Max;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// // A type and an annotated closure: the blank's distance from its goal cell, admissible.
/// let blank = |board: &informed::puzzle::Board| {
///     let (from, to) = (puzzle.blank(*board), puzzle.goal_cell(0));
///     ((from % 3).abs_diff(to % 3) + (from / 3).abs_diff(to / 3)) as u32
/// };
/// let solution = informed::astar_with(&problem, Max::new(puzzle.manhattan(), blank))?;
/// assert_eq!(solution.cost(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Max<A, B> {
    first: A,
    second: B,
}

impl<A, B> Max<A, B> {
    /// The heuristic max(first(s), second(s)).
    pub fn new(first: A, second: B) -> Self {
        Max { first, second }
    }
}

impl<S, C, A, B> Heuristic<S, C> for Max<A, B>
where
    C: Cost,
    A: Heuristic<S, C>,
    B: Heuristic<S, C>,
{
    #[inline]
    fn estimate(&self, state: &S) -> C {
        let a = self.first.estimate(state);
        let b = self.second.estimate(state);
        // A NaN on either side must reach the engine's check, not vanish in the comparison.
        if a.is_nan() || b.is_nan() {
            return if a.is_nan() { a } else { b };
        }
        if b > a { b } else { a }
    }

    /// Both parts afresh: the parent's maximum does not say what each part estimated there.
    #[inline]
    fn estimate_successor(&self, _: &S, _: C, successor: &S) -> C {
        self.estimate(successor)
    }
}

/// An estimate multiplied by a weight w, for weighted A*.
///
/// With w > 1 the search trusts the estimate more than the cost already paid: it usually expands
/// far fewer states, and when the inner heuristic is admissible the path it returns costs at most
/// w × the optimal cost. With w = 1 it is the inner heuristic itself; with w below 1 an admissible
/// inner heuristic stays admissible, so the bound is max(1, w) × optimal. Integer estimates are
/// rounded toward zero, which keeps that bound.
///
/// [`Search::weighted_astar`](crate::Search::weighted_astar) and
/// [`weighted_astar`](crate::weighted_astar) wrap a heuristic in this type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weighted<H> {
    inner: H,
    weight: f64,
}

impl<H> Weighted<H> {
    /// The heuristic `weight × inner(s)`.
    ///
    /// `inner` is a heuristic value: a type, or a closure with its argument's type written out
    /// (`Weighted` does not know the problem). For weighted A* with a closure, call
    /// [`weighted_astar`](crate::weighted_astar), which infers it.
    ///
    /// # Panics
    ///
    /// Panics if `weight` is negative or not finite; the fallible
    /// [`Weighted::try_new`] returns the rejected weight instead.
    pub fn new(inner: H, weight: f64) -> Self {
        match Weighted::try_new(inner, weight) {
            Ok(weighted) => weighted,
            Err(error) => panic!("{error}"),
        }
    }

    /// The heuristic `weight × inner(s)`, or an error naming the weight if it is negative, NaN or
    /// infinite.
    pub fn try_new(inner: H, weight: f64) -> Result<Self, InvalidWeight> {
        let weight = InvalidWeight::check(weight)?;
        Ok(Weighted { inner, weight })
    }

    /// The weight w.
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// The unweighted heuristic.
    pub fn inner(&self) -> &H {
        &self.inner
    }
}

impl<S, C: Cost, H: Heuristic<S, C>> Heuristic<S, C> for Weighted<H> {
    #[inline]
    fn estimate(&self, state: &S) -> C {
        self.inner.estimate(state).scale(self.weight)
    }

    /// Afresh: a weighted (rounded) parent estimate does not give back the inner one.
    #[inline]
    fn estimate_successor(&self, _: &S, _: C, successor: &S) -> C {
        self.estimate(successor)
    }
}

/// An estimate that an in-place search updates with each move instead of computing afresh:
/// the heuristics of the [`InPlaceProblem`](crate::InPlaceProblem) searches
/// ([`idastar_in_place_with`](crate::idastar_in_place_with)).
///
/// The search keeps, beside each state of its path, the estimate and a
/// [`Context`](Self::Context): whatever the heuristic needs to update the estimate by a move
/// (the sliding puzzle's [`Manhattan`](crate::puzzle::Manhattan) needs nothing but the sum;
/// the additive pattern databases keep each group's value, so that a move of one tile looks
/// up one group instead of all). [`begin`](Self::begin) computes both for a start;
/// [`update`](Self::update) takes them from a state to its successor. Undoing a move restores
/// the parent's estimate and context, kept on the search's stack: `update` never has to undo.
///
/// How it relates to [`Heuristic`]: `Heuristic` is what the best-first engine and the generic
/// depth-first engine ask of an estimate (a function of the state, with
/// [`estimate_successor`](Heuristic::estimate_successor) as an optional shortcut). A heuristic
/// with no incremental form runs in place through [`Afresh`], which computes every estimate
/// from the state; the closure entry points ([`idastar_in_place`](crate::idastar_in_place))
/// wrap their closure in it. The crate's puzzle heuristics implement both traits.
///
/// # Contract
///
/// The estimate [`update`](Self::update) returns must equal the one [`begin`](Self::begin)
/// would return for the same state: the search treats the two as one function, and a
/// difference changes what it expands (and with an inadmissible result, what it returns).
/// Estimates follow [`Heuristic`]'s rules: not NaN; below zero is taken as zero, infinite
/// prunes.
///
/// # Example
///
/// The gap heuristic of the pancake puzzle (see [`InPlaceProblem`](crate::InPlaceProblem)),
/// updated by a flip: only the pair at the flip's bottom changes.
///
/// ```
/// use informed::IncrementalHeuristic;
///
/// struct Gaps;
///
/// fn gap(a: u8, b: u8) -> u32 {
///     u32::from(a.abs_diff(b) != 1)
/// }
///
/// impl IncrementalHeuristic<[u8; 6], u8, u32> for Gaps {
///     type Context = ();
///
///     fn begin(&self, stack: &[u8; 6]) -> (u32, ()) {
///         let below = stack.iter().skip(1).copied().chain([6]);
///         (stack.iter().zip(below).map(|(&a, b)| gap(a, b)).sum(), ())
///     }
///
///     fn update(&self, stack: &[u8; 6], k: u8, h: u32, _: &mut ()) -> u32 {
///         // After flipping the top k, the pair (stack[k - 1], below) replaced (stack[0], below).
///         let k = usize::from(k);
///         let below = stack.get(k).copied().unwrap_or(6);
///         h + gap(stack[k - 1], below) - gap(stack[0], below)
///     }
/// }
///
/// let mut stack = [3, 0, 5, 1, 4, 2];
/// let (h, mut context) = Gaps.begin(&stack);
/// stack[..4].reverse();
/// assert_eq!(Gaps.update(&stack, 4, h, &mut context), Gaps.begin(&stack).0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an incremental heuristic of states `{S}`, moves `{M}` and costs `{C}`",
    label = "not an `IncrementalHeuristic<{S}, {M}, {C}>`",
    note = "a closure goes to the short form of the call (`idastar_in_place`, not `idastar_in_place_with`)",
    note = "a `Heuristic` with no incremental form runs in place wrapped as `Afresh(heuristic)`"
)]
pub trait IncrementalHeuristic<S, M, C> {
    /// What the heuristic keeps beside each state of the path, besides the estimate; `()` for
    /// most.
    type Context: Clone;

    /// The estimate of `state`, and its context, computed afresh (for each start).
    fn begin(&self, state: &S) -> (C, Self::Context);

    /// The estimate of `state`, just reached by `mv` from a state whose estimate was
    /// `estimate`. `context` is a copy of that state's context, to be brought up to date for
    /// `state`.
    fn update(&self, state: &S, mv: M, estimate: C, context: &mut Self::Context) -> C;

    /// The estimate of the state `mv` leads to from `state`, computed before the move is made,
    /// where the heuristic can (the default: `None`, and the search makes the move and asks
    /// [`update`](Self::update)).
    ///
    /// `state` is the state before the move, `estimate` its estimate and `context` a copy of
    /// its context: on `Some`, `context` must have been brought up to date for the successor,
    /// as [`update`](Self::update) would; on `None` it must be left as it was. The estimate
    /// must equal the one `update` returns for the same move. With the move's cost known too
    /// ([`InPlaceProblem::move_cost`](crate::InPlaceProblem::move_cost)), an in-place search
    /// never makes a move its bound prunes.
    #[inline(always)]
    fn estimate_move(
        &self,
        state: &S,
        mv: M,
        estimate: C,
        context: &mut Self::Context,
    ) -> Option<C> {
        let _ = (state, mv, estimate, context);
        None
    }
}

/// One heuristic value serves many searches without a copy.
impl<S, M, C, H> IncrementalHeuristic<S, M, C> for &H
where
    H: IncrementalHeuristic<S, M, C> + ?Sized,
{
    type Context = H::Context;

    #[inline]
    fn begin(&self, state: &S) -> (C, Self::Context) {
        (**self).begin(state)
    }

    #[inline(always)]
    fn update(&self, state: &S, mv: M, estimate: C, context: &mut Self::Context) -> C {
        (**self).update(state, mv, estimate, context)
    }

    #[inline(always)]
    fn estimate_move(
        &self,
        state: &S,
        mv: M,
        estimate: C,
        context: &mut Self::Context,
    ) -> Option<C> {
        (**self).estimate_move(state, mv, estimate, context)
    }
}

/// A [`Heuristic`] used by an in-place search, computed afresh for every state: the
/// [`IncrementalHeuristic`] of a heuristic that has no incremental form.
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
/// use informed::Afresh;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// // Linear conflict has no incremental form: each successor is estimated from its board.
/// let solution = informed::idastar_in_place_with(&problem, Afresh(puzzle.linear_conflict()))?;
/// assert_eq!(solution.cost(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Afresh<H>(pub H);

impl<S, M, C, H: Heuristic<S, C>> IncrementalHeuristic<S, M, C> for Afresh<H> {
    type Context = ();

    #[inline]
    fn begin(&self, state: &S) -> (C, ()) {
        (self.0.estimate(state), ())
    }

    #[inline]
    fn update(&self, state: &S, _: M, _: C, _: &mut ()) -> C {
        self.0.estimate(state)
    }
}
