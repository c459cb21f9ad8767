//! The incremental search shared by LPA* and D* Lite (Koenig, Likhachev and Furcy, 2004;
//! Koenig and Likhachev, 2002): distances from a root kept between queries, each state with g
//! (its distance when last expanded) and rhs (the one-step lookahead from its neighbours'
//! g); a state whose two differ is *inconsistent* and queued, and a query expands only until
//! the target is consistent and no queued state can improve it. A changed edge makes one
//! state's rhs stale: it is recomputed, and the repair spreads from there.
//!
//! LPA* grows its distances from the start along successors (the target is the goal); D* Lite
//! from the goal along predecessors (the target is the start, which moves: the key modifier
//! `k_m` keeps old keys valid as lower bounds).

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;
use std::time::{Duration, Instant};

use indexmap::IndexMap;

use crate::cost::Cost;
use crate::engine::hasher::FastBuildHasher;
use crate::engine::table::path_cost;
use crate::error::{Limit, SearchError};
use crate::heuristic::Heuristic;
use crate::problem::Bidirectional;
use crate::progress::Stats;
use crate::solution::Solution;

/// A distance, `None` for infinity (no path known).
pub(crate) type Distance<C> = Option<C>;

/// A queue key: (min(g, rhs) + h + k_m, min(g, rhs)), infinity last; each part ranked as
/// (is infinite, value).
type Key<C> = ((bool, <C as Cost>::Single), (bool, <C as Cost>::Single));

/// A stored state.
#[derive(Clone, Copy, Debug)]
struct Node<C> {
    g: Distance<C>,
    rhs: Distance<C>,
    /// Whether the state is in the queue, under its current version.
    queued: bool,
    version: u32,
}

/// Which way distances grow from the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Growth {
    /// Along successors, from the start (LPA*).
    Successors,
    /// Along predecessors, from the goal (D* Lite).
    Predecessors,
}

/// A problem's steps as the incremental search reads them: away from the root (the steps its
/// distances grow along) and toward it (those a state's rhs is computed from).
pub(crate) trait Steps<S, C> {
    /// The steps from `state` away from the root, each with its cost.
    fn away(&self, state: &S) -> Vec<(S, C)>;
    /// The steps from `state` toward the root, each with its cost.
    fn toward(&self, state: &S) -> Vec<(S, C)>;
}

/// A problem's steps, away from the root and toward it, by the way distances grow.
struct Grown<'p, P> {
    problem: &'p P,
    growth: Growth,
}

impl<P: Bidirectional> Steps<P::State, P::Cost> for Grown<'_, P> {
    fn away(&self, state: &P::State) -> Vec<(P::State, P::Cost)> {
        match self.growth {
            Growth::Successors => self.problem.successors(state).into_iter().collect(),
            Growth::Predecessors => self.problem.predecessors(state).into_iter().collect(),
        }
    }

    fn toward(&self, state: &P::State) -> Vec<(P::State, P::Cost)> {
        match self.growth {
            Growth::Successors => self.problem.predecessors(state).into_iter().collect(),
            Growth::Predecessors => self.problem.successors(state).into_iter().collect(),
        }
    }
}

/// The limits of one query.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct QueryLimits {
    pub(crate) max_expansions: Option<u64>,
    pub(crate) time_limit: Option<Duration>,
}

/// Distances from a root, kept between queries.
#[derive(Clone, Debug)]
pub(crate) struct Incremental<S, C: Cost> {
    nodes: IndexMap<S, Node<C>, FastBuildHasher>,
    queue: BinaryHeap<Reverse<(Key<C>, usize, u32)>>,
    pub(crate) root: S,
    /// Which way distances grow: a step error then names its ends in the problem's direction.
    growth: Growth,
    pub(crate) k_m: C,
    pub(crate) stats: Stats,
    pub(crate) limits: QueryLimits,
}

/// Adds two distances, infinity absorbing; an integer sum that overflows is infinity too (no
/// path the searches accept can cost that much).
fn plus<C: Cost>(a: Distance<C>, b: C) -> Distance<C> {
    let sum = a?.checked_sum(b)?;
    (!sum.is_infinite()).then_some(sum)
}

/// `a < b`, infinity largest.
fn below<C: Cost>(a: Distance<C>, b: Distance<C>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.order(b).is_lt(),
        (Some(_), None) => true,
        _ => false,
    }
}

