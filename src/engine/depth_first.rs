//! The depth-first engine behind IDA*, iterative deepening and depth-limited search: searches
//! whose memory is linear in the depth of the path.
//!
//! One [`Prober`] with an explicit stack (deep searches cannot overflow the call stack) keeps
//! only the current path, rejects the successors its [`CycleCheck`] finds on it, and reuses one
//! successor buffer per depth, so that no expansion allocates once the deepest level has been
//! reached. The path's states stay in the buffers they were generated into (a level records
//! where its state is), so entering a successor copies nothing. The expansion cap and the
//! deadline are asked once per run of expansions ([`Control::expansion_budget`]), a countdown
//! in between; the cancel callback before every expansion. The algorithms differ
//! in the [`Bound`] of each probe and how it grows.
//!
//! The counts follow [`Stats`](crate::Stats)' definitions: an expansion counts every successor
//! the problem delivers as generated at once (whether it is later entered, refused or never
//! tried), and puts them on the stack whose peak is `max_open`; taking one up (entering it, or
//! refusing it) takes it off.

use crate::cost::Cost;
use crate::engine::control::{Control, MAX_BUFFERED, Setup};
use crate::engine::options::{CycleCheck, Pathmax};
use crate::engine::table::{checked_step, sound_step};
use crate::error::{Limit, SearchError};
use crate::heuristic::Heuristic;
use crate::observer::{Event, IterationBound, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::progress::{Partial, Stats};
use crate::solution::Solution;

/// What bounds one depth-first probe.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Bound<C> {
    /// Nodes deeper than this many steps are not expanded.
    Depth(usize),
    /// Nodes whose f = g + h exceeds this are not expanded.
    Cost(C),
}

/// How one probe ended.
pub(crate) enum Probe<C> {
    /// A goal: the current path leads to it.
    Found,
    /// The bound cut some nodes off: for a cost bound, the least f that exceeded it.
    CutOff(Option<C>),
    /// Everything within reach was expanded and nothing was cut off.
    Exhausted,
}

