//! NBS: bidirectional heuristic search that expands pairs of states, one from each side, and so
//! never expands more than twice the states any bidirectional search must (Chen, Holte, Zilles
//! and Sturtevant, 2017).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use indexmap::IndexMap;

use crate::algo::bidirectional::{Meetings, check_backward_steps};
use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::engine::hasher::FastBuildHasher;
use crate::engine::options::TieBreak;
use crate::engine::table::path_cost;
use crate::error::SearchError;
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::{Event, Observer};
use crate::problem::Bidirectional;
use crate::progress::Partial;
use crate::reversed::forward;
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

/// NBS, bidirectional heuristic search with a proven bound: optimal paths from the starts to
/// the goals, searched from both ends with an estimate in each direction.
///
/// Each side keeps its open states in two queues: *waiting*, by f = g + h, and *ready*, the
/// states whose f is below the current lower bound on the optimal cost, by g. The lower bound
/// is the least of the waiting states' f on either side and the sum of the two ready sides'
/// least g; NBS expands the pair of ready states (one from each side) whose g add up to at most
/// the bound, and raises the bound when none is left. It stops when the bound reaches the
/// cheapest path found where the sides met. With consistent heuristics it expands at most
/// twice the minimum vertex cover of the pairs (u, v) that every bidirectional search must
/// consider (those whose lower bound max(f_F(u), f_B(v), g_F(u) + g_B(v)) is below the optimal
/// cost): within a factor of two of the best any such search can do, where A* and
/// bidirectional Dijkstra have no bound at all.
///
/// # Arguments
///
/// - `problem`: the state space, searchable backward ([`Bidirectional`]: its goals and
///   predecessors, consistent with its goal test and successors).
/// - `forward`: an estimate of the cost from a state to the nearest goal, as [`astar`]'s.
/// - `backward`: an estimate of the cost from the nearest start to a state.
///
/// # Returns
///
/// A least-cost path from a start to a goal when both estimates are admissible (each state is
/// reopened, as in A*, when a cheaper path to it is found: this keeps the answer optimal with
/// inconsistent estimates), its cost (added up along the path from the start) and the
/// [`Stats`](crate::Stats) of both sides; an observer sees both sides' events.
///
/// # Errors
///
/// As for [`bidirectional_dijkstra`](crate::bidirectional_dijkstra), and
/// [`SearchError::NanEstimate`] for a NaN estimate in either direction.
///
/// # Complexity
///
/// **O((V + E) log V)** time and **O(V)** space, where V and E count the states and steps of
/// both sides; the pairs rule bounds V as above.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// // A wall across the middle of a 40 × 40 grid, with a gap at each end.
/// let mut grid = Grid::new(40, 40);
/// for y in 5..35 {
///     grid.set_free(Cell::new(20, y), false);
/// }
/// let (start, goal) = (Cell::new(2, 20), Cell::new(38, 20));
/// let problem = grid.problem(start, goal, Movement::Four)?;
/// // The Manhattan distance to the goal forward, and from the start backward.
/// let distance = |a: Cell, b: &Cell| f64::from(a.x.abs_diff(b.x) + a.y.abs_diff(b.y));
/// let both = informed::nbs(&problem, |cell: &Cell| distance(goal, cell), |cell: &Cell| {
///     distance(start, cell)
/// })?;
/// let one = informed::astar(&problem, |cell: &Cell| distance(goal, cell))?;
/// assert_eq!(both.cost(), one.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`astar`]: crate::astar
///
/// # Reference
///
/// J. Chen, R. C. Holte, S. Zilles and N. R. Sturtevant, "Front-to-end bidirectional heuristic
/// search with near-optimal node expansions", *IJCAI* 2017, 489–495.
pub fn nbs<P, F, B>(problem: &P, forward: F, backward: B) -> SearchResult<P>
where
    P: Bidirectional,
    F: HeuristicFn<P::State, P::Cost>,
    B: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).nbs_with(forward, backward)
}

