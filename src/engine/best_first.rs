//! The best-first engine behind Dijkstra, greedy best-first, A*, weighted A*, anytime A*, the
//! stepper, the resumable search, reachability, bidirectional Dijkstra, Yen's paths and all
//! optimal paths.
//!
//! One [`Engine`] is a node table and an open set ranked by a [`Ranking`]; the algorithms differ
//! in the ranking and heuristic they give it and in what they do between expansions. They drive
//! it through four operations: [`Engine::start`], [`Engine::pop`], [`Engine::expand`] and, for
//! those that handle successors themselves, [`Engine::relax`].

use std::marker::PhantomData;

use crate::cost::{Cost, Ranked};
use crate::engine::control::{Control, Setup};
use crate::engine::heap::{Frontier, OpenSets};
use crate::engine::options::{EstimateTie, OpenSet, Options, Pathmax, Reopening, TieBreak};
use crate::engine::select::{EngineBody, with_engine};
use crate::engine::table::{
    Lookup, NO_PARENT, Node, NodeTables, Placed, Table, Tables, least_estimate, most_promising,
    path, path_cost,
};
use crate::error::SearchError;
use crate::heuristic::Heuristic;
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::solution::{SearchResult, Solution};

/// What a best-first search ranks the open set by.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Ranking {
    /// f = g + h, ties to the smaller h. Closed states reached by a cheaper path are reopened,
    /// which keeps A* optimal with an admissible but inconsistent h. An f that overflows the
    /// cost type is an error.
    Cost,
    /// g + w·h, ties to the smaller h, reopening as for `Cost` unless told not to (for a
    /// heuristic declared consistent, see [`Reopening`]). The weighted sum saturates at the
    /// cost type's bounds: a large weight turns the ranking into h alone among the saturated
    /// states, its limit as w grows, and the bound of max(1, w) × optimal still holds.
    Weighted(f64, Reopening),
    /// h alone, ties to the smaller g. Closed states are never reopened: greedy search makes no
    /// optimality claim, and reopening would only cost time.
    Estimate,
    /// g alone, for a heuristic that is 0 everywhere (Dijkstra, reachability). With FIFO ties,
    /// and for as long as every step cost seen is the same, the engine expands states in the
    /// order it stored them, which is then exactly Dijkstra's order, with no heap at all (see
    /// `Order::Layers`); at the first step of another cost it moves the unexpanded states onto the
    /// heap and goes on as Dijkstra.
    Distance,
    /// f = g + h as [`Cost`](Self::Cost), ties to the larger h
    /// ([`EstimateTie::Larger`](crate::EstimateTie::Larger)).
    CostLargerH,
    /// g + w·h as [`Weighted`](Self::Weighted), ties to the larger w·h.
    WeightedLargerH(f64, Reopening),
}

impl Ranking {
    /// This ranking with `tie` among equal priorities: A*'s and weighted A*'s change with it,
    /// the others (ranking by g alone or by h alone) do not.
    pub(crate) fn with_estimate_tie(self, tie: EstimateTie) -> Ranking {
        match (self, tie) {
            (Ranking::Cost, EstimateTie::Larger) => Ranking::CostLargerH,
            (Ranking::Weighted(weight, reopening), EstimateTie::Larger) => {
                Ranking::WeightedLargerH(weight, reopening)
            }
            (Ranking::CostLargerH, EstimateTie::Smaller) => Ranking::Cost,
            (Ranking::WeightedLargerH(weight, reopening), EstimateTie::Smaller) => {
                Ranking::Weighted(weight, reopening)
            }
            (ranking, _) => ranking,
        }
    }
}

/// How the engine finds the next node to expand.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Order<C> {
    /// By the open set.
    Heap,
    /// In the order stored: the unexpanded states are those from `next` on, and every step so
    /// far cost `step` (`None` before the first). Breadth-first layers of equal cost: a state's
    /// g is never improved, so no heap is needed.
    Layers { next: usize, step: Option<C> },
}

/// The key of a queued node: (f, h) for [`Ranking::Cost`], (g + w·h, w·h) for
/// [`Ranking::Weighted`], (h, g) for [`Ranking::Estimate`], packed into one integer where the
/// cost type allows (see `Cost::pair`), so that the heap's comparisons are single integer
/// comparisons. Smaller is expanded first; the open set breaks the ties that remain by node
/// index, in the order of the search's [`TieBreak`].
pub(crate) type Priority<C> = <C as Cost>::Pair;

/// How an engine makes the keys of its open set: [`PairKeys`] for every ranking, [`CostKeys`]
/// for [`Ranking::Distance`] alone. Chosen with the engine's type, so that Dijkstra's heap
/// compares and moves one cost a entry instead of two (16 bytes an entry instead of 24 for the
/// 64-bit costs, 8 instead of 16 for the 32-bit ones).
pub(crate) trait Keys<C: Cost>: 'static {
    /// The key.
    type Key: Ranked;
    /// The open set [`OpenSet::Auto`] stands for with these keys and a dense table.
    const AUTO: OpenSet;
    /// The open set [`OpenSet::Auto`] stands for with these keys and a hashed table.
    const AUTO_HASHED: OpenSet;
    /// Whether the engine raises estimates by pathmax (see [`Pathmax`]): only with
    /// [`Raised`] keys.
    const RAISES: bool = false;
    /// Whether it also raises them by BPMX.
    const BPMX: bool = false;
    /// The key of a node with path cost `g`, estimate `h` and f = `f` under `ranking`.
    fn key(ranking: Ranking, g: C, h: C, f: C) -> Self::Key;
}

/// Keys of two costs ([`Priority`]), for every ranking.
pub(crate) struct PairKeys;

