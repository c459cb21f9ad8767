//! The breadth-first loop behind [`bfs`](crate::bfs), [`bfs_reach`](crate::bfs_reach),
//! [`bidirectional_bfs`](crate::bidirectional_bfs) and [`reachable`](crate::reachable) while
//! every step it has seen costs the same.
//!
//! A breadth-first search expands its states in the order it stores them, so its queue is its
//! table: the states from [`Breadth::next`] on wait to be expanded. The table keeps each state
//! once and, where a path can be asked for, its parent's index ([`Parents`]; the floods that
//! return no path keep [`NoParents`]). It keeps no g, no h and no heap position: while every
//! step costs the same, all the states of one depth share their g, which [`Breadth`] keeps once
//! per depth; at the first step of another cost a search that needs each state's own g asks
//! for it ([`Breadth::see_step`] says when), and [`Breadth`] keeps it from then on.
//!
//! Hashed states live in [`HashedStates`], an open-addressing table of `u32` indices into a
//! vector of states: 4 bytes a slot at a load of at most one half, where an `IndexMap` of
//! nodes spends a stored hash, a `usize` index and the node on each. Numbered states
//! ([`SearchProblem::index_bound`]) live in the dense node table of the best-first engine
//! ([`DenseStates`]), which never hashes.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash};

use crate::cost::Cost;
use crate::engine::control::Control;
use crate::engine::hasher::FastBuildHasher;
use crate::engine::options::{Hashing, Options};
use crate::engine::select::dense_bound;
use crate::engine::table::{DenseTable, INITIAL_CAPACITY, NO_PARENT, Node, Placed, Table};
use crate::error::{Limit, SearchError};
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::progress::Partial;

/// Where a breadth-first table keeps its states' parents: [`Parents`] or [`NoParents`].
pub(crate) trait Links: Default {
    /// Records the parent of the state stored last.
    fn push(&mut self, parent: usize);
    /// Forgets the parent of the state stored last.
    fn pop(&mut self);
    /// The parent of the state `index`; `NO_PARENT` for a start, and for every state where
    /// parents are not kept.
    fn parent(&self, index: usize) -> usize;
}

/// No parents: for the floods that return no paths.
#[derive(Default)]
pub(crate) struct NoParents;

impl Links for NoParents {
    #[inline(always)]
    fn push(&mut self, _: usize) {}
    #[inline(always)]
    fn pop(&mut self) {}
    #[inline(always)]
    fn parent(&self, _: usize) -> usize {
        NO_PARENT
    }
}

/// Each state's parent, in 32 bits (a table holds fewer than 2^32 - 1 states).
#[derive(Default)]
pub(crate) struct Parents(Vec<u32>);

impl Links for Parents {
    #[inline(always)]
    fn push(&mut self, parent: usize) {
        // `NO_PARENT` wraps to `u32::MAX`, which no stored state's index reaches.
        self.0.push(parent as u32);
    }
    #[inline(always)]
    fn pop(&mut self) {
        self.0.pop();
    }
    #[inline(always)]
    fn parent(&self, index: usize) -> usize {
        match self.0[index] {
            u32::MAX => NO_PARENT,
            parent => parent as usize,
        }
    }
}

/// The table of a breadth-first search: every stored state once, in the order stored.
pub(crate) trait States<S> {
    /// The number of stored states. **O(1)**.
    fn len(&self) -> usize;
    /// The state stored at `index`. **O(1)**.
    fn state(&self, index: usize) -> &S;
    /// The parent of the state at `index` (see [`Links::parent`]). **O(1)**.
    fn parent(&self, index: usize) -> usize;
    /// Where `state` is stored, if it is. **O(1)** (average, for hashing).
    fn find(&self, state: &S) -> Option<usize>;
    /// Finds `state`, or stores it, reached from `parent`, if it is new. **O(1)** (average,
    /// for hashing; amortized over the growth of the table).
    fn find_or_insert(&mut self, state: S, parent: usize) -> Placed;
    /// Removes the state stored last, which nothing refers to yet. **O(1)** (average).
    fn remove_last(&mut self);
}

/// Slots of [`HashedStates`] hold one more than a state's index; this marks an empty one.
const EMPTY: u32 = 0;

/// A breadth-first table for hashable states: the states in a vector, in the order stored, and
/// an open-addressing index of them (linear probing, at most half full), with the parents of
/// `L`.
///
/// A state is only ever removed right after it was stored (see [`States::remove_last`]): no
/// other state's probe sequence can run through its slot, so emptying that slot is deletion.
pub(crate) struct HashedStates<S, B, L> {
    states: Vec<S>,
    links: L,
    /// A power of two in length; each slot is [`EMPTY`] or one more than a state's index.
    slots: Vec<u32>,
    hasher: B,
}

