//! A search you can watch: [`ReplayRecorder`] records a grid search, [`Replay`] writes a
//! self-contained HTML page that replays recorded searches side by side (see there).
//!
//! The page's markup and script are in `replay.html`, beside this file; the data goes where
//! `/*DATA*/` stands.

use std::fmt::Write as _;

use super::picture::{expanded_colour, palette, rgb};
use super::{Cell, GridProblem, Manhattan, Octile};
use crate::algo::Algorithm;
use crate::error::SearchError;
use crate::heuristic::Heuristic;
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::search::Search;
use crate::solution::Solution;

/// The page: markup, style and script; the data goes where `/*DATA*/` stands.
const PAGE: &str = include_str!("replay.html");

/// The neighbour directions, in the order their numbers (0 to 7) name them.
const DIRECTIONS: [(i64, i64); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Record types, the low three bits of a record's first byte. The stream is a sequence of
/// records; each expansion record is followed by the records of the successors it produced.
mod tag {
    /// An expansion. Bits 3–6: how many successors the problem gave (15: a varint follows);
    /// bit 7: the g and h follow (they differ from those last recorded for the cell). Then the
    /// zigzag varint of the cell's index minus the previous expansion's.
    pub(super) const EXPAND: u8 = 0;
    /// A successor of the cell expanded last, one step away: generated, moved up (decrease-key)
    /// or reopened. Bits 3–5: the direction; bit 6: g follows (it is not the parent's g plus
    /// the step, 1 or √2).
    pub(super) const NEIGHBOUR: u8 = 1;
    /// Any other generated, moved-up or reopened state (a start, or a jump): bit 6 as above,
    /// then the varints of its index and of its parent's index + 1 (0: none).
    pub(super) const OTHER: u8 = 4;
}

/// An [`Observer`] that records a search of a [`GridProblem`] for a [`Replay`].
///
/// It keeps each event in a few bytes (see [`Replay`]), two numbers a grid cell for
/// the last g and h recorded, and each generated cell's h until the page is written.
///
/// Use one recorder for one search. Events about cells outside the problem's grid are ignored.
///
/// # Example
///
/// ```
/// use informed::Search;
/// use informed::grid::{Cell, Grid, Movement, ReplayRecorder};
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let problem = grid.problem(Cell::new(0, 0), Cell::new(3, 2), Movement::Four)?;
/// let mut recorder = ReplayRecorder::new(problem);
/// let solution = Search::new(&problem).observer(&mut recorder).astar_with(problem.manhattan())?;
/// assert_eq!(recorder.expansions(), solution.stats().expanded);
/// assert!(recorder.bytes() < 64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ReplayRecorder<'g> {
    problem: GridProblem<'g>,
    stream: Vec<u8>,
    /// The last g and h recorded for each cell (NaN: none yet).
    g: Vec<f64>,
    h: Vec<f64>,
    /// Each generated cell and its h, in order.
    generated: Vec<(usize, f64)>,
    /// The cell expanded last, and the index the next expansion's delta counts from.
    current: Option<usize>,
    previous: usize,
    expansions: u64,
    successors: Successors<Cell, f64>,
}

impl<'g> ReplayRecorder<'g> {
    /// A recorder for a search of `problem`.
    ///
    /// # Complexity
    ///
    /// Allocates two `f64` for each cell of the grid.
    pub fn new(problem: GridProblem<'g>) -> Self {
        let grid = problem.grid();
        let cells = grid.width() as usize * grid.height() as usize;
        ReplayRecorder {
            problem,
            stream: Vec::new(),
            g: vec![f64::NAN; cells],
            h: vec![f64::NAN; cells],
            generated: Vec::new(),
            current: None,
            previous: 0,
            expansions: 0,
            successors: Successors::new(),
        }
    }

    /// The number of expansions recorded: the replay's frames (after the first).
    pub fn expansions(&self) -> u64 {
        self.expansions
    }