impl<C: Cost> Keys<C> for PairKeys {
    type Key = Priority<C>;
    const AUTO: OpenSet = OpenSet::QuaternaryHeap;
    // Measured on hashed A* (see `OpenSet`): the lazy heap wins by a tenth where an entry, key
    // and rank together, fits in 16 bytes (costs of 32 bits or fewer), and loses where it does
    // not (the 32-byte entries of `f64` costs), whose extra entries for cheaper paths cost more
    // than the positions the 4-ary heap writes.
    const AUTO_HASHED: OpenSet = if std::mem::size_of::<<Priority<C> as Ranked>::WithRank>() <= 16 {
        OpenSet::LazyHeap
    } else {
        OpenSet::QuaternaryHeap
    };

    #[inline(always)]
    fn key(ranking: Ranking, g: C, h: C, f: C) -> Priority<C> {
        match ranking {
            Ranking::Cost | Ranking::Distance => C::pair(f, h),
            Ranking::Weighted(weight, _) => {
                let weighted = h.scale(weight);
                C::pair(g.saturating_sum(weighted), weighted)
            }
            Ranking::Estimate => C::pair(h, g),
            Ranking::CostLargerH => C::pair_larger_second(f, h),
            Ranking::WeightedLargerH(weight, _) => {
                let weighted = h.scale(weight);
                C::pair_larger_second(g.saturating_sum(weighted), weighted)
            }
        }
    }
}

/// Keys of one cost, f, for [`Ranking::Distance`] only: its h is 0 everywhere, so (f, h) orders
/// as f alone.
pub(crate) struct CostKeys;

impl<C: Cost> Keys<C> for CostKeys {
    type Key = C::Single;
    const AUTO: OpenSet = OpenSet::LazyHeap;
    const AUTO_HASHED: OpenSet = OpenSet::LazyHeap;

    #[inline(always)]
    fn key(ranking: Ranking, _g: C, h: C, f: C) -> C::Single {
        debug_assert!(ranking == Ranking::Distance && h.order(C::ZERO).is_eq());
        f.single()
    }
}

/// The keys of `K`, for an engine that raises estimates by pathmax, and by BPMX if `BPMX`
/// (see [`Pathmax`]). A type of its own, so that every function of such an engine is compiled
/// apart from those of the engine without pathmax: sharing them would change what the compiler
/// inlines into the search loop without pathmax (a shared table probe, no longer inlined, cost
/// the 8-puzzle's A* 7% more instructions).
pub(crate) struct Raised<K, const BPMX: bool>(PhantomData<K>);

impl<C: Cost, K: Keys<C>, const BPMX: bool> Keys<C> for Raised<K, BPMX> {
    type Key = K::Key;
    const AUTO: OpenSet = K::AUTO;
    const AUTO_HASHED: OpenSet = K::AUTO_HASHED;
    const RAISES: bool = true;
    const BPMX: bool = BPMX;

    #[inline(always)]
    fn key(ranking: Ranking, g: C, h: C, f: C) -> Self::Key {
        K::key(ranking, g, h, f)
    }
}

/// The pathmax a search ranked by `ranking` applies when told `pathmax`: that for A* and
/// weighted A*, none for the other rankings (Dijkstra's g, greedy search's h).
pub(crate) fn applied(ranking: Ranking, pathmax: Pathmax) -> Pathmax {
    match ranking {
        Ranking::Cost
        | Ranking::CostLargerH
        | Ranking::Weighted(..)
        | Ranking::WeightedLargerH(..) => pathmax,
        Ranking::Estimate | Ranking::Distance => Pathmax::Off,
    }
}

/// The open set of an engine over open sets `Q` with keys `K`.
pub(crate) type OpenOf<Q, C, K = PairKeys> = <Q as OpenSets>::Open<<K as Keys<C>>::Key>;

/// What [`Engine::relax`] did with a successor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relaxed {
    /// A new state, stored and queued at this index.
    New(usize),
    /// A stored state reached by a cheaper path: moved up on the open set, or reopened.
    Improved(usize),
    /// A stored state reached by a path as cheap as its own.
    Equal(usize),
    /// A stored state reached by a dearer path, or a closed one that greedy search keeps closed.
    Kept(usize),
    /// A new state whose f is infinite or beyond the cost bound: neither stored nor queued.
    Pruned,
}

/// Where [`Engine::advance`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Advanced {
    /// It expanded as many nodes as it was allowed, the last at this index.
    Spent { last: usize },
    /// It expanded the goal at this index.
    Goal(usize),
}

/// The state of one best-first search: a node table `T` and an open set `Q` of keys made by
/// `K`.
pub(crate) struct Engine<S, C, T, Q, K = PairKeys> {
    pub(crate) table: T,
    pub(crate) open: Q,
    ranking: Ranking,
    order: Order<C>,
    /// The successors of the state being expanded, for states that own memory (see
    /// [`expand_with`](Self::expand_with)) and under pathmax; never allocated for the others.
    steps: Successors<S, C>,
    /// Under BPMX, the g and estimate of each successor of the state being expanded, in the
    /// order of `steps`.
    estimates: Vec<(C, C)>,
    _types: Types<S, C, K>,
}

/// The types an [`Engine`] works with but does not hold.
type Types<S, C, K> = PhantomData<fn() -> (S, C, K)>;

/// The order an engine starts in: layers for [`Ranking::Distance`] with FIFO ties, where they
/// give Dijkstra's order; the heap otherwise.
fn first_order<C>(ranking: Ranking, ties: TieBreak) -> Order<C> {
    if ranking == Ranking::Distance && ties == TieBreak::Fifo {
        Order::Layers {
            next: 0,
            step: None,
        }
    } else {
        Order::Heap
    }
}

type Failure<S, C> = SearchError<S, C>;

