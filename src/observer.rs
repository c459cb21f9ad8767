//! Watching a search: the events an observer receives.

use std::fmt;

/// One step of a search, as an [`Observer`] sees it.
///
/// The events are enough to keep the textbook OPEN and CLOSED lists: a state enters OPEN on
/// [`Generate`](Self::Generate) (and [`Reopen`](Self::Reopen)), changes its g on
/// [`DecreaseKey`](Self::DecreaseKey), and moves from OPEN to CLOSED on [`Expand`](Self::Expand).
/// Successors that bring no improvement produce no event (they are counted in
/// [`Stats::generated`](crate::Stats::generated)).
///
/// The depth-first searches ([`idastar`](crate::idastar), [`iddfs`](crate::iddfs),
/// [`depth_first`](crate::depth_first) and their in-place forms) keep no open set: they send
/// [`Expand`](Self::Expand) for each expansion, and [`Iteration`](Self::Iteration) and
/// [`IterationEnd`](Self::IterationEnd) around each iteration, but no `Generate` (their
/// successors are counted in [`Stats::generated`](crate::Stats::generated) when the problem
/// delivers them, before any is entered), nor `DecreaseKey` or `Reopen`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Event<'a, S, C> {
    /// A state seen for the first time entered the open set (a start state has no parent).
    Generate {
        /// The new state.
        state: &'a S,
        /// The state it was generated from.
        parent: Option<&'a S>,
        /// Its path cost.
        g: C,
        /// Its estimate.
        h: C,
    },
    /// A state on the open set was reached by a cheaper path.
    DecreaseKey {
        /// The state.
        state: &'a S,
        /// Its new parent.
        parent: &'a S,
        /// Its previous path cost.
        old_g: C,
        /// Its new path cost.
        g: C,
        /// Its estimate.
        h: C,
    },
    /// A closed state was reached by a cheaper path and returned to the open set.
    Reopen {
        /// The state.
        state: &'a S,
        /// Its new parent.
        parent: &'a S,
        /// Its previous path cost.
        old_g: C,
        /// Its new path cost.
        g: C,
        /// Its estimate.
        h: C,
    },
    /// A state was taken off the open set; it is then tested for the goal and, if it is none,
    /// its successors are generated.
    Expand {
        /// The state.
        state: &'a S,
        /// Its path cost.
        g: C,
        /// Its estimate.
        h: C,
    },
    /// An iterative-deepening search began an iteration (numbered from 1): the expansions until
    /// the next one belong to it.
    Iteration {
        /// The iteration's number.
        number: u64,
    },
    /// An iterative-deepening search ended an iteration: it exhausted the iteration's bound,
    /// or found a goal (the last iteration), with the counts of that iteration alone. Not sent
    /// when a limit or an error stops the search within it.
    ///
    /// These are the figures papers on IDA* report per iteration (Korf, Reid & Edelkamp,
    /// "Time complexity of iterative-deepening-A*", *Artificial Intelligence* 129, 2001, set
    /// their prediction beside them): the bound, and the nodes expanded and generated within it. The
    /// counts follow [`Stats`](crate::Stats)' definitions (see `docs/counting.md` for the
    /// conversion to Korf's); summed over the iterations they are `Stats::expanded` and
    /// `Stats::generated`.
    IterationEnd {
        /// The iteration's number, as its [`Iteration`](Self::Iteration) event gave it.
        number: u64,
        /// The iteration's bound.
        bound: IterationBound<C>,
        /// The nodes it expanded.
        expanded: u64,
        /// The nodes it generated (its start states included).
        generated: u64,
    },
}

/// The bound of one iteration of an iterative-deepening search, as
/// [`Event::IterationEnd`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IterationBound<C> {
    /// IDA*'s: nodes whose f = g + h exceeds it were not expanded.
    Cost(C),
    /// Iterative deepening's (and IDA*'s on a problem without starts): nodes deeper than this
    /// many steps were not expanded.
    Depth(usize),
}

impl<'a, S, C: Copy> Event<'a, S, C> {
    /// The state the event is about, with its path cost g (after the event) and its estimate h;
    /// `None` for an [`Iteration`](Self::Iteration) or an [`IterationEnd`](Self::IterationEnd).
    pub fn node(&self) -> Option<(&'a S, C, C)> {
        match *self {
            Event::Generate { state, g, h, .. }
            | Event::DecreaseKey { state, g, h, .. }
            | Event::Reopen { state, g, h, .. }
            | Event::Expand { state, g, h } => Some((state, g, h)),
            Event::Iteration { .. } | Event::IterationEnd { .. } => None,
        }
    }
}

/// Receives the events of a search, for tracing, teaching and drawing.
///
/// Pass `&mut your_observer` to [`Search::observer`](crate::Search::observer), or a closure to
/// [`Search::on_event`](crate::Search::on_event). A search without an observer uses
/// [`NoObserver`], whose empty method compiles away: observation costs nothing unless used.
///
/// # Example
///
/// Recording the order in which states are expanded:
///
/// ```
/// use informed::{Event, Observer, Search};
///
/// #[derive(Default)]
/// struct ExpansionOrder(Vec<u32>);
///
/// impl Observer<u32, u32> for ExpansionOrder {
///     fn observe(&mut self, event: Event<'_, u32, u32>) {
///         if let Event::Expand { state, .. } = event {
///             self.0.push(*state);
///         }
///     }
/// }
///
/// let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 3);
/// let mut order = ExpansionOrder::default();
/// Search::new(&problem).observer(&mut order).dijkstra()?;
/// assert_eq!(order.0, [0, 1, 2, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Observer<S, C> {
    /// Called once for each event, in the order the search makes them.
    fn observe(&mut self, event: Event<'_, S, C>);
}

impl<S, C, O: Observer<S, C> + ?Sized> Observer<S, C> for &mut O {
    #[inline]
    fn observe(&mut self, event: Event<'_, S, C>) {
        (**self).observe(event)
    }
}

/// The observer of a search that nobody watches: it ignores every event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoObserver;

impl<S, C> Observer<S, C> for NoObserver {
    #[inline(always)]
    fn observe(&mut self, _: Event<'_, S, C>) {}
}

/// An observer made of a closure; built by [`Search::on_event`](crate::Search::on_event).
pub struct FnObserver<F>(pub(crate) F);

impl<S, C, F: FnMut(Event<'_, S, C>)> Observer<S, C> for FnObserver<F> {
    #[inline]
    fn observe(&mut self, event: Event<'_, S, C>) {
        (self.0)(event)
    }
}

impl<F> fmt::Debug for FnObserver<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FnObserver(..)")
    }
}
