//! Grids with blocked cells: 4- and 8-connected movement, distance heuristics, Moving AI maps
//! and scenarios, grids with a cost for each cell ([`WeightedGrid`]), jump point search
//! ([`JumpPointSearcher`], with a [`JumpTable`] for JPS+), connected [`Regions`] (an
//! unreachable goal answered before searching, the nearest cell that can be reached), pictures
//! of a search, and replays of one in the browser ([`Replay`]).
//!
//! A [`Grid`] is the map; [`Grid::problem`] poses a query on it (start, goal, [`Movement`]) as a
//! [`SearchProblem`] whose states are [`Cell`]s and whose costs are `f64`:
//! 1 for an orthogonal step, √2 for a diagonal one. On a [`WeightedGrid`] a step into a cell
//! costs the cell's cost (times √2 for a diagonal), for terrain: roads, grass, swamp.
//!
//! Coordinates follow the Moving AI benchmarks: `x` is the column, `y` the row, `(0, 0)` the
//! top-left cell.
//!
//! # Example
//!
//! ```
//! use informed::grid::{Cell, Grid, Movement};
//!
//! let grid = Grid::from_ascii(
//!     "....#...\n\
//!      ....#...\n\
//!      ....#...\n\
//!      ........",
//! )?;
//! let problem = grid.problem(Cell::new(0, 0), Cell::new(7, 0), Movement::Eight)?;
//! let solution = informed::astar_with(&problem, problem.octile())?;
//! // Five diagonals, and three straight steps where the wall forbids cutting its corners.
//! assert!((solution.cost() - (3.0 + 5.0 * 2f64.sqrt())).abs() < 1e-9);
//!
//! let four = grid.problem(Cell::new(0, 0), Cell::new(7, 0), Movement::Four)?;
//! assert_eq!(informed::astar_with(&four, four.manhattan())?.cost(), 13.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Example: a map that changes, and goals that cannot be reached
//!
//! A game keeps [`Regions`] beside its map and changes the map through them. A query whose
//! goal cannot be reached is then answered before searching, and a unit sent there walks as
//! near as it can get.
//!
//! ```
//! use informed::grid::{Cell, Grid, Movement, Regions};
//!
//! struct World {
//!     map: Grid,
//!     regions: Regions,
//! }
//!
//! let map = Grid::from_ascii(
//!     "......#...
//!      ......#...
//!      ......#...
//!      ..........",
//! )?;
//! let regions = Regions::build(&map, Movement::Eight);
//! let mut world = World { map, regions };
//!
//! // A wall is built across the gap: the east side is cut off.
//! world.regions.set_free(&mut world.map, Cell::new(6, 3), false);
//! let (unit, target) = (Cell::new(0, 0), Cell::new(9, 0));
//! let problem = world.map.problem(unit, target, Movement::Eight)?;
//! let error = world.regions.astar(&problem).unwrap_err();
//! assert!(error.is_no_path() && error.stats().expanded == 0);
//!
//! // The unit walks to the wall instead.
//! let path = world.regions.astar_to_nearest(&world.map, unit, target)?;
//! assert_eq!(path.goal(), &Cell::new(5, 0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod heuristics;
mod jps;
mod jps_plus;
mod jump;
mod movingai;
mod picture;
mod regions;
mod replay;
mod terrain;
mod weighted;

use std::fmt;

pub use self::error::{GridError, GridErrorKind};
pub use self::heuristics::{Euclidean, Manhattan, Octile};
pub use self::jps::{JumpPointSearcher, Waypoints};
pub use self::jps_plus::{JUMP_TABLE_VERSION, JumpTable, JumpTableError};
pub use self::movingai::Scenario;
pub use self::picture::{Picture, Recorder};
pub use self::regions::{NearestError, Region, Regions};
pub use self::replay::ReplayRecorder;
pub use self::terrain::{GridMap, GridQuery};
pub use self::weighted::{WeightedGrid, WeightedGridProblem};
/// The replay page, for grid searches as for any other (also `informed::Replay`).
pub use crate::replay::Replay;

