//! The in-place depth-first engine behind [`idastar_in_place`](crate::idastar_in_place),
//! [`iddfs_in_place`](crate::iddfs_in_place) and
//! [`depth_first_in_place`](crate::depth_first_in_place): one state, changed by a move on the
//! way down and by its undo on the way back, as a hand-written IDA* does.
//!
//! A [`Walker`] keeps the current path as a stack of frames (g, the estimate, the next move to
//! try and where the level's moves end), the heuristic's context of each level, and one stack
//! of moves: each expansion pushes its state's moves on top ([`Moves`]), leaving a level drops
//! them, and the move that led to a level is the one before its parent's next. The state
//! itself is one value. An explicit stack, so that deep searches cannot overflow the call
//! stack. The path's states are kept only where the cycle check
//! compares states ([`CycleCheck::Path`], or [`CycleCheck::Parent`] for a problem without
//! [`inverse`](crate::InPlaceProblem::inverse)); a path handed back (a solution, or the best
//! path at a limit) is replayed from its start.
//!
//! The bounds, limits, counts and errors are those of the copying engine
//! ([`depth_first`](super::depth_first)), shared with it: an expansion counts every move the
//! problem lists as generated and puts it on the stack whose peak is `max_open`; taking a move
//! up (entering it, or refusing it) takes it off. The one difference: moves are taken as
//! listed, where the copying engine merges a state listed twice into its cheapest step.
//!
//! For parallel IDA* (`super::parallel`), a walker can also [split](Walker::splitting) its
//! sweeps, handing over the nodes it enters at a depth instead of expanding them, and another
//! walker can [search one of them](Walker::probe_subtree) with the path from the start put back
//! as it was: the same checks and counts, shared by the threads.

use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::engine::depth_first::{
    Bound, Held, POLL_INTERVAL, Probe, Sweeps, beyond, cut_in_sweep, deepen, search_within,
    step_cost,
};
use crate::engine::options::CycleCheck;
use crate::engine::table::sound_step;
use crate::error::{Limit, SearchError};
use crate::heuristic::IncrementalHeuristic;
use crate::in_place::{InPlace, InPlaceProblem, Moves};
use crate::observer::{Event, Observer};
use crate::progress::Partial;
use crate::solution::Solution;

type Failure<P> = SearchError<<P as InPlaceProblem>::State, <P as InPlaceProblem>::Cost>;
type Outcome<P> =
    Result<Solution<<P as InPlaceProblem>::State, <P as InPlaceProblem>::Cost>, Failure<P>>;

/// One level of the current path. Its moves are `stack[end of the level above .. end]`.
#[derive(Clone, Copy)]
struct Frame<C, M> {
    g: C,
    /// The estimate as the heuristic gave it (what its next update starts from); see
    /// [`clamped`] for the one the bound compares.
    h: C,
    /// The next move of this level to try: after a level below is entered, the one after the
    /// move that led there.
    next: usize,
    /// The end of this level's moves on the stack.
    end: usize,
    /// The move not to try here: the inverse of the one that led here, with parent pruning
    /// by moves.
    skip: Option<M>,
}

/// An estimate below zero taken as zero, as [`Control::estimate`] takes it.
#[inline(always)]
fn clamped<C: Cost>(h: C) -> C {
    if h.is_below_zero() { C::ZERO } else { h }
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
    /// Whether [`CycleCheck::Parent`] compares moves with the problem's inverse rather than
    /// states.
    parent_by_move: bool,
    /// Whether the states of the path are kept in `history`, for a cycle check that compares
    /// them.
    keep_states: bool,
    /// The start of the current probe, from which a path is replayed.
    root: Option<P::State>,
    /// The current path, one frame a level.
    frames: Vec<Frame<P::Cost, P::Move>>,
    /// `contexts[d]`: the heuristic's context at depth d.
    contexts: Vec<H::Context>,
    /// The moves of every level of the path, the top level's last. The move from depth d to
    /// d + 1 is the one before `frames[d].next`.
    stack: Vec<P::Move>,
    /// The states of the path, where `keep_states`.
    history: Vec<P::State>,
    /// Expansions left before the limits must be asked again.
    countdown: u64,
    /// The moves on the stack that [`Stats::max_open`](crate::Stats::max_open) measures (see
    /// the copying engine).
    waiting: usize,
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
        self.waiting = starts.len();
        self.control.open_size(self.waiting);
        let mut swept = Probe::Exhausted;
        for (index, start) in starts.iter().enumerate() {
            self.start_index = index;
            self.control.count_start();
            match self.probe::<HOLD>(start, bound)? {
                Probe::Found => return Ok(Probe::Found),
                Probe::CutOff(least) => swept = cut_in_sweep(&swept, least),
                Probe::Exhausted => {}
            }
        }
        self.clear();
        Ok(swept)
    }

    fn solution(&self) -> Outcome<P> {
        let cost = self.frames.last().map_or(P::Cost::ZERO, |frame| frame.g);
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
}

