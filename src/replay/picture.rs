//! [`StatePicture`]: an SVG drawing of a search of any state space, its states as points.

use std::fmt::{self, Write as _};

use super::palette::{self, expanded_colour, rgb};
use super::record::NONE;
use super::states::StateRecorder;
use crate::problem::SearchProblem;
use crate::progress::Stats;

/// How many shades of expansion order the SVG uses (one `<path>` each).
const SHADES: u32 = 16;

/// The margin around a panel's points, in pixels.
const MARGIN: f64 = 14.0;

/// A drawing of a search recorded by a [`StateRecorder`], as SVG: each state a point where the
/// recorder places it, shaded by the order it was expanded (pale to deep), the states reached
/// (the open set) outlined, the states not reached yet faint, each reached state joined to its
/// parent in the search tree, the path, start and goal, with a legend.
///
/// Built by [`StateRecorder::picture`]. Several pictures side by side (two searches of one
/// problem) share one legend: [`StatePicture::side_by_side_svg`].
///
/// # Example
///
/// ```
/// use informed::{Search, StatePicture, StateRecorder};
///
/// // Knight's moves on an 8 × 8 board: where does breadth-first search look?
/// let knight = informed::from_fn_unit(
///     (0i8, 0i8),
///     |&(x, y): &(i8, i8)| {
///         [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///             .map(|(dx, dy)| (x + dx, y + dy))
///             .into_iter()
///             .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
///     },
///     |&square| square == (7, 7),
/// );
/// let mut recorder = StateRecorder::new(&knight, |&(x, y)| (f64::from(x), f64::from(y)));
/// let solution = Search::new(&knight).observer(&mut recorder).dijkstra()?;
/// let early = recorder.picture().after(5).title("Dijkstra\nafter 5 expansions");
/// let done = recorder
///     .picture()
///     .path(solution.path())
///     .summary("Dijkstra", Some(f64::from(solution.cost())), solution.stats());
/// let svg = StatePicture::side_by_side_svg(&[early, done], 240.0);
/// assert!(svg.contains("after 5 expansions") && svg.contains("cost 6"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct StatePicture<'r, 'p, P: SearchProblem> {
    recorder: &'r StateRecorder<'p, P>,
    after: Option<u64>,
    path: Vec<usize>,
    title: String,
}

impl<P: SearchProblem> Clone for StatePicture<'_, '_, P> {
    fn clone(&self) -> Self {
        StatePicture {
            recorder: self.recorder,
            after: self.after,
            path: self.path.clone(),
            title: self.title.clone(),
        }
    }
}

impl<P: SearchProblem> fmt::Debug for StatePicture<'_, '_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StatePicture")
            .field("recorder", self.recorder)
            .field("after", &self.after)
            .field("path", &self.path.len())
            .field("title", &self.title)
            .finish()
    }
}

/// What a picture shows of one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    /// Not reached by the moment drawn.
    Not,
    /// On the open set.
    Reached,
    /// Expanded, first as the k-th expansion (from 0).
    Expanded(u64),
}

impl<'p, P: SearchProblem> StateRecorder<'p, P> {
    /// A picture of the search (all of it; see [`StatePicture::after`] for part of it).
    pub fn picture(&self) -> StatePicture<'_, 'p, P> {
        StatePicture::new(self)
    }
}

impl<'r, 'p, P: SearchProblem> StatePicture<'r, 'p, P> {
    fn new(recorder: &'r StateRecorder<'p, P>) -> Self {
        StatePicture {
            recorder,
            after: None,
            path: Vec::new(),
            title: String::new(),
        }
    }

    /// Draws the search as it stood after `expansions` expansions (by default, all of it).
    pub fn after(mut self, expansions: u64) -> Self {
        self.after = Some(expansions);
        self
    }

    /// Adds a path to draw (usually [`Solution::path`](crate::Solution::path)); states of it
    /// that the recorder never saw are left out.
    pub fn path(mut self, path: &[P::State]) -> Self {
        self.path = self.recorder.numbers(path);
        self
    }