impl<S, C, T, Q, K> Engine<S, C, T, Q, K>
where
    S: Clone + Eq,
    C: Cost,
    T: Table<S, C>,
    K: Keys<C>,
    Q: Frontier<K::Key>,
{
    pub(crate) fn new(table: T, ties: TieBreak, ranking: Ranking) -> Self {
        Engine {
            table,
            open: Q::new(ties),
            ranking,
            order: first_order(ranking, ties),
            steps: Successors::new(),
            estimates: Vec::new(),
            _types: PhantomData,
        }
    }

    /// An engine on a node table and an open set that are both empty (a reused table and heap),
    /// the heap ordering ties by `ties`.
    pub(crate) fn from_parts(table: T, open: Q, ranking: Ranking, ties: TieBreak) -> Self {
        Engine {
            table,
            open,
            ranking,
            order: first_order(ranking, ties),
            steps: Successors::new(),
            estimates: Vec::new(),
            _types: PhantomData,
        }
    }

    /// The number of states waiting to be expanded.
    #[inline]
    pub(crate) fn open_len(&self) -> usize {
        match self.order {
            Order::Heap => self.open.len(),
            Order::Layers { next, .. } => self.table.len() - next,
        }
    }

    /// Whether the stored state `index` waits to be expanded.
    pub(crate) fn is_open(&self, index: usize) -> bool {
        match self.order {
            Order::Heap => self.open.queued(index),
            Order::Layers { next, .. } => index >= next,
        }
    }

    /// The states waiting to be expanded, in no particular order.
    pub(crate) fn open_items(&self) -> Box<dyn Iterator<Item = usize> + '_> {
        match self.order {
            Order::Heap => Box::new(self.open.items().map(|(index, _)| index)),
            Order::Layers { next, .. } => Box::new(next..self.table.len()),
        }
    }

    /// Notes the cost of a step while in layers, before its successor is relaxed: a step of
    /// another cost than the ones before moves every unexpanded state onto the heap (those of
    /// this expansion stored so far included), from where the search goes on as Dijkstra. The
    /// heap then holds what it would have held all along.
    #[inline(always)]
    pub(crate) fn see_step(&mut self, step: C) {
        if let Order::Layers { step: seen, .. } = &mut self.order {
            match *seen {
                None => *seen = Some(step),
                Some(seen) if seen.order(step).is_eq() => {}
                Some(_) => self.leave_layers(),
            }
        }
    }

    /// Takes over a breadth-first flood whose states this engine's table holds, in the order
    /// the flood stored them, with their parents and costs: those before `next` are expanded,
    /// and every step so far cost `step`. The engine goes on in layers, as if it had stored them
    /// itself (for [`Ranking::Distance`] with FIFO ties, which start in layers).
    pub(crate) fn resume_layers(&mut self, next: usize, step: C) {
        debug_assert!(matches!(self.order, Order::Layers { next: 0, .. }));
        self.order = Order::Layers {
            next,
            step: Some(step),
        };
    }

    /// Moves every unexpanded state onto the heap: a step of a new cost has been seen.
    #[cold]
    #[inline(never)]
    fn leave_layers(&mut self) {
        if let Order::Layers { next, .. } = self.order {
            self.order = Order::Heap;
            for index in next..self.table.len() {
                let node = *self.table.node(index);
                let f = node.g.saturating_sum(node.h);
                self.open.push(index, self.key(node.g, node.h, f));
            }
        }
    }

    /// The node table and the open set, for reuse.
    pub(crate) fn into_parts(self) -> (T, Q) {
        (self.table, self.open)
    }

    /// The f = g + h by which the bound prunes (h unweighted), or `None` where it overflows.
    /// Greedy search, which does not rank by it, takes h alone where the sum overflows.
    #[inline]
    fn bound_f(&self, g: C, h: C) -> Option<C> {
        match self.ranking {
            Ranking::Cost
            | Ranking::Weighted(..)
            | Ranking::Distance
            | Ranking::CostLargerH
            | Ranking::WeightedLargerH(..) => g.checked_sum(h),
            Ranking::Estimate => Some(g.checked_sum(h).unwrap_or(h)),
        }
    }

    /// Whether a closed state reached by a cheaper path goes back on the open set: not for
    /// greedy search, which makes no claim about cost, nor for weighted A* told that its
    /// heuristic is consistent.
    #[inline]
    fn reopens(&self) -> bool {
        !matches!(
            self.ranking,
            Ranking::Estimate
                | Ranking::Weighted(_, Reopening::Never)
                | Ranking::WeightedLargerH(_, Reopening::Never)
        )
    }

    /// The key of a node with path cost `g`, estimate `h` and f = `f`.
    #[inline]
    fn key(&self, g: C, h: C, f: C) -> K::Key {
        K::key(self.ranking, g, h, f)
    }

    /// Stores and queues the start states.
    pub(crate) fn start<P, H, O>(
        &mut self,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<(), Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        for start in problem.starts() {
            control.count_start();
            self.relax(start, NO_PARENT, C::ZERO, heuristic, control, observer)?;
        }
        control.open_size(self.open_len());
        Ok(())
    }

    /// The g of the best node on the open set, `None` if it is empty.
    #[inline]
    pub(crate) fn min_g(&mut self) -> Option<C> {
        match self.order {
            Order::Heap => self.open.peek().map(|index| self.table.node(index).g),
            Order::Layers { next, .. } => {
                (next < self.table.len()).then(|| self.table.node(next).g)
            }
        }
    }

    /// The node [`pop`](Self::pop) takes next, if the limits allow it; `None` if the open set
    /// is empty.
    #[inline]
    pub(crate) fn peek(&mut self) -> Option<usize> {
        match self.order {
            Order::Heap => self.open.peek(),
            Order::Layers { next, .. } => (next < self.table.len()).then_some(next),
        }
    }

    /// Takes the best node off the open set, once the limits allow one more expansion (so that
    /// a search stopped by a limit still holds every open node).
    ///
    /// # Errors
    ///
    /// [`SearchError::NoPath`] when the open set is empty, or
    /// [`SearchError::LimitReached`] with the most promising path.
    #[inline]
    pub(crate) fn pop(&mut self, control: &mut Control<'_, C>) -> Result<usize, Failure<S, C>> {
        if self.open_len() == 0 {
            return Err(control.no_path());
        }
        if let Err(limit) = control.allow_expansion() {
            return Err(control.limit_reached(limit, most_promising(&self.table)));
        }
        match &mut self.order {
            Order::Heap => {
                let (current, _) = self.open.pop().expect("the open set is not empty");
                Ok(current)
            }
            Order::Layers { next, .. } => {
                *next += 1;
                Ok(*next - 1)
            }
        }
    }

    /// Expands the node `current`, just taken off the open set by [`pop`](Self::pop): counts
    /// it, and unless it is a goal, generates and relaxes its successors.
    /// Returns whether it did (false for a goal).
    #[inline]
    pub(crate) fn expand<P, H, O>(
        &mut self,
        current: usize,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<bool, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let ignore = |_: Relaxed| {};
        self.expand_with(current, problem, heuristic, control, observer, ignore)
    }

    /// [`expand`](Self::expand), telling `relaxed` what [`relax`](Self::relax) did with each
    /// successor (but the step back to the parent, which is skipped).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn expand_with<P, H, O>(
        &mut self,
        current: usize,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
        mut relaxed: impl FnMut(Relaxed),
    ) -> Result<bool, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let (state, node) = self.table.entry(current);
        let (g, h, parent) = (node.g, node.h, node.parent());
        // g + h was checked when the node was stored, but by greedy search, which then takes
        // h alone where the sum overflows.
        control.count_expansion_at(g.checked_sum(h).unwrap_or(h));
        observer.observe(Event::Expand { state, g, h });
        if problem.is_goal(state) {
            return Ok(false);
        }
        // The successors may borrow the state, but new states are stored in the table as they
        // come. A state that owns memory (a `Vec` board) would cost an allocation to copy: its
        // successors are collected first, and the borrow ends before any is stored. Any other
        // state is copied, and its successors are taken as they are produced, with nothing
        // written to a buffer and read back.
        // Whether the steps' costs are still looked at: read once, as the relaxations below
        // write to `self`, and leaving the layers makes `see_step` a test that fails at once.
        let layered = matches!(self.order, Order::Layers { .. });
        if const { std::mem::needs_drop::<S>() } {
            let mut steps = std::mem::replace(&mut self.steps, Successors::new());
            if let Err(limit) = control.collect(&mut steps, problem.successors(state)) {
                self.steps = steps;
                return Err(control.limit_reached(limit, most_promising(&self.table)));
            }
            let taken: Result<(), Failure<S, C>> =
                steps.drain().try_for_each(|(successor, step)| {
                    if layered {
                        self.see_step(step);
                    }
                    let new_g = control.step(g, step, self.table.state(current), &successor)?;
                    if !self.is_state(parent, &successor) {
                        relaxed(
                            self.relax(successor, current, new_g, heuristic, control, observer)?,
                        );
                    }
                    Ok(())
                });
            self.steps = steps;
            taken?;
        } else {
            let state = state.clone();
            for (successor, step) in problem.successors(&state) {
                if layered {
                    self.see_step(step);
                }
                let new_g = control.step(g, step, &state, &successor)?;
                if !self.is_state(parent, &successor) {
                    relaxed(self.relax(successor, current, new_g, heuristic, control, observer)?);
                }
            }
        }
        control.open_size(self.open_len());
        Ok(true)
    }

    /// Whether `state` is the node `index` (false for `NO_PARENT`). Used to skip the step back
    /// to the parent, which can never improve it: the parent's g is at most g - (the step that
    /// led here), and steps are not negative. Comparing two states is cheaper than the lookup
    /// it saves, and in undirected spaces (grids, puzzles) one successor in every expansion is
    /// the parent.
    #[inline(always)]
    fn is_state(&self, index: usize, state: &S) -> bool {
        self.table.is_at(index, state)
    }

    /// Pops and expands nodes until it expands a goal, and returns the goal's index.
    ///
    /// # Errors
    ///
    /// Those of [`pop`](Self::pop) and [`expand`](Self::expand).
    pub(crate) fn run_to_goal<P, H, O>(
        &mut self,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<usize, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        loop {
            let current = self.pop(control)?;
            if !self.expand(current, problem, heuristic, control, observer)? {
                return Ok(current);
            }
        }
    }

    /// [`start`](Self::start) for an engine with [`Raised`] keys.
    pub(crate) fn start_raised<P, H, O>(
        &mut self,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<(), Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        for start in problem.starts() {
            control.count_start();
            let (g, floor) = (C::ZERO, C::ZERO);
            self.relax_raised(
                start, NO_PARENT, g, floor, None, heuristic, control, observer,
            )?;
        }
        control.open_size(self.open_len());
        Ok(())
    }

    /// [`run_to_goal`](Self::run_to_goal) for an engine with [`Raised`] keys.
    pub(crate) fn run_to_goal_raised<P, H, O>(
        &mut self,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<usize, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let ignore = |_: Relaxed| {};
        loop {
            let current = self.pop(control)?;
            let expanded =
                self.expand_pathmax(current, problem, heuristic, control, observer, ignore)?;
            if !expanded {
                return Ok(current);
            }
        }
    }

    /// [`expand_with`](Self::expand_with), under pathmax for an engine with [`Raised`] keys: for
    /// the searches held between calls.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn expand_as<P, H, O>(
        &mut self,
        current: usize,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
        relaxed: impl FnMut(Relaxed),
    ) -> Result<bool, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        if K::RAISES {
            self.expand_pathmax(current, problem, heuristic, control, observer, relaxed)
        } else {
            self.expand_with(current, problem, heuristic, control, observer, relaxed)
        }
    }

    /// [`expand_with`](Self::expand_with) under pathmax: each successor t of s is relaxed with
    /// its estimate raised to at least h(s) − cost(s, t). With BPMX (`K::BPMX`), h(s) is first raised to
    /// at least h(t) − cost(s, t) over every successor t (its stored estimate if it is stored,
    /// the heuristic's otherwise, asked once), and the raised h(s) is stored.
    ///
    /// The successors are collected first, whatever the state type: BPMX needs them all before
    /// it relaxes any.
    #[allow(clippy::too_many_arguments)]
    fn expand_pathmax<P, H, O>(
        &mut self,
        current: usize,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
        mut relaxed: impl FnMut(Relaxed),
    ) -> Result<bool, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let (state, node) = self.table.entry(current);
        let (g, mut h, parent) = (node.g, node.h, node.parent());
        control.count_expansion_at(g.checked_sum(h).unwrap_or(h));
        observer.observe(Event::Expand { state, g, h });
        if problem.is_goal(state) {
            return Ok(false);
        }
        let mut steps = std::mem::replace(&mut self.steps, Successors::new());
        if let Err(limit) = control.collect(&mut steps, problem.successors(state)) {
            self.steps = steps;
            return Err(control.limit_reached(limit, most_promising(&self.table)));
        }
        let mut estimates = std::mem::take(&mut self.estimates);
        estimates.clear();
        let outcome: Result<(), Failure<S, C>> = (|| {
            if K::BPMX {
                for (successor, step) in steps.as_slice() {
                    let new_g = control.step(g, *step, self.table.state(current), successor)?;
                    // The parent needs no lookup; the step back to it is not relaxed, but its
                    // estimate still bounds this state's.
                    let estimate = if self.is_state(parent, successor) {
                        self.table.node(parent).h
                    } else {
                        match self.table.lookup(successor) {
                            Lookup::Stored(index) => self.table.node(index).h,
                            Lookup::New(_) => control.estimate(heuristic, successor)?,
                        }
                    };
                    h = raise(h, estimate.excess(*step));
                    estimates.push((new_g, estimate));
                }
                self.table.node_mut(current).h = h;
                for ((successor, step), &(new_g, estimate)) in steps.drain().zip(&estimates) {
                    if !self.is_state(parent, &successor) {
                        let floor = h.excess(step);
                        relaxed(self.relax_raised(
                            successor,
                            current,
                            new_g,
                            floor,
                            Some(estimate),
                            heuristic,
                            control,
                            observer,
                        )?);
                    }
                }
            } else {
                for (successor, step) in steps.drain() {
                    let new_g = control.step(g, step, self.table.state(current), &successor)?;
                    if !self.is_state(parent, &successor) {
                        let floor = h.excess(step);
                        relaxed(self.relax_raised(
                            successor, current, new_g, floor, None, heuristic, control, observer,
                        )?);
                    }
                }
            }
            Ok(())
        })();
        // An error leaves successors behind: the buffer is kept empty between expansions.
        drop(steps.drain());
        self.steps = steps;
        self.estimates = estimates;
        outcome?;
        control.open_size(self.open_len());
        Ok(true)
    }

    /// Pops and expands at most `limit` nodes (at least one), stopping early at a goal; adds to
    /// `improved`, if given, every stored state a cheaper path reached. For the searches held
    /// between calls: one call of this, rather than one per expansion, keeps the loop as tight
    /// as [`run_to_goal`](Self::run_to_goal)'s.
    ///
    /// # Errors
    ///
    /// Those of [`pop`](Self::pop) and [`expand`](Self::expand).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn advance<P, H, O>(
        &mut self,
        limit: u64,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
        improved: Option<&mut Vec<usize>>,
    ) -> Result<Advanced, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let mut last = NO_PARENT;
        match improved {
            None => {
                let ignore = |_: Relaxed| {};
                for _ in 0..limit {
                    last = self.pop(control)?;
                    if !self.expand_as(last, problem, heuristic, control, observer, ignore)? {
                        return Ok(Advanced::Goal(last));
                    }
                }
            }
            Some(improved) => {
                for _ in 0..limit {
                    last = self.pop(control)?;
                    let note = |relaxed: Relaxed| {
                        if let Relaxed::Improved(index) = relaxed {
                            improved.push(index);
                        }
                    };
                    if !self.expand_as(last, problem, heuristic, control, observer, note)? {
                        return Ok(Advanced::Goal(last));
                    }
                }
            }
        }
        Ok(Advanced::Spent { last })
    }

    /// Handles `state`, reached at cost `g` from the node `parent` (`NO_PARENT` for a start):
    /// stores and queues it if it is new and not pruned, moves it up or reopens it if the path
    /// is cheaper than its own.
    #[inline(always)]
    pub(crate) fn relax<H, O>(
        &mut self,
        state: S,
        parent: usize,
        g: C,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<Relaxed, Failure<S, C>>
    where
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        // One probe: a new state is stored at once (h to follow), and taken back if it is not
        // kept, which is rare.
        match self
            .table
            .find_or_insert(state, Node::new(parent, g, C::ZERO))
        {
            Placed::Inserted(index) => {
                let h = match control.estimate(heuristic, self.table.state(index)) {
                    Ok(h) => h,
                    Err(error) => {
                        self.table.remove_last();
                        return Err(error);
                    }
                };
                let Some(f) = self.bound_f(g, h) else {
                    let state = self.table.state(index).clone();
                    self.table.remove_last();
                    return Err(control.estimate_overflow(state, g, h));
                };
                if control.prunes(f) {
                    self.table.remove_last();
                    return Ok(Relaxed::Pruned);
                }
                self.table.node_mut(index).h = h;
                if let Err(limit) = control.admit_stored(&mut self.table, observer, index) {
                    return Err(control.limit_reached(limit, most_promising(&self.table)));
                }
                if self.order == Order::Heap {
                    self.open.push(index, self.key(g, h, f));
                }
                Ok(Relaxed::New(index))
            }
            Placed::Found(index) => match g.order(self.table.node(index).g) {
                std::cmp::Ordering::Less => self.improve(index, parent, g, control, observer),
                std::cmp::Ordering::Equal => Ok(Relaxed::Equal(index)),
                std::cmp::Ordering::Greater => Ok(Relaxed::Kept(index)),
            },
        }
    }

    /// [`relax`](Self::relax) under pathmax: a new state's estimate is `known` (the
    /// heuristic's, asked before) or else the heuristic's, raised to at least `floor`; a stored
    /// state reached by a cheaper path has its estimate raised to at least `floor` as its key is
    /// made again, unless it waits on the open set and the raise would rank it later than it
    /// was (the open set moves a state up only). A stored state reached by a path no cheaper
    /// keeps its estimate.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn relax_raised<H, O>(
        &mut self,
        state: S,
        parent: usize,
        g: C,
        floor: C,
        known: Option<C>,
        heuristic: &H,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<Relaxed, Failure<S, C>>
    where
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        match self
            .table
            .find_or_insert(state, Node::new(parent, g, C::ZERO))
        {
            Placed::Inserted(index) => {
                let h = match known {
                    Some(h) => h,
                    None => match control.estimate(heuristic, self.table.state(index)) {
                        Ok(h) => h,
                        Err(error) => {
                            self.table.remove_last();
                            return Err(error);
                        }
                    },
                };
                let h = raise(h, floor);
                let Some(f) = self.bound_f(g, h) else {
                    let state = self.table.state(index).clone();
                    self.table.remove_last();
                    return Err(control.estimate_overflow(state, g, h));
                };
                if control.prunes(f) {
                    self.table.remove_last();
                    return Ok(Relaxed::Pruned);
                }
                self.table.node_mut(index).h = h;
                if let Err(limit) = control.admit_stored(&mut self.table, observer, index) {
                    return Err(control.limit_reached(limit, most_promising(&self.table)));
                }
                self.open.push(index, self.key(g, h, f));
                Ok(Relaxed::New(index))
            }
            Placed::Found(index) => {
                let Node { g: old_g, h, .. } = *self.table.node(index);
                match g.order(old_g) {
                    std::cmp::Ordering::Less => {
                        let raised = raise(h, floor);
                        if raised.order(h).is_gt() && self.keeps_rank(index, old_g, h, g, raised) {
                            self.table.node_mut(index).h = raised;
                        }
                        self.improve(index, parent, g, control, observer)
                    }
                    std::cmp::Ordering::Equal => Ok(Relaxed::Equal(index)),
                    std::cmp::Ordering::Greater => Ok(Relaxed::Kept(index)),
                }
            }
        }
    }

    /// Whether the stored node `index`, of path cost `old_g` and estimate `old_h`, may take
    /// path cost `g` and estimate `h`: yes if it is closed (it is pushed anew if reopened), or
    /// if its key does not rise (a queued key can only be lowered).
    fn keeps_rank(&mut self, index: usize, old_g: C, old_h: C, g: C, h: C) -> bool {
        if !self.open.contains(index) {
            return true;
        }
        let (Some(old_f), Some(f)) = (old_g.checked_sum(old_h), g.checked_sum(h)) else {
            // An f that overflows is reported by `improve`, from the estimate kept.
            return false;
        };
        self.key(g, h, f) <= self.key(old_g, old_h, old_f)
    }

    /// Handles a cheaper path of cost `g` from `parent` to the stored node `index`.
    fn improve<O: Observer<S, C>>(
        &mut self,
        index: usize,
        parent: usize,
        g: C,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<Relaxed, Failure<S, C>> {
        let Node { g: old_g, h, .. } = *self.table.node(index);
        debug_assert!(self.order == Order::Heap, "equal steps never improve a g");
        let queued = self.open.contains(index);
        if !queued && !self.reopens() {
            return Ok(Relaxed::Kept(index));
        }
        let Some(f) = self.bound_f(g, h) else {
            let state = self.table.state(index).clone();
            return Err(control.estimate_overflow(state, g, h));
        };
        let priority = self.key(g, h, f);
        let node = self.table.node_mut(index);
        node.set_parent(parent);
        node.g = g;
        if queued {
            self.open.decrease_key(index, priority);
            control.count_decrease_key();
        } else {
            self.open.push(index, priority);
            control.count_reopening();
        }
        // Both are stored; `get`, which cannot panic, lets a search without an observer drop
        // the event altogether.
        if let (Some((state, _)), Some((parent, _))) =
            (self.table.get(index), self.table.get(parent))
        {
            let event = if queued {
                Event::DecreaseKey {
                    state,
                    parent,
                    old_g,
                    g,
                    h,
                }
            } else {
                Event::Reopen {
                    state,
                    parent,
                    old_g,
                    g,
                    h,
                }
            };
            observer.observe(event);
        }
        Ok(Relaxed::Improved(index))
    }

    /// The solution ending at the node `goal`. Its cost is the goal's g, or, after a reopening
    /// has left stale g on the path, the path's cost computed again (see [`path_cost`]).
    pub(crate) fn solution<P>(
        &self,
        problem: &P,
        goal: usize,
        control: &Control<'_, C>,
    ) -> Result<Solution<S, C>, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
    {
        let path = path(&self.table, goal);
        let stats = control.stats();
        let cost = if stats.reopened == 0 {
            self.table.node(goal).g
        } else {
            path_cost(problem, &path, stats)?
        };
        Ok(Solution::new(path, cost, stats))
    }
}

