//! Grids whose cells cost differently to enter: terrain, as roguelike maps and robots' cost
//! maps have it.

use super::DIAGONAL;
use std::fmt;

use super::{
    Cell, Euclidean, Grid, GridError, GridErrorKind, Manhattan, Movement, Octile, read_picture,
    too_large,
};
use crate::heuristic::Weighted;
use smallvec::SmallVec;

use crate::problem::{Bidirectional, SearchProblem};

/// The steps out of (or into) one cell: at most eight, held on the stack.
type Steps = SmallVec<[(Cell, f64); 8]>;

/// The cost of a cell from its character: `1`–`9` that cost, `.` 1, `#` and `@` a wall (0).
fn cost_of(c: char, column: u32) -> Result<u8, GridErrorKind> {
    match c {
        '1'..='9' => Ok(c as u8 - b'0'),
        '.' => Ok(1),
        '#' | '@' => Ok(0),
        '0' => Err(GridErrorKind::ZeroCost { column }),
        _ => Err(GridErrorKind::UnknownCharacter {
            character: c,
            column,
        }),
    }
}

/// A rectangular grid whose free cells each have a cost of entering them, from 1 to 255, and
/// whose other cells are walls.
///
/// A step into a cell costs the cell's cost, times [`DIAGONAL`] (√2, exact in sums) for a diagonal step; the [`Movement`]
/// rules are those of [`Grid`] (the Moving AI rules with [`Movement::Eight`]: no cutting the
/// corner of a wall). The distance heuristics of [`WeightedGridProblem`] are scaled by the
/// smallest cost on the grid, which keeps them admissible and consistent.
///
/// [`Grid`] stays the uniform case, the one searches specialised for uniform costs (such as
/// jump point search) run on; `WeightedGrid::from(&grid)` gives every free cell cost 1.
///
/// # Example
///
/// A swamp (cost 5) between the start and the goal: going around it is cheaper than through.
///
/// ```
/// use informed::grid::{Cell, Movement, WeightedGrid};
///
/// let grid = WeightedGrid::from_ascii(
///     "1111111\n\
///      1155511\n\
///      1155511\n\
///      1155511",
/// )?;
/// let problem = grid.problem(Cell::new(0, 2), Cell::new(6, 2), Movement::Four)?;
/// let solution = informed::astar_with(&problem, problem.manhattan())?;
/// assert_eq!(solution.cost(), 10.0); // up, along the top row, down: no swamp
/// assert_eq!(grid.cost(Cell::new(3, 2)), Some(5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Two grids are equal when their cells are: how many changes led there does not count.
#[derive(Clone)]
pub struct WeightedGrid {
    width: u32,
    height: u32,
    /// Each cell's cost, row-major; 0 for a wall.
    costs: Vec<u8>,
    /// How many cells have each cost (index 0: the walls), for the smallest and largest cost.
    counts: Box<[usize; 256]>,
    /// How many times a cell turned from a wall to a free cell or back: what
    /// [`Regions::is_current`](super::Regions::is_current) compares to learn of a change it was
    /// not told about. A change of cost between free cells leaves it.
    flips: u64,
}

impl PartialEq for WeightedGrid {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height) == (other.width, other.height) && self.costs == other.costs
    }
}

impl Eq for WeightedGrid {}

/// The counts follow from the costs, so the costs alone are hashed, as they alone are compared.
impl std::hash::Hash for WeightedGrid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.width, self.height, &self.costs).hash(state);
    }
}

