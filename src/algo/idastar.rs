//! IDA*: depth-first searches bounded by f = g + h, in memory linear in the path.

use crate::engine::depth_first::{Bound, Prober};
use crate::engine::in_place::Walker;
use crate::heuristic::{Afresh, Heuristic, HeuristicFn, IncrementalHeuristic};
use crate::in_place::{InPlace, InPlaceProblem};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// IDA*: depth-first searches bounded by f = g + h, the bound raised each time to the least f
/// that exceeded it, until a goal is found.
///
/// It returns what [`astar`](crate::astar) returns — a least-cost path, given an admissible
/// heuristic — but keeps only the current path in memory instead of every state seen. That is
/// what solves 15-puzzles whose A* open set would not fit in memory. The price is re-expansion:
/// each iteration repeats the previous ones' work, and states reachable by several paths are
/// expanded once per path (only cycles along the current path are cut).
///
/// With an admissible heuristic that is not consistent (the larger of several lookups on some
/// states only, or one lookup chosen state by state), [`Search::pathmax`] with
/// [`Pathmax::Bidirectional`](crate::Pathmax::Bidirectional) (BPMX) carries a large estimate
/// to the neighbours of the state that has it and backs up from a state as soon as one of its
/// successors shows its f exceeds the bound; see [`Pathmax`](crate::Pathmax) for what is
/// raised and when. Off by default, and then exactly the search without it.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative. Steps of cost zero are fine,
///   cycles of them included, with every [`CycleCheck`](crate::CycleCheck) (see there for the
///   guard that keeps them from trapping a probe).
/// - `heuristic`: a closure giving an admissible estimate (see [`astar`](crate::astar)); the
///   better it is, the fewer iterations and expansions. For a heuristic that is a type, such as
///   the puzzle's, which update their estimate by the move, call [`idastar_with`].
///
/// # Returns
///
/// The [`Solution`](crate::Solution): a least-cost path, its cost and the [`Stats`](crate::Stats),
/// where `expanded`, `generated` and `pruned` add up all iterations, `iterations` counts them,
/// `stored` is the deepest path held and `max_open` the peak of the stack (the successors
/// generated and not yet explored; see [`Stats`](crate::Stats)), and
/// `expanded_before_last_layer` the expansions of the iterations before the last. Each
/// iteration starts with an [`Event::Iteration`](crate::Event::Iteration) and ends with an
/// [`Event::IterationEnd`](crate::Event::IterationEnd) carrying its bound and its own counts;
/// between them an observer sees each `Expand`, but no `Generate` (see
/// [`Event`](crate::Event)). The counts follow Korf's conventions after the conversion in
/// [`counting`](crate::counting).
///
/// # Errors
///
/// [`SearchError::NoPath`](crate::SearchError::NoPath) when an iteration cuts nothing off and finds
/// no goal, the limit and bad-input errors of [`astar`](crate::astar). Note that on an infinite
/// space without a goal, IDA* only stops at a limit.
///
/// # Complexity
///
/// **O(d)** space for a path of d steps (plus one successor buffer per level). Time depends on
/// how f-values are distributed: with few distinct values (unit costs, integer heuristics) each
/// iteration costs about b^s times the one before, b the effective branching factor and s the
/// step by which the bound rises, and the total is a small multiple of A*'s; with many
/// distinct values it can approach one iteration per node. On the 15-puzzle with Manhattan
/// distance the bound rises by 2 (a move changes f by 0 or 2) and each iteration expands about
/// 6 times the nodes of the one before (5.9 to 7.2 on Korf's instance 1, whose 9 iterations
/// expand 140 M nodes; [`Event::IterationEnd`](crate::Event::IterationEnd) gives the counts).
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::new(4, 4)?;
/// let problem = puzzle.problem(puzzle.parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")?)?;
/// let solution = informed::idastar_with(&problem, puzzle.linear_conflict())?;
/// assert_eq!(solution.cost(), 9);
/// assert!(solution.stats().iterations >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// An inconsistent heuristic, Manhattan distance on some boards and the misplaced tiles on the
/// others, with BPMX:
///
/// ```
/// use informed::puzzle::{Board, SlidingPuzzle};
/// use informed::{CycleCheck, Heuristic, Pathmax, Search};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// let (manhattan, misplaced) = (puzzle.manhattan(), puzzle.misplaced());
/// let h = |board: &Board| match manhattan.estimate(board) {
///     even if even % 2 == 0 => even,
///     _ => misplaced.estimate(board),
/// };
/// let solution = Search::new(&problem)
///     .cycle_check(CycleCheck::Parent)
///     .pathmax(Pathmax::Bidirectional)
///     .idastar(h)?;
/// assert_eq!(solution.cost(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree search", *Artificial
/// Intelligence* 27 (1985), 97–109.
pub fn idastar<P, F>(problem: &P, heuristic: F) -> SearchResult<P>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).idastar_with(heuristic)
}