/// The larger of two estimates, neither NaN.
#[inline]
fn raise<C: Cost>(h: C, floor: C) -> C {
    if floor.order(h).is_gt() { floor } else { h }
}

/// The engine of a best-first search over node tables `N` and open sets `Q`, with keys `K`.
pub(crate) type EngineOf<S, C, N, Q, K = PairKeys> =
    Engine<S, C, <N as NodeTables<S, C>>::Table, OpenOf<Q, C, K>, K>;

/// Runs a best-first search ranked by `ranking` with `heuristic`, on the node table and open set
/// the search's options choose and keys made by `K`, until it expands a goal.
pub(crate) fn best_first<K, P, H, O>(
    setup: Setup<'_, P, O>,
    heuristic: H,
    ranking: Ranking,
) -> SearchResult<P>
where
    K: Keys<P::Cost>,
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    /// The search, waiting for its data structures.
    struct Body<'p, P: SearchProblem, H, O, K> {
        setup: Setup<'p, P, O>,
        heuristic: H,
        ranking: Ranking,
        _keys: PhantomData<K>,
    }

    impl<'p, P, H, O, K> EngineBody<'p, P::State, P::Cost> for Body<'p, P, H, O, K>
    where
        K: Keys<P::Cost>,
        P: SearchProblem,
        H: Heuristic<P::State, P::Cost>,
        O: Observer<P::State, P::Cost>,
    {
        type Output = SearchResult<P>;
        const AUTO: OpenSet = K::AUTO;
        const AUTO_HASHED: OpenSet = K::AUTO_HASHED;

        // Out of line: one function a table and open set, so that what the compiler inlines
        // into the search loop of one does not depend on the code of the others (a change to
        // the dense table once moved a hashed Dijkstra by 2.6%). One call a search.
        #[inline(never)]
        fn run<N: Tables<'p, P::State, P::Cost>, Q: OpenSets>(self, tables: N) -> Self::Output {
            let Setup {
                problem,
                options,
                mut control,
                mut observer,
            } = self.setup;
            let heuristic = &self.heuristic;
            let mut engine: EngineOf<_, _, N, Q, K> = Engine::new(
                tables.table(),
                options.tie_break,
                self.ranking.with_estimate_tie(options.estimate_tie),
            );
            let goal = if K::RAISES {
                engine.start_raised(problem, heuristic, &mut control, &mut observer)?;
                engine.run_to_goal_raised(problem, heuristic, &mut control, &mut observer)?
            } else {
                engine.start(problem, heuristic, &mut control, &mut observer)?;
                engine.run_to_goal(problem, heuristic, &mut control, &mut observer)?
            };
            engine.solution(problem, goal, &control)
        }
    }

    /// The search with keys `K`, on the data structures its options choose.
    fn run_keyed<K, P, H, O>(
        setup: Setup<'_, P, O>,
        heuristic: H,
        ranking: Ranking,
    ) -> SearchResult<P>
    where
        K: Keys<P::Cost>,
        P: SearchProblem,
        H: Heuristic<P::State, P::Cost>,
        O: Observer<P::State, P::Cost>,
    {
        let (problem, options) = (setup.problem, setup.options);
        let body = Body {
            setup,
            heuristic,
            ranking,
            _keys: PhantomData::<K>,
        };
        with_engine(problem, &options, body)
    }

    // Chosen once a search: each pathmax has an engine of its own (see `Raised`).
    match applied(ranking, setup.options.pathmax) {
        Pathmax::Off => run_keyed::<K, P, H, O>(setup, heuristic, ranking),
        Pathmax::Forward => run_keyed::<Raised<K, false>, P, H, O>(setup, heuristic, ranking),
        Pathmax::Bidirectional => run_keyed::<Raised<K, true>, P, H, O>(setup, heuristic, ranking),
    }
}

