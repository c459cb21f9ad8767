//! Depth-first search with a depth limit, iterative deepening (IDDFS) and IDA*: searches whose
//! memory is linear in the depth of the path.
//!
//! All three run one depth-first prober with an explicit stack (deep searches cannot overflow
//! the call stack) that keeps only the current path, rejects a successor already on it (the
//! cycle check), and reuses one successor buffer per depth, so that no expansion allocates once
//! the deepest level has been reached. They differ in the bound: on depth, or on f = g + h.

use crate::error::{add_step, checked_estimate};
use crate::search::{Control, SearchResult};
use crate::{
    Cost, Event, Heuristic, Limit, Observer, Partial, Search, SearchError, SearchProblem, Solution,
    Stats, Successors, Zero,
};

/// What bounds one depth-first probe.
#[derive(Clone, Copy, Debug)]
enum Bound<C> {
    /// Nodes deeper than this many steps are not expanded.
    Depth(usize),
    /// Nodes whose f = g + h exceeds this are not expanded.
    Cost(C),
}

/// How one probe ended.
enum Probe<C> {
    /// A goal: the current path leads to it.
    Found,
    /// The bound cut some nodes off: for a cost bound, the least f that exceeded it.
    CutOff(Option<C>),
    /// Everything within reach was expanded and nothing was cut off.
    Exhausted,
}

/// One level of the current path.
struct Frame<S, C> {
    state: S,
    g: C,
    h: C,
    /// The next successor of this level's buffer to try.
    next: usize,
}

struct Prober<'a, 'c, P: SearchProblem, H, O> {
    problem: &'a P,
    heuristic: H,
    observer: O,
    control: Control<'c, P::Cost>,
    stats: Stats,
    path: Vec<Frame<P::State, P::Cost>>,
    /// `buffers[d]` holds the successors of the state at depth d.
    buffers: Vec<Successors<P::State, P::Cost>>,
}

type Failure<P> = SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>;

