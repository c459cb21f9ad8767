//! The in-place depth-first engine behind [`idastar_in_place`](crate::idastar_in_place),
//! [`iddfs_in_place`](crate::iddfs_in_place) and
//! [`depth_first_in_place`](crate::depth_first_in_place): one state, changed by a move on the
//! way down and by its undo on the way back, as a hand-written IDA* does.
//!
//! A [`Walker`] keeps the current path as a stack of frames (g, the estimate and the
//! heuristic's context, the level's moves and the next one to try). Where the problem keeps a
//! table of each state's moves ([`InPlaceProblem::move_table`]), a frame holds that slice and
//! an index into it; otherwise each expansion pushes its state's moves onto one stack of moves
//! ([`Moves`]), leaving a level drops them, and a frame holds where its moves lie on that
//! stack. Either way the move that led to a level is the one before its parent's next. The
//! state itself is one value. An explicit stack, so that deep searches cannot overflow the call
//! stack. The path's states are kept only where the cycle check compares states
//! ([`CycleCheck::Path`], or [`CycleCheck::Parent`] for a problem without
//! [`inverse`](crate::InPlaceProblem::inverse)); a path handed back (a solution, or the best
//! path at a limit) is replayed from its start.
//!
//! Where both a move's cost ([`InPlaceProblem::move_cost`]) and its estimate
//! ([`IncrementalHeuristic::estimate_move`]) are known before the move, and no cycle check needs
//! the state it leads to, the bound judges the move before it is made: a move it prunes is
//! never applied and undone. What the problem answers once for the whole search (whether it
//! names inverses, keeps a table, has a fixed cost) is asked once ([`Answers`]). Whether any
//! limit can stop an expansion is decided once too ([`Walker::lean`]): where none can, the loop
//! is compiled without their checks, and the cap on stored states is asked only when the path
//! grows past its longest ([`Walker::frames`]). IDA* with a fixed step cost runs a loop of its
//! own ([`Walker::fast`]).
//!
//! The bounds, limits, counts and errors are those of the copying engine
//! ([`depth_first`](super::depth_first)), shared with it: an expansion counts every move the
//! problem lists as generated and puts it on the stack whose peak is `max_open`; taking a move
//! up (entering it, or refusing it) takes it off. A move judged before it is made is counted,
//! checked and reported as one made and judged. The one difference: moves are taken as
//! listed, where the copying engine merges a state listed twice into its cheapest step.
//!
//! For parallel IDA* (`super::parallel`), a walker can also [split](Walker::splitting) its
//! sweeps, handing over the nodes it enters at a depth instead of expanding them, and another
//! walker can [search one of them](Walker::probe_subtree) with the path from the start put back
//! as it was: the same checks and counts, shared by the threads. A walker that
//! [shares](Walker::sharing) gives the untried moves of a node of its path to another, which
//! [searches them](Walker::probe_piece) below the same path put back.

use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::engine::depth_first::{
    Bound, Held, PATHMAX_BPMX, PATHMAX_FORWARD, PATHMAX_OFF, POLL_INTERVAL, Probe, Sweeps,
    backs_up, beyond, cut_in_sweep, deepen, pathmax_rule, raised_by, search_within, step_cost,
};
use crate::engine::options::{CycleCheck, Pathmax};
use crate::engine::table::sound_step;
use crate::error::{Limit, SearchError};
use crate::heuristic::IncrementalHeuristic;
use crate::in_place::{InPlace, InPlaceProblem, Moves};
use crate::observer::{Event, Observer};
use crate::progress::{Partial, Stats};
use crate::solution::Solution;

type Failure<P> = SearchError<<P as InPlaceProblem>::State, <P as InPlaceProblem>::Cost>;
type Outcome<P> =
    Result<Solution<<P as InPlaceProblem>::State, <P as InPlaceProblem>::Cost>, Failure<P>>;

/// One level of the current path.
struct Frame<'a, C, M, X> {
    g: C,
    /// The estimate as the heuristic gave it (what its next update starts from); see
    /// [`clamped`] for the one the bound compares.
    h: C,
    /// The level's moves where the problem keeps a table (empty where the moves are on the
    /// walker's stack of moves).
    table: &'a [M],
    /// The next move of this level to try (an index into `table`, or into the stack of moves):
    /// after a level below is entered, the one after the move that led there.
    next: usize,
    /// Where this level's moves end (in `table`, or on the stack of moves).
    end: usize,
    /// The moves waiting on the levels above, and the starts not yet taken: what
    /// [`Stats::max_open`](crate::Stats::max_open) counts besides this level's own moves.
    waiting: usize,
    /// The move not to try here: the inverse of the one that led here, with parent pruning
    /// by moves.
    skip: Option<M>,
    /// The heuristic's context at this level.
    context: X,
}

/// The move that led from `frame` to the level below it (a frame with a level below).
#[inline]
fn taken<C, M: Copy, X>(frame: &Frame<'_, C, M, X>, stack: &[M]) -> M {
    // A frame whose moves come from a table has a move left to take from it.
    match frame.table.get(frame.next - 1) {
        Some(&mv) => mv,
        None => stack[frame.next - 1],
    }
}

/// The moves of `frame` not tried yet: in its table (`table`), or on `stack`.
#[cfg(feature = "rayon")]
fn untried<'f, C, M, X>(frame: &'f Frame<'_, C, M, X>, stack: &'f [M], table: bool) -> &'f [M] {
    if table {
        frame.table.get(frame.next..).unwrap_or(&[])
    } else {
        stack.get(frame.next..frame.end).unwrap_or(&[])
    }
}

/// An estimate below zero taken as zero, as [`Control::estimate`] takes it.
#[inline(always)]
fn clamped<C: Cost>(h: C) -> C {
    if h.is_below_zero() { C::ZERO } else { h }
}

/// What a walker asks its problem once, for the whole search: shared by the walkers of
/// parallel IDA*.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Answers<C> {
    /// Whether the problem names the inverse of its moves ([`InPlaceProblem::inverse`]): asked
    /// of the first move of its first start that has one. (A move whose inverse is `None` then
    /// has its parent unpruned: still correct, the search only does more work.)
    inverses: bool,
    /// Whether it keeps a table of each state's moves ([`InPlaceProblem::move_table`]): asked
    /// of its first start.
    table: bool,
    /// Its fixed step cost ([`InPlaceProblem::fixed_cost`]), where it declares one that is
    /// neither NaN nor below zero: checked here once rather than on every step.
    fixed: Option<C>,
}

/// What `problem` answers once for a search (see [`Answers`]).
pub(crate) fn answers<P: InPlaceProblem>(problem: &P) -> Answers<P::Cost> {
    let fixed = problem
        .fixed_cost()
        .filter(|cost| !cost.is_nan() && !cost.is_below_zero());
    let mut table = None;
    let mut inverses = None;
    let mut moves = Vec::new();
    for start in problem.starts() {
        table.get_or_insert_with(|| problem.move_table(&start).is_some());
        moves.clear();
        problem.moves(&start, &mut Moves::new(&mut moves));
        if let Some(&mv) = moves.first() {
            inverses = Some(problem.inverse(mv).is_some());
            break;
        }
    }
    Answers {
        inverses: inverses.unwrap_or(false),
        table: table.unwrap_or(false),
        fixed,
    }
}

/// An in-place depth-first search in progress.
pub(crate) struct Walker<
    'a,
    P: InPlaceProblem,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost>,
    O,