/// The cost of a diagonal step: √2 rounded up to a multiple of 2⁻³² (1.4142135623842478, above
/// √2 by 1.1 × 10⁻¹¹).
///
/// Every step cost (1 or this) and every [`Octile`] estimate is then a multiple of 2⁻³² that an
/// `f64` holds exactly, so path costs are exact sums whatever order they are added in (up to
/// 2²¹ = 2,097,152, far beyond any Moving AI path). With `std::f64::consts::SQRT_2` itself, two
/// paths of the same length reached a cell with g differing in the last bit, which A* took for a
/// cheaper path: it reopened states under a consistent heuristic and broke ties on f the wrong
/// way, expanding 11–33% more states on Moving AI maps. Rounding up keeps [`Euclidean`]
/// admissible; the lengths differ from those with the true √2 by less than 10⁻¹¹ relative, far
/// inside the tolerance of the Moving AI scenario files.
pub const DIAGONAL: f64 = 6_074_001_000.0 / 4_294_967_296.0;

use crate::location::numbered_lines;
use crate::problem::{Bidirectional, SearchProblem};

/// A cell of a grid: column `x`, row `y`, from the top-left corner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// The column, from 0 at the left.
    pub x: u32,
    /// The row, from 0 at the top.
    pub y: u32,
}

impl Cell {
    /// The cell in column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Cell { x, y }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl From<(u32, u32)> for Cell {
    fn from((x, y): (u32, u32)) -> Self {
        Cell { x, y }
    }
}

/// How a search may move between cells.
///
/// `Movement::default()` is [`Four`](Movement::Four), the most restrictive: name the
/// movement of a query rather than rely on the default when diagonals are wanted.
///
/// # Example
///
/// ```
/// use informed::grid::Movement;
///
/// assert_eq!(Movement::default(), Movement::Four);
/// assert!(!Movement::default().is_diagonal());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Movement {
    /// Up, down, left and right, each step costing 1.
    #[default]
    Four,
    /// The four orthogonal steps (cost 1) and the four diagonals (cost √2). A diagonal is allowed
    /// only when both orthogonal cells beside it are free: no cutting corners, the rule of the
    /// Moving AI benchmarks.
    Eight,
    /// Eight directions where a diagonal needs only one of the two orthogonal cells beside it
    /// free: the path may squeeze past a corner.
    EightCuttingCorners,
    /// Eight directions where a diagonal needs only its target free, even between two blocked
    /// cells.
    EightThroughGaps,
}

impl Movement {
    /// Whether diagonal steps are allowed.
    pub fn is_diagonal(self) -> bool {
        self != Movement::Four
    }
}

/// The characters a map may use: free `.` `G` `S`, blocked `@` `O` `T` `W` (Moving AI), and `#`
/// (blocked, for pictures drawn by hand).
fn parse_terrain(c: char) -> Option<bool> {
    match c {
        '.' | 'G' | 'S' => Some(true),
        '@' | 'O' | 'T' | 'W' | '#' => Some(false),
        _ => None,
    }
}

fn too_large(width: usize, height: usize) -> GridError {
    GridError::new(GridErrorKind::TooLarge { width, height })
}

/// The terrain of a [`Grid`] cell from its character, or the error naming it.
fn terrain(c: char, column: u32) -> Result<bool, GridErrorKind> {
    parse_terrain(c).ok_or(GridErrorKind::UnknownCharacter {
        character: c,
        column,
    })
}

/// A grid being read row by row, by the parsers: its memory grows with the rows read, never
/// ahead of them, so that a header promising a huge map costs nothing until its rows arrive.
/// Each character becomes a cell of type `T` through `parse` (given the character and its
/// column).
struct Rows<T = bool> {
    width: u32,
    /// The height a header gave, if any (for the error of a grid too large).
    height: Option<u32>,
    rows: u32,
    cells: Vec<T>,
    parse: fn(char, u32) -> Result<T, GridErrorKind>,
}

