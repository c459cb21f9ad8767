//! The limits-and-statistics controller every algorithm runs under, and the checks every
//! algorithm makes on every step cost and estimate.
//!
//! An algorithm asks [`Control`] before each expansion ([`Control::expansion`]) and before storing
//! each state ([`Control::admit`], or [`Control::store`] for a node table); it sends every step
//! cost through [`Control::step`] and every estimate through [`Control::estimate`]. The counts of
//! [`Stats`] are kept here, so that every outcome reports them the same way.

use std::time::Instant;

use crate::cost::Cost;
use crate::engine::options::Options;
use crate::engine::table::{Node, Table, checked_step, most_promising, sound_step};
use crate::error::{Limit, SearchError};
use crate::heuristic::Heuristic;
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::progress::{Partial, Stats};

/// The most successors of one state a search collects into a buffer, where no cap on stored
/// states bounds it (documented at [`SearchProblem::successors`]): a successor iterator that
/// never ends stops here, at a few hundred megabytes for small states, rather than grow a
/// buffer until the process aborts.
pub(crate) const MAX_BUFFERED: usize = 1 << 24;

/// A search ready to run: what a [`Search`](crate::Search) hands the engine.
pub(crate) struct Setup<'a, P: SearchProblem, O> {
    pub(crate) problem: &'a P,
    pub(crate) options: Options<P::Cost>,
    pub(crate) control: Control<'a, P::Cost>,
    pub(crate) observer: O,
}

/// The cancel callback of a search.
pub(crate) type Cancel<'c> = Box<dyn FnMut() -> bool + 'c>;

/// The limits of one search, its cancel callback and its statistics.
pub(crate) struct Control<'c, C> {
    max_expansions: Option<u64>,
    max_stored: Option<u64>,
    cost_bound: Option<C>,
    /// When the clock stops the search, and the limit it reports then.
    stop_at: Option<(Instant, Limit)>,
    cancel: Option<Cancel<'c>>,
    /// The counts so far; `stored` is the peak of `live`.
    stats: Stats,
    /// The states held now: stored in the node tables, or on the current path of a depth-first
    /// search. `max_stored` bounds it.
    live: usize,
    /// The largest f a best-first search has expanded so far: the f of its current last layer.
    layer: C,
}

impl<'c, C: Cost> Control<'c, C> {
    /// The controller of a search with `options` (checked by [`Options::check`], its clock
    /// started by [`Options::start_clock`]).
    pub(crate) fn new(options: &Options<C>, cancel: Option<Cancel<'c>>) -> Self {
        Control {
            max_expansions: options.max_expansions,
            max_stored: options.max_stored,
            cost_bound: options.cost_bound,
            stop_at: options.stop_at,
            cancel,
            stats: Stats::default(),
            live: 0,
            layer: C::ZERO,
        }
    }

    /// The statistics so far.
    #[inline]
    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// The cost bound, if one was set.
    pub(crate) fn cost_bound(&self) -> Option<C> {
        self.cost_bound
    }

    /// Allows one more expansion and counts it, or says which limit forbids it. Called before
    /// every expansion of every algorithm (the best-first engine splits it in two, see
    /// [`allow_expansion`](Self::allow_expansion)).
    #[inline]
    pub(crate) fn expansion(&mut self) -> Result<(), Limit> {
        self.allow_expansion()?;
        self.count_expansion();
        Ok(())
    }

    /// Counts an expansion that [`allow_expansion`](Self::allow_expansion) allowed.
    #[inline]
    pub(crate) fn count_expansion(&mut self) {
        self.stats.expanded += 1;
    }

    /// Counts an expansion that [`allow_expansion`](Self::allow_expansion) allowed, of a node
    /// with f = `f` (g + h, unweighted), and the expansions before the last f-layer: those made
    /// before the first expansion at the largest f so far.
    #[inline(always)]
    pub(crate) fn count_expansion_at(&mut self, f: C) {
        if f.order(self.layer).is_gt() {
            self.layer = f;
            self.stats.expanded_before_last_layer = self.stats.expanded;
        }
        self.stats.expanded += 1;
    }

    /// Says which limit forbids one more expansion, if any, without counting one: so that a
    /// search can stop before it takes a node off its open set.
    #[inline]
    pub(crate) fn allow_expansion(&mut self) -> Result<(), Limit> {
        self.allow_by_cap_and_clock()?;
        self.allow_by_cancel()
    }