> {
    problem: &'a P,
    heuristic: H,
    observer: O,
    control: Control<'a, P::Cost>,
    cycle_check: CycleCheck,
    /// Whether IDA* raises estimates by pathmax or BPMX (see [`Pathmax`]).
    pathmax: Pathmax,
    /// With pathmax, for each level of the path, its estimate as raised (the frames keep the
    /// heuristic's own, which its next update starts from) and the cost of the step that led
    /// to it (which BPMX takes off when the level raises its parent's).
    raised: Vec<(P::Cost, P::Cost)>,
    /// Whether [`CycleCheck::Parent`] compares moves with the problem's inverse rather than
    /// states.
    parent_by_move: bool,
    /// Whether the states of the path are kept in `history`, for a cycle check that compares
    /// them.
    keep_states: bool,
    /// Whether the moves come from the problem's table rather than the stack of moves.
    table: bool,
    /// Whether nothing but the bounds can stop an expansion or a level: no expansion cap, no
    /// cap on stored states, no deadline, no cancel callback, no split, and no states kept for
    /// the cycle check. Decided once, for the search: its sweeps then run a loop compiled
    /// without any of those checks (see [`descend`](Self::descend)).
    lean: bool,
    /// The problem's fixed step cost, checked (see [`Answers::fixed`]).
    fixed: Option<P::Cost>,
    /// The start of the current probe, from which a path is replayed.
    root: Option<P::State>,
    /// The current path, one frame a level: the first [`len`](Self::len). The frames beyond
    /// are left from longer paths and written over, so that the vector's length is the
    /// longest path held so far: the count of states held at once that the cap on stored
    /// states has allowed ([`Control::admit`]), and [`Stats::stored`](crate::Stats::stored).
    /// A path only grows one level at a time, so the cap is asked only when a path grows
    /// beyond every earlier one, by the same comparison that finds the frame to write.
    frames: Vec<Frame<'a, P::Cost, P::Move, H::Context>>,
    /// The number of levels of the current path.
    len: usize,
    /// The moves of every level of the path, the top level's last, where the problem keeps no
    /// table.
    stack: Vec<P::Move>,
    /// The states of the path, where `keep_states`.
    history: Vec<P::State>,
    /// Expansions left before the limits must be asked again.
    countdown: u64,
    /// The depth at which a node is handed over as a subtree instead of expanded (see
    /// [`Walker::splitting`]); `usize::MAX` for a walker that expands everything.
    split: usize,
    /// The subtrees handed over so far, where `split` is a depth.
    frontier: Frontier<P::Move>,
    /// Which start the current probe began from (its index in the sweep's starts).
    start_index: usize,
    /// The path held when the bound first cut a node off, in a sweep that keeps it (see
    /// [`Held`]).
    held: Held<P::State, P::Cost>,
    /// What the current probe has cut off so far. In the walker rather than in a local of the
    /// loop, which only the nodes refused change: kept out of the loop's registers.
    cut: Probe<P::Cost>,
    /// What the fast loop of [`descend`](Self::descend) has cut off so far (see [`refuse`]),
    /// added to `cut` when the probe ends.
    least: Option<P::Cost>,
    /// Where a walker of parallel IDA* gives away untried moves when another waits for work
    /// (see [`sharing`](Self::sharing)).
    #[cfg(feature = "rayon")]
    share: Option<&'a dyn Share<P::Move>>,
    /// Expansions left before `share` is asked again whether a walker waits for work.
    #[cfg(feature = "rayon")]
    share_in: u32,
    /// How many expansions apart `share` is asked.
    #[cfg(feature = "rayon")]
    share_every: u32,
    /// Whether nothing but the bounds, the deadline and the cancel callback can stop an
    /// expansion (no expansion cap, no cap on stored states, no states kept for the cycle
    /// check): a walker that [polls](Self::sharing) for the two then runs the lean loop.
    #[cfg(feature = "rayon")]
    pollable: bool,
    /// Whether the walker [polls](Self::sharing): runs the lean loop below the pieces it is
    /// given, and asks the limits every `share_every` expansions.
    #[cfg(feature = "rayon")]
    polled: bool,
}

/// How often a walker that [shares](Walker::sharing) asks whether another walker waits for
/// work, by default: every this many expansions. Rare enough to cost nothing measurable, often
/// enough that a waiting walker gets work within microseconds.
#[cfg(feature = "rayon")]
pub(crate) const SHARE_INTERVAL: u32 = 256;

/// What a walker of parallel IDA* gives away ([`Walker::sharing`]): the untried moves of one
/// node of its path, to be tried by another walker ([`Walker::probe_piece`]).
#[cfg(feature = "rayon")]
pub(crate) struct Piece<M> {
    /// The moves from the walker's start to the node.
    pub(crate) path: Vec<M>,
    /// Where the moves given begin in the node's table, where the problem keeps one.
    pub(crate) first: usize,
    /// The moves given, in the order the walker would have tried them: all the node's moves
    /// it had not tried.
    pub(crate) moves: Vec<M>,
}

/// Where a walker gives away work (see [`Walker::sharing`]).
#[cfg(feature = "rayon")]
pub(crate) trait Share<M> {
    /// Whether a walker waits for work: asked every few hundred expansions (see
    /// [`SHARE_INTERVAL`]), so it must be cheap.
    fn wanted(&self) -> bool;
    /// Takes the moves given away.
    fn give(&self, piece: Piece<M>);
}

/// The subtrees a splitting walker ([`Walker::splitting`]) handed over, in the order of the
/// depth-first search: each the index of its start and the moves from that start to its root.
pub(crate) struct Frontier<M> {
    /// Every subtree's moves, one after the other.
    moves: Vec<M>,
    /// For each subtree, its start's index and where its moves end in `moves`.
    ends: Vec<(usize, usize)>,
}

impl<M> Frontier<M> {
    fn new() -> Self {
        Frontier {
            moves: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// The number of subtrees.
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Subtree `i`: the index of its start and the moves from there to its root.
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn get(&self, i: usize) -> (usize, &[M]) {
        let (start, end) = self.ends[i];
        let begin = i.checked_sub(1).map_or(0, |up| self.ends[up].1);
        (start, &self.moves[begin..end])
    }
}

impl<P, H, O> Sweeps<P::State, P::Cost> for Walker<'_, P, H, O>
where
    P: InPlaceProblem,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    fn sweep<const HOLD: bool>(
        &mut self,
        starts: &[P::State],
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        match pathmax_rule(self.pathmax, bound) {
            PATHMAX_OFF => self.sweep_plain::<HOLD>(starts, bound),
            rule => self.sweep_pathmax::<HOLD>(rule, starts, bound),
        }
    }

    fn solution(&self) -> Outcome<P> {
        let cost = self
            .path_frames()
            .last()
            .map_or(P::Cost::ZERO, |frame| frame.g);
        let path = self.replayed()?;
        Ok(Solution::new(path, cost, self.control.stats()))
    }

    fn no_path(&mut self) -> Failure<P> {
        self.control.no_path()
    }

    fn depth_reached(&self, bound: Bound<P::Cost>) -> Failure<P> {
        let limit = Limit::Depth(match bound {
            Bound::Depth(d) => d,
            Bound::Cost(_) => 0,
        });
        self.control.limit_reached(limit, self.held.clone())
    }

    fn begin_iteration(&mut self) {
        let number = self.control.count_iteration();
        self.observer.observe(Event::Iteration { number });
    }

    fn stats(&self) -> Stats {
        self.control.stats()
    }

    fn tell(&mut self, event: Event<'_, P::State, P::Cost>) {
        self.observer.observe(event);
    }
}

impl<'a, P, H, O> Walker<'a, P, H, O>
where
    P: InPlaceProblem,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    pub(crate) fn new(setup: Setup<'a, InPlace<P>, O>, heuristic: H) -> Self {
        let answers = answers(setup.problem.get());
        Self::with_answers(setup, heuristic, answers)
    }