    /// Sets a title, drawn above the picture; a line break starts a second line.
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// Sets the title to the algorithm's name over its cost (`None`: no path) and its counts,
    /// e.g. "A*" over "cost 12 · 11 expanded · 25 generated · peak open 7".
    pub fn summary(self, algorithm: impl fmt::Display, cost: Option<f64>, stats: Stats) -> Self {
        let title = summary_title(algorithm, cost, stats);
        self.title(title)
    }

    /// The picture as a standalone SVG document, `width` pixels wide for the points (the
    /// height follows their spread, at most 1.5 times the width); `width` is clamped to
    /// 60–65,536, and 60 is taken for NaN.
    pub fn to_svg(&self, width: f64) -> String {
        StatePicture::side_by_side_svg(std::slice::from_ref(self), width)
    }

    /// Several pictures next to each other in one SVG document, each `width` pixels wide,
    /// over one legend: the way to compare two searches of the same problem.
    ///
    /// Each panel is a `<g>` whose `data-left`, `data-top`, `data-scale`, `data-x` and
    /// `data-y` attributes say where a state at position (x, y) is drawn: at pixel
    /// (`left + (x - data-x) × scale`, `top + (y - data-y) × scale`).
    pub fn side_by_side_svg(pictures: &[StatePicture<'_, '_, P>], width: f64) -> String {
        let width = if width.is_finite() && width >= 60.0 {
            width.min(MAX_PANEL_PIXELS)
        } else {
            60.0
        };
        let gap = 24.0;
        let lines = pictures
            .iter()
            .map(|p| wrap(&p.title, width).len())
            .max()
            .unwrap_or(0) as f64;
        let title_height = 8.0 + 18.0 * lines;
        let legend_height = 34.0;
        // One frame for all: side by side, each state is at the same place in each panel.
        let positions: Vec<Vec<(f64, f64)>> =
            pictures.iter().map(|p| p.recorder.positions()).collect();
        let frame = Frame::new(&positions, width);
        let panels = pictures.len() as f64 * (width + gap) + gap;
        let total_width = panels.max(LEGEND_WIDTH + 2.0 * gap);
        let map_height = frame.height;
        let height = map_height + title_height + legend_height + 2.0 * gap;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{total_width:.0}\" \
             height=\"{height:.0}\" viewBox=\"0 0 {total_width:.0} {height:.0}\" \
             font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        );
        let mut left = gap;
        for (picture, positions) in pictures.iter().zip(&positions) {
            picture.draw(&mut svg, &frame, positions, left, gap + title_height, width);
            left += width + gap;
        }
        legend(&mut svg, gap, gap + title_height + map_height + 10.0);
        svg.push_str("</svg>\n");
        svg
    }

    /// Each state as the picture shows it, and its parent (in the tree as it stood then).
    fn seen(&self) -> (Vec<Seen>, Vec<u32>) {
        let count = self.recorder.states();
        let mut first = vec![None; count];
        let mut open = vec![false; count];
        let mut parents = vec![NONE; count];
        let limit = self.after.unwrap_or(u64::MAX);
        let mut expansions = 0u64;
        for entry in &self.recorder.history {
            let state = entry.state as usize;
            if entry.expanded {
                if expansions == limit {
                    break;
                }
                open[state] = false;
                first[state] = first[state].or(Some(expansions));
                expansions += 1;
            } else {
                // Generated, moved up or reopened: on the open set.
                open[state] = true;
                parents[state] = entry.parent;
            }
        }
        let seen = (0..count)
            .map(|state| match (open[state], first[state]) {
                (true, _) => Seen::Reached,
                (false, Some(k)) => Seen::Expanded(k),
                (false, None) => Seen::Not,
            })
            .collect();
        (seen, parents)
    }

