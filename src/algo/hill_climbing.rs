//! Hill climbing, with and without restarts: an incomplete search, for contrast with
//! best-first search.

use crate::cost::Cost;
use crate::engine::control::Control;
use crate::error::{Limit, SearchError};
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::progress::Partial;
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

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
/// - `heuristic`: a closure giving the estimate to descend ([`hill_climbing_with`] for a
///   heuristic that is a type); h must reach a goal's value along the way.
///
/// # Returns
///
/// The path it walked, its cost and the [`Stats`](crate::Stats).
///
/// # Errors
///
/// [`SearchError::GaveUp`](crate::SearchError::GaveUp) with the local minimum where it stopped; the
/// limit and bad-input errors of [`astar`](crate::astar).
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
pub fn hill_climbing<P, F>(problem: &P, heuristic: F) -> SearchResult<P>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).hill_climbing_with(heuristic)
}

/// [`hill_climbing`] with a heuristic of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why the
/// closures and the types have an entry point each.
///
/// # Arguments, Returns, Errors, Complexity
///
/// As for [`hill_climbing`]; `heuristic` is a value of a [`Heuristic`] type instead of a closure.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Manhattan, Movement};
///
/// let grid = Grid::from_ascii("....\n....")?;
/// let goal = Cell::new(3, 1);
/// let problem = grid.problem(Cell::new(0, 0), goal, Movement::Four)?;
/// let walk = informed::hill_climbing_with(&problem, Manhattan::to(goal))?;
/// assert_eq!(walk.steps(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hill_climbing_with<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).hill_climbing_with(heuristic)
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
/// - `heuristic`: a closure giving the estimate to descend; for a [`Heuristic`] value `h`, pass
///   `|state| h.estimate(state)`.
/// - `restarts`: how many more climbs to try.
/// - `random_start`: the state to begin climb k from; give it a seeded generator so that runs are
///   reproducible.
///
/// # Returns
///
/// The path of the first climb that reached a goal (from its own start), its cost, and the
/// [`Stats`](crate::Stats) of all climbs.
///
/// # Errors
///
/// [`SearchError::GaveUp`](crate::SearchError::GaveUp) with the last climb's local minimum if none
/// reached a goal; the limit and bad-input errors of [`astar`](crate::astar).
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
pub fn hill_climbing_with_restarts<P, E, F>(
    problem: &P,
    heuristic: E,
    restarts: usize,
    random_start: F,
) -> SearchResult<P>
where
    P: SearchProblem,
    E: HeuristicFn<P::State, P::Cost>,
    F: FnMut(u64) -> P::State,
{
    Search::new(problem).hill_climbing_with_restarts(heuristic, restarts, random_start)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`hill_climbing`](crate::hill_climbing) with this search's options and a closure heuristic.
    ///
    /// # Errors
    ///
    /// As for [`hill_climbing`](crate::hill_climbing).
    pub fn hill_climbing<F>(self, heuristic: F) -> SearchResult<P>
    where
        F: HeuristicFn<P::State, P::Cost>,
    {
        self.hill_climbing_with(heuristic)
    }

    /// Runs [`hill_climbing_with`](crate::hill_climbing_with) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`hill_climbing`](crate::hill_climbing).
    pub fn hill_climbing_with<H>(self, heuristic: H) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
    {
        self.climb(heuristic, 0, |_| {
            unreachable!("hill climbing without restarts asks for no random start")
        })
    }

    /// Runs [`hill_climbing_with_restarts`](crate::hill_climbing_with_restarts) with this
    /// search's options.
    ///
    /// # Errors
    ///
    /// As for [`hill_climbing_with_restarts`](crate::hill_climbing_with_restarts).
    pub fn hill_climbing_with_restarts<E, F>(
        self,
        heuristic: E,
        restarts: usize,
        random_start: F,
    ) -> SearchResult<P>
    where
        E: HeuristicFn<P::State, P::Cost>,
        F: FnMut(u64) -> P::State,
    {
        self.climb(heuristic, restarts, random_start)
    }

    /// Hill climbing with restarts, for any [`Heuristic`].
    fn climb<H, F>(self, heuristic: H, restarts: usize, mut random_start: F) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
        F: FnMut(u64) -> P::State,
    {
        let setup = self.into_setup()?;
        let (problem, mut control, mut observer) = (setup.problem, setup.control, setup.observer);
        let mut successors = Successors::new();
        let mut stopped_at = None;
        for attempt in 0..=restarts {
            let start = if attempt == 0 {
                match problem.starts().into_iter().next() {
                    Some(start) => start,
                    None => return Err(control.no_path()),
                }
            } else {
                random_start(attempt as u64)
            };
            control.count_start();
            let mut walk = Walk {
                states: Vec::new(),
                g: P::Cost::ZERO,
                h: control.estimate(&heuristic, &start)?,
            };
            walk.push(&mut control, start)?;
            loop {
                if let Err(limit) = control.expansion() {
                    return Err(walk.limit_reached(&control, limit));
                }
                let (g, h) = (walk.g, walk.h);
                let current = walk.states.last().expect("a walk has a start");
                observer.observe(Event::Expand {
                    state: current,
                    g,
                    h,
                });
                if problem.is_goal(current) {
                    return Ok(Solution::new(walk.states, g, control.stats()));
                }
                if let Err(limit) = control.collect(&mut successors, problem.successors(current)) {
                    return Err(walk.limit_reached(&control, limit));
                }
                let mut best: Option<(usize, P::Cost, P::Cost)> = None;
                for (index, (next, step)) in successors.as_slice().iter().enumerate() {
                    let new_g = control.step(g, *step, current, next)?;
                    let next_h = control.estimate(&heuristic, next)?;
                    // A step to an infinite or out-of-bound f is never taken.
                    if new_g.checked_sum(next_h).is_none_or(|f| control.prunes(f)) {
                        continue;
                    }
                    if best.is_none_or(|(_, _, best_h)| next_h.order(best_h).is_lt()) {
                        best = Some((index, new_g, next_h));
                    }
                }
                match best {
                    Some((index, new_g, next_h)) if next_h.order(h).is_lt() => {
                        let next = successors.as_slice()[index].0.clone();
                        observer.observe(Event::Generate {
                            state: &next,
                            parent: walk.states.last(),
                            g: new_g,
                            h: next_h,
                        });
                        (walk.g, walk.h) = (new_g, next_h);
                        walk.push(&mut control, next)?;
                    }
                    _ => break,
                }
            }
            control.release(walk.states.len());
            stopped_at = walk.states.pop();
        }
        Err(SearchError::GaveUp {
            state: stopped_at,
            stats: control.stats(),
        })
    }
}

/// The walk of one climb: its states, and the g and h of the last.
struct Walk<S, C> {
    states: Vec<S>,
    g: C,
    h: C,
}

impl<S: Clone, C: Cost> Walk<S, C> {
    /// Steps on to `state`, once the cap on stored states allows it.
    fn push(&mut self, control: &mut Control<'_, C>, state: S) -> Result<(), SearchError<S, C>> {
        if let Err(limit) = control.admit() {
            return Err(self.limit_reached(control, limit));
        }
        self.states.push(state);
        Ok(())
    }

    /// The error of a climb that `limit` stopped, with the walk so far.
    fn limit_reached(&self, control: &Control<'_, C>, limit: Limit) -> SearchError<S, C> {
        let best = (!self.states.is_empty()).then(|| Partial {
            path: self.states.clone(),
            cost: self.g,
            estimate: self.h,
        });
        control.limit_reached(limit, best)
    }
}