impl WeightedGrid {
    /// A grid of `width × height` free cells of cost 1.
    ///
    /// Computes in **O(width × height)** time and takes a byte a cell.
    ///
    /// # Panics
    ///
    /// Panics if the cells do not fit in memory, with the message of the
    /// [`GridErrorKind::TooLarge`] error that [`WeightedGrid::try_new`] returns instead.
    pub fn new(width: u32, height: u32) -> Self {
        WeightedGrid::try_new(width, height).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A grid of `width × height` free cells of cost 1, or an error if they do not fit in
    /// memory.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::TooLarge`] if `width × height` bytes cannot be allocated.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{GridErrorKind, WeightedGrid};
    ///
    /// let grid = WeightedGrid::try_new(64, 48)?;
    /// assert_eq!((grid.min_cost(), grid.max_cost()), (Some(1), Some(1)));
    /// let error = WeightedGrid::try_new(u32::MAX, u32::MAX).unwrap_err();
    /// assert!(matches!(error.kind(), GridErrorKind::TooLarge { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_new(width: u32, height: u32) -> Result<Self, GridError> {
        let too_large = || too_large(width as usize, height as usize);
        let cells = (width as usize)
            .checked_mul(height as usize)
            .ok_or_else(too_large)?;
        let mut costs = Vec::new();
        costs.try_reserve_exact(cells).map_err(|_| too_large())?;
        costs.resize(cells, 1);
        Ok(WeightedGrid::with_costs(width, height, costs))
    }

    fn with_costs(width: u32, height: u32, costs: Vec<u8>) -> Self {
        let mut counts = Box::new([0usize; 256]);
        for &cost in &costs {
            counts[cost as usize] += 1;
        }
        WeightedGrid {
            width,
            height,
            costs,
            counts,
            flips: 0,
        }
    }