impl Rows<bool> {
    fn new(width: u32, height: Option<u32>) -> Self {
        Rows::parsing(width, height, terrain)
    }

    /// The grid of the rows read.
    fn finish(self) -> Grid {
        let (width, height, free) = self.into_cells();
        Grid {
            width,
            height,
            free,
            flips: 0,
        }
    }
}

impl<T> Rows<T> {
    fn parsing(
        width: u32,
        height: Option<u32>,
        parse: fn(char, u32) -> Result<T, GridErrorKind>,
    ) -> Self {
        Rows {
            width,
            height,
            rows: 0,
            cells: Vec::new(),
            parse,
        }
    }

    /// The number of rows read.
    fn count(&self) -> u32 {
        self.rows
    }

    /// Reads one row of terrain characters, the next one down.
    fn push(&mut self, row: &str) -> Result<(), GridError> {
        let found = row.chars().count();
        if found != self.width as usize {
            let trailing_whitespace = row.chars().rev().take_while(|c| c.is_whitespace()).count();
            let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
            return Err(GridError::new(GridErrorKind::WrongRowLength {
                row: self.rows,
                expected: self.width,
                found: clamp(found),
                trailing_whitespace: clamp(trailing_whitespace),
            }));
        }
        let height = self
            .height
            .map_or(self.rows as usize + 1, |height| height as usize);
        if self.rows == u32::MAX {
            return Err(too_large(found, height.saturating_add(1)));
        }
        self.cells
            .try_reserve(found)
            .map_err(|_| too_large(found, height))?;
        for (x, c) in row.chars().enumerate() {
            let cell = (self.parse)(c, x as u32).map_err(GridError::new)?;
            self.cells.push(cell);
        }
        self.rows += 1;
        Ok(())
    }

    /// The width, the number of rows read, and the cells, row by row.
    fn into_cells(mut self) -> (u32, u32, Vec<T>) {
        self.cells.shrink_to_fit();
        (self.width, self.rows, self.cells)
    }
}

/// Reads a grid drawn in text, one row a line, each character a cell through `parse`: blank
/// lines, and the spaces around each row, are ignored. The errors carry their line.
fn read_picture<T>(
    picture: &str,
    parse: fn(char, u32) -> Result<T, GridErrorKind>,
) -> Result<Rows<T>, GridError> {
    let mut rows: Option<Rows<T>> = None;
    for (line, row) in numbered_lines(picture) {
        let row = row.trim();
        if row.is_empty() {
            continue;
        }
        let rows = match &mut rows {
            Some(rows) => rows,
            None => {
                let width = row.chars().count();
                let width = u32::try_from(width).map_err(|_| too_large(width, 1))?;
                rows.insert(Rows::parsing(width, None, parse))
            }
        };
        rows.push(row).map_err(|e| e.at_line(line))?;
    }
    rows.ok_or_else(|| GridError::new(GridErrorKind::Empty))
}

/// A rectangular grid of free and blocked cells.
///
/// With the `serde` feature it serializes as `{"width": W, "height": H, "rows": [".#.", ...]}`,
/// a row a string from the top, `.` free and `#` blocked; deserializing reads each string as
/// [`Grid::from_ascii`] reads a row, and checks that there are `height` of them, each of exactly
/// `width` terrain characters (a blank row or a line break inside one is refused, not skipped).
///
/// Two grids are equal when their cells are: how many changes led there does not count.
#[derive(Clone)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "GridData", try_from = "GridData")
)]
pub struct Grid {
    width: u32,
    height: u32,
    free: Vec<bool>,
    /// How many times [`Grid::set_free`] turned a cell from free to blocked or back: what
    /// [`Regions::is_current`] compares to learn of a change it was not told about. Only
    /// `set_free` touches it, so the searches never read it.
    flips: u64,
}