    /// The expansion cap and the deadline of [`allow_expansion`](Self::allow_expansion).
    #[inline]
    pub(crate) fn allow_by_cap_and_clock(&self) -> Result<(), Limit> {
        if let Some(limit) = self.max_expansions {
            if self.stats.expanded >= limit {
                return Err(Limit::Expansions(limit));
            }
        }
        if let Some((at, limit)) = self.stop_at {
            if Instant::now() >= at {
                return Err(limit);
            }
        }
        Ok(())
    }

    /// The cancel callback of [`allow_expansion`](Self::allow_expansion).
    #[inline]
    pub(crate) fn allow_by_cancel(&mut self) -> Result<(), Limit> {
        if let Some(cancel) = self.cancel.as_mut() {
            if cancel() {
                return Err(Limit::Cancelled);
            }
        }
        Ok(())
    }

    /// Whether the search has a cancel callback to ask before each expansion.
    pub(crate) fn has_cancel(&self) -> bool {
        self.cancel.is_some()
    }

    /// How many expansions may follow one that
    /// [`allow_by_cap_and_clock`](Self::allow_by_cap_and_clock) has just allowed (that one
    /// included) before it must be asked again: the expansions left under the cap, and at most
    /// `poll` when there is a deadline. A search that counts down from this keeps the cap exact
    /// and reads the clock once per `poll` expansions.
    #[inline]
    pub(crate) fn expansion_budget(&self, poll: u64) -> u64 {
        let left = self
            .max_expansions
            .map_or(u64::MAX, |limit| limit.saturating_sub(self.stats.expanded));
        if self.stop_at.is_some() {
            left.min(poll)
        } else {
            left
        }
    }

    /// Allows holding one more state and counts it, or says that the cap on stored states
    /// forbids it.
    #[inline]
    pub(crate) fn admit(&mut self) -> Result<(), Limit> {
        if let Some(limit) = self.max_stored {
            // Lossless: no target has a `usize` wider than 64 bits.
            if self.live as u64 >= limit {
                return Err(Limit::StoredStates(limit));
            }
        }
        self.live += 1;
        self.stats.stored = self.stats.stored.max(self.live);
        Ok(())
    }

    /// Fills `buffer` with `successors`, as many as one expansion may collect: at most
    /// `max_stored` (counted as stored while held, so that the cap bounds memory) or, without
    /// it, [`MAX_BUFFERED`]. Beyond that, the limit that stops the search.
    #[inline]
    pub(crate) fn collect<S>(
        &mut self,
        buffer: &mut Successors<S, C>,
        successors: impl IntoIterator<Item = (S, C)>,
    ) -> Result<(), Limit> {
        if buffer.fill_at_most(successors, self.buffer_room()) {
            return Ok(());
        }
        Err(self.buffer_overflow())
    }

    /// How many successors of one state [`collect`](Self::collect) takes.
    #[inline]
    pub(crate) fn buffer_room(&self) -> usize {
        // A cap beyond the address space bounds nothing a buffer could hold.
        self.max_stored.map_or(MAX_BUFFERED, |limit| {
            usize::try_from(limit).unwrap_or(usize::MAX)
        })
    }

    /// The limit of a state with more successors than [`buffer_room`](Self::buffer_room).
    #[cold]
    pub(crate) fn buffer_overflow(&mut self) -> Limit {
        match self.max_stored {
            Some(limit) => {
                // The buffer held `limit` states and one more would have exceeded the cap.
                let held = usize::try_from(limit).unwrap_or(usize::MAX);
                self.stats.stored = self.stats.stored.max(held);
                Limit::StoredStates(limit)
            }
            None => Limit::Successors(MAX_BUFFERED),
        }
    }

    /// [`collect`](Self::collect) for a depth-first search: at most [`MAX_BUFFERED`], whatever
    /// `max_stored` (which bounds its path; see [`SearchProblem::successors`]).
    #[inline]
    pub(crate) fn collect_depth_first<S>(
        &mut self,
        buffer: &mut Successors<S, C>,
        successors: impl IntoIterator<Item = (S, C)>,
    ) -> Result<(), Limit> {
        if buffer.fill_at_most(successors, MAX_BUFFERED) {
            return Ok(());
        }
        Err(Limit::Successors(MAX_BUFFERED))
    }

    /// Gives back `count` held states: a depth-first search stepping back, or a search whose
    /// node table is dropped before the next one starts.
    #[inline]
    pub(crate) fn release(&mut self, count: usize) {
        self.live -= count;
    }

    /// Counts a start state (a start is generated, as every successor is).
    #[inline]
    pub(crate) fn count_start(&mut self) {
        self.stats.generated += 1;
    }