/// An engine whose node table and open set were chosen at run time, for the algorithms that
/// keep one between calls (the searches held by [`Suspended`](crate::engine::suspended::Suspended),
/// reachability) and so must name its type.
///
/// One virtual call per expansion is the whole cost of the erasure.
pub(crate) trait ErasedEngine<P: SearchProblem, H, O> {
    fn start(
        &mut self,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(), Failure<P::State, P::Cost>>;
    fn pop(
        &mut self,
        control: &mut Control<'_, P::Cost>,
    ) -> Result<usize, Failure<P::State, P::Cost>>;
    fn expand(
        &mut self,
        current: usize,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<bool, Failure<P::State, P::Cost>>;
    /// [`Engine::advance`].
    #[allow(clippy::too_many_arguments)]
    fn advance(
        &mut self,
        limit: u64,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
        improved: Option<&mut Vec<usize>>,
    ) -> Result<Advanced, Failure<P::State, P::Cost>>;
    fn solution(&self, problem: &P, goal: usize, control: &Control<'_, P::Cost>)
    -> SearchResult<P>;
    /// The node the next pop takes, `None` if the open set is empty.
    fn peek(&mut self) -> Option<usize>;
    /// The number of states waiting to be expanded.
    fn open_len(&self) -> usize;
    /// The states from a start to the stored state `index`.
    fn path(&self, index: usize) -> Vec<P::State>;
    /// The stored state of least (h, g, index) among `best`, `improved` and the states stored
    /// from `from` on, and whether one of the last two has an h other than 0 (see
    /// [`least_estimate`]).
    fn least_estimate(
        &self,
        best: Option<usize>,
        improved: &[usize],
        from: usize,
    ) -> (Option<usize>, bool);
    /// The number of stored states.
    fn len(&self) -> usize;
    fn entry(&self, index: usize) -> (&P::State, &Node<P::Cost>);
    /// The queued node indices, in no particular order.
    fn open(&self) -> Box<dyn Iterator<Item = usize> + '_>;
    fn is_open(&self, index: usize) -> bool;
}

impl<P, H, O, T, Q, K> ErasedEngine<P, H, O> for Engine<P::State, P::Cost, T, Q, K>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
    T: Table<P::State, P::Cost>,
    K: Keys<P::Cost>,
    Q: Frontier<K::Key>,
{
    fn start(
        &mut self,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(), Failure<P::State, P::Cost>> {
        if K::RAISES {
            self.start_raised(problem, heuristic, control, observer)
        } else {
            Engine::start(self, problem, heuristic, control, observer)
        }
    }

    fn pop(
        &mut self,
        control: &mut Control<'_, P::Cost>,
    ) -> Result<usize, Failure<P::State, P::Cost>> {
        Engine::pop(self, control)
    }

    fn expand(
        &mut self,
        current: usize,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<bool, Failure<P::State, P::Cost>> {
        let ignore = |_: Relaxed| {};
        self.expand_as(current, problem, heuristic, control, observer, ignore)
    }

    fn advance(
        &mut self,
        limit: u64,
        problem: &P,
        heuristic: &H,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
        improved: Option<&mut Vec<usize>>,
    ) -> Result<Advanced, Failure<P::State, P::Cost>> {
        Engine::advance(self, limit, problem, heuristic, control, observer, improved)
    }

    fn solution(
        &self,
        problem: &P,
        goal: usize,
        control: &Control<'_, P::Cost>,
    ) -> SearchResult<P> {
        Engine::solution(self, problem, goal, control)
    }

    fn peek(&mut self) -> Option<usize> {
        Engine::peek(self)
    }

    fn open_len(&self) -> usize {
        Engine::open_len(self)
    }

    fn path(&self, index: usize) -> Vec<P::State> {
        path(&self.table, index)
    }

    fn least_estimate(
        &self,
        best: Option<usize>,
        improved: &[usize],
        from: usize,
    ) -> (Option<usize>, bool) {
        let candidates = improved.iter().copied().chain(from..self.table.len());
        least_estimate(&self.table, best, candidates)
    }

    fn len(&self) -> usize {
        self.table.len()
    }

    fn entry(&self, index: usize) -> (&P::State, &Node<P::Cost>) {
        self.table.entry(index)
    }

    fn open(&self) -> Box<dyn Iterator<Item = usize> + '_> {
        self.open_items()
    }

    fn is_open(&self, index: usize) -> bool {
        Engine::is_open(self, index)
    }
}

/// A new engine for `problem` ranked by `ranking`, on the node table and open set `options`
/// choose, to be driven by a problem `D` with the same states and costs (`problem` itself, or a
/// view of it).
pub(crate) fn erased_engine<'p, K, P, D, H, O>(
    problem: &'p P,
    options: &Options<P::Cost>,
    ranking: Ranking,
) -> Box<dyn ErasedEngine<D, H, O> + 'p>
where
    K: Keys<P::Cost>,
    P: SearchProblem,
    D: SearchProblem<State = P::State, Cost = P::Cost> + 'p,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    /// The types the engine will be driven with.
    type Types<D, H, O, K> = PhantomData<fn() -> (D, H, O, K)>;

    struct Body<D, H, O, K> {
        ties: TieBreak,
        ranking: Ranking,
        _types: Types<D, H, O, K>,
    }

    impl<'p, D, H, O, K> EngineBody<'p, D::State, D::Cost> for Body<D, H, O, K>
    where
        K: Keys<D::Cost>,
        D: SearchProblem + 'p,
        H: Heuristic<D::State, D::Cost>,
        O: Observer<D::State, D::Cost>,
    {
        type Output = Box<dyn ErasedEngine<D, H, O> + 'p>;
        const AUTO: OpenSet = K::AUTO;
        const AUTO_HASHED: OpenSet = K::AUTO_HASHED;

        fn run<N: Tables<'p, D::State, D::Cost>, Q: OpenSets>(self, tables: N) -> Self::Output {
            let mut engine: EngineOf<_, _, N, Q, K> =
                Engine::new(tables.table(), self.ties, self.ranking);
            // The open and closed sets are asked about every stored state: keep positions.
            engine.open.track();
            Box::new(engine)
        }
    }

    let (ties, ranked) = (
        options.tie_break,
        ranking.with_estimate_tie(options.estimate_tie),
    );
    match applied(ranking, options.pathmax) {
        Pathmax::Off => {
            let _types = PhantomData::<fn() -> (D, H, O, K)>;
            with_engine(
                problem,
                options,
                Body {
                    ties,
                    ranking: ranked,
                    _types,
                },
            )
        }
        Pathmax::Forward => {
            let _types = PhantomData::<fn() -> (D, H, O, Raised<K, false>)>;
            with_engine(
                problem,
                options,
                Body {
                    ties,
                    ranking: ranked,
                    _types,
                },
            )
        }
        Pathmax::Bidirectional => {
            let _types = PhantomData::<fn() -> (D, H, O, Raised<K, true>)>;
            with_engine(
                problem,
                options,
                Body {
                    ties,
                    ranking: ranked,
                    _types,
                },
            )
        }
    }
}