impl<'a, P, H, O> Walker<'a, P, H, O>
where
    P: InPlaceProblem,
    H: IncrementalHeuristic<P::State, P::Move, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    pub(crate) fn new(setup: Setup<'a, InPlace<P>, O>, heuristic: H) -> Self {
        // Whether the problem names inverses: asked of one move of one start, once.
        let names = names_inverses(setup.problem.get());
        Self::with_inverses(setup, heuristic, names)
    }

    /// [`new`](Self::new), told whether the problem names inverses ([`names_inverses`], asked
    /// once for walkers of the same problem).
    pub(crate) fn with_inverses(
        setup: Setup<'a, InPlace<P>, O>,
        heuristic: H,
        names_inverses: bool,
    ) -> Self {
        let cycle_check = setup.options.cycle_check;
        let problem = setup.problem.get();
        let parent_by_move = cycle_check == CycleCheck::Parent && names_inverses;
        Walker {
            problem,
            heuristic,
            observer: setup.observer,
            control: setup.control,
            cycle_check,
            parent_by_move,
            keep_states: match cycle_check {
                CycleCheck::Path => true,
                CycleCheck::Parent => !parent_by_move,
                _ => false,
            },
            root: None,
            frames: Vec::new(),
            contexts: Vec::new(),
            stack: Vec::new(),
            history: Vec::new(),
            countdown: 0,
            waiting: 0,
            split: usize::MAX,
            frontier: Frontier::new(),
            start_index: 0,
            held: None,
        }
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
        self
    }

    /// The subtrees handed over by the sweeps so far (see [`splitting`](Self::splitting)).
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn into_frontier(self) -> Frontier<P::Move> {
        self.frontier
    }

    /// The statistics so far.
    /// Used by parallel IDA* only.
    #[cfg(feature = "rayon")]
    pub(crate) fn stats(&self) -> crate::progress::Stats {
        self.control.stats()
    }

    /// The states of the current path, start first, replayed from the start. Needed only
    /// when a limit stops the search, and never inlined: a replay inlined into the error
    /// paths of the loop (through [`limit_reached`](Self::limit_reached)) changed how the
    /// compiler laid out the loop's registers, and cost the in-place IDA* on Korf's instance
    /// #62 1.6% more instructions.
    #[inline(never)]
    fn path(&self) -> Vec<P::State> {
        replay(self.problem, &self.root, &self.frames, &self.stack)
    }

    /// The path held, replayed from its start as [`path`](Self::path) does, and checked once
    /// before it is handed back as a solution: every move among those the problem lists for
    /// its state, every g the one the search reached the level with, the last state a goal.
    /// The search itself never compares the state it changes in place with anything, so a
    /// problem whose [`undo`](InPlaceProblem::undo) does not restore what
    /// [`apply`](InPlaceProblem::apply) changed would otherwise return a path that is not one;
    /// the check costs one replay of the path per solution, nothing per node, and is kept
    /// out of the loop's function.
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
        let mut path = Vec::with_capacity(self.frames.len());
        let mut listed = Vec::new();
        let mut g = P::Cost::ZERO;
        for (step, pair) in self.frames.windows(2).enumerate() {
            let mv = self.stack[pair[0].next - 1];
            listed.clear();
            self.problem.moves(&state, &mut Moves::new(&mut listed));
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
            return Err(broken(&state, self.frames.len().saturating_sub(1)));
        }
        path.push(state);
        Ok(path)
    }

    fn limit_reached(&self, limit: Limit) -> Failure<P> {
        let best = self.frames.last().map(|frame| Partial {
            path: self.path(),
            cost: frame.g,
            estimate: clamped(frame.h),
        });
        self.control.limit_reached(limit, best)
    }

    /// Puts a level on the path, once the cap on stored states allows it.
    #[inline(always)]
    fn push(
        &mut self,
        frame: Frame<P::Cost, P::Move>,
        context: H::Context,
        state: &P::State,
    ) -> Result<(), Failure<P>> {
        if let Err(limit) = self.control.admit() {
            return Err(self.limit_reached(limit));
        }
        self.frames.push(frame);
        self.contexts.push(context);
        if self.keep_states {
            self.history.push(state.clone());
        }
        Ok(())
    }

    /// Empties the path.
    fn clear(&mut self) {
        self.control.release(self.frames.len());
        self.frames.clear();
        self.contexts.clear();
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

    /// A depth-first search from `start` within `bound`. On `Found`, the path leads to a goal.
    /// With `HOLD`, the path held at the first cut-off is kept in `held`.
    fn probe<const HOLD: bool>(
        &mut self,
        start: &P::State,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        let mut cut = Probe::Exhausted;
        // The start is taken off the stack, whether it is entered or not.
        self.waiting -= 1;
        let (h, context) = self.begin(start)?;
        if beyond(&mut self.control, bound, 0, clamped(h), &mut cut) {
            return Ok(cut);
        }
        self.clear();
        self.root = Some(start.clone());
        let state = start.clone();
        let root = Frame {
            g: P::Cost::ZERO,
            h,
            next: 0,
            end: 0,
            skip: None,
        };
        self.push(root, context, &state)?;
        if self.expand(&state)? {
            return Ok(Probe::Found);
        }
        self.descend::<HOLD>(state, bound, cut)
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
        self.clear();
        self.waiting = 0;
        let (h, context) = self.begin(start)?;
        self.root = Some(start.clone());
        let mut state = start.clone();
        let root = Frame {
            g: P::Cost::ZERO,
            h,
            next: 0,
            end: 0,
            skip: None,
        };
        self.push(root, context, &state)?;
        for (depth, &mv) in moves.iter().enumerate() {
            // Level `depth` has one move, the one taken, and nothing left to try.
            self.stack.push(mv);
            let parent = &mut self.frames[depth];
            parent.next = depth + 1;
            parent.end = depth + 1;
            let parent = *parent;
            let step = self.problem.apply(&mut state, mv);
            let g = match sound_step(parent.g, step) {
                Some(sum) => sum,
                None => {
                    return Err(step_refused(
                        self.problem,
                        &self.control,
                        parent.g,
                        step,
                        &state,
                        mv,
                    ));
                }
            };
            let mut context = self.contexts[depth].clone();
            let h = self.heuristic.update(&state, mv, parent.h, &mut context);
            let skip = if self.parent_by_move {
                self.problem.inverse(mv)
            } else {
                None
            };
            let child = Frame {
                g,
                h,
                next: depth + 1,
                end: depth + 1,
                skip,
            };
            self.push(child, context, &state)?;
        }
        if self.expand(&state)? {
            return Ok(Probe::Found);
        }
        self.descend::<false>(state, bound, Probe::Exhausted)
    }

    /// The depth-first search below the path held, `state` the state on its top (just
    /// expanded), until a goal is found or every level is left; `cut` is what was cut off
    /// before.
    #[inline(always)]
    fn descend<const HOLD: bool>(
        &mut self,
        mut state: P::State,
        bound: Bound<P::Cost>,
        mut cut: Probe<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        // The guard of the copying engine against cycles of zero-cost steps (see there).
        let zero_cost_guard =
            matches!(bound, Bound::Cost(_)) && !matches!(self.cycle_check, CycleCheck::Path);
        // Each pass of the outer loop (re-)enters the level on top of the path; the inner loop
        // tries its remaining moves until one is entered (the outer loop goes on one level
        // deeper) or none is left (the level's move is undone, and the level left).
        'level: while let Some(depth) = self.frames.len().checked_sub(1) {
            let parent = self.frames[depth];
            // The first move of this level to enter, found with the walker's parts borrowed
            // apart (so that the compiler knows the move stack aliases none of them).
            let entered = {
                let Self {
                    problem,
                    heuristic,
                    control,
                    stack,
                    frames,
                    contexts,
                    history,
                    keep_states,
                    cycle_check,
                    root,
                    held,
                    ..
                } = &mut *self;
                let mut entered = None;
                for (k, &mv) in stack[parent.next..parent.end].iter().enumerate() {
                    if parent.skip == Some(mv) {
                        continue;
                    }
                    let step = problem.apply(&mut state, mv);
                    // A move the cycle check refuses was generated all the same; it is not
                    // entered.
                    if *keep_states {
                        let on_path = match cycle_check {
                            CycleCheck::Path => history.contains(&state),
                            _ => {
                                state == history[depth] || depth > 0 && state == history[depth - 1]
                            }
                        };
                        if on_path {
                            problem.undo(&mut state, mv);
                            continue;
                        }
                    }
                    let g = match sound_step(parent.g, step) {
                        Some(sum) => sum,
                        None => {
                            return Err(step_refused(
                                *problem, control, parent.g, step, &state, mv,
                            ));
                        }
                    };
                    if zero_cost_guard
                        && g == parent.g
                        && repeats_at_same_cost(*problem, frames, stack, &state, mv, depth)
                    {
                        problem.undo(&mut state, mv);
                        continue;
                    }
                    let mut context = contexts[depth].clone();
                    let h = heuristic.update(&state, mv, parent.h, &mut context);
                    if h.is_nan() {
                        return Err(nan_estimate(control, &state));
                    }
                    let Some(f) = g.checked_sum(clamped(h)) else {
                        return Err(control.estimate_overflow(state, g, clamped(h)));
                    };
                    if beyond(control, bound, depth + 1, f, &mut cut) {
                        if HOLD && held.is_none() && matches!(cut, Probe::CutOff(_)) {
                            *held = Some(Partial {
                                path: replay(*problem, root, &frames[..=depth], stack),
                                cost: parent.g,
                                estimate: clamped(parent.h),
                            });
                        }
                        problem.undo(&mut state, mv);
                        continue;
                    }
                    entered = Some((parent.next + k + 1, mv, g, h, context));
                    break;
                }
                entered
            };
            if let Some((at, mv, g, h, context)) = entered {
                self.frames[depth].next = at;
                // Taken up: the ones refused since `next`, and this one.
                self.waiting -= at - parent.next;
                let skip = if self.parent_by_move {
                    self.problem.inverse(mv)
                } else {
                    None
                };
                let child = Frame {
                    g,
                    h,
                    next: parent.end,
                    end: parent.end,
                    skip,
                };
                self.push(child, context, &state)?;
                if self.expand(&state)? {
                    return Ok(Probe::Found);
                }
                continue 'level;
            }
            self.waiting -= parent.end - parent.next;
            self.frames.pop();
            self.contexts.pop();
            if self.keep_states {
                self.history.pop();
            }
            self.control.release(1);
            if let Some(up) = depth.checked_sub(1) {
                let above = self.frames[up];
                self.stack.truncate(above.end);
                self.problem.undo(&mut state, self.stack[above.next - 1]);
            }
        }
        Ok(cut)
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
    /// observer, and unless it is a goal, lists its moves into its level's buffer, counts them
    /// as generated and puts them on the stack. Returns whether it is a goal.
    #[inline(always)]
    fn expand(&mut self, state: &P::State) -> Result<bool, Failure<P>> {
        if self.frames.len() > self.split {
            self.hand_over();
            return Ok(false);
        }
        if self.countdown == 0 {
            self.refill()?;
        }
        if let Err(limit) = self.control.allow_by_cancel() {
            return Err(self.limit_reached(limit));
        }
        self.countdown -= 1;
        self.control.count_expansion();
        let depth = self.frames.len() - 1;
        let frame = self.frames[depth];
        self.observer.observe(Event::Expand {
            state,
            g: frame.g,
            h: clamped(frame.h),
        });
        if self.problem.is_goal(state) {
            return Ok(true);
        }
        let start = self.stack.len();
        self.problem.moves(state, &mut Moves::new(&mut self.stack));
        let count = self.stack.len() - start;
        self.frames[depth].end = self.stack.len();
        self.control.count_generated(count);
        self.waiting += count;
        self.control.open_size(self.waiting);
        Ok(false)
    }

    /// Adds the node on top of the path, at the split depth, to the frontier instead of
    /// expanding it: it keeps no move, so the search leaves it next.
    #[cold]
    #[inline(never)]
    fn hand_over(&mut self) {
        let depth = self.frames.len() - 1;
        let taken = self.frames[..depth]
            .iter()
            .map(|frame| self.stack[frame.next - 1]);
        self.frontier.moves.extend(taken);
        self.frontier
            .ends
            .push((self.start_index, self.frontier.moves.len()));
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

/// The states of the path `frames` describe (their moves on `stack`), start first, replayed
/// from `root`.
fn replay<P: InPlaceProblem, M>(
    problem: &P,
    root: &Option<P::State>,
    frames: &[Frame<P::Cost, M>],
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
        problem.apply(&mut state, stack[frame.next - 1]);
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
fn repeats_at_same_cost<P: InPlaceProblem, M>(
    problem: &P,
    frames: &[Frame<P::Cost, M>],
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
        problem.undo(&mut walker, stack[frames[up].next - 1]);
        at = up;
    }
}

/// Whether `problem` names the inverse of its moves: asked of the first move of its first
/// start that has one. (A move whose inverse is `None` then has its parent unpruned: still
/// correct, the search only does more work.)
pub(crate) fn names_inverses<P: InPlaceProblem>(problem: &P) -> bool {
    let mut moves = Vec::new();
    for start in problem.starts() {
        moves.clear();
        problem.moves(&start, &mut Moves::new(&mut moves));
        if let Some(&mv) = moves.first() {
            return problem.inverse(mv).is_some();
        }
    }
    false
}
