//! The best-first engine behind Dijkstra, greedy best-first, A* and weighted A*.
//!
//! One loop serves them all; they differ only in the [`Ranking`] and the heuristic passed in:
//! Dijkstra is `Ranking::Cost` with h = 0, A* is `Ranking::Cost` with the user's h, weighted A*
//! is `Ranking::Cost` with a [`Weighted`](crate::Weighted) h, greedy is `Ranking::Estimate`.

use std::collections::hash_map::RandomState;

use crate::engine::heap::{Frontier, IndexedHeap, LazyHeap};
use crate::engine::table::{
    DenseTable, FastState, HashTable, Lookup, NO_PARENT, Node, Table, most_promising, path,
    path_cost,
};
use crate::error::{add_step, checked_estimate};
use crate::search::{Control, SearchResult};
use crate::{
    Cost, Event, Hashing, Heuristic, Limit, Observer, OpenSet, Search, SearchError, SearchProblem,
    Solution, Stats, Successors,
};

/// What a best-first search ranks the open set by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ranking {
    /// f = g + h, ties to the smaller h. Closed states reached by a cheaper path are reopened,
    /// which keeps A* optimal with an admissible but inconsistent h.
    Cost,
    /// h alone, ties to the smaller g. Closed states are never reopened: greedy search makes no
    /// optimality claim, and reopening would only cost time.
    Estimate,
}

/// The key of a queued node: (f, h) for [`Ranking::Cost`], (h, g) for [`Ranking::Estimate`],
/// packed into one integer where the cost type allows (see [`Cost::pair`]), so that the heap's
/// comparisons are single integer comparisons. Smaller is expanded first; the open set breaks the
/// ties that remain by node index, in the order of the search's [`TieBreak`](crate::TieBreak).
pub(crate) type Priority<C> = <C as Cost>::Pair;

/// The state of one best-first search, over a node table `T` and an open set `Q`.
pub(crate) struct Engine<'c, S, C, T, Q> {
    pub(crate) table: T,
    pub(crate) open: Q,
    stats: Stats,
    control: Control<'c, C>,
    ranking: Ranking,
    _states: std::marker::PhantomData<S>,
}

type Failure<S, C> = SearchError<S, C>;

impl<'c, S, C, T, Q> Engine<'c, S, C, T, Q>
where
    S: Clone,
    C: Cost,
    T: Table<S, C>,
    Q: Frontier<Priority<C>>,
{
    /// The key of a node with path cost `g` and estimate `h`, with its f = g + h, or `None` if
    /// the ranking needs g + h and it overflows. (Greedy search ranks by h alone, and takes h as
    /// its f where g + h overflows.)
    #[inline]
    fn priority(&self, g: C, h: C) -> Option<(C, Priority<C>)> {
        match self.ranking {
            Ranking::Cost => {
                let f = g.checked_sum(h)?;
                Some((f, C::pair(f, h)))
            }
            Ranking::Estimate => Some((g.checked_sum(h).unwrap_or(h), C::pair(h, g))),
        }
    }

    /// Whether a new node of priority `f` = g + h is pruned: f is infinite, so the node lies
    /// on no finite path, or f exceeds the cost bound.
    #[inline]
    fn pruned(&self, f: C) -> bool {
        f.is_infinite() || self.control.exceeds_bound(f)
    }

    pub(crate) fn new(table: T, control: Control<'c, C>, ranking: Ranking) -> Self {
        Engine {
            table,
            open: Q::new(control.tie_break()),
            stats: Stats::default(),
            control,
            ranking,
            _states: std::marker::PhantomData,
        }
    }

    pub(crate) fn stats(&self) -> Stats {
        Stats {
            stored: self.table.len(),
            ..self.stats
        }
    }

    fn limit_reached(&self, limit: Limit) -> Failure<S, C> {
        SearchError::LimitReached {
            limit,
            stats: self.stats(),
            best: most_promising(&self.table),
        }
    }

    fn overflow(&self, state: S, g: C, h: C) -> Failure<S, C> {
        SearchError::EstimateOverflow {
            state,
            g,
            h,
            stats: self.stats(),
        }
    }

    /// Stores `state` as a new node and queues it, unless the bound prunes it or a limit stops
    /// the search. `key` is what the table's lookup returned for it.
    fn generate<H, O>(
        &mut self,
        state: S,
        key: u64,
        parent: usize,
        g: C,
        heuristic: &H,
        observer: &mut O,
    ) -> Result<(), Failure<S, C>>
    where
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let h = checked_estimate(heuristic, &state, || self.stats())?;
        let Some((f, priority)) = self.priority(g, h) else {
            return Err(self.overflow(state, g, h));
        };
        if self.pruned(f) {
            self.stats.pruned += 1;
            return Ok(());
        }
        if let Some(limit) = self.control.before_storing(self.table.len()) {
            return Err(self.limit_reached(limit));
        }
        let index = self.table.insert(key, state, Node { parent, g, h });
        self.open.push(index, priority);
        observer.observe(Event::Generate {
            state: self.table.state(index),
            parent: (parent != NO_PARENT).then(|| self.table.state(parent)),
            g,
            h,
        });
        Ok(())
    }

    /// Handles a cheaper path of cost `g` from `parent` to the stored node `index`.
    fn improve<O: Observer<S, C>>(
        &mut self,
        index: usize,
        parent: usize,
        g: C,
        observer: &mut O,
    ) -> Result<(), Failure<S, C>> {
        let Node { g: old_g, h, .. } = *self.table.node(index);
        if self.open.contains(index) {
            let (_, priority) = self
                .priority(g, h)
                .expect("a smaller g cannot overflow where the larger did not");
            self.set_parent(index, parent, g);
            self.open.decrease_key(index, priority);
            self.stats.decrease_keys += 1;
            observer.observe(Event::DecreaseKey {
                state: self.table.state(index),
                parent: self.table.state(parent),
                old_g,
                g,
                h,
            });
        } else if self.ranking == Ranking::Cost {
            let Some((_, priority)) = self.priority(g, h) else {
                let state = self.table.state(index).clone();
                return Err(self.overflow(state, g, h));
            };
            self.set_parent(index, parent, g);
            self.open.push(index, priority);
            self.stats.reopened += 1;
            observer.observe(Event::Reopen {
                state: self.table.state(index),
                parent: self.table.state(parent),
                old_g,
                g,
                h,
            });
        }
        Ok(())
    }

    fn set_parent(&mut self, index: usize, parent: usize, g: C) {
        let node = self.table.node_mut(index);
        node.parent = parent;
        node.g = g;
    }
}

