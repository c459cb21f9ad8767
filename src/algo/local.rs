//! Incomplete searches, for contrast with best-first search: hill climbing and beam search.

use crate::engine::table::{FastState, HashTable, Lookup, NO_PARENT, Node, Table, path};
use crate::error::{add_step, checked_estimate};
use crate::search::SearchResult;
use crate::{
    Cost, Event, Heuristic, Observer, Search, SearchError, SearchProblem, Solution, Stats,
    Successors,
};

/// Steepest-descent hill climbing on h: from the start, always move to the successor with the
/// smallest estimate, as long as it is smaller than the current one.
///
/// It keeps one state and never looks back, so it is fast and needs no memory, but it is
/// **incomplete** — it stops at the first local minimum of h (a state none of whose successors
/// looks closer), even when a path exists — and **not optimal**: it follows h, not cost. Use
/// [`hill_climbing_with_restarts`] to try again from other states, and a best-first search when
/// the answer must be found, or be the cheapest.
///
/// # Arguments
///
/// - `problem`: the state space; only its first start state is used.
/// - `heuristic`: the estimate to descend; h must reach a goal's value along the way.
///
/// # Returns
///
/// The path it walked, its cost and the [`Stats`].
///
/// # Errors
///
/// [`SearchError::GaveUp`] with the local minimum where it stopped; the limit and bad-input
/// errors of [`astar`](crate::astar).
///
/// # Complexity
///
/// **O(L · b)** time and **O(L)** space (the path), for a walk of L steps and branching factor b.
///
/// # Example
///
/// ```
/// // A valley: descending h from 10 reaches the goal at 0.
/// let line = informed::from_fn(10i32, |&n: &i32| [(n - 1, 1u32), (n + 1, 1)], |&n| n == 0);
/// let walk = informed::hill_climbing(&line, |&n: &i32| n.unsigned_abs())?;
/// assert_eq!(walk.cost(), 10);
///
/// // A bump in h at 5 traps it.
/// let bumpy = |&n: &i32| if n == 5 { 99 } else { n.unsigned_abs() };
/// let stuck = informed::hill_climbing(&line, bumpy).unwrap_err();
/// assert!(matches!(stuck, informed::SearchError::GaveUp { state: Some(6), .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hill_climbing<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).hill_climbing(heuristic, 0, |_| {
        unreachable!("hill climbing without restarts asks for no random start")
    })
}

/// Hill climbing from the start, then from up to `restarts` more states made by
/// `random_start(k)` for k = 1, 2, …, until one climb reaches a goal.
///
/// Restarts from random states escape the local minima that trap a single climb: with enough of
/// them, problems with few minima are solved with high probability — still with no guarantee,
/// and no optimality.
///
/// # Arguments
///
/// - `problem`: the state space; its first start state begins the first climb.
/// - `heuristic`: the estimate to descend.
/// - `restarts`: how many more climbs to try.
/// - `random_start`: the state to begin climb k from; give it a seeded generator so that runs are
///   reproducible.
///
/// # Returns
///
/// The path of the first climb that reached a goal (from its own start), its cost, and the
/// [`Stats`] of all climbs.
///
/// # Errors
///
/// [`SearchError::GaveUp`] with the last climb's local minimum if none reached a goal; the limit
/// and bad-input errors of [`astar`](crate::astar).
///
/// # Complexity
///
/// As for [`hill_climbing`], times the number of climbs.
///
/// # Example
///
/// ```
/// let line = informed::from_fn(10i32, |&n: &i32| [(n - 1, 1u32), (n + 1, 1)], |&n| n == 0);
/// let bumpy = |&n: &i32| if n == 5 { 99 } else { n.unsigned_abs() };
/// // The first climb stops above the bump; the first restart begins at 5 − 1 = 4, below it.
/// let walk = informed::hill_climbing_with_restarts(&line, bumpy, 3, |k| 5 - k as i32)?;
/// assert_eq!(walk.start(), &4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hill_climbing_with_restarts<P, H, F>(
    problem: &P,
    heuristic: H,
    restarts: usize,
    random_start: F,
) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    F: FnMut(u64) -> P::State,
{
    Search::new(problem).hill_climbing(heuristic, restarts, random_start)
}

