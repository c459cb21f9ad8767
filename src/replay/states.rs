//! [`StateRecorder`]: records a search of any state space for a replay, a picture or a trace.

use std::fmt::{self, Write as _};

use indexmap::IndexSet;

use super::learn::learn;
use super::record::{Entry, NONE};
use super::stream::{Opened, Stream};
use super::{Layout, OpenOrder, Panel, fit_heuristic, sealed};
use crate::cost::Cost;
use crate::observer::{Event, Observer};
use crate::problem::SearchProblem;

/// A position function, boxed so that recorders of one problem type are one type.
type Position<'p, S> = Box<dyn Fn(&S) -> (f64, f64) + Send + Sync + 'p>;
/// A label function.
type Label<'p, S> = Box<dyn Fn(&S) -> String + Send + Sync + 'p>;

/// An [`Observer`] that records a search of any [`SearchProblem`], given where to draw each
/// state: for a [`Replay`](super::Replay) page, an SVG picture ([`StatePicture`](super::StatePicture)) or a text
/// listing of the expansions ([`trace`](Self::trace)).
///
/// `position` places a state in the plane (x to the right, **y downward**, as on a screen:
/// return `-y` for a map with north up); the drawings scale the positions to fit. States are
/// drawn as points there, each joined to its parent in the search tree; points with integer
/// coordinates look like the cells of a lattice. An optional [`label`](Self::label) names
/// states in the page's open list and in the trace (by default, their position).
///
/// The recorder numbers the states in the order it first sees them and keeps a copy of each,
/// and about 30 bytes an event. To count the successors each expansion generated (the page's
/// counters end equal to [`Stats`](crate::Stats)), it asks the problem for them again once
/// the search has taken them all, when the next expansion begins: a second call of
/// `successors` for each expansion, never iterated further than the search's own. The last
/// expansion, which the search may have left in the middle (a limit on the states stored
/// stops it there), is counted when a page is made, up to 65,536 successors; an iterator
/// longer than that is counted as the successors the events showed. Use one recorder for one
/// search.
///
/// # Example
///
/// A search on a road map, drawn where the towns are, with its trace:
///
/// ```
/// use informed::{Search, StateRecorder};
///
/// let towns = [("Ayr", 0.0, 0.0), ("Bute", 4.0, 1.0), ("Crail", 1.0, 3.0), ("Dunoon", 5.0, 4.0)];
/// let roads = [(0, 1, 5.0), (0, 2, 3.5), (1, 3, 3.5), (2, 3, 4.5)];
/// let problem = informed::from_fn(
///     0usize,
///     |&town: &usize| {
///         let ends = |&(a, b, km): &(usize, usize, f64)| match town {
///             t if t == a => Some((b, km)),
///             t if t == b => Some((a, km)),
///             _ => None,
///         };
///         roads.iter().filter_map(ends).collect::<Vec<_>>()
///     },
///     |&town| town == 3,
/// );
/// let straight = |&town: &usize| {
///     let (_, x, y) = towns[town];
///     f64::hypot(x - 5.0, y - 4.0)
/// };
/// let mut recorder = StateRecorder::new(&problem, |&town| (towns[town].1, -towns[town].2))
///     .label(|&town| towns[town].0.to_owned());
/// let solution = Search::new(&problem).observer(&mut recorder).astar(straight)?;
/// assert_eq!(solution.path(), &[0, 2, 3]);
/// assert_eq!(recorder.expansions(), solution.stats().expanded);
///
/// let trace = recorder.trace();
/// assert!(trace.lines().next().unwrap().contains("Ayr"));
/// assert!(trace.lines().last().unwrap().ends_with("from Crail"));
/// let svg = recorder.picture().path(solution.path()).to_svg(300.0);
/// assert!(svg.starts_with("<svg"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct StateRecorder<'p, P: SearchProblem> {
    problem: &'p P,
    position: Position<'p, P::State>,
    label: Option<Label<'p, P::State>>,
    states: IndexSet<P::State>,
    /// Each state's parent when last opened.
    parents: Vec<u32>,
    pub(crate) history: Vec<Entry<P::Cost>>,
    starts: Vec<usize>,
    goals: Vec<usize>,
    stream: Stream,
    /// Each expansion's count of successors; the last one's without those of `uncounted`.
    counts: Vec<u64>,
    /// The state expanded last, if it is no goal: its successors are counted once the search
    /// has taken them all (see [`StateRecorder::expand`]).
    uncounted: Option<usize>,
    /// The order set with [`StateRecorder::order`]; learned from the events without one.
    order: Option<OpenOrder>,
}