/// [`nbs`] with heuristics of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Landmarks`](crate::Landmarks), your own types): `forward` estimates the cost to the goals,
/// `backward` the cost from the starts.
///
/// # Errors
///
/// As for [`nbs`].
///
/// # Example
///
/// ```
/// use informed::Landmarks;
/// use informed::graph::Graph;
///
/// let ring = Graph::undirected(30, (0..30).map(|n| (n, (n + 1) % 30, 1.0)))?;
/// let problem = ring.problem(3, 17)?;
/// let landmarks = Landmarks::farthest(&problem, 4)?;
/// let solution = informed::nbs_with(
///     &problem,
///     landmarks.toward(&problem, &17),
///     landmarks.from_start(&problem, &3),
/// )?;
/// assert_eq!(solution.cost(), 14.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn nbs_with<P, F, B>(problem: &P, forward: F, backward: B) -> SearchResult<P>
where
    P: Bidirectional,
    F: Heuristic<P::State, P::Cost>,
    B: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).nbs_with(forward, backward)
}

impl<P: Bidirectional, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`nbs`](crate::nbs) with this search's options (see the table in [`Search`]'s
    /// docs).
    ///
    /// # Errors
    ///
    /// As for [`nbs`](crate::nbs).
    pub fn nbs<F, B>(self, forward: F, backward: B) -> SearchResult<P>
    where
        F: HeuristicFn<P::State, P::Cost>,
        B: HeuristicFn<P::State, P::Cost>,
    {
        self.nbs_with(forward, backward)
    }

    /// Runs [`nbs_with`](crate::nbs_with) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`nbs`](crate::nbs).
    pub fn nbs_with<F, B>(self, forward: F, backward: B) -> SearchResult<P>
    where
        F: Heuristic<P::State, P::Cost>,
        B: Heuristic<P::State, P::Cost>,
    {
        Nbs::new(self.into_setup()?).run(&forward, &backward)
    }
}

/// Where a stored state of one side is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Waiting,
    Ready,
    Closed,
}

/// A state stored by one side.
#[derive(Clone, Copy, Debug)]
struct Entry<C> {
    g: C,
    h: C,
    /// The index of the state before it on its side's path, `None` for a start (or goal).
    parent: Option<usize>,
    place: Place,
    /// Raised whenever `g` or `place` changes: the queues' older entries for the state are
    /// then stale, and skipped.
    version: u32,
}

/// A queue entry: its key, the order of arrival among equal keys, the state's index and the
/// version of the state it was pushed for. Smaller is first (the heaps hold `Reverse`).
type Queued<K> = Reverse<(K, u64, usize, u32)>;

/// The key of a ready state: (g, f).
type ReadyKey<C> = (<C as Cost>::Single, <C as Cost>::Single);

/// The key of a waiting state: (f, −g).
type WaitingKey<C> = (<C as Cost>::Single, Reverse<<C as Cost>::Single>);

/// One side of the search: its stored states and its two queues.
struct Side<S, C: Cost> {
    states: IndexMap<S, Entry<C>, FastBuildHasher>,
    /// Ready states by (g, f).
    ready: BinaryHeap<Queued<ReadyKey<C>>>,
    /// Waiting states by (f, −g): the larger g (the smaller h) first among equal f.
    waiting: BinaryHeap<Queued<WaitingKey<C>>>,
    /// The states open on this side (ready or waiting).
    open: usize,
}

impl<S: Clone + Eq + std::hash::Hash, C: Cost> Side<S, C> {
    fn new() -> Self {
        Side {
            states: IndexMap::default(),
            ready: BinaryHeap::new(),
            waiting: BinaryHeap::new(),
            open: 0,
        }
    }

    /// Whether `queued` still stands for its state.
    fn current(&self, index: usize, version: u32, place: Place) -> bool {
        let entry = &self.states[index];
        entry.version == version && entry.place == place
    }

