//! Pictures of a search on a grid: which cells it expanded, in what order, its frontier and its
//! path, as text or SVG.
//!
//! The SVG draws each colour as one `<path>` in cell units under one scaling transform, rather
//! than one `<rect>` a cell or run at pixel positions rounded one by one. `crispEdges` is only a
//! hint: a renderer that antialiases anyway (or that scales the picture) gives each of two
//! abutting rectangles part of the pixel on their shared edge, and composited one after the
//! other they leave some of the background showing, a hairline seam at most zooms. The cells of
//! one path are covered together, so no seam can show inside a colour, and the edges two colours
//! share are the same numbers under the same transform.

use std::fmt::Write as _;

use super::{Cell, Grid};
use crate::observer::{Event, Observer};
use crate::solution::Stats;

/// The colours of pictures and replays, shared so that both read the same.
pub(crate) mod palette {
    /// Blocked cells.
    pub(crate) const WALL: &str = "#2b2b2b";
    /// Free cells nobody reached.
    pub(crate) const FREE: &str = "#fbfbf8";
    /// The first expanded cells (then shading towards [`EXPANDED_LATE`]).
    pub(crate) const EXPANDED_EARLY: (u8, u8, u8) = (255, 236, 170);
    /// The last expanded cells.
    pub(crate) const EXPANDED_LATE: (u8, u8, u8) = (230, 86, 20);
    /// Cells reached (on the open set), filled.
    pub(crate) const REACHED: &str = "#cfe6ff";
    /// The outline of reached cells.
    pub(crate) const REACHED_EDGE: &str = "#1f6fd1";
    /// The path.
    pub(crate) const PATH: &str = "#0a8f3c";
    /// The start cell.
    pub(crate) const START: &str = "#7b2cbf";
    /// The goal cell.
    pub(crate) const GOAL: &str = "#c0392b";
}

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
/// let solution = Search::new(&problem).observer(&mut recorder).astar_with(problem.manhattan())?;
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

/// How many shades of expansion order the SVG uses (one `<path>` each).
const SHADES: u32 = 16;

