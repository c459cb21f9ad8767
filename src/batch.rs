//! Many independent searches over the cores (the `rayon` feature).

use rayon::prelude::*;

use crate::cost::Cost;
use crate::searcher::Searcher;

/// Runs `search` on every query, in parallel over rayon's thread pool, each thread with a
/// [`Searcher`] of its own that it reuses for all the queries it takes; returns the results in
/// the order of `queries`.
///
/// Only with the `rayon` feature. The queries are independent searches (short paths on one
/// map, puzzles to solve): a result is exactly what `search` returns for its query with a fresh
/// searcher, whichever thread ran it, so the output equals the sequential
/// `queries.iter().map(|q| search(&mut Searcher::new(), q))`.
///
/// # Arguments
///
/// - `queries`: what to search for, one search each.
/// - `search`: runs one search with the given searcher, usually
///   `|searcher, query| searcher.astar(&problem_for(query), heuristic)`.
///
/// # Returns
///
/// One result per query, in order.
///
/// # Errors
///
/// None of its own: each result carries its search's outcome.
///
/// # Complexity
///
/// The sum of the searches' work, spread over the pool's threads; one searcher per thread, each
/// as large as the largest search it ran.
///
/// # Example
///
/// ```
/// let goals: Vec<u32> = (1..=100).collect();
/// let costs = informed::par_search(&goals, |searcher, &goal| {
///     let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 2u32)], move |&n| n == goal);
///     searcher.astar(&line, |&n: &u32| 2 * goal.saturating_sub(n)).map(|s| s.cost())
/// });
/// assert_eq!(costs.len(), 100);
/// assert_eq!(costs[9], Ok(20));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn par_search<Q, R, S, C, F>(queries: &[Q], search: F) -> Vec<R>
where
    Q: Sync,
    R: Send,
    C: Cost,
    F: Fn(&mut Searcher<S, C>, &Q) -> R + Sync + Send,
{
    par_search_with(queries, Searcher::new, search)
}

/// [`par_search`] with a reusable value of the caller's choosing: each thread of rayon's pool
/// makes one with `init` and reuses it for every query it takes. For searchers other than
/// [`Searcher`]: a [`JumpPointSearcher`](crate::grid::JumpPointSearcher) per thread on one
/// grid, for example, which keeps its bit-packed grid and its buffers from one query to the
/// next.
///
/// Only with the `rayon` feature. As with [`par_search`], a result must not depend on what the
/// value holds from earlier queries (a searcher's buffers do not), so that the output equals
/// the sequential `queries.iter().map(|q| search(&mut init(), q))`.
///
/// # Arguments
///
/// - `queries`: what to search for, one search each.
/// - `init`: makes a thread's value.
/// - `search`: runs one search with the thread's value.
///
/// # Returns
///
/// One result per query, in order.
///
/// # Errors
///
/// None of its own: each result carries its search's outcome.
///
/// # Complexity
///
/// The sum of the searches' work, spread over the pool's threads; one value per thread (made
/// at most once for each piece of work rayon hands a thread).
///
/// # Example
///
/// Jump point search on one map, a searcher per thread:
///
/// ```
/// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement};
///
/// let grid = Grid::from_ascii("..........\n....##....\n....##....\n..........")?;
/// let goals: Vec<Cell> = (0..10).map(|x| Cell::new(x, 3)).collect();
/// let costs = informed::par_search_with(
///     &goals,
///     || JumpPointSearcher::new(&grid),
///     |jps, &goal| {
///         let problem = grid.problem(Cell::new(0, 0), goal, Movement::Eight).unwrap();
///         jps.search(&problem).map(|s| s.cost())
///     },
/// );
/// assert_eq!(costs[0], Ok(3.0));
/// assert_eq!(costs.len(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn par_search_with<Q, R, T, I, F>(queries: &[Q], init: I, search: F) -> Vec<R>
where
    Q: Sync,
    R: Send,
    I: Fn() -> T + Sync + Send,
    F: Fn(&mut T, &Q) -> R + Sync + Send,
{
    queries
        .par_iter()
        .map_init(init, |value, query| search(value, query))
        .collect()
}
