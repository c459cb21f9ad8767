//! Grids with blocked cells: 4- and 8-connected movement, distance heuristics, Moving AI maps
//! and scenarios, grids with a cost for each cell ([`WeightedGrid`]), jump point search
//! ([`JumpPointSearcher`], with a [`JumpTable`] for JPS+), connected [`Regions`] (an
//! unreachable goal answered before searching, the nearest cell that can be reached), flow
//! fields for many units walking to one target ([`FlowField`]), pictures of a search,
//! replays of one in the browser ([`Replay`]), and paths that leave the cell chain: line of
//! sight ([`Grid::line_of_sight`]), smoothing ([`Grid::smooth`]) and any-angle search
//! ([`theta_star`](crate::theta_star)).
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
//! # Smooth and any-angle paths
//!
//! A search's path is a chain of cells, each one step from the next: a unit that follows it
//! zigzags in eight directions. Two ways to walk straight lines instead, both returning
//! waypoints that a unit walks straight between, each in sight of the next under the
//! movement's corner rule ([`Grid::line_of_sight`]), and both measured by [`path_length`]:
//!
//! - [`Grid::smooth`] pulls a path found by A* or JPS straight (string pulling): cheap, one
//!   line of sight per cell of the path, and never longer than the path it is given.
//! - [`theta_star`](crate::theta_star) searches for an any-angle path directly: usually
//!   shorter than the smoothed one, since it is not bound to the corridor A* chose, at the
//!   price of a line of sight per successor.
//!
//! ```
//! use informed::grid::{self, Cell, Grid, Movement};
//!
//! let grid = Grid::from_ascii(
//!     "............
//!      ......#.....
//!      ......#.....
//!      ..####......
//!      ............",
//! )?;
//! let problem = grid.problem(Cell::new(0, 4), Cell::new(11, 0), Movement::Eight)?;
//!
//! // A chain of cells, pulled straight.
//! let cells = informed::astar_with(&problem, problem.octile())?;
//! let smoothed = grid.smooth(cells.path(), Movement::Eight);
//!
//! // Or an any-angle search, with the straight-line distance as its estimate.
//! let any_angle = informed::theta_star_with(&problem, problem.euclidean())?;
//!
//! for waypoints in [&smoothed[..], any_angle.path()] {
//!     assert_eq!(waypoints.first(), Some(&Cell::new(0, 4)));
//!     assert_eq!(waypoints.last(), Some(&Cell::new(11, 0)));
//!     for leg in waypoints.windows(2) {
//!         // Walk from leg[0] to leg[1] in a straight line.
//!         assert!(grid.line_of_sight(leg[0], leg[1], Movement::Eight));
//!     }
//! }
//! assert!(grid::path_length(&smoothed) <= grid::path_length(cells.path()));
//! assert_eq!(any_angle.cost(), grid::path_length(any_angle.path()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Grids for games: flow fields
//!
//! Many units going to one place (a rally point, the player) need not search one by one: a
//! [`FlowField`] holds, for every cell, the cost of walking from it to the target and the step
//! to take, from one flood backward from the target. Each unit then reads its step each frame
//! in **O(1)**; [`FlowField::rebuild`] recomputes the field in its own memory when the target
//! moves or the map changes.
//!
//! ```
//! use informed::grid::{Cell, DIAGONAL, FlowField, Movement, WeightedGrid};
//!
//! // Roads (1), grass (3) and a river (@, a wall) with one ford (9).
//! let map = WeightedGrid::from_ascii(
//!     "1111111111\n\
//!      3333333331\n\
//!      @@@@9@@@@@\n\
//!      3333333333\n\
//!      1111111111",
//! )?;
//! let rally = Cell::new(9, 0);
//! let mut field = FlowField::new(); // kept in the game's state, reused every rebuild
//! field.rebuild(&map, [rally], Movement::Eight)?;
//!
//! let mut units: Vec<Cell> = (0..10).map(|x| Cell::new(x, 4)).collect();
//! let mut spent = vec![0.0; units.len()];
//! for _frame in 0..30 {
//!     for (unit, spent) in units.iter_mut().zip(&mut spent) {
//!         if let Some(next) = field.next_step(*unit) {
//!             // The cost of entering the next cell, times √2 for a diagonal step.
//!             let length = if next.x != unit.x && next.y != unit.y { DIAGONAL } else { 1.0 };
//!             *spent += length * f64::from(map.cost(next).unwrap_or(0));
//!             *unit = next;
//!         }
//!     }
//! }
//! assert!(units.iter().all(|&unit| unit == rally));
//!
//! // Each unit paid exactly the cost of the cheapest walk, as one search from its cell finds.
//! let start = Cell::new(0, 4);
//! let problem = map.problem(start, rally, Movement::Eight)?;
//! let cheapest = informed::astar_with(&problem, problem.octile())?.cost();
//! assert_eq!(field.distance(start), Some(cheapest));
//! assert_eq!(spent[0], cheapest);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! For any other problem searchable backward, [`distances_to_goals`](crate::distances_to_goals)
//! (a flood of [`Reversed`](crate::Reversed)) gives the same distances in a
//! [`PathTree`](crate::PathTree).
//!
//! # Games: a searcher beside a changing map
//!
//! A [`JumpPointSearcher`] does not borrow the grid: it lives in the game's world next to the
//! [`Grid`], takes the grid with each query, and follows its changes, repairing its bits and
//! its [`JumpTable`] (JPS+) around each changed cell rather than starting over (see
//! [`Grid::revision`]). Units standing in the way are blocked for one query alone
//! ([`GridProblem::with_blocked`]), and the nearest of several targets is one query
//! ([`Grid::problem_to_nearest`]). A long search can be spread over frames:
//! [`JumpPointSearcher::resumable`] gives a [`JumpPointQuery`] that runs for a
//! [`Budget`](crate::Budget) a call and returns a partial path to start along, with the same
//! answer in the end as one call.
//!
//! ```
//! use informed::grid::{Cell, Grid, JumpPointSearcher, JumpTable, Movement};
//!
//! struct World {
//!     map: Grid,
//!     paths: JumpPointSearcher,
//!     units: Vec<Cell>,
//! }
//!
//! impl World {
//!     fn new(map: Grid) -> Result<Self, Box<dyn std::error::Error>> {
//!         // JPS+: the searcher owns the table built for the map.
//!         let paths = JumpPointSearcher::with_table(&map, JumpTable::build(&map)?)?;
//!         Ok(World { map, paths, units: Vec::new() })
//!     }
//!
//!     /// The path of one unit, around the others, into `path` (no allocation once warm).
//!     fn route(&mut self, from: Cell, to: Cell, path: &mut Vec<Cell>)
//!         -> Result<f64, Box<dyn std::error::Error>> {
//!         let others: Vec<Cell> = self.units.iter().copied().filter(|&u| u != from).collect();
//!         let problem = self.map.problem(from, to, Movement::Eight)?.with_blocked(&others)?;
//!         Ok(self.paths.search_into(&problem, path)?.0)
//!     }
//! }
//!
//! let mut world = World::new(Grid::from_ascii(
//!     "..........\n\
//!      ..........\n\
//!      ..........",
//! )?)?;
//! let mut path = Vec::new();
//! assert_eq!(world.route(Cell::new(0, 1), Cell::new(9, 1), &mut path)?, 9.0);
//!
//! // A wall goes up: change the map, query again. The searcher repairs its table itself.
//! for y in 0..2 {
//!     world.map.set_free(Cell::new(5, y), false);
//! }
//! let around = world.route(Cell::new(0, 1), Cell::new(9, 1), &mut path)?;
//! assert!(around > 9.0 && path.contains(&Cell::new(5, 2)));
//! assert_eq!(world.paths.table(), Some(&JumpTable::build(&world.map)?));
//!
//! // A unit stands in the gap: blocked for the others' queries, the map unchanged.
//! world.units = vec![Cell::new(5, 2)];
//! assert!(world.route(Cell::new(0, 1), Cell::new(9, 1), &mut path).is_err());
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
mod flow;
mod heuristics;
mod jps;
mod jps_plus;
mod jump;
mod movingai;
mod picture;
mod regions;
mod replay;
mod sight;
mod terrain;
mod weighted;

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

