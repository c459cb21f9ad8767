//! Errors from reading maps and scenarios, and from posing queries on a grid.

use std::fmt;
use std::path::Path;

use super::Cell;
use crate::location::Located;

/// What was wrong with a map, a scenario or a query. See [`GridError`] for where.
#[derive(Debug)]
#[non_exhaustive]
pub enum GridErrorKind {
    /// The file could not be read.
    Io(std::io::Error),
    /// A picture or map with no rows.
    Empty,
    /// A header line of a `.map` file is not the one expected there.
    BadHeader {
        /// What the line should say, such as `height H`.
        expected: &'static str,
        /// What it says.
        found: String,
    },
    /// A row whose length differs from the map's width.
    WrongRowLength {
        /// The row (0 at the top of the map).
        row: u32,
        /// The width.
        expected: u32,
        /// The row's length, in characters.
        found: u32,
        /// How many of those characters are whitespace at the end of the row (invisible in
        /// most editors, and a common cause of this error).
        trailing_whitespace: u32,
    },
    /// A grid whose cells do not fit in memory.
    TooLarge {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// The map has fewer or more rows than its header says.
    WrongRowCount {
        /// The height from the header.
        expected: u32,
        /// The rows found.
        found: u32,
    },
    /// A character that is no known terrain.
    UnknownCharacter {
        /// The character.
        character: char,
        /// Its column.
        column: u32,
    },
    /// A `0` in a weighted grid's picture: step costs are 1 to 9 there (a wall is `#`).
    ZeroCost {
        /// Its column.
        column: u32,
    },
    /// Cost 0 given to [`WeightedGrid::try_set_cost`](super::WeightedGrid::try_set_cost):
    /// step costs are at least 1, and a wall is made with
    /// [`set_wall`](super::WeightedGrid::set_wall) (many maps write 0 for "impassable").
    ZeroCostAt {
        /// The cell.
        cell: Cell,
    },
    /// A scenario line without the nine fields it needs.
    WrongFieldCount {
        /// The fields found.
        found: usize,
    },
    /// A field of a scenario line that does not parse.
    BadField {
        /// The field's name.
        field: &'static str,
        /// Its text.
        text: String,
    },
    /// A start, a goal or a cell to change outside the grid.
    OutOfBounds {
        /// `"start"` or `"goal"` (of a query), `"target"` (of a [`FlowField`](super::FlowField)),
        /// or `"cell"` for a cell to change.
        role: &'static str,
        /// The cell.
        cell: Cell,
        /// The grid's width.
        width: u32,
        /// The grid's height.
        height: u32,
    },
    /// A scenario's map size differs from the map it is run on.
    MapSizeMismatch {
        /// The map's width and height.
        map: (u32, u32),
        /// The width and height the scenario gives.
        scenario: (u32, u32),
    },
    /// A start or goal on a blocked cell.
    Blocked {
        /// `"start"` or `"goal"` (of a query), or `"target"` (of a [`FlowField`](super::FlowField)).
        role: &'static str,
        /// The cell.
        cell: Cell,
    },
    /// A query for the nearest of several goals ([`Grid::problem_to_nearest`]) given none.
    ///
    /// [`Grid::problem_to_nearest`]: super::Grid::problem_to_nearest
    NoGoal,
}

impl fmt::Display for GridErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridErrorKind::Io(error) => write!(f, "cannot read: {error}"),
            GridErrorKind::Empty => f.write_str("no rows"),
            GridErrorKind::BadHeader { expected, found } => {
                write!(f, "expected header `{expected}`, found {found:?}")
            }
            GridErrorKind::WrongRowLength {
                row,
                expected,
                found,
                trailing_whitespace,
            } => {
                write!(f, "row {row} has {found} cells, expected {expected}")?;
                if *trailing_whitespace > 0 {
                    write!(f, " ({trailing_whitespace} of them trailing whitespace)")?;
                }
                Ok(())
            }
            GridErrorKind::TooLarge { width, height } => {
                write!(f, "a {width}×{height} grid does not fit in memory")
            }
            GridErrorKind::WrongRowCount { expected, found } => {
                write!(f, "{found} rows, but the header says height {expected}")
            }
            GridErrorKind::UnknownCharacter { character, column } => {
                write!(f, "unknown terrain {character:?} in column {column}")
            }
            GridErrorKind::ZeroCost { column } => write!(
                f,
                "cost 0 in column {column}: step costs are 1 to 9, and `#` is a wall"
            ),
            GridErrorKind::ZeroCostAt { cell } => write!(
                f,
                "cost 0 for {cell}: step costs are 1 to 255; \
                 to make an impassable cell, use set_wall"
            ),
            GridErrorKind::WrongFieldCount { found } => {
                write!(f, "{found} fields, expected 9")
            }
            GridErrorKind::BadField { field, text } => write!(f, "bad {field}: {text:?}"),
            GridErrorKind::OutOfBounds {
                role,
                cell,
                width,
                height,
            } => write!(f, "{role} {cell} is outside the {width}×{height} grid"),
            GridErrorKind::MapSizeMismatch { map, scenario } => write!(
                f,
                "the map is {}×{} but the scenario is for a {}×{} map",
                map.0, map.1, scenario.0, scenario.1
            ),
            GridErrorKind::Blocked { role, cell } => write!(f, "{role} {cell} is blocked"),
            GridErrorKind::NoGoal => f.write_str("no goal cells: the nearest of none is no query"),
        }
    }
}