fn same<C: Cost>(a: Distance<C>, b: Distance<C>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.order(b).is_eq(),
        (None, None) => true,
        _ => false,
    }
}

fn rank<C: Cost>(d: Distance<C>) -> (bool, C::Single) {
    match d {
        Some(d) => (false, d.single()),
        None => (true, C::ZERO.single()),
    }
}

impl<S: Clone + Eq + Hash, C: Cost> Incremental<S, C> {
    /// Distances from `root`: only the root is known, at 0, and queued.
    pub(crate) fn new(root: S, growth: Growth) -> Self {
        let mut search = Incremental {
            nodes: IndexMap::default(),
            queue: BinaryHeap::new(),
            root: root.clone(),
            growth,
            k_m: C::ZERO,
            stats: Stats::default(),
            limits: QueryLimits::default(),
        };
        let index = search.index_of(root);
        search.nodes[index].rhs = Some(C::ZERO);
        search
    }

    /// The index of `state`, stored (unknown, both distances infinite) if it was not.
    fn index_of(&mut self, state: S) -> usize {
        match self.nodes.entry(state) {
            indexmap::map::Entry::Occupied(entry) => entry.index(),
            indexmap::map::Entry::Vacant(entry) => {
                let index = entry.index();
                entry.insert(Node {
                    g: None,
                    rhs: None,
                    queued: false,
                    version: 0,
                });
                self.stats.stored = self.nodes.len();
                index
            }
        }
    }

    fn find(&self, state: &S) -> Option<usize> {
        self.nodes.get_index_of(state)
    }

    /// The distance from the root to `state` (from `state` to the root, growing along
    /// predecessors) as last expanded.
    pub(crate) fn g(&self, state: &S) -> Distance<C> {
        self.find(state).and_then(|i| self.nodes[i].g)
    }

    fn key(&self, index: usize, h: &impl Fn(&S) -> C) -> Key<C> {
        let node = &self.nodes[index];
        let least = if below(node.rhs, node.g) {
            node.rhs
        } else {
            node.g
        };
        let state = self.nodes.get_index(index).expect("a stored state").0;
        let first = least.and_then(|d| plus(plus(Some(d), h(state)), self.k_m));
        (rank::<C>(first), rank::<C>(least))
    }

    /// Queues `index` if it is inconsistent, with its current key; takes it off otherwise.
    fn update_vertex(&mut self, index: usize, h: &impl Fn(&S) -> C) {
        let node = &mut self.nodes[index];
        node.version = node.version.wrapping_add(1);
        if same(node.g, node.rhs) {
            node.queued = false;
            return;
        }
        node.queued = true;
        let version = node.version;
        let key = self.key(index, h);
        self.queue.push(Reverse((key, index, version)));
    }

    /// The rhs of `index` recomputed from its neighbours toward the root: the least of each
    /// `(neighbour, cost)` step's cost plus the neighbour's g.
    fn lookahead(&mut self, toward_root: impl IntoIterator<Item = (S, C)>) -> Distance<C> {
        let mut best: Distance<C> = None;
        for (neighbour, cost) in toward_root {
            self.stats.generated += 1;
            if cost.is_nan() || cost.is_below_zero() {
                continue;
            }
            let through = plus(self.g(&neighbour), cost);
            if below(through, best) {
                best = through;
            }
        }
        best
    }

    /// Recomputes the rhs of `state` from `toward_root` (its steps toward the root: its
    /// successors growing along predecessors, its predecessors growing along successors),
    /// after a step into or out of it changed, and queues it if that made it inconsistent.
    pub(crate) fn refresh(
        &mut self,
        state: S,
        toward_root: impl IntoIterator<Item = (S, C)>,
        h: &impl Fn(&S) -> C,
    ) {
        if state == self.root {
            return;
        }
        let rhs = self.lookahead(toward_root);
        let index = self.index_of(state);
        self.nodes[index].rhs = rhs;
        self.update_vertex(index, h);
    }