impl<P: SearchProblem> fmt::Debug for StateRecorder<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateRecorder")
            .field("states", &self.states.len())
            .field("expansions", &self.stream.expansions())
            .field("bytes", &self.stream.bytes().len())
            .field("order", &self.order)
            .finish_non_exhaustive()
    }
}

impl<'p, P: SearchProblem> StateRecorder<'p, P> {
    /// A recorder for a search of `problem`, drawing each state at `position(state)`.
    ///
    /// The positions are asked for when a drawing is made, not while the search runs.
    pub fn new(
        problem: &'p P,
        position: impl Fn(&P::State) -> (f64, f64) + Send + Sync + 'p,
    ) -> Self {
        StateRecorder {
            problem,
            position: Box::new(position),
            label: None,
            states: IndexSet::new(),
            parents: Vec::new(),
            history: Vec::new(),
            starts: Vec::new(),
            goals: Vec::new(),
            // The counts are written once known, after the records of the expansion.
            stream: Stream::new(0).deferred(),
            counts: Vec::new(),
            uncounted: None,
            order: None,
        }
    }

    /// Names each state `label(state)` in the page's open list and heading, and in the
    /// [`trace`](Self::trace) (by default a state is named by its position).
    pub fn label(mut self, label: impl Fn(&P::State) -> String + Send + Sync + 'p) -> Self {
        self.label = Some(Box::new(label));
        self
    }

    /// Sets the order of the algorithm recorded, which the page shows its open list in (see
    /// [`OpenOrder`]). Without it the recorder learns the order from the search, as
    /// [`open_order`](Self::open_order) says.
    pub fn order(mut self, order: OpenOrder) -> Self {
        self.order = Some(order);
        self
    }