pub use self::error::{GridError, GridErrorKind};
pub use self::flow::FlowField;
pub use self::heuristics::{Euclidean, Manhattan, NearestOctile, Octile};
pub use self::jps::{JumpPointQuery, JumpPointSearcher, Waypoints};
pub use self::jps_plus::{JUMP_TABLE_VERSION, JumpTable, JumpTableError};
pub use self::movingai::Scenario;
pub use self::picture::{Picture, Recorder};
pub use self::regions::{NearestError, Region, Regions};
pub use self::replay::ReplayRecorder;
pub use self::sight::path_length;
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
        Grid::of_cells(width, height, free)
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
/// A grid counts the cells [`set_free`](Grid::set_free) changes and remembers the last
/// [`RECENT_CHANGES`] of them, so that what was built from it (a
/// [`JumpPointSearcher`]'s bits, a [`JumpTable`]) can follow it: [`Grid::revision`] names the
/// grid and its changes so far, and [`Grid::changes_since`] lists the cells changed after a
/// revision. Equality and hashing look at the cells only.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "GridData", try_from = "GridData")
)]
pub struct Grid {
    width: u32,
    height: u32,
    free: Vec<bool>,
    /// Distinct for every grid made or cloned in this process, so that a revision names one
    /// grid: two grids with the same count of changes may hold different cells.
    identity: u64,
    /// The cells changed so far (a cell set to what it was is not a change).
    changes: u64,
    /// The last changed cells: change number n (from 0) at `n % RECENT_CHANGES`.
    recent: Vec<Cell>,
}