    /// A grid drawn in text, one row a line: a digit `1` to `9` is a free cell of that cost,
    /// `.` a free cell of cost 1, `#` or `@` a wall. Blank lines, and the spaces around each
    /// row, are ignored; lines may end in `\n`, `\r\n` or `\r`.
    ///
    /// Takes memory in proportion to the text: the grid is built row by row as it is read.
    ///
    /// # Errors
    ///
    /// As [`Grid::from_ascii`], with the line it was found on:
    /// [`GridErrorKind::WrongRowLength`] if the rows differ in length,
    /// [`GridErrorKind::ZeroCost`] for a `0`, [`GridErrorKind::UnknownCharacter`] for any other
    /// character; [`GridErrorKind::Empty`] for no rows, [`GridErrorKind::TooLarge`] for a grid
    /// that does not fit in memory.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, GridErrorKind, WeightedGrid};
    ///
    /// let grid = WeightedGrid::from_ascii("13#\n.91")?;
    /// assert_eq!((grid.width(), grid.height()), (3, 2));
    /// assert_eq!(grid.cost(Cell::new(1, 0)), Some(3));
    /// assert_eq!(grid.cost(Cell::new(2, 0)), None); // a wall
    /// assert_eq!((grid.min_cost(), grid.max_cost()), (Some(1), Some(9)));
    ///
    /// let error = WeightedGrid::from_ascii("111\n105").unwrap_err();
    /// assert!(matches!(error.kind(), GridErrorKind::ZeroCost { column: 1 }));
    /// assert_eq!(error.to_string(), "line 2: cost 0 in column 1: step costs are 1 to 9, and `#` is a wall");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_ascii(picture: &str) -> Result<Self, GridError> {
        let (width, height, costs) = read_picture(picture, cost_of)?.into_cells();
        Ok(WeightedGrid::with_costs(width, height, costs))
    }

    /// The number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether `cell` lies on the grid.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// The row-major index of a cell, `y × width + x`: a dense number for every cell.
    #[inline]
    pub fn index(&self, cell: Cell) -> usize {
        cell.y as usize * self.width as usize + cell.x as usize
    }

    /// The cost of entering `cell`, or `None` for a wall or a cell outside the grid.
    #[inline]
    pub fn cost(&self, cell: Cell) -> Option<u8> {
        if !self.contains(cell) {
            return None;
        }
        match self.costs[self.index(cell)] {
            0 => None,
            cost => Some(cost),
        }
    }

    /// Whether `cell` lies on the grid and is not a wall.
    #[inline]
    pub fn is_free(&self, cell: Cell) -> bool {
        self.cost(cell).is_some()
    }

    /// Sets the cost of entering `cell` (which frees it, if it was a wall).
    ///
    /// [`Regions`](super::Regions) built on this grid are not told: report a wall made free
    /// with [`Regions::cell_changed`](super::Regions::cell_changed).
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid, or if `cost` is 0 (make a wall with
    /// [`set_wall`](Self::set_wall)), with the message of the error that
    /// [`try_set_cost`](Self::try_set_cost) returns instead.
    pub fn set_cost(&mut self, cell: Cell, cost: u8) {
        self.try_set_cost(cell, cost)
            .unwrap_or_else(|error| panic!("set_cost: {error}"));
    }

    /// Sets the cost of entering `cell` (which frees it, if it was a wall), or says why not.
    ///
    /// For maps whose costs come from elsewhere, where 0 often means "impassable": a 0 is
    /// refused rather than taken as free passage, and the error points to
    /// [`set_wall`](Self::set_wall).
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::ZeroCostAt`] if `cost` is 0, [`GridErrorKind::OutOfBounds`] (role
    /// `"cell"`) if `cell` is outside the grid. The grid is unchanged.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, GridErrorKind, WeightedGrid};
    ///
    /// let mut grid = WeightedGrid::new(4, 3);
    /// let imported = [(Cell::new(1, 1), 5), (Cell::new(2, 1), 0)]; // 0: impassable there
    /// for (cell, cost) in imported {
    ///     if let Err(error) = grid.try_set_cost(cell, cost) {
    ///         assert!(matches!(error.kind(), GridErrorKind::ZeroCostAt { .. }));
    ///         grid.set_wall(cell);
    ///     }
    /// }
    /// assert_eq!(grid.cost(Cell::new(1, 1)), Some(5));
    /// assert_eq!(grid.cost(Cell::new(2, 1)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_set_cost(&mut self, cell: Cell, cost: u8) -> Result<(), GridError> {
        if !self.contains(cell) {
            return Err(GridError::new(GridErrorKind::OutOfBounds {
                role: "cell",
                cell,
                width: self.width,
                height: self.height,
            }));
        }
        if cost == 0 {
            return Err(GridError::new(GridErrorKind::ZeroCostAt { cell }));
        }
        self.set(cell, cost);
        Ok(())
    }

    /// Makes `cell` a wall.
    ///
    /// [`Regions`](super::Regions) built on this grid are not told: report the change with
    /// [`Regions::cell_changed`](super::Regions::cell_changed).
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    pub fn set_wall(&mut self, cell: Cell) {
        self.set(cell, 0);
    }

    fn set(&mut self, cell: Cell, cost: u8) {
        assert!(
            self.contains(cell),
            "{cell} is outside the {}×{} grid",
            self.width,
            self.height
        );
        let index = self.index(cell);
        let old = self.costs[index];
        self.counts[old as usize] -= 1;
        self.costs[index] = cost;
        self.counts[cost as usize] += 1;
        if (old == 0) != (cost == 0) {
            self.flips += 1;
        }
    }

    /// How many times a cell turned from a wall to a free cell or back (see
    /// [`Regions::is_current`](super::Regions::is_current)).
    pub(crate) fn flips(&self) -> u64 {
        self.flips
    }

    /// The number of free cells.
    pub fn free_count(&self) -> usize {
        self.costs.len() - self.counts[0]
    }

    /// The smallest cost of a free cell (`None` if every cell is a wall).
    ///
    /// Computes in **O(1)**: the grid counts its cells of each cost.
    pub fn min_cost(&self) -> Option<u8> {
        (1..=255u8).find(|&cost| self.counts[cost as usize] > 0)
    }

    /// The largest cost of a free cell (`None` if every cell is a wall).
    pub fn max_cost(&self) -> Option<u8> {
        (1..=255u8)
            .rev()
            .find(|&cost| self.counts[cost as usize] > 0)
    }

    /// The costs that some free cell has, from the smallest.
    pub fn costs(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=255u8).filter(|&cost| self.counts[cost as usize] > 0)
    }

    /// The search problem of going from `start` to `goal` with `movement`.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::OutOfBounds`] or [`GridErrorKind::Blocked`] if the start or the goal is
    /// outside the grid or on a wall.
    pub fn problem(
        &self,
        start: Cell,
        goal: Cell,
        movement: Movement,
    ) -> Result<WeightedGridProblem<'_>, GridError> {
        for (role, cell) in [("start", start), ("goal", goal)] {
            if !self.contains(cell) {
                return Err(GridError::new(GridErrorKind::OutOfBounds {
                    role,
                    cell,
                    width: self.width,
                    height: self.height,
                }));
            }
            if !self.is_free(cell) {
                return Err(GridError::new(GridErrorKind::Blocked { role, cell }));
            }
        }
        let least = f64::from(self.min_cost().unwrap_or(1));
        Ok(WeightedGridProblem {
            grid: self,
            start,
            goal,
            movement,
            least,
        })
    }

    /// Calls `step(next, cost, length)` for each free cell `next` one `movement` step from
    /// `cell`, `cost` being its cost and `length` 1 or √2: orthogonal steps first (up, left,
    /// right, down), then diagonals.
    #[inline]
    pub(super) fn steps(
        &self,
        cell: Cell,
        movement: Movement,
        mut step: impl FnMut(Cell, u8, f64),
    ) {
        let (x, y) = (cell.x, cell.y);
        let at = |x: u32, y: u32| self.costs[y as usize * self.width as usize + x as usize];
        let left = if x > 0 { at(x - 1, y) } else { 0 };
        let right = if x + 1 < self.width { at(x + 1, y) } else { 0 };
        let up = if y > 0 { at(x, y - 1) } else { 0 };
        let down = if y + 1 < self.height { at(x, y + 1) } else { 0 };
        if up > 0 {
            step(Cell::new(x, y - 1), up, 1.0);
        }
        if left > 0 {
            step(Cell::new(x - 1, y), left, 1.0);
        }
        if right > 0 {
            step(Cell::new(x + 1, y), right, 1.0);
        }
        if down > 0 {
            step(Cell::new(x, y + 1), down, 1.0);
        }
        if movement == Movement::Four {
            return;
        }
        for (dx, dy, side_x, side_y) in [
            (-1i32, -1i32, left > 0, up > 0),
            (1, -1, right > 0, up > 0),
            (-1, 1, left > 0, down > 0),
            (1, 1, right > 0, down > 0),
        ] {
            let allowed = match movement {
                Movement::Eight => side_x && side_y,
                Movement::EightCuttingCorners => side_x || side_y,
                _ => true,
            };
            if !allowed {
                continue;
            }
            let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                continue;
            };
            if nx < self.width && ny < self.height {
                let cost = at(nx, ny);
                if cost > 0 {
                    step(Cell::new(nx, ny), cost, DIAGONAL);
                }
            }
        }
    }
}