    /// The first ready state that is not stale: its index, g and f.
    fn peek_ready(&mut self) -> Option<(usize, C, C)> {
        while let Some(&Reverse((_, _, index, version))) = self.ready.peek() {
            if self.current(index, version, Place::Ready) {
                let entry = self.states[index];
                return Some((index, entry.g, f_of(&entry)));
            }
            self.ready.pop();
        }
        None
    }

    /// The first waiting state that is not stale: its index and f.
    fn peek_waiting(&mut self) -> Option<(usize, C)> {
        while let Some(&Reverse((_, _, index, version))) = self.waiting.peek() {
            if self.current(index, version, Place::Waiting) {
                return Some((index, f_of(&self.states[index])));
            }
            self.waiting.pop();
        }
        None
    }

    /// Puts state `index` in the queue its f says, given the lower bound: ready below it,
    /// waiting otherwise.
    fn enqueue(&mut self, index: usize, lower_bound: C, arrival: u64) {
        let entry = &mut self.states[index];
        entry.version = entry.version.wrapping_add(1);
        let (g, f, version) = (entry.g, f_of(entry), entry.version);
        if f.order(lower_bound).is_lt() {
            entry.place = Place::Ready;
            self.ready
                .push(Reverse(((g.single(), f.single()), arrival, index, version)));
        } else {
            entry.place = Place::Waiting;
            self.waiting.push(Reverse((
                (f.single(), Reverse(g.single())),
                arrival,
                index,
                version,
            )));
        }
    }

    /// Moves the first waiting state to the ready queue.
    fn promote(&mut self, index: usize, arrival: u64) {
        let entry = &mut self.states[index];
        entry.version = entry.version.wrapping_add(1);
        entry.place = Place::Ready;
        let (g, f, version) = (entry.g, f_of(entry), entry.version);
        self.ready
            .push(Reverse(((g.single(), f.single()), arrival, index, version)));
    }

    /// The path from this side's start (or goal) to state `index`, in the order stored.
    fn path_to(&self, mut index: usize) -> Vec<S> {
        let mut path = Vec::new();
        loop {
            let (state, entry) = self.states.get_index(index).expect("a stored state");
            path.push(state.clone());
            match entry.parent {
                Some(parent) => index = parent,
                None => break,
            }
        }
        path.reverse();
        path
    }
}

/// f = g + h of a stored state (checked when it was stored).
fn f_of<C: Cost>(entry: &Entry<C>) -> C {
    entry.g.saturating_sum(entry.h)
}

/// An NBS search in progress.
struct Nbs<'p, P: Bidirectional, O> {
    problem: &'p P,
    control: Control<'p, P::Cost>,
    observer: O,
    ties: TieBreak,
    sides: [Side<P::State, P::Cost>; 2],
    meetings: Meetings<P::State, P::Cost>,
    lower_bound: P::Cost,
    arrivals: u64,
    /// Each expansion's side and state, for the test of the expansion bound.
    #[cfg(test)]
    expanded: Vec<(usize, P::State)>,
}

/// The forward side's index in `Nbs::sides`; the backward side is 1.
const FORWARD: usize = 0;

impl<'p, P: Bidirectional, O: Observer<P::State, P::Cost>> Nbs<'p, P, O> {
    fn new(setup: Setup<'p, P, O>) -> Self {
        let bound = setup.control.cost_bound();
        Nbs {
            problem: setup.problem,
            control: setup.control,
            observer: setup.observer,
            ties: setup.options.tie_break,
            sides: [Side::new(), Side::new()],
            meetings: Meetings {
                best: None,
                overflow: None,
                bound,
            },
            lower_bound: P::Cost::ZERO,
            arrivals: 0,
            #[cfg(test)]
            expanded: Vec::new(),
        }
    }

    /// The order of the next state queued among equal keys, by the tie rule.
    fn arrival(&mut self) -> u64 {
        self.arrivals += 1;
        self.ties.order().rank64(self.arrivals)
    }