/// [`idastar`] with a heuristic of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why the
/// closures and the types have an entry point each.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: the estimate, as for [`idastar`].
///
/// # Returns
///
/// As for [`idastar`].
///
/// # Errors
///
/// As for [`idastar`].
///
/// # Complexity
///
/// As for [`idastar`].
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let board = puzzle.parse("8 6 7 2 5 4 3 0 1")?;
/// // Manhattan updates its estimate from the one tile that moved.
/// let solution = informed::idastar_with(&puzzle.problem(board)?, puzzle.manhattan())?;
/// assert_eq!(solution.steps(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn idastar_with<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).idastar_with(heuristic)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`idastar`](crate::idastar) with this search's options, with a closure heuristic.
    ///
    /// # Errors
    ///
    /// As for [`idastar`](crate::idastar).
    pub fn idastar<F: HeuristicFn<P::State, P::Cost>>(self, heuristic: F) -> SearchResult<P> {
        self.idastar_with(heuristic)
    }

    /// Runs [`idastar_with`](crate::idastar_with) with this search's options (the cost bound prunes as
    /// well; `max_stored` bounds the path's length).
    ///
    /// # Errors
    ///
    /// As for [`idastar`](crate::idastar).
    pub fn idastar_with<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> SearchResult<P> {
        let mut prober = Prober::new(self.into_setup()?, heuristic);
        let Some(first) = prober.least_start_estimate()? else {
            return prober.deepen(Bound::Depth(0), |_, _| None);
        };
        prober.deepen(Bound::Cost(first), |_, least| least.map(Bound::Cost))
    }
}

