//! The `SearchProblem` trait, the closure adapters, and the engine's successor buffer.

use std::fmt;
use std::hash::Hash;

use crate::cost::Cost;

/// A state space to search: where it starts, which states are goals, and how states connect.
///
/// Implement this trait for your own state space; every algorithm of the crate then runs on it.
///
/// - [`State`](Self::State) is stored once per distinct state in the search's node table, so it
///   must be `Clone + Eq + Hash`. Small `Copy` states (coordinates, packed boards) are fastest.
/// - [`Cost`](Self::Cost) is any primitive integer or float (see [`Cost`]).
/// - [`starts`](Self::starts) may yield several states: the search then runs from all of them at
///   once (a multi-source search), each with path cost zero.
/// - [`is_goal`](Self::is_goal) is a predicate, so a problem may have many goals; the search stops
///   at the first goal it expands.
/// - [`successors`](Self::successors) returns each neighbour with the cost of the step to it, as
///   anything iterable over `(state, cost)` pairs: an array, an iterator, an `Option`, a `Vec`.
///
/// # Why an iterator
///
/// The engine calls `successors` once per expansion — millions of times in a large search — and
/// consumes what it returns in place: each successor is stored or compared as it is produced,
/// with nothing written to a buffer and read back. An array or an iterator adaptor allocates
/// nothing; a `Vec` allocates once per expansion, as it would in `pathfinding`. Measured on the
/// 4-peg Tower of Hanoi with packed states, consuming an iterator in place took 16% fewer
/// instructions than filling a reused buffer (`docs/benchmarks.md`).
///
/// Wall time can disagree: a successor iterator that branches unpredictably between items (a
/// `flat_map` over pairs of pegs with a `filter_map` that keeps the legal moves) interleaves
/// its branches with the engine's hash probes, and on BFS over the 4-peg Tower of Hanoi that
/// took twice the time of the same moves collected into an array first and then returned
/// (`array.into_iter().take(n)`); `pathfinding`, which also consumes the iterator in place,
/// took the same twice. If a profile shows the search waiting on the node table, try returning
/// the successors from an array.
///
/// The iterator may borrow `self` and `state`. While it runs the engine stores new states, so it
/// hands `successors` a copy of the state it expands when the state is plain data (no
/// destructor: integers, arrays, tuples of them), and otherwise (a `Vec` board) collects the
/// successors into a reused buffer before storing any, rather than clone the state: neither
/// allocates.
///
/// # Example
///
/// A number line where each step adds one or doubles, reaching 10 from 1:
///
/// ```
/// use informed::SearchProblem;
///
/// struct Doubling {
///     target: u32,
/// }
///
/// impl SearchProblem for Doubling {
///     type State = u32;
///     type Cost = u32;
///
///     fn starts(&self) -> impl IntoIterator<Item = u32> {
///         [1]
///     }
///
///     fn is_goal(&self, n: &u32) -> bool {
///         *n == self.target
///     }
///
///     fn successors(&self, &n: &u32) -> impl IntoIterator<Item = (u32, u32)> {
///         // Each step costs 1; no step goes past the target.
///         [n + 1, n * 2]
///             .into_iter()
///             .filter(move |&next| next <= self.target)
///             .map(|next| (next, 1))
///     }
/// }
///
/// let solution = informed::bfs(&Doubling { target: 10 })?;
/// assert_eq!(solution.path(), &[1, 2, 4, 5, 10]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait SearchProblem {
    /// A state of the space. Stored once per distinct state reached.
    type State: Clone + Eq + Hash;

    /// The type of step costs and path costs.
    type Cost: Cost;

    /// The start states. Most problems have one; several make a multi-source search.
    fn starts(&self) -> impl IntoIterator<Item = Self::State>;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Every successor of `state`, with the cost of the step to it.
    ///
    /// Costs must be non-negative and not NaN; the search reports a bad cost as an error rather
    /// than returning a wrong path. The same state may appear more than once (the cheaper step
    /// wins). Successors must be deterministic: the same state must always yield the same
    /// successors in the same order, or the search's results are not reproducible.
    ///
    /// The iterator must be finite. The searches that store each successor as it comes
    /// (best-first on plain-data states) stop at [`Search::max_stored`](crate::Search::max_stored),
    /// and without it store until memory runs out. The searches that first collect a state's
    /// successors into a buffer take at most so many, and stop with
    /// [`SearchError::LimitReached`](crate::SearchError::LimitReached) when the iterator has
    /// more:
    ///
    /// - [`beam_search`](crate::beam_search), [`hill_climbing`](crate::hill_climbing), and
    ///   [`bfs`](crate::bfs), [`bidirectional_bfs`](crate::bidirectional_bfs) and the best-first
    ///   searches on states that own memory: at most `max_stored` successors of one state
    ///   ([`Limit::StoredStates`](crate::Limit::StoredStates), the buffered successors
    ///   counted as stored), or without it 2^24 (16,777,216,
    ///   [`Limit::Successors`](crate::Limit::Successors));
    /// - the depth-first searches ([`idastar`](crate::idastar), [`iddfs`](crate::iddfs),
    ///   [`depth_first`](crate::depth_first)): at most 2^24 successors of one state
    ///   ([`Limit::Successors`](crate::Limit::Successors)), whatever `max_stored`, which bounds
    ///   their path (counted against it, the successors would stop them where their in-place
    ///   twins, which list moves and not states, go on).
    ///
    /// An iterator whose [`size_hint`](Iterator::size_hint) promises at most that many is
    /// taken whole, uncounted: one that breaks that promise is not caught. The deadline and
    /// the cancel callback are asked between expansions, not while the iterator runs: a state
    /// whose successors take long to list delays them.
    fn successors(
        &self,
        state: &Self::State,
    ) -> impl IntoIterator<Item = (Self::State, Self::Cost)>;

    /// One more than the largest number [`index`](Self::index) gives, for a problem whose
    /// states are numbered densely: each a distinct number below a known bound, such as a grid
    /// cell's `y × width + x` or a graph node's id. `None`, the default, for problems without
    /// such a numbering.
    ///
    /// Where it is `Some` (and at most 2^32), every search with a node table keeps it in
    /// vectors indexed by the number instead of a hash map: the same results, with no hashing
    /// (the speed-up is measured in `docs/benchmarks.md`). The table holds one `u32` per number,
    /// in pages allocated when a search first stores a state among them, behind a directory of
    /// one `u32` per page: a search costs memory and time for the pages it touches, not for the
    /// whole numbering. The pages are small (64 to 4,096 numbers; the rule is in
    /// [`NodeTable::Auto`](crate::NodeTable::Auto)), so that a search whose states are scattered
    /// over a large numbering pays little more for each state than a hash map would. Numberings
    /// beyond 2^32 are hashed, and [`Search::node_table`](crate::Search::node_table) can choose
    /// hashing for any problem.
    ///
    /// The dense table calls [`index`](Self::index) where a hash map would hash the state: once
    /// for each successor. A number made of a few arithmetic operations (a cell's, a node's id)
    /// costs less than the hash and the comparison it replaces; a number that takes a
    /// computation of its own (the rank of a permutation) can cost more, and then the hash map
    /// is the faster table: measure both, with [`NodeTable::Hashed`](crate::NodeTable::Hashed).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{NodeTable, Search, SearchProblem};
    ///
    /// /// The numbers 0..1000, each linked to the next and to its double.
    /// struct Numbers;
    ///
    /// impl SearchProblem for Numbers {
    ///     type State = u32;
    ///     type Cost = u32;
    ///     fn starts(&self) -> impl IntoIterator<Item = u32> { [1] }
    ///     fn is_goal(&self, n: &u32) -> bool { *n == 999 }
    ///     fn successors(&self, &n: &u32) -> impl IntoIterator<Item = (u32, u32)> {
    ///         [n + 1, 2 * n].into_iter().filter(|&next| next < 1000).map(|next| (next, 1))
    ///     }
    ///     fn index_bound(&self) -> Option<usize> { Some(1000) }
    ///     fn index(&self, n: &u32) -> usize { *n as usize }
    /// }
    ///
    /// let dense = informed::bfs(&Numbers)?;
    /// let hashed = Search::new(&Numbers).node_table(NodeTable::Hashed).bfs()?;
    /// assert_eq!(dense, hashed);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn index_bound(&self) -> Option<usize> {
        None
    }

    /// The number of `state` in the problem's dense numbering: below
    /// [`index_bound`](Self::index_bound), and different for different states. Two states with
    /// the same number would be taken for one.
    ///
    /// # Panics
    ///
    /// A search panics, naming the number and the bound, if this gives a number not below
    /// [`index_bound`](Self::index_bound): the implementation breaks its own promise.
    ///
    /// Called only where `index_bound` is `Some`; the default panics, since a problem that
    /// declares a bound must say how it numbers.
    fn index(&self, state: &Self::State) -> usize {
        let _ = state;
        panic!("SearchProblem::index_bound is Some, but SearchProblem::index is not implemented")
    }
}

