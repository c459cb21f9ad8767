//! Pictures of a search on a grid (a [`Grid`](super::Grid) or a
//! [`WeightedGrid`](super::WeightedGrid), its costs shaded): which cells it expanded, in what
//! order, its frontier and its path, as text or SVG.
//!
//! The SVG draws each colour as one `<path>` in cell units under one scaling transform, rather
//! than one `<rect>` a cell or run at pixel positions rounded one by one. `crispEdges` is only a
//! hint: a renderer that antialiases anyway (or that scales the picture) gives each of two
//! abutting rectangles part of the pixel on their shared edge, and composited one after the
//! other they leave some of the background showing, a hairline seam at most zooms. The cells of
//! one path are covered together, so no seam can show inside a colour, and the edges two colours
//! share are the same numbers under the same transform.

use std::fmt::Write as _;

use super::Cell;
use super::jps::turn;
use super::terrain::{GridMap, MapRef};
use crate::observer::{Event, Observer};
use crate::progress::Stats;
use crate::replay::palette::{self, expanded_colour, on_terrain, rgb};
use crate::replay::picture::{MAX_CELL_PIXELS, common_swatch, escape, legend_item, summary_title};

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
    /// The jumps: a cell opened from a parent that is not its neighbour (jump point search),
    /// with the number of expansions before it.
    jumps: Vec<(Cell, Cell, usize)>,
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

impl Recorder {
    /// Notes a jump, if `parent` is no neighbour of `cell`.
    fn jump(&mut self, parent: Option<&Cell>, cell: Cell) {
        if let Some(&parent) = parent {
            if parent.x.abs_diff(cell.x) > 1 || parent.y.abs_diff(cell.y) > 1 {
                self.jumps.push((parent, cell, self.expansions));
            }
        }
    }
}

