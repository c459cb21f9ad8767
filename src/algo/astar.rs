//! A* and weighted A*: ranks states by f = g + h (or g + w·h).

use crate::engine::best_first::{Ranking, best_first};
use crate::heuristic::{Heuristic, InvalidWeight};
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
/// heuristic no state is ever reopened.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: an estimate h of the remaining cost. It must be **admissible** (never above the
///   true remaining cost) for the returned path to be optimal; an estimate that overshoots can
///   return a more expensive path. h = 0 makes this [`dijkstra`](crate::dijkstra).
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
/// let manhattan = |&(x, y): &(i32, i32)| goal.0.abs_diff(x) + goal.1.abs_diff(y);
/// let problem = informed::from_fn((0, 0), moves, |&cell| cell == goal);
///
/// let astar = informed::astar(&problem, manhattan)?;
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
pub fn astar<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).astar(heuristic)
}

/// A* with the estimate multiplied by `weight`: f = g + w·h.
///
/// With w > 1 the search trusts the estimate more than the cost already paid and usually expands
/// far fewer states. The price is optimality: with an admissible heuristic the returned path
/// costs **at most w × the optimal cost**. With w = 1 this is [`astar`]; with w = 0,
/// [`dijkstra`](crate::dijkstra). It expands the states [`astar`] with a
/// [`Weighted`](crate::Weighted) heuristic would, but keeps the unweighted h: the cost bound and
/// the events see the unweighted estimate, and a weighted sum too large for the cost type
/// saturates instead of failing (see the errors).
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: the unweighted estimate; admissible for the w-bound to hold.
/// - `weight`: w, finite and at least 0.
///
/// # Returns
///
/// The [`Solution`](crate::Solution): a path of cost at most w × optimal (given an admissible
/// heuristic), its cost and the [`Stats`](crate::Stats).
///
/// # Errors
///
/// [`SearchError::InvalidWeight`](crate::SearchError::InvalidWeight) for a negative, NaN or
/// infinite weight (before searching), and otherwise those of [`astar`]. g + w·h is not an
/// overflow: where it exceeds the cost type it saturates, so a huge weight ranks the saturated
/// states by h alone (greedy search, the limit of w → ∞), and the w-bound still holds.
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
pub fn weighted_astar<P, H>(problem: &P, heuristic: H, weight: f64) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).weighted_astar(heuristic, weight)
}

/// [`astar`] for a heuristic written as a closure with its argument type left to inference, as
/// `pathfinding` users write it.
///
/// [`astar`] accepts every [`Heuristic`], closures included, but a closure passed to a generic
/// `H: Heuristic` parameter must name its argument's type: the bound does not tell the compiler
/// what the closure takes, so `informed::astar(&problem, |&(x, y)| x + y)` fails with E0282,
/// "type annotations needed". This entry point is bounded by `Fn(&State) -> Cost` instead, so
/// the argument's type comes from the problem. It runs the same search as [`astar`]: the same
/// path, cost and [`Stats`](crate::Stats). Use [`astar`] for the heuristics that are types
/// ([`Max`](crate::Max), the puzzle's and grid's heuristics).
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
/// let goal = (5, 3);
/// let problem = informed::from_fn(
///     (0i32, 0i32),
///     |&(x, y): &(i32, i32)| [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|c| (c, 1u32)),
///     |&cell| cell == goal,
/// );
/// // No type on the closure's argument: it is the problem's state type.
/// let solution = informed::astar_fn(&problem, |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?;
/// assert_eq!(solution.cost(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The same closure given to [`astar`] does not compile:
///
/// ```compile_fail
/// # let goal = (5, 3);
/// # let problem = informed::from_fn(
/// #     (0i32, 0i32),
/// #     |&(x, y): &(i32, i32)| [(x + 1, y), (x - 1, y)].map(|c| (c, 1u32)),
/// #     |&cell| cell == goal,
/// # );
/// let solution = informed::astar(&problem, |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y));
/// ```
pub fn astar_fn<P, F>(problem: &P, heuristic: F) -> SearchResult<P>
where
    P: SearchProblem,
    F: Fn(&P::State) -> P::Cost,
{
    Search::new(problem).astar(heuristic)
}

/// [`weighted_astar`] for a heuristic written as a closure with its argument type left to
/// inference; see [`astar_fn`] for why it exists.
///
/// # Arguments
///
/// - `problem`: the state space; step costs must be non-negative.
/// - `heuristic`: the estimate to weight, as for [`weighted_astar`].
/// - `weight`: w ≥ 1, finite.
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
/// let problem = informed::from_fn(0i64, |&n: &i64| [(n + 1, 1i64), (n + 7, 5)], |&n| n == 30);
/// let solution = informed::weighted_astar_fn(&problem, |&n| (30 - n).max(0) * 5 / 7, 2.0)?;
/// assert!(solution.cost() <= 2 * informed::dijkstra(&problem)?.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weighted_astar_fn<P, F>(problem: &P, heuristic: F, weight: f64) -> SearchResult<P>
where
    P: SearchProblem,
    F: Fn(&P::State) -> P::Cost,
{
    Search::new(problem).weighted_astar(heuristic, weight)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`astar`](crate::astar) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    pub fn astar<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> SearchResult<P> {
        best_first(self.into_setup()?, heuristic, Ranking::Cost)
    }

    /// Runs [`weighted_astar`](crate::weighted_astar) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`weighted_astar`](crate::weighted_astar).
    pub fn weighted_astar<H>(self, heuristic: H, weight: f64) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
    {
        let weight = InvalidWeight::check(weight)?;
        best_first(self.into_setup()?, heuristic, Ranking::Weighted(weight))
    }

    /// Runs [`astar_fn`](crate::astar_fn) with this search's options: A* with a closure whose
    /// argument type comes from the problem.
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    pub fn astar_fn<F: Fn(&P::State) -> P::Cost>(self, heuristic: F) -> SearchResult<P> {
        self.astar(heuristic)
    }

    /// Runs [`weighted_astar_fn`](crate::weighted_astar_fn) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`weighted_astar`](crate::weighted_astar).
    pub fn weighted_astar_fn<F>(self, heuristic: F, weight: f64) -> SearchResult<P>
    where
        F: Fn(&P::State) -> P::Cost,
    {
        self.weighted_astar(heuristic, weight)
    }
}