    fn run<F, B>(&mut self, forward_h: &F, backward_h: &B) -> SearchResult<P>
    where
        F: Heuristic<P::State, P::Cost>,
        B: Heuristic<P::State, P::Cost>,
    {
        let problem = self.problem;
        for start in problem.starts() {
            self.control.count_start();
            self.store(FORWARD, start, None, P::Cost::ZERO, forward_h)?;
        }
        for goal in problem.goals() {
            self.store(1, goal, None, P::Cost::ZERO, backward_h)
                .map_err(forward)?;
        }
        self.meetings.check(&self.control)?;
        while let Some((ahead, behind)) = self.next_pair() {
            if self
                .meetings
                .best
                .as_ref()
                .is_some_and(|best| self.lower_bound.order(best.total).is_ge())
            {
                break;
            }
            self.expand(FORWARD, ahead, forward_h)?;
            self.expand(1, behind, backward_h).map_err(forward)?;
            self.meetings.check(&self.control)?;
            let open = self.sides[0].open + self.sides[1].open;
            self.control.open_size(open);
        }
        self.solution()
    }

    /// The next pair to expand, one ready state of each side whose g add up to at most the
    /// lower bound, raising the bound where none is; `None` once either side has nothing open.
    fn next_pair(&mut self) -> Option<(usize, usize)> {
        let lower_bound = self.lower_bound;
        for side in 0..2 {
            while let Some((index, f)) = self.sides[side].peek_waiting() {
                if f.order(lower_bound).is_ge() {
                    break;
                }
                let arrival = self.arrival();
                self.sides[side].promote(index, arrival);
            }
        }
        loop {
            if self.sides[0].open == 0 || self.sides[1].open == 0 {
                return None;
            }
            let ready = (self.sides[0].peek_ready(), self.sides[1].peek_ready());
            let both = match ready {
                (Some((ahead, g_ahead, _)), Some((behind, g_behind, _))) => {
                    let sum = g_ahead.saturating_sum(g_behind);
                    if sum.order(self.lower_bound).is_le() {
                        return Some((ahead, behind));
                    }
                    Some(sum)
                }
                _ => None,
            };
            let mut changed = false;
            for side in [1, 0] {
                if let Some((index, f)) = self.sides[side].peek_waiting() {
                    if f.order(self.lower_bound).is_le() {
                        let arrival = self.arrival();
                        self.sides[side].promote(index, arrival);
                        changed = true;
                    }
                }
            }
            if !changed {
                let waiting = [self.sides[0].peek_waiting(), self.sides[1].peek_waiting()];
                let least = waiting
                    .into_iter()
                    .flatten()
                    .map(|(_, f)| f)
                    .chain(both)
                    .reduce(|a, b| if b.order(a).is_lt() { b } else { a });
                match least {
                    Some(least) => self.lower_bound = least,
                    // Open states on both sides, but none ready on one and none waiting:
                    // cannot happen (an open state is ready or waiting), so the search ends.
                    None => return None,
                }
            }
        }
    }

    /// Stores `state` on `side`, reached from `parent` at cost `g` (new, or cheaper than
    /// before), and offers the meeting with the other side.
    fn store<H: Heuristic<P::State, P::Cost>>(
        &mut self,
        side: usize,
        state: P::State,
        parent: Option<usize>,
        g: P::Cost,
        heuristic: &H,
    ) -> Result<(), SearchError<P::State, P::Cost>> {
        let h = self.control.estimate(heuristic, &state)?;
        let Some(f) = g.checked_sum(h) else {
            return Err(self.control.estimate_overflow(state, g, h));
        };
        if self.control.prunes(f) || self.dearer_than_best(f) {
            return Ok(());
        }
        if let Err(limit) = self.control.admit() {
            return Err(self.limit_reached(limit));
        }
        let other = &self.sides[1 - side];
        if let Some(entry) = other.states.get(&state) {
            self.meetings.offer(&state, g, entry.g);
        }
        let this = &mut self.sides[side];
        let (index, _) = this.states.insert_full(
            state,
            Entry {
                g,
                h,
                parent,
                place: Place::Waiting,
                version: 0,
            },
        );
        this.open += 1;
        let arrival = self.arrival();
        let lower_bound = self.lower_bound;
        self.sides[side].enqueue(index, lower_bound, arrival);
        let states = &self.sides[side].states;
        let state = states.get_index(index).expect("just stored").0;
        let parent = parent.map(|parent| states.get_index(parent).expect("a parent").0);
        self.observer.observe(Event::Generate {
            state,
            parent,
            g,
            h,
        });
        Ok(())
    }

