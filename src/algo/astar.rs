//! A* and weighted A*: ranks states by f = g + h (or g + w·h).

use crate::engine::best_first::{PairKeys, Ranking, best_first};
use crate::error::InvalidWeight;
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

/// Finds a least-cost path from a start state to a goal, guided by a heuristic.
///
/// States are ranked by f = g + h: the cost paid so far plus the estimate of what remains. Ties
/// on f go to the smaller h (the state nearer the goal), then to the state stored first
/// (see [`TieBreak`](crate::TieBreak)). The search stops when it expands a goal.
///
/// When a state that was already expanded is reached by a cheaper path — which an admissible but
/// inconsistent heuristic allows — it is reopened (counted in
/// [`Stats::reopened`](crate::Stats::reopened)), so the result stays optimal. With a consistent
/// heuristic no state is ever reopened, as long as costs add up exactly: float sums taken in
/// different orders can differ in the last bit, which the search takes for a cheaper path (see
/// the [`guide`](crate::guide), "Float costs"). For such a heuristic,
/// [`Search::pathmax`](crate::Search::pathmax) raises estimates along the paths explored
/// (pathmax, or BPMX: see [`Pathmax`](crate::Pathmax)), which keeps the cost optimal and can
/// save expansions; off by default.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: a closure giving an estimate h of the remaining cost of a state; its argument's
///   type comes from the problem, so it needs no annotation. It must be **admissible** (never
///   above the true remaining cost) for the returned path to be optimal; an estimate that
///   overshoots can return a more expensive path. h = 0 makes this
///   [`dijkstra`](crate::dijkstra). For a heuristic that is a type (the grid's and the puzzle's,
///   [`Max`](crate::Max), a pattern database), call [`astar_with`].
///
/// # Returns
///
/// The [`Solution`](crate::Solution): a least-cost path (given an admissible heuristic), its cost
/// and the [`Stats`](crate::Stats).
///
/// # Errors
///
/// - [`SearchError::NoPath`](crate::SearchError::NoPath) if no goal is reachable.
/// - [`SearchError::LimitReached`](crate::SearchError::LimitReached) if a limit set on a
///   [`Search`] stopped it.
/// - [`SearchError::NegativeCost`](crate::SearchError::NegativeCost),
///   [`SearchError::NanCost`](crate::SearchError::NanCost),
///   [`SearchError::NanEstimate`](crate::SearchError::NanEstimate),
///   [`SearchError::Overflow`](crate::SearchError::Overflow),
///   [`SearchError::EstimateOverflow`](crate::SearchError::EstimateOverflow) for bad costs or
///   estimates (an estimate below zero counts as zero).
///
/// # Complexity
///
/// **O((V + E) log V)** time and **O(V)** space, where V is the number of states stored and E the
/// number of successors delivered. A consistent heuristic expands each state at most once; an
/// inconsistent one may expand a state again each time a cheaper path to it is found (in the
/// worst case exponentially often). The better the heuristic, the smaller V.
///
/// # Example
///
/// On a grid, the Manhattan distance is admissible and consistent:
///
/// ```
/// let goal: (i32, i32) = (5, 3);
/// let moves = |&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|cell| (cell, 1u32))
/// };
/// let problem = informed::from_fn((0, 0), moves, |&cell| cell == goal);
///
/// // The closure's argument is the problem's state, (i32, i32): no annotation needed.
/// let astar = informed::astar(&problem, |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?;
/// let dijkstra = informed::dijkstra(&problem)?;
/// assert_eq!(astar.cost(), 8);
/// assert_eq!(astar.cost(), dijkstra.cost());
/// assert!(astar.stats().expanded < dijkstra.stats().expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// P. E. Hart, N. J. Nilsson, B. Raphael, "A Formal Basis for the Heuristic Determination of
/// Minimum Cost Paths", *IEEE Transactions on Systems Science and Cybernetics* 4(2) (1968),
/// 100–107.
pub fn astar<P, F>(problem: &P, heuristic: F) -> SearchResult<P>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).astar_with(heuristic)
}

/// [`astar`] with a heuristic of any type that implements [`Heuristic`]: the ready-made ones
/// ([`puzzle::Manhattan`](crate::puzzle::Manhattan), [`grid::Octile`](crate::grid::Octile), the
/// pattern databases), combinations ([`Max`](crate::Max)), and your own types, including those
/// that update their estimate by the step
/// ([`estimate_successor`](Heuristic::estimate_successor)).
///
/// [`astar`] takes a closure, so that the first heuristic a user writes, with its argument's
/// type left to inference (`|&(x, y)| x + y`), compiles: its bound `Fn(&State) -> Cost` tells
/// the compiler the argument's type. A bound on the [`Heuristic`] trait cannot, so this entry
/// point takes the types and [`astar`] the closures. Both run the same search: the same path,
/// cost and [`Stats`](crate::Stats) for the same estimates. A closure whose argument's type is
/// left to inference fails here with "implementation of `FnOnce` is not general enough": give it
/// to [`astar`].
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: an admissible estimate of the remaining cost, as for [`astar`].
///
/// # Returns
///
/// As for [`astar`].
///
/// # Errors
///
/// As for [`astar`].
///
/// # Complexity
///
/// As for [`astar`].
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement, Octile};
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let problem = grid.problem(Cell::new(0, 0), Cell::new(3, 2), Movement::Eight)?;
/// let solution = informed::astar_with(&problem, Octile::to(Cell::new(3, 2)))?;
/// assert_eq!(solution.cost(), informed::dijkstra(&problem)?.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn astar_with<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).astar_with(heuristic)
}