impl<P: SearchProblem + ?Sized> SearchProblem for &P {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = Self::State> {
        (**self).starts()
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        (**self).is_goal(state)
    }

    #[inline]
    fn successors(
        &self,
        state: &Self::State,
    ) -> impl IntoIterator<Item = (Self::State, Self::Cost)> {
        (**self).successors(state)
    }

    fn index_bound(&self) -> Option<usize> {
        (**self).index_bound()
    }

    #[inline]
    fn index(&self, state: &Self::State) -> usize {
        (**self).index(state)
    }
}

/// A [`SearchProblem`] that can also be searched backward: it names its goal states and gives
/// the predecessors of a state.
///
/// # Example
///
/// A line of numbers, searchable from both ends:
///
/// ```
/// use informed::{Bidirectional, SearchProblem};
///
/// struct Line;
///
/// impl SearchProblem for Line {
///     type State = i32;
///     type Cost = u32;
///     fn starts(&self) -> impl IntoIterator<Item = i32> { [0] }
///     fn is_goal(&self, n: &i32) -> bool { *n == 40 }
///     fn successors(&self, &n: &i32) -> impl IntoIterator<Item = (i32, u32)> {
///         [(n + 1, 1), (n - 1, 1)]
///     }
/// }
///
/// impl Bidirectional for Line {
///     fn goals(&self) -> impl IntoIterator<Item = i32> { [40] }
///     fn predecessors(&self, &n: &i32) -> impl IntoIterator<Item = (i32, u32)> {
///         [(n - 1, 1), (n + 1, 1)]
///     }
/// }
///
/// let both = informed::bidirectional_dijkstra(&Line)?;
/// let one = informed::dijkstra(&Line)?;
/// assert_eq!(both.cost(), 40);
/// assert!(both.stats().expanded < one.stats().expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bidirectional: SearchProblem {
    /// Every goal state: where the backward search starts. Each must satisfy
    /// [`is_goal`](SearchProblem::is_goal).
    fn goals(&self) -> impl IntoIterator<Item = Self::State>;

    /// Every state with a step to `state`, with the cost of that step: the exact reverse of
    /// [`successors`](SearchProblem::successors).
    ///
    /// The backward side of a search follows the predecessors alone. Where they are not the
    /// exact reverse, the search never returns a path that is not one of the successors, nor a
    /// wrong cost: a step of the path it found that the successors lack, or give at another
    /// cost, is reported as [`SearchError::MissingStep`](crate::SearchError::MissingStep). A
    /// step the predecessors leave out is never taken backward, so the search may then return
    /// a dearer path than the optimum, or [`SearchError::NoPath`](crate::SearchError::NoPath).
    fn predecessors(
        &self,
        state: &Self::State,
    ) -> impl IntoIterator<Item = (Self::State, Self::Cost)>;
}