    /// [`new`](Self::new), with what the problem answers once ([`answers`], asked once for
    /// walkers of the same problem).
    pub(crate) fn with_answers(
        setup: Setup<'a, InPlace<P>, O>,
        heuristic: H,
        answers: Answers<P::Cost>,
    ) -> Self {
        let cycle_check = setup.options.cycle_check;
        let problem = setup.problem.get();
        let parent_by_move = cycle_check == CycleCheck::Parent && answers.inverses;
        let keep_states = match cycle_check {
            CycleCheck::Path => true,
            CycleCheck::Parent => !parent_by_move,
            _ => false,
        };
        let options = &setup.options;
        let lean = options.max_expansions.is_none()
            && options.max_stored.is_none()
            && options.stop_at.is_none()
            && !setup.control.has_cancel()
            && !keep_states;
        Walker {
            problem,
            heuristic,
            observer: setup.observer,
            control: setup.control,
            cycle_check,
            pathmax: options.pathmax,
            raised: Vec::new(),
            parent_by_move,
            keep_states,
            table: answers.table,
            lean,
            fixed: answers.fixed,
            root: None,
            frames: Vec::new(),
            len: 0,
            stack: Vec::new(),
            history: Vec::new(),
            countdown: 0,
            split: usize::MAX,
            frontier: Frontier::new(),
            start_index: 0,
            held: None,
            cut: Probe::Exhausted,
            least: None,
            #[cfg(feature = "rayon")]
            share: None,
            #[cfg(feature = "rayon")]
            share_in: SHARE_INTERVAL,
            #[cfg(feature = "rayon")]
            share_every: SHARE_INTERVAL,
            #[cfg(feature = "rayon")]
            pollable: options.max_expansions.is_none()
                && options.max_stored.is_none()
                && !keep_states,
            #[cfg(feature = "rayon")]
            polled: false,
        }
    }

    /// The same walker, but that gives work away: every `every` expansions it asks
    /// `share` whether another walker waits for work, and if one does, hands it the untried
    /// moves of the shallowest node of its path that has any (the largest piece of what it
    /// has left to search) and never tries them itself. What is left to it comes before the
    /// piece in depth-first order, and a later piece (deeper on its path) before an earlier.
    /// Used by parallel IDA* only.
    ///
    /// With `poll` (for a walker whose cancel callback need not be asked before every
    /// expansion, and with no expansion cap of its own), the walker asks its limits, its
    /// cancel callback and `share` every `every` expansions only, and below the pieces it
    /// searches runs the loop of a search that nothing but the bounds can stop (see
    /// [`lean`](Self::lean)), where its options allow (no cap on stored states, no states kept
    /// for the cycle check).
    #[cfg(feature = "rayon")]
    pub(crate) fn sharing(mut self, share: &'a dyn Share<P::Move>, every: u32, poll: bool) -> Self {
        self.share = Some(share);
        self.share_every = every.max(1);
        self.share_in = self.share_every;
        self.polled = poll && self.pollable;
        self.lean = false;
        self
    }

    /// The same walker, but that hands over every node at `depth` (at least 1) that its
    /// sweeps enter, instead of expanding it: the node is entered as usual (checked, held,
    /// counted as stored), its moves are not listed, and the moves that lead to it are added
    /// to the [`Frontier`], to be searched by [`probe_subtree`](Self::probe_subtree). What it
    /// expands and counts is what a walker without a split expands above `depth`.
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn splitting(mut self, depth: usize) -> Self {
        self.split = depth.max(1);
        self.lean = false;
        self
    }

    /// The subtrees handed over by the sweeps so far (see [`splitting`](Self::splitting)).
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn into_frontier(self) -> Frontier<P::Move> {
        self.frontier
    }

    /// The states of the current path, start first, replayed from the start. Needed only
    /// when a limit stops the search, and never inlined: a replay inlined into the error
    /// paths of the loop (through [`limit_reached`](Self::limit_reached)) changed how the
    /// compiler laid out the loop's registers, and cost the in-place IDA* on Korf's instance
    /// #62 1.6% more instructions.
    #[inline(never)]
    fn path(&self) -> Vec<P::State> {
        replay(self.problem, &self.root, self.path_frames(), &self.stack)
    }

    /// The path held, replayed from its start as [`path`](Self::path) does, and checked once
    /// before it is handed back as a solution: every move among those the problem lists for
    /// its state (in its table, where the search took them from there), every g the one the
    /// search reached the level with, the last state a goal. The search itself never compares
    /// the state it changes in place with anything, so a problem whose
    /// [`undo`](InPlaceProblem::undo) does not restore what [`apply`](InPlaceProblem::apply)
    /// changed would otherwise return a path that is not one; the check costs one replay of
    /// the path per solution, nothing per node, and is kept out of the loop's function.
    #[cold]
    #[inline(never)]
    fn replayed(&self) -> Result<Vec<P::State>, Failure<P>> {
        let Some(root) = &self.root else {
            return Ok(Vec::new());
        };
        let broken = |state: &P::State, step: usize| SearchError::BrokenUndo {
            state: state.clone(),
            step,
            stats: self.control.stats(),
        };
        let mut state = root.clone();
        let frames = self.path_frames();
        let mut path = Vec::with_capacity(frames.len());
        let mut listed = Vec::new();
        let mut g = P::Cost::ZERO;
        for (step, pair) in frames.windows(2).enumerate() {
            let mv = taken(&pair[0], &self.stack);
            let listed = if self.table {
                self.problem.move_table(&state).unwrap_or(&[])
            } else {
                listed.clear();
                self.problem.moves(&state, &mut Moves::new(&mut listed));
                &listed[..]
            };
            if !listed.contains(&mv) {
                return Err(broken(&state, step));
            }
            path.push(state.clone());
            let cost = self.problem.apply(&mut state, mv);
            match sound_step(g, cost) {
                Some(sum) if sum.order(pair[1].g).is_eq() => g = sum,
                _ => return Err(broken(&path[step], step)),
            }
        }
        if !self.problem.is_goal(&state) {
            return Err(broken(&state, frames.len().saturating_sub(1)));
        }
        path.push(state);
        Ok(path)
    }

    fn limit_reached(&self, limit: Limit) -> Failure<P> {
        let best = self.path_frames().last().map(|frame| Partial {
            path: self.path(),
            cost: frame.g,
            estimate: clamped(frame.h),
        });
        self.control.limit_reached(limit, best)
    }

    /// The frames of the current path.
    #[inline(always)]
    fn path_frames(&self) -> &[Frame<'a, P::Cost, P::Move, H::Context>] {
        &self.frames[..self.len]
    }

    /// Puts a level on the path, once the cap on stored states allows it: asked only when the
    /// path grows longer than it has ever been (see [`frames`](Self::frames)).
    #[inline(always)]
    fn push<const LEAN: bool>(
        &mut self,
        frame: Frame<'a, P::Cost, P::Move, H::Context>,
        state: &P::State,
    ) -> Result<(), Failure<P>> {
        match self.frames.get_mut(self.len) {
            Some(slot) => *slot = frame,
            None => self.deeper(frame)?,
        }
        self.len += 1;
        if !LEAN && self.keep_states {
            self.history.push(state.clone());
        }
        Ok(())
    }

    /// Admits a path one level longer than any before (counted as stored) and adds its
    /// frame, or stops at the cap on stored states.
    #[cold]
    #[inline(never)]
    fn deeper(&mut self, frame: Frame<'a, P::Cost, P::Move, H::Context>) -> Result<(), Failure<P>> {
        if let Err(limit) = self.control.admit() {
            return Err(self.limit_reached(limit));
        }
        self.frames.push(frame);
        Ok(())
    }

    /// Empties the path.
    fn clear(&mut self) {
        self.len = 0;
        self.stack.clear();
        self.history.clear();
    }