impl PartialEq for Grid {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height) == (other.width, other.height) && self.free == other.free
    }
}

impl Eq for Grid {}

impl std::hash::Hash for Grid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.width, self.height, &self.free).hash(state);
    }
}

impl Grid {
    /// A grid of `width × height` free cells.
    ///
    /// Computes in **O(width × height)** time and takes a byte a cell.
    ///
    /// # Panics
    ///
    /// Panics if the cells do not fit in memory, with the message of the
    /// [`GridErrorKind::TooLarge`] error that [`Grid::try_new`] returns instead.
    pub fn new(width: u32, height: u32) -> Self {
        Grid::try_new(width, height).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A grid of `width × height` free cells, or an error if they do not fit in memory.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::TooLarge`] if `width × height` bytes cannot be allocated.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Grid, GridErrorKind};
    ///
    /// let grid = Grid::try_new(640, 480)?;
    /// assert_eq!(grid.free_count(), 640 * 480);
    /// let error = Grid::try_new(u32::MAX, u32::MAX).unwrap_err();
    /// assert!(matches!(error.kind(), GridErrorKind::TooLarge { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_new(width: u32, height: u32) -> Result<Self, GridError> {
        let too_large = || too_large(width as usize, height as usize);
        let cells = (width as usize)
            .checked_mul(height as usize)
            .ok_or_else(too_large)?;
        let mut free = Vec::new();
        free.try_reserve_exact(cells).map_err(|_| too_large())?;
        free.resize(cells, true);
        Ok(Grid {
            width,
            height,
            free,
            flips: 0,
        })
    }

    /// A grid drawn in text, one row a line: `.` free, `#` or `@` blocked (and the other Moving
    /// AI terrain letters). Blank lines, and the spaces around each row, are ignored; lines may
    /// end in `\n`, `\r\n` or `\r`.
    ///
    /// Takes memory in proportion to the text: the grid is built row by row as it is read.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::WrongRowLength`] if the rows differ in length or
    /// [`GridErrorKind::UnknownCharacter`] for any other character, with the line it was found
    /// on; [`GridErrorKind::Empty`] for no rows, [`GridErrorKind::TooLarge`] for a grid that
    /// does not fit in memory.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid};
    ///
    /// let grid = Grid::from_ascii("..#\n...")?;
    /// assert_eq!((grid.width(), grid.height()), (3, 2));
    /// assert!(!grid.is_free(Cell::new(2, 0)));
    /// let error = Grid::from_ascii("..#\n..").unwrap_err();
    /// assert_eq!(error.to_string(), "line 2: row 1 has 2 cells, expected 3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_ascii(picture: &str) -> Result<Self, GridError> {
        Ok(read_picture(picture, terrain)?.finish())
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

    /// Whether `cell` lies on the grid and is free.
    #[inline]
    pub fn is_free(&self, cell: Cell) -> bool {
        self.contains(cell) && self.free[self.index(cell)]
    }

    /// Blocks (`free = false`) or frees `cell`.
    ///
    /// [`Regions`] built on this grid are not told: change the cell through
    /// [`Regions::set_free`] instead, or report it with [`Regions::cell_changed`].
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    pub fn set_free(&mut self, cell: Cell, free: bool) {
        assert!(
            self.contains(cell),
            "{cell} is outside the {}×{} grid",
            self.width,
            self.height
        );
        let index = self.index(cell);
        if self.free[index] != free {
            self.free[index] = free;
            self.flips += 1;
        }
    }

    /// How many times a cell turned from free to blocked or back (see [`Regions::is_current`]).
    pub(crate) fn flips(&self) -> u64 {
        self.flips
    }

    /// The number of free cells.
    pub fn free_count(&self) -> usize {
        self.free.iter().filter(|&&free| free).count()
    }

    /// The row-major index of a cell, `y × width + x`: a dense number for every cell.
    #[inline]
    pub fn index(&self, cell: Cell) -> usize {
        cell.y as usize * self.width as usize + cell.x as usize
    }

    /// The search problem of going from `start` to `goal` with `movement`.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::OutOfBounds`] or [`GridErrorKind::Blocked`] if the start or the goal is
    /// outside the grid or on a blocked cell.
    pub fn problem(
        &self,
        start: Cell,
        goal: Cell,
        movement: Movement,
    ) -> Result<GridProblem<'_>, GridError> {
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
        Ok(GridProblem {
            grid: self,
            start,
            goal,
            movement,
        })
    }

