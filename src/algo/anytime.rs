//! Anytime weighted A*: a first solution fast, then better ones, each with a proven bound.

use crate::cost::Cost;
use crate::engine::best_first::{Engine, EngineOf, Ranking};
use crate::engine::control::Setup;
use crate::engine::heap::{Frontier, OpenSets};
use crate::engine::options::Reopening;
use crate::engine::select::{EngineBody, with_engine};
use crate::engine::table::{Table, Tables};
use crate::error::InvalidWeight;
use crate::error::SearchError;
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::{ErrorOf, Solution};

/// One improvement found by [`anytime_astar`]: the new best cost and how far from optimal it
/// can still be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Improvement<C> {
    cost: C,
    bound: f64,
    expanded: u64,
}

impl<C: Copy> Improvement<C> {
    /// The cost of the new best path.
    pub fn cost(&self) -> C {
        self.cost
    }

    /// A proven bound: the optimal cost is at least `cost / bound` (so `bound` ≥ 1, and 1 means
    /// the path is optimal). It is the cost over the least f = g + h (with the unweighted,
    /// admissible h) among the states still open when the improvement was found.
    pub fn bound(&self) -> f64 {
        self.bound
    }

    /// The expansions made when it was found.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }
}

/// What [`anytime_astar`] found: its best path, every improvement on the way, and whether the
/// best is proven optimal.
#[derive(Clone, Debug, PartialEq)]
pub struct Anytime<S, C> {
    best: Solution<S, C>,
    improvements: Vec<Improvement<C>>,
    bound: f64,
}

impl<S, C: Copy> Anytime<S, C> {
    /// The best path found, its cost and the statistics of the whole search.
    pub fn best(&self) -> &Solution<S, C> {
        &self.best
    }

    /// The best path, by value.
    pub fn into_best(self) -> Solution<S, C> {
        self.best
    }

    /// Every improvement, in the order found (costs strictly decreasing).
    pub fn improvements(&self) -> &[Improvement<C>] {
        &self.improvements
    }

    /// The bound on the best path when the search stopped: 1 if it ran to completion.
    pub fn bound(&self) -> f64 {
        self.bound
    }

    /// Whether the search ran to completion, which proves the best path optimal.
    pub fn is_optimal(&self) -> bool {
        self.bound <= 1.0
    }
}

/// What [`anytime_astar`] returns: an [`Anytime`], or a [`SearchError`] saying why there is none.
pub type AnytimeResult<P> =
    Result<Anytime<<P as SearchProblem>::State, <P as SearchProblem>::Cost>, ErrorOf<P>>;

/// Anytime weighted A*: weighted A* that does not stop at its first solution.
///
/// It expands states in order of g + w·h, so a first solution comes about as fast as weighted
/// A*'s, costing at most max(1, w) × optimal. It then keeps searching, pruning every state whose
/// g + h (unweighted) cannot beat the best cost found, and reports each better path as it finds
/// it, with a proven bound on how far from optimal it still is. Run to completion (the open set
/// empties), the last path is optimal; stopped early by a limit set on the [`Search`]
/// (expansions, a deadline, a cancel callback), it returns the best so far.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: a closure giving an admissible estimate; the bounds and the final optimality
///   rely on it. For a heuristic that is a type, call [`anytime_astar_with`].
/// - `weight`: w ≥ 1 for the first solution; larger means sooner and worse.
///
/// # Returns
///
/// [`Anytime`]: the best [`Solution`], every [`Improvement`] (cost, bound, expansions so far)
/// and whether the search completed.
///
/// # Errors
///
/// [`SearchError::NoPath`] if no goal is reachable; [`SearchError::LimitReached`] only if a
/// limit stopped the search before any solution; [`SearchError::InvalidWeight`]; and the
/// bad-input errors of [`astar`](crate::astar).
///
/// # Complexity
///
/// Run to completion, at most what [`astar`](crate::astar) with the unweighted heuristic
/// expands, plus re-expansions of states whose g improves: ranked by g + w·h, the search
/// expands states before their cheapest path is known, with a consistent heuristic too, and it
/// reopens them to prove its last path optimal (whatever
/// [`Search::reopening`](crate::Search::reopening) says, which only weighted A* reads; see
/// [`Reopening`](crate::Reopening)). **O(V)** space.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// let grid = Grid::from_ascii(
///     "..........\n\
///      .########.\n\
///      ..........\n\
///      .########.\n\
///      ..........",
/// )?;
/// let problem = grid.problem(Cell::new(0, 2), Cell::new(9, 2), Movement::Eight)?;
/// let anytime = informed::anytime_astar_with(&problem, problem.octile(), 3.0)?;
/// let optimal = informed::astar_with(&problem, problem.octile())?;
/// assert!(anytime.is_optimal());
/// assert!((anytime.best().cost() - optimal.cost()).abs() < 1e-9);
/// for improvement in anytime.improvements() {
///     assert!(improvement.cost() <= improvement.bound() * optimal.cost() + 1e-9);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// E. A. Hansen, R. Zhou, "Anytime Heuristic Search", *Journal of Artificial Intelligence
/// Research* 28 (2007), 267–297.
pub fn anytime_astar<P, F>(problem: &P, heuristic: F, weight: f64) -> AnytimeResult<P>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).anytime_astar_with(heuristic, weight)
}