    /// Whether a path through a state of cost at least `f` cannot beat the best meeting.
    fn dearer_than_best(&self, f: P::Cost) -> bool {
        self.meetings
            .best
            .as_ref()
            .is_some_and(|best| f.order(best.total).is_ge())
    }

    /// Expands the ready state `index` of `side`, unless it can no longer lead to a cheaper
    /// path than the best meeting.
    fn expand<H: Heuristic<P::State, P::Cost>>(
        &mut self,
        side: usize,
        index: usize,
        heuristic: &H,
    ) -> Result<(), SearchError<P::State, P::Cost>> {
        let this = &mut self.sides[side];
        let entry = &mut this.states[index];
        entry.place = Place::Closed;
        entry.version = entry.version.wrapping_add(1);
        this.open -= 1;
        let Entry { g, h, .. } = *entry;
        if self.dearer_than_best(g.saturating_sum(h)) {
            return Ok(());
        }
        if let Err(limit) = self.control.expansion() {
            return Err(self.limit_reached(limit));
        }
        let problem = self.problem;
        let state = self.sides[side]
            .states
            .get_index(index)
            .expect("a state")
            .0
            .clone();
        self.observer.observe(Event::Expand {
            state: &state,
            g,
            h,
        });
        #[cfg(test)]
        self.expanded.push((side, state.clone()));
        if side == FORWARD {
            for (next, step) in problem.successors(&state) {
                self.relax(side, index, &state, g, next, step, heuristic)?;
            }
        } else {
            for (next, step) in problem.predecessors(&state) {
                self.relax(side, index, &state, g, next, step, heuristic)?;
            }
        }
        Ok(())
    }

    /// Takes the step of cost `step` from `state` (stored at `index` on `side`, at cost `g`)
    /// to `next`: stores `next`, or moves it up its queue (reopens it) if the step is cheaper
    /// than its stored path.
    #[allow(clippy::too_many_arguments)] // one step: its ends, its cost, the side, the estimate
    fn relax<H: Heuristic<P::State, P::Cost>>(
        &mut self,
        side: usize,
        index: usize,
        state: &P::State,
        g: P::Cost,
        next: P::State,
        step: P::Cost,
        heuristic: &H,
    ) -> Result<(), SearchError<P::State, P::Cost>> {
        let new_g = self.control.step(g, step, state, &next)?;
        if new_g.is_infinite() || self.dearer_than_best(new_g) {
            return Ok(());
        }
        let Some(at) = self.sides[side].states.get_index_of(&next) else {
            return self.store(side, next, Some(index), new_g, heuristic);
        };
        let old = self.sides[side].states[at];
        if !new_g.order(old.g).is_lt() || self.control.prunes(new_g.saturating_sum(old.h)) {
            return Ok(());
        }
        // A cheaper path to a state this side has stored: moved up its queue, or reopened when
        // it was closed (which keeps the answer optimal with inconsistent estimates).
        let reopened = old.place == Place::Closed;
        let this = &mut self.sides[side];
        this.states[at].g = new_g;
        this.states[at].parent = Some(index);
        if reopened {
            this.open += 1;
            self.control.count_reopening();
        } else {
            self.control.count_decrease_key();
        }
        let arrival = self.arrival();
        let lower_bound = self.lower_bound;
        self.sides[side].enqueue(at, lower_bound, arrival);
        if let Some(other) = self.sides[1 - side].states.get(&next) {
            self.meetings.offer(&next, new_g, other.g);
        }
        let (old_g, h) = (old.g, old.h);
        let event = if reopened {
            Event::Reopen {
                state: &next,
                parent: state,
                old_g,
                g: new_g,
                h,
            }
        } else {
            Event::DecreaseKey {
                state: &next,
                parent: state,
                old_g,
                g: new_g,
                h,
            }
        };
        self.observer.observe(event);
        Ok(())
    }

