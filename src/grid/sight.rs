//! Line of sight between cells, and paths smoothed along it: the straight lines a unit can walk
//! instead of a chain of cells.

use super::{Cell, Grid, GridProblem, Movement};
use crate::sight::LineOfSight;

/// The Euclidean distance between the centres of two cells.
///
/// The sum of squares is exact in an `f64` for differences below 2²⁶ (67 million cells), and
/// `sqrt` is correctly rounded, so the distance is the same on every platform (where
/// `f64::hypot`, from the C library, may differ in the last bit).
#[inline]
pub(super) fn distance(from: Cell, to: Cell) -> f64 {
    let dx = f64::from(from.x.abs_diff(to.x));
    let dy = f64::from(from.y.abs_diff(to.y));
    (dx * dx + dy * dy).sqrt()
}

/// The length of a path drawn through the centres of its cells: the sum of the Euclidean
/// distances between consecutive cells (0 for fewer than two cells).
///
/// A step costs 1 straight and √2 diagonally, so for a path of single steps this is its cost on
/// the grid up to the rounding of [`DIAGONAL`](super::DIAGONAL) (above √2 by 1.1 × 10⁻¹¹);
/// for the waypoints of [`Grid::smooth`] or of [`theta_star`](crate::theta_star) it is the
/// distance a unit walks along them.
///
/// Computes in **O(n)** for n cells.
///
/// # Example
///
/// ```
/// use informed::grid::{self, Cell};
///
/// let path = [Cell::new(0, 0), Cell::new(3, 4), Cell::new(3, 6)];
/// assert_eq!(grid::path_length(&path), 7.0);
/// ```
pub fn path_length(path: &[Cell]) -> f64 {
    path.windows(2).map(|pair| distance(pair[0], pair[1])).sum()
}