impl<P: Bidirectional + ?Sized> Bidirectional for &P {
    fn goals(&self) -> impl IntoIterator<Item = Self::State> {
        (**self).goals()
    }

    #[inline]
    fn predecessors(
        &self,
        state: &Self::State,
    ) -> impl IntoIterator<Item = (Self::State, Self::Cost)> {
        (**self).predecessors(state)
    }
}

/// A reused buffer of successors with their step costs, for the searches that read a state's
/// successors more than once or out of order (depth-first, beam, hill climbing).
///
/// It is filled from [`SearchProblem::successors`] and kept across expansions, so it does not
/// allocate once it has grown to the largest branching factor.
pub(crate) struct Successors<S, C> {
    items: Vec<(S, C)>,
}

impl<S, C> Successors<S, C> {
    /// An empty buffer.
    pub(crate) fn new() -> Self {
        Successors { items: Vec::new() }
    }

    /// Replaces the contents with `successors`, keeping the capacity, taking at most `room` of
    /// them: returns whether they all fitted (`false`: the iterator had more, and is dropped
    /// unfinished, so that an endless one ends here).
    ///
    /// Decided once, before any successor is taken: an iterator whose
    /// [`size_hint`](Iterator::size_hint) promises at most `room` (an array, a slice mapped, a
    /// filter over one) is taken whole and uncounted by [`fill`](Self::fill), the buffer's
    /// plain fill; any other is counted against `room` by [`fill_counted`](Self::fill_counted),
    /// out of line. Where the compiler knows the bound (the puzzle's successors, at most four
    /// from a count in a byte), the test and the counted fill are compiled away.
    ///
    /// Always inlined, and the two fills kept apart, so that the loop it is inlined into (the
    /// copying depth-first engine's, once per expansion) sees only the plain fill, as it did
    /// before the cap: with the test and the counted fill in one function, that function grew
    /// past what the compiler inlines, and the copying IDA* on Korf's instance #62 ran 7% more
    /// instructions.
    #[inline(always)]
    pub(crate) fn fill_at_most(
        &mut self,
        successors: impl IntoIterator<Item = (S, C)>,
        room: usize,
    ) -> bool {
        let successors = successors.into_iter();
        if successors.size_hint().1.is_some_and(|most| most <= room) {
            self.fill(successors);
            return true;
        }
        self.fill_counted(successors, room)
    }