impl<S: Eq + Hash, B: BuildHasher + Default, L: Links> HashedStates<S, B, L> {
    /// An empty table with room for [`INITIAL_CAPACITY`] states before it first grows.
    pub(crate) fn new() -> Self {
        HashedStates {
            states: Vec::with_capacity(INITIAL_CAPACITY),
            links: L::default(),
            slots: vec![EMPTY; 2 * INITIAL_CAPACITY],
            hasher: B::default(),
        }
    }
}

impl<S: Eq + Hash, B: BuildHasher, L: Links> HashedStates<S, B, L> {
    /// The slot holding `state`, or the empty slot where it would go.
    #[inline(always)]
    fn probe(&self, state: &S) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        // The hasher leaves its best-mixed bits at the bottom (see `FastHasher::finish`).
        let mut at = self.hasher.hash_one(state) as usize & mask;
        loop {
            match self.slots[at] {
                EMPTY => return Err(at),
                stored if self.states[stored as usize - 1] == *state => return Ok(at),
                _ => at = (at + 1) & mask,
            }
        }
    }

    /// Doubles the slots and places every state again, in the order stored (so that the state
    /// stored last is still the last placed, and can be removed by emptying its slot).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let len = 2 * self.slots.len();
        // Freed first, then allocated zeroed: the allocator hands out fresh zero pages where
        // clearing the old ones would write every slot.
        self.slots = Vec::new();
        self.slots = vec![EMPTY; len];
        let mask = len - 1;
        for (index, state) in self.states.iter().enumerate() {
            let mut at = self.hasher.hash_one(state) as usize & mask;
            while self.slots[at] != EMPTY {
                at = (at + 1) & mask;
            }
            self.slots[at] = index as u32 + 1;
        }
    }
}

impl<S: Eq + Hash, B: BuildHasher, L: Links> States<S> for HashedStates<S, B, L> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.states.len()
    }

    #[inline(always)]
    fn state(&self, index: usize) -> &S {
        &self.states[index]
    }

    #[inline(always)]
    fn parent(&self, index: usize) -> usize {
        self.links.parent(index)
    }

    #[inline]
    fn find(&self, state: &S) -> Option<usize> {
        self.probe(state).ok().map(|at| self.slots[at] as usize - 1)
    }

    #[inline(always)]
    fn find_or_insert(&mut self, state: S, parent: usize) -> Placed {
        match self.probe(&state) {
            Ok(at) => Placed::Found(self.slots[at] as usize - 1),
            Err(at) => {
                let index = self.states.len();
                assert!(
                    index < u32::MAX as usize - 1,
                    "a hashed table holds fewer than 2^32 - 1 states"
                );
                self.slots[at] = index as u32 + 1;
                self.states.push(state);
                self.links.push(parent);
                if 2 * self.states.len() > self.slots.len() {
                    self.grow();
                }
                Placed::Inserted(index)
            }
        }
    }

    fn remove_last(&mut self) {
        let Some(last) = self.states.last() else {
            return;
        };
        if let Ok(at) = self.probe(last) {
            self.slots[at] = EMPTY;
        }
        self.states.pop();
        self.links.pop();
    }
}

/// A breadth-first table for numbered states: the dense node table of the best-first engine,
/// whose nodes' g and h stay 0.
pub(crate) struct DenseStates<'p, P: SearchProblem>(DenseTable<'p, P>);

impl<P: SearchProblem> States<P::State> for DenseStates<'_, P> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }

    #[inline(always)]
    fn state(&self, index: usize) -> &P::State {
        self.0.state(index)
    }

    #[inline(always)]
    fn parent(&self, index: usize) -> usize {
        self.0.node(index).parent()
    }

    #[inline]
    fn find(&self, state: &P::State) -> Option<usize> {
        match self.0.lookup(state) {
            crate::engine::table::Lookup::Stored(index) => Some(index),
            crate::engine::table::Lookup::New(_) => None,
        }
    }

    #[inline(always)]
    fn find_or_insert(&mut self, state: P::State, parent: usize) -> Placed {
        let zero = P::Cost::ZERO;
        self.0.find_or_insert(state, Node::new(parent, zero, zero))
    }

    fn remove_last(&mut self) {
        self.0.remove_last();
    }
}