/// A drawing of a grid and, optionally, a search on it: walls, expanded cells shaded by
/// expansion order, the cells reached (the open set), the path, start and goal, with a legend.
///
/// # Example
///
/// ```
/// use informed::Search;
/// use informed::grid::{Cell, Grid, Movement, Picture, Recorder};
///
/// let grid = Grid::from_ascii("......\n.####.\n......")?;
/// let (start, goal) = (Cell::new(0, 1), Cell::new(5, 1));
/// let problem = grid.problem(start, goal, Movement::Four)?;
/// let mut recorder = Recorder::new();
/// let solution = Search::new(&problem).observer(&mut recorder).astar_with(problem.manhattan())?;
/// // After three expansions: no path yet, but start and goal are drawn all the same.
/// let early = Picture::new(&grid).search(&recorder, Some(3)).endpoints(start, goal);
/// let done = Picture::new(&grid)
///     .search(&recorder, None)
///     .path(solution.path())
///     .summary("A*", Some(solution.cost()), solution.stats());
/// let svg = Picture::side_by_side_svg(&[early, done], 24.0);
/// assert!(svg.contains("A*") && svg.contains("cost 7"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Picture<'g> {
    grid: &'g Grid,
    title: String,
    /// Per cell: the expansion number (first expansion), or `NOT_EXPANDED`.
    order: Vec<u32>,
    frontier: Vec<bool>,
    expanded: u32,
    path: Vec<Cell>,
    /// Start and goal, when set apart from the path's ends.
    endpoints: Option<(Cell, Cell)>,
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
            endpoints: None,
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

    /// Adds a path to draw (usually [`Solution::path`](crate::Solution::path)). Its ends are
    /// drawn as start and goal, unless [`endpoints`](Self::endpoints) set them.
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

    /// Sets the start and goal to mark, for a picture without a path (a search drawn part way,
    /// or one that found none).
    ///
    /// # Panics
    ///
    /// Panics if either cell is outside the grid, naming the cell.
    pub fn endpoints(mut self, start: Cell, goal: Cell) -> Self {
        self.check(start, "Picture::endpoints: start");
        self.check(goal, "Picture::endpoints: goal");
        self.endpoints = Some((start, goal));
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

    /// Sets a title, drawn above the SVG picture; a line break starts a second line.
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// Sets the title to the algorithm's name over its cost (`None`: no path) and its counts,
    /// e.g. "A*" over "cost 12 · 11 expanded · 25 generated · peak open 7".
    pub fn summary(
        self,
        algorithm: impl std::fmt::Display,
        cost: Option<f64>,
        stats: Stats,
    ) -> Self {
        let cost = cost.map_or_else(|| "no path".to_owned(), |c| format!("cost {}", round(c)));
        let title = format!(
            "{algorithm}\n{cost} · {} expanded · {} generated · peak open {}",
            stats.expanded, stats.generated, stats.max_open
        );
        self.title(title)
    }

    /// The start and goal to mark: those set, or else the path's ends.
    fn ends(&self) -> Option<(Cell, Cell)> {
        self.endpoints
            .or_else(|| Some((*self.path.first()?, *self.path.last()?)))
    }

    /// The picture as text, a character a cell: `#` wall, `.` free, `o` expanded, `+` frontier,
    /// `*` path, `S` and `G` start and goal.
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
        if let Some((start, goal)) = self.ends() {
            chars[self.grid.index(start)] = 'S';
            chars[self.grid.index(goal)] = 'G';
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

    /// Several pictures of grids next to each other in one SVG document, `cell` pixels a cell,
    /// over one legend: the way to compare two searches of the same map.
    ///
    /// Each panel is a `<g>` whose `data-left`, `data-top` and `data-cell` attributes give where
    /// its cell (0, 0) starts and the size of a cell, in the document's pixels.
    pub fn side_by_side_svg(pictures: &[Picture<'_>], cell: f64) -> String {
        let cell = if cell.is_finite() && cell > 0.0 {
            cell
        } else {
            1.0
        };
        let gap = 2.0 * cell.max(8.0);
        let lines = pictures
            .iter()
            .map(|p| p.title.lines().count())
            .max()
            .unwrap_or(0) as f64;
        let title_height = 8.0 + 18.0 * lines;
        let legend_height = 34.0;
        let panels: f64 = pictures
            .iter()
            .map(|p| f64::from(p.grid.width()) * cell + gap)
            .sum::<f64>()
            + gap;
        let width = panels.max(LEGEND_WIDTH + 2.0 * gap);
        let map_height = pictures
            .iter()
            .map(|p| f64::from(p.grid.height()) * cell)
            .fold(0.0, f64::max);
        let height = map_height + title_height + legend_height + 2.0 * gap;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        );
        let mut left = gap;
        for picture in pictures {
            picture.draw(&mut svg, left, gap + title_height, cell);
            left += f64::from(picture.grid.width()) * cell + gap;
        }
        legend(&mut svg, gap, gap + title_height + map_height + 10.0);
        svg.push_str("</svg>\n");
        svg
    }

    /// Draws this picture with its top-left corner at (`left`, `top`).
    fn draw(&self, svg: &mut String, left: f64, top: f64, cell: f64) {
        let (w, h) = (self.grid.width(), self.grid.height());
        let lines: Vec<&str> = self.title.lines().collect();
        let _ = writeln!(
            svg,
            "<g data-left=\"{left}\" data-top=\"{top}\" data-cell=\"{cell}\">"
        );
        for (i, line) in lines.iter().enumerate() {
            let y = top - 8.0 - 18.0 * (lines.len() - 1 - i) as f64;
            let (size, weight) = if i == 0 { (15, "bold") } else { (13, "normal") };
            let _ = writeln!(
                svg,
                "<text x=\"{left:.1}\" y=\"{y:.1}\" font-size=\"{size}\" font-weight=\"{weight}\">{}</text>",
                escape(line)
            );
        }
        // Everything in cell units: the cells of a colour are one path, and edges that two
        // colours share are the same numbers under the same transform (no seams).
        let _ = writeln!(
            svg,
            "<g transform=\"translate({left} {top}) scale({cell})\" shape-rendering=\"crispEdges\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
            palette::FREE
        );
        let width = w as usize;
        let walls = runs(w, h, |index| {
            !self
                .grid
                .is_free(Cell::new((index % width) as u32, (index / width) as u32))
        });
        fill(svg, &walls, &format!("fill=\"{}\"", palette::WALL));
        // Expanded cells, from pale (early) to deep (late), in a few shades.
        let last = self.expanded.max(2) - 1;
        let shade_of = |order: u32| -> u32 {
            if order == NOT_EXPANDED {
                SHADES
            } else {
                (u64::from(order) * u64::from(SHADES) / (u64::from(last) + 1)) as u32
            }
        };
        for shade in 0..SHADES {
            let cells = runs(w, h, |index| {
                !self.frontier[index] && shade_of(self.order[index]) == shade
            });
            if !cells.is_empty() {
                let colour = expanded_colour(f64::from(shade) / f64::from(SHADES - 1));
                fill(svg, &cells, &format!("fill=\"{}\"", rgb(colour)));
            }
        }
        let frontier = runs(w, h, |index| self.frontier[index]);
        if !frontier.is_empty() {
            let stroke = (cell / 8.0).max(0.5) / cell;
            fill(
                svg,
                &frontier,
                &format!(
                    "fill=\"{}\" stroke=\"{}\" stroke-width=\"{stroke:.3}\"",
                    palette::REACHED,
                    palette::REACHED_EDGE
                ),
            );
        }
        svg.push_str("</g>\n");
        let _ = writeln!(
            svg,
            "<rect x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#444\" \
             stroke-width=\"1\"/>",
            f64::from(w) * cell,
            f64::from(h) * cell
        );
        let _ = writeln!(
            svg,
            "<g transform=\"translate({left} {top}) scale({cell})\">"
        );
        if self.path.len() > 1 {
            let points: Vec<String> = self
                .path
                .iter()
                .map(|c| format!("{}.5,{}.5", c.x, c.y))
                .collect();
            let _ = writeln!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.3}\" \
                 stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
                points.join(" "),
                palette::PATH,
                (cell / 4.0).max(1.5) / cell
            );
        }
        if let Some((start, goal)) = self.ends() {
            let r = (cell * 0.4).max(2.0) / cell;
            for (c, colour, label) in [
                (start, palette::START, "start"),
                (goal, palette::GOAL, "goal"),
            ] {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{}.5\" cy=\"{}.5\" r=\"{r:.3}\" fill=\"{colour}\"><title>{label} {c}</title></circle>",
                    c.x, c.y
                );
            }
        }
        svg.push_str("</g></g>\n");
    }
}