    /// Replaces the contents with `successors`, keeping the capacity, every one of them: for
    /// an iterator that promised to fit (see [`fill_at_most`](Self::fill_at_most)).
    #[inline]
    fn fill(&mut self, successors: impl Iterator<Item = (S, C)>) {
        self.items.clear();
        self.items.extend(successors);
    }

    /// [`fill_at_most`](Self::fill_at_most) for an iterator that does not promise to fit:
    /// each successor counted against `room`.
    #[inline(never)]
    fn fill_counted(&mut self, mut successors: impl Iterator<Item = (S, C)>, room: usize) -> bool {
        self.items.clear();
        self.items.extend(successors.by_ref().take(room));
        self.items.len() < room || successors.next().is_none()
    }

    /// [`fill_at_most`](Self::fill_at_most) one successor at a time, never inlined: for the
    /// copying IDA*'s loops with pathmax, so that they share no fill with the loop without,
    /// whose fill the compiler inlines only while that loop is its one caller.
    #[inline(never)]
    pub(crate) fn fill_one_at_a_time(
        &mut self,
        successors: impl IntoIterator<Item = (S, C)>,
        room: usize,
    ) -> bool {
        self.items.clear();
        for pair in successors {
            if self.items.len() == room {
                return false;
            }
            self.items.push(pair);
        }
        true
    }

    /// The number of successors held.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// The successors held, in order, with their step costs.
    pub(crate) fn as_slice(&self) -> &[(S, C)] {
        &self.items
    }

    /// Removes repeated states, each keeping its cheapest step (a NaN step, so that the search
    /// reports it) in the place of its first push: "the cheaper step wins" for searches that
    /// take successors in order without a node table.
    ///
    /// **O(n)** when every step costs the same (repeats then change no cost, and are left), and
    /// **O(n²)** otherwise.
    ///
    /// Always inlined, into the copying depth-first engine's loops (one for each pathmax rule
    /// of IDA*): called from three places, the compiler stopped inlining it.
    #[inline(always)]
    pub(crate) fn merge_repeats(&mut self)
    where
        S: Eq,
        C: Cost,
    {
        let Some(&(_, first)) = self.items.first() else {
            return;
        };
        if self
            .items
            .iter()
            .all(|&(_, cost)| cost.order(first).is_eq() && !cost.is_nan())
        {
            return;
        }
        self.merge_mixed_repeats();
    }

    /// [`merge_repeats`](Self::merge_repeats) once the steps are known not to cost the same.
    #[inline(never)]
    fn merge_mixed_repeats(&mut self)
    where
        S: Eq,
        C: Cost,
    {
        let mut i = 0;
        while i < self.items.len() {
            let mut j = i + 1;
            while j < self.items.len() {
                if self.items[j].0 == self.items[i].0 {
                    let (_, cost) = self.items.remove(j);
                    let kept = &mut self.items[i].1;
                    if !kept.is_nan() && (cost.is_nan() || cost.order(*kept).is_lt()) {
                        *kept = cost;
                    }
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
    }

    pub(crate) fn drain(&mut self) -> std::vec::Drain<'_, (S, C)> {
        self.items.drain(..)
    }
}

impl<S: fmt::Debug, C: fmt::Debug> fmt::Debug for Successors<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.items).finish()
    }
}