    /// The size of the recorded event stream, in bytes (the page holds it in base64, a third
    /// more).
    pub fn bytes(&self) -> usize {
        self.stream.len()
    }

    /// The index of `cell`, if it is on the grid.
    fn index(&self, cell: Cell) -> Option<usize> {
        self.problem
            .grid()
            .contains(cell)
            .then(|| self.problem.grid().index(cell))
    }

    fn expand(&mut self, cell: Cell, g: f64, h: f64) {
        let Some(index) = self.index(cell) else {
            return;
        };
        let count = if self.problem.is_goal(&cell) {
            0
        } else {
            self.successors.clear();
            self.problem.successors(&cell, &mut self.successors);
            self.successors.len()
        };
        let explicit = !same(g, self.g[index]) || !same(h, self.h[index]);
        let mut first = tag::EXPAND | ((count.min(15) as u8) << 3);
        if explicit {
            first |= 0x80;
        }
        self.stream.push(first);
        if count >= 15 {
            varint(&mut self.stream, count as u64);
        }
        let delta = index as i64 - self.previous as i64;
        varint(&mut self.stream, ((delta << 1) ^ (delta >> 63)) as u64);
        if explicit {
            self.stream.extend_from_slice(&g.to_le_bytes());
            self.stream.extend_from_slice(&h.to_le_bytes());
            self.g[index] = g;
            self.h[index] = h;
        }
        self.previous = index;
        self.current = Some(index);
        self.expansions += 1;
    }

    /// A state entered the open set or moved up on it: `kind` 0 generated, 1 decrease-key,
    /// 2 reopened.
    fn open(&mut self, kind: u8, cell: Cell, parent: Option<Cell>, g: f64, h: Option<f64>) {
        let Some(index) = self.index(cell) else {
            return;
        };
        let parent = parent.and_then(|p| Some((p, self.index(p)?)));
        let step = parent.and_then(|(p, at)| {
            let (dx, dy) = (
                i64::from(cell.x) - i64::from(p.x),
                i64::from(cell.y) - i64::from(p.y),
            );
            let direction = DIRECTIONS.iter().position(|&d| d == (dx, dy))?;
            (self.current == Some(at)).then_some((direction, at))
        });
        match step {
            Some((direction, at)) => {
                let length = if matches!(direction, 0 | 2 | 5 | 7) {
                    super::DIAGONAL
                } else {
                    1.0
                };
                let explicit = !same(g, self.g[at] + length);
                let first =
                    (tag::NEIGHBOUR + kind) | ((direction as u8) << 3) | (u8::from(explicit) << 6);
                self.stream.push(first);
                if explicit {
                    self.stream.extend_from_slice(&g.to_le_bytes());
                }
            }
            None => {
                let explicit = parent.is_some() || !same(g, 0.0);
                self.stream
                    .push((tag::OTHER + kind) | (u8::from(explicit) << 6));
                varint(&mut self.stream, index as u64);
                varint(&mut self.stream, parent.map_or(0, |(_, at)| at as u64 + 1));
                if explicit {
                    self.stream.extend_from_slice(&g.to_le_bytes());
                }
            }
        }
        self.g[index] = g;
        if let Some(h) = h {
            self.h[index] = h;
            self.generated.push((index, h));
        }
    }
}

impl Observer<Cell, f64> for ReplayRecorder<'_> {
    fn observe(&mut self, event: Event<'_, Cell, f64>) {
        match event {
            Event::Generate {
                state,
                parent,
                g,
                h,
            } => self.open(0, *state, parent.copied(), g, Some(h)),
            Event::DecreaseKey {
                state, parent, g, ..
            } => self.open(1, *state, Some(*parent), g, None),
            Event::Reopen {
                state, parent, g, ..
            } => self.open(2, *state, Some(*parent), g, None),
            Event::Expand { state, g, h } => self.expand(*state, g, h),
            _ => {}
        }
    }
}

/// Whether two costs are the same number (bit for bit, so that the page computes the same).
fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}