/// Runs a best-first search ranked by `ranking` with `heuristic`, on the node table and open set
/// the search's options choose (each combination compiled on its own, so the choice costs
/// nothing per node).
pub(crate) fn best_first<P, H, O>(
    search: Search<'_, P, O>,
    heuristic: H,
    ranking: Ranking,
) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    let problem = search.problem;
    match (search.dense_bound(), search.options.hashing) {
        (Some(bound), _) => {
            with_open_set(search, DenseTable::new(problem, bound), heuristic, ranking)
        }
        (None, Hashing::Fast) => with_open_set(
            search,
            HashTable::<_, _, FastState>::new(),
            heuristic,
            ranking,
        ),
        (None, Hashing::Std) => with_open_set(
            search,
            HashTable::<_, _, RandomState>::new(),
            heuristic,
            ranking,
        ),
    }
}

fn with_open_set<P, H, O, T>(
    search: Search<'_, P, O>,
    table: T,
    heuristic: H,
    ranking: Ranking,
) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
    T: Table<P::State, P::Cost>,
{
    match search.options.open_set {
        OpenSet::BinaryHeap => {
            run::<_, _, _, _, IndexedHeap<_, 2>>(search, table, heuristic, ranking)
        }
        OpenSet::QuaternaryHeap => {
            run::<_, _, _, _, IndexedHeap<_, 4>>(search, table, heuristic, ranking)
        }
        OpenSet::LazyHeap => run::<_, _, _, _, LazyHeap<_>>(search, table, heuristic, ranking),
    }
}

fn run<P, H, O, T, Q>(
    search: Search<'_, P, O>,
    table: T,
    heuristic: H,
    ranking: Ranking,
) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
    T: Table<P::State, P::Cost>,
    Q: Frontier<Priority<P::Cost>>,
{
    let (problem, control, mut observer) = search.into_parts();
    let mut engine: Engine<'_, _, _, T, Q> = Engine::new(table, control, ranking);

    engine.start(problem, &heuristic, &mut observer)?;
    let mut successors = Successors::new();
    loop {
        if let Step::Goal(goal) =
            engine.step(problem, &heuristic, &mut observer, &mut successors)?
        {
            return Ok(solution(problem, &engine, goal));
        }
    }
}

