//! Breadth-first search: the path with the fewest steps.

use std::collections::hash_map::RandomState;

use crate::engine::table::{
    DenseTable, FastState, HashTable, Lookup, NO_PARENT, Node, Table, most_promising, path,
};
use crate::error::add_step;
use crate::search::{Control, SearchResult};
use crate::{
    Cost, Event, Hashing, Limit, Observer, Search, SearchError, SearchProblem, Solution, Stats,
    Successors,
};

/// Finds a path with the fewest steps from a start state to a goal, ignoring step costs.
///
/// States are expanded in the order they were first generated, layer by layer. The goal test is
/// made when a state is generated, one layer earlier than a best-first search would make it, so
/// the goal itself is never counted as expanded. The reported cost is still the sum of the step
/// costs along the path (checked like any other search's), but it need not be the least cost:
/// use [`dijkstra`](crate::dijkstra) for that.
///
/// # Arguments
///
/// - `problem`: the state space; its step costs are summed into the path cost only.
///
/// # Returns
///
/// The [`Solution`]: a path of fewest steps, its cost, and the [`Stats`] of the search. Among
/// paths of equally few steps, the one through states generated first wins.
///
/// # Errors
///
/// - [`SearchError::NoPath`] if no goal is reachable.
/// - [`SearchError::LimitReached`] if a limit set on a [`Search`] stopped it.
/// - [`SearchError::NegativeCost`], [`SearchError::NanCost`], [`SearchError::Overflow`] for a
///   bad step cost or a path cost that does not fit in the cost type.
///
/// # Complexity
///
/// **O(V + E)** time and **O(V)** space, where V is the number of states generated and E the
/// number of successors delivered; each state is hashed once per time it is generated.
///
/// # Example
///
/// A knight's shortest tour to a square, in moves:
///
/// ```
/// let knight = |&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
///         .into_iter()
///         .filter(|&((x, y), _)| (0..8).contains(&x) && (0..8).contains(&y))
/// };
/// let problem = informed::from_fn((0, 0), knight, |&square| square == (7, 7));
/// let solution = informed::bfs(&problem)?;
/// assert_eq!(solution.steps(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bfs<P: SearchProblem>(problem: &P) -> SearchResult<P> {
    Search::new(problem).bfs()
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`bfs`](crate::bfs) with this search's options. The cost bound prunes successors
    /// whose g exceeds it.
    ///
    /// # Errors
    ///
    /// As for [`bfs`](crate::bfs).
    pub fn bfs(self) -> SearchResult<P> {
        let problem = self.problem;
        match (self.dense_bound(), self.options.hashing) {
            (Some(bound), _) => bfs_in(self, DenseTable::new(problem, bound)),
            (None, Hashing::Fast) => bfs_in(self, HashTable::<_, _, FastState>::new()),
            (None, Hashing::Std) => bfs_in(self, HashTable::<_, _, RandomState>::new()),
        }
    }
}

/// Breadth-first search with the node table `table`.
fn bfs_in<P, O, T>(search: Search<'_, P, O>, mut table: T) -> SearchResult<P>
where
    P: SearchProblem,
    O: Observer<P::State, P::Cost>,
    T: Table<P::State, P::Cost>,
{
    let (problem, mut control, mut observer) = search.into_parts();
    let mut stats = Stats::default();
    let zero = P::Cost::ZERO;
    let snapshot = |stats: &Stats, table: &T| Stats {
        stored: table.len(),
        ..*stats
    };
    let limit_reached = |limit, stats: &Stats, table: &T| {
        Err(SearchError::LimitReached {
            limit,
            stats: snapshot(stats, table),
            best: most_promising(table),
        })
    };

    // The queue is the table itself: states are stored in the order they are generated, so
    // the unexpanded ones are exactly those from `next` on.
    let mut next = 0;
    let found = |index: usize, stats: &mut Stats, table: &T, next: usize| {
        stats.max_open = stats.max_open.max(table.len() - next);
        Solution::new(
            path(table, index),
            table.node(index).g,
            snapshot(stats, table),
        )
    };

    for start in problem.starts() {
        stats.generated += 1;
        if let Lookup::New(hash) = table.lookup(&start) {
            let index = match store(
                &mut table,
                &control,
                &mut observer,
                hash,
                start,
                NO_PARENT,
                zero,
            ) {
                Ok(index) => index,
                Err(limit) => return limit_reached(limit, &stats, &table),
            };
            if problem.is_goal(table.state(index)) {
                return Ok(found(index, &mut stats, &table, next));
            }
        }
    }
    stats.max_open = table.len();

    let mut successors = Successors::new();
    while next < table.len() {
        if let Some(limit) = control.before_expansion(&stats) {
            return limit_reached(limit, &stats, &table);
        }
        let current = next;
        next += 1;
        stats.expanded += 1;
        let (state, &Node { g, .. }) = table.entry(current);
        observer.observe(Event::Expand { state, g, h: zero });
        successors.clear();
        problem.successors(state, &mut successors);
        for (successor, step) in successors.drain() {
            stats.generated += 1;
            let new_g = add_step(g, step, table.state(current), &successor, || {
                snapshot(&stats, &table)
            })?;
            if new_g.is_infinite() || control.exceeds_bound(new_g) {
                stats.pruned += 1;
                continue;
            }
            let Lookup::New(hash) = table.lookup(&successor) else {
                // Reached before, in as few steps or fewer.
                continue;
            };
            let index = match store(
                &mut table,
                &control,
                &mut observer,
                hash,
                successor,
                current,
                new_g,
            ) {
                Ok(index) => index,
                Err(limit) => return limit_reached(limit, &stats, &table),
            };
            if problem.is_goal(table.state(index)) {
                return Ok(found(index, &mut stats, &table, next));
            }
        }
        stats.max_open = stats.max_open.max(table.len() - next);
    }
    Err(SearchError::NoPath {
        stats: snapshot(&stats, &table),
    })
}

/// Stores a state new to the table, reached at cost `g` from `parent` (`NO_PARENT` for a start),
/// and tells the observer; returns its index, or the limit that forbids storing it.
fn store<S: Clone, C: Cost, T: Table<S, C>, O: Observer<S, C>>(
    table: &mut T,
    control: &Control<'_, C>,
    observer: &mut O,
    hash: u64,
    state: S,
    parent: usize,
    g: C,
) -> Result<usize, Limit> {
    if let Some(limit) = control.before_storing(table.len()) {
        return Err(limit);
    }
    let index = table.insert(
        hash,
        state,
        Node {
            parent,
            g,
            h: C::ZERO,
        },
    );
    observer.observe(Event::Generate {
        state: table.state(index),
        parent: (parent != NO_PARENT).then(|| table.state(parent)),
        g,
        h: C::ZERO,
    });
    Ok(index)
}