    /// The error of a limit: with the forward side's open state of least f as the most
    /// promising path.
    fn limit_reached(&self, limit: crate::error::Limit) -> SearchError<P::State, P::Cost> {
        let side = &self.sides[FORWARD];
        let best = side
            .states
            .values()
            .enumerate()
            .filter(|(_, entry)| entry.place != Place::Closed)
            .min_by(|(_, a), (_, b)| f_of(a).order(f_of(b)))
            .map(|(index, entry)| Partial {
                path: side.path_to(index),
                cost: entry.g,
                estimate: entry.h,
            });
        self.control.limit_reached(limit, best)
    }

    /// The path through the best meeting: the forward path to it, then the backward path from
    /// it; its cost added up from the start, and the steps found backward checked against the
    /// successors.
    fn solution(&self) -> SearchResult<P> {
        let Some(meeting) = &self.meetings.best else {
            return Err(self.control.no_path());
        };
        let [ahead, behind] = &self.sides;
        let mut path = ahead.path_to(ahead.states.get_index_of(&meeting.state).expect("met"));
        let at = path.len() - 1;
        let mut back = behind.path_to(behind.states.get_index_of(&meeting.state).expect("met"));
        back.pop();
        path.extend(back.into_iter().rev());
        let cost = path_cost(self.problem, &path, self.control.stats())?;
        check_backward_steps(self.problem, &path, at, self.control.stats())?;
        if cost.is_infinite() {
            return Err(self.control.no_path());
        }
        Ok(Solution::new(path, cost, self.control.stats()))
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)] // states are numbers: g[v] reads as the math does
mod tests {
    use proptest::prelude::*;

    use super::Nbs;
    use crate::problem::{Bidirectional, SearchProblem};
    use crate::search::Search;

    /// A small directed graph from node 0 to the last node.
    #[derive(Clone, Debug)]
    struct Small {
        adjacency: Vec<Vec<(usize, u64)>>,
    }

    impl SearchProblem for Small {
        type State = usize;
        type Cost = u64;

        fn starts(&self) -> impl IntoIterator<Item = usize> {
            [0]
        }

        fn is_goal(&self, &v: &usize) -> bool {
            v == self.adjacency.len() - 1
        }

        fn successors(&self, &v: &usize) -> impl IntoIterator<Item = (usize, u64)> {
            self.adjacency[v].clone()
        }
    }

    impl Bidirectional for Small {
        fn goals(&self) -> impl IntoIterator<Item = usize> {
            [self.adjacency.len() - 1]
        }

        fn predecessors(&self, &v: &usize) -> impl IntoIterator<Item = (usize, u64)> {
            let mut into = Vec::new();
            for (u, edges) in self.adjacency.iter().enumerate() {
                into.extend(edges.iter().filter(|&&(w, _)| w == v).map(|&(_, c)| (u, c)));
            }
            into
        }
    }

    /// Least costs from `source` (forward) or to it (backward), by Bellman–Ford.
    fn distances(small: &Small, source: usize, forward: bool) -> Vec<Option<u64>> {
        let n = small.adjacency.len();
        let mut d = vec![None; n];
        d[source] = Some(0);
        for _ in 0..n {
            for (u, edges) in small.adjacency.iter().enumerate() {
                for &(v, c) in edges {
                    let (from, to) = if forward { (u, v) } else { (v, u) };
                    if let Some(base) = d[from] {
                        if d[to].is_none_or(|old: u64| base + c < old) {
                            d[to] = Some(base + c);
                        }
                    }
                }
            }
        }
        d
    }