    /// The estimate of a start, checked.
    fn begin(&self, start: &P::State) -> Result<(P::Cost, H::Context), Failure<P>> {
        let (h, context) = self.heuristic.begin(start);
        if h.is_nan() {
            return Err(nan_estimate(&self.control, start));
        }
        Ok((h, context))
    }

    /// A sweep ([`Sweeps::sweep`]) without pathmax, never inlined (see the copying engine's
    /// twin).
    #[inline(never)]
    fn sweep_plain<const HOLD: bool>(
        &mut self,
        starts: &[P::State],
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        self.sweep_with::<HOLD, PATHMAX_OFF>(starts, bound)
    }

    /// A sweep ([`Sweeps::sweep`]) with pathmax `rule` ([`PATHMAX_FORWARD`] or
    /// [`PATHMAX_BPMX`]). Never inlined, so that the sweep without pathmax keeps its loop to
    /// itself (see the copying engine's twin).
    #[inline(never)]
    fn sweep_pathmax<const HOLD: bool>(
        &mut self,
        rule: u8,
        starts: &[P::State],
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        if rule == PATHMAX_BPMX {
            self.sweep_with::<HOLD, PATHMAX_BPMX>(starts, bound)
        } else {
            self.sweep_with::<HOLD, PATHMAX_FORWARD>(starts, bound)
        }
    }

    /// A sweep ([`Sweeps::sweep`]) with pathmax rule `PM`.
    #[inline(always)]
    fn sweep_with<const HOLD: bool, const PM: u8>(
        &mut self,
        starts: &[P::State],
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        // Every start is on the stack before the first is taken.
        self.control.open_size(starts.len());
        let mut swept = Probe::Exhausted;
        for (index, start) in starts.iter().enumerate() {
            self.start_index = index;
            self.control.count_start();
            // The start is taken off the stack, whether it is entered or not.
            let waiting = starts.len() - 1 - index;
            let probed = match (self.table, self.lean) {
                (true, true) => self.probe::<HOLD, true, true, PM>(start, bound, waiting)?,
                (true, false) => self.probe::<HOLD, true, false, PM>(start, bound, waiting)?,
                (false, true) => self.probe::<HOLD, false, true, PM>(start, bound, waiting)?,
                (false, false) => self.probe::<HOLD, false, false, PM>(start, bound, waiting)?,
            };
            match probed {
                Probe::Found => return Ok(Probe::Found),
                Probe::CutOff(least) => swept = cut_in_sweep(&swept, least),
                Probe::Exhausted => {}
            }
        }
        self.clear();
        Ok(swept)
    }

    /// A depth-first search from `start` within `bound`, with `waiting` starts still to take.
    /// On `Found`, the path leads to a goal. With `HOLD`, the path held at the first cut-off
    /// is kept in `held`; with `TABLE`, the moves come from the problem's table; `LEAN`: see
    /// [`lean`](Self::lean); `PM`: the pathmax rule (see [`descend`](Self::descend)).
    fn probe<const HOLD: bool, const TABLE: bool, const LEAN: bool, const PM: u8>(
        &mut self,
        start: &P::State,
        bound: Bound<P::Cost>,
        waiting: usize,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        self.cut = Probe::Exhausted;
        let (h, context) = self.begin(start)?;
        if beyond(&mut self.control, bound, 0, clamped(h), &mut self.cut) {
            return Ok(std::mem::replace(&mut self.cut, Probe::Exhausted));
        }
        self.clear();
        self.root = Some(start.clone());
        let state = start.clone();
        let root = Frame {
            g: P::Cost::ZERO,
            h,
            table: &[],
            next: 0,
            end: 0,
            waiting,
            skip: None,
            context,
        };
        self.push::<LEAN>(root, &state)?;
        if PM != PATHMAX_OFF {
            self.raised.clear();
            self.raised.push((clamped(h), P::Cost::ZERO));
        }
        if self.expand::<TABLE, LEAN>(&state)?.is_none() {
            return Ok(Probe::Found);
        }
        // The fast loop only where the search is lean (`LEAN` passed on: without it, the
        // same loop as the other), and keeps no path at its first cut-off (which it records
        // apart, see `refuse`).
        if !HOLD && self.fast(bound) {
            self.descend::<HOLD, TABLE, LEAN, LEAN, false, PM>(state, bound)
        } else {
            self.descend::<HOLD, TABLE, LEAN, false, false, PM>(state, bound)
        }
    }

    /// A depth-first search of the subtree whose root `moves` lead to from `start` (a subtree
    /// a [`splitting`](Self::splitting) walker handed over within the same `bound`): the path
    /// from the start is put back as it was (its states, g, estimates and contexts, every
    /// level but the root's with no move left to try), then the root is expanded and searched
    /// below as [`probe`](Self::probe) would. On `Found`, the path, from the start, leads to a
    /// goal.
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn probe_subtree(
        &mut self,
        start: &P::State,
        moves: &[P::Move],
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        let state = self.restore(start, moves)?;
        if self.table {
            self.walk_from::<true>(state, bound)
        } else {
            self.walk_from::<false>(state, bound)
        }
    }

    /// A depth-first search of the moves a [`sharing`](Self::sharing) walker gave away within
    /// the same `bound`: the path from `start` to the node whose moves they are is put back as
    /// [`probe_subtree`](Self::probe_subtree) puts it back, and the node, which the other
    /// walker expanded and counted, is given the moves as its own untried ones; they are then
    /// tried, and searched below, as that walker would have. On `Found`, the path, from the
    /// start, leads to a goal.
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn probe_piece(
        &mut self,
        start: &P::State,
        piece: &Piece<P::Move>,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        let state = self.restore(start, &piece.path)?;
        let depth = piece.path.len();
        self.cut = Probe::Exhausted;
        if self.table {
            let problem: &'a P = self.problem;
            let table = problem.move_table(&state).unwrap_or(&[]);
            if table.get(piece.first..) != Some(&piece.moves[..]) {
                // The other walker took them from the same table: `move_table` is not
                // deterministic.
                return Err(SearchError::BrokenUndo {
                    state,
                    step: depth,
                    stats: self.control.stats(),
                });
            }
            let frame = &mut self.frames[depth];
            frame.table = table;
            frame.next = piece.first;
            frame.end = table.len();
            self.below::<true>(state, bound)
        } else {
            let top = self.stack.len();
            self.stack.extend_from_slice(&piece.moves);
            let frame = &mut self.frames[depth];
            frame.next = top;
            frame.end = self.stack.len();
            self.below::<false>(state, bound)
        }
    }

    /// Puts back the path from `start` along `moves` (see
    /// [`probe_subtree`](Self::probe_subtree)): every level with no move left to try, the last
    /// one not expanded. Returns the state at its end.
    #[cfg(feature = "rayon")]
    fn restore(&mut self, start: &P::State, moves: &[P::Move]) -> Result<P::State, Failure<P>> {
        self.clear();
        let (h, context) = self.begin(start)?;
        self.root = Some(start.clone());
        let mut state = start.clone();
        let root = Frame {
            g: P::Cost::ZERO,
            h,
            table: &[],
            next: 0,
            end: 0,
            waiting: 0,
            skip: None,
            context,
        };
        self.push::<false>(root, &state)?;
        let problem: &'a P = self.problem;
        for (depth, &mv) in moves.iter().enumerate() {
            // Level `depth` has one move, the one taken, and nothing left to try.
            if self.table {
                let table = problem.move_table(&state).unwrap_or(&[]);
                let Some(at) = table.iter().position(|&listed| listed == mv) else {
                    // The splitting walker took it from the same table: `move_table` is not
                    // deterministic.
                    return Err(SearchError::BrokenUndo {
                        state,
                        step: depth,
                        stats: self.control.stats(),
                    });
                };
                let parent = &mut self.frames[depth];
                parent.table = &table[..=at];
                parent.next = at + 1;
                parent.end = at + 1;
            } else {
                self.stack.push(mv);
                let parent = &mut self.frames[depth];
                parent.next = depth + 1;
                parent.end = depth + 1;
            }
            let parent = &self.frames[depth];
            let (parent_g, parent_h) = (parent.g, parent.h);
            let mut context = parent.context.clone();
            let step = problem.apply(&mut state, mv);
            let g = match sound_step(parent_g, step) {
                Some(sum) => sum,
                None => {
                    return Err(step_refused(
                        problem,
                        &self.control,
                        parent_g,
                        step,
                        &state,
                        mv,
                    ));
                }
            };
            let h = self.heuristic.update(&state, mv, parent_h, &mut context);
            let skip = if self.parent_by_move {
                problem.inverse(mv)
            } else {
                None
            };
            let top = self.stack.len();
            let child = Frame {
                g,
                h,
                table: &[],
                next: top,
                end: top,
                waiting: 0,
                skip,
                context,
            };
            self.push::<false>(child, &state)?;
        }
        Ok(state)
    }