/// Appends `value` as a LEB128 varint.
fn varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// One search of a replay, encoded for the page.
#[derive(Clone, Debug)]
struct Panel {
    label: String,
    width: u32,
    height: u32,
    start: usize,
    goal: usize,
    /// The free cells, a bit each, row-major, least significant bit first.
    free: Vec<u8>,
    stream: Vec<u8>,
    /// The heuristic the page computes h with: "zero", "manhattan" or "octile".
    heuristic: &'static str,
    /// The exceptions to it: pairs of varints (the generated state's number minus the previous
    /// exception's, from 0) and f64 h.
    exceptions: Vec<u8>,
    /// The path's cell indices, as varints.
    path: Vec<u8>,
    cost: Option<f64>,
    frames: u64,
}

/// A self-contained HTML page replaying recorded grid searches side by side, in step.
///
/// [`ReplayRecorder`] is an [`Observer`] of a search of a [`GridProblem`]; it keeps the events
/// in a compact byte stream (a few bytes an expansion). [`Replay`] puts recorded searches into
/// one HTML file: no network fetches, its script and data inline, the maps drawn on canvases.
/// Opened in a browser, the page has play and pause, step forward and back, a speed slider and a
/// scrubber. Each frame is one expansion (all panels in step: frame k shows every search after
/// its k-th expansion); it colours the expanded cells (pale to deep by expansion order), the
/// cells reached (on the open set) and the current cell, lists the best entries of the open set
/// with g, h and f, and counts expansions, generated successors, decrease-keys, reopenings, and
/// the open set's size and peak. At each search's last frame the counts equal its
/// [`Stats`](crate::Stats) (`expanded`, `generated`, `decrease_keys`, `reopened`, `max_open`),
/// and the path is drawn.
///
/// The page computes everything from the events: the open list is a small heap in the page's
/// script, rebuilt when the replay steps back, so that the file grows with the number of
/// expansions, not with the open set times the frames: Dijkstra and A* side by side on the
/// hardest scenario of a 1024 × 1024 Moving AI map (650,000 and 260,000 expansions) make a page
/// of about 6 MB.
///
/// The open list shown orders entries by f, then h, then the order states were first stored:
/// the order of A* and Dijkstra with the default [`TieBreak::Fifo`](crate::TieBreak). Other
/// algorithms replay just as well, but their open list is ranked differently from the one shown.
///
/// # Example
///
/// Dijkstra and A* side by side on one map:
///
/// ```
/// use informed::{Algorithm, Search};
/// use informed::grid::{Cell, Grid, Movement, Replay, ReplayRecorder};
///
/// let grid = Grid::from_ascii(
///     "..........\n\
///      ...####...\n\
///      ......#...\n\
///      ......#...",
/// )?;
/// let problem = grid.problem(Cell::new(0, 3), Cell::new(9, 3), Movement::Eight)?;
/// let mut replay = Replay::new();
/// for algorithm in [Algorithm::Dijkstra, Algorithm::AStar] {
///     let mut recorder = ReplayRecorder::new(problem);
///     let solution = Search::new(&problem)
///         .observer(&mut recorder)
///         .run_with(algorithm, problem.octile())?;
///     assert_eq!(recorder.expansions(), solution.stats().expanded);
///     replay = replay.search(algorithm.to_string(), &recorder, Some(&solution));
/// }
/// let html = replay.to_html();
/// assert!(html.starts_with("<!DOCTYPE html>") && !html.contains("src=\"http"));
/// // replay.write_html("replay.html")?;   then open it in a browser
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The `maze` and `movingai` examples write such a page with `--html FILE`; `scripts/browser-test.py`
/// checks one in headless Chromium.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    panels: Vec<Panel>,
    title: String,
}

impl Replay {
    /// A page with no searches yet.
    pub fn new() -> Self {
        Replay::default()
    }