    /// The free neighbours of `cell` reachable in one step with `movement`, with the cost of
    /// the step: up, left, right, down, then the diagonals up-left, up-right, down-left and
    /// down-right.
    #[inline]
    pub(crate) fn neighbours(&self, cell: Cell, movement: Movement) -> Neighbours {
        // A blocked cell (or one outside the grid) has no steps, out or in: a search that
        // learns of a wall where it has been (D* Lite) asks for them.
        if !self.is_free(cell) {
            return Neighbours { cell, steps: 0 };
        }
        let (x, y) = (cell.x, cell.y);
        let left = x > 0 && self.free[self.index(Cell::new(x - 1, y))];
        let right = x + 1 < self.width && self.free[self.index(Cell::new(x + 1, y))];
        let up = y > 0 && self.free[self.index(Cell::new(x, y - 1))];
        let down = y + 1 < self.height && self.free[self.index(Cell::new(x, y + 1))];
        let mut steps = u8::from(up) | u8::from(left) << 1 | u8::from(right) << 2;
        steps |= u8::from(down) << 3;
        if movement != Movement::Four {
            let diagonals = [(left, up), (right, up), (left, down), (right, down)];
            for (bit, (side_x, side_y)) in (4..).zip(diagonals) {
                let allowed = match movement {
                    Movement::Eight => side_x && side_y,
                    Movement::EightCuttingCorners => side_x || side_y,
                    _ => true,
                };
                let (dx, dy) = NEIGHBOUR_STEPS[bit];
                let target = x.checked_add_signed(dx).zip(y.checked_add_signed(dy));
                if allowed && target.is_some_and(|(nx, ny)| self.is_free(Cell::new(nx, ny))) {
                    steps |= 1 << bit;
                }
            }
        }
        Neighbours { cell, steps }
    }
}

/// The eight steps to a neighbour, in the order [`Grid::neighbours`] gives them.
const NEIGHBOUR_STEPS: [(i32, i32); 8] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// The neighbours of a cell, one bit a step: small, so that returning it copies 9 bytes and
/// taking a step is a count of trailing zeros.
#[derive(Clone, Debug)]
pub(crate) struct Neighbours {
    cell: Cell,
    /// Bit i: the step `NEIGHBOUR_STEPS[i]` is taken.
    steps: u8,
}

impl Iterator for Neighbours {
    type Item = (Cell, f64);

    #[inline]
    fn next(&mut self) -> Option<(Cell, f64)> {
        if self.steps == 0 {
            return None;
        }
        let bit = self.steps.trailing_zeros() as usize;
        self.steps &= self.steps - 1;
        let (dx, dy) = NEIGHBOUR_STEPS[bit];
        // A set bit is a step to a cell on the grid: the offsets stay in range.
        let next = Cell::new(
            self.cell.x.wrapping_add_signed(dx),
            self.cell.y.wrapping_add_signed(dy),
        );
        Some((next, if bit < 4 { 1.0 } else { DIAGONAL }))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.steps.count_ones() as usize;
        (count, Some(count))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Grid {}×{}", self.width, self.height)?;
        fmt::Display::fmt(self, f)
    }
}