impl<P, H, O> Prober<'_, '_, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    fn stats(&self) -> Stats {
        Stats {
            stored: self.stats.stored.max(self.path.len()),
            ..self.stats
        }
    }

    fn estimate(&self, state: &P::State) -> Result<P::Cost, Failure<P>> {
        checked_estimate(&self.heuristic, state, || self.stats())
    }

    fn limit_reached(&self, limit: Limit) -> Failure<P> {
        let best = self.path.last().map(|frame| Partial {
            path: self.path.iter().map(|f| f.state.clone()).collect(),
            cost: frame.g,
            estimate: frame.h,
        });
        SearchError::LimitReached {
            limit,
            stats: self.stats(),
            best,
        }
    }

    /// Whether a node at `depth` with priority `f` is not expanded in this probe. A node beyond
    /// the probe's bound is a cut-off (recorded in `cut`, with the least f beyond a cost bound),
    /// which a later iteration may expand; one with an infinite f or beyond the search's cost
    /// bound is pruned for good.
    fn beyond(
        &self,
        bound: Bound<P::Cost>,
        depth: usize,
        f: P::Cost,
        cut: &mut Probe<P::Cost>,
    ) -> bool {
        if f.is_infinite() || self.control.exceeds_bound(f) {
            return true;
        }
        let beyond = match bound {
            Bound::Depth(limit) => depth > limit,
            Bound::Cost(limit) => f.order(limit).is_gt(),
        };
        if beyond {
            let least = match (&*cut, bound) {
                (_, Bound::Depth(_)) => None,
                (Probe::CutOff(Some(least)), _) if least.order(f).is_le() => Some(*least),
                _ => Some(f),
            };
            *cut = Probe::CutOff(least);
        }
        beyond
    }

    /// A depth-first search from `start` within `bound`. On `Found`, `self.path` is the path.
    fn probe(
        &mut self,
        start: P::State,
        bound: Bound<P::Cost>,
    ) -> Result<Probe<P::Cost>, Failure<P>> {
        let mut cut = Probe::Exhausted;
        let h = self.estimate(&start)?;
        if self.beyond(bound, 0, h, &mut cut) {
            return Ok(cut);
        }
        self.path.clear();
        self.path.push(Frame {
            state: start,
            g: P::Cost::ZERO,
            h,
            next: 0,
        });
        self.expand()?;
        if self.problem.is_goal(&self.path[0].state) {
            return Ok(Probe::Found);
        }
        while let Some(depth) = self.path.len().checked_sub(1) {
            let frame = &mut self.path[depth];
            let Some((successor, step)) = self.buffers[depth].as_slice().get(frame.next).cloned()
            else {
                self.path.pop();
                continue;
            };
            frame.next += 1;
            let g = frame.g;
            self.stats.generated += 1;
            let new_g = add_step(g, step, &self.path[depth].state, &successor, || {
                self.stats()
            })?;
            if self.path.iter().any(|frame| frame.state == successor) {
                continue;
            }
            let h = self.estimate(&successor)?;
            let Some(f) = new_g.checked_sum(h) else {
                return Err(SearchError::EstimateOverflow {
                    state: successor,
                    g: new_g,
                    h,
                    stats: self.stats(),
                });
            };
            if self.beyond(bound, depth + 1, f, &mut cut) {
                self.stats.pruned += 1;
                continue;
            }
            if let Some(limit) = self.control.before_storing(self.path.len()) {
                return Err(self.limit_reached(limit));
            }
            self.path.push(Frame {
                state: successor,
                g: new_g,
                h,
                next: 0,
            });
            self.stats.stored = self.stats.stored.max(self.path.len());
            self.expand()?;
            if self.problem.is_goal(&self.path[depth + 1].state) {
                return Ok(Probe::Found);
            }
        }
        Ok(cut)
    }

    /// Expands the state on top of the path: counts it, tells the observer, and fills its
    /// level's successor buffer.
    fn expand(&mut self) -> Result<(), Failure<P>> {
        if let Some(limit) = self.control.before_expansion(&self.stats) {
            return Err(self.limit_reached(limit));
        }
        let depth = self.path.len() - 1;
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Successors::new);
        }
        self.stats.expanded += 1;
        let frame = &self.path[depth];
        self.observer.observe(Event::Expand {
            state: &frame.state,
            g: frame.g,
            h: frame.h,
        });
        let buffer = &mut self.buffers[depth];
        buffer.clear();
        self.problem.successors(&frame.state, buffer);
        Ok(())
    }

    fn solution(&self) -> Solution<P::State, P::Cost> {
        let path = self.path.iter().map(|frame| frame.state.clone()).collect();
        let cost = self.path.last().map_or(P::Cost::ZERO, |frame| frame.g);
        Solution::new(path, cost, self.stats())
    }

    /// Probes from every start with increasing bounds until a goal is found, or a probe cuts
    /// nothing off. `next` gives the bound after one that cut nodes off (with the least f cut).
    fn deepen(
        &mut self,
        first: Bound<P::Cost>,
        next: impl Fn(Bound<P::Cost>, Option<P::Cost>) -> Option<Bound<P::Cost>>,
    ) -> SearchResult<P> {
        let starts: Vec<P::State> = self.problem.starts().into_iter().collect();
        let mut bound = first;
        loop {
            self.stats.iterations += 1;
            self.observer.observe(Event::Iteration {
                number: self.stats.iterations,
            });
            let mut cut_off: Option<Option<P::Cost>> = None;
            for start in &starts {
                self.stats.generated += 1;
                match self.probe(start.clone(), bound)? {
                    Probe::Found => return Ok(self.solution()),
                    Probe::CutOff(least) => {
                        let merged = match (cut_off.flatten(), least) {
                            (Some(a), Some(b)) => Some(if b.order(a).is_lt() { b } else { a }),
                            (a, b) => a.or(b),
                        };
                        cut_off = Some(merged);
                    }
                    Probe::Exhausted => {}
                }
            }
            match cut_off {
                None => {
                    return Err(SearchError::NoPath {
                        stats: self.stats(),
                    });
                }
                Some(least) => match next(bound, least) {
                    Some(bound_next) => bound = bound_next,
                    None => {
                        return Err(self.limit_reached(Limit::Depth(match bound {
                            Bound::Depth(d) => d,
                            Bound::Cost(_) => 0,
                        })));
                    }
                },
            }
        }
    }
}

fn prober<'a, 'c, P, H, O>(search: Search<'c, P, O>, heuristic: H) -> Prober<'a, 'c, P, H, O>
where
    'c: 'a,
    P: SearchProblem,
{
    let (problem, control, observer) = search.into_parts();
    Prober {
        problem,
        heuristic,
        observer,
        control,
        stats: Stats::default(),
        path: Vec::new(),
        buffers: Vec::new(),
    }
}

/// IDA*: depth-first searches bounded by f = g + h, the bound raised each time to the least f
/// that exceeded it, until a goal is found.
///
/// It returns what [`astar`](crate::astar) returns — a least-cost path, given an admissible
/// heuristic — but keeps only the current path in memory instead of every state seen. That is
/// what solves 15-puzzles whose A* open set would not fit in memory. The price is re-expansion:
/// each iteration repeats the previous ones' work, and states reachable by several paths are
/// expanded once per path (only cycles along the current path are cut).
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: an admissible estimate (see [`astar`](crate::astar)); the better it is, the
///   fewer iterations and expansions.
///
/// # Returns
///
/// The [`Solution`]: a least-cost path, its cost and the [`Stats`], where `expanded` and
/// `generated` add up all iterations, `iterations` counts them, and `stored` is the deepest path
/// held. Each iteration starts with an [`Event::Iteration`].
///
/// # Errors
///
/// [`SearchError::NoPath`] when an iteration cuts nothing off and finds no goal, the limit and
/// bad-input errors of [`astar`](crate::astar). Note that on an infinite space without a goal,
/// IDA* only stops at a limit.
///
/// # Complexity
///
/// **O(d)** space for a path of d steps (plus one successor buffer per level). Time depends on
/// how f-values are distributed: with few distinct values (unit costs, integer heuristics) each
/// iteration costs about b times the one before, b the branching factor, and the total is a
/// small multiple of A*'s; with many distinct values it can approach one iteration per node.
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::new(4, 4)?;
/// let problem = puzzle.problem(puzzle.parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")?)?;
/// let solution = informed::idastar(&problem, puzzle.linear_conflict())?;
/// assert_eq!(solution.cost(), 9);
/// assert!(solution.stats().iterations >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree search", *Artificial
/// Intelligence* 27 (1985), 97–109.
pub fn idastar<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).idastar(heuristic)
}