/// IDA* on a problem that moves in place ([`InPlaceProblem`]): one state, changed by each move
/// and its undo, as a hand-written IDA* does, with a closure heuristic computed afresh for
/// every state.
///
/// The same algorithm as [`idastar`], with the same bounds, limits, statistics, observer
/// events and errors, and on the sliding puzzle the same expansions, each cheaper since no
/// successor is copied (on the 15-puzzle with Manhattan distance updated by the move, through
/// [`idastar_in_place_with`], 42% of the copying engine's instructions an expansion;
/// `docs/benchmarks.md`). For an estimate updated by the move, call
/// [`idastar_in_place_with`]; a problem that keeps a table of its moves and a fixed cost, with
/// a heuristic that estimates a move before it is made, saves the most (see
/// [`InPlaceProblem`]).
///
/// [`Search::pathmax`] raises inconsistent estimates as in [`idastar`] (pathmax, or BPMX for a
/// problem whose moves can be undone at the same cost); the heuristic's updates still start
/// from its own estimates, and the loop without it is the one that runs when it is off.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative (zero-cost cycles are
///   handled as by [`idastar`]).
/// - `heuristic`: an admissible estimate, as for [`idastar`].
///
/// # Returns
///
/// As for [`idastar`]: a least-cost path (replayed from its start), its cost and the
/// [`Stats`](crate::Stats), counted by the same definitions, moves counting as the successors
/// they lead to. One difference: the copying engine merges a state listed twice into its
/// cheaper step, where this one takes the moves as listed.
///
/// # Errors
///
/// As for [`idastar`].
///
/// # Complexity
///
/// As for [`idastar`]; memory is one state, plus one move buffer, one move and the heuristic's
/// context a level (and a copy of each state on the path with
/// [`CycleCheck::Path`](crate::CycleCheck::Path), the default of a [`Search`]: choose
/// [`CycleCheck::Parent`](crate::CycleCheck::Parent) with a problem that names
/// [`inverse`](InPlaceProblem::inverse)s for speed).
///
/// # Example
///
/// The pancake puzzle of [`InPlaceProblem`]'s example, sorted with the gap heuristic:
///
/// ```
/// use informed::{InPlaceProblem, Moves};
///
/// struct Pancakes([u8; 5]);
///
/// impl InPlaceProblem for Pancakes {
///     type State = [u8; 5];
///     type Move = u8;
///     type Cost = u32;
///     fn starts(&self) -> impl IntoIterator<Item = [u8; 5]> { [self.0] }
///     fn is_goal(&self, s: &[u8; 5]) -> bool { *s == [0, 1, 2, 3, 4] }
///     fn moves(&self, _: &[u8; 5], out: &mut Moves<'_, u8>) { out.extend(2..=5) }
///     fn apply(&self, s: &mut [u8; 5], k: u8) -> u32 { s[..usize::from(k)].reverse(); 1 }
///     fn undo(&self, s: &mut [u8; 5], k: u8) { s[..usize::from(k)].reverse() }
/// }
///
/// let gaps = |s: &[u8; 5]| {
///     let below = s.iter().skip(1).copied().chain([5]);
///     s.iter().zip(below).filter(|&(&a, b)| a.abs_diff(b) != 1).count() as u32
/// };
/// let solution = informed::idastar_in_place(&Pancakes([4, 2, 0, 3, 1]), gaps)?;
/// assert_eq!(solution.path().last(), Some(&[0, 1, 2, 3, 4]));
/// assert_eq!(solution.cost(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The inconsistent heuristic of [`idastar`]'s example, with BPMX, on a board changed in place
/// (the puzzle's moves are undone by the opposite slide, at the same cost):
///
/// ```
/// use informed::puzzle::{Board, SlidingPuzzle};
/// use informed::{CycleCheck, Heuristic, Pathmax, Search};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// let (manhattan, misplaced) = (puzzle.manhattan(), puzzle.misplaced());
/// let h = |board: &Board| match manhattan.estimate(board) {
///     even if even % 2 == 0 => even,
///     _ => misplaced.estimate(board),
/// };
/// let solution = Search::new(&problem)
///     .cycle_check(CycleCheck::Parent)
///     .pathmax(Pathmax::Bidirectional)
///     .idastar_in_place(h)?;
/// assert_eq!(solution.cost(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree search", *Artificial
/// Intelligence* 27 (1985), 97–109.
pub fn idastar_in_place<P, F>(problem: &P, heuristic: F) -> SearchResult<InPlace<&P>>
where
    P: InPlaceProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(&InPlace::new(problem)).idastar_in_place(heuristic)
}

/// [`idastar_in_place`] with an [`IncrementalHeuristic`]: an estimate updated by each move
/// (the puzzle's [`Manhattan`](crate::puzzle::Manhattan) looks at the tile that moved), or
/// any [`Heuristic`] computed afresh through [`Afresh`](crate::Afresh).
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: the estimate, as for [`idastar_in_place`].
///
/// # Returns
///
/// As for [`idastar_in_place`].
///
/// # Errors
///
/// As for [`idastar`].
///
/// # Complexity
///
/// As for [`idastar_in_place`].
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
/// use informed::{CycleCheck, InPlace, Search};
///
/// let puzzle = SlidingPuzzle::new(4, 4)?;
/// let problem = puzzle.problem(puzzle.parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")?)?;
/// // One board, changed in place; no move back to the parent.
/// let solution = Search::new(&InPlace::new(problem))
///     .cycle_check(CycleCheck::Parent)
///     .idastar_in_place_with(puzzle.manhattan())?;
/// assert_eq!(solution.cost(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn idastar_in_place_with<P, H>(problem: &P, heuristic: H) -> SearchResult<InPlace<&P>>
where
    P: InPlaceProblem,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost>,
{
    Search::new(&InPlace::new(problem)).idastar_in_place_with(heuristic)
}