    /// Counts `count` successors generated without a step check: for the breadth-first flood,
    /// which ignores step costs.
    #[inline]
    pub(crate) fn count_generated(&mut self, count: usize) {
        self.stats.generated += count as u64;
    }

    /// Whether a node of priority `f` (g + h, unweighted) is pruned, counting it if so: `f` is
    /// infinite (an impassable step or a dead end) or exceeds the cost bound.
    #[inline]
    pub(crate) fn prunes(&mut self, f: C) -> bool {
        let pruned = f.is_infinite() || self.exceeds_bound(f);
        self.stats.pruned += u64::from(pruned);
        pruned
    }

    /// Whether `f` exceeds the cost bound (without counting anything).
    #[inline]
    pub(crate) fn exceeds_bound(&self, f: C) -> bool {
        self.cost_bound.is_some_and(|bound| f.order(bound).is_gt())
    }

    /// Counts a successor generated by a step of cost `step` from `from` (at path cost `g`) to
    /// `to`, and returns the successor's path cost g + `step`.
    ///
    /// # Errors
    ///
    /// [`SearchError::NanCost`], [`SearchError::NegativeCost`] or [`SearchError::Overflow`]: the
    /// one check every algorithm makes on every step.
    #[inline]
    pub(crate) fn step<S: Clone>(
        &mut self,
        g: C,
        step: C,
        from: &S,
        to: &S,
    ) -> Result<C, SearchError<S, C>> {
        self.stats.generated += 1;
        match sound_step(g, step) {
            Some(sum) => Ok(sum),
            None => Err(self.step_error(g, step, from, to)),
        }
    }

    /// The error of a step [`sound_step`] refused, built out of line: the statistics it
    /// carries are copied only on the way to it, not on every step.
    #[cold]
    #[inline(never)]
    fn step_error<S: Clone>(&self, g: C, step: C, from: &S, to: &S) -> SearchError<S, C> {
        match checked_step(g, step, from, to, self.stats) {
            Err(error) => error,
            Ok(_) => unreachable!("a step sound_step refused is NaN, negative or overflows"),
        }
    }

    /// The estimate of `state`, with an estimate below zero taken as zero.
    ///
    /// No goal is nearer than zero, so raising a negative estimate to zero keeps an admissible
    /// heuristic admissible and a consistent one consistent (the maximum of two consistent
    /// heuristics is consistent), and keeps a negative infinity from pruning the state.
    ///
    /// # Errors
    ///
    /// [`SearchError::NanEstimate`] for a NaN estimate.
    #[inline]
    pub(crate) fn estimate<S: Clone, H: Heuristic<S, C> + ?Sized>(
        &self,
        heuristic: &H,
        state: &S,
    ) -> Result<C, SearchError<S, C>> {
        let h = heuristic.estimate(state);
        if h.is_nan() {
            return Err(SearchError::NanEstimate {
                state: state.clone(),
                stats: self.stats,
            });
        }
        Ok(if h.is_below_zero() { C::ZERO } else { h })
    }

    /// The estimate of `successor`, reached from `parent` whose estimate (as [`estimate`]
    /// returned it) was `parent_h`, through [`Heuristic::estimate_successor`], checked as
    /// [`estimate`](Self::estimate) checks. A parent estimate of zero or below may have been
    /// raised from a negative one, so the successor is then estimated afresh: the heuristic only
    /// ever sees its own values.
    ///
    /// [`estimate`]: Self::estimate
    ///
    /// # Errors
    ///
    /// [`SearchError::NanEstimate`] for a NaN estimate.
    #[inline]
    pub(crate) fn estimate_successor<S: Clone, H: Heuristic<S, C> + ?Sized>(
        &self,
        heuristic: &H,
        parent: &S,
        parent_h: C,
        successor: &S,
    ) -> Result<C, SearchError<S, C>> {
        let h = if parent_h.order(C::ZERO).is_gt() {
            heuristic.estimate_successor(parent, parent_h, successor)
        } else {
            heuristic.estimate(successor)
        };
        if h.is_nan() {
            return Err(SearchError::NanEstimate {
                state: successor.clone(),
                stats: self.stats,
            });
        }
        Ok(if h.is_below_zero() { C::ZERO } else { h })
    }

    /// The error of a search that `limit` stopped, with the most promising path it had.
    pub(crate) fn limit_reached<S>(
        &self,
        limit: Limit,
        best: Option<Partial<S, C>>,
    ) -> SearchError<S, C> {
        SearchError::LimitReached {
            limit,
            stats: self.stats,
            best,
        }
    }