    /// Expands until `target` is consistent and no queued key is below its own: then `g` of
    /// the target is its least distance, and following the least `cost + g` step from it
    /// walks a cheapest path. `steps` gives a state's steps away from the root (whose rhs its
    /// g feeds) and its steps toward the root (from which its own rhs is computed).
    ///
    /// # Errors
    ///
    /// A NaN or negative step cost ([`SearchError::NanCost`], [`SearchError::NegativeCost`]),
    /// or a limit of the query; the distances stay valid, and the next query goes on.
    pub(crate) fn compute(
        &mut self,
        target: &S,
        steps: &impl Steps<S, C>,
        h: &impl Fn(&S) -> C,
    ) -> Result<(), SearchError<S, C>> {
        let started = Instant::now();
        let mut expanded = 0u64;
        let target_index = self.index_of(target.clone());
        // The root is queued by the first query, which has the estimate its key needs.
        let root = self.index_of(self.root.clone());
        if !self.nodes[root].queued && !same(self.nodes[root].g, self.nodes[root].rhs) {
            self.update_vertex(root, h);
        }
        loop {
            // The first queued state that is not stale.
            let top = loop {
                match self.queue.peek() {
                    Some(&Reverse((key, index, version))) => {
                        let node = &self.nodes[index];
                        if node.queued && node.version == version {
                            break Some((key, index));
                        }
                        self.queue.pop();
                    }
                    None => break None,
                }
            };
            let target_key = self.key(target_index, h);
            let target_node = self.nodes[target_index];
            let settled = same(target_node.g, target_node.rhs);
            let Some((old_key, index)) = top else {
                break;
            };
            if old_key >= target_key && settled {
                break;
            }
            if let Some(limit) = self.limits.max_expansions {
                if expanded >= limit {
                    return Err(self.stopped(Limit::Expansions(limit)));
                }
            }
            if let Some(limit) = self.limits.time_limit {
                if expanded % 1024 == 0 && started.elapsed() >= limit {
                    return Err(self.stopped(Limit::Time(limit)));
                }
            }
            let new_key = self.key(index, h);
            if old_key < new_key {
                // Its key was made under an older k_m (or before its rhs rose): queued again.
                self.update_vertex(index, h);
                continue;
            }
            expanded += 1;
            self.stats.expanded += 1;
            let state = self.nodes.get_index(index).expect("queued").0.clone();
            let node = self.nodes[index];
            if below(node.rhs, node.g) {
                // Overconsistent: its distance falls to rhs, and each neighbour away from
                // the root may now reach the root more cheaply through it.
                self.nodes[index].g = node.rhs;
                self.update_vertex(index, h);
                for (next, cost) in steps.away(&state) {
                    self.stats.generated += 1;
                    self.check_step(&state, &next, cost)?;
                    if next == self.root {
                        continue;
                    }
                    let through = plus(node.rhs, cost);
                    let at = self.index_of(next);
                    if below(through, self.nodes[at].rhs) {
                        self.nodes[at].rhs = through;
                        self.update_vertex(at, h);
                    }
                }
            } else {
                // Underconsistent: its distance is forgotten, and it and every neighbour away
                // from the root whose rhs came through it are recomputed.
                self.nodes[index].g = None;
                let old = node.g;
                let mut stale = vec![(state.clone(), None)];
                for (next, cost) in steps.away(&state) {
                    self.stats.generated += 1;
                    self.check_step(&state, &next, cost)?;
                    stale.push((next, Some(cost)));
                }
                for (next, cost) in stale {
                    if next == self.root {
                        continue;
                    }
                    let at = self.index_of(next.clone());
                    let through_this = cost.is_none_or(|c| same(self.nodes[at].rhs, plus(old, c)));
                    if through_this {
                        let rhs = self.lookahead(steps.toward(&next));
                        self.nodes[at].rhs = rhs;
                    }
                    self.update_vertex(at, h);
                }
            }
        }
        Ok(())
    }

    /// The error of a query stopped by `limit`; the distances stay valid.
    fn stopped(&self, limit: Limit) -> SearchError<S, C> {
        SearchError::LimitReached {
            limit,
            stats: self.stats,
            best: None,
        }
    }