/// What the two depth-first engines (this one, which copies states, and the in-place one) give
/// the drivers [`search_within`] and [`deepen`], which run their sweeps over the starts.
pub(crate) trait Sweeps<S, C> {
    /// Probes from each of `starts` within `bound` until one finds a goal (`Found`, the path
    /// held); otherwise whether any cut nodes off, with the least f cut off a cost bound.
    ///
    /// With `HOLD` (the search that does not deepen, [`search_within`]), the path held when
    /// the bound first cuts a node off is kept for [`depth_reached`](Self::depth_reached) (see
    /// [`Held`]). A compile-time choice of the caller, not a field read at run time: a program
    /// that only deepens (IDA*, IDDFS) never builds the loop that keeps it, so its one loop is
    /// compiled, and its callees inlined, as if the other did not exist.
    fn sweep<const HOLD: bool>(
        &mut self,
        starts: &[S],
        bound: Bound<C>,
    ) -> Result<Probe<C>, SearchError<S, C>>;
    /// The solution along the path held after a sweep found a goal, or the error of a path
    /// that does not hold up when checked (the in-place engine replays it).
    fn solution(&self) -> Result<Solution<S, C>, SearchError<S, C>>;
    /// The error of a search that found nothing and cut nothing off.
    fn no_path(&mut self) -> SearchError<S, C>;
    /// The error of a search whose bound cut nodes off and that goes no deeper.
    fn depth_reached(&self, bound: Bound<C>) -> SearchError<S, C>;
    /// Counts an iteration of a deepening search and tells the observer.
    fn begin_iteration(&mut self);
    /// The counts so far.
    fn stats(&self) -> Stats;
    /// Tells the observer of `event`.
    fn tell(&mut self, event: Event<'_, S, C>);
}

/// One depth-first search within `bound`, from every start in turn: for a search that does
/// not deepen ([`depth_first`](crate::depth_first)), so no iteration is counted. Stops with
/// [`Limit::Depth`] when the bound cut nodes off.
pub(crate) fn search_within<S, C: Copy, E: Sweeps<S, C>>(
    engine: &mut E,
    starts: &[S],
    bound: Bound<C>,
) -> Result<Solution<S, C>, SearchError<S, C>> {
    match engine.sweep::<true>(starts, bound)? {
        Probe::Found => engine.solution(),
        Probe::Exhausted => Err(engine.no_path()),
        Probe::CutOff(_) => Err(engine.depth_reached(bound)),
    }
}

/// Sweeps from every start with increasing bounds until a goal is found, or a sweep cuts
/// nothing off. `next` gives the bound after one that cut nodes off (with the least f cut), or
/// `None` to stop with [`Limit::Depth`]. Each sweep over the starts is an iteration, counted
/// and announced to the observer at its beginning and its end.
pub(crate) fn deepen<S, C: Copy, E: Sweeps<S, C>>(
    engine: &mut E,
    starts: &[S],
    first: Bound<C>,
    next: impl Fn(Bound<C>, Option<C>) -> Option<Bound<C>>,
) -> Result<Solution<S, C>, SearchError<S, C>> {
    let mut bound = first;
    loop {
        engine.begin_iteration();
        let before = engine.stats();
        let probe = engine.sweep::<false>(starts, bound)?;
        // Out of the sweep's loop: a search without an observer pays two copies of its counts
        // an iteration.
        let after = engine.stats();
        engine.tell(Event::IterationEnd {
            number: after.iterations,
            bound: match bound {
                Bound::Cost(cost) => IterationBound::Cost(cost),
                Bound::Depth(depth) => IterationBound::Depth(depth),
            },
            expanded: after.expanded - before.expanded,
            generated: after.generated - before.generated,
        });
        match probe {
            Probe::Found => return engine.solution(),
            Probe::Exhausted => return Err(engine.no_path()),
            Probe::CutOff(least) => match next(bound, least) {
                Some(bound_next) => bound = bound_next,
                None => return Err(engine.depth_reached(bound)),
            },
        }
    }
}

/// One level of the current path. Its state is not here but where it was generated: the
/// start for level 0, entry `at` of the level above's successor buffer otherwise, so that
/// entering a successor copies nothing.
#[derive(Clone, Copy)]
struct Frame<C> {
    g: C,
    h: C,
    /// The next successor of this level's buffer to try.
    next: usize,
    /// Where this level's state is in the buffer of the level above (unused at level 0).
    at: usize,
}

/// How many expansions a depth-first search makes between two reads of the clock for its
/// deadline (the expansion cap and the cancel callback are checked before every expansion).
pub(crate) const POLL_INTERVAL: u64 = 4096;

type Failure<P> = SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;
type Outcome<P> =
    Result<Solution<<P as SearchProblem>::State, <P as SearchProblem>::Cost>, Failure<P>>;

/// The states of the path described by `root`, `frames` and `buffers` down to level `depth`,
/// start first.
fn path_to<S: Clone, C>(
    root: &Option<S>,
    frames: &[Frame<C>],
    buffers: &[Successors<S, C>],
    depth: usize,
) -> Vec<S> {
    (0..=depth)
        .map(|d| state_at(root, frames, buffers, d).clone())
        .collect()
}

/// The state at level `depth` of the path described by `root`, `frames` and `buffers`.
#[inline(always)]
fn state_at<'s, S, C>(
    root: &'s Option<S>,
    frames: &[Frame<C>],
    buffers: &'s [Successors<S, C>],
    depth: usize,
) -> &'s S {
    match depth.checked_sub(1) {
        None => root.as_ref().expect("a probe has a start"),
        Some(above) => &buffers[above].as_slice()[frames[depth].at].0,
    }
}

/// `g + step` for a step from `from` to `to`, checked as [`checked_step`] checks every step
/// (without counting it: an expansion counts its successors when they are delivered). The
/// statistics an error carries are read only on the way to it.
#[inline(always)]
pub(crate) fn step_cost<S: Clone, C: Cost>(
    control: &Control<'_, C>,
    g: C,
    step: C,
    from: &S,
    to: &S,
) -> Result<C, SearchError<S, C>> {
    match sound_step(g, step) {
        Some(sum) => Ok(sum),
        None => Err(step_error(control, g, step, from, to)),
    }
}