    /// The search below the path put back by [`probe_subtree`](Self::probe_subtree).
    #[cfg(feature = "rayon")]
    fn walk_from<const TABLE: bool>(
        &mut self,
        state: P::State,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        if self.expand::<TABLE, false>(&state)?.is_none() {
            return Ok(Probe::Found);
        }
        self.cut = Probe::Exhausted;
        self.below::<TABLE>(state, bound)
    }

    /// The search below the node on top of a path put back by
    /// [`probe_subtree`](Self::probe_subtree) or [`probe_piece`](Self::probe_piece): where
    /// the walker [polls](Self::sharing), the loop of a [`lean`](Self::lean) search (the fast
    /// one where it applies), which asks the limits, the cancel callback and whether to share
    /// only every `share_every` expansions; otherwise the loop that asks before every one.
    #[cfg(feature = "rayon")]
    fn below<const TABLE: bool>(
        &mut self,
        state: P::State,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        // Parallel IDA* refuses pathmax: its loop is the one without.
        if !self.polled {
            self.descend::<false, TABLE, false, false, false, PATHMAX_OFF>(state, bound)
        } else if self.fast(bound) {
            self.descend::<false, TABLE, true, true, true, PATHMAX_OFF>(state, bound)
        } else {
            self.descend::<false, TABLE, true, false, true, PATHMAX_OFF>(state, bound)
        }
    }

    /// Asks what a [polled](Self::sharing) walker asks every `share_every` expansions, before
    /// the node it is about to enter: the expansion cap and the deadline, the cancel callback,
    /// and whether another walker waits for work (then gives it some).
    #[cfg(feature = "rayon")]
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> Result<(), Failure<P>> {
        self.share_in = self.share_every;
        if let Err(limit) = self.control.allow_by_cap_and_clock() {
            return Err(self.limit_reached(limit));
        }
        if let Err(limit) = self.control.allow_by_cancel() {
            return Err(self.limit_reached(limit));
        }
        if let Some(share) = self.share {
            if share.wanted() {
                // The levels of the path, every one with its next move saved.
                self.give_away(share, self.len);
            }
        }
        Ok(())
    }