/// A [`SearchProblem`] made of closures, for one-off searches.
///
/// Built by [`from_fn`]; see there for an example.
#[derive(Clone)]
pub struct FnProblem<S, FN, FG> {
    starts: Vec<S>,
    successors: FN,
    is_goal: FG,
}

/// Builds a [`SearchProblem`] from a start state and two closures, in the shape `pathfinding`
/// users know.
///
/// # Arguments
///
/// - `start`: the start state.
/// - `successors`: returns the neighbours of a state with the cost of each step, as anything
///   iterable over `(state, cost)` pairs. An array or an iterator avoids allocating; a `Vec` works
///   too.
/// - `is_goal`: whether a state is a goal.
///
/// The result runs on the same engine as any other problem, with every algorithm and option.
/// [`FnProblem::with_starts`] gives a search several start states.
///
/// # Example
///
/// Moving from `pathfinding::directed::astar::astar` takes the same closures:
///
/// ```
/// let goal = (4, 6);
/// let problem = informed::from_fn(
///     (1, 1),
///     |&(x, y): &(i32, i32)| {
///         [(x + 1, y + 2), (x + 1, y - 2), (x - 1, y + 2), (x - 1, y - 2),
///          (x + 2, y + 1), (x + 2, y - 1), (x - 2, y + 1), (x - 2, y - 1)]
///             .map(|p| (p, 1))
///     },
///     |&p| p == goal,
/// );
/// let heuristic = |&(x, y): &(i32, i32)| ((goal.0 - x).abs() + (goal.1 - y).abs()) / 3;
/// let solution = informed::astar(&problem, heuristic)?;
/// assert_eq!(solution.cost(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn<S, C, I, FN, FG>(start: S, successors: FN, is_goal: FG) -> FnProblem<S, FN, FG>
where
    S: Clone + Eq + Hash,
    C: Cost,
    I: IntoIterator<Item = (S, C)>,
    FN: Fn(&S) -> I,
    FG: Fn(&S) -> bool,
{
    FnProblem {
        starts: vec![start],
        successors,
        is_goal,
    }
}

impl<S, FN, FG> FnProblem<S, FN, FG> {
    /// Replaces the start state with several start states (a multi-source search).
    pub fn with_starts<I: IntoIterator<Item = S>>(mut self, starts: I) -> Self {
        self.starts = starts.into_iter().collect();
        self
    }
}

impl<S, C, I, FN, FG> SearchProblem for FnProblem<S, FN, FG>
where
    S: Clone + Eq + Hash,
    C: Cost,
    I: IntoIterator<Item = (S, C)>,
    FN: Fn(&S) -> I,
    FG: Fn(&S) -> bool,
{
    type State = S;
    type Cost = C;

    fn starts(&self) -> impl IntoIterator<Item = S> {
        self.starts.iter().cloned()
    }

    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }

    #[inline]
    fn successors(&self, state: &S) -> impl IntoIterator<Item = (S, C)> {
        (self.successors)(state)
    }
}

impl<S: fmt::Debug, FN, FG> fmt::Debug for FnProblem<S, FN, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnProblem")
            .field("starts", &self.starts)
            .finish_non_exhaustive()
    }
}

/// A [`SearchProblem`] made of closures in which every step costs 1, for one-off searches over
/// plain successor lists.
///
/// Built by [`from_fn_unit`]; see there for an example.
#[derive(Clone)]
pub struct UnitFnProblem<S, FN, FG> {
    starts: Vec<S>,
    successors: FN,
    is_goal: FG,
}

/// Builds a [`SearchProblem`] in which every step costs 1 from a start state, a closure that
/// lists a state's neighbours and a goal test: the shape of `pathfinding::directed::bfs::bfs`.
///
/// # Arguments
///
/// - `start`: the start state.
/// - `successors`: returns the neighbours of a state, as anything iterable over states (an
///   array, an iterator or a `Vec`). Each step costs 1.
/// - `is_goal`: whether a state is a goal.
///
/// The cost type is `u32`: a path's cost is its number of steps. A path longer than `u32::MAX`
/// steps is reported as [`SearchError::Overflow`](crate::SearchError::Overflow).
/// [`UnitFnProblem::with_starts`] gives a search several start states.
///
/// # Example
///
/// Moving from `pathfinding::directed::bfs::bfs` takes the same closures:
///
/// ```
/// // The Collatz-style walk: halve an even number, or go from n to 3n + 1.
/// let problem = informed::from_fn_unit(
///     6u64,
///     |&n: &u64| if n % 2 == 0 { vec![n / 2, 3 * n + 1] } else { vec![3 * n + 1] },
///     |&n| n == 1,
/// );
/// let solution = informed::bfs(&problem)?;
/// assert_eq!(solution.path(), [6, 3, 10, 5, 16, 8, 4, 2, 1]);
/// assert_eq!(solution.cost(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn_unit<S, I, FN, FG>(start: S, successors: FN, is_goal: FG) -> UnitFnProblem<S, FN, FG>
where
    S: Clone + Eq + Hash,
    I: IntoIterator<Item = S>,
    FN: Fn(&S) -> I,
    FG: Fn(&S) -> bool,
{
    UnitFnProblem {
        starts: vec![start],
        successors,
        is_goal,
    }
}