/// The error [`checked_step`] gives for a step that [`sound_step`] refused.
#[cold]
#[inline(never)]
fn step_error<S: Clone, C: Cost>(
    control: &Control<'_, C>,
    g: C,
    step: C,
    from: &S,
    to: &S,
) -> SearchError<S, C> {
    match checked_step(g, step, from, to, control.stats()) {
        Err(error) => error,
        Ok(_) => unreachable!("a step sound_step refused is NaN, negative or overflows"),
    }
}

/// Whether a node at `depth` with priority `f` is not expanded in this probe. A node beyond
/// the probe's bound is a cut-off (recorded in `cut`, with the least f beyond a cost bound),
/// which a later iteration may expand; one with an infinite f or beyond the search's cost
/// bound is pruned for good (and counted).
#[inline(always)]
pub(crate) fn beyond<C: Cost>(
    control: &mut Control<'_, C>,
    bound: Bound<C>,
    depth: usize,
    f: C,
    cut: &mut Probe<C>,
) -> bool {
    // `Control::prunes`, counting only a node pruned (not adding zero for every other).
    if f.is_infinite() || control.exceeds_bound(f) {
        control.count_pruned();
        return true;
    }
    let beyond = match bound {
        Bound::Depth(limit) => depth > limit,
        Bound::Cost(limit) => f.order(limit).is_gt(),
    };
    if beyond {
        let least = match (&*cut, bound) {
            (_, Bound::Depth(_)) => None,
            (Probe::CutOff(Some(least)), _) if least.order(f).is_le() => Some(*least),
            _ => Some(f),
        };
        *cut = Probe::CutOff(least);
    }
    beyond
}

/// What a sweep over the starts has cut off, `swept` so far, once a probe has cut off nodes
/// whose least f beyond a cost bound was `least`.
#[inline]
pub(crate) fn cut_in_sweep<C: Cost>(swept: &Probe<C>, least: Option<C>) -> Probe<C> {
    Probe::CutOff(match (swept, least) {
        (Probe::CutOff(Some(a)), Some(b)) => Some(if b.order(*a).is_lt() { b } else { *a }),
        (Probe::CutOff(a), b) => a.or(b),
        (_, b) => b,
    })
}

/// [`Pathmax`] as the const parameter of the IDA* loops, so that each rule runs a loop of its
/// own, chosen once a probe, and the loop without pathmax is the one compiled before there was
/// any: off.
pub(crate) const PATHMAX_OFF: u8 = 0;
/// [`Pathmax::Forward`] as a const parameter (see [`PATHMAX_OFF`]).
pub(crate) const PATHMAX_FORWARD: u8 = 1;
/// [`Pathmax::Bidirectional`] as a const parameter (see [`PATHMAX_OFF`]).
pub(crate) const PATHMAX_BPMX: u8 = 2;

/// The const parameter of the loops for `pathmax` within `bound`: pathmax only raises
/// estimates against a cost bound (IDA*'s), never a depth bound.
#[inline]
pub(crate) fn pathmax_rule<C>(pathmax: Pathmax, bound: Bound<C>) -> u8 {
    match (pathmax, bound) {
        (Pathmax::Forward, Bound::Cost(_)) => PATHMAX_FORWARD,
        (Pathmax::Bidirectional, Bound::Cost(_)) => PATHMAX_BPMX,
        _ => PATHMAX_OFF,
    }
}

/// `h` raised by pathmax from a neighbour's estimate `from` across a step of cost `step`:
/// max(h, from − step), from − step taken as zero below zero.
#[inline(always)]
pub(crate) fn raised_by<C: Cost>(h: C, from: C, step: C) -> C {
    let up = from.excess(step);
    if up.order(h).is_gt() { up } else { h }
}

