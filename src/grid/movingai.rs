//! The Moving AI benchmark formats: `.map` grids and `.map.scen` scenario lists.

use std::path::Path;
use std::sync::Arc;

use super::error::read_text;
use super::{Cell, Grid, GridError, GridErrorKind, GridProblem, Movement, Rows};
use crate::location::{NumberedLines, excerpt, numbered_lines};

/// The next line of a `.map` header, which must be `name` followed by a value (or, for `map`,
/// nothing): the line's number, the line, and the value, trimmed.
fn header<'t>(
    lines: &mut NumberedLines<'t>,
    name: &str,
    expected: &'static str,
) -> Result<(usize, &'t str, &'t str), GridError> {
    let (number, line) = lines.next().unwrap_or((lines.number() + 1, ""));
    let trimmed = line.trim();
    let (word, value) = trimmed
        .split_once(char::is_whitespace)
        .map_or((trimmed, ""), |(word, value)| (word, value.trim()));
    let wants_value = name != "map";
    if word == name && value.is_empty() != wants_value {
        return Ok((number, line, value));
    }
    Err(bad_header(number, expected, line))
}

fn bad_header(number: usize, expected: &'static str, line: &str) -> GridError {
    GridError::new(GridErrorKind::BadHeader {
        expected,
        found: excerpt(line),
    })
    .at_line(number)
}

/// The next line of a `.map` header, `name N`: the number N.
fn header_number(
    lines: &mut NumberedLines<'_>,
    name: &str,
    expected: &'static str,
) -> Result<u32, GridError> {
    let (number, line, value) = header(lines, name, expected)?;
    value
        .parse::<u32>()
        .map_err(|_| bad_header(number, expected, line))
}

impl Grid {
    /// Parses a Moving AI `.map` file: the header `type T`, `height H`, `width W`, `map`, then H
    /// rows of W terrain characters (`.` `G` `S` free; `@` `O` `T` `W` blocked). Lines may end
    /// in `\n`, `\r\n` or `\r`; blank lines between rows are skipped.
    ///
    /// Takes memory in proportion to the text, whatever its header says: the grid is built row
    /// by row as the rows arrive, and their count is checked at the end.
    ///
    /// # Errors
    ///
    /// A [`GridError`] with the line number: [`GridErrorKind::BadHeader`],
    /// [`GridErrorKind::WrongRowLength`], [`GridErrorKind::WrongRowCount`],
    /// [`GridErrorKind::UnknownCharacter`], or [`GridErrorKind::TooLarge`] if the rows do not
    /// fit in memory.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid};
    ///
    /// let grid = Grid::parse_map("type octile\nheight 2\nwidth 3\nmap\n..@\n.T.\n")?;
    /// assert_eq!((grid.width(), grid.height()), (3, 2));
    /// assert!(!grid.is_free(Cell::new(2, 0)));
    /// let error = Grid::parse_map("type octile\nheight 2\nwidth 3\nmap\n..@\n").unwrap_err();
    /// assert_eq!(error.to_string(), "line 5: 1 rows, but the header says height 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_map(text: &str) -> Result<Grid, GridError> {
        let mut lines = numbered_lines(text);
        header(&mut lines, "type", "type T")?;
        let height = header_number(&mut lines, "height", "height H")?;
        let width = header_number(&mut lines, "width", "width W")?;
        let (map_line, _, _) = header(&mut lines, "map", "map")?;
        if (width as usize).checked_mul(height as usize).is_none() {
            return Err(GridError::new(GridErrorKind::TooLarge {
                width: width as usize,
                height: height as usize,
            })
            .at_line(map_line));
        }
        let mut rows = Rows::new(width, Some(height));
        for (number, line) in lines.by_ref() {
            if line.trim().is_empty() {
                continue;
            }
            if rows.count() == height {
                return Err(GridError::new(GridErrorKind::WrongRowCount {
                    expected: height,
                    found: height.saturating_add(1),
                })
                .at_line(number));
            }
            rows.push(line).map_err(|e| e.at_line(number))?;
        }
        if rows.count() != height {
            return Err(GridError::new(GridErrorKind::WrongRowCount {
                expected: height,
                found: rows.count(),
            })
            .at_line(lines.number().max(1)));
        }
        Ok(rows.finish())
    }

    /// Reads and parses a Moving AI `.map` file (see [`Grid::parse_map`]).
    ///
    /// # Errors
    ///
    /// As for [`Grid::parse_map`], with the file's path, or [`GridErrorKind::Io`] if it cannot
    /// be read.
    pub fn load_map(path: impl AsRef<Path>) -> Result<Grid, GridError> {
        let path = path.as_ref();
        Grid::parse_map(&read_text(path)?).map_err(|e| e.in_file(path))
    }
}

