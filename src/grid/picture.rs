//! Pictures of a search on a grid: which cells it expanded, in what order, its frontier and its
//! path, as text or SVG.

use std::fmt::Write as _;

use super::{Cell, Grid};
use crate::observer::{Event, Observer};

/// One recorded step of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The cell entered the open set (generated, or reopened).
    Opened,
    /// The cell was expanded.
    Expanded,
}

/// An [`Observer`] that records a grid search, for drawing it with [`Picture`].
///
/// # Example
///
/// ```
/// use informed::Search;
/// use informed::grid::{Cell, Grid, Movement, Picture, Recorder};
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let problem = grid.problem(Cell::new(0, 0), Cell::new(3, 2), Movement::Four)?;
/// let mut recorder = Recorder::new();
/// let solution = Search::new(&problem).observer(&mut recorder).astar(problem.manhattan())?;
/// let picture = Picture::new(&grid).search(&recorder, None).path(solution.path());
/// println!("{}", picture.to_text());
/// assert_eq!(recorder.expansions(), solution.stats().expanded as usize);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    steps: Vec<(Cell, Step)>,
    expansions: usize,
}

impl Recorder {
    /// An empty recorder.
    pub fn new() -> Self {
        Recorder::default()
    }

    /// The number of expansions recorded.
    pub fn expansions(&self) -> usize {
        self.expansions
    }

    /// The expanded cells, in order (a reopened cell appears each time it is expanded).
    pub fn expanded(&self) -> impl Iterator<Item = Cell> + '_ {
        self.steps
            .iter()
            .filter(|(_, step)| *step == Step::Expanded)
            .map(|(cell, _)| *cell)
    }
}

impl<C> Observer<Cell, C> for Recorder {
    fn observe(&mut self, event: Event<'_, Cell, C>) {
        match event {
            Event::Generate { state, .. } | Event::Reopen { state, .. } => {
                self.steps.push((*state, Step::Opened));
            }
            Event::Expand { state, .. } => {
                self.steps.push((*state, Step::Expanded));
                self.expansions += 1;
            }
            _ => {}
        }
    }
}

const NOT_EXPANDED: u32 = u32::MAX;

/// A drawing of a grid and, optionally, a search on it: walls, expanded cells shaded by
/// expansion order, the frontier (the open set), the path, start and goal.
#[derive(Clone, Debug)]
pub struct Picture<'g> {
    grid: &'g Grid,
    title: String,
    /// Per cell: the expansion number (first expansion), or `NOT_EXPANDED`.
    order: Vec<u32>,
    frontier: Vec<bool>,
    expanded: u32,
    path: Vec<Cell>,
}

impl<'g> Picture<'g> {
    /// A picture of `grid` alone.
    pub fn new(grid: &'g Grid) -> Self {
        let cells = grid.width() as usize * grid.height() as usize;
        Picture {
            grid,
            title: String::new(),
            order: vec![NOT_EXPANDED; cells],
            frontier: vec![false; cells],
            expanded: 0,
            path: Vec::new(),
        }
    }

    /// Adds the search `recorder` recorded, as it stood after `after` expansions (all of it for
    /// `None`): the cells expanded by then, and the frontier at that moment.
    ///
    /// # Panics
    ///
    /// Panics if the recorder holds a cell outside the grid (it recorded a search of another
    /// grid), naming the cell.
    pub fn search(mut self, recorder: &Recorder, after: Option<usize>) -> Self {
        let limit = after.unwrap_or(usize::MAX);
        let mut count = 0u32;
        for &(cell, step) in &recorder.steps {
            self.check(cell, "Picture::search: the recorder's cell");
            let index = self.grid.index(cell);
            match step {
                Step::Opened => self.frontier[index] = true,
                Step::Expanded => {
                    if count as usize == limit {
                        break;
                    }
                    self.frontier[index] = false;
                    if self.order[index] == NOT_EXPANDED {
                        self.order[index] = count;
                    }
                    count += 1;
                }
            }
        }
        self.expanded = count;
        self
    }

    /// Adds a path to draw (usually [`Solution::path`](crate::Solution::path)).
    ///
    /// # Panics
    ///
    /// Panics if a cell of the path is outside the grid, naming the cell.
    pub fn path(mut self, path: &[Cell]) -> Self {
        for &cell in path {
            self.check(cell, "Picture::path: cell");
        }
        self.path = path.to_vec();
        self
    }

    /// Panics, saying `what` and the cell, unless `cell` is on the grid.
    fn check(&self, cell: Cell, what: &str) {
        assert!(
            self.grid.contains(cell),
            "{what} {cell} is outside the {}×{} grid",
            self.grid.width(),
            self.grid.height()
        );
    }