/// Whether a state at path cost `g` whose estimate BPMX raised to `h` is left at once: its
/// f = g + h exceeds the probe's cost `bound`. Where it leaves successors `untried`, f is a
/// lower bound on theirs, and is recorded in `cut` as a cut-off's f (the next iteration's
/// bound is the least of them), unless it is infinite or beyond the search's cost bound
/// (nothing below the state is then within it); where it leaves none, every successor has
/// been entered or refused, and recorded its own cut-offs. Not counted as pruned: no
/// successor is dropped by it (the one whose estimate raised the state's is judged by the
/// bound as any other); the state was expanded and its successors generated, and those left
/// untried are taken off the stack with its level.
#[inline]
pub(crate) fn backs_up<C: Cost>(
    control: &Control<'_, C>,
    bound: Bound<C>,
    g: C,
    h: C,
    untried: bool,
    cut: &mut Probe<C>,
) -> bool {
    let Bound::Cost(limit) = bound else {
        return false;
    };
    let f = g.saturating_sum(h);
    if !f.order(limit).is_gt() {
        return false;
    }
    if untried && !(f.is_infinite() || control.exceeds_bound(f)) {
        *cut = cut_in_sweep(cut, Some(f));
    }
    true
}

/// A depth-first search in progress.
pub(crate) struct Prober<'a, P: SearchProblem, H, O> {
    problem: &'a P,
    heuristic: H,
    observer: O,
    control: Control<'a, P::Cost>,
    cycle_check: CycleCheck,
    /// Whether IDA* raises estimates by pathmax or BPMX (see [`Pathmax`]).
    pathmax: Pathmax,
    /// With pathmax, the estimate of each level of the path as raised (the frames keep the
    /// heuristic's own, which its next update starts from): one a level.
    raised: Vec<P::Cost>,
    /// The start of the current probe.
    root: Option<P::State>,
    /// The current path, one frame a level.
    frames: Vec<Frame<P::Cost>>,
    /// `buffers[d]` holds the successors of the state at depth d.
    buffers: Vec<Successors<P::State, P::Cost>>,
    /// Expansions left before the limits must be asked again (see
    /// [`Control::expansion_budget`]).
    countdown: u64,
    /// The nodes on the stack that [`Stats::max_open`](crate::Stats::max_open) measures for a
    /// depth-first search: the starts of this iteration not yet taken, and the successors of
    /// every level of the path not yet taken up (entered, or refused by the cycle check or the
    /// bound).
    waiting: usize,
    /// The path held when the bound first cut a node off, in a sweep that keeps it (see
    /// [`Held`]).
    held: Held<P::State, P::Cost>,
}

/// The path a depth-limited search ([`depth_first`](crate::depth_first) and its in-place
/// twin) held when its depth limit first cut a node off: what it gives as
/// [`SearchError::best`] when the limit ends it, by which time it holds no path any more.
/// Kept by a copy of the loop that only those searches run (`HOLD` of [`Sweeps::sweep`]), so
/// that the deepening searches' loop does not even test for it.
pub(crate) type Held<S, C> = Option<Partial<S, C>>;

impl<P, H, O> Sweeps<P::State, P::Cost> for Prober<'_, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
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
        let cost = self.frames.last().map_or(P::Cost::ZERO, |frame| frame.g);
        Ok(Solution::new(self.path(), cost, self.control.stats()))
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

