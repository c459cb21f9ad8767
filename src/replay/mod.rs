//! Watching a search: a self-contained HTML page that replays recorded searches side by side
//! ([`Replay`]), SVG pictures and text traces of any search.
//!
//! A recorder is an [`Observer`](crate::Observer) that keeps a search's events in a compact
//! stream: [`StateRecorder`] for any state space (given where to draw each state), and
//! [`grid::ReplayRecorder`](crate::grid::ReplayRecorder) for grids, where a cell is its own
//! position and an event takes a byte or two. [`Replay`] puts recorded searches into one page;
//! [`StatePicture`] draws one as SVG; [`StateRecorder::trace`] lists its expansions.
//!
//! This module is the layer under the grids: it knows nothing of them. The grid recorder
//! hands the page a panel through the sealed [`Recording`] trait, and
//! [`Replay::run`](Replay::run) (a grid convenience) is defined beside it in `grid`.

mod learn;
pub(crate) mod picture;
mod record;
mod states;

pub(crate) mod palette;
pub(crate) mod stream;

use std::fmt::{self, Write as _};

pub use self::picture::StatePicture;
pub use self::states::StateRecorder;

use self::palette::expanded_colour;
use self::stream::{same, varint};
use crate::algo::Algorithm;
use crate::cost::Cost;
use crate::engine::options::{EstimateTie, TieBreak, TieOrder};
use crate::solution::Solution;

/// The page: markup, style and script; the data goes where `/*DATA*/` stands.
const PAGE: &str = include_str!("page.html");

/// How a search orders its open list: the order a replay's open list is shown in, and the tie
/// rule a trace names.
///
/// Each best-first algorithm ranks states by its own priority, breaks ties on it by a second
/// number, and the ties that remain by the order states were first stored, in the direction of
/// the search's [`TieBreak`]:
///
/// | algorithm | ranked by | then | then |
/// |---|---|---|---|
/// | A*, Dijkstra (h = 0) | f = g + h | the smaller h (or the larger: [`EstimateTie`]) | first stored (FIFO), last (LIFO) or a seeded order |
/// | weighted A*, anytime A* | g + w·h | the smaller w·h (or the larger) | first or last stored, or a seeded order |
/// | greedy best-first | h | the smaller g | first or last stored |
/// | breadth-first | the order generated (a queue) | — | — (no tie-break) |
///
/// Its `Display` says this in words, as the page's caption and a trace's heading do.
///
/// # Example
///
/// ```
/// use informed::{Algorithm, EstimateTie, OpenOrder, TieBreak};
///
/// let greedy = OpenOrder::new(Algorithm::Greedy, TieBreak::Fifo);
/// assert_eq!(greedy.to_string(), "h, then the smaller g, then the first stored");
/// let astar = OpenOrder::new(Algorithm::AStar, TieBreak::Lifo);
/// assert_eq!(astar.to_string(), "f = g + h, then the smaller h, then the last stored");
/// let bfs = OpenOrder::new(Algorithm::Bfs, TieBreak::Lifo);
/// assert_eq!(bfs.to_string(), "the order generated (a FIFO queue: no ties to break)");
/// let seeded = OpenOrder::new(Algorithm::AStar, TieBreak::Random { seed: 3 })
///     .with_estimate_tie(EstimateTie::Larger);
/// assert_eq!(
///     seeded.to_string(),
///     "f = g + h, then the larger h, then an order drawn from seed 3"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpenOrder {
    algorithm: Algorithm,
    tie_break: TieBreak,
    estimate_tie: EstimateTie,
    /// False for a search whose order a recorder could not learn: the page then lists its
    /// open states in the order stored and says it does not know the search's.
    known: bool,
}

impl Default for OpenOrder {
    /// A*'s order with FIFO ties (Dijkstra's too, its h being 0).
    fn default() -> Self {
        OpenOrder::new(Algorithm::AStar, TieBreak::Fifo)
    }
}

impl OpenOrder {
    /// The order of `algorithm` searching with `tie_break`.
    pub fn new(algorithm: Algorithm, tie_break: TieBreak) -> Self {
        OpenOrder {
            algorithm,
            tie_break,
            estimate_tie: EstimateTie::Smaller,
            known: true,
        }
    }

    /// The same order with `estimate_tie` among equal f (A* and weighted A*; the default is
    /// [`EstimateTie::Smaller`]), as set on the search with
    /// [`Search::estimate_tie`](crate::Search::estimate_tie).
    pub fn with_estimate_tie(mut self, estimate_tie: EstimateTie) -> Self {
        self.estimate_tie = estimate_tie;
        self
    }