/// Every free cell of cost 1, every blocked cell a wall.
impl From<&Grid> for WeightedGrid {
    fn from(grid: &Grid) -> Self {
        let costs = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
            .map(|cell| u8::from(grid.is_free(cell)))
            .collect();
        WeightedGrid::with_costs(grid.width(), grid.height(), costs)
    }
}

impl fmt::Debug for WeightedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "WeightedGrid {}×{}", self.width, self.height)?;
        fmt::Display::fmt(self, f)
    }
}

/// Draws the grid as text, one row a line: each cell's cost as a digit, `#` for a wall, and
/// `+` for a cost above 9 (which [`WeightedGrid::from_ascii`] does not read back).
impl fmt::Display for WeightedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.costs.chunks(self.width.max(1) as usize) {
            let line: String = row
                .iter()
                .map(|&cost| match cost {
                    0 => '#',
                    1..=9 => char::from(b'0' + cost),
                    _ => '+',
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// A query on a [`WeightedGrid`]: from a start cell to a goal cell with a [`Movement`].
///
/// Built by [`WeightedGrid::problem`]. States are [`Cell`]s, costs `f64`: a step into a cell
/// costs the cell's cost, times √2 for a diagonal.
///
/// # Example
///
/// Diagonals through rough ground (cost 3) against a road (cost 1) around it:
///
/// ```
/// use informed::grid::{Cell, Movement, WeightedGrid};
///
/// let grid = WeightedGrid::from_ascii(
///     "1111\n\
///      3331\n\
///      3331\n\
///      3331",
/// )?;
/// let problem = grid.problem(Cell::new(0, 0), Cell::new(3, 3), Movement::Eight)?;
/// let solution = informed::astar_with(&problem, problem.octile())?;
/// // Along the road, with one diagonal across its corner: 1 + 1 + √2 + 1 + 1.
/// assert!((solution.cost() - (4.0 + 2f64.sqrt())).abs() < 1e-9);
/// assert_eq!(problem.least_cost(), 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct WeightedGridProblem<'g> {
    grid: &'g WeightedGrid,
    start: Cell,
    goal: Cell,
    movement: Movement,
    /// The smallest cost of a cell, the heuristics' scale.
    least: f64,
}

impl<'g> WeightedGridProblem<'g> {
    /// The grid searched.
    pub fn grid(&self) -> &'g WeightedGrid {
        self.grid
    }

    /// The start cell.
    pub fn start(&self) -> Cell {
        self.start
    }

    /// The goal cell.
    pub fn goal(&self) -> Cell {
        self.goal
    }

    /// The movement rule.
    pub fn movement(&self) -> Movement {
        self.movement
    }

    /// The smallest cost of a cell of the grid (as it was when the problem was posed): every
    /// step costs at least this much times its length, the scale of the heuristics.
    pub fn least_cost(&self) -> f64 {
        self.least
    }

    /// The Manhattan distance to the goal times the smallest cell cost: admissible and
    /// consistent for [`Movement::Four`] (every step changes the distance by at most 1 and
    /// costs at least the smallest cost), not with diagonal steps.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Heuristic;
    /// use informed::grid::{Cell, Movement, WeightedGrid};
    ///
    /// let grid = WeightedGrid::from_ascii("2222\n2932")?;
    /// let problem = grid.problem(Cell::new(0, 0), Cell::new(3, 1), Movement::Four)?;
    /// assert_eq!(problem.manhattan().estimate(&Cell::new(0, 0)), 8.0); // 4 steps × cost 2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn manhattan(&self) -> Weighted<Manhattan> {
        Weighted::new(Manhattan::to(self.goal), self.least)
    }