impl<C> Observer<Cell, C> for Recorder {
    fn observe(&mut self, event: Event<'_, Cell, C>) {
        match event {
            Event::Generate { state, parent, .. } => {
                self.steps.push((*state, Step::Opened));
                self.jump(parent, *state);
            }
            Event::Reopen { state, parent, .. } => {
                self.steps.push((*state, Step::Opened));
                self.jump(Some(parent), *state);
            }
            Event::DecreaseKey { state, parent, .. } => self.jump(Some(parent), *state),
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
/// It draws a [`Grid`](super::Grid) or a [`WeightedGrid`](super::WeightedGrid); on a weighted
/// grid, each cost has a shade (pale for the cheapest, browner for dearer), which still shows
/// under the cells the search reached, and the legend lists the costs.
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
///
/// A weighted grid, with its costs in the legend:
///
/// ```
/// use informed::Search;
/// use informed::grid::{Cell, Movement, Picture, Recorder, WeightedGrid};
///
/// let grid = WeightedGrid::from_ascii("1111\n1991\n1111")?;
/// let problem = grid.problem(Cell::new(0, 1), Cell::new(3, 1), Movement::Four)?;
/// let mut recorder = Recorder::new();
/// let solution = Search::new(&problem).observer(&mut recorder).astar_with(problem.manhattan())?;
/// let svg = Picture::new(&grid).search(&recorder, None).path(solution.path()).to_svg(20.0);
/// assert!(svg.contains("data-legend=\"cost 9\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Picture<'g> {
    map: MapRef<'g>,
    title: String,
    /// Per cell: the expansion number (first expansion), or `NOT_EXPANDED`.
    order: Vec<u32>,
    frontier: Vec<bool>,
    expanded: u32,
    path: Vec<Cell>,
    /// The jumps of a jump point search, each a line of cells (or two, at a turn).
    jumps: Vec<(Cell, Cell)>,
    /// Start and goal, when set apart from the path's ends.
    endpoints: Option<(Cell, Cell)>,
}

impl<'g> Picture<'g> {
    /// A picture of `grid` alone: a [`Grid`](super::Grid) or a
    /// [`WeightedGrid`](super::WeightedGrid).
    pub fn new<M: GridMap + ?Sized>(grid: &'g M) -> Self {
        let map = grid.map();
        Picture {
            map,
            title: String::new(),
            order: vec![NOT_EXPANDED; map.cells()],
            frontier: vec![false; map.cells()],
            expanded: 0,
            path: Vec::new(),
            jumps: Vec::new(),
            endpoints: None,
        }
    }

    /// Adds the search `recorder` recorded, as it stood after `after` expansions (all of it for
    /// `None`): the cells expanded by then, and the frontier at that moment. For a jump point
    /// search ([`JumpPointSearcher`](super::JumpPointSearcher)), whose successors lie a jump
    /// away, it also draws each jump: a line from a jump point to each point its jumps found
    /// (turning where a jump goes diagonally, then straight), a dot at each end.
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
            let index = self.map.index(cell);
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
        self.jumps.clear();
        for &(from, to, before) in &recorder.jumps {
            if before >= limit {
                break;
            }
            self.check(to, "Picture::search: the recorder's cell");
            match turn(from, to) {
                Some(corner) => self.jumps.extend([(from, corner), (corner, to)]),
                None => self.jumps.push((from, to)),
            }
        }
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
            self.map.contains(cell),
            "{what} {cell} is outside the {}×{} grid",
            self.map.width(),
            self.map.height()
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
        let title = summary_title(algorithm, cost, stats);
        self.title(title)
    }

    /// The start and goal to mark: those set, or else the path's ends.
    fn ends(&self) -> Option<(Cell, Cell)> {
        self.endpoints
            .or_else(|| Some((*self.path.first()?, *self.path.last()?)))
    }

    /// The picture as text, a character a cell: `#` wall, `.` free, `o` expanded, `+` frontier,
    /// `*` path, `S` and `G` start and goal. On a weighted grid a free cell shows its cost
    /// (`1` to `9`, `^` above 9) instead of `.`.
    pub fn to_text(&self) -> String {
        let width = self.map.width() as usize;
        let weighted = self.map.weighted().is_some();
        let mut chars: Vec<char> = (0..self.order.len())
            .map(|index| {
                let cost = self.map.cost(self.map.cell(index));
                if cost == 0 {
                    '#'
                } else if self.frontier[index] {
                    '+'
                } else if self.order[index] != NOT_EXPANDED {
                    'o'
                } else if weighted {
                    char::from_digit(u32::from(cost), 10).unwrap_or('^')
                } else {
                    '.'
                }
            })
            .collect();
        for &cell in &self.path {
            chars[self.map.index(cell)] = '*';
        }
        if let Some((start, goal)) = self.ends() {
            chars[self.map.index(start)] = 'S';
            chars[self.map.index(goal)] = 'G';
        }
        let mut text = String::new();
        for row in chars.chunks(width.max(1)) {
            text.extend(row);
            text.push('\n');
        }
        text
    }

    /// The picture as a standalone SVG document, `cell` pixels a cell (at most 1,024: larger is
    /// clamped; not a positive finite number: 1).
    pub fn to_svg(&self, cell: f64) -> String {
        Picture::side_by_side_svg(std::slice::from_ref(self), cell)
    }

    /// Several pictures of grids next to each other in one SVG document, `cell` pixels a cell,
    /// over one legend: the way to compare two searches of the same map.
    ///
    /// Each panel is a `<g>` whose `data-left`, `data-top` and `data-cell` attributes give where
    /// its cell (0, 0) starts and the size of a cell, in the document's pixels. Each legend
    /// item is a `<g>` whose `data-legend` names it (`cost 3` for a cost of a weighted grid).
    pub fn side_by_side_svg(pictures: &[Picture<'_>], cell: f64) -> String {
        let cell = if cell.is_finite() && cell > 0.0 {
            cell.min(MAX_CELL_PIXELS)
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
        // The costs of the weighted grids, for a second row of the legend.
        let mut costs: Vec<(u8, f64)> = Vec::new();
        for picture in pictures {
            if let Some(grid) = picture.map.weighted() {
                for cost in grid.costs() {
                    if !costs.iter().any(|&(c, _)| c == cost) {
                        costs.push((cost, picture.map.level(cost)));
                    }
                }
            }
        }
        costs.sort_by_key(|&(cost, _)| cost);
        let legend_height = if costs.is_empty() { 34.0 } else { 58.0 };
        let panels: f64 = pictures
            .iter()
            .map(|p| f64::from(p.map.width()) * cell + gap)
            .sum::<f64>()
            + gap;
        let width = panels.max(LEGEND_WIDTH + 2.0 * gap);
        let map_height = pictures
            .iter()
            .map(|p| f64::from(p.map.height()) * cell)
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
            left += f64::from(picture.map.width()) * cell + gap;
        }
        legend(
            &mut svg,
            gap,
            gap + title_height + map_height + 10.0,
            &costs,
            pictures.iter().any(|p| !p.jumps.is_empty()),
        );
        svg.push_str("</svg>\n");
        svg
    }

    /// Draws this picture with its top-left corner at (`left`, `top`).
    fn draw(&self, svg: &mut String, left: f64, top: f64, cell: f64) {
        let (w, h) = (self.map.width(), self.map.height());
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
        let map = self.map;
        let cost = |index: usize| map.cost(map.cell(index));
        // The terrain levels of a weighted grid: each cost but the cheapest has a shade.
        let levels: Vec<(u8, f64)> = match map.weighted() {
            Some(grid) => grid.costs().map(|c| (c, map.level(c))).collect(),
            None => vec![(1, 0.0)],
        };
        let reached = |index: usize| self.frontier[index] || self.order[index] != NOT_EXPANDED;
        for &(level_cost, level) in levels.iter().filter(|&&(_, level)| level > 0.0) {
            let cells = runs(w, h, |index| cost(index) == level_cost && !reached(index));
            let colour = on_terrain(palette::FREE_RGB, level, false);
            fill(svg, &cells, &format!("fill=\"{}\"", rgb(colour)));
        }
        let walls = runs(w, h, |index| cost(index) == 0);
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
            let colour = expanded_colour(f64::from(shade) / f64::from(SHADES - 1));
            for &(level_cost, level) in &levels {
                let cells = runs(w, h, |index| {
                    !self.frontier[index]
                        && shade_of(self.order[index]) == shade
                        && (map.weighted().is_none() || cost(index) == level_cost)
                });
                if !cells.is_empty() {
                    let colour = on_terrain(colour, level, true);
                    fill(svg, &cells, &format!("fill=\"{}\"", rgb(colour)));
                }
            }
        }
        let stroke = (cell / 8.0).max(0.5) / cell;
        for &(level_cost, level) in &levels {
            let frontier = runs(w, h, |index| {
                self.frontier[index] && (map.weighted().is_none() || cost(index) == level_cost)
            });
            if !frontier.is_empty() {
                let colour = if level > 0.0 {
                    rgb(on_terrain(palette::REACHED_RGB, level, true))
                } else {
                    palette::REACHED.to_owned()
                };
                fill(
                    svg,
                    &frontier,
                    &format!(
                        "fill=\"{colour}\" stroke=\"{}\" stroke-width=\"{stroke:.3}\"",
                        palette::REACHED_EDGE
                    ),
                );
            }
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
        if !self.jumps.is_empty() {
            let mut lines = String::new();
            let mut dots = String::new();
            let r = (cell * 0.3).max(1.5) / cell;
            for &(from, to) in &self.jumps {
                let _ = write!(lines, "M{}.5 {}.5L{}.5 {}.5", from.x, from.y, to.x, to.y);
                let _ = write!(
                    dots,
                    "M{}.5 {}.5m-{r:.3} 0a{r:.3} {r:.3} 0 1 0 {:.3} 0a{r:.3} {r:.3} 0 1 0 -{:.3} 0",
                    to.x,
                    to.y,
                    2.0 * r,
                    2.0 * r
                );
            }
            let _ = writeln!(
                svg,
                "<path data-jumps=\"{}\" d=\"{lines}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.3}\" \
                 stroke-linecap=\"round\"/>\n<path d=\"{dots}\" fill=\"{}\"/>",
                self.jumps.len(),
                palette::JUMP,
                (cell / 10.0).max(0.6) / cell,
                palette::JUMP
            );
        }
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
/// `data-legend` names it, its swatch 14 pixels square; then, for weighted grids, a row of the
/// `costs` with their terrain levels.
fn legend(svg: &mut String, left: f64, top: f64, costs: &[(u8, f64)], jumps: bool) {
    let _ = writeln!(svg, "<g font-size=\"13\">");
    let labels = [
        "wall",
        "expanded (early → late)",
        "reached",
        "path",
        "start",
        "goal",
    ];
    let mut x = left;
    for label in labels.into_iter().chain(jumps.then_some("jump")) {
        let swatch = match label {
            "wall" => format!(
                "<rect x=\"{x}\" y=\"{top}\" width=\"14\" height=\"14\" fill=\"{}\"/>",
                palette::WALL
            ),
            "jump" => format!(
                "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"2\" fill=\"{jump}\"/>\
                 <circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{jump}\"/>",
                top + 6.0,
                x + 11.0,
                top + 7.0,
                jump = palette::JUMP
            ),
            "reached" => format!(
                "<rect x=\"{x}\" y=\"{top}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"{}\"/>",
                palette::REACHED,
                palette::REACHED_EDGE
            ),
            common => common_swatch(common, x, top),
        };
        x = legend_item(svg, x, top, label, &swatch);
    }
    if !costs.is_empty() {
        let top = top + 24.0;
        let _ = writeln!(
            svg,
            "<text x=\"{left}\" y=\"{}\">step cost:</text>",
            top + 12.0
        );
        let mut x = left + 72.0;
        for &(cost, level) in costs {
            let colour = rgb(on_terrain(palette::FREE_RGB, level, false));
            let _ = writeln!(
                svg,
                "<g data-legend=\"cost {cost}\"><rect x=\"{x}\" y=\"{top}\" width=\"14\" height=\"14\" \
                 fill=\"{colour}\" stroke=\"#888\" stroke-width=\"0.5\"/><text x=\"{}\" y=\"{}\">{cost}</text></g>",
                x + 19.0,
                top + 12.0
            );
            x += 44.0;
        }
    }
    svg.push_str("</g>\n");
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