    /// The order of a search whose order is not known.
    pub(crate) fn unknown() -> Self {
        OpenOrder {
            known: false,
            ..OpenOrder::default()
        }
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The tie-break.
    pub fn tie_break(&self) -> TieBreak {
        self.tie_break
    }

    /// The order among equal f of the estimates.
    pub fn estimate_tie(&self) -> EstimateTie {
        self.estimate_tie
    }

    /// What the page ranks by: `"f"` (g + w·h, then w·h), `"h"` (h, then g) or `"queue"`, and w.
    fn ranking(&self) -> (&'static str, f64) {
        if !self.known {
            return ("queue", 1.0);
        }
        match self.algorithm {
            Algorithm::Bfs => ("queue", 1.0),
            Algorithm::Greedy => ("h", 1.0),
            Algorithm::WeightedAStar(w) | Algorithm::AnytimeAStar(w) => ("f", w),
            _ => ("f", 1.0),
        }
    }

    /// How the page ranks states stored in order among ties: the search's rule, or the
    /// storage order where there are no ties to break.
    fn tie_order(&self) -> TieOrder {
        if self.known && self.algorithm != Algorithm::Bfs {
            self.tie_break.order()
        } else {
            TieOrder::IDENTITY
        }
    }

    /// Whether the page puts the larger second key first among equal priorities.
    fn larger_second(&self) -> bool {
        self.known
            && self.estimate_tie == EstimateTie::Larger
            && matches!(
                self.algorithm,
                Algorithm::AStar | Algorithm::WeightedAStar(_) | Algorithm::AnytimeAStar(_)
            )
    }
}

impl fmt::Display for OpenOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stored = match self.tie_break {
            TieBreak::Lifo => "the last stored".to_owned(),
            TieBreak::Random { seed } => format!("an order drawn from seed {seed}"),
            _ => "the first stored".to_owned(),
        };
        let smaller = if self.estimate_tie == EstimateTie::Larger {
            "larger"
        } else {
            "smaller"
        };
        if !self.known {
            return f.write_str(
                "not known (listed in the order stored; give the recorder the search's order)",
            );
        }
        match self.algorithm {
            Algorithm::Bfs => f.write_str("the order generated (a FIFO queue: no ties to break)"),
            Algorithm::Dijkstra => write!(f, "g, then {stored}"),
            Algorithm::Greedy => write!(f, "h, then the smaller g, then {stored}"),
            Algorithm::AStar => write!(f, "f = g + h, then the {smaller} h, then {stored}"),
            Algorithm::WeightedAStar(w) | Algorithm::AnytimeAStar(w) => {
                write!(
                    f,
                    "g + w·h (w = {w}), then the {smaller} w·h, then {stored}"
                )
            }
            Algorithm::BeamSearch(_) => write!(f, "f = g + h within a layer, then {stored}"),
            _ => f.write_str("depth first, in the order the successors are given (no open list)"),
        }
    }
}

/// A recorded search that a [`Replay`] can show: [`StateRecorder`] and
/// [`grid::ReplayRecorder`](crate::grid::ReplayRecorder).
///
/// The trait is sealed: the page decodes only the streams these recorders write.
///
/// # Example
///
/// A function that adds a panel of either kind of recorder:
///
/// ```
/// use informed::{Recording, Replay, Search, StateRecorder};
///
/// fn with_search<R: Recording>(replay: Replay, recorder: &R) -> Replay {
///     replay.search("a search", recorder, None)
/// }
///
/// let problem = informed::from_fn_unit(0u32, |&n: &u32| [n + 1], |&n| n == 3);
/// let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), 0.0));
/// Search::new(&problem).observer(&mut recorder).dijkstra()?;
/// assert_eq!(with_search(Replay::new(), &recorder).len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Recording: sealed::Recording {}

pub(crate) mod sealed {
    /// What a [`Replay`](super::Replay) asks of a recorder.
    pub trait Recording {
        /// The states of the search recorded.
        type State;
        /// Its costs.
        type Cost: crate::cost::Cost;

        /// The panel of the search, with the path found (if any).
        fn panel(&self, path: Option<&[Self::State]>) -> super::Panel;
    }
}