    /// The size of a maximum matching of a bipartite graph (Kuhn's augmenting paths): by
    /// König's theorem, the size of its minimum vertex cover.
    fn maximum_matching(edges: &[Vec<usize>], right: usize) -> usize {
        fn augment(
            u: usize,
            edges: &[Vec<usize>],
            seen: &mut [bool],
            mate: &mut [Option<usize>],
        ) -> bool {
            for &v in &edges[u] {
                if !seen[v] {
                    seen[v] = true;
                    if mate[v].is_none_or(|w| augment(w, edges, seen, mate)) {
                        mate[v] = Some(u);
                        return true;
                    }
                }
            }
            false
        }
        let mut mate = vec![None; right];
        (0..edges.len())
            .filter(|&u| augment(u, edges, &mut vec![false; right], &mut mate))
            .count()
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x5ea7c4),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// With consistent estimates (a fixed fraction of the true distances), NBS expands at
        /// most twice the minimum vertex cover of the must-expand pairs: the pairs (u, v) whose
        /// lower bound max(f_F(u), f_B(v), g_F(u) + g_B(v)) is below C*, with every g the least
        /// cost (Chen et al., 2017, Theorem 1), counting the expansions of states in such pairs.
        #[test]
        fn nbs_expands_at_most_twice_the_minimum_vertex_cover(
            nodes in 2..24usize,
            edges in prop::collection::vec((0..24usize, 0..24usize, 1..8u64), 0..80),
            quarters in (0..=4u64, 0..=4u64),
        ) {
            let mut adjacency = vec![Vec::new(); nodes];
            for (from, to, cost) in edges {
                if from < nodes && to < nodes && !adjacency[from].iter().any(|&(t, _)| t == to) {
                    adjacency[from].push((to, cost * 4));
                }
            }
            let small = Small { adjacency };
            let goal = nodes - 1;
            let (g_forward, g_backward) = (distances(&small, 0, true), distances(&small, goal, false));
            let Some(optimum) = g_forward[goal] else {
                return Ok(());
            };
            // A state that cannot reach the goal (that no path from the start reaches) gets an
            // estimate above every other: 0 there would make the estimate inconsistent on the
            // steps into it.
            const DEAD_END: u64 = 1_000_000;
            let h_forward = |v: &usize| g_backward[*v].map_or(DEAD_END, |d| d / 4 * quarters.0);
            let h_backward = |v: &usize| g_forward[*v].map_or(DEAD_END, |d| d / 4 * quarters.1);
            let mut nbs = Nbs::new(Search::new(&small).into_setup().unwrap());
            let solution = nbs.run(&h_forward, &h_backward).unwrap();
            prop_assert_eq!(solution.cost(), optimum);

            let mut pairs = vec![Vec::new(); nodes];
            for u in 0..nodes {
                for v in 0..nodes {
                    if let (Some(gu), Some(gv)) = (g_forward[u], g_backward[v]) {
                        let bound = (gu + h_forward(&u)).max(gv + h_backward(&v)).max(gu + gv);
                        if bound < optimum {
                            pairs[u].push(v);
                        }
                    }
                }
            }
            let cover = maximum_matching(&pairs, nodes);
            let on_left = |u: usize| !pairs[u].is_empty();
            let on_right = |v: usize| pairs.iter().any(|p| p.contains(&v));
            let counted = nbs
                .expanded
                .iter()
                .filter(|&&(side, state)| if side == 0 { on_left(state) } else { on_right(state) })
                .count();
            prop_assert!(counted <= 2 * cover, "{counted} expansions in must-expand pairs, cover {cover}");
        }
    }
}