impl<S, FN, FG> UnitFnProblem<S, FN, FG> {
    /// Replaces the start state with several start states (a multi-source search).
    pub fn with_starts<I: IntoIterator<Item = S>>(mut self, starts: I) -> Self {
        self.starts = starts.into_iter().collect();
        self
    }
}

impl<S, I, FN, FG> SearchProblem for UnitFnProblem<S, FN, FG>
where
    S: Clone + Eq + Hash,
    I: IntoIterator<Item = S>,
    FN: Fn(&S) -> I,
    FG: Fn(&S) -> bool,
{
    type State = S;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = S> {
        self.starts.iter().cloned()
    }

    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }

    #[inline]
    fn successors(&self, state: &S) -> impl IntoIterator<Item = (S, u32)> {
        (self.successors)(state).into_iter().map(|next| (next, 1))
    }
}

impl<S: fmt::Debug, FN, FG> fmt::Debug for UnitFnProblem<S, FN, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UnitFnProblem")
            .field("starts", &self.starts)
            .finish_non_exhaustive()
    }
}

/// A [`SearchProblem`] and [`Bidirectional`] made of closures: one start, one goal, the
/// successors and the predecessors of a state with the cost of each step.
///
/// Built by [`from_fn_bidirectional`]; see there for an example.
#[derive(Clone)]
pub struct BidirectionalFnProblem<S, FN, FP> {
    start: S,
    goal: S,
    successors: FN,
    predecessors: FP,
}

/// Builds a problem searchable from both ends from a start state, a goal state and two
/// closures: the successors of a state and its predecessors, each with the cost of the step. The
/// shape of `pathfinding::directed::bfs::bfs_bidirectional`, with costs.
///
/// # Arguments
///
/// - `start`: the start state.
/// - `goal`: the one goal state; [`is_goal`](SearchProblem::is_goal) compares a state with it.
/// - `successors`: the states one step after a state, with the cost of each step, as anything
///   iterable over `(state, cost)` pairs (an array, an iterator or a `Vec`).
/// - `predecessors`: the states one step before a state, with the cost of each step: the exact
///   reverse of `successors` (`predecessors(b)` gives `(a, c)` exactly when `successors(a)` gives
///   `(b, c)`). The backward side of [`bidirectional_dijkstra`](crate::bidirectional_dijkstra)
///   and [`bidirectional_bfs`](crate::bidirectional_bfs) follows it alone; a step of the path
///   they return that is not among the successors, or costs another amount there, is reported as
///   [`SearchError::MissingStep`](crate::SearchError::MissingStep) rather than returned. A
///   step missing from `predecessors` cannot be seen, and may lose the optimum.
///
/// # Returns
///
/// A [`BidirectionalFnProblem`], which implements [`SearchProblem`] and [`Bidirectional`]: the
/// one-sided algorithms run on it too, and ignore `predecessors`.
///
/// # Complexity
///
/// **O(1)**: the closures are stored, not called.
///
/// # Example
///
/// Closures only, as in `pathfinding`'s docs: from 1 to 10 by adding 1 (cost 2) or doubling
/// (cost 1), and back by subtracting 1 or halving an even number:
///
/// ```
/// let problem = informed::from_fn_bidirectional(
///     1,
///     10,
///     |&n| [(n + 1, 2), (2 * n, 1)],
///     |&n| {
///         let halved = (n % 2 == 0).then_some((n / 2, 1));
///         [(n - 1, 2)].into_iter().chain(halved)
///     },
/// );
/// let both = informed::bidirectional_dijkstra(&problem)?;
/// assert_eq!(both.path(), [1, 2, 4, 5, 10]);
/// assert_eq!(both.cost(), 5);
/// assert_eq!(both.cost(), informed::dijkstra(&problem)?.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A named state type, on a ring of eight positions:
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// struct Seat(u8);
///
/// let problem = informed::from_fn_bidirectional(
///     Seat(0),
///     Seat(5),
///     |&Seat(n)| [(Seat((n + 1) % 8), 1u32), (Seat((n + 7) % 8), 1)],
///     |&Seat(n)| [(Seat((n + 7) % 8), 1u32), (Seat((n + 1) % 8), 1)],
/// );
/// let solution = informed::bidirectional_bfs(&problem)?;
/// assert_eq!(solution.path(), [Seat(0), Seat(7), Seat(6), Seat(5)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn_bidirectional<S, C, I, J, FN, FP>(
    start: S,
    goal: S,
    successors: FN,
    predecessors: FP,
) -> BidirectionalFnProblem<S, FN, FP>
where
    S: Clone + Eq + Hash,
    C: Cost,
    I: IntoIterator<Item = (S, C)>,
    J: IntoIterator<Item = (S, C)>,
    FN: Fn(&S) -> I,
    FP: Fn(&S) -> J,
{
    BidirectionalFnProblem {
        start,
        goal,
        successors,
        predecessors,
    }
}

