//! Bidirectional search: forward from the starts and backward from the goals at once.

use crate::TieBreak;
use crate::engine::heap::{Frontier, IndexedHeap, Key};
use crate::engine::table::{FastState, HashTable, Lookup, NO_PARENT, Node, Table, path, path_cost};
use crate::error::add_step;
use crate::problem::Bidirectional;
use crate::search::SearchResult;
use crate::{Cost, Search, SearchError, SearchProblem, Solution, Stats, Successors};

/// One direction: its node table (g as distance `K`) and open set.
struct Side<S, K> {
    table: HashTable<S, K, FastState>,
    open: IndexedHeap<Key<K>, 4>,
}

impl<S: Clone + Eq + std::hash::Hash, K: Cost> Side<S, K> {
    fn new() -> Self {
        Side {
            table: HashTable::new(),
            open: IndexedHeap::new(TieBreak::Fifo),
        }
    }

    fn top(&self) -> Option<K> {
        self.open.items().map(|(_, key)| key.0).next()
    }

    fn distance(&self, state: &S) -> Option<K> {
        match self.table.lookup(state) {
            Lookup::Stored(index) => Some(self.table.node(index).g),
            Lookup::New(_) => None,
        }
    }

    /// Records `state` at distance `g` from `parent` if that is new or shorter; returns whether
    /// it was.
    fn relax(&mut self, state: S, parent: usize, g: K) -> bool {
        let key = Key(g);
        match self.table.lookup(&state) {
            Lookup::New(hash) => {
                let index = self.table.insert(
                    hash,
                    state,
                    Node {
                        parent,
                        g,
                        h: K::ZERO,
                    },
                );
                self.open.push(index, key);
                true
            }
            Lookup::Stored(index) if g.order(self.table.node(index).g).is_lt() => {
                let node = self.table.node_mut(index);
                node.g = g;
                node.parent = parent;
                if self.open.contains(index) {
                    self.open.decrease_key(index, Key(g));
                }
                // A settled state cannot get shorter with non-negative steps; nothing to reopen.
                true
            }
            Lookup::Stored(_) => false,
        }
    }
}

/// The meeting point of the best path found so far, and its length.
struct Meeting<S, K> {
    state: S,
    length: K,
}

/// A path found from both sides: its states, its length in `K` and the statistics.
type Found<P, K> = (Vec<<P as SearchProblem>::State>, K, Stats);

fn bidirectional<P, K>(
    search: Search<'_, P>,
    weight: impl Fn(P::Cost) -> K,
) -> Result<Found<P, K>, SearchError<P::State, P::Cost>>
where
    P: Bidirectional,
    K: Cost,
{
    let (problem, mut control, _) = search.into_parts();
    let mut sides: [Side<P::State, K>; 2] = [Side::new(), Side::new()];
    let mut stats = Stats::default();
    let snapshot = |stats: &Stats, sides: &[Side<P::State, K>; 2]| Stats {
        stored: sides[0].table.len() + sides[1].table.len(),
        generated: stats.generated,
        ..*stats
    };
    let mut best: Option<Meeting<P::State, K>> = None;
    let offer = |best: &mut Option<Meeting<P::State, K>>, state: &P::State, length: K| {
        if best
            .as_ref()
            .is_none_or(|meeting| length.order(meeting.length).is_lt())
        {
            *best = Some(Meeting {
                state: state.clone(),
                length,
            });
        }
    };
    for (side, ends) in [
        (0, problem.starts().into_iter().collect::<Vec<_>>()),
        (1, problem.goals().into_iter().collect()),
    ] {
        for end in ends {
            stats.generated += 1;
            if let Some(limit) = control.before_storing(sides[0].table.len() + sides[1].table.len())
            {
                return Err(SearchError::LimitReached {
                    limit,
                    stats: snapshot(&stats, &sides),
                    best: None,
                });
            }
            sides[side].relax(end.clone(), NO_PARENT, K::ZERO);
            if let Some(other) = sides[1 - side].distance(&end) {
                offer(&mut best, &end, other);
            }
        }
    }
    let mut buffer = Successors::new();
    loop {
        let (forward, backward) = (sides[0].top(), sides[1].top());
        let (Some(forward), Some(backward)) = (forward, backward) else {
            break;
        };
        // The correct stopping rule: no path through unsettled states can beat μ once the two
        // smallest distances left add up to it.
        if let Some(meeting) = &best
            && forward
                .checked_sum(backward)
                .is_none_or(|sum| sum.order(meeting.length).is_ge())
        {
            break;
        }
        if let Some(limit) = control.before_expansion(&stats) {
            let stats = snapshot(&stats, &sides);
            return Err(SearchError::LimitReached {
                limit,
                stats,
                best: None,
            });
        }
        let side = usize::from(backward.order(forward).is_lt());
        let (current, Key(g)) = sides[side].open.pop().expect("a top");
        stats.expanded += 1;
        buffer.clear();
        let state = sides[side].table.state(current).clone();
        if side == 0 {
            problem.successors(&state, &mut buffer);
        } else {
            problem.predecessors(&state, &mut buffer);
        }
        for (next, step) in buffer.drain() {
            stats.generated += 1;
            // Costs are checked as such (negative, NaN); the search adds up their weights.
            let (from, to) = if side == 0 {
                (&state, &next)
            } else {
                (&next, &state)
            };
            add_step(P::Cost::ZERO, step, from, to, || snapshot(&stats, &sides))?;
            let Some(length) = g.checked_sum(weight(step)) else {
                return Err(SearchError::Overflow {
                    from: from.clone(),
                    to: to.clone(),
                    g: P::Cost::ZERO,
                    step,
                    stats: snapshot(&stats, &sides),
                });
            };
            if length.is_infinite() {
                stats.pruned += 1;
                continue;
            }
            let stored = sides[0].table.len() + sides[1].table.len();
            if matches!(sides[side].table.lookup(&next), Lookup::New(_))
                && let Some(limit) = control.before_storing(stored)
            {
                return Err(SearchError::LimitReached {
                    limit,
                    stats: snapshot(&stats, &sides),
                    best: None,
                });
            }
            if sides[side].relax(next.clone(), current, length)
                && let Some(other) = sides[1 - side].distance(&next)
                && let Some(total) = length.checked_sum(other)
            {
                offer(&mut best, &next, total);
            }
        }
        let open = sides[0].open.len() + sides[1].open.len();
        stats.max_open = stats.max_open.max(open);
    }
    let stats = snapshot(&stats, &sides);
    let Some(meeting) = best else {
        return Err(SearchError::NoPath { stats });
    };
    // Starts to the meeting state, then back along the backward parents to a goal.
    let meet = |side: usize| match sides[side].table.lookup(&meeting.state) {
        Lookup::Stored(index) => index,
        Lookup::New(_) => unreachable!("the meeting state is on both sides"),
    };
    let mut states = path(&sides[0].table, meet(0));
    let mut back = path(&sides[1].table, meet(1));
    back.pop();
    states.extend(back.into_iter().rev());
    Ok((states, meeting.length, stats))
}