/// The number of changed cells a [`Grid`] remembers: a [`JumpPointSearcher`] or a
/// [`JumpTable`] more changes behind packs or builds again from the whole grid.
pub const RECENT_CHANGES: usize = 64;

/// The identity of the next grid made.
static NEXT_IDENTITY: AtomicU64 = AtomicU64::new(0);

/// A grid and how many cells it had changed when the revision was taken: see
/// [`Grid::revision`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridRevision {
    identity: u64,
    changes: u64,
}

impl GridRevision {
    /// The number of cell changes the grid had seen.
    pub fn changes(&self) -> u64 {
        self.changes
    }
}

/// A clone is another grid: its changes are its own, so it gets its own identity.
impl Clone for Grid {
    fn clone(&self) -> Self {
        Grid {
            identity: NEXT_IDENTITY.fetch_add(1, Ordering::Relaxed),
            free: self.free.clone(),
            recent: self.recent.clone(),
            ..*self
        }
    }
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
        Ok(Grid::of_cells(width, height, free))
    }

    /// The grid of these cells, a new one: its own identity, no changes yet.
    fn of_cells(width: u32, height: u32, free: Vec<bool>) -> Grid {
        Grid {
            width,
            height,
            free,
            identity: NEXT_IDENTITY.fetch_add(1, Ordering::Relaxed),
            changes: 0,
            recent: Vec::new(),
        }
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
    ///
    /// A change (setting a cell to what it was is none) counts toward the grid's
    /// [`revision`](Self::revision) and is remembered for [`changes_since`](Self::changes_since).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid};
    ///
    /// let mut grid = Grid::new(4, 4);
    /// let before = grid.revision();
    /// grid.set_free(Cell::new(1, 2), false);
    /// grid.set_free(Cell::new(3, 3), true); // free already: no change
    /// assert_eq!(grid.revision().changes(), 1);
    /// let changed: Vec<Cell> = grid.changes_since(before).into_iter().flatten().collect();
    /// assert_eq!(changed, [Cell::new(1, 2)]);
    /// ```
    pub fn set_free(&mut self, cell: Cell, free: bool) {
        assert!(
            self.contains(cell),
            "{cell} is outside the {}×{} grid",
            self.width,
            self.height
        );
        let index = self.index(cell);
        if self.free[index] == free {
            return;
        }
        self.free[index] = free;
        if self.recent.len() < RECENT_CHANGES {
            self.recent.push(cell);
        } else {
            self.recent[(self.changes % RECENT_CHANGES as u64) as usize] = cell;
        }
        self.changes += 1;
    }

    /// This grid and the number of cells changed on it so far: equal revisions mean the same
    /// cells, so what was built from the grid at one revision is still right at an equal one.
    ///
    /// Revisions of different grids (a clone included) are never equal.
    pub fn revision(&self) -> GridRevision {
        GridRevision {
            identity: self.identity,
            changes: self.changes,
        }
    }

    /// The cells changed since `revision`, in the order they were changed (a cell changed twice
    /// is listed twice), or `None` if `revision` is of another grid, or more than
    /// [`RECENT_CHANGES`] changes old.
    ///
    /// # Complexity
    ///
    /// **O(1)**, and O(1) a cell listed.
    pub fn changes_since(&self, revision: GridRevision) -> Option<impl Iterator<Item = Cell> + '_> {
        let behind = self.changes.checked_sub(revision.changes)?;
        if revision.identity != self.identity || behind > RECENT_CHANGES as u64 {
            return None;
        }
        Some(
            (revision.changes..self.changes)
                .map(|n| self.recent[(n % RECENT_CHANGES as u64) as usize]),
        )
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
        self.check_end("start", start)?;
        self.check_end("goal", goal)?;
        Ok(GridProblem {
            grid: self,
            start,
            goals: goal,
            movement,
            blocked: &[],
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

impl Grid {
    /// [`neighbours`](Self::neighbours) with the cells of `blocked` blocked too: a
    /// query's own obstacles. Each test of a cell scans `blocked`, so this suits a few cells.
    #[cold]
    #[inline(never)]
    fn neighbours_avoiding(&self, cell: Cell, movement: Movement, blocked: &[Cell]) -> Neighbours {
        let free = |x: u32, y: u32| {
            let cell = Cell::new(x, y);
            self.is_free(cell) && !blocked.contains(&cell)
        };
        if !free(cell.x, cell.y) {
            return Neighbours { cell, steps: 0 };
        }
        let (x, y) = (cell.x, cell.y);
        let left = x > 0 && free(x - 1, y);
        let right = x.checked_add(1).is_some_and(|nx| free(nx, y));
        let up = y > 0 && free(x, y - 1);
        let down = y.checked_add(1).is_some_and(|ny| free(x, ny));
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
                if allowed && target.is_some_and(|(nx, ny)| free(nx, ny)) {
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

/// A query on a [`Grid`]: from a start cell to a goal cell with a [`Movement`], or to the
/// nearest of several goal cells.
///
/// Built by [`Grid::problem`] (one goal: `G` is [`Cell`]) or [`Grid::problem_to_nearest`]
/// (`G` is [`Nearest`]). States are [`Cell`]s, costs `f64`. [`with_blocked`](Self::with_blocked)
/// blocks cells for this query alone.
#[derive(Clone, Copy, Debug)]
pub struct GridProblem<'g, G = Cell> {
    grid: &'g Grid,
    start: Cell,
    goals: G,
    movement: Movement,
    /// Cells blocked for this query alone.
    blocked: &'g [Cell],
}

/// The goals of a [`GridProblem`]: a [`Cell`], or the [`Nearest`] of several. Sealed: the
/// searches rely on what these two do.
pub trait Goals: sealed::Goals {}

impl Goals for Cell {}

impl Goals for Nearest<'_> {}

/// Several goal cells, of which a search finds the nearest: the goals of a query made by
/// [`Grid::problem_to_nearest`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nearest<'g> {
    cells: &'g [Cell],
}

impl<'g> Nearest<'g> {
    /// The goal cells.
    pub fn cells(&self) -> &'g [Cell] {
        self.cells
    }
}

mod sealed {
    use super::Cell;

    /// What the searches ask of a query's goals.
    pub trait Goals: Copy + std::fmt::Debug {
        /// Whether `cell` is a goal.
        fn is_goal(&self, cell: Cell) -> bool;

        /// Every goal cell.
        fn cells(&self) -> &[Cell];

        /// Whether a search may stop a jump at the first goal it meets and look no further
        /// along it: with one goal, nothing beyond it is needed.
        const ONE: bool;
    }

    impl Goals for Cell {
        #[inline(always)]
        fn is_goal(&self, cell: Cell) -> bool {
            *self == cell
        }

        #[inline(always)]
        fn cells(&self) -> &[Cell] {
            std::slice::from_ref(self)
        }

        const ONE: bool = true;
    }

    impl Goals for super::Nearest<'_> {
        #[inline]
        fn is_goal(&self, cell: Cell) -> bool {
            self.cells.contains(&cell)
        }

        #[inline(always)]
        fn cells(&self) -> &[Cell] {
            self.cells
        }

        const ONE: bool = false;
    }
}

impl Grid {
    /// The search problem of going from `start` to the nearest of `goals` with `movement`: a
    /// search stops at the first goal it expands, which for [`astar`](crate::astar) with an
    /// admissible heuristic ([`GridProblem::octile`] here: the least octile distance to a
    /// goal) and for jump point search is a nearest one, at the least cost over the goals. As
    /// everywhere in the crate, several goals are a goal test that accepts each of them
    /// ([`SearchProblem::is_goal`]), and a backward search starts from all of them
    /// ([`Bidirectional::goals`]).
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::OutOfBounds`] or [`GridErrorKind::Blocked`] if the start or a goal is
    /// outside the grid or on a blocked cell, [`GridErrorKind::NoGoal`] if `goals` is empty.
    ///
    /// # Complexity
    ///
    /// **O(k)** for k goals; each goal test and each estimate of the search then costs O(k).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement};
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let exits = [Cell::new(5, 2), Cell::new(0, 2)];
    /// let problem = grid.problem_to_nearest(Cell::new(3, 0), &exits, Movement::Eight)?;
    /// let solution = informed::astar_with(&problem, problem.octile())?;
    /// assert_eq!(solution.path().last(), Some(&Cell::new(5, 2)));
    /// let jps = JumpPointSearcher::new(&grid).search(&problem)?;
    /// assert_eq!(jps.cost(), solution.cost());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn problem_to_nearest<'g>(
        &'g self,
        start: Cell,
        goals: &'g [Cell],
        movement: Movement,
    ) -> Result<GridProblem<'g, Nearest<'g>>, GridError> {
        if goals.is_empty() {
            return Err(GridError::new(GridErrorKind::NoGoal));
        }
        for (role, &cell) in
            std::iter::once(("start", &start)).chain(goals.iter().map(|c| ("goal", c)))
        {
            self.check_end(role, cell)?;
        }
        Ok(GridProblem {
            grid: self,
            start,
            goals: Nearest { cells: goals },
            movement,
            blocked: &[],
        })
    }

    /// Refuses a start or goal outside the grid or on a blocked cell.
    fn check_end(&self, role: &'static str, cell: Cell) -> Result<(), GridError> {
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
        Ok(())
    }
}

impl<'g, G: Goals> GridProblem<'g, G> {
    /// The grid searched.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The start cell.
    pub fn start(&self) -> Cell {
        self.start
    }

    /// The goals: a [`Cell`] or [`Nearest`].
    pub(crate) fn targets(&self) -> G {
        self.goals
    }

    /// The movement rule.
    pub fn movement(&self) -> Movement {
        self.movement
    }

    /// The same query with the cells of `blocked` blocked for it alone: units standing in the
    /// way, a door closed for this one search. Nothing is rebuilt: the grid is not changed, and
    /// [`astar`](crate::astar) and a [`JumpPointSearcher`] (whose bits and [`JumpTable`] stay
    /// as they are) treat these cells as walls, with the grid's rules for corners. Cells
    /// outside the grid or blocked already are allowed (and change nothing).
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::Blocked`] if the start or a goal is one of `blocked`.
    ///
    /// # Complexity
    ///
    /// **O(k × goals)** for k cells here; a search then pays O(k) for each cell it tests, so
    /// keep the set small (tens of cells).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement};
    ///
    /// let grid = Grid::from_ascii(".....\n.....\n.....")?;
    /// let open = grid.problem(Cell::new(0, 1), Cell::new(4, 1), Movement::Eight)?;
    /// // Two units stand in the middle column.
    /// let units = [Cell::new(2, 0), Cell::new(2, 1)];
    /// let crowded = open.with_blocked(&units)?;
    /// assert_eq!(informed::astar_with(&open, open.octile())?.cost(), 4.0);
    /// let around = informed::astar_with(&crowded, crowded.octile())?;
    /// assert!(around.cost() > 4.0);
    /// assert!(!around.path().iter().any(|cell| units.contains(cell)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_blocked<'b>(self, blocked: &'b [Cell]) -> Result<GridProblem<'b, G>, GridError>
    where
        'g: 'b,
    {
        let ends = std::iter::once(("start", &self.start)).chain(
            sealed::Goals::cells(&self.goals)
                .iter()
                .map(|c| ("goal", c)),
        );
        for (role, &cell) in ends {
            if blocked.contains(&cell) {
                return Err(GridError::new(GridErrorKind::Blocked { role, cell }));
            }
        }
        Ok(GridProblem {
            grid: self.grid,
            start: self.start,
            goals: self.goals,
            movement: self.movement,
            blocked,
        })
    }

    /// The cells blocked for this query alone (see [`with_blocked`](Self::with_blocked)).
    pub fn blocked(&self) -> &'g [Cell] {
        self.blocked
    }

    /// The free neighbours of `cell`, the query's own blocked cells apart.
    #[inline]
    fn neighbours(&self, cell: Cell) -> Neighbours {
        if self.blocked.is_empty() {
            self.grid.neighbours(cell, self.movement)
        } else {
            self.grid
                .neighbours_avoiding(cell, self.movement, self.blocked)
        }
    }
}