/// One problem of a Moving AI scenario file: a start, a goal and the optimal path length for
/// 8-connected movement without corner cutting ([`Movement::Eight`](super::Movement::Eight)).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    bucket: u32,
    map: Arc<str>,
    width: u32,
    height: u32,
    start: Cell,
    goal: Cell,
    optimal: f64,
    decimals: u32,
    /// The line the scenario was read from (from 1), and the file, for errors found later.
    line: usize,
    file: Option<Arc<Path>>,
}

impl Scenario {
    /// Parses a `.map.scen` file: a `version 1` line (or `version 1.0`), then one problem a
    /// line with nine fields separated by tabs or spaces: bucket, map file, map width, map
    /// height, start x, start y, goal x, goal y, optimal length. Lines may end in `\n`, `\r\n`
    /// or `\r`; blank lines are skipped.
    ///
    /// Takes memory in proportion to the text (scenarios naming the same map as the one before
    /// share its name).
    ///
    /// # Errors
    ///
    /// A [`GridError`] with the line number: [`GridErrorKind::BadHeader`] for a missing or
    /// unknown version line, [`GridErrorKind::WrongFieldCount`] and
    /// [`GridErrorKind::BadField`] for bad problems, [`GridErrorKind::OutOfBounds`] for a start
    /// or goal outside the map size the line gives.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Scenario};
    ///
    /// let scenarios = Scenario::parse_all("version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n")?;
    /// assert_eq!(scenarios[0].start(), Cell::new(1, 11));
    /// assert!(scenarios[0].accepts(Some(1.0)));
    /// let error = Scenario::parse_all("version 2\n").unwrap_err();
    /// assert_eq!(error.to_string(), "line 1: expected header `version 1`, found \"version 2\"");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_all(text: &str) -> Result<Vec<Scenario>, GridError> {
        let mut lines = numbered_lines(text);
        let (_, first) = lines.next().unwrap_or((1, ""));
        let mut words = first.split_whitespace();
        let known = words.next() == Some("version")
            && matches!(words.next(), Some("1" | "1.0"))
            && words.next().is_none();
        if !known {
            return Err(GridError::new(GridErrorKind::BadHeader {
                expected: "version 1",
                found: excerpt(first),
            })
            .at_line(1));
        }
        let mut scenarios: Vec<Scenario> = Vec::new();
        for (number, line) in lines.filter(|(_, line)| !line.trim().is_empty()) {
            let previous = scenarios.last().map(|s| &s.map);
            let scenario =
                Scenario::parse_line(line, number, previous).map_err(|e| e.at_line(number))?;
            scenarios.push(scenario);
        }
        Ok(scenarios)
    }

    /// One problem line; `previous` is the map name of the line before, to share if it is the
    /// same.
    fn parse_line(
        line: &str,
        line_number: usize,
        previous: Option<&Arc<str>>,
    ) -> Result<Scenario, GridError> {
        let mut fields = [""; 9];
        let mut found = 0;
        for field in line.split_whitespace() {
            if let Some(slot) = fields.get_mut(found) {
                *slot = field;
            }
            found += 1;
        }
        if found != fields.len() {
            return Err(GridError::new(GridErrorKind::WrongFieldCount { found }));
        }
        let bad = |field: &'static str, text: &str| {
            GridError::new(GridErrorKind::BadField {
                field,
                text: excerpt(text),
            })
        };
        let number = |index: usize, field: &'static str| {
            fields[index]
                .parse::<u32>()
                .map_err(|_| bad(field, fields[index]))
        };
        let optimal_text = fields[8];
        let optimal = optimal_text
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| bad("optimal length", optimal_text))?;
        let decimals = optimal_text
            .split_once('.')
            .map_or(0, |(_, fraction)| fraction.len().min(16) as u32);
        let map = match previous {
            Some(name) if **name == *fields[1] => Arc::clone(name),
            _ => Arc::from(fields[1]),
        };
        let scenario = Scenario {
            bucket: number(0, "bucket")?,
            map,
            width: number(2, "map width")?,
            height: number(3, "map height")?,
            start: Cell::new(number(4, "start x")?, number(5, "start y")?),
            goal: Cell::new(number(6, "goal x")?, number(7, "goal y")?),
            optimal,
            decimals,
            line: line_number,
            file: None,
        };
        for (role, cell) in [("start", scenario.start), ("goal", scenario.goal)] {
            if cell.x >= scenario.width || cell.y >= scenario.height {
                return Err(GridError::new(GridErrorKind::OutOfBounds {
                    role,
                    cell,
                    width: scenario.width,
                    height: scenario.height,
                }));
            }
        }
        Ok(scenario)
    }

    /// Reads and parses a `.map.scen` file (see [`Scenario::parse_all`]).
    ///
    /// # Errors
    ///
    /// As for [`Scenario::parse_all`], with the file's path, or [`GridErrorKind::Io`].
    pub fn load_all(path: impl AsRef<Path>) -> Result<Vec<Scenario>, GridError> {
        let path = path.as_ref();
        let mut scenarios = Scenario::parse_all(&read_text(path)?).map_err(|e| e.in_file(path))?;
        let file: Arc<Path> = Arc::from(path);
        for scenario in &mut scenarios {
            scenario.file = Some(Arc::clone(&file));
        }
        Ok(scenarios)
    }

    /// The scenario's query on `grid`, 8-connected without corner cutting, as the benchmarks
    /// define it.
    ///
    /// # Errors
    ///
    /// A [`GridError`] naming the scenario's file (if it was loaded from one) and line:
    /// [`GridErrorKind::MapSizeMismatch`] if `grid` is not the size the scenario gives, or
    /// [`GridErrorKind::Blocked`] / [`GridErrorKind::OutOfBounds`] for its start or goal.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Grid, Scenario};
    ///
    /// let grid = Grid::from_ascii("..@\n...")?;
    /// let scenarios = Scenario::parse_all("version 1\n0 m.map 3 2 0 0 2 1 2.41421356\n0 m.map 3 2 0 0 2 0 2\n")?;
    /// assert!(scenarios[0].problem(&grid).is_ok());
    /// let error = scenarios[1].problem(&grid).unwrap_err();
    /// assert_eq!(error.to_string(), "line 3: goal (2, 0) is blocked");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn problem<'g>(&self, grid: &'g Grid) -> Result<GridProblem<'g>, GridError> {
        let locate = |error: GridError| match &self.file {
            Some(file) => error.at_line(self.line).in_file(file),
            None => error.at_line(self.line),
        };
        if (grid.width(), grid.height()) != (self.width, self.height) {
            return Err(locate(GridError::new(GridErrorKind::MapSizeMismatch {
                map: (grid.width(), grid.height()),
                scenario: (self.width, self.height),
            })));
        }
        grid.problem(self.start, self.goal, Movement::Eight)
            .map_err(locate)
    }

    /// The line of the file the scenario was read from (from 1).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The difficulty bucket.
    pub fn bucket(&self) -> u32 {
        self.bucket
    }

    /// The map's file name as the scenario gives it (sometimes with a directory).
    pub fn map(&self) -> &str {
        &self.map
    }

    /// The map's width and height as the scenario gives them.
    pub fn map_size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The start cell.
    pub fn start(&self) -> Cell {
        self.start
    }

    /// The goal cell.
    pub fn goal(&self) -> Cell {
        self.goal
    }

    /// The optimal length the file gives.
    pub fn optimal(&self) -> f64 {
        self.optimal
    }

    /// Whether the scenario expects a path: some files give length 0 for a start and goal that
    /// are not connected.
    pub fn expects_path(&self) -> bool {
        self.optimal > 0.0 || self.start == self.goal
    }

    /// How far a computed length may be from [`optimal`](Self::optimal): 1e-4, or one unit of the
    /// last digit the file gives where that is coarser (the files range from 8 decimals to 0).
    pub fn tolerance(&self) -> f64 {
        10f64.powi(-(self.decimals as i32)).max(1e-4)
    }

    /// Whether a search's answer — `Some(cost)`, or `None` for no path — agrees with the file.
    pub fn accepts(&self, cost: Option<f64>) -> bool {
        match cost {
            Some(cost) => self.expects_path() && (cost - self.optimal).abs() <= self.tolerance(),
            None => !self.expects_path(),
        }
    }
}