/// Dijkstra's algorithm from the starts and from the goals at once, meeting in the middle.
///
/// Each side expands its nearest state; the side with the smaller distance goes next. Every
/// time a step reaches a state the other side has stored, the length of the path through it is
/// a candidate μ. The search stops when the two sides' smallest open distances add up to at
/// least the best μ — not when the frontiers first touch, which can return a longer path. Each
/// side covers about half the radius, so on graphs that grow with the radius (grids, road maps)
/// the search expands far fewer states than one-sided Dijkstra.
///
/// # Arguments
///
/// - `problem`: the state space, with [`Bidirectional::goals`] and
///   [`Bidirectional::predecessors`] consistent with its goal test and successors.
///
/// # Returns
///
/// A least-cost path from a start to a goal, its cost and the [`Stats`] of both sides.
///
/// # Errors
///
/// As for [`dijkstra`](crate::dijkstra).
///
/// # Complexity
///
/// **O((V + E) log V)** time and **O(V)** space, V and E now counting both sides' states and
/// steps.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// let grid = Grid::new(61, 61);
/// let problem = grid.problem(Cell::new(0, 30), Cell::new(60, 30), Movement::Eight)?;
/// let both = informed::bidirectional_dijkstra(&problem)?;
/// let one = informed::dijkstra(&problem)?;
/// assert_eq!(both.cost(), one.cost());
/// assert!(both.stats().expanded < one.stats().expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// I. Pohl, "Bi-directional search", *Machine Intelligence* 6 (1971), 127–140.
pub fn bidirectional_dijkstra<P: Bidirectional>(problem: &P) -> SearchResult<P> {
    Search::new(problem).bidirectional_dijkstra()
}

/// Breadth-first search from the starts and from the goals at once: a path with the fewest steps.
///
/// The same search as [`bidirectional_dijkstra`], counting steps instead of adding costs; the
/// reported cost is the sum of the path's step costs.
///
/// # Arguments
///
/// - `problem`: the state space, searchable backward.
///
/// # Returns
///
/// A path with the fewest steps, its cost and the [`Stats`] of both sides.
///
/// # Errors
///
/// As for [`bfs`](crate::bfs).
///
/// # Complexity
///
/// **O(V + E)** states and steps on both sides (with a logarithmic factor for the queues);
/// for branching factor b and depth d, about 2·b^(d/2) states instead of b^d.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// let grid = Grid::from_ascii("......\n.####.\n......")?;
/// let problem = grid.problem(Cell::new(0, 1), Cell::new(5, 1), Movement::Four)?;
/// let both = informed::bidirectional_bfs(&problem)?;
/// assert_eq!(both.steps(), informed::bfs(&problem)?.steps());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bidirectional_bfs<P: Bidirectional>(problem: &P) -> SearchResult<P> {
    Search::new(problem).bidirectional_bfs()
}

impl<P: Bidirectional> Search<'_, P> {
    /// Runs [`bidirectional_dijkstra`](crate::bidirectional_dijkstra) with this search's
    /// expansion and storage caps, deadline and cancel callback (not its cost bound or
    /// observer).
    ///
    /// # Errors
    ///
    /// As for [`bidirectional_dijkstra`](crate::bidirectional_dijkstra).
    pub fn bidirectional_dijkstra(self) -> SearchResult<P> {
        let (path, cost, stats) = bidirectional(self, |step| step)?;
        Ok(Solution::new(path, cost, stats))
    }

    /// Runs [`bidirectional_bfs`](crate::bidirectional_bfs) with this search's expansion and
    /// storage caps, deadline and cancel callback (not its cost bound or observer).
    ///
    /// # Panics
    ///
    /// Panics if `successors` no longer gives a step of the path found (a problem whose
    /// successors change during a search breaks the contract of
    /// [`SearchProblem::successors`]).
    ///
    /// # Errors
    ///
    /// As for [`bidirectional_bfs`](crate::bidirectional_bfs).
    pub fn bidirectional_bfs(self) -> SearchResult<P> {
        let problem = self.problem;
        let (path, _, stats) = bidirectional(self, |_| 1u64)?;
        // The search counted steps; the path's cost is the sum of its steps' costs.
        let cost = path_cost(problem, &path)
            .expect("successors and predecessors gave the same steps during the search");
        Ok(Solution::new(path, cost, stats))
    }
}
