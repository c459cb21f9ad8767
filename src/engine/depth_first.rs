//! The depth-first engine behind IDA*, iterative deepening and depth-limited search: searches
//! whose memory is linear in the depth of the path.
//!
//! One [`Prober`] with an explicit stack (deep searches cannot overflow the call stack) keeps
//! only the current path, rejects a successor already on it (the cycle check), and reuses one
//! successor buffer per depth, so that no expansion allocates once the deepest level has been
//! reached. The algorithms differ in the [`Bound`] of each probe and how it grows.

use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::error::{Limit, SearchError};
use crate::heuristic::Heuristic;
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::solution::{Partial, Solution};

/// What bounds one depth-first probe.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Bound<C> {
    /// Nodes deeper than this many steps are not expanded.
    Depth(usize),
    /// Nodes whose f = g + h exceeds this are not expanded.
    Cost(C),
}

/// How one probe ended.
enum Probe<C> {
    /// A goal: the current path leads to it.
    Found,
    /// The bound cut some nodes off: for a cost bound, the least f that exceeded it.
    CutOff(Option<C>),
    /// Everything within reach was expanded and nothing was cut off.
    Exhausted,
}

/// One level of the current path.
struct Frame<S, C> {
    state: S,
    g: C,
    h: C,
    /// The next successor of this level's buffer to try.
    next: usize,
}

type Failure<P> = SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;
type Outcome<P> =
    Result<Solution<<P as SearchProblem>::State, <P as SearchProblem>::Cost>, Failure<P>>;

/// A depth-first search in progress.
pub(crate) struct Prober<'a, P: SearchProblem, H, O> {
    problem: &'a P,
    heuristic: H,
    observer: O,
    control: Control<'a, P::Cost>,
    path: Vec<Frame<P::State, P::Cost>>,
    /// `buffers[d]` holds the successors of the state at depth d.
    buffers: Vec<Successors<P::State, P::Cost>>,
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
            path: Vec::new(),
            buffers: Vec::new(),
        }
    }

    fn limit_reached(&self, limit: Limit) -> Failure<P> {
        let best = self.path.last().map(|frame| Partial {
            path: self.path.iter().map(|f| f.state.clone()).collect(),
            cost: frame.g,
            estimate: frame.h,
        });
        self.control.limit_reached(limit, best)
    }

    /// Whether a node at `depth` with priority `f` is not expanded in this probe. A node beyond
    /// the probe's bound is a cut-off (recorded in `cut`, with the least f beyond a cost bound),
    /// which a later iteration may expand; one with an infinite f or beyond the search's cost
    /// bound is pruned for good (and counted).
    fn beyond(
        &mut self,
        bound: Bound<P::Cost>,
        depth: usize,
        f: P::Cost,
        cut: &mut Probe<P::Cost>,
    ) -> bool {
        if self.control.prunes(f) {
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

    /// Puts a state on the path, once the cap on stored states allows it.
    fn push(&mut self, frame: Frame<P::State, P::Cost>) -> Result<(), Failure<P>> {
        if let Err(limit) = self.control.admit() {
            return Err(self.limit_reached(limit));
        }
        self.path.push(frame);
        Ok(())
    }

    /// Empties the path.
    fn clear(&mut self) {
        self.control.release(self.path.len());
        self.path.clear();
    }

    /// A depth-first search from `start` within `bound`. On `Found`, `self.path` is the path.
    fn probe(
        &mut self,
        start: P::State,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        let mut cut = Probe::Exhausted;
        let h = self.control.estimate(&self.heuristic, &start)?;
        if self.beyond(bound, 0, h, &mut cut) {
            return Ok(cut);
        }
        self.clear();
        self.push(Frame {
            state: start,
            g: P::Cost::ZERO,
            h,
            next: 0,
        })?;
        if self.expand()? {
            return Ok(Probe::Found);
        }
        while let Some(depth) = self.path.len().checked_sub(1) {
            let frame = &mut self.path[depth];
            let Some((successor, step)) = self.buffers[depth].as_slice().get(frame.next).cloned()
            else {
                self.path.pop();
                self.control.release(1);
                continue;
            };
            frame.next += 1;
            let g = frame.g;
            let new_g = self
                .control
                .step(g, step, &self.path[depth].state, &successor)?;
            if self.path.iter().any(|frame| frame.state == successor) {
                continue;
            }
            let h = self.control.estimate(&self.heuristic, &successor)?;
            let Some(f) = new_g.checked_sum(h) else {
                return Err(self.control.estimate_overflow(successor, new_g, h));
            };
            if self.beyond(bound, depth + 1, f, &mut cut) {
                continue;
            }
            self.push(Frame {
                state: successor,
                g: new_g,
                h,
                next: 0,
            })?;
            if self.expand()? {
                return Ok(Probe::Found);
            }
        }
        Ok(cut)
    }

    /// Expands the state on top of the path, once the limits allow: counts it, tells the
    /// observer, and unless it is a goal, fills its level's successor buffer. Returns whether
    /// it is a goal.
    fn expand(&mut self) -> Result<bool, Failure<P>> {
        if let Err(limit) = self.control.expansion() {
            return Err(self.limit_reached(limit));
        }
        let depth = self.path.len() - 1;
        let frame = &self.path[depth];
        self.observer.observe(Event::Expand {
            state: &frame.state,
            g: frame.g,
            h: frame.h,
        });
        if self.problem.is_goal(&frame.state) {
            return Ok(true);
        }
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Successors::new);
        }
        let buffer = &mut self.buffers[depth];
        buffer.clear();
        self.problem.successors(&frame.state, buffer);
        // Without a node table, a state pushed twice would be taken at its first step's cost.
        buffer.merge_repeats();
        Ok(false)
    }

    fn solution(&self) -> Solution<P::State, P::Cost> {
        let path = self.path.iter().map(|frame| frame.state.clone()).collect();
        let cost = self.path.last().map_or(P::Cost::ZERO, |frame| frame.g);
        Solution::new(path, cost, self.control.stats())
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

    /// Probes from every start with increasing bounds until a goal is found, or a probe cuts
    /// nothing off. `next` gives the bound after one that cut nodes off (with the least f cut),
    /// or `None` to stop with [`Limit::Depth`].
    pub(crate) fn deepen(
        &mut self,
        first: Bound<P::Cost>,
        next: impl Fn(Bound<P::Cost>, Option<P::Cost>) -> Option<Bound<P::Cost>>,
    ) -> Outcome<P> {
        let starts: Vec<P::State> = self.problem.starts().into_iter().collect();
        let mut bound = first;
        loop {
            let number = self.control.count_iteration();
            self.observer.observe(Event::Iteration { number });
            let mut cut_off: Option<Option<P::Cost>> = None;
            for start in &starts {
                self.control.count_start();
                match self.probe(start.clone(), bound)? {
                    Probe::Found => return Ok(self.solution()),
                    Probe::CutOff(least) => {
                        let merged = match (cut_off.flatten(), least) {
                            (Some(a), Some(b)) => Some(if b.order(a).is_lt() { b } else { a }),
                            (a, b) => a.or(b),
                        };
                        cut_off = Some(merged);
                    }
                    Probe::Exhausted => {}
                }
            }
            self.clear();
            match cut_off {
                None => return Err(self.control.no_path()),
                Some(least) => match next(bound, least) {
                    Some(bound_next) => bound = bound_next,
                    None => {
                        return Err(self.limit_reached(Limit::Depth(match bound {
                            Bound::Depth(d) => d,
                            Bound::Cost(_) => 0,
                        })));
                    }
                },
            }
        }
    }
}