/// A breadth-first search, waiting for its table.
pub(crate) trait StatesBody<'p, S> {
    /// What the search returns.
    type Output;
    /// Runs the search on `states`, and makes any further table (the other side of a
    /// bidirectional search) with `more`.
    fn run<T: States<S> + 'p>(self, states: T, more: impl Fn() -> T) -> Self::Output;
}

/// Runs `body` on the breadth-first table that `options` choose for `problem` (as
/// [`with_tables`](crate::engine::select::with_tables) chooses node tables), with parents `L`.
pub(crate) fn with_states<'p, P, L, B>(
    problem: &'p P,
    options: &Options<P::Cost>,
    body: B,
) -> B::Output
where
    P: SearchProblem,
    L: Links + 'p,
    B: StatesBody<'p, P::State>,
{
    match (dense_bound(problem, options.node_table), options.hashing) {
        (Some(bound), _) => {
            let make = || DenseStates(DenseTable::new(problem, bound));
            body.run(make(), make)
        }
        (None, Hashing::Fast) => {
            let make = HashedStates::<_, FastBuildHasher, L>::new;
            body.run(make(), make)
        }
        (None, Hashing::Std) => {
            let make = HashedStates::<_, RandomState, L>::new;
            body.run(make(), make)
        }
    }
}

/// The costs of a breadth-first search's states.
#[derive(Clone, Debug)]
enum Costs<C> {
    /// Every step so far cost `step` (`None`: no step yet), so every state of depth d has the
    /// same cost, `by_depth[d]`.
    Layered { step: Option<C>, by_depth: Vec<C> },
    /// Steps of two costs were seen: each state's own cost.
    Each(Vec<C>),
}

/// When [`Breadth::expand`] tells successors that do not all fit in its buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// Before taking any, as the best-first engine does.
    First,
    /// After taking those that fitted, as breadth-first search always did: one may be a goal.
    Last,
}

/// What [`Breadth::see_step`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// The step costs what every step before it cost, or the search keeps each state's cost
    /// already.
    Same,
    /// The first step of another cost: the states no longer share a cost per depth.
    New,
}

/// The state of one breadth-first search: its table `T` (which is its queue), where each depth
/// begins in it, and its states' costs.
pub(crate) struct Breadth<S, C, T> {
    pub(crate) states: T,
    /// The next state to expand: the queue is `next..states.len()`.
    pub(crate) next: usize,
    /// `starts[d]` is the index of the first state of depth d; states from the last entry on
    /// are of the deepest depth begun.
    starts: Vec<usize>,
    costs: Costs<C>,
    /// The successors of the state being expanded, for states that own memory.
    buffer: Successors<S, C>,
}

impl<S: Clone, C: Cost, T: States<S>> Breadth<S, C, T> {
    /// A search on the empty table `states`.
    pub(crate) fn new(states: T) -> Self {
        Breadth {
            states,
            next: 0,
            starts: vec![0],
            costs: Costs::Layered {
                step: None,
                by_depth: vec![C::ZERO],
            },
            buffer: Successors::new(),
        }
    }

    /// The number of states waiting to be expanded.
    #[inline(always)]
    pub(crate) fn open_len(&self) -> usize {
        self.states.len() - self.next
    }