    /// The depth-first search below the path held, `state` the state on its top (just
    /// expanded), until a goal is found or every level is left; what was cut off before is in
    /// [`cut`](Self::cut).
    ///
    /// The level on top of the path is kept in locals (its g, estimate, move to skip, moves
    /// and the next to try), its frame written back only when a level below is entered and
    /// read again when the search comes back to it, as the registers of a recursive search
    /// are saved by its calls. `LEAN`: no limit can stop an expansion (see
    /// [`lean`](Self::lean)); `FAST`: the fast loop (see [`fast`](Self::fast)); `POLL`: with
    /// `LEAN`, the limits are asked all the same, every few hundred expansions (see
    /// [`poll`](Self::poll)).
    ///
    /// `PM`, the pathmax rule ([`PATHMAX_OFF`] and the others): with pathmax, a move's
    /// estimate is raised to its level's (as raised) less the step before the bound judges
    /// it, and kept in [`raised`](Self::raised) beside the heuristic's own. With BPMX, each
    /// move's raised estimate less the step raises its level's in turn, as does a level's
    /// raised estimate when the search leaves it and comes back to its parent: the moves
    /// tried later start from the raised value, and a level whose raised f exceeds the bound
    /// is left at once (see [`backs_up`]).
    #[inline(always)]
    fn descend<
        const HOLD: bool,
        const TABLE: bool,
        const LEAN: bool,
        const FAST: bool,
        const POLL: bool,
        const PM: u8,
    >(
        &mut self,
        mut state: P::State,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        let problem: &'a P = self.problem;
        let keep_states = !LEAN && self.keep_states;
        let parent_by_move = self.parent_by_move;
        let cycle_check = self.cycle_check;
        // The guard of the copying engine against cycles of zero-cost steps (see there),
        // needless where every step costs the same positive amount.
        let zero_cost_guard = !FAST
            && matches!(bound, Bound::Cost(_))
            && !matches!(cycle_check, CycleCheck::Path)
            && !self
                .fixed
                .is_some_and(|cost| cost.order(P::Cost::ZERO).is_gt());
        let (deepest, highest) = self.limits(bound);
        let unchecked = self.unchecked(highest);
        // With `FAST` (see [`fast`](Self::fast)): every move's g is the level's g plus the
        // fixed cost, taken once a level, and a move whose f is within `highest` is entered.
        let fixed = self.fixed.unwrap_or(P::Cost::ZERO);
        let within = highest.unwrap_or(P::Cost::ZERO);
        let cost_bound = self.control.cost_bound();
        self.least = None;
        // (The sum cannot fail in the fast loop: see `fast`. The other loop does not use it.)
        let step_from = |g: P::Cost| match g.checked_sum(fixed) {
            Some(sum) if FAST => sum,
            _ => g,
        };
        let Some(mut depth) = self.len.checked_sub(1) else {
            return Ok(std::mem::replace(&mut self.cut, Probe::Exhausted));
        };
        let frame = &self.frames[depth];
        let (mut g, mut h, mut skip) = (frame.g, frame.h, frame.skip);
        let mut fast_g = step_from(g);
        let (mut table, mut next, mut end) = (frame.table, frame.next, frame.end);
        let mut here = frame;
        // The level's estimate as raised by pathmax (unused without), and whether BPMX
        // leaves the level at once.
        let mut raised = P::Cost::ZERO;
        if PM != PATHMAX_OFF {
            raised = self.raised[depth].0;
        }
        let mut backed_up = false;
        loop {
            // The moves of the level on top of the path, from `next`, until one is entered
            // (the search goes on one level deeper) or none is left.
            loop {
                if PM == PATHMAX_BPMX && backed_up {
                    backed_up = false;
                    break;
                }
                let mv = if TABLE {
                    // A table's moves end with it.
                    match table.get(next) {
                        Some(&mv) => mv,
                        None => break,
                    }
                } else if next < end {
                    self.stack[next]
                } else {
                    break;
                };
                next += 1;
                if skip == Some(mv) {
                    continue;
                }
                let mut context = here.context.clone();
                // The move's cost and estimate before it is made, where both are known and no
                // cycle check needs the state it leads to.
                let mut known = None;
                // The step of a move known before it is made, read by pathmax only: apart from
                // `known`, so that the loop without pathmax is compiled as it was.
                let mut known_step = fixed;
                if FAST {
                    known = self
                        .heuristic
                        .estimate_move(&state, mv, h, &mut context)
                        .map(|child_h| (fast_g, child_h));
                } else if !keep_states {
                    if let Some(step) = problem.move_cost(&state, mv) {
                        let Some(child_g) = add_step(g, step, unchecked) else {
                            problem.apply(&mut state, mv);
                            return Err(step_refused(problem, &self.control, g, step, &state, mv));
                        };
                        if !(zero_cost_guard && unchanged(g, step, child_g)) {
                            known = self
                                .heuristic
                                .estimate_move(&state, mv, h, &mut context)
                                .map(|child_h| (child_g, child_h));
                            if PM != PATHMAX_OFF {
                                known_step = step;
                            }
                        }
                    }
                }
                // With pathmax, the move's estimate as raised (the one the bound judges).
                let mut child_raised = P::Cost::ZERO;
                let (child_g, child_h) = match known {
                    Some((child_g, child_h)) => {
                        let step = known_step;
                        let mut judged = child_h;
                        if PM != PATHMAX_OFF && !child_h.is_nan() {
                            child_raised = raised_by(clamped(child_h), raised, step);
                            judged = child_raised;
                        }
                        let Some(f) = checked_f(child_g, judged) else {
                            problem.apply(&mut state, mv);
                            return Err(bad_estimate(&self.control, &state, child_g, child_h));
                        };
                        if PM == PATHMAX_BPMX {
                            let before = raised;
                            raised = raised_by(raised, child_raised, step);
                            let untried = if TABLE {
                                next < table.len()
                            } else {
                                next < end
                            };
                            if raised.order(before).is_gt()
                                && backs_up(&self.control, bound, g, raised, untried, &mut self.cut)
                            {
                                // Judged as any other: its f exceeds the bound too. Never
                                // made: nothing to undo.
                                beyond(&mut self.control, bound, depth + 1, f, &mut self.cut);
                                break;
                            }
                        }
                        let refused = if FAST {
                            (f.order(within).is_gt() || f.is_infinite())
                                && refuse(&mut self.control, cost_bound, f, &mut self.least)
                        } else {
                            (depth >= deepest || over(f, highest))
                                && beyond(&mut self.control, bound, depth + 1, f, &mut self.cut)
                        };
                        if refused {
                            // Never made: nothing to undo.
                            if HOLD {
                                hold(
                                    problem,
                                    &self.root,
                                    &self.frames,
                                    &self.stack,
                                    depth,
                                    &self.cut,
                                    &mut self.held,
                                );
                            }
                            continue;
                        }
                        problem.apply(&mut state, mv);
                        if PM != PATHMAX_OFF {
                            self.raised.truncate(depth + 1);
                            self.raised.push((child_raised, step));
                        }
                        (child_g, child_h)
                    }
                    None => {
                        let step = problem.apply(&mut state, mv);
                        // A move the cycle check refuses was generated all the same; it is not
                        // entered.
                        if keep_states {
                            let history = &self.history;
                            let on_path = match cycle_check {
                                CycleCheck::Path => history.contains(&state),
                                _ => {
                                    state == history[depth]
                                        || depth > 0 && state == history[depth - 1]
                                }
                            };
                            if on_path {
                                problem.undo(&mut state, mv);
                                continue;
                            }
                        }
                        let Some(child_g) = add_step(g, step, unchecked) else {
                            return Err(step_refused(problem, &self.control, g, step, &state, mv));
                        };
                        if zero_cost_guard
                            && unchanged(g, step, child_g)
                            && repeats_at_same_cost(
                                problem,
                                &self.frames,
                                &self.stack,
                                &state,
                                mv,
                                depth,
                            )
                        {
                            problem.undo(&mut state, mv);
                            continue;
                        }
                        let child_h = self.heuristic.update(&state, mv, h, &mut context);
                        let mut judged = child_h;
                        if PM != PATHMAX_OFF && !child_h.is_nan() {
                            child_raised = raised_by(clamped(child_h), raised, step);
                            judged = child_raised;
                        }
                        let Some(f) = checked_f(child_g, judged) else {
                            return Err(bad_estimate(&self.control, &state, child_g, child_h));
                        };
                        if PM == PATHMAX_BPMX {
                            let before = raised;
                            raised = raised_by(raised, child_raised, step);
                            let untried = if TABLE {
                                next < table.len()
                            } else {
                                next < end
                            };
                            if raised.order(before).is_gt()
                                && backs_up(&self.control, bound, g, raised, untried, &mut self.cut)
                            {
                                // Judged as any other: its f exceeds the bound too.
                                beyond(&mut self.control, bound, depth + 1, f, &mut self.cut);
                                problem.undo(&mut state, mv);
                                break;
                            }
                        }
                        let refused = if FAST {
                            (f.order(within).is_gt() || f.is_infinite())
                                && refuse(&mut self.control, cost_bound, f, &mut self.least)
                        } else {
                            (depth >= deepest || over(f, highest))
                                && beyond(&mut self.control, bound, depth + 1, f, &mut self.cut)
                        };
                        if refused {
                            if HOLD {
                                hold(
                                    problem,
                                    &self.root,
                                    &self.frames,
                                    &self.stack,
                                    depth,
                                    &self.cut,
                                    &mut self.held,
                                );
                            }
                            problem.undo(&mut state, mv);
                            continue;
                        }
                        if PM != PATHMAX_OFF {
                            self.raised.truncate(depth + 1);
                            self.raised.push((child_raised, step));
                        }
                        (child_g, child_h)
                    }
                };
                if PM != PATHMAX_OFF {
                    self.raised[depth].0 = raised;
                }
                // Entered: the level's next move is saved, and the level below becomes the
                // one on top.
                let parent = &mut self.frames[depth];
                parent.next = next;
                // Taken up: the ones refused since `next`, and this one.
                let last = if TABLE { table.len() } else { end };
                let waiting = parent.waiting + (last - next);
                skip = if parent_by_move {
                    problem.inverse(mv)
                } else {
                    None
                };
                let entered = if LEAN {
                    self.enter::<TABLE, POLL>(&state, child_g, child_h, waiting, skip, context)?
                } else {
                    let top = if TABLE { 0 } else { end };
                    let child = Frame {
                        g: child_g,
                        h: child_h,
                        table: &[],
                        next: top,
                        end: top,
                        waiting,
                        skip,
                        context,
                    };
                    self.push::<LEAN>(child, &state)?;
                    self.expand::<TABLE, LEAN>(&state)?
                };
                let Some((moves, first, last)) = entered else {
                    return Ok(Probe::Found);
                };
                depth += 1;
                (g, h, table, next, end) = (child_g, child_h, moves, first, last);
                if PM != PATHMAX_OFF {
                    raised = child_raised;
                }
                fast_g = step_from(g);
                here = &self.frames[depth];
                continue;
            }
            // Every move tried: the level is left, and the move that led to it undone.
            if keep_states {
                self.history.pop();
            }
            let Some(up) = depth.checked_sub(1) else {
                self.len = 0;
                let cut = std::mem::replace(&mut self.cut, Probe::Exhausted);
                return Ok(match self.least {
                    Some(least) => cut_in_sweep(&cut, Some(least)),
                    None => cut,
                });
            };
            self.len = depth;
            depth = up;
            here = &self.frames[depth];
            (g, h, skip) = (here.g, here.h, here.skip);
            fast_g = step_from(g);
            (table, next, end) = (here.table, here.next, here.end);
            let mv = if TABLE {
                table[next - 1]
            } else {
                self.stack.truncate(end);
                self.stack[next - 1]
            };
            problem.undo(&mut state, mv);
            if PM != PATHMAX_OFF {
                // The level left's estimate as raised is in `raised` (its stored one may be
                // older: a level backs up without storing it).
                let (below, step) = (raised, self.raised[depth + 1].1);
                raised = self.raised[depth].0;
                if PM == PATHMAX_BPMX {
                    // The level left raises its parent's estimate, less the step between.
                    raised = raised_by(raised, below, step);
                    let untried = if TABLE {
                        next < table.len()
                    } else {
                        next < end
                    };
                    backed_up = backs_up(&self.control, bound, g, raised, untried, &mut self.cut);
                }
            }
        }
    }