    /// The order the page shows the open list in: the one set with [`order`](Self::order),
    /// or else the one learned from the events recorded.
    ///
    /// An order is learned when each expansion took the best open state under its rule and
    /// tie-break: Dijkstra's (h = 0 everywhere, where A* and greedy search rank alike),
    /// breadth-first search's, A*'s or greedy best-first search's; a tie-break that no
    /// expansion tells apart is taken as FIFO. `None` when no rule fits (weighted A*, or a
    /// search of another kind) or when A*'s and greedy search's both do: rather than rank
    /// the open list by a rule the search may not have used, the page then lists it in the
    /// order the states were stored and says so.
    ///
    /// # Complexity
    ///
    /// O(e log e) for e events recorded, each time it is called (and for each page made
    /// without an order set).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Algorithm, OpenOrder, Search, StateRecorder, TieBreak};
    ///
    /// // From 0, a cheap step to 1 (h = 6) and a dear one to 2 (h = 5): greedy search
    /// // expands 2 first, where A* would have expanded 1.
    /// let problem = informed::from_fn(
    ///     0u8,
    ///     |&n: &u8| if n == 0 { vec![(1, 1u32), (2, 10)] } else { vec![(3, 1)] },
    ///     |&n| n == 3,
    /// );
    /// let h = |&n: &u8| [7u32, 6, 5, 0][usize::from(n)];
    /// let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), 0.0));
    /// Search::new(&problem).observer(&mut recorder).greedy(h)?;
    /// let greedy = OpenOrder::new(Algorithm::Greedy, TieBreak::Fifo);
    /// assert_eq!(recorder.open_order(), Some(greedy));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open_order(&self) -> Option<OpenOrder> {
        self.order.or_else(|| learn(&self.history))
    }

    /// The number of expansions recorded: the replay's frames (after the first).
    pub fn expansions(&self) -> u64 {
        self.stream.expansions()
    }

    /// The number of distinct states recorded.
    pub fn states(&self) -> usize {
        self.states.len()
    }

    /// The size of the recorded event stream, in bytes (the page holds it in base64, a third
    /// more).
    pub fn bytes(&self) -> usize {
        self.stream.bytes().len()
    }

    /// One line per expansion, in order: its number, the state's label, g, h and f, and the
    /// state it was reached from (`start` for a start state), as
    /// `   3. Crail   g=3.5 h=4.123 f=7.623  from Ayr`.
    ///
    /// The parent is the one the state had when it was expanded (a cheaper path found while
    /// it waited changes it).
    pub fn trace(&self) -> String {
        let name = |index: u32| self.name(index as usize);
        let expanded: Vec<&Entry<P::Cost>> =
            self.history.iter().filter(|entry| entry.expanded).collect();
        let width = expanded
            .iter()
            .map(|e| name(e.state).chars().count())
            .max()
            .unwrap_or(0)
            .min(24);
        let mut parents = vec![NONE; self.states.len()];
        let mut out = String::new();
        let mut k = 0;
        for entry in &self.history {
            if !entry.expanded {
                parents[entry.state as usize] = entry.parent;
                continue;
            }
            k += 1;
            let f = entry
                .g
                .checked_sum(entry.h)
                .map_or_else(|| "overflow".to_owned(), number);
            let from = match parents[entry.state as usize] {
                NONE => "start".to_owned(),
                parent => format!("from {}", name(parent)),
            };
            let _ = writeln!(
                out,
                "{k:>4}. {:<width$} g={} h={} f={f}  {from}",
                name(entry.state),
                number(entry.g),
                number(entry.h),
            );
        }
        out
    }

    /// The state numbered `index`'s label.
    fn name(&self, index: usize) -> String {
        let state = &self.states[index];
        match &self.label {
            Some(label) => label(state),
            None => position_text((self.position)(state)),
        }
    }

    /// The position of each state recorded, in the order numbered.
    pub(crate) fn positions(&self) -> Vec<(f64, f64)> {
        self.states.iter().map(|s| (self.position)(s)).collect()
    }

    /// The numbers of the start states and of the goal states recorded.
    pub(crate) fn ends(&self) -> (&[usize], &[usize]) {
        (&self.starts, &self.goals)
    }

    /// The numbers of `path`'s states (those recorded).
    pub(crate) fn numbers(&self, path: &[P::State]) -> Vec<usize> {
        path.iter()
            .filter_map(|state| self.states.get_index_of(state))
            .collect()
    }

    /// The number of `state`, numbering it if it is new.
    fn number(&mut self, state: &P::State) -> usize {
        if let Some(index) = self.states.get_index_of(state) {
            return index;
        }
        let (index, _) = self.states.insert_full(state.clone());
        self.stream.grow(index);
        self.parents.push(NONE);
        if self.problem.is_goal(state) {
            self.goals.push(index);
        }
        index
    }

    fn open(
        &mut self,
        what: Opened,
        state: &P::State,
        parent: Option<&P::State>,
        g: P::Cost,
        h: P::Cost,
    ) {
        let index = self.number(state);
        let parent = parent.map(|p| self.number(p));
        if parent.is_none() && what == Opened::Generated {
            self.starts.push(index);
        }
        let generated = (what == Opened::Generated).then(|| h.to_f64());
        self.stream
            .open(what, index, parent, None, g.to_f64(), generated);
        let parent = parent.map_or(NONE, |p| p as u32);
        self.parents[index] = parent;
        self.history.push(Entry {
            expanded: false,
            state: index as u32,
            parent,
            g,
            h,
        });
    }

    /// Records an expansion. Its successors are not counted yet: the search has not taken
    /// them, and may never take them all (an iterator that never ends, under a limit that
    /// stops the search in the middle of the expansion). Those of the expansion before are:
    /// the search went on to this one, so it took every one of them.
    fn expand(&mut self, state: &P::State, g: P::Cost, h: P::Cost) {
        self.count_finished();
        let index = self.number(state);
        let mut count = 0;
        if self.stream.expansions() == 0 {
            // Every start counts as generated, but only the first of equal ones is stored (and
            // one with an infinite estimate is not): the first expansion counts the others.
            let starts = self.problem.starts().into_iter().count();
            count += starts.saturating_sub(self.starts.len()) as u64;
        }
        self.counts.push(count);
        // A goal's successors are never generated.
        self.uncounted = (!self.problem.is_goal(state)).then_some(index);
        self.stream.expand(index, 0, g.to_f64(), h.to_f64());
        self.history.push(Entry {
            expanded: true,
            state: index as u32,
            parent: self.parents[index],
            g,
            h,
        });
    }

    /// Counts the successors of the last expansion, which the search has taken to the end.
    fn count_finished(&mut self) {
        if let (Some(index), Some(last)) = (self.uncounted.take(), self.counts.last_mut()) {
            let successors = self.problem.successors(&self.states[index]);
            *last += successors.into_iter().count() as u64;
        }
    }

    /// The successor count of the last expansion, which the search may have left in the
    /// middle: its successors up to [`UNFINISHED_COUNT`], or, past that, those the events
    /// showed (the entries recorded after it).
    fn unfinished_count(&self) -> u64 {
        let Some(index) = self.uncounted else {
            return 0;
        };
        let successors = self.problem.successors(&self.states[index]);
        let count = successors.into_iter().take(UNFINISHED_COUNT + 1).count();
        if count <= UNFINISHED_COUNT {
            return count as u64;
        }
        let seen = self.history.iter().rev().take_while(|e| !e.expanded);
        seen.count() as u64
    }

    /// The event stream with every expansion's count of successors.
    fn counted_stream(&self) -> Stream {
        let mut stream = self.stream.clone();
        let last = self.counts.len().saturating_sub(1);
        let unfinished = self.unfinished_count();
        stream.set_counts(|k| self.counts[k] + if k == last { unfinished } else { 0 });
        stream
    }
}