impl<'a, P, H, O> Prober<'a, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    pub(crate) fn new(setup: Setup<'a, P, O>, heuristic: H) -> Self {
        Prober {
            problem: setup.problem,
            heuristic,
            observer: setup.observer,
            control: setup.control,
            cycle_check: setup.options.cycle_check,
            pathmax: setup.options.pathmax,
            raised: Vec::new(),
            root: None,
            frames: Vec::new(),
            buffers: Vec::new(),
            countdown: 0,
            waiting: 0,
            held: None,
        }
    }

    /// The states of the current path, start first.
    fn path(&self) -> Vec<P::State> {
        (0..self.frames.len())
            .map(|depth| state_at(&self.root, &self.frames, &self.buffers, depth).clone())
            .collect()
    }

    fn limit_reached(&self, limit: Limit) -> Failure<P> {
        let best = self.frames.last().map(|frame| Partial {
            path: self.path(),
            cost: frame.g,
            estimate: frame.h,
        });
        self.control.limit_reached(limit, best)
    }

    /// Puts a level on the path, once the cap on stored states allows it.
    #[inline(always)]
    fn push(&mut self, frame: Frame<P::Cost>) -> Result<(), Failure<P>> {
        if let Err(limit) = self.control.admit() {
            return Err(self.limit_reached(limit));
        }
        self.frames.push(frame);
        Ok(())
    }

    /// Empties the path.
    fn clear(&mut self) {
        self.control.release(self.frames.len());
        self.frames.clear();
    }

    /// A sweep ([`Sweeps::sweep`]) without pathmax. Never inlined, as the sweeps with pathmax
    /// are not: with the loop inlined into the function that also calls them, the compiler
    /// inlined less into the loop (the copying IDA* on Korf's instance 79 ran 188.3 M
    /// instructions instead of 176.9 M).
    #[inline(never)]
    fn sweep_plain<const HOLD: bool>(
        &mut self,
        starts: &[P::State],
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        self.sweep_with::<HOLD, PATHMAX_OFF>(starts, bound)
    }

    /// A sweep ([`Sweeps::sweep`]) with pathmax `rule` ([`PATHMAX_FORWARD`] or
    /// [`PATHMAX_BPMX`]). Never inlined, so that the sweep without pathmax keeps its loop
    /// to itself (one branch before it).
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
        self.waiting = starts.len();
        self.control.open_size(self.waiting);
        let mut swept = Probe::Exhausted;
        for (taken, start) in starts.iter().enumerate() {
            self.control.count_start();
            match self.probe::<HOLD, PM>(start, bound)? {
                Probe::Found => return Ok(Probe::Found),
                Probe::CutOff(least) => swept = cut_in_sweep(&swept, least),
                Probe::Exhausted => {}
            }
            // A probe that ends without a goal has taken up everything it put on the stack.
            debug_assert_eq!(self.waiting, starts.len() - 1 - taken);
        }
        self.clear();
        Ok(swept)
    }

    /// A depth-first search from `start` within `bound`. On `Found`, the path leads to a goal.
    /// With `HOLD`, the path held at the first cut-off is kept in `held`. `PM`: the pathmax
    /// rule ([`PATHMAX_OFF`] and the others).
    ///
    /// With pathmax, a successor's estimate is raised to its parent's (as raised) less the
    /// step before the bound judges it. With BPMX, each successor's estimate, once computed
    /// and raised, raises its parent's in turn (less the step), and so does a level's raised
    /// estimate when the search leaves it and comes back to its parent: the successors tried
    /// later start from the raised value, and a level whose raised f exceeds the bound is
    /// left at once (see [`backs_up`]). The heuristic is only ever handed its own estimates.
    fn probe<const HOLD: bool, const PM: u8>(
        &mut self,
        start: &P::State,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        let mut cut = Probe::Exhausted;
        // The start is taken off the stack, whether it is entered or not.
        self.waiting -= 1;
        let h = self.control.estimate(&self.heuristic, start)?;
        if beyond(&mut self.control, bound, 0, h, &mut cut) {
            return Ok(cut);
        }
        self.clear();
        self.root = Some(start.clone());
        self.push(Frame {
            g: P::Cost::ZERO,
            h,
            next: 0,
            at: 0,
        })?;
        if PM != PATHMAX_OFF {
            self.raised.clear();
            self.raised.push(h);
        }
        if self.expand::<PM>()? {
            return Ok(Probe::Found);
        }
        // A cost bound cannot stop a cycle of zero-cost steps, which leaves g + h under it for
        // ever; a depth bound can. So under a cost bound, unless the cycle check already refuses
        // every state on the path, no successor reached at an unchanged g may be one of the
        // states reached at that g (the path's zero-cost suffix, empty of all but the current
        // state where no step costs 0). Any continuation through the repeat starts from its
        // first visit as well, at the same cost, so nothing is lost.
        let zero_cost_guard =
            matches!(bound, Bound::Cost(_)) && !matches!(self.cycle_check, CycleCheck::Path);
        // Each pass of the outer loop (re-)enters the level on top of the path and looks up its
        // state once; the inner loop then tries that level's remaining successors until one is
        // entered (the outer loop goes on one level deeper) or none is left (the level is left).
        'level: while let Some(depth) = self.frames.len().checked_sub(1) {
            let parent = self.frames[depth];
            // The level's estimate as raised, which is the heuristic's own without pathmax.
            let mut raised = parent.h;
            if PM != PATHMAX_OFF {
                raised = self.raised[depth];
            }
            let Self {
                root,
                frames,
                buffers,
                control,
                heuristic,
                cycle_check,
                held,
                ..
            } = self;
            let state = state_at(root, frames, buffers, depth);
            let grandparent = match depth.checked_sub(1) {
                Some(up) => Some(state_at(root, frames, buffers, up)),
                None => None,
            };
            let successors = buffers[depth].as_slice();
            // Back from a level below whose estimate raised this one's past the bound.
            let backed_up = PM == PATHMAX_BPMX
                && backs_up(
                    control,
                    bound,
                    parent.g,
                    raised,
                    parent.next < successors.len(),
                    &mut cut,
                );
            // By index: measured faster than `iter().enumerate().skip(next)` on the puzzle.
            #[allow(clippy::needless_range_loop)]
            for at in parent.next..successors.len() {
                if backed_up {
                    break;
                }
                let (successor, step) = &successors[at];
                // A successor the cycle check refuses was generated all the same (counted when
                // the level was expanded); it is not entered.
                let on_path = match *cycle_check {
                    CycleCheck::Off => false,
                    CycleCheck::Parent => {
                        grandparent.is_some_and(|up| successor == up) || successor == state
                    }
                    CycleCheck::Path => {
                        (0..=depth).any(|d| successor == state_at(root, frames, buffers, d))
                    }
                };
                if on_path {
                    continue;
                }
                // Checked, not counted: the level's expansion counted its successors.
                let g = step_cost(control, parent.g, *step, state, successor)?;
                if zero_cost_guard
                    && g == parent.g
                    && (0..=depth)
                        .rev()
                        .take_while(|&d| frames[d].g == g)
                        .any(|d| successor == state_at(root, frames, buffers, d))
                {
                    continue;
                }
                // With pathmax, afresh (`estimate` equals `estimate_successor` by its contract):
                // the loop without pathmax is then the only caller of `estimate_successor`,
                // which the compiler inlines into it as it did before there were others. (With
                // three callers it did not, and the copying IDA* on Korf's instance 79 ran 13%
                // more instructions without pathmax.)
                let own = if PM == PATHMAX_OFF {
                    control.estimate_successor(&*heuristic, state, parent.h, successor)?
                } else {
                    control.estimate(&*heuristic, successor)?
                };
                let mut h = own;
                if PM != PATHMAX_OFF {
                    h = raised_by(own, raised, *step);
                }
                let Some(f) = g.checked_sum(h) else {
                    return Err(control.estimate_overflow(successor.clone(), g, h));
                };
                if PM == PATHMAX_BPMX {
                    let before = raised;
                    raised = raised_by(raised, h, *step);
                    let untried = at + 1 < successors.len();
                    if raised.order(before).is_gt()
                        && backs_up(control, bound, parent.g, raised, untried, &mut cut)
                    {
                        // The successor is judged as any other: its f exceeds the bound too,
                        // by twice the step at least.
                        beyond(control, bound, depth + 1, f, &mut cut);
                        break;
                    }
                }
                if beyond(control, bound, depth + 1, f, &mut cut) {
                    if HOLD && held.is_none() && matches!(cut, Probe::CutOff(_)) {
                        *held = Some(Partial {
                            path: path_to(root, frames, buffers, depth),
                            cost: parent.g,
                            estimate: parent.h,
                        });
                    }
                    continue;
                }
                self.frames[depth].next = at + 1;
                // Taken up: the ones refused since `next`, and this one.
                self.waiting -= at + 1 - parent.next;
                self.push(Frame {
                    g,
                    h: own,
                    next: 0,
                    at,
                })?;
                if PM != PATHMAX_OFF {
                    self.raised[depth] = raised;
                    self.raised.push(h);
                }
                if self.expand::<PM>()? {
                    return Ok(Probe::Found);
                }
                continue 'level;
            }
            // Every successor tried, or those left untried after a BPMX back-up: all are
            // taken off the stack with the level.
            self.waiting -= successors.len() - parent.next;
            if PM == PATHMAX_BPMX {
                // The level's raised estimate, less the step that led to it, raises its
                // parent's: judged when the search comes back to the parent.
                self.raised.pop();
                if let Some(up) = depth.checked_sub(1) {
                    let step = self.buffers[up].as_slice()[self.frames[depth].at].1;
                    self.raised[up] = raised_by(self.raised[up], raised, step);
                }
            } else if PM != PATHMAX_OFF {
                self.raised.pop();
            }
            self.frames.pop();
            self.control.release(1);
        }
        Ok(cut)
    }

    /// Asks the limits for the next run of expansions (see [`Control::expansion_budget`]).
    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> Result<(), Failure<P>> {
        if let Err(limit) = self.control.allow_by_cap_and_clock() {
            return Err(self.limit_reached(limit));
        }
        self.countdown = self.control.expansion_budget(POLL_INTERVAL);
        Ok(())
    }

    /// The cancel callback's verdict, asked before every expansion as documented.
    #[inline(always)]
    fn check_cancel(&mut self) -> Result<(), Failure<P>> {
        match self.control.allow_by_cancel() {
            Ok(()) => Ok(()),
            Err(limit) => Err(self.limit_reached(limit)),
        }
    }

    /// Expands the state on top of the path, once the limits allow: counts it, tells the
    /// observer, and unless it is a goal, fills its level's successor buffer, counts every
    /// successor delivered as generated and puts them on the stack. Returns whether it is a
    /// goal. `PM`: the pathmax rule of the loop it is inlined into; the loops with pathmax
    /// fill the buffer by a fill of their own, so that the one without stays the only caller
    /// of its fill (see [`Successors::fill_one_at_a_time`]).
    #[inline(always)]
    fn expand<const PM: u8>(&mut self) -> Result<bool, Failure<P>> {
        if self.countdown == 0 {
            self.refill()?;
        }
        self.check_cancel()?;
        self.countdown -= 1;
        self.control.count_expansion();
        let depth = self.frames.len() - 1;
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Successors::new);
        }
        let (above, here) = self.buffers.split_at_mut(depth);
        let frame = self.frames[depth];
        let state = match depth.checked_sub(1) {
            None => self.root.as_ref().expect("a probe has a start"),
            Some(up) => &above[up].as_slice()[frame.at].0,
        };
        self.observer.observe(Event::Expand {
            state,
            g: frame.g,
            h: frame.h,
        });
        if self.problem.is_goal(state) {
            return Ok(true);
        }
        let buffer = &mut here[0];
        let collected = if PM == PATHMAX_OFF {
            self.control
                .collect_depth_first(buffer, self.problem.successors(state))
        } else if buffer.fill_one_at_a_time(self.problem.successors(state), MAX_BUFFERED) {
            Ok(())
        } else {
            Err(Limit::Successors(MAX_BUFFERED))
        };
        if let Err(limit) = collected {
            return Err(self.limit_reached(limit));
        }
        self.control.count_generated(buffer.len());
        // Without a node table, a state pushed twice would be taken at its first step's cost.
        buffer.merge_repeats();
        self.waiting += buffer.len();
        self.control.open_size(self.waiting);
        Ok(false)
    }

    /// The least estimate among the starts, the first bound of IDA*; `None` without starts.
    pub(crate) fn least_start_estimate(&self) -> Result<Option<P::Cost>, Failure<P>> {
        let mut least: Option<P::Cost> = None;
        for start in self.problem.starts() {
            let h = self.control.estimate(&self.heuristic, &start)?;
            if least.is_none_or(|least| h.order(least).is_lt()) {
                least = Some(h);
            }
        }
        Ok(least)
    }

    /// One depth-first search within `bound`, from every start in turn (see [`search_within`]).
    pub(crate) fn search(&mut self, bound: Bound<P::Cost>) -> Outcome<P> {
        let starts: Vec<P::State> = self.problem.starts().into_iter().collect();
        self.held = None;
        search_within(self, &starts, bound)
    }

    /// Sweeps with increasing bounds until a goal is found (see [`deepen`]).
    pub(crate) fn deepen(
        &mut self,
        first: Bound<P::Cost>,
        next: impl Fn(Bound<P::Cost>, Option<P::Cost>) -> Option<Bound<P::Cost>>,
    ) -> Outcome<P> {
        let starts: Vec<P::State> = self.problem.starts().into_iter().collect();
        deepen(self, &starts, first, next)
    }
}