/// [`anytime_astar`] with a heuristic of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why the
/// closures and the types have an entry point each.
///
/// # Arguments, Returns, Errors, Complexity
///
/// As for [`anytime_astar`]; `heuristic` is a value of a [`Heuristic`] type instead of a closure.
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// let result = informed::anytime_astar_with(&problem, puzzle.manhattan(), 3.0)?;
/// assert!(result.is_optimal());
/// assert_eq!(result.best().cost(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn anytime_astar_with<P, H>(problem: &P, heuristic: H, weight: f64) -> AnytimeResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).anytime_astar_with(heuristic, weight)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`anytime_astar`](crate::anytime_astar) with this search's options and a closure heuristic.
    ///
    /// # Errors
    ///
    /// As for [`anytime_astar`](crate::anytime_astar).
    pub fn anytime_astar<F: HeuristicFn<P::State, P::Cost>>(
        self,
        heuristic: F,
        weight: f64,
    ) -> AnytimeResult<P> {
        self.anytime_astar_with(heuristic, weight)
    }

    /// Runs [`anytime_astar_with`](crate::anytime_astar_with) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`anytime_astar`](crate::anytime_astar).
    pub fn anytime_astar_with<H: Heuristic<P::State, P::Cost>>(
        self,
        heuristic: H,
        weight: f64,
    ) -> AnytimeResult<P> {
        let weight = InvalidWeight::check(weight)?;
        let (problem, options) = (self.problem(), *self.options());
        let body = AnytimeBody {
            setup: self.into_setup()?,
            heuristic,
            weight,
        };
        with_engine(problem, &options, body)
    }
}

/// Anytime A*, waiting for its data structures.
struct AnytimeBody<'p, P: SearchProblem, H, O> {
    setup: Setup<'p, P, O>,
    heuristic: H,
    weight: f64,
}

impl<'p, P, H, O> EngineBody<'p, P::State, P::Cost> for AnytimeBody<'p, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    type Output = AnytimeResult<P>;

    fn run<N: Tables<'p, P::State, P::Cost>, Q: OpenSets>(self, tables: N) -> AnytimeResult<P> {
        let Setup {
            problem,
            options,
            mut control,
            mut observer,
        } = self.setup;
        let heuristic = &self.heuristic;
        // Ranked by g + w·h; each node keeps its unweighted h, the admissible bound.
        // Run to its end the search proves its last path optimal, which needs the cheaper
        // paths to states expanded early: it reopens whatever `Search::reopening` says.
        let ranking = Ranking::Weighted(self.weight, Reopening::Always)
            .with_estimate_tie(options.estimate_tie);
        let mut engine: EngineOf<_, _, N, Q> =
            Engine::new(tables.table(), options.tie_break, ranking);
        engine.start(problem, heuristic, &mut control, &mut observer)?;
        let mut best: Option<Solution<P::State, P::Cost>> = None;
        let mut improvements = Vec::new();
        let completed = loop {
            let current = match engine.pop(&mut control) {
                Ok(current) => current,
                Err(SearchError::NoPath { .. }) => break true,
                Err(SearchError::LimitReached { .. }) if best.is_some() => break false,
                Err(error) => return Err(error),
            };
            if let Some(incumbent) = &best {
                // No path through this node can beat the incumbent.
                let node = engine.table.node(current);
                if node
                    .g
                    .checked_sum(node.h)
                    .is_none_or(|f| f.order(incumbent.cost()).is_ge())
                {
                    control.count_pruned();
                    continue;
                }
            }
            match engine.expand(current, problem, heuristic, &mut control, &mut observer) {
                Ok(true) => continue,
                Ok(false) => {}
                Err(SearchError::LimitReached { .. }) if best.is_some() => break false,
                Err(error) => return Err(error),
            }
            let found = engine.solution(problem, current, &control)?;
            if best
                .as_ref()
                .is_none_or(|b| found.cost().order(b.cost()).is_lt())
            {
                improvements.push(Improvement {
                    cost: found.cost(),
                    bound: proven_bound(&engine, found.cost()),
                    expanded: control.stats().expanded,
                });
                best = Some(found);
            }
        };
        let Some(best) = best else {
            return Err(control.no_path());
        };
        let bound = if completed {
            1.0
        } else {
            proven_bound(&engine, best.cost())
        };
        let (path, cost, _) = best.into_parts();
        Ok(Anytime {
            best: Solution::new(path, cost, control.stats()),
            improvements,
            bound,
        })
    }
}

/// `cost` over a lower bound on the optimal cost: the least g + h (unweighted, admissible) among
/// the open states, or `cost` itself if that is smaller or nothing is open.
fn proven_bound<S, C, T, Q>(engine: &Engine<S, C, T, Q>, cost: C) -> f64
where
    S: Clone + Eq,
    C: Cost,
    T: Table<S, C>,
    Q: Frontier<C::Pair>,
{
    let mut lower = cost;
    for (index, _) in engine.open.items() {
        let node = engine.table.node(index);
        if let Some(f) = node.g.checked_sum(node.h) {
            if f.order(lower).is_lt() {
                lower = f;
            }
        }
    }
    let (cost, lower) = (cost.to_f64(), lower.to_f64());
    if lower > 0.0 {
        cost / lower
    } else if cost > 0.0 {
        f64::INFINITY
    } else {
        1.0
    }
}