    /// Sets the page's heading (by default the panels' labels).
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// Adds a panel: the search `recorder` recorded, named `label`, and its `solution` (its path
    /// is drawn on the last frame; `None` for a search that found none).
    ///
    /// # Complexity
    ///
    /// O(c + e): c cells of the grid, e events recorded.
    pub fn search(
        mut self,
        label: impl Into<String>,
        recorder: &ReplayRecorder<'_>,
        solution: Option<&Solution<Cell, f64>>,
    ) -> Self {
        let problem = recorder.problem;
        let grid = problem.grid();
        let (width, height) = (grid.width(), grid.height());
        let mut free = vec![0u8; (width as usize * height as usize).div_ceil(8)];
        for y in 0..height {
            for x in 0..width {
                let cell = Cell::new(x, y);
                if grid.is_free(cell) {
                    let index = grid.index(cell);
                    free[index / 8] |= 1 << (index % 8);
                }
            }
        }
        // The heuristic that gives most of the recorded h, and the exceptions to it.
        let goal = problem.goal();
        let cell_of = |index: usize| {
            Cell::new(
                (index % width as usize) as u32,
                (index / width as usize) as u32,
            )
        };
        let (manhattan, octile) = (Manhattan::to(goal), Octile::to(goal));
        let candidates: [(&'static str, &dyn Fn(Cell) -> f64); 3] = [
            ("zero", &|_| 0.0),
            ("manhattan", &|c| manhattan.estimate(&c)),
            ("octile", &|c| octile.estimate(&c)),
        ];
        let misses = |estimate: &dyn Fn(Cell) -> f64| {
            recorder
                .generated
                .iter()
                .filter(|&&(index, h)| !same(estimate(cell_of(index)), h))
                .count()
        };
        let (heuristic, estimate) = candidates
            .iter()
            .min_by_key(|(_, estimate)| misses(*estimate))
            .map(|&(name, estimate)| (name, estimate))
            .unwrap_or(candidates[0]);
        let mut exceptions = Vec::new();
        let mut last = 0u64;
        for (number, &(index, h)) in recorder.generated.iter().enumerate() {
            if !same(estimate(cell_of(index)), h) {
                varint(&mut exceptions, number as u64 - last);
                exceptions.extend_from_slice(&h.to_le_bytes());
                last = number as u64;
            }
        }
        let mut path = Vec::new();
        for &cell in solution.map_or(&[][..], |s| s.path()) {
            if grid.contains(cell) {
                varint(&mut path, grid.index(cell) as u64);
            }
        }
        self.panels.push(Panel {
            label: label.into(),
            width,
            height,
            start: grid.index(problem.start()),
            goal: grid.index(goal),
            free,
            stream: recorder.stream.clone(),
            heuristic,
            exceptions,
            path,
            cost: solution.map(|s| s.cost()),
            frames: recorder.expansions,
        });
        self
    }

    /// Runs each of `algorithms` on `problem` (with `heuristic`, for those that take one),
    /// recording each, and adds a panel for each: the short way to the page of the examples.
    /// A search that finds no path gets a panel without one.
    ///
    /// # Errors
    ///
    /// The first error of a search other than [`SearchError::NoPath`].
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Algorithm;
    /// use informed::grid::{Cell, Grid, Movement, Replay};
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let problem = grid.problem(Cell::new(0, 1), Cell::new(5, 1), Movement::Four)?;
    /// let replay = Replay::new().run(problem, &[Algorithm::Dijkstra, Algorithm::AStar], problem.manhattan())?;
    /// assert!(replay.to_html().contains("\"label\":\"A*\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<H>(
        mut self,
        problem: GridProblem<'_>,
        algorithms: &[Algorithm],
        heuristic: H,
    ) -> Result<Self, SearchError<Cell, f64>>
    where
        H: Heuristic<Cell, f64> + Clone,
    {
        for &algorithm in algorithms {
            let mut recorder = ReplayRecorder::new(problem);
            let outcome = Search::new(&problem)
                .observer(&mut recorder)
                .run_with(algorithm, heuristic.clone());
            let solution = match outcome {
                Ok(solution) => Some(solution),
                Err(error) if error.is_no_path() => None,
                Err(error) => return Err(error),
            };
            self = self.search(label(algorithm), &recorder, solution.as_ref());
        }
        Ok(self)
    }