    /// What a probe within `bound` refuses, decided by comparisons only (before [`beyond`]
    /// counts and records a node refused): the levels deeper than the first (the depth bound),
    /// and an f above the second (the least of the cost bound and the bound on f), if any.
    fn limits(&self, bound: Bound<P::Cost>) -> (usize, Option<P::Cost>) {
        let cost_bound = self.control.cost_bound();
        match bound {
            Bound::Depth(limit) => (limit, cost_bound),
            Bound::Cost(limit) => (
                usize::MAX,
                Some(match cost_bound {
                    Some(cap) if cap.order(limit).is_lt() => cap,
                    _ => limit,
                }),
            ),
        }
    }

    /// Whether the fixed step cost, checked once, needs no check on each step within
    /// `highest` (see [`limits`](Self::limits)): every level entered has g within it, so the
    /// sum cannot overflow where `highest` plus one step does not.
    fn unchecked(&self, highest: Option<P::Cost>) -> bool {
        match (self.fixed, highest) {
            (Some(step), Some(highest)) => highest.checked_sum(step).is_some(),
            _ => false,
        }
    }

    /// Whether a [`lean`](Self::lean) probe within `bound` runs the fast loop of
    /// [`descend`](Self::descend): a bound on f (IDA*'s), and a fixed step cost above zero
    /// that needs no check ([`unchecked`](Self::unchecked)). Every move then costs the same,
    /// known before it is made, no zero-cost cycle needs guarding, and a move is refused by
    /// its f alone.
    fn fast(&self, bound: Bound<P::Cost>) -> bool {
        let (_, highest) = self.limits(bound);
        matches!(bound, Bound::Cost(_))
            && self.unchecked(highest)
            && self
                .fixed
                .is_some_and(|step| step.order(P::Cost::ZERO).is_gt())
    }

    /// Asks the limits for the next run of expansions (see
    /// [`Control::expansion_budget`](crate::engine::control::Control::expansion_budget)).
    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> Result<(), Failure<P>> {
        if let Err(limit) = self.control.allow_by_cap_and_clock() {
            return Err(self.limit_reached(limit));
        }
        self.countdown = self.control.expansion_budget(POLL_INTERVAL);
        Ok(())
    }

    /// Expands `state`, on top of the path, once the limits allow: counts it, tells the
    /// observer, and unless it is a goal, lists its moves (its table, or onto the stack of
    /// moves), counts them as generated and puts them on the stack that `max_open` measures.
    /// Returns `None` for a goal, otherwise the level's moves as its frame now holds them
    /// (its table, where its moves start and where they end).
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn expand<const TABLE: bool, const LEAN: bool>(
        &mut self,
        state: &P::State,
    ) -> Result<Option<(&'a [P::Move], usize, usize)>, Failure<P>> {
        let depth = self.len - 1;
        if !LEAN {
            if depth >= self.split {
                self.hand_over();
                let frame = &self.frames[depth];
                return Ok(Some((frame.table, frame.next, frame.end)));
            }
            if self.countdown == 0 {
                self.refill()?;
            }
            if let Err(limit) = self.control.allow_by_cancel() {
                return Err(self.limit_reached(limit));
            }
            self.countdown -= 1;
            #[cfg(feature = "rayon")]
            if let Some(share) = self.share {
                self.share_in -= 1;
                if self.share_in == 0 {
                    self.share_in = self.share_every;
                    if share.wanted() {
                        self.give_away(share, depth);
                    }
                }
            }
        }
        self.control.count_expansion();
        let problem: &'a P = self.problem;
        let frame = &mut self.frames[depth];
        self.observer.observe(Event::Expand {
            state,
            g: frame.g,
            h: clamped(frame.h),
        });
        if problem.is_goal(state) {
            return Ok(None);
        }
        let (start, count) = if TABLE {
            let table = problem.move_table(state).unwrap_or(&[]);
            frame.table = table;
            frame.end = table.len();
            (0, table.len())
        } else {
            let start = self.stack.len();
            problem.moves(state, &mut Moves::new(&mut self.stack));
            frame.end = self.stack.len();
            (start, frame.end - start)
        };
        self.control.count_generated(count);
        self.control.open_size(frame.waiting + count);
        Ok(Some((frame.table, start, frame.end)))
    }

    /// [`push`](Self::push) and [`expand`](Self::expand) at once, for a [`lean`](Self::lean)
    /// search (where nothing can stop the expansion): the level's frame written once, with its
    /// moves.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn enter<const TABLE: bool, const POLL: bool>(
        &mut self,
        state: &P::State,
        g: P::Cost,
        h: P::Cost,
        waiting: usize,
        skip: Option<P::Move>,
        context: H::Context,
    ) -> Result<Option<(&'a [P::Move], usize, usize)>, Failure<P>> {
        #[cfg(feature = "rayon")]
        if POLL {
            self.share_in -= 1;
            if self.share_in == 0 {
                self.poll()?;
            }
        }
        self.control.count_expansion();
        self.observer.observe(Event::Expand {
            state,
            g,
            h: clamped(h),
        });
        let problem: &'a P = self.problem;
        let goal = problem.is_goal(state);
        let (table, next, end) = if goal {
            (&[][..], 0, 0)
        } else if TABLE {
            let table = problem.move_table(state).unwrap_or(&[]);
            (table, 0, table.len())
        } else {
            let start = self.stack.len();
            problem.moves(state, &mut Moves::new(&mut self.stack));
            (&[][..], start, self.stack.len())
        };
        if let Some(slot) = self.frames.get_mut(self.len) {
            slot.g = g;
            slot.h = h;
            slot.table = table;
            slot.next = next;
            slot.end = end;
            slot.waiting = waiting;
            slot.skip = skip;
            slot.context = context;
        } else {
            let frame = Frame {
                g,
                h,
                table,
                next,
                end,
                waiting,
                skip,
                context,
            };
            self.deeper(frame)?;
        }
        self.len += 1;
        if goal {
            return Ok(None);
        }
        self.control.count_generated(end - next);
        self.control.open_size(waiting + (end - next));
        Ok(Some((table, next, end)))
    }

    /// Adds the node on top of the path, at the split depth, to the frontier instead of
    /// expanding it: it keeps no move, so the search leaves it next.
    #[cold]
    #[inline(never)]
    fn hand_over(&mut self) {
        let depth = self.len - 1;
        let moves = self.frames[..depth]
            .iter()
            .map(|frame| taken(frame, &self.stack));
        self.frontier.moves.extend(moves);
        self.frontier
            .ends
            .push((self.start_index, self.frontier.moves.len()));
    }

    /// Gives `share` the untried moves of the shallowest level above `depth` (the level on top
    /// of the path, being expanded) that has any besides the move it skips, and leaves that
    /// level with none: when the search comes back to it, it leaves it.
    #[cfg(feature = "rayon")]
    #[cold]
    #[inline(never)]
    fn give_away(&mut self, share: &dyn Share<P::Move>, depth: usize) {
        let (stack, table) = (&self.stack, self.table);
        let Some(level) = self.frames[..depth].iter().position(|frame| {
            untried(frame, stack, table)
                .iter()
                .any(|&mv| frame.skip.is_none_or(|skip| skip != mv))
        }) else {
            return;
        };
        let frame = &self.frames[level];
        let piece = Piece {
            path: self.frames[..level]
                .iter()
                .map(|frame| taken(frame, stack))
                .collect(),
            first: frame.next,
            moves: untried(frame, stack, table).to_vec(),
        };
        let frame = &mut self.frames[level];
        // The level's moves end where it has got to: what the search reads back when it
        // returns to the level (its locals are those of the level on top only).
        frame.table = frame.table.get(..frame.next).unwrap_or(frame.table);
        frame.end = frame.next;
        share.give(piece);
    }

    /// The least estimate among the starts, the first bound of IDA*; `None` without starts.
    pub(crate) fn least_start_estimate(&self) -> Result<Option<P::Cost>, Failure<P>> {
        let mut least: Option<P::Cost> = None;
        for start in self.problem.starts() {
            let h = clamped(self.begin(&start)?.0);
            if least.is_none_or(|least| h.order(least).is_lt()) {
                least = Some(h);
            }
        }
        Ok(least)
    }

    /// One depth-first search within `bound`, from every start in turn (see
    /// [`search_within`]).
    pub(crate) fn search(&mut self, bound: Bound<P::Cost>) -> Outcome<P> {
        let starts: Vec<P::State> = self.problem.starts().into_iter().collect();
        self.held = None;
        search_within(self, &starts, bound)
    }

    /// Sweeps with increasing bounds until a goal is found or a sweep cuts nothing off, as the
    /// copying engine does (see [`deepen`]).
    pub(crate) fn deepen(
        &mut self,
        first: Bound<P::Cost>,
        next: impl Fn(Bound<P::Cost>, Option<P::Cost>) -> Option<Bound<P::Cost>>,
    ) -> Outcome<P> {
        let starts: Vec<P::State> = self.problem.starts().into_iter().collect();
        deepen(self, &starts, first, next)
    }
}