impl<S, C, I, J, FN, FP> SearchProblem for BidirectionalFnProblem<S, FN, FP>
where
    S: Clone + Eq + Hash,
    C: Cost,
    I: IntoIterator<Item = (S, C)>,
    J: IntoIterator<Item = (S, C)>,
    FN: Fn(&S) -> I,
    FP: Fn(&S) -> J,
{
    type State = S;
    type Cost = C;

    fn starts(&self) -> impl IntoIterator<Item = S> {
        [self.start.clone()]
    }

    fn is_goal(&self, state: &S) -> bool {
        *state == self.goal
    }

    #[inline]
    fn successors(&self, state: &S) -> impl IntoIterator<Item = (S, C)> {
        (self.successors)(state)
    }
}

impl<S, C, I, J, FN, FP> Bidirectional for BidirectionalFnProblem<S, FN, FP>
where
    S: Clone + Eq + Hash,
    C: Cost,
    I: IntoIterator<Item = (S, C)>,
    J: IntoIterator<Item = (S, C)>,
    FN: Fn(&S) -> I,
    FP: Fn(&S) -> J,
{
    fn goals(&self) -> impl IntoIterator<Item = S> {
        [self.goal.clone()]
    }

    #[inline]
    fn predecessors(&self, state: &S) -> impl IntoIterator<Item = (S, C)> {
        (self.predecessors)(state)
    }
}

impl<S: fmt::Debug, FN, FP> fmt::Debug for BidirectionalFnProblem<S, FN, FP> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BidirectionalFnProblem")
            .field("start", &self.start)
            .field("goal", &self.goal)
            .finish_non_exhaustive()
    }
}

/// A [`SearchProblem`] and [`Bidirectional`] made of closures in which every step costs 1: one
/// start, one goal, the successors and the predecessors of a state.
///
/// Built by [`from_fn_unit_bidirectional`]; see there for an example.
#[derive(Clone)]
pub struct UnitBidirectionalFnProblem<S, FN, FP> {
    start: S,
    goal: S,
    successors: FN,
    predecessors: FP,
}