    /// Sets a title, drawn above the SVG picture.
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// The picture as text, a character a cell: `#` wall, `.` free, `o` expanded, `+` frontier,
    /// `*` path, `S` and `G` the path's ends.
    pub fn to_text(&self) -> String {
        let width = self.grid.width() as usize;
        let mut chars: Vec<char> = (0..self.order.len())
            .map(|index| {
                let cell = Cell::new((index % width) as u32, (index / width) as u32);
                if !self.grid.is_free(cell) {
                    '#'
                } else if self.frontier[index] {
                    '+'
                } else if self.order[index] != NOT_EXPANDED {
                    'o'
                } else {
                    '.'
                }
            })
            .collect();
        for &cell in &self.path {
            chars[self.grid.index(cell)] = '*';
        }
        if let (Some(first), Some(last)) = (self.path.first(), self.path.last()) {
            chars[self.grid.index(*first)] = 'S';
            chars[self.grid.index(*last)] = 'G';
        }
        let mut text = String::new();
        for row in chars.chunks(width.max(1)) {
            text.extend(row);
            text.push('\n');
        }
        text
    }

    /// The picture as a standalone SVG document, `cell` pixels a cell.
    pub fn to_svg(&self, cell: f64) -> String {
        Picture::side_by_side_svg(std::slice::from_ref(self), cell)
    }

    /// Several pictures of grids next to each other in one SVG document, `cell` pixels a cell:
    /// the way to compare two searches of the same map.
    pub fn side_by_side_svg(pictures: &[Picture<'_>], cell: f64) -> String {
        let gap = 2.0 * cell.max(8.0);
        let title_height = 28.0;
        let width: f64 = pictures
            .iter()
            .map(|p| f64::from(p.grid.width()) * cell + gap)
            .sum::<f64>()
            + gap;
        let height = pictures
            .iter()
            .map(|p| f64::from(p.grid.height()) * cell)
            .fold(0.0, f64::max)
            + title_height
            + 2.0 * gap;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.1} {height:.1}\" font-family=\"sans-serif\" \
             shape-rendering=\"crispEdges\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        );
        let mut left = gap;
        for picture in pictures {
            picture.draw(&mut svg, left, gap + title_height, cell);
            left += f64::from(picture.grid.width()) * cell + gap;
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// Draws this picture with its top-left corner at (`left`, `top`).
    fn draw(&self, svg: &mut String, left: f64, top: f64, cell: f64) {
        let (w, h) = (self.grid.width(), self.grid.height());
        let title = escape(&self.title);
        let _ = writeln!(
            svg,
            "<g><text x=\"{left:.1}\" y=\"{:.1}\" font-size=\"16\">{title}</text>",
            top - 10.0
        );
        let _ = writeln!(
            svg,
            "<rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#fbfbf8\" \
             stroke=\"#444\" stroke-width=\"1\"/>",
            f64::from(w) * cell,
            f64::from(h) * cell
        );
        let rect = |svg: &mut String, x: u32, y: u32, run: u32, style: &str| {
            let _ = writeln!(
                svg,
                "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{cell:.2}\" {style}/>",
                left + f64::from(x) * cell,
                top + f64::from(y) * cell,
                f64::from(run) * cell
            );
        };
        // Walls, one rectangle per horizontal run, so that large maps stay small files.
        for y in 0..h {
            let mut x = 0;
            while x < w {
                if self.grid.is_free(Cell::new(x, y)) {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < w && !self.grid.is_free(Cell::new(x, y)) {
                    x += 1;
                }
                rect(svg, start, y, x - start, "fill=\"#2b2b2b\"");
            }
        }
        // Expanded cells, from pale (early) to deep (late).
        let last = self.expanded.max(2) - 1;
        for (index, &order) in self.order.iter().enumerate() {
            if order == NOT_EXPANDED {
                continue;
            }
            let t = f64::from(order) / f64::from(last);
            let (r, g, b) = (255.0 - 25.0 * t, 236.0 - 150.0 * t, 170.0 - 150.0 * t);
            let (x, y) = ((index as u32) % w, (index as u32) / w);
            rect(svg, x, y, 1, &format!("fill=\"rgb({r:.0},{g:.0},{b:.0})\""));
        }
        // The frontier, outlined.
        for (index, _) in self.frontier.iter().enumerate().filter(|(_, open)| **open) {
            let (x, y) = ((index as u32) % w, (index as u32) / w);
            rect(
                svg,
                x,
                y,
                1,
                &format!(
                    "fill=\"#dcefff\" stroke=\"#1f6fd1\" stroke-width=\"{:.2}\"",
                    (cell / 8.0).max(0.5)
                ),
            );
        }
        let centre = |c: Cell| {
            (
                left + (f64::from(c.x) + 0.5) * cell,
                top + (f64::from(c.y) + 0.5) * cell,
            )
        };
        if self.path.len() > 1 {
            let points: Vec<String> = self
                .path
                .iter()
                .map(|&c| {
                    let (x, y) = centre(c);
                    format!("{x:.2},{y:.2}")
                })
                .collect();
            let _ = writeln!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"#0a8f3c\" stroke-width=\"{:.2}\" \
                 stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
                points.join(" "),
                (cell / 4.0).max(1.5)
            );
        }
        for (c, colour, label) in self
            .path
            .first()
            .map(|&c| (c, "#0a8f3c", "S"))
            .into_iter()
            .chain(self.path.last().map(|&c| (c, "#c0392b", "G")))
        {
            let (x, y) = centre(c);
            let _ = writeln!(
                svg,
                "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{:.2}\" fill=\"{colour}\"><title>{label} {c}</title></circle>",
                (cell * 0.4).max(2.0)
            );
        }
        svg.push_str("</g>\n");
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