/// The width the legend takes, in pixels.
const LEGEND_WIDTH: f64 = 500.0;

/// Draws the legend with its top-left corner at (`left`, `top`): each item a `<g>` whose
/// `data-legend` names it, its swatch 14 pixels square.
fn legend(svg: &mut String, left: f64, top: f64) {
    let _ = writeln!(svg, "<g font-size=\"13\">");
    let (early, late) = (expanded_colour(0.0), expanded_colour(1.0));
    let labels = [
        "wall",
        "expanded (early → late)",
        "reached",
        "path",
        "start",
        "goal",
    ];
    let mut x = left;
    for label in labels {
        let (cx, cy) = (x + 7.0, top + 7.0);
        let square = |colour: &str| {
            format!("<rect x=\"{x}\" y=\"{top}\" width=\"14\" height=\"14\" fill=\"{colour}\"/>")
        };
        let circle =
            |colour: &str| format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"6\" fill=\"{colour}\"/>");
        let shape = match label {
            "wall" => square(palette::WALL),
            "reached" => format!(
                "<rect x=\"{x}\" y=\"{top}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"{}\"/>",
                palette::REACHED,
                palette::REACHED_EDGE
            ),
            "path" => format!(
                "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"4\" fill=\"{}\"/>",
                top + 5.0,
                palette::PATH
            ),
            "start" => circle(palette::START),
            "goal" => circle(palette::GOAL),
            _ => format!(
                "<rect x=\"{x}\" y=\"{top}\" width=\"7\" height=\"14\" fill=\"{}\"/>\
                 <rect x=\"{cx}\" y=\"{top}\" width=\"7\" height=\"14\" fill=\"{}\"/>",
                rgb(early),
                rgb(late)
            ),
        };
        let _ = writeln!(
            svg,
            "<g data-legend=\"{label}\">{shape}<text x=\"{}\" y=\"{}\">{}</text></g>",
            x + 19.0,
            top + 12.0,
            escape(label)
        );
        x += 33.0 + 7.5 * label.chars().count() as f64;
    }
    svg.push_str("</g>\n");
}

/// A colour as CSS `rgb(r,g,b)`.
pub(crate) fn rgb((r, g, b): (u8, u8, u8)) -> String {
    format!("rgb({r},{g},{b})")
}

/// The colour of an expanded cell, `t` from 0 (first expanded) to 1 (last).
pub(crate) fn expanded_colour(t: f64) -> (u8, u8, u8) {
    let (a, b) = (palette::EXPANDED_EARLY, palette::EXPANDED_LATE);
    let mix = |a: u8, b: u8| {
        (f64::from(a) + (f64::from(b) - f64::from(a)) * t.clamp(0.0, 1.0)).round() as u8
    };
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The horizontal runs `(x, y, length)` of the cells of a `w`×`h` grid for which `chosen`
/// (given the cell's index) holds.
fn runs(w: u32, h: u32, chosen: impl Fn(usize) -> bool) -> Vec<(u32, u32, u32)> {
    let mut found = Vec::new();
    for y in 0..h {
        let row = y as usize * w as usize;
        let mut x = 0;
        while x < w {
            if !chosen(row + x as usize) {
                x += 1;
                continue;
            }
            let start = x;
            while x < w && chosen(row + x as usize) {
                x += 1;
            }
            found.push((start, y, x - start));
        }
    }
    found
}

/// One `<path>` of the `runs`, in cell units, with the attributes `style`.
fn fill(svg: &mut String, runs: &[(u32, u32, u32)], style: &str) {
    if runs.is_empty() {
        return;
    }
    svg.push_str("<path d=\"");
    for &(x, y, n) in runs {
        let _ = write!(svg, "M{x} {y}h{n}v1h-{n}z");
    }
    let _ = writeln!(svg, "\" {style}/>");
}

/// A cost for a title: whole numbers without decimals, others to four places.
fn round(cost: f64) -> String {
    if cost.fract() == 0.0 && cost.abs() < 1e15 {
        format!("{cost:.0}")
    } else {
        format!("{cost:.4}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