    /// Draws this picture with its top-left corner at (`left`, `top`).
    fn draw(
        &self,
        svg: &mut String,
        frame: &Frame,
        positions: &[(f64, f64)],
        left: f64,
        top: f64,
        width: f64,
    ) {
        let lines = wrap(&self.title, width);
        let (origin_x, origin_y) = (left + MARGIN + frame.offset, top + MARGIN);
        let _ = writeln!(
            svg,
            "<g data-left=\"{origin_x}\" data-top=\"{origin_y}\" data-scale=\"{}\" data-x=\"{}\" \
             data-y=\"{}\">",
            frame.scale, frame.x0, frame.y0
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
        let point = |state: usize| -> Option<(f64, f64)> {
            let (x, y) = *positions.get(state)?;
            (x.is_finite() && y.is_finite()).then(|| {
                let (dx, dy) = frame.place(x, y);
                (origin_x + dx, origin_y + dy)
            })
        };
        let (seen, parents) = self.seen();
        let r = frame.radius;
        // The tree, under the points.
        let mut tree = String::new();
        for (state, &parent) in parents.iter().enumerate() {
            if seen[state] == Seen::Not || parent == NONE {
                continue;
            }
            if let (Some((x, y)), Some((px, py))) = (point(state), point(parent as usize)) {
                let _ = write!(tree, "M{x:.2} {y:.2}L{px:.2} {py:.2}");
            }
        }
        if !tree.is_empty() {
            let _ = writeln!(
                svg,
                "<path d=\"{tree}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\"/>",
                palette::TREE,
                (r / 4.0).clamp(0.6, 1.5)
            );
        }
        let dots = |chosen: &dyn Fn(Seen) -> bool, radius: f64| {
            let mut d = String::new();
            for (state, &s) in seen.iter().enumerate() {
                if chosen(s) {
                    if let Some((x, y)) = point(state) {
                        circle(&mut d, x, y, radius);
                    }
                }
            }
            d
        };
        let unseen = dots(&|s| s == Seen::Not, r * 0.6);
        if !unseen.is_empty() {
            let _ = writeln!(svg, "<path d=\"{unseen}\" fill=\"{}\"/>", palette::UNSEEN);
        }
        let expansions = seen
            .iter()
            .filter_map(|s| match s {
                Seen::Expanded(k) => Some(*k + 1),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let last = expansions.max(2) - 1;
        for shade in 0..SHADES {
            let cells = dots(
                &|s| match s {
                    Seen::Expanded(k) => {
                        (k * u64::from(SHADES) / (last + 1)).min(u64::from(SHADES) - 1)
                            == u64::from(shade)
                    }
                    _ => false,
                },
                r,
            );
            if !cells.is_empty() {
                let colour = expanded_colour(f64::from(shade) / f64::from(SHADES - 1));
                let _ = writeln!(svg, "<path d=\"{cells}\" fill=\"{}\"/>", rgb(colour));
            }
        }
        let reached = dots(&|s| s == Seen::Reached, r);
        if !reached.is_empty() {
            let _ = writeln!(
                svg,
                "<path d=\"{reached}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{:.2}\"/>",
                palette::REACHED,
                palette::REACHED_EDGE,
                (r / 4.0).clamp(0.6, 1.5)
            );
        }
        let points: Vec<String> = self
            .path
            .iter()
            .filter_map(|&s| point(s))
            .map(|(x, y)| format!("{x:.2},{y:.2}"))
            .collect();
        if points.len() > 1 {
            let _ = writeln!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" \
                 stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
                points.join(" "),
                palette::PATH,
                (r * 0.4).max(2.0)
            );
        }
        let (starts, goals) = self.recorder.ends();
        let ends = starts
            .iter()
            .map(|&s| (s, palette::START, "start"))
            .chain(goals.iter().map(|&s| (s, palette::GOAL, "goal")));
        for (state, colour, what) in ends {
            if let Some((x, y)) = point(state) {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{:.2}\" fill=\"{colour}\"><title>{what}</title></circle>",
                    (r * 1.25).max(4.0)
                );
            }
        }
        svg.push_str("</g>\n");
    }
}

/// Where a panel's points go: pixel = origin + (position − (x0, y0)) × scale.
struct Frame {
    x0: f64,
    y0: f64,
    scale: f64,
    /// A power of two that positions are multiplied by before they are subtracted: 1, or ½
    /// when the positions spread wider than `f64::MAX` (from −1e308 to 1e308), where the
    /// difference of two of them would overflow to infinity.
    unit: f64,
    radius: f64,
    offset: f64,
    height: f64,
}

impl Frame {
    /// The frame of panels `width` pixels wide that holds every one of the `positions` (of
    /// several pictures).
    fn new(positions: &[Vec<(f64, f64)>], width: f64) -> Frame {
        let finite = || {
            positions
                .iter()
                .flatten()
                .copied()
                .filter(|(x, y)| x.is_finite() && y.is_finite())
        };
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for (x, y) in finite() {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        if finite().next().is_none() {
            (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
        }
        // Halving is exact (but in the subnormals, far below any spread that needs it).
        let unit = if (x1 - x0).is_finite() && (y1 - y0).is_finite() {
            1.0
        } else {
            0.5
        };
        // The spreads and the scale in units: both finite, whatever the positions.
        let (spread_x, spread_y) = (x1 * unit - x0 * unit, y1 * unit - y0 * unit);
        let inner = width - 2.0 * MARGIN;
        let mut scale = if spread_x > 0.0 {
            inner / spread_x
        } else if spread_y > 0.0 {
            inner / spread_y
        } else {
            1.0
        };
        if spread_y * scale > 1.5 * inner {
            scale = 1.5 * inner / spread_y;
        }
        // A third of the spacing of the points: 1 on a lattice, else the side of the square
        // each would have if the most numerous picture's shared the area evenly.
        let lattice = finite().all(|(x, y)| x.fract() == 0.0 && y.fract() == 0.0);
        let count = positions.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let radius = if lattice {
            0.32 * unit * scale
        } else if unit == 1.0 {
            let area = spread_x.max(spread_y / 10.0) * spread_y.max(spread_x / 10.0);
            0.32 * (area / count as f64).sqrt() * scale
        } else {
            // The area in square units could overflow; in square pixels it cannot.
            let (wide, high) = (spread_x * scale, spread_y * scale);
            0.32 * (wide.max(high / 10.0) * high.max(wide / 10.0) / count as f64).sqrt()
        };
        Frame {
            x0,
            y0,
            scale: scale * unit,
            unit,
            radius: radius.clamp(1.5, 10.0),
            // Centred across the panel.
            offset: (inner - spread_x * scale) / 2.0,
            height: spread_y * scale + 2.0 * MARGIN,
        }
    }

    /// Where the point at (`x`, `y`) is drawn, relative to the origin of the points.
    fn place(&self, x: f64, y: f64) -> (f64, f64) {
        let per_unit = self.scale / self.unit;
        (
            (x * self.unit - self.x0 * self.unit) * per_unit,
            (y * self.unit - self.y0 * self.unit) * per_unit,
        )
    }
}

/// The lines of a title as drawn in a panel `width` pixels wide: a line too long for it is
/// broken after a ` · `, where it can be.
fn wrap(title: &str, width: f64) -> Vec<String> {
    // About 7 pixels a character at 13 pixels (the bold first line is wider, and shorter).
    let fits = |text: &str| text.chars().count() as f64 * 7.0 <= width;
    let mut lines = Vec::new();
    for line in title.lines() {
        let mut current = String::new();
        for part in line.split(" · ") {
            if current.is_empty() {
                current = part.to_owned();
            } else if fits(&format!("{current} · {part}")) {
                current = format!("{current} · {part}");
            } else {
                lines.push(std::mem::replace(&mut current, part.to_owned()));
            }
        }
        lines.push(current);
    }
    lines
}

/// Appends a circle as a path: two arcs.
fn circle(d: &mut String, x: f64, y: f64, r: f64) {
    let _ = write!(
        d,
        "M{:.2} {y:.2}a{r:.2} {r:.2} 0 1 0 {:.2} 0a{r:.2} {r:.2} 0 1 0 {:.2} 0z",
        x - r,
        2.0 * r,
        -2.0 * r
    );
}

/// The width the legend takes, in pixels.
const LEGEND_WIDTH: f64 = 620.0;

/// Draws the legend of a drawing of points with its top-left corner at (`left`, `top`): each
/// item a `<g>` whose `data-legend` names it.
fn legend(svg: &mut String, left: f64, top: f64) {
    let _ = writeln!(svg, "<g font-size=\"13\">");
    let labels = [
        "not reached",
        "expanded (early → late)",
        "reached",
        "search tree",
        "path",
        "start",
        "goal",
    ];
    let mut x = left;
    for label in labels {
        let (cx, cy) = (x + 7.0, top + 7.0);
        let swatch = match label {
            "not reached" => {
                format!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"6\" fill=\"{}\"/>",
                    palette::UNSEEN
                )
            }
            "reached" => format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"6\" fill=\"{}\" stroke=\"{}\"/>",
                palette::REACHED,
                palette::REACHED_EDGE
            ),
            "search tree" => format!(
                "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"2\" fill=\"{}\"/>",
                top + 6.0,
                palette::TREE
            ),
            common => common_swatch(common, x, top),
        };
        x = legend_item(svg, x, top, label, &swatch);
    }
    svg.push_str("</g>\n");
}

/// The 14-pixel swatch, at (`x`, `top`), of a legend item that the grid pictures and the
/// pictures of points draw alike: "path", "start", "goal", and otherwise the expanded states'
/// early-to-late shades.
pub(crate) fn common_swatch(label: &str, x: f64, top: f64) -> String {
    let (cx, cy) = (x + 7.0, top + 7.0);
    let dot = |colour: &str| format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"6\" fill=\"{colour}\"/>");
    match label {
        "path" => format!(
            "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"4\" fill=\"{}\"/>",
            top + 5.0,
            palette::PATH
        ),
        "start" => dot(palette::START),
        "goal" => dot(palette::GOAL),
        _ => format!(
            "<rect x=\"{x}\" y=\"{top}\" width=\"7\" height=\"14\" fill=\"{}\"/>\
             <rect x=\"{cx}\" y=\"{top}\" width=\"7\" height=\"14\" fill=\"{}\"/>",
            rgb(expanded_colour(0.0)),
            rgb(expanded_colour(1.0))
        ),
    }
}