    /// The octile distance to the goal times the smallest cell cost: admissible and
    /// consistent for every movement.
    pub fn octile(&self) -> Weighted<Octile> {
        Weighted::new(Octile::to(self.goal), self.least)
    }

    /// The straight-line distance to the goal times the smallest cell cost: admissible and
    /// consistent for every movement, but weaker than the one made for it.
    pub fn euclidean(&self) -> Weighted<Euclidean> {
        Weighted::new(Euclidean::to(self.goal), self.least)
    }
}

/// Cells are numbered `y × width + x`, so the best-first searches keep their node table in
/// vectors, without hashing (see [`SearchProblem::index_bound`]).
impl SearchProblem for WeightedGridProblem<'_> {
    type State = Cell;
    type Cost = f64;

    fn starts(&self) -> impl IntoIterator<Item = Cell> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, cell: &Cell) -> bool {
        *cell == self.goal
    }

    #[inline]
    fn successors(&self, cell: &Cell) -> impl IntoIterator<Item = (Cell, f64)> {
        let mut steps = Steps::new();
        // A blocked cell has no steps out, as it has none in (a search that learns of a wall
        // where it has been, D* Lite, asks for them).
        if self.grid.cost(*cell).is_some() {
            self.grid.steps(*cell, self.movement, |next, cost, length| {
                steps.push((next, length * f64::from(cost)));
            });
        }
        steps
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.grid.width as usize * self.grid.height as usize)
    }

    #[inline]
    fn index(&self, cell: &Cell) -> usize {
        self.grid.index(*cell)
    }
}

/// Every movement rule is symmetric: the cells a step reaches are those a step comes from, and
/// a step from a neighbour into `cell` costs `cell`'s cost.
impl Bidirectional for WeightedGridProblem<'_> {
    fn goals(&self) -> impl IntoIterator<Item = Cell> {
        [self.goal]
    }

    fn predecessors(&self, cell: &Cell) -> impl IntoIterator<Item = (Cell, f64)> {
        let mut steps = Steps::new();
        if let Some(cost) = self.grid.cost(*cell) {
            self.grid
                .steps(*cell, self.movement, |previous, _, length| {
                    steps.push((previous, length * f64::from(cost)));
                });
        }
        steps
    }
}