/// A* with the estimate multiplied by `weight`: f = g + w·h.
///
/// With w > 1 the search trusts the estimate more than the cost already paid and usually expands
/// far fewer states. The price is optimality: with an admissible heuristic the returned path
/// costs **at most max(1, w) × the optimal cost**. With w = 1 this is [`astar`]; with w = 0,
/// [`dijkstra`](crate::dijkstra); a w between 0 and 1 scales an admissible estimate down, which
/// keeps it admissible: the path is optimal, found with more expansions than [`astar`] makes. It expands the states [`astar`] with a
/// [`Weighted`](crate::Weighted) heuristic would, but keeps the unweighted h: the cost bound and
/// the events see the unweighted estimate, and a weighted sum too large for the cost type
/// saturates instead of failing (see the errors).
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: a closure giving the unweighted estimate; admissible for the bound to hold.
///   For a heuristic that is a type, call [`weighted_astar_with`].
/// - `weight`: w, finite and at least 0.
///
/// # Returns
///
/// The [`Solution`](crate::Solution): a path of cost at most max(1, w) × optimal (given an
/// admissible heuristic), its cost and the [`Stats`](crate::Stats).
///
/// # Errors
///
/// [`SearchError::InvalidWeight`](crate::SearchError::InvalidWeight) for a negative, NaN or
/// infinite weight (before searching), and otherwise those of [`astar`]. g + w·h is not an
/// overflow: where it exceeds the cost type it saturates, so a huge weight ranks the saturated
/// states by h alone (greedy search, the limit of w → ∞), and the bound still holds.
///
/// # Complexity
///
/// As for [`astar`]; in practice V shrinks quickly as w grows.
///
/// # Example
///
/// ```
/// let goal = (40, 0);
/// let moves = |&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|cell| (cell, 1.0))
/// };
/// // A wall at x = 20 with a gap far up: the straight line is blocked.
/// let problem = informed::from_fn(
///     (0, 0),
///     move |&cell| moves(&cell).into_iter().filter(|&((x, y), _)| x != 20 || y > 15),
///     |&cell| cell == goal,
/// );
/// let manhattan = |&(x, y): &(i32, i32)| f64::from((goal.0 - x).abs() + (goal.1 - y).abs());
/// let optimal = informed::astar(&problem, manhattan)?;
/// let weighted = informed::weighted_astar(&problem, manhattan, 2.0)?;
/// assert!(weighted.cost() <= 2.0 * optimal.cost());
/// assert!(weighted.stats().expanded < optimal.stats().expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// I. Pohl, "Heuristic search viewed as path finding in a graph", *Artificial Intelligence* 1
/// (1970), 193–204.
pub fn weighted_astar<P, F>(problem: &P, heuristic: F, weight: f64) -> SearchResult<P>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).weighted_astar_with(heuristic, weight)
}

/// [`weighted_astar`] with a heuristic of any type that implements [`Heuristic`]; see
/// [`astar_with`] for why the closures and the types have an entry point each.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: the unweighted estimate, as for [`weighted_astar`].
/// - `weight`: w, finite and at least 0.
///
/// # Returns
///
/// As for [`weighted_astar`].
///
/// # Errors
///
/// As for [`weighted_astar`].
///
/// # Complexity
///
/// As for [`weighted_astar`].
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let board = puzzle.parse("8 6 7 2 5 4 3 0 1")?;
/// let problem = puzzle.problem(board)?;
/// let optimal = informed::astar_with(&problem, puzzle.manhattan())?;
/// let weighted = informed::weighted_astar_with(&problem, puzzle.manhattan(), 2.0)?;
/// assert!(weighted.cost() <= 2 * optimal.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weighted_astar_with<P, H>(problem: &P, heuristic: H, weight: f64) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).weighted_astar_with(heuristic, weight)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`astar`](crate::astar) with this search's options: A* with a closure whose
    /// argument type comes from the problem.
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    pub fn astar<F: HeuristicFn<P::State, P::Cost>>(self, heuristic: F) -> SearchResult<P> {
        self.astar_with(heuristic)
    }

    /// Runs [`astar_with`](crate::astar_with) with this search's options: A* with any
    /// [`Heuristic`].
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    pub fn astar_with<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> SearchResult<P> {
        best_first::<PairKeys, _, _, _>(self.into_setup()?, heuristic, Ranking::Cost)
    }

    /// Runs [`weighted_astar`](crate::weighted_astar) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`weighted_astar`](crate::weighted_astar).
    pub fn weighted_astar<F>(self, heuristic: F, weight: f64) -> SearchResult<P>
    where
        F: HeuristicFn<P::State, P::Cost>,
    {
        self.weighted_astar_with(heuristic, weight)
    }

    /// Runs [`weighted_astar_with`](crate::weighted_astar_with) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`weighted_astar`](crate::weighted_astar).
    pub fn weighted_astar_with<H>(self, heuristic: H, weight: f64) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
    {
        let weight = InvalidWeight::check(weight)?;
        let setup = self.into_setup()?;
        let ranking = Ranking::Weighted(weight, setup.options.reopening);
        best_first::<PairKeys, _, _, _>(setup, heuristic, ranking)
    }
}