/// g + `step`, or `None` for a step the check refuses (NaN, below zero, or a sum that
/// overflows). `unchecked`: the step is the problem's fixed cost, checked once, and the sum
/// cannot overflow within the bound (only the sum is taken, which cannot fail).
#[inline(always)]
fn add_step<C: Cost>(g: C, step: C, unchecked: bool) -> Option<C> {
    if unchecked {
        g.checked_sum(step)
    } else {
        sound_step(g, step)
    }
}

/// Whether `sum`, g + `step` as [`add_step`] took it, equals `g`: for exact costs, a step of
/// zero (known at compile time for a step that is).
#[inline(always)]
fn unchanged<C: Cost>(g: C, step: C, sum: C) -> bool {
    if C::EXACT { step == C::ZERO } else { sum == g }
}

/// f = g + h (the estimate as the heuristic gave it, taken as zero below zero), or `None`
/// for a NaN estimate or an f that overflows (see [`bad_estimate`]).
#[inline(always)]
fn checked_f<C: Cost>(g: C, h: C) -> Option<C> {
    if h.is_nan() {
        return None;
    }
    g.checked_sum(clamped(h))
}

/// [`beyond`] for the fast loop of [`Walker::descend`], given a node of priority `f` above its
/// level's bound on f: a node with an infinite f or beyond `cost_bound` is pruned for good
/// (and counted), any other is cut off, the least f cut off kept in `least`. Returns `true`,
/// the node refused.
#[inline(always)]
fn refuse<C: Cost>(
    control: &mut Control<'_, C>,
    cost_bound: Option<C>,
    f: C,
    least: &mut Option<C>,
) -> bool {
    if f.is_infinite() || cost_bound.is_some_and(|bound| f.order(bound).is_gt()) {
        control.count_pruned();
    } else if least.is_none_or(|least| f.order(least).is_lt()) {
        *least = Some(f);
    }
    true
}

/// Whether [`beyond`] may refuse a node of priority `f` for its f: an f above `highest` (the
/// least of the bounds on f, if any) or an infinite one. The depth is compared apart, once a
/// level.
#[inline(always)]
fn over<C: Cost>(f: C, highest: Option<C>) -> bool {
    f.is_infinite() || highest.is_some_and(|highest| f.order(highest).is_gt())
}

/// The error of an estimate `h` of `state`, reached at path cost `g`, that [`checked_f`]
/// refused: NaN, or an f that overflows.
#[cold]
#[inline(never)]
fn bad_estimate<S: Clone, C: Cost>(
    control: &Control<'_, C>,
    state: &S,
    g: C,
    h: C,
) -> SearchError<S, C> {
    if h.is_nan() {
        nan_estimate(control, state)
    } else {
        control.estimate_overflow(state.clone(), g, clamped(h))
    }
}

/// Keeps the path to `depth` as the one held at the first cut-off (see [`Held`]), once the
/// bound has cut a node off and none is held yet.
#[inline(always)]
fn hold<P: InPlaceProblem, X>(
    problem: &P,
    root: &Option<P::State>,
    frames: &[Frame<'_, P::Cost, P::Move, X>],
    stack: &[P::Move],
    depth: usize,
    cut: &Probe<P::Cost>,
    held: &mut Held<P::State, P::Cost>,
) {
    if held.is_none() && matches!(cut, Probe::CutOff(_)) {
        let parent = &frames[depth];
        *held = Some(Partial {
            path: replay(problem, root, &frames[..=depth], stack),
            cost: parent.g,
            estimate: clamped(parent.h),
        });
    }
}

/// The states of the path `frames` describe (their moves in their tables or on `stack`),
/// start first, replayed from `root`.
fn replay<P: InPlaceProblem, X>(
    problem: &P,
    root: &Option<P::State>,
    frames: &[Frame<'_, P::Cost, P::Move, X>],
    stack: &[P::Move],
) -> Vec<P::State> {
    let Some(root) = root else {
        return Vec::new();
    };
    let mut state = root.clone();
    let mut path = Vec::with_capacity(frames.len());
    path.push(state.clone());
    let depth = frames.len().saturating_sub(1);
    for frame in &frames[..depth] {
        problem.apply(&mut state, taken(frame, stack));
        path.push(state.clone());
    }
    path
}

/// The error of a NaN estimate of `state`.
#[cold]
#[inline(never)]
fn nan_estimate<S: Clone, C: Cost>(control: &Control<'_, C>, state: &S) -> SearchError<S, C> {
    SearchError::NanEstimate {
        state: state.clone(),
        stats: control.stats(),
    }
}

/// The error of a step the check refused: `state` is the successor, one `mv` from the state at
/// g `g`.
#[cold]
#[inline(never)]
fn step_refused<P: InPlaceProblem>(
    problem: &P,
    control: &Control<'_, P::Cost>,
    g: P::Cost,
    step: P::Cost,
    state: &P::State,
    mv: P::Move,
) -> Failure<P> {
    let mut from = state.clone();
    problem.undo(&mut from, mv);
    match step_cost(control, g, step, &from, state) {
        Err(error) => error,
        Ok(_) => unreachable!("a step sound_step refused is NaN, negative or overflows"),
    }
}

/// Whether `state`, reached from depth `depth` by the move `mv` at an unchanged g, is one of
/// the path's states at that g (the zero-cost suffix), found by undoing the path's moves on a
/// copy.
#[cold]
#[inline(never)]
fn repeats_at_same_cost<P: InPlaceProblem, X>(
    problem: &P,
    frames: &[Frame<'_, P::Cost, P::Move, X>],
    stack: &[P::Move],
    state: &P::State,
    mv: P::Move,
    depth: usize,
) -> bool {
    let g = frames[depth].g;
    let mut walker = state.clone();
    problem.undo(&mut walker, mv);
    let mut at = depth;
    loop {
        if frames[at].g != g {
            return false;
        }
        if walker == *state {
            return true;
        }
        let Some(up) = at.checked_sub(1) else {
            return false;
        };
        problem.undo(&mut walker, taken(&frames[up], stack));
        at = up;
    }
}