    /// Walks from `from` to the root, each step the one of least `cost + g` among `toward`:
    /// a cheapest path once [`compute`](Self::compute) has made `from` consistent. `None`
    /// where `from` has no path (its g is infinite).
    pub(crate) fn walk(&self, from: &S, steps: &impl Steps<S, C>) -> Option<Vec<S>> {
        self.g(from)?;
        let mut path = vec![from.clone()];
        let mut at = from.clone();
        while at != self.root {
            let mut best: Option<(S, Distance<C>)> = None;
            for (next, cost) in steps.toward(&at) {
                let through = plus(self.g(&next), cost);
                if below(through, best.as_ref().and_then(|b| b.1)) {
                    best = Some((next, through));
                }
            }
            let (next, _) = best?;
            // A walk longer than the states stored would be a cycle of zero-cost steps.
            if path.len() > self.nodes.len() {
                return None;
            }
            path.push(next.clone());
            at = next;
        }
        Some(path)
    }
}

impl<S: Clone + Eq + Hash, C: Cost> Incremental<S, C> {
    /// A query: [`compute`](Self::compute) toward `target` with `heuristic` (checked: a NaN
    /// estimate is an error, below zero is zero), then the walk from `target` to the root,
    /// turned to run from the problem's start to its goal, its cost added up along it.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoPath`] where the target has no path; the errors of
    /// [`compute`](Self::compute); [`SearchError::NanEstimate`]; [`SearchError::Overflow`] if
    /// the path's cost does not fit.
    pub(crate) fn plan<P>(
        &mut self,
        problem: &P,
        target: &S,
        heuristic: &impl Heuristic<S, C>,
    ) -> Result<Solution<S, C>, SearchError<S, C>>
    where
        P: Bidirectional<State = S, Cost = C>,
    {
        let steps = &Grown {
            problem,
            growth: self.growth,
        };
        let nan = RefCell::new(None);
        let h = checked(heuristic, &nan);
        let outcome = self.compute(target, steps, &h);
        drop(h);
        if let Some(state) = nan.into_inner() {
            return Err(SearchError::NanEstimate {
                state,
                stats: self.stats,
            });
        }
        outcome?;
        let Some(mut path) = self.walk(target, steps) else {
            return Err(SearchError::NoPath {
                cost_bound: None,
                stats: self.stats,
            });
        };
        if self.growth == Growth::Successors {
            // Walked from the goal back to the start.
            path.reverse();
        }
        let cost = path_cost(problem, &path, self.stats)?;
        Ok(Solution::new(path, cost, self.stats))
    }

    /// A step into (growing along successors) or out of (along predecessors) `state` changed:
    /// its rhs is recomputed from `toward_root`, its steps toward the root.
    pub(crate) fn changed(
        &mut self,
        state: &S,
        toward_root: impl IntoIterator<Item = (S, C)>,
        heuristic: &impl Heuristic<S, C>,
    ) {
        let nan = RefCell::new(None);
        let h = checked(heuristic, &nan);
        // A NaN estimate here only orders the queue; the next plan meets it and reports it.
        self.refresh(state.clone(), toward_root, &h);
    }
}

/// `heuristic` as the incremental search reads it: below zero taken as zero, and a NaN taken
/// as zero and remembered in `nan`, for the query to report.
fn checked<'a, S: Clone, C: Cost>(
    heuristic: &'a impl Heuristic<S, C>,
    nan: &'a RefCell<Option<S>>,
) -> impl Fn(&S) -> C + 'a {
    move |state: &S| {
        let h = heuristic.estimate(state);
        if h.is_nan() {
            nan.borrow_mut().get_or_insert_with(|| state.clone());
            return C::ZERO;
        }
        if h.is_below_zero() { C::ZERO } else { h }
    }
}

impl<S: Clone, C: Cost> Incremental<S, C> {
    /// The check of every step the expansions read, from `state` to `next` away from the
    /// root: a NaN or negative cost is an error naming the step as the problem has it.
    fn check_step(&self, state: &S, next: &S, cost: C) -> Result<(), SearchError<S, C>> {
        let (from, to) = match self.growth {
            Growth::Successors => (state.clone(), next.clone()),
            Growth::Predecessors => (next.clone(), state.clone()),
        };
        if cost.is_nan() {
            return Err(SearchError::NanCost {
                from,
                to,
                stats: self.stats,
            });
        }
        if cost.is_below_zero() {
            return Err(SearchError::NegativeCost {
                from,
                to,
                cost,
                stats: self.stats,
            });
        }
        Ok(())
    }
}