/// Writes a legend item at (`x`, `top`): its swatch and its label, in a `<g>` whose
/// `data-legend` names it. Returns where the next item starts.
pub(crate) fn legend_item(svg: &mut String, x: f64, top: f64, label: &str, swatch: &str) -> f64 {
    let _ = writeln!(
        svg,
        "<g data-legend=\"{label}\">{swatch}<text x=\"{}\" y=\"{}\">{}</text></g>",
        x + 19.0,
        top + 12.0,
        escape(label)
    );
    x + 33.0 + 7.5 * label.chars().count() as f64
}

/// A title of an algorithm's name over its cost and counts.
pub(crate) fn summary_title(
    algorithm: impl fmt::Display,
    cost: Option<f64>,
    stats: Stats,
) -> String {
    let cost = cost.map_or_else(|| "no path".to_owned(), |c| format!("cost {}", round(c)));
    format!(
        "{algorithm}\n{cost} · {} expanded · {} generated · peak open {}",
        stats.expanded, stats.generated, stats.max_open
    )
}

/// A cost for a title: whole numbers without decimals, others to four places.
pub(crate) fn round(cost: f64) -> String {
    if cost.fract() == 0.0 && cost.abs() < 1e15 {
        format!("{cost:.0}")
    } else {
        format!("{cost:.4}")
    }
}

/// Text for SVG: `&`, `<`, `>` and quotes escaped, and the characters XML 1.0 forbids (the
/// control characters but tab, line feed and carriage return, and the non-characters U+FFFE and
/// U+FFFF) replaced by U+FFFD, so that any title gives a well-formed document.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// The largest size of a grid cell in an SVG picture, in pixels: larger requests are clamped, so
/// that a picture's dimensions stay finite numbers.
pub(crate) const MAX_CELL_PIXELS: f64 = 1024.0;

/// The largest width of a panel of a `StatePicture`, in pixels: larger requests are clamped.
pub(crate) const MAX_PANEL_PIXELS: f64 = 65_536.0;