/// What one expansion of [`Engine::step`] did.
pub(crate) enum Step {
    /// The node at this index was expanded and its successors generated.
    Expanded(usize),
    /// The node at this index is a goal; it was expanded (counted) but not its successors.
    Goal(usize),
}

impl<S, C, T, Q> Engine<'_, S, C, T, Q>
where
    S: Clone + Eq,
    C: Cost,
    T: Table<S, C>,
    Q: Frontier<Priority<C>>,
{
    /// Stores and queues the start states.
    pub(crate) fn start<P, H, O>(
        &mut self,
        problem: &P,
        heuristic: &H,
        observer: &mut O,
    ) -> Result<(), Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        for start in problem.starts() {
            self.stats.generated += 1;
            if let Lookup::New(key) = self.table.lookup(&start) {
                self.generate(start, key, NO_PARENT, C::ZERO, heuristic, observer)?;
            }
        }
        self.stats.max_open = self.open.len();
        Ok(())
    }

    /// Expands the best node of the open set: the loop body of every best-first search.
    ///
    /// # Errors
    ///
    /// `NoPath` when the open set is empty, a limit, or bad input.
    pub(crate) fn step<P, H, O>(
        &mut self,
        problem: &P,
        heuristic: &H,
        observer: &mut O,
        successors: &mut Successors<S, C>,
    ) -> Result<Step, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let current = self.next()?;
        if self.expand(current, problem, heuristic, observer, successors)? {
            Ok(Step::Expanded(current))
        } else {
            Ok(Step::Goal(current))
        }
    }

    /// Takes the best node off the open set, after the limits allow one more expansion.
    ///
    /// # Errors
    ///
    /// `NoPath` when the open set is empty, or the limit that forbids another expansion.
    pub(crate) fn next(&mut self) -> Result<usize, Failure<S, C>> {
        if self.open.is_empty() {
            return Err(SearchError::NoPath {
                stats: self.stats(),
            });
        }
        if let Some(limit) = self.control.before_expansion(&self.stats) {
            return Err(self.limit_reached(limit));
        }
        let (current, _) = self.open.pop().expect("the open set is not empty");
        Ok(current)
    }

    /// Expands the node `current` (just taken off the open set): counts it, and unless it is a
    /// goal, generates its successors. Returns whether it did (false for a goal).
    pub(crate) fn expand<P, H, O>(
        &mut self,
        current: usize,
        problem: &P,
        heuristic: &H,
        observer: &mut O,
        successors: &mut Successors<S, C>,
    ) -> Result<bool, Failure<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        self.stats.expanded += 1;
        let (state, &Node { g, h, parent }) = self.table.entry(current);
        observer.observe(Event::Expand { state, g, h });
        if problem.is_goal(state) {
            return Ok(false);
        }

        successors.clear();
        problem.successors(state, successors);
        for (successor, step) in successors.drain() {
            self.stats.generated += 1;
            let new_g = add_step(g, step, self.table.state(current), &successor, || {
                self.stats()
            })?;
            // The step back to the parent can never improve it: the parent's g is at most
            // g - (the step that led here), and steps are not negative. Comparing two states
            // is cheaper than the lookup it saves, and in undirected spaces (grids, puzzles)
            // one successor in every expansion is the parent.
            if parent != NO_PARENT && successor == *self.table.state(parent) {
                continue;
            }
            match self.table.lookup(&successor) {
                Lookup::New(key) => {
                    self.generate(successor, key, current, new_g, heuristic, observer)?;
                }
                Lookup::Stored(index) => {
                    if new_g.order(self.table.node(index).g).is_lt() {
                        self.improve(index, current, new_g, observer)?;
                    }
                }
            }
        }
        self.stats.max_open = self.stats.max_open.max(self.open.len());
        Ok(true)
    }
}

/// The solution ending at the node `goal`.
pub(crate) fn solution<P, T, Q>(
    problem: &P,
    engine: &Engine<'_, P::State, P::Cost, T, Q>,
    goal: usize,
) -> Solution<P::State, P::Cost>
where
    P: SearchProblem,
    T: Table<P::State, P::Cost>,
    Q: Frontier<Priority<P::Cost>>,
{
    let path = path(&engine.table, goal);
    let recorded = engine.table.node(goal).g;
    // Without reopenings every g on the path is current; after one, recompute (see `path_cost`).
    let cost = if engine.stats.reopened == 0 {
        recorded
    } else {
        path_cost(problem, &path).unwrap_or(recorded)
    };
    Solution::new(path, cost, engine.stats())
}