/// The most successors counted of an expansion the search may have left in the middle.
const UNFINISHED_COUNT: usize = 1 << 16;

impl<P: SearchProblem> Observer<P::State, P::Cost> for StateRecorder<'_, P> {
    fn observe(&mut self, event: Event<'_, P::State, P::Cost>) {
        match event {
            Event::Generate {
                state,
                parent,
                g,
                h,
            } => self.open(Opened::Generated, state, parent, g, h),
            Event::DecreaseKey {
                state,
                parent,
                g,
                h,
                ..
            } => self.open(Opened::Decreased, state, Some(parent), g, h),
            Event::Reopen {
                state,
                parent,
                g,
                h,
                ..
            } => self.open(Opened::Reopened, state, Some(parent), g, h),
            Event::Expand { state, g, h } => self.expand(state, g, h),
            _ => {}
        }
    }
}

impl<P: SearchProblem> super::Recording for StateRecorder<'_, P> {}

impl<P: SearchProblem> sealed::Recording for StateRecorder<'_, P> {
    type State = P::State;
    type Cost = P::Cost;

    fn panel(&self, path: Option<&[P::State]>) -> Panel {
        let xy = self
            .positions()
            .into_iter()
            .flat_map(|(x, y)| [x, y])
            .collect();
        let labels = self
            .label
            .as_ref()
            .map(|label| self.states.iter().map(label).collect());
        let (heuristic, exceptions) = fit_heuristic(self.stream.generated(), &[]);
        Panel {
            layout: Layout::Points { xy, labels },
            starts: self.starts.clone(),
            goals: self.goals.clone(),
            stream: self.counted_stream().bytes().to_vec(),
            heuristic,
            exceptions,
            path: path.map_or_else(Vec::new, |path| self.numbers(path)),
            frames: self.stream.expansions(),
            order: self.open_order().unwrap_or_else(OpenOrder::unknown),
            jumps: false,
        }
    }
}

/// A cost as a trace shows it: integers as they are, fractions to at most three places.
fn number<C: Cost>(value: C) -> String {
    let v = value.to_f64();
    if C::EXACT || v.fract() == 0.0 || !v.is_finite() {
        value.to_string()
    } else {
        let text = format!("{v:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// A position as a default label: `(3, -1)`, or `(2.5, 0.333)`.
pub(crate) fn position_text((x, y): (f64, f64)) -> String {
    let coordinate = |v: f64| {
        if v.fract() == 0.0 && v.abs() < 1e15 {
            format!("{v:.0}")
        } else {
            let text = format!("{v:.3}");
            text.trim_end_matches('0').trim_end_matches('.').to_owned()
        }
    };
    format!("({}, {})", coordinate(x), coordinate(y))
}