/// An error reading a map or scenario, or posing a query: what was wrong and, where known, the
/// file and line.
///
/// Its `Display` reads `FILE:LINE: what was wrong`, as compilers print it. Its `Debug`, which
/// `main` prints for an error returned through `?`, leads with that message and then gives the
/// [`kind`](Self::kind) and whichever of the file and line are known:
/// `GridError { message: "goal (3, 4) is blocked", kind: Blocked { role: "goal", cell: Cell {
/// x: 3, y: 4 } } }`.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// let grid = Grid::from_ascii("..\n.#")?;
/// let error = grid.problem(Cell::new(0, 0), Cell::new(1, 1), Movement::Four).unwrap_err();
/// assert_eq!(error.to_string(), "goal (1, 1) is blocked");
/// assert!(format!("{error:?}").starts_with(r#"GridError { message: "goal (1, 1) is blocked""#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GridError(Located<GridErrorKind>);

impl fmt::Debug for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("GridError");
        debug
            .field("message", &self.to_string())
            .field("kind", self.kind());
        if let Some(file) = self.file() {
            debug.field("file", &file);
        }
        if let Some(line) = self.line() {
            debug.field("line", &line);
        }
        debug.finish()
    }
}

impl GridError {
    pub(crate) fn new(kind: GridErrorKind) -> Self {
        GridError(Located::new(kind))
    }

    pub(crate) fn at_line(self, line: usize) -> Self {
        GridError(self.0.at_line(line))
    }

    pub(crate) fn in_file(self, file: &Path) -> Self {
        GridError(self.0.in_file(file))
    }

    /// What was wrong.
    pub fn kind(&self) -> &GridErrorKind {
        self.0.kind()
    }

    /// The file, for errors from a file.
    pub fn file(&self) -> Option<&Path> {
        self.0.file()
    }

    /// The line (from 1), for errors in a text.
    pub fn line(&self) -> Option<usize> {
        self.0.line()
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for GridError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self.kind() {
            GridErrorKind::Io(error) => Some(error),
            _ => None,
        }
    }
}

/// Reads the text file at `path`, or says why it cannot.
pub(super) fn read_text(path: &Path) -> Result<String, GridError> {
    crate::location::read_text(path, GridErrorKind::Io).map_err(GridError)
}