impl<'g> GridProblem<'g> {
    /// The goal cell.
    pub fn goal(&self) -> Cell {
        self.goals
    }

    /// The Manhattan distance to the goal: admissible and consistent for [`Movement::Four`]
    /// (it overestimates when diagonals are allowed).
    pub fn manhattan(&self) -> Manhattan {
        Manhattan::to(self.goals)
    }

    /// The octile distance to the goal: admissible and consistent for the eight-direction
    /// movements (and for [`Movement::Four`], where it is weaker than Manhattan).
    pub fn octile(&self) -> Octile {
        Octile::to(self.goals)
    }

    /// The straight-line distance to the goal: admissible and consistent for every movement,
    /// but weaker than the one made for it.
    pub fn euclidean(&self) -> Euclidean {
        Euclidean::to(self.goals)
    }
}

impl<'g> GridProblem<'g, Nearest<'g>> {
    /// The goal cells, of which a search finds the nearest.
    pub fn goals(&self) -> &'g [Cell] {
        self.goals.cells
    }

    /// The least octile distance to a goal: admissible and consistent for every movement (a
    /// minimum of consistent estimates is consistent), **O(k)** an estimate for k goals.
    pub fn octile(&self) -> NearestOctile<'g> {
        NearestOctile::to(self.goals.cells)
    }
}

/// Every movement rule is symmetric, so a grid searches backward with the same steps, from
/// every goal.
impl<G: Goals> Bidirectional for GridProblem<'_, G> {
    fn goals(&self) -> impl IntoIterator<Item = Cell> {
        sealed::Goals::cells(&self.goals).iter().copied()
    }

    #[inline]
    fn predecessors(&self, cell: &Cell) -> impl IntoIterator<Item = (Cell, f64)> {
        self.neighbours(*cell)
    }
}

/// Cells are numbered `y × width + x`, so the best-first searches keep their node table in
/// vectors, without hashing (see [`SearchProblem::index_bound`]).
impl<G: Goals> SearchProblem for GridProblem<'_, G> {
    type State = Cell;
    type Cost = f64;

    fn starts(&self) -> impl IntoIterator<Item = Cell> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, cell: &Cell) -> bool {
        sealed::Goals::is_goal(&self.goals, *cell)
    }

    #[inline]
    fn successors(&self, cell: &Cell) -> impl IntoIterator<Item = (Cell, f64)> {
        self.neighbours(*cell)
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