    /// Takes the next state off the queue (there must be one), noting where its depth's
    /// successors begin when it is the first of its depth.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> usize {
        debug_assert!(self.next < self.states.len());
        if Some(&self.next) == self.starts.last() {
            self.starts.push(self.states.len());
        }
        self.next += 1;
        self.next - 1
    }

    /// The depth of the state `index` (the fewest steps from a start).
    #[inline]
    pub(crate) fn depth(&self, index: usize) -> usize {
        self.starts.partition_point(|&start| start <= index) - 1
    }

    /// The depth of the states stored now: one deeper than the state being expanded.
    #[inline(always)]
    fn depth_stored(&self) -> usize {
        self.starts.len() - 1
    }

    /// The depth of the state being expanded (the one [`pop`](Self::pop) returned last).
    #[inline(always)]
    pub(crate) fn depth_expanded(&self) -> usize {
        self.starts.len().saturating_sub(2)
    }

    /// The cost of the state at `index`.
    #[inline]
    pub(crate) fn g(&self, index: usize) -> C {
        match &self.costs {
            Costs::Layered { by_depth, .. } => by_depth[self.depth(index)],
            Costs::Each(costs) => costs[index],
        }
    }

    /// The cost of the state being expanded, `current`: cheaper than [`g`](Self::g) while the
    /// states share a cost per depth.
    #[inline(always)]
    pub(crate) fn g_expanded(&self, current: usize) -> C {
        match &self.costs {
            Costs::Layered { by_depth, .. } => by_depth[self.depth_expanded()],
            Costs::Each(costs) => costs[current],
        }
    }

    /// Notes the cost of a step (checked already): whether it is the first of another cost.
    #[inline(always)]
    pub(crate) fn see_step(&mut self, step: C) -> Seen {
        match &mut self.costs {
            Costs::Layered { step: seen, .. } => match *seen {
                Some(seen) if seen.order(step).is_eq() => Seen::Same,
                None => {
                    *seen = Some(step);
                    Seen::Same
                }
                Some(_) => Seen::New,
            },
            Costs::Each(_) => Seen::Same,
        }
    }

    /// The step every step so far cost, while they all cost the same.
    pub(crate) fn uniform_step(&self) -> Option<C> {
        match &self.costs {
            Costs::Layered { step, .. } => *step,
            Costs::Each(_) => None,
        }
    }

    /// Keeps each state's own cost from now on: after [`see_step`](Self::see_step) said
    /// [`Seen::New`], for a search that goes on breadth-first.
    #[cold]
    #[inline(never)]
    pub(crate) fn keep_each_cost(&mut self) {
        if let Costs::Layered { by_depth, .. } = &self.costs {
            let len = self.states.len();
            let mut costs = Vec::with_capacity(len.max(INITIAL_CAPACITY));
            for (depth, &g) in by_depth.iter().enumerate() {
                let end = self.starts.get(depth + 1).copied().unwrap_or(len);
                costs.resize(end.max(costs.len()), g);
            }
            debug_assert_eq!(costs.len(), len);
            self.costs = Costs::Each(costs);
        }
    }

    /// Records the cost `g` of the state just stored.
    #[inline(always)]
    fn record(&mut self, g: C) {
        let depth = self.depth_stored();
        match &mut self.costs {
            Costs::Layered { by_depth, .. } => {
                if by_depth.len() == depth {
                    by_depth.push(g);
                }
            }
            Costs::Each(costs) => costs.push(g),
        }
    }

    /// Takes a step of cost `g` from `parent` to the stored state `index` if that state was
    /// reached from `parent` before and the step is cheaper (see
    /// [`take_cheaper_step`](crate::engine::table::take_cheaper_step)); only steps of two
    /// costs can be cheaper.
    #[inline(always)]
    pub(crate) fn take_cheaper_step(&mut self, index: usize, parent: usize, g: C) {
        if let Costs::Each(costs) = &mut self.costs {
            if self.states.parent(index) == parent && g.order(costs[index]).is_lt() {
                costs[index] = g;
            }
        }
    }

    /// Stores `state`, reached from `parent` at cost `g`, if it is new, admitting it under the
    /// cap on stored states and telling the observer: [`Placed::Inserted`] with its index, or
    /// [`Placed::Found`] where it was stored already.
    ///
    /// # Errors
    ///
    /// The limit of the cap on stored states, the state not stored.
    #[inline(always)]
    pub(crate) fn reach<O: Observer<S, C>>(
        &mut self,
        state: S,
        parent: usize,
        g: C,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<Placed, Limit> {
        let placed = self.states.find_or_insert(state, parent);
        if let Placed::Inserted(index) = placed {
            self.admit(index, parent, g, control, observer)?;
        }
        Ok(placed)
    }

    /// [`reach`](Self::reach), but a new state whose cost `g` is infinite or beyond the cost
    /// bound is neither stored nor admitted (counted as pruned): `None`. Stored states are not
    /// pruned again, as the best-first engine prunes only new ones.
    ///
    /// # Errors
    ///
    /// As for [`reach`](Self::reach).
    #[inline(always)]
    pub(crate) fn reach_within<O: Observer<S, C>>(
        &mut self,
        state: S,
        parent: usize,
        g: C,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<Option<Placed>, Limit> {
        let placed = self.states.find_or_insert(state, parent);
        if let Placed::Inserted(index) = placed {
            // One probe: a new state is stored before it is tested, and taken back if pruned.
            if control.prunes(g) {
                self.states.remove_last();
                return Ok(None);
            }
            self.admit(index, parent, g, control, observer)?;
        }
        Ok(Some(placed))
    }

    /// Admits the state just stored at `index`, reached from `parent` at cost `g`; or takes it
    /// back out where the cap on stored states forbids it.
    #[inline(always)]
    pub(crate) fn admit<O: Observer<S, C>>(
        &mut self,
        index: usize,
        parent: usize,
        g: C,
        control: &mut Control<'_, C>,
        observer: &mut O,
    ) -> Result<(), Limit> {
        if let Err(limit) = control.admit() {
            self.states.remove_last();
            return Err(limit);
        }
        self.record(g);
        observer.observe(Event::Generate {
            state: self.states.state(index),
            parent: (parent != NO_PARENT).then(|| self.states.state(parent)),
            g,
            h: C::ZERO,
        });
        Ok(())
    }

    /// The states from a start to `index`, following parents. **O(path length)**.
    pub(crate) fn path(&self, index: usize) -> Vec<S> {
        let mut path = Vec::new();
        let mut current = index;
        while current != NO_PARENT {
            path.push(self.states.state(current).clone());
            current = self.states.parent(current);
        }
        path.reverse();
        path
    }

    /// The partial path a limit reports: as the best-first engine's
    /// [`most_promising`](crate::engine::table::most_promising) where every h is 0, the path
    /// to the state stored last.
    pub(crate) fn most_promising(&self) -> Option<Partial<S, C>> {
        let last = self.states.len().checked_sub(1)?;
        Some(Partial {
            path: self.path(last),
            cost: self.g(last),
            estimate: C::ZERO,
        })
    }

    /// The error of a search that `limit` stopped.
    pub(crate) fn limit_reached(
        &self,
        control: &Control<'_, C>,
        limit: Limit,
    ) -> SearchError<S, C> {
        control.limit_reached(limit, self.most_promising())
    }

    /// Hands each successor of the state `current` (in `problem`) to `take` with this
    /// search. Those of a state that owns memory are collected first into a buffer, at most
    /// `room` of them, and the borrow of the state ends before any is taken; any other state is
    /// copied, and its successors taken as they come. Returns whether they all fitted (where
    /// they did not, those that did are taken first, or none, as `fit` says). `take` returning
    /// `false` stops the expansion, and the successors it has not taken yet are put in `rest`.
    #[inline(always)]
    pub(crate) fn expand<D, E>(
        &mut self,
        current: usize,
        problem: &D,
        (room, fit): (usize, Fit),
        rest: &mut Vec<(S, C)>,
        mut take: impl FnMut(&mut Self, S, C) -> Result<bool, E>,
    ) -> Result<bool, E>
    where
        D: SearchProblem<State = S, Cost = C>,
    {
        if const { std::mem::needs_drop::<S>() } {
            let mut buffer = std::mem::replace(&mut self.buffer, Successors::new());
            let fitted = buffer.fill_at_most(problem.successors(self.states.state(current)), room);
            if !fitted && fit == Fit::First {
                self.buffer = buffer;
                return Ok(false);
            }
            let mut steps = buffer.drain();
            let taken = loop {
                let Some((successor, step)) = steps.next() else {
                    break Ok(());
                };
                match take(self, successor, step) {
                    Ok(true) => {}
                    Ok(false) => {
                        rest.extend(steps.by_ref());
                        break Ok(());
                    }
                    Err(error) => break Err(error),
                }
            };
            drop(steps);
            self.buffer = buffer;
            taken.map(|()| fitted)
        } else {
            let state = self.states.state(current).clone();
            let mut steps = problem.successors(&state).into_iter();
            while let Some((successor, step)) = steps.next() {
                if !take(self, successor, step)? {
                    rest.extend(steps);
                    break;
                }
            }
            Ok(true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hashed table against a vector of the states stored, through growth and removals:
    /// the same indices, the same parents, the same answers to every lookup.
    #[test]
    fn hashed_states_match_a_vector() {
        let mut table = HashedStates::<u64, FastBuildHasher, Parents>::new();
        let mut model: Vec<(u64, usize)> = Vec::new();
        let mut seed = 7u64;
        for step in 0..20_000usize {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            // Few distinct states, so that most lookups find one stored.
            let state = (seed >> 33) % 6_000;
            let parent = model.len().checked_sub(1).unwrap_or(NO_PARENT);
            match table.find_or_insert(state, parent) {
                Placed::Found(index) => assert_eq!(model[index].0, state),
                Placed::Inserted(index) => {
                    assert_eq!(index, model.len());
                    assert!(model.iter().all(|&(stored, _)| stored != state));
                    model.push((state, parent));
                    if step % 7 == 0 {
                        table.remove_last();
                        model.pop();
                        assert_eq!(table.find(&state), None);
                    }
                }
            }
            assert_eq!(table.len(), model.len());
        }
        for (index, &(state, parent)) in model.iter().enumerate() {
            assert_eq!(table.find(&state), Some(index));
            assert_eq!(*table.state(index), state);
            assert_eq!(table.parent(index), parent);
        }
        assert!(model.len() > 2 * INITIAL_CAPACITY, "the table grew");
    }
}