/// Builds a problem searchable from both ends, in which every step costs 1, from a start state, a
/// goal state and two closures listing the successors and the predecessors of a state: the shape
/// of `pathfinding::directed::bfs::bfs_bidirectional`.
///
/// # Arguments
///
/// - `start`: the start state.
/// - `goal`: the one goal state; [`is_goal`](SearchProblem::is_goal) compares a state with it.
/// - `successors`: the states one step after a state, as anything iterable over states (an
///   array, an iterator or a `Vec`). Each step costs 1.
/// - `predecessors`: the states one step before a state: the exact reverse of `successors`
///   (`predecessors(b)` holds `a` exactly when `successors(a)` holds `b`). The backward side of
///   [`bidirectional_bfs`](crate::bidirectional_bfs) and
///   [`bidirectional_dijkstra`](crate::bidirectional_dijkstra) follows it alone; a step of the
///   path they return that is not among the successors is reported as
///   [`SearchError::MissingStep`](crate::SearchError::MissingStep) rather than returned. A step
///   missing from `predecessors` cannot be seen, and may lose the shortest path.
///
/// # Returns
///
/// A [`UnitBidirectionalFnProblem`] with `u32` costs (a path's cost is its number of steps),
/// which implements [`SearchProblem`] and [`Bidirectional`]: the one-sided algorithms run on it
/// too, and ignore `predecessors`. A path longer than `u32::MAX` steps is reported as
/// [`SearchError::Overflow`](crate::SearchError::Overflow).
///
/// # Complexity
///
/// **O(1)**: the closures are stored, not called.
///
/// # Example
///
/// Closures only, as `pathfinding::directed::bfs::bfs_bidirectional` takes them: from 1 to 10 by
/// adding 1 or doubling, and back by subtracting 1 or halving an even number. No closure
/// argument needs a type:
///
/// ```
/// let problem = informed::from_fn_unit_bidirectional(
///     1,
///     10,
///     |&n| [n + 1, 2 * n],
///     |&n| if n % 2 == 0 { vec![n - 1, n / 2] } else { vec![n - 1] },
/// );
/// let solution = informed::bidirectional_bfs(&problem)?;
/// assert_eq!(solution.steps(), 4);
/// assert_eq!(solution.steps(), informed::bfs(&problem)?.steps());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A named state type and a named function: a knight's moves, each its own reverse, so the
/// same function gives the successors and the predecessors:
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// struct Square {
///     file: i8,
///     rank: i8,
/// }
///
/// fn knight_moves(&Square { file, rank }: &Square) -> Vec<Square> {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(|(df, dr)| Square { file: file + df, rank: rank + dr })
///         .filter(|s| (0..8).contains(&s.file) && (0..8).contains(&s.rank))
///         .collect()
/// }
///
/// let corner = Square { file: 0, rank: 0 };
/// let opposite = Square { file: 7, rank: 7 };
/// let problem =
///     informed::from_fn_unit_bidirectional(corner, opposite, knight_moves, knight_moves);
/// let solution = informed::bidirectional_bfs(&problem)?;
/// assert_eq!(solution.steps(), 6);
/// assert_eq!(solution.path().first(), Some(&corner));
/// assert_eq!(solution.path().last(), Some(&opposite));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_fn_unit_bidirectional<S, I, J, FN, FP>(
    start: S,
    goal: S,
    successors: FN,
    predecessors: FP,
) -> UnitBidirectionalFnProblem<S, FN, FP>
where
    S: Clone + Eq + Hash,
    I: IntoIterator<Item = S>,
    J: IntoIterator<Item = S>,
    FN: Fn(&S) -> I,
    FP: Fn(&S) -> J,
{
    UnitBidirectionalFnProblem {
        start,
        goal,
        successors,
        predecessors,
    }
}

impl<S, I, J, FN, FP> SearchProblem for UnitBidirectionalFnProblem<S, FN, FP>
where
    S: Clone + Eq + Hash,
    I: IntoIterator<Item = S>,
    J: IntoIterator<Item = S>,
    FN: Fn(&S) -> I,
    FP: Fn(&S) -> J,
{
    type State = S;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = S> {
        [self.start.clone()]
    }

    fn is_goal(&self, state: &S) -> bool {
        *state == self.goal
    }

    #[inline]
    fn successors(&self, state: &S) -> impl IntoIterator<Item = (S, u32)> {
        (self.successors)(state).into_iter().map(|next| (next, 1))
    }
}

impl<S, I, J, FN, FP> Bidirectional for UnitBidirectionalFnProblem<S, FN, FP>
where
    S: Clone + Eq + Hash,
    I: IntoIterator<Item = S>,
    J: IntoIterator<Item = S>,
    FN: Fn(&S) -> I,
    FP: Fn(&S) -> J,
{
    fn goals(&self) -> impl IntoIterator<Item = S> {
        [self.goal.clone()]
    }

    #[inline]
    fn predecessors(&self, state: &S) -> impl IntoIterator<Item = (S, u32)> {
        (self.predecessors)(state).into_iter().map(|next| (next, 1))
    }
}

impl<S: fmt::Debug, FN, FP> fmt::Debug for UnitBidirectionalFnProblem<S, FN, FP> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UnitBidirectionalFnProblem")
            .field("start", &self.start)
            .field("goal", &self.goal)
            .finish_non_exhaustive()
    }
}