impl Grid {
    /// Whether a unit can go straight from the centre of `from` to the centre of `to` under
    /// `movement`.
    ///
    /// Cell (x, y) is the unit square [x, x + 1] × [y, y + 1], its centre (x + ½, y + ½). There
    /// is line of sight when:
    ///
    /// 1. every cell whose inside the segment between the two centres passes through is free,
    ///    `from` and `to` included (so a cell off the grid or blocked sees nothing); and
    /// 2. wherever the segment passes exactly through a corner shared by four cells, crossing
    ///    from one cell into the diagonally opposite one, the two other cells beside that
    ///    corner, which it only touches, pass the movement's rule for a diagonal step:
    ///    - [`Movement::Eight`]: both free. The line never passes between two blocked cells
    ///      that meet at a corner, nor past the corner of a single blocked cell.
    ///    - [`Movement::EightCuttingCorners`] and [`Movement::Four`]: at least one free.
    ///    - [`Movement::EightThroughGaps`]: no condition.
    ///
    /// The cells the segment passes through, in order, are then a walk the movement can take:
    /// consecutive cells share a side (an orthogonal step) or a corner that the movement lets a
    /// diagonal step cross (under [`Movement::Four`], two orthogonal steps through the free
    /// cell beside the corner). A segment that passes close to a blocked cell without entering
    /// it is not blocked by it: between two centres, a segment can touch a cell without
    /// entering it only at a corner, which rule 2 covers.
    ///
    /// The test is exact: it walks the cells along the segment in integers, comparing where the
    /// segment crosses the grid's lines by cross-multiplication (the supercover of the segment,
    /// as Bresenham's and Amanatides and Woo's traversals visit cells, with the corners told
    /// apart), so no rounding decides which cells are passed and a corner is recognised
    /// however long the line. It is symmetric: `from` sees `to` exactly when `to` sees
    /// `from`. A free cell sees itself.
    ///
    /// # Arguments
    ///
    /// - `from`, `to`: the two cells, on the grid or not.
    /// - `movement`: the rule for corners (above).
    ///
    /// # Returns
    ///
    /// `true` where the straight line is clear.
    ///
    /// # Complexity
    ///
    /// **O(|dx| + |dy|)** time (each cell along the line once) and **O(1)** memory.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement};
    ///
    /// let grid = Grid::from_ascii(
    ///     ".....\n\
    ///      .#...\n\
    ///      ..#..\n\
    ///      .....",
    /// )?;
    /// // A line through free cells only, however steep.
    /// assert!(grid.line_of_sight(Cell::new(0, 0), Cell::new(4, 1), Movement::Eight));
    /// // The diagonal from (0, 3) to (3, 0) passes exactly between the blocked (1, 1) and
    /// // (2, 2), touching both at the corner (2, 2): no movement but squeezing through gaps
    /// // lets it through.
    /// let (a, b) = (Cell::new(0, 3), Cell::new(3, 0));
    /// assert!(!grid.line_of_sight(a, b, Movement::Eight));
    /// assert!(!grid.line_of_sight(a, b, Movement::EightCuttingCorners));
    /// assert!(grid.line_of_sight(a, b, Movement::EightThroughGaps));
    /// // Past the corner of the single blocked cell (2, 2): Eight forbids it, cutting corners
    /// // allows it.
    /// let (c, d) = (Cell::new(2, 1), Cell::new(3, 2));
    /// assert!(!grid.line_of_sight(c, d, Movement::Eight));
    /// assert!(grid.line_of_sight(c, d, Movement::EightCuttingCorners));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_of_sight(&self, from: Cell, to: Cell, movement: Movement) -> bool {
        if !self.is_free(from) || !self.is_free(to) {
            return false;
        }
        let width = self.width as usize;
        // Every cell visited lies between `from` and `to`, on the grid: no bounds to test.
        let free = |x: i64, y: i64| self.free[y as usize * width + x as usize];
        let (nx, ny) = (
            i64::from(from.x.abs_diff(to.x)),
            i64::from(from.y.abs_diff(to.y)),
        );
        let sx = if to.x >= from.x { 1 } else { -1 };
        let sy = if to.y >= from.y { 1 } else { -1 };
        let (mut x, mut y) = (i64::from(from.x), i64::from(from.y));
        // Along the segment, the (ix + 1)-th vertical grid line is crossed at t = (ix + ½) / nx
        // and the (iy + 1)-th horizontal one at t = (iy + ½) / ny. The sign of
        // e = (2 ix + 1) ny − (2 iy + 1) nx says which comes first, and e = 0 that both do at
        // once: the segment passes through a corner. e stays within [−2 nx, 2 ny], so an i64
        // holds it for any grid.
        let mut e = ny - nx;
        let (mut ix, mut iy) = (0, 0);
        while ix < nx || iy < ny {
            if e == 0 {
                let side_x = free(x + sx, y);
                let side_y = free(x, y + sy);
                let allowed = match movement {
                    Movement::Eight => side_x && side_y,
                    Movement::Four | Movement::EightCuttingCorners => side_x || side_y,
                    Movement::EightThroughGaps => true,
                };
                if !allowed {
                    return false;
                }
                x += sx;
                y += sy;
                ix += 1;
                iy += 1;
                e += 2 * (ny - nx);
            } else if e < 0 {
                x += sx;
                ix += 1;
                e += 2 * ny;
            } else {
                y += sy;
                iy += 1;
                e -= 2 * nx;
            }
            if !free(x, y) {
                return false;
            }
        }
        true
    }

    /// The waypoints of `path` pulled straight: string pulling along
    /// [`line_of_sight`](Self::line_of_sight) under `movement`.
    ///
    /// From the first cell, the path goes straight to the last cell of `path` in sight before
    /// one that is not; that cell becomes the next waypoint, and so on to the last cell. The
    /// first and the last cells of `path` are always kept; a waypoint equal to the one before
    /// it is dropped.
    ///
    /// # Guarantees
    ///
    /// - **Never longer.** Each segment from a waypoint `p[a]` to the next `p[b]` replaces the
    ///   cells `p[a], p[a + 1], …, p[b]` of the input, and by the triangle inequality
    ///   `|p[a] p[b]| ≤ |p[a] p[a+1]| + … + |p[b−1] p[b]|`; summed over the segments,
    ///   [`path_length`] of the result is at most that of `path`. (Computed in `f64`, a
    ///   segment collinear with the cells it replaces can come out longer than their sum by
    ///   rounding errors, about 10⁻¹⁶ of the length for each cell replaced.)
    /// - **Walkable.** Where each cell of `path` sees the next (true of every path a search
    ///   returns on this grid with this movement), every waypoint sees the next: the invariant
    ///   is that the current waypoint sees the cell being considered, and a cell becomes a
    ///   waypoint only where the one after it is out of sight, and the cell sees that one.
    ///   Smoothing does not check its input: where two consecutive cells of `path` do not see
    ///   each other (one blocked, off the grid, or a jump), the waypoints around them may not
    ///   either.
    ///
    /// Smoothing does not make a path the shortest among any-angle paths: it only straightens
    /// the path it is given, in its corridor. [`theta_star`](crate::theta_star) searches for
    /// shorter ones.
    ///
    /// # Arguments
    ///
    /// - `path`: cells from start to goal, usually a search's path on this grid.
    /// - `movement`: the rule for corners, the search's movement.
    ///
    /// # Returns
    ///
    /// The waypoints, from the first cell of `path` to its last (empty for an empty `path`).
    ///
    /// # Complexity
    ///
    /// **O(n · L)** time for n cells and segments of at most L cells, one line of sight per
    /// input cell; the waypoints' memory. [`smooth_into`](Self::smooth_into) reuses a buffer.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{self, Cell, Grid, Movement};
    ///
    /// let grid = Grid::from_ascii(
    ///     "..........\n\
    ///      ..........\n\
    ///      ....##....\n\
    ///      ..........",
    /// )?;
    /// let problem = grid.problem(Cell::new(0, 3), Cell::new(9, 0), Movement::Eight)?;
    /// let cells = informed::astar_with(&problem, problem.octile())?;
    /// let waypoints = grid.smooth(cells.path(), Movement::Eight);
    /// assert_eq!(waypoints.first(), Some(&Cell::new(0, 3)));
    /// assert_eq!(waypoints.last(), Some(&Cell::new(9, 0)));
    /// assert!(grid::path_length(&waypoints) <= grid::path_length(cells.path()));
    /// // A unit walks straight from each waypoint to the next.
    /// for leg in waypoints.windows(2) {
    ///     assert!(grid.line_of_sight(leg[0], leg[1], Movement::Eight));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn smooth(&self, path: &[Cell], movement: Movement) -> Vec<Cell> {
        let mut waypoints = Vec::new();
        self.smooth_into(path, movement, &mut waypoints);
        waypoints
    }

    /// [`smooth`](Self::smooth) into `waypoints`, which is cleared first: allocates nothing
    /// where it has room, for a game that smooths a path every frame.
    ///
    /// # Complexity
    ///
    /// As [`smooth`](Self::smooth).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement};
    ///
    /// let grid = Grid::new(8, 8);
    /// let mut waypoints = Vec::new();
    /// let staircase = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(1, 1), Cell::new(2, 1)];
    /// grid.smooth_into(&staircase, Movement::Eight, &mut waypoints);
    /// assert_eq!(waypoints, [Cell::new(0, 0), Cell::new(2, 1)]);
    /// ```
    pub fn smooth_into(&self, path: &[Cell], movement: Movement, waypoints: &mut Vec<Cell>) {
        waypoints.clear();
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return;
        };
        waypoints.push(first);
        let mut anchor = first;
        for pair in path.windows(2).skip(1) {
            let (cell, next) = (pair[0], pair[1]);
            if !self.line_of_sight(anchor, next, movement) && cell != anchor {
                waypoints.push(cell);
                anchor = cell;
            }
        }
        if last != anchor {
            waypoints.push(last);
        }
    }
}

/// A straight line between two cells is clear by [`Grid::line_of_sight`] under the problem's
/// movement, and costs the Euclidean distance between their centres: 1 for an orthogonal step,
/// √2 (rounded to the nearest `f64`, not up as [`DIAGONAL`](super::DIAGONAL) is) for a
/// diagonal one.
impl LineOfSight for GridProblem<'_> {
    #[inline]
    fn line_of_sight(&self, from: &Cell, to: &Cell) -> Option<f64> {
        self.grid()
            .line_of_sight(*from, *to, self.movement())
            .then(|| distance(*from, *to))
    }

    #[inline]
    fn straight_cost(&self, from: &Cell, to: &Cell) -> Option<f64> {
        Some(distance(*from, *to))
    }
}