    /// The page, as one HTML document.
    pub fn to_html(&self) -> String {
        let mut data = String::from("{\"title\":");
        let title = if self.title.is_empty() {
            self.panels
                .iter()
                .map(|p| p.label.as_str())
                .collect::<Vec<_>>()
                .join(" and ")
        } else {
            self.title.clone()
        };
        json_string(&mut data, &title);
        data.push_str(",\"colours\":{");
        let (early, late) = (expanded_colour(0.0), expanded_colour(1.0));
        let colours = [
            ("wall", palette::WALL.to_owned()),
            ("free", palette::FREE.to_owned()),
            ("reached", palette::REACHED.to_owned()),
            ("reachedEdge", palette::REACHED_EDGE.to_owned()),
            ("path", palette::PATH.to_owned()),
            ("start", palette::START.to_owned()),
            ("goal", palette::GOAL.to_owned()),
            ("early", rgb(early)),
            ("late", rgb(late)),
        ];
        for (i, (name, colour)) in colours.iter().enumerate() {
            let comma = if i > 0 { "," } else { "" };
            let _ = write!(data, "{comma}\"{name}\":\"{colour}\"");
        }
        data.push_str("},\"panels\":[");
        for (i, panel) in self.panels.iter().enumerate() {
            if i > 0 {
                data.push(',');
            }
            data.push_str("{\"label\":");
            json_string(&mut data, &panel.label);
            let cost = panel
                .cost
                .filter(|c| c.is_finite())
                .map_or_else(|| "null".to_owned(), |c| format!("{c}"));
            let _ = write!(
                data,
                ",\"width\":{},\"height\":{},\"start\":{},\"goal\":{},\"heuristic\":\"{}\",\
                 \"cost\":{cost},\"frames\":{},\"free\":\"{}\",\"stream\":\"{}\",\
                 \"exceptions\":\"{}\",\"path\":\"{}\"}}",
                panel.width,
                panel.height,
                panel.start,
                panel.goal,
                panel.heuristic,
                panel.frames,
                base64(&panel.free),
                base64(&panel.stream),
                base64(&panel.exceptions),
                base64(&panel.path)
            );
        }
        data.push_str("]}");
        PAGE.replacen("/*DATA*/", &data, 1)
    }

    /// Writes the page to `path`.
    ///
    /// # Errors
    ///
    /// Those of [`std::fs::write`].
    pub fn write_html(&self, path: impl AsRef<std::path::Path>) -> std::io::Result<()> {
        std::fs::write(path, self.to_html())
    }
}

/// The usual name of an algorithm, for a panel's label.
fn label(algorithm: Algorithm) -> String {
    match algorithm {
        Algorithm::Bfs => "BFS".into(),
        Algorithm::Dijkstra => "Dijkstra".into(),
        Algorithm::Greedy => "Greedy best-first".into(),
        Algorithm::AStar => "A*".into(),
        Algorithm::WeightedAStar(w) => format!("Weighted A* (w = {w})"),
        other => other.to_string(),
    }
}

/// Appends `text` as a JSON string that is also safe inside a `<script>` element.
fn json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' | '>' | '&' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Standard base64, with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{base64, varint};

    #[test]
    fn base64_matches_known_values() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn varints_are_leb128() {
        let mut out = Vec::new();
        for value in [0, 1, 127, 128, 300, u64::from(u32::MAX)] {
            varint(&mut out, value);
        }
        assert_eq!(
            out,
            [0, 1, 127, 0x80, 1, 0xac, 2, 0xff, 0xff, 0xff, 0xff, 0x0f]
        );
    }
}
