//! The breadth-first flood: every reachable state with its depth, in breadth-first order, as a
//! lazy iterator.

use std::fmt;

use crate::cost::Cost;
use crate::engine::control::Control;
use crate::engine::select::{TableBody, with_tables};
use crate::engine::table::{NO_PARENT, Node, Placed, Table, Tables};
use crate::error::Limit;
use crate::observer::{Event, NoObserver, Observer};
use crate::problem::SearchProblem;
use crate::progress::Stats;
use crate::search::Search;

/// Every state reachable from the starts, each once with its depth (the fewest steps from a
/// start), in breadth-first order: the starts first (depth 0), then their successors (depth 1),
/// and so on. The flood is computed lazily, one expansion per item.
///
/// Step costs play no part: a step is a step. The goal test is ignored. This is what
/// `pathfinding::directed::bfs::bfs_reach` gives, on any node table, the dense one of a
/// numbered problem included.
///
/// # Arguments
///
/// - `problem`: the state space; its goal test and step costs are ignored.
///
/// # Returns
///
/// A [`BfsReach`] iterator of `(state, depth)` pairs. Depths never decrease along it. It is
/// lazy: taking the first n items expands n states, and `take_while` on the depth stops the
/// flood at a depth.
///
/// # Complexity
///
/// **O(V + E)** time and **O(V)** space over the whole iteration, where V and E count the states
/// and steps reachable.
///
/// # Example
///
/// ```
/// // Knight moves on a 4×4 board: every square with the fewest moves to reach it.
/// let knight = |&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
///         .into_iter()
///         .filter(|&((x, y), _)| (0..4).contains(&x) && (0..4).contains(&y))
/// };
/// let problem = informed::from_fn((0, 0), knight, |_| false);
/// let squares: Vec<((i8, i8), usize)> = informed::bfs_reach(&problem).collect();
/// assert_eq!(squares.len(), 16);
/// assert_eq!(squares[0], ((0, 0), 0));
/// assert_eq!(squares.iter().map(|&(_, depth)| depth).max(), Some(5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bfs_reach<P: SearchProblem>(problem: &P) -> BfsReach<'_, P> {
    Search::new(problem).bfs_reach()
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// [`bfs_reach`](crate::bfs_reach) with this search's options: the node table and hashing
    /// chosen, the limits on expansions and stored states, the deadline and the cancel callback.
    /// A limit ends the iteration, and [`BfsReach::limit`] then says which. The cost bound does
    /// not apply (the flood has depths, not costs: stop at a depth with `take_while`).
    ///
    /// The observer sees each state generated and expanded, with g = 0: the depth is the
    /// iterator's.
    pub fn bfs_reach(self) -> BfsReach<'a, P, O> {
        /// Makes the node table the options choose, as a trait object: the iterator must name
        /// its type.
        struct MakeTable;

        impl<'p, S: 'p, C: 'p> TableBody<'p, S, C> for MakeTable {
            type Output = Box<dyn Table<S, C> + 'p>;

            fn run<N: Tables<'p, S, C>>(self, tables: N) -> Self::Output {
                Box::new(tables.table())
            }
        }

        let (problem, options) = (self.problem(), *self.options());
        let table = with_tables(problem, &options, MakeTable);
        let setup = self.into_setup_unchecked();
        BfsReach {
            problem,
            control: setup.control,
            observer: setup.observer,
            table,
            next: 0,
            depth: 0,
            depth_end: 0,
            started: false,
            limit: None,
        }
    }
}

/// The iterator of [`bfs_reach`] and [`Search::bfs_reach`]: `(state, depth)` pairs in
/// breadth-first order.
pub struct BfsReach<'a, P: SearchProblem, O = NoObserver> {
    problem: &'a P,
    control: Control<'a, P::Cost>,
    observer: O,
    /// The states in the order they were reached, which is breadth-first order: those from
    /// `next` on are the queue.
    table: Box<dyn Table<P::State, P::Cost> + 'a>,
    next: usize,
    /// The depth of the state at `next`, and the end of that depth's states in the table.
    depth: usize,
    depth_end: usize,
    started: bool,
    /// The limit that stopped the flood.
    limit: Option<Limit>,
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> BfsReach<'_, P, O> {
    /// The statistics so far: `expanded` counts the items returned.
    pub fn stats(&self) -> Stats {
        self.control.stats()
    }

    /// The limit that ended the iteration early, if one did (set on a [`Search`]); `None` while
    /// it runs and when it ended because every reachable state was returned.
    pub fn limit(&self) -> Option<Limit> {
        self.limit
    }

    /// Stores `state` if it is new; false when a limit forbids it.
    fn reach(&mut self, state: P::State, parent: usize) -> bool {
        let zero = P::Cost::ZERO;
        let Placed::Inserted(index) = self
            .table
            .find_or_insert(state, Node::new(parent, zero, zero))
        else {
            return true;
        };
        match self
            .control
            .admit_stored(&mut self.table, &mut self.observer, index)
        {
            Ok(()) => true,
            Err(limit) => {
                self.limit = Some(limit);
                false
            }
        }
    }

    fn start(&mut self) {
        self.started = true;
        for start in self.problem.starts() {
            self.control.count_start();
            if !self.reach(start, NO_PARENT) {
                break;
            }
        }
        self.depth_end = self.table.len();
        self.control.open_size(self.table.len());
    }
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Iterator for BfsReach<'_, P, O> {
    type Item = (P::State, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if !self.started {
            self.start();
        }
        if self.limit.is_some() || self.next >= self.table.len() {
            return None;
        }
        if let Err(limit) = self.control.expansion() {
            self.limit = Some(limit);
            return None;
        }
        if self.next == self.depth_end {
            // Every state of the previous depth is expanded: the table holds all of this one.
            self.depth += 1;
            self.depth_end = self.table.len();
        }
        let current = self.next;
        self.next += 1;
        let state = self.table.state(current).clone();
        let zero = P::Cost::ZERO;
        self.observer.observe(Event::Expand {
            state: &state,
            g: zero,
            h: zero,
        });
        let problem = self.problem;
        for (successor, _) in problem.successors(&state) {
            self.control.count_generated(1);
            if !self.reach(successor, current) {
                break;
            }
        }
        self.control.open_size(self.table.len() - self.next);
        Some((state, self.depth))
    }
}

impl<P: SearchProblem, O> fmt::Debug for BfsReach<'_, P, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BfsReach")
            .field("returned", &self.next)
            .field("depth", &self.depth)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}