impl<P: InPlaceProblem, O: Observer<P::State, P::Cost>> Search<'_, InPlace<P>, O> {
    /// Runs [`idastar_in_place`](crate::idastar_in_place) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`idastar`](crate::idastar).
    pub fn idastar_in_place<F: HeuristicFn<P::State, P::Cost>>(
        self,
        heuristic: F,
    ) -> SearchResult<InPlace<P>> {
        self.idastar_in_place_with(Afresh(heuristic))
    }

    /// Runs [`idastar_in_place_with`](crate::idastar_in_place_with) with this search's options
    /// (the cost bound prunes as well; `max_stored` bounds the path's length).
    ///
    /// # Errors
    ///
    /// As for [`idastar`](crate::idastar).
    pub fn idastar_in_place_with<H>(self, heuristic: H) -> SearchResult<InPlace<P>>
    where
        H: IncrementalHeuristic<P::State, P::Move, P::Cost>,
    {
        let mut walker = Walker::new(self.into_setup()?, heuristic);
        let Some(first) = walker.least_start_estimate()? else {
            return walker.deepen(Bound::Depth(0), |_, _| None);
        };
        walker.deepen(Bound::Cost(first), |_, least| least.map(Bound::Cost))
    }
}

/// The in-place IDA* of a problem that is both a [`SearchProblem`] and an [`InPlaceProblem`]
/// with the same states and costs (the sliding puzzle's
/// [`PuzzleProblem`](crate::puzzle::PuzzleProblem)): `Search::new(&problem)` runs it directly,
/// as the free functions do, where a problem that only moves in place goes through
/// `Search::new(&InPlace::new(problem))`. The same search either way.
impl<P, O> Search<'_, P, O>
where
    P: SearchProblem
        + InPlaceProblem<State = <P as SearchProblem>::State, Cost = <P as SearchProblem>::Cost>,
    O: Observer<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
{
    /// Runs [`idastar_in_place`](crate::idastar_in_place) with this search's options, on a
    /// problem that is also a [`SearchProblem`].
    ///
    /// # Errors
    ///
    /// As for [`idastar`](crate::idastar).
    pub fn idastar_in_place<F>(self, heuristic: F) -> SearchResult<P>
    where
        F: HeuristicFn<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
    {
        self.idastar_in_place_with(Afresh(heuristic))
    }

    /// Runs [`idastar_in_place_with`](crate::idastar_in_place_with) with this search's options,
    /// on a problem that is also a [`SearchProblem`].
    ///
    /// ```
    /// use informed::puzzle::SlidingPuzzle;
    /// use informed::{CycleCheck, Search};
    ///
    /// let puzzle = SlidingPuzzle::new(4, 4)?;
    /// let problem = puzzle.problem(puzzle.parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")?)?;
    /// let solution = Search::new(&problem)
    ///     .cycle_check(CycleCheck::Parent)
    ///     .idastar_in_place_with(puzzle.manhattan())?;
    /// assert_eq!(solution.cost(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As for [`idastar`](crate::idastar).
    pub fn idastar_in_place_with<H>(self, heuristic: H) -> SearchResult<P>
    where
        H: IncrementalHeuristic<
                <P as SearchProblem>::State,
                <P as InPlaceProblem>::Move,
                <P as SearchProblem>::Cost,
            >,
    {
        let view = InPlace::new(self.problem());
        self.on(&view).idastar_in_place_with(heuristic)
    }
}