    /// The error of a search that exhausted its space without reaching a goal.
    pub(crate) fn no_path<S>(&self) -> SearchError<S, C> {
        SearchError::NoPath {
            cost_bound: self.cost_bound,
            stats: self.stats,
        }
    }

    /// The error of a priority g + h that does not fit in the cost type.
    pub(crate) fn estimate_overflow<S>(&self, state: S, g: C, h: C) -> SearchError<S, C> {
        SearchError::EstimateOverflow {
            state,
            g,
            h,
            stats: self.stats,
        }
    }

    /// Stores `state`, new to `table` (whose lookup gave `key`), as `node`, once the cap on
    /// stored states allows it, and tells the observer: how every algorithm with a node table
    /// stores a state. Returns its index.
    ///
    /// # Errors
    ///
    /// [`SearchError::LimitReached`] with [`Limit::StoredStates`], and the table's most
    /// promising path.
    #[inline]
    pub(crate) fn store<S, T, O>(
        &mut self,
        table: &mut T,
        observer: &mut O,
        key: u64,
        state: S,
        node: Node<C>,
    ) -> Result<usize, SearchError<S, C>>
    where
        S: Clone,
        T: Table<S, C>,
        O: Observer<S, C>,
    {
        self.try_store(table, observer, key, state, node)
            .map_err(|limit| self.limit_reached(limit, most_promising(table)))
    }

    /// [`store`](Self::store), with only the limit for an error: for an algorithm for which a
    /// full table is no failure.
    #[inline]
    pub(crate) fn try_store<S, T, O>(
        &mut self,
        table: &mut T,
        observer: &mut O,
        key: u64,
        state: S,
        node: Node<C>,
    ) -> Result<usize, Limit>
    where
        T: Table<S, C>,
        O: Observer<S, C>,
    {
        self.admit()?;
        let index = table.insert(key, state, node);
        tell_generated(table, observer, index);
        Ok(index)
    }

    /// Admits the state just stored at `index` by [`Table::find_or_insert`] (counting it), and
    /// tells the observer; or, where the cap on stored states forbids it, takes it back out of
    /// `table` (it is the last stored) and says which limit did.
    #[inline]
    pub(crate) fn admit_stored<S, T, O>(
        &mut self,
        table: &mut T,
        observer: &mut O,
        index: usize,
    ) -> Result<(), Limit>
    where
        T: Table<S, C>,
        O: Observer<S, C>,
    {
        if let Err(limit) = self.admit() {
            table.remove_last();
            return Err(limit);
        }
        tell_generated(table, observer, index);
        Ok(())
    }

    /// Allows the next expansion of a search over `table` (counting it), or returns the error of
    /// the limit that forbids it, with the table's most promising path.
    #[inline]
    pub(crate) fn expand_in<S: Clone, T: Table<S, C>>(
        &mut self,
        table: &T,
    ) -> Result<(), SearchError<S, C>> {
        self.expansion()
            .map_err(|limit| self.limit_reached(limit, most_promising(table)))
    }

    /// Records the size of the open set, for [`Stats::max_open`].
    #[inline]
    pub(crate) fn open_size(&mut self, size: usize) {
        self.stats.max_open = self.stats.max_open.max(size);
    }

    /// Counts a queued state moved up by a cheaper path.
    #[inline]
    pub(crate) fn count_decrease_key(&mut self) {
        self.stats.decrease_keys += 1;
    }

    /// Counts a closed state put back on the open set.
    #[inline]
    pub(crate) fn count_reopening(&mut self) {
        self.stats.reopened += 1;
    }

    /// Counts a depth-first iteration and returns its number (from 1). The expansions so far
    /// are those before the last iteration, until another begins.
    pub(crate) fn count_iteration(&mut self) -> u64 {
        self.stats.expanded_before_last_layer = self.stats.expanded;
        self.stats.iterations += 1;
        self.stats.iterations
    }

    /// Counts a pruned node that [`prunes`](Self::prunes) did not see (pruned for a reason of
    /// the algorithm's own, such as an incumbent's bound).
    #[inline]
    pub(crate) fn count_pruned(&mut self) {
        self.stats.pruned += 1;
    }
}

/// Tells `observer` that the state at `index` of `table` was generated and stored.
#[inline]
fn tell_generated<S, C: Copy, T: Table<S, C>, O: Observer<S, C>>(
    table: &T,
    observer: &mut O,
    index: usize,
) {
    // Nothing here may panic: without an observer it all compiles away.
    let Some((state, node)) = table.get(index) else {
        return;
    };
    observer.observe(Event::Generate {
        state,
        parent: table.get(node.parent()).map(|(parent, _)| parent),
        g: node.g,
        h: node.h,
    });
}
