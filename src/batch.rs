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
    queries
        .par_iter()
        .map_init(Searcher::new, |searcher, query| search(searcher, query))
        .collect()
}
