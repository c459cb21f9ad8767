//! Problems whose states can be joined by straight lines: what an any-angle search needs beside
//! the successors.

use crate::problem::SearchProblem;

/// A [`SearchProblem`] whose states lie in a plane (or a space) where a path may go straight
/// from one state to another when nothing blocks the line between them: what
/// [`theta_star`](crate::theta_star) needs to cut across the steps of the successors.
///
/// [`grid::GridProblem`](crate::grid::GridProblem) implements it with
/// [`Grid::line_of_sight`](crate::grid::Grid::line_of_sight) and the Euclidean distance between
/// cell centres.
///
/// # Contract
///
/// - `line_of_sight(a, b)` is `Some(cost)` where a path may go straight from `a` to `b`, at that
///   cost (the straight line's length), and `None` where the line is blocked.
/// - Every step the successors give is a straight line: for each successor `t` of `s`,
///   `line_of_sight(s, t)` is `Some`. An any-angle search measures every segment of its path
///   with this cost, steps included, so that a segment and the steps it replaces are measured
///   alike (where a step has no line of sight, the successor's step cost is used instead).
/// - The costs obey the triangle inequality: where `a` sees `c`, `cost(a, c) ≤ cost(a, b) +
///   cost(b, c)` for every `b` that sees both. A straight line is then never longer than a
///   detour, which is why cutting across is worth trying. A search stays correct without it
///   (every path it returns is a chain of lines of sight, priced by this method), but gains
///   nothing.
/// - Costs are non-negative and not NaN; a search refuses a bad one as it refuses a bad step
///   cost.
///
/// # Example
///
/// An open plane of integer points, where every point sees every other:
///
/// ```
/// use informed::{LineOfSight, SearchProblem};
///
/// struct Plane {
///     goal: (i32, i32),
/// }
///
/// impl SearchProblem for Plane {
///     type State = (i32, i32);
///     type Cost = f64;
///
///     fn starts(&self) -> impl IntoIterator<Item = (i32, i32)> {
///         [(0, 0)]
///     }
///
///     fn is_goal(&self, point: &(i32, i32)) -> bool {
///         *point == self.goal
///     }
///
///     fn successors(&self, &(x, y): &(i32, i32)) -> impl IntoIterator<Item = ((i32, i32), f64)> {
///         [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|p| (p, 1.0))
///     }
/// }
///
/// impl LineOfSight for Plane {
///     fn line_of_sight(&self, a: &(i32, i32), b: &(i32, i32)) -> Option<f64> {
///         let (dx, dy) = (f64::from(a.0 - b.0), f64::from(a.1 - b.1));
///         Some((dx * dx + dy * dy).sqrt())
///     }
/// }
///
/// let plane = Plane { goal: (3, 4) };
/// let goal = plane.goal;
/// let solution = informed::theta_star(&plane, |&(x, y)| {
///     let (dx, dy) = (f64::from(goal.0 - x), f64::from(goal.1 - y));
///     (dx * dx + dy * dy).sqrt()
/// })?;
/// // Straight there, where a four-connected path costs 7.
/// assert_eq!(solution.path(), &[(0, 0), (3, 4)]);
/// assert_eq!(solution.cost(), 5.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait LineOfSight: SearchProblem {
    /// The cost of going straight from `from` to `to`, or `None` where the line between them is
    /// blocked.
    fn line_of_sight(&self, from: &Self::State, to: &Self::State) -> Option<Self::Cost>;

    /// What going straight from `from` to `to` would cost if nothing blocked the line, where
    /// that is known without testing the line (on a grid, the distance): at most what
    /// [`line_of_sight`](Self::line_of_sight) returns when the line is clear, and obeying the
    /// triangle inequality with the costs of the steps. `None` (the default) where it is not
    /// known.
    ///
    /// An any-angle search uses it to skip a line of sight that could not improve a state: one
    /// already reached at most this cost past `from`'s own. It changes how much work the search
    /// does, never the validity of what it returns.
    fn straight_cost(&self, from: &Self::State, to: &Self::State) -> Option<Self::Cost> {
        let _ = (from, to);
        None
    }
}