/// Draws the grid as text: `.` free, `#` blocked, one row a line.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.free.chunks(self.width.max(1) as usize) {
            let line: String = row
                .iter()
                .map(|&free| if free { '.' } else { '#' })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// A query on a [`Grid`]: from a start cell to a goal cell with a [`Movement`].
///
/// Built by [`Grid::problem`]. States are [`Cell`]s, costs `f64`.
#[derive(Clone, Copy, Debug)]
pub struct GridProblem<'g> {
    grid: &'g Grid,
    start: Cell,
    goal: Cell,
    movement: Movement,
}

impl<'g> GridProblem<'g> {
    /// The grid searched.
    pub fn grid(&self) -> &'g Grid {
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

    /// The Manhattan distance to the goal: admissible and consistent for [`Movement::Four`]
    /// (it overestimates when diagonals are allowed).
    pub fn manhattan(&self) -> Manhattan {
        Manhattan::to(self.goal)
    }

    /// The octile distance to the goal: admissible and consistent for the eight-direction
    /// movements (and for [`Movement::Four`], where it is weaker than Manhattan).
    pub fn octile(&self) -> Octile {
        Octile::to(self.goal)
    }

    /// The straight-line distance to the goal: admissible and consistent for every movement,
    /// but weaker than the one made for it.
    pub fn euclidean(&self) -> Euclidean {
        Euclidean::to(self.goal)
    }
}

/// Every movement rule is symmetric, so a grid searches backward with the same steps.
impl Bidirectional for GridProblem<'_> {
    fn goals(&self) -> impl IntoIterator<Item = Cell> {
        [self.goal]
    }

    #[inline]
    fn predecessors(&self, cell: &Cell) -> impl IntoIterator<Item = (Cell, f64)> {
        self.grid.neighbours(*cell, self.movement)
    }
}

/// Cells are numbered `y × width + x`, so the best-first searches keep their node table in
/// vectors, without hashing (see [`SearchProblem::index_bound`]).
impl SearchProblem for GridProblem<'_> {
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
        self.grid.neighbours(*cell, self.movement)
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.grid.width as usize * self.grid.height as usize)
    }

    #[inline]
    fn index(&self, cell: &Cell) -> usize {
        self.grid.index(*cell)
    }
}

/// A serialized [`Grid`]: its size and its rows as text.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GridData {
    width: u32,
    height: u32,
    rows: Vec<String>,
}

#[cfg(feature = "serde")]
impl From<Grid> for GridData {
    fn from(grid: Grid) -> Self {
        let rows = (0..grid.height)
            .map(|y| {
                (0..grid.width)
                    .map(|x| {
                        if grid.is_free(Cell::new(x, y)) {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        GridData {
            width: grid.width,
            height: grid.height,
            rows,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<GridData> for Grid {
    type Error = GridError;

    /// Each string of `rows` is one row of the grid, read by the row reader of
    /// [`Grid::from_ascii`]: exactly `width` terrain characters. Unlike a picture, a row is not
    /// trimmed and a blank one is not skipped, since either would change the grid's shape: a
    /// blank row, a row holding a line break or whitespace, and a non-empty row of a grid of
    /// width 0 are refused ([`GridErrorKind::WrongRowLength`] or
    /// [`GridErrorKind::UnknownCharacter`], with the row's line, counted from 1).
    fn try_from(data: GridData) -> Result<Self, Self::Error> {
        let found = u32::try_from(data.rows.len()).unwrap_or(u32::MAX);
        if found != data.height {
            return Err(GridError::new(GridErrorKind::WrongRowCount {
                expected: data.height,
                found,
            }));
        }
        let mut rows = Rows::new(data.width, Some(data.height));
        for (number, row) in data.rows.iter().enumerate() {
            rows.push(row).map_err(|e| e.at_line(number + 1))?;
        }
        Ok(rows.finish())
    }
}