/// Beam search: breadth-first, layer by layer, keeping only the `width` states of each new layer
/// with the smallest estimates.
///
/// Memory and time grow with the width, not with the space; the price is that a pruned state
/// may have been the only way on. It is **incomplete** (the beam can empty while a path exists)
/// and **not optimal**; with a width at least the size of every layer it is breadth-first search.
/// States seen in earlier layers are not revisited.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: ranks each layer's states; ties go to the state generated first.
/// - `width`: the most states kept per layer (at least 1).
///
/// # Returns
///
/// The first path found to a goal (tested as each state is expanded), its cost and the
/// [`Stats`].
///
/// # Errors
///
/// [`SearchError::GaveUp`] if the beam empties; the limit and bad-input errors of
/// [`astar`](crate::astar).
///
/// # Complexity
///
/// **O(d · w · b · log(w · b))** time for d layers of w states with b successors each, and
/// **O(d · w · b)** space for the states seen.
///
/// # Example
///
/// ```
/// let goal = 12i32;
/// let line = informed::from_fn(0i32, |&n: &i32| [(n - 1, 1u32), (n + 1, 1), (n + 3, 2)], move |&n| n == goal);
/// let solution = informed::beam_search(&line, |&n: &i32| goal.abs_diff(n), 2)?;
/// assert_eq!(*solution.goal(), goal);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn beam_search<P, H>(problem: &P, heuristic: H, width: usize) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).beam_search(heuristic, width)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`hill_climbing_with_restarts`](crate::hill_climbing_with_restarts) (with 0
    /// restarts, [`hill_climbing`](crate::hill_climbing)) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`hill_climbing_with_restarts`](crate::hill_climbing_with_restarts).
    pub fn hill_climbing<H, F>(
        self,
        heuristic: H,
        restarts: usize,
        mut random_start: F,
    ) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
        F: FnMut(u64) -> P::State,
    {
        let (problem, mut control, mut observer) = self.into_parts();
        let mut stats = Stats::default();
        let mut successors = Successors::new();
        let mut stopped_at = None;
        for attempt in 0..=restarts {
            let start = if attempt == 0 {
                match problem.starts().into_iter().next() {
                    Some(start) => start,
                    None => return Err(SearchError::NoPath { stats }),
                }
            } else {
                random_start(attempt as u64)
            };
            stats.generated += 1;
            let mut h = checked_estimate(&heuristic, &start, || stats)?;
            let mut g = P::Cost::ZERO;
            let mut walk = vec![start];
            loop {
                if let Some(limit) = control.before_expansion(&stats) {
                    return Err(SearchError::LimitReached {
                        limit,
                        stats,
                        best: None,
                    });
                }
                let current = walk.last().expect("a walk has a start");
                stats.expanded += 1;
                stats.stored = stats.stored.max(walk.len());
                observer.observe(Event::Expand {
                    state: current,
                    g,
                    h,
                });
                if problem.is_goal(current) {
                    return Ok(Solution::new(walk, g, stats));
                }
                successors.clear();
                problem.successors(current, &mut successors);
                let mut best: Option<(usize, P::Cost, P::Cost)> = None;
                for (index, (next, step)) in successors.as_slice().iter().enumerate() {
                    stats.generated += 1;
                    let new_g = add_step(g, *step, current, next, || stats)?;
                    let next_h = checked_estimate(&heuristic, next, || stats)?;
                    if best.is_none_or(|(_, _, best_h)| next_h.order(best_h).is_lt()) {
                        best = Some((index, new_g, next_h));
                    }
                }
                match best {
                    Some((index, new_g, next_h)) if next_h.order(h).is_lt() => {
                        let next = successors.as_slice()[index].0.clone();
                        observer.observe(Event::Generate {
                            state: &next,
                            parent: walk.last(),
                            g: new_g,
                            h: next_h,
                        });
                        walk.push(next);
                        (g, h) = (new_g, next_h);
                    }
                    _ => break,
                }
            }
            stopped_at = walk.pop();
        }
        Err(SearchError::GaveUp {
            state: stopped_at,
            stats,
        })
    }

    /// Runs [`beam_search`](crate::beam_search) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`beam_search`](crate::beam_search).
    pub fn beam_search<H: Heuristic<P::State, P::Cost>>(
        self,
        heuristic: H,
        width: usize,
    ) -> SearchResult<P> {
        let (problem, mut control, mut observer) = self.into_parts();
        let width = width.max(1);
        let mut table: HashTable<P::State, P::Cost, FastState> = HashTable::new();
        let mut stats = Stats::default();
        let snapshot = |stats: &Stats, table: &HashTable<_, _, _>| Stats {
            stored: Table::len(table),
            ..*stats
        };
        let mut layer: Vec<usize> = Vec::new();
        for start in problem.starts() {
            stats.generated += 1;
            if let Lookup::New(key) = table.lookup(&start) {
                let h = checked_estimate(&heuristic, &start, || stats)?;
                layer.push(table.insert(
                    key,
                    start,
                    Node {
                        parent: NO_PARENT,
                        g: P::Cost::ZERO,
                        h,
                    },
                ));
            }
        }
        let mut successors = Successors::new();
        let mut last = None;
        while !layer.is_empty() {
            // Keep the `width` best of the layer: smallest h, then generated first.
            layer.sort_by(|&a, &b| table.node(a).h.order(table.node(b).h).then(a.cmp(&b)));
            layer.truncate(width);
            let mut next_layer = Vec::new();
            for &current in &layer {
                if let Some(limit) = control.before_expansion(&stats) {
                    return Err(SearchError::LimitReached {
                        limit,
                        stats: snapshot(&stats, &table),
                        best: None,
                    });
                }
                stats.expanded += 1;
                let (state, &Node { g, h, .. }) = table.entry(current);
                observer.observe(Event::Expand { state, g, h });
                if problem.is_goal(state) {
                    let stats = snapshot(&stats, &table);
                    return Ok(Solution::new(path(&table, current), g, stats));
                }
                successors.clear();
                problem.successors(state, &mut successors);
                for (next, step) in successors.drain() {
                    stats.generated += 1;
                    let new_g = add_step(g, step, table.state(current), &next, || {
                        snapshot(&stats, &table)
                    })?;
                    let Lookup::New(key) = table.lookup(&next) else {
                        continue;
                    };
                    if let Some(limit) = control.before_storing(Table::len(&table)) {
                        return Err(SearchError::LimitReached {
                            limit,
                            stats: snapshot(&stats, &table),
                            best: None,
                        });
                    }
                    let next_h = checked_estimate(&heuristic, &next, || stats)?;
                    let index = table.insert(
                        key,
                        next,
                        Node {
                            parent: current,
                            g: new_g,
                            h: next_h,
                        },
                    );
                    observer.observe(Event::Generate {
                        state: table.state(index),
                        parent: Some(table.state(current)),
                        g: new_g,
                        h: next_h,
                    });
                    next_layer.push(index);
                }
            }
            stats.max_open = stats.max_open.max(next_layer.len().min(width));
            last = layer.last().copied();
            layer = next_layer;
        }
        Err(SearchError::GaveUp {
            state: last.map(|index| table.state(index).clone()),
            stats: snapshot(&stats, &table),
        })
    }
}