/// Where a panel's states are drawn.
#[derive(Clone, Debug)]
pub(crate) enum Layout {
    /// A grid's cells, numbered `y × width + x`.
    Grid {
        width: u32,
        height: u32,
        /// The free cells, a bit each, row-major, least significant bit first.
        free: Vec<u8>,
        /// Each cell's step cost (0: a wall), for a weighted grid.
        costs: Option<Vec<u8>>,
    },
    /// Points in the plane: state k at `(xy[2k], xy[2k + 1])`, y growing downward.
    Points {
        xy: Vec<f64>,
        /// Each state's label (by default its position).
        labels: Option<Vec<String>>,
    },
}

/// One search of a replay, encoded for the page.
#[derive(Clone, Debug)]
pub struct Panel {
    pub(crate) layout: Layout,
    pub(crate) starts: Vec<usize>,
    pub(crate) goals: Vec<usize>,
    pub(crate) stream: Vec<u8>,
    /// The heuristic the page computes h with (`"zero"`, `"manhattan"` or `"octile"`, to the
    /// first goal), times a scale.
    pub(crate) heuristic: (&'static str, f64),
    /// The exceptions to it: pairs of varints (the generated state's number minus the previous
    /// exception's, from 0) and f64 h.
    pub(crate) exceptions: Vec<u8>,
    /// The path's states.
    pub(crate) path: Vec<usize>,
    pub(crate) frames: u64,
    pub(crate) order: OpenOrder,
    /// A jump point search: the page draws each stored jump point and the jump to it from its
    /// parent.
    pub(crate) jumps: bool,
}

/// A heuristic the page can compute for a state number, to try against the recorded h.
pub(crate) type Candidate<'a> = (&'static str, f64, &'a dyn Fn(usize) -> f64);

/// Of the `candidates`, the one that gives most of the `generated` h, and the exceptions to it.
pub(crate) fn fit_heuristic(
    generated: &[(usize, f64)],
    candidates: &[Candidate<'_>],
) -> ((&'static str, f64), Vec<u8>) {
    let misses = |estimate: &dyn Fn(usize) -> f64| {
        generated
            .iter()
            .filter(|&&(state, h)| !same(estimate(state), h))
            .count()
    };
    let zero: Candidate<'_> = ("zero", 1.0, &|_| 0.0);
    let &(name, scale, estimate) = candidates
        .iter()
        .min_by_key(|(_, _, estimate)| misses(*estimate))
        .unwrap_or(&zero);
    let mut exceptions = Vec::new();
    let mut last = 0u64;
    for (number, &(state, h)) in generated.iter().enumerate() {
        if !same(estimate(state), h) {
            varint(&mut exceptions, number as u64 - last);
            exceptions.extend_from_slice(&h.to_le_bytes());
            last = number as u64;
        }
    }
    ((name, scale), exceptions)
}

/// A panel with its heading.
#[derive(Clone, Debug)]
struct Labelled {
    label: String,
    cost: Option<f64>,
    panel: Panel,
}

/// A self-contained HTML page replaying recorded searches side by side, in step.
///
/// A recorder ([`StateRecorder`] for any search, [`grid::ReplayRecorder`](crate::grid::ReplayRecorder)
/// for a grid) is an [`Observer`](crate::Observer) that keeps the events in a compact byte
/// stream. [`Replay`] puts recorded searches into one HTML file: no network fetches, its script
/// and data inline, each search drawn on a canvas: a grid's cells (with a shade for each step
/// cost on a [`WeightedGrid`](crate::grid::WeightedGrid)), or any other state space as points
/// where the recorder placed them, joined to their parents by the edges of the search tree.
///
/// Opened in a browser, the page has play and pause, step forward and back, a speed slider and a
/// scrubber. Each frame is one expansion (all panels in step: frame k shows every search after
/// its k-th expansion); it colours the expanded states (pale to deep by expansion order), the
/// states reached (on the open set) and the current state, lists the best entries of the open
/// set with g, h and f in the algorithm's own order ([`OpenOrder`]), and counts expansions,
/// generated successors, decrease-keys, reopenings, and the open set's size and peak. At each
/// search's last frame the counts equal its [`Stats`](crate::Stats) (`expanded`, `generated`,
/// `decrease_keys`, `reopened`, `max_open`), and the path is drawn. The address follows the
/// frame shown (`page.html#frame=12`), so that a link opens the page at that frame.
///
/// The page computes everything from the events: the open list is a small heap in the page's
/// script, rebuilt when the replay steps back, so that the file grows with the number of
/// expansions, not with the open set times the frames: Dijkstra and A* side by side on the
/// hardest scenario of a 1024 × 1024 Moving AI map (650,000 and 260,000 expansions) make a page
/// of about 6 MB. A search of points takes more room (its g and h in full, 20 bytes or so a
/// state) and redraws all its points each frame: it suits searches of up to some tens of
/// thousands of states.
///
/// The page follows the best-first searches: Dijkstra, greedy best-first, A* and weighted A*,
/// whose events are one open list's, and jump point search on a grid ([`Replay::jps`]), whose
/// panel draws its jump points and the jumps between them. Breadth-first search replays too, but it stops in the
/// middle of an expansion when it generates the goal, and the page counts all the successors
/// of that last expansion as generated. The depth-first searches (IDA*, iterative deepening)
/// keep no open list, report expansions without the states they generate, and expand states
/// again in each iteration: the page does not follow them.
///
/// # Example: any state space
///
/// A walk on the integer points of the plane, by steps of (2, 1) and (1, −1) and back, drawn
/// where the points are:
///
/// ```
/// use informed::{Algorithm, OpenOrder, Replay, Search, StateRecorder, TieBreak};
///
/// let problem = informed::from_fn(
///     (0i32, 0i32),
///     |&(x, y): &(i32, i32)| {
///         [(2, 1), (1, -1), (-2, -1), (-1, 1)].map(|(dx, dy)| ((x + dx, y + dy), 1u32))
///     },
///     |&p| p == (7, 2),
/// );
/// let mut replay = Replay::new().title("A walk on the lattice");
/// for algorithm in [Algorithm::Dijkstra, Algorithm::AStar] {
///     let mut recorder = StateRecorder::new(&problem, |&(x, y)| (f64::from(x), f64::from(-y)))
///         .label(|&(x, y)| format!("({x}, {y})"))
///         .order(OpenOrder::new(algorithm, TieBreak::Fifo));
///     // Each step moves x by at most 2: an admissible estimate.
///     let solution = Search::new(&problem)
///         .observer(&mut recorder)
///         .run(algorithm, |&(x, _): &(i32, i32)| (7 - x).unsigned_abs().div_ceil(2))?;
///     assert_eq!(recorder.expansions(), solution.stats().expanded);
///     replay = replay.search(algorithm.to_string(), &recorder, Some(&solution));
/// }
/// let html = replay.to_html();
/// assert!(html.starts_with("<!DOCTYPE html>") && !html.contains("src=\"http"));
/// // replay.write_html("lattice.html")?;   then open it in a browser
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Example: a grid
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The `maze`, `terrain`, `movingai`, `roads` and `custom` examples write such a page with
/// `--html FILE`; `scripts/browser-test.py` checks them in headless Chromium.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    panels: Vec<Labelled>,
    title: String,
    pub(crate) tie_break: TieBreak,
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

    /// Sets the tie-break of the searches that [`Replay::run`] runs (default
    /// [`TieBreak::Fifo`]). Recorders added with [`Replay::search`] carry their own order.
    pub fn tie_break(mut self, tie_break: TieBreak) -> Self {
        self.tie_break = tie_break;
        self
    }

    /// Adds a panel: the search `recorder` recorded, named `label`, and its `solution` (its path
    /// is drawn on the last frame; `None` for a search that found none).
    ///
    /// # Complexity
    ///
    /// O(n + e): n states (a grid's cells, or the states a [`StateRecorder`] saw), e events
    /// recorded.
    pub fn search<R: Recording>(
        mut self,
        label: impl Into<String>,
        recorder: &R,
        solution: Option<&Solution<R::State, R::Cost>>,
    ) -> Self {
        let panel = recorder.panel(solution.map(|s| s.path()));
        self.panels.push(Labelled {
            label: label.into(),
            cost: solution.map(|s| s.cost().to_f64()),
            panel,
        });
        self
    }

    /// The number of panels.
    pub fn len(&self) -> usize {
        self.panels.len()
    }

    /// Whether the page has no panel yet.
    pub fn is_empty(&self) -> bool {
        self.panels.is_empty()
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
        let colours = [
            ("wall", palette::WALL.to_owned()),
            ("free", palette::FREE.to_owned()),
            ("reached", palette::REACHED.to_owned()),
            ("reachedEdge", palette::REACHED_EDGE.to_owned()),
            ("path", palette::PATH.to_owned()),
            ("start", palette::START.to_owned()),
            ("goal", palette::GOAL.to_owned()),
            ("early", palette::rgb(expanded_colour(0.0))),
            ("late", palette::rgb(expanded_colour(1.0))),
            ("unseen", palette::UNSEEN.to_owned()),
            ("tree", palette::TREE.to_owned()),
            ("terrain", palette::rgb(palette::TERRAIN_DEAR)),
            ("jump", palette::JUMP.to_owned()),
        ];
        for (i, (name, colour)) in colours.iter().enumerate() {
            let comma = if i > 0 { "," } else { "" };
            let _ = write!(data, "{comma}\"{name}\":\"{colour}\"");
        }
        let _ = write!(
            data,
            "}},\"terrainOverSearch\":{},\"panels\":[",
            palette::TERRAIN_OVER_SEARCH
        );
        for (i, labelled) in self.panels.iter().enumerate() {
            if i > 0 {
                data.push(',');
            }
            write_panel(&mut data, labelled);
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

/// Appends a panel as a JSON object. Every panel has every key (those of the other layout
/// empty), so that a reader can find the n-th panel's field by counting.
fn write_panel(data: &mut String, labelled: &Labelled) {
    let Labelled { label, cost, panel } = labelled;
    data.push_str("{\"label\":");
    json_string(data, label);
    let number = |value: f64| {
        if value.is_finite() {
            format!("{value}")
        } else {
            "null".to_owned()
        }
    };
    let cost = cost.map_or_else(|| "null".to_owned(), number);
    let list = |values: &[usize]| {
        let items: Vec<String> = values.iter().map(usize::to_string).collect();
        format!("[{}]", items.join(","))
    };
    let (width, height, free, costs, xy) = match &panel.layout {
        Layout::Grid {
            width,
            height,
            free,
            costs,
        } => (
            *width,
            *height,
            base64(free),
            costs.as_deref().map_or_else(String::new, base64),
            String::new(),
        ),
        Layout::Points { xy, .. } => {
            let bytes: Vec<u8> = xy.iter().flat_map(|v| v.to_le_bytes()).collect();
            (0, 0, String::new(), String::new(), base64(&bytes))
        }
    };
    let layout = match panel.layout {
        Layout::Grid { .. } => "grid",
        Layout::Points { .. } => "points",
    };
    let mut path = Vec::new();
    for &state in &panel.path {
        varint(&mut path, state as u64);
    }
    let (by, weight) = panel.order.ranking();
    let _ = write!(
        data,
        ",\"layout\":\"{layout}\",\"width\":{width},\"height\":{height},\"starts\":{},\
         \"goals\":{},\"heuristic\":\"{}\",\"hscale\":{},\"cost\":{cost},\"frames\":{},\
         \"jumps\":{},\"free\":\"{free}\",\"costs\":\"{costs}\",\"xy\":\"{xy}\",\"stream\":\"{}\",\
         \"exceptions\":\"{}\",\"path\":\"{}\",\"order\":{{\"by\":\"{by}\",\"weight\":{},\
         \"mask\":{},\"multiplier\":{},\"larger\":{},\"text\":",
        list(&panel.starts),
        list(&panel.goals),
        panel.heuristic.0,
        number(panel.heuristic.1),
        panel.frames,
        panel.jumps,
        base64(&panel.stream),
        base64(&panel.exceptions),
        base64(&path),
        number(weight),
        panel.order.tie_order().mask(),
        panel.order.tie_order().multiplier(),
        panel.order.larger_second(),
    );
    json_string(data, &panel.order.to_string());
    data.push_str("},\"labels\":");
    match &panel.layout {
        Layout::Points {
            labels: Some(labels),
            ..
        } => {
            data.push('[');
            for (i, text) in labels.iter().enumerate() {
                if i > 0 {
                    data.push(',');
                }
                json_string(data, text);
            }
            data.push(']');
        }
        _ => data.push_str("null"),
    }
    data.push('}');
}

/// Appends `text` as a JSON string that is also safe inside a `<script>` element.
pub(crate) fn json_string(out: &mut String, text: &str) {
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
pub(crate) fn base64(bytes: &[u8]) -> String {
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

/// The usual name of an algorithm, for a panel's label.
pub(crate) fn label(algorithm: Algorithm) -> String {
    match algorithm {
        Algorithm::Bfs => "BFS".into(),
        Algorithm::Dijkstra => "Dijkstra".into(),
        Algorithm::Greedy => "Greedy best-first".into(),
        Algorithm::AStar => "A*".into(),
        Algorithm::WeightedAStar(w) => format!("Weighted A* (w = {w})"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::base64;

    #[test]
    fn base64_matches_known_values() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }
}