/// Depth-first search to at most `max_depth` steps: the first path found, not the shortest.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `max_depth`: the deepest level expanded (0 expands only the starts).
///
/// # Returns
///
/// The first path to a goal in depth-first order (successors in the order the problem gives
/// them), its cost and the [`Stats`].
///
/// # Errors
///
/// [`SearchError::NoPath`] if the whole space was searched without reaching the depth limit;
/// [`SearchError::LimitReached`] with [`Limit::Depth`] if no goal was found but the limit cut
/// nodes off (a deeper search might find one); and the limit and bad-cost errors of
/// [`bfs`](crate::bfs).
///
/// # Complexity
///
/// **O(b^d)** time in the worst case and **O(d)** space, for branching factor b and depth d.
///
/// # Example
///
/// ```
/// let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32), (n + 2, 1)], |&n| n == 6);
/// let found = informed::depth_first(&problem, 10)?;
/// assert_eq!(found.path(), &[0, 1, 2, 3, 4, 5, 6]); // first found, not the shortest
/// assert!(informed::depth_first(&problem, 2).unwrap_err().limit().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn depth_first<P: SearchProblem>(problem: &P, max_depth: usize) -> SearchResult<P> {
    Search::new(problem).depth_first(max_depth)
}

/// Iterative deepening depth-first search: depth-first searches to depth 0, 1, 2, … until one
/// finds a goal. Finds a path with the fewest steps, like [`bfs`](crate::bfs), in memory linear
/// in its length.
///
/// # Arguments
///
/// - `problem`: the state space.
///
/// # Returns
///
/// A path of fewest steps, its cost (the sum of its step costs) and the [`Stats`] summed over
/// the iterations.
///
/// # Errors
///
/// [`SearchError::NoPath`] when an iteration reaches no depth limit (the space is exhausted);
/// the limit and bad-cost errors of [`bfs`](crate::bfs).
///
/// # Complexity
///
/// **O(b^d)** time, about b/(b − 1) times a single search to depth d, and **O(d)** space.
///
/// # Example
///
/// ```
/// let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32), (n * 3, 1)], |&n| n == 10);
/// let solution = informed::iddfs(&problem)?;
/// assert_eq!(solution.path(), &[0, 1, 3, 9, 10]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn iddfs<P: SearchProblem>(problem: &P) -> SearchResult<P> {
    Search::new(problem).iddfs()
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`idastar`](crate::idastar) with this search's options (the cost bound prunes as
    /// well; `max_stored` bounds the path's length).
    ///
    /// # Errors
    ///
    /// As for [`idastar`](crate::idastar).
    pub fn idastar<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> SearchResult<P> {
        let problem = self.problem;
        let mut first = None;
        for start in problem.starts() {
            let h = heuristic.estimate(&start);
            if first.is_none_or(|f: P::Cost| h.order(f).is_lt()) {
                first = Some(h);
            }
        }
        let Some(first) = first else {
            return Err(SearchError::NoPath {
                stats: Stats::default(),
            });
        };
        let mut prober = prober(self, heuristic);
        prober.deepen(Bound::Cost(first), |_, least| least.map(Bound::Cost))
    }

    /// Runs [`depth_first`](crate::depth_first) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`depth_first`](crate::depth_first).
    pub fn depth_first(self, max_depth: usize) -> SearchResult<P> {
        let mut prober = prober(self, Zero);
        prober.deepen(Bound::Depth(max_depth), |_, _| None)
    }

    /// Runs [`iddfs`](crate::iddfs) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`iddfs`](crate::iddfs).
    pub fn iddfs(self) -> SearchResult<P> {
        let mut prober = prober(self, Zero);
        prober.deepen(Bound::Depth(0), |bound, _| match bound {
            Bound::Depth(depth) => Some(Bound::Depth(depth + 1)),
            Bound::Cost(cost) => Some(Bound::Cost(cost)),
        })
    }
}
