//! The replay page's data: decoded here as the page's script decodes it, it gives back every
//! event the search made (state, g and h bit for bit) and counters equal to `Stats`, for
//! uniform grids, weighted grids and searches of any space drawn as points. The page itself is
//! checked in a browser by `scripts/browser-test.py`, run from `.ci/run`.

mod common;

use common::{config, graph};
use informed::grid::{
    Cell, Grid, JumpPointSearcher, JumpTable, Movement, Replay, ReplayRecorder, WeightedGrid,
};
use informed::{
    Algorithm, Event, Heuristic, Observer, OpenOrder, Search, SearchProblem, StatePicture,
    StateRecorder, Stats, TieBreak,
};
use proptest::prelude::*;

const GENERATE: u8 = 0;
const DECREASE: u8 = 1;
const REOPEN: u8 = 2;
const EXPAND: u8 = 3;

/// One event: kind, cell index, g and h as bits.
type Raw = (u8, usize, u64, u64);

/// Forwards events to a replay recorder and keeps them as they were, for comparison.
struct Tee<'g> {
    recorder: ReplayRecorder<'g>,
    raw: Vec<Raw>,
    width: usize,
    h: Vec<u64>,
}

impl Observer<Cell, f64> for Tee<'_> {
    fn observe(&mut self, event: Event<'_, Cell, f64>) {
        self.recorder.observe(event);
        let index = |c: &Cell| c.y as usize * self.width + c.x as usize;
        let (kind, cell, g) = match event {
            Event::Generate { state, g, h, .. } => {
                self.h[index(state)] = h.to_bits();
                (GENERATE, index(state), g)
            }
            Event::DecreaseKey { state, g, .. } => (DECREASE, index(state), g),
            Event::Reopen { state, g, .. } => (REOPEN, index(state), g),
            Event::Expand { state, g, .. } => (EXPAND, index(state), g),
            _ => return,
        };
        self.raw.push((kind, cell, g.to_bits(), self.h[cell]));
    }
}

/// The text of the field `name` of the `panel`-th panel in the page's data (a list whole, in
/// its brackets).
fn field<'a>(html: &'a str, panel: usize, name: &str) -> &'a str {
    let key = format!("\"{name}\":");
    let html = &html[html.find("\"panels\":[").expect("the panels")..];
    let at = html.match_indices(&key).nth(panel).expect("the field").0 + key.len();
    let rest = &html[at..];
    if let Some(quoted) = rest.strip_prefix('"') {
        &quoted[..quoted.find('"').unwrap()]
    } else if rest.starts_with('[') {
        &rest[..=rest.find(']').unwrap()]
    } else {
        &rest[..rest.find([',', '}']).unwrap()]
    }
}

/// A list field's numbers.
fn numbers(text: &str) -> Vec<usize> {
    text.trim_matches(['[', ']'])
        .split(',')
        .filter(|n| !n.is_empty())
        .map(|n| n.parse().unwrap())
        .collect()
}

fn unbase64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let mut out = Vec::new();
    for chunk in text.as_bytes().chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != b'=')
            .fold(0u32, |n, (i, &c)| n | u32::from(value(c)) << (18 - 6 * i));
        let bytes = chunk.iter().filter(|c| **c != b'=').count() - 1;
        out.extend_from_slice(&n.to_be_bytes()[1..1 + bytes]);
    }
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> u8 {
        self.at += 1;
        self.bytes[self.at - 1]
    }
    fn varint(&mut self) -> u64 {
        let (mut value, mut shift) = (0, 0);
        loop {
            let b = self.byte();
            value |= u64::from(b & 127) << shift;
            shift += 7;
            if b & 128 == 0 {
                return value;
            }
        }
    }
    fn f64(&mut self) -> f64 {
        self.at += 8;
        f64::from_le_bytes(self.bytes[self.at - 8..self.at].try_into().unwrap())
    }
    fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }
}

/// Decodes a panel as the page's script does: its events, and its counters at the end.
fn decode(html: &str, panel: usize) -> (Vec<Raw>, Stats) {
    let (events, stats, _) = decode_with_parents(html, panel);
    (events, stats)
}

/// [`decode`], with the parent each event other than an expansion gives its state (`None`
/// for a start), as the page draws a jump point search's jumps from them.
fn decode_with_parents(html: &str, panel: usize) -> (Vec<Raw>, Stats, Vec<Option<usize>>) {
    let width: usize = field(html, panel, "width").parse().unwrap();
    let height: usize = field(html, panel, "height").parse().unwrap();
    let states = if field(html, panel, "layout") == "grid" {
        width * height
    } else {
        unbase64(field(html, panel, "xy")).len() / 16
    };
    let costs = unbase64(field(html, panel, "costs"));
    let goal = numbers(field(html, panel, "goals"))
        .first()
        .copied()
        .unwrap_or(0);
    let heuristic = field(html, panel, "heuristic").to_owned();
    let scale: f64 = field(html, panel, "hscale").parse().unwrap();
    let (gx, gy) = if width > 0 {
        ((goal % width) as f64, (goal / width) as f64)
    } else {
        (0.0, 0.0)
    };
    let estimate = |c: usize| {
        let (dx, dy) = (
            ((c % width.max(1)) as f64 - gx).abs(),
            ((c / width.max(1)) as f64 - gy).abs(),
        );
        let h = match heuristic.as_str() {
            "zero" => 0.0,
            "manhattan" => dx + dy,
            _ => {
                let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
                high + (informed::grid::DIAGONAL - 1.0) * low
            }
        };
        if scale == 1.0 { h } else { h * scale }
    };
    let exceptions_bytes = unbase64(field(html, panel, "exceptions"));
    let mut exceptions = std::collections::HashMap::new();
    let mut reader = Reader {
        bytes: &exceptions_bytes,
        at: 0,
    };
    let mut number = 0;
    while !reader.done() {
        number += reader.varint();
        exceptions.insert(number, reader.f64());
    }
    let stream = unbase64(field(html, panel, "stream"));
    let mut reader = Reader {
        bytes: &stream,
        at: 0,
    };
    let (dx, dy) = (
        [-1i64, 0, 1, -1, 1, -1, 0, 1],
        [-1i64, -1, -1, 0, 0, 1, 1, 1],
    );
    let mut g = vec![f64::NAN; states];
    let mut h = vec![f64::NAN; states];
    let (mut current, mut previous, mut generated_number) = (0usize, 0i64, 0u64);
    let mut stats = Stats::default();
    let mut open = 0i64;
    let mut events = Vec::new();
    let mut parents = Vec::new();
    while !reader.done() {
        let first = reader.byte();
        let kind = first & 7;
        if kind == 0 {
            stats.max_open = stats.max_open.max(open as usize);
            let mut count = u64::from(first >> 3 & 15);
            if count == 15 {
                count = reader.varint();
            }
            let z = reader.varint() as i64;
            let c = previous + ((z >> 1) ^ -(z & 1));
            previous = c;
            current = c as usize;
            if first & 128 != 0 {
                g[current] = reader.f64();
                h[current] = reader.f64();
            }
            stats.generated += count;
            stats.expanded += 1;
            open -= 1;
            events.push((EXPAND, current, g[current].to_bits(), h[current].to_bits()));
            continue;
        }
        let (k, c, value, parent) = if kind <= 3 {
            let d = usize::from(first >> 3 & 7);
            let c = (current as i64 + dx[d] + dy[d] * width as i64) as usize;
            let step = if dx[d] != 0 && dy[d] != 0 {
                informed::grid::DIAGONAL
            } else {
                1.0
            };
            let cost = costs.get(c).map_or(1.0, |&c| f64::from(c));
            let value = if first & 64 != 0 {
                reader.f64()
            } else {
                g[current] + step * cost
            };
            (kind - 1, c, value, Some(current))
        } else {
            let c = reader.varint() as usize;
            let parent = reader.varint();
            let value = if first & 64 != 0 { reader.f64() } else { 0.0 };
            if parent == 0 && kind - 4 == GENERATE {
                stats.generated += 1;
            }
            (kind - 4, c, value, (parent as usize).checked_sub(1))
        };
        match k {
            GENERATE => {
                h[c] = exceptions
                    .get(&generated_number)
                    .copied()
                    .unwrap_or_else(|| estimate(c));
                generated_number += 1;
                open += 1;
            }
            DECREASE => stats.decrease_keys += 1,
            _ => {
                stats.reopened += 1;
                open += 1;
            }
        }
        g[c] = value;
        events.push((k, c, value.to_bits(), h[c].to_bits()));
        parents.push(parent);
    }
    stats.max_open = stats.max_open.max(open as usize);
    (events, stats, parents)
}

/// Runs `search` on `problem` through a tee, writes a one-panel page, and checks that the page
/// decodes to the same events and to the search's counts.
fn check_replay(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    movement: Movement,
    search: impl FnOnce(&informed::grid::GridProblem<'_>, &mut Tee<'_>) -> Option<Stats>,
) {
    let problem = grid.problem(start, goal, movement).unwrap();
    check_query(problem, grid.width() as usize, search);
}

/// As [`check_replay`], for a query on either kind of grid `width` cells wide.
fn check_query<'g, Q: informed::grid::GridQuery<'g>>(
    problem: Q,
    width: usize,
    search: impl FnOnce(&Q, &mut Tee<'g>) -> Option<Stats>,
) {
    let cells = problem.index_bound().unwrap();
    let mut tee = Tee {
        recorder: ReplayRecorder::new(problem),
        raw: Vec::new(),
        width,
        h: vec![0; cells],
    };
    let Some(stats) = search(&problem, &mut tee) else {
        return;
    };
    let html = Replay::new()
        .search("search", &tee.recorder, None)
        .to_html();
    let (events, decoded) = decode(&html, 0);
    assert_eq!(events, tee.raw, "events");
    assert_stats(decoded, stats);
    assert_eq!(tee.recorder.expansions(), stats.expanded);
}

/// The counts a page keeps are those of the search.
fn assert_stats(decoded: Stats, stats: Stats) {
    assert_eq!(decoded.expanded, stats.expanded, "expanded");
    assert_eq!(decoded.generated, stats.generated, "generated");
    assert_eq!(decoded.decrease_keys, stats.decrease_keys, "decrease_keys");
    assert_eq!(decoded.reopened, stats.reopened, "reopened");
    assert_eq!(decoded.max_open, stats.max_open, "max_open");
}

fn random_grid() -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (1u32..14, 1u32..14)
        .prop_flat_map(|(w, h)| {
            let n = (w * h) as usize;
            (
                Just((w, h)),
                proptest::collection::vec(prop::bool::weighted(0.7), n),
                0..n,
                0..n,
            )
        })
        .prop_map(|((w, h), free, start, goal)| {
            let mut grid = Grid::new(w, h);
            for (i, &f) in free.iter().enumerate() {
                grid.set_free(Cell::new(i as u32 % w, i as u32 / w), f);
            }
            let start = Cell::new(start as u32 % w, start as u32 / w);
            let goal = Cell::new(goal as u32 % w, goal as u32 / w);
            grid.set_free(start, true);
            grid.set_free(goal, true);
            (grid, start, goal)
        })
}

const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight,
    Movement::EightCuttingCorners,
    Movement::EightThroughGaps,
];

/// Twice the octile distance: inadmissible, so A* reopens closed cells.
#[derive(Clone, Copy)]
struct Doubled(informed::grid::Octile);

impl Heuristic<Cell, f64> for Doubled {
    fn estimate(&self, cell: &Cell) -> f64 {
        2.0 * self.0.estimate(cell)
    }
}

proptest! {
    #![proptest_config(config())]

    /// Dijkstra, A* with each heuristic (those the page recomputes, Euclidean whose h the page
    /// is given, an inadmissible one that reopens), greedy and weighted A*: the page's data
    /// gives back every event and the counts, found a path or not.
    #[test]
    fn the_page_decodes_to_the_search((grid, start, goal) in random_grid()) {
        for movement in MOVEMENTS {
            let stats = |outcome: informed::SearchResult<informed::grid::GridProblem<'_>>| match outcome {
                Ok(solution) => Some(solution.stats()),
                Err(error) => Some(error.stats()),
            };
            check_replay(&grid, start, goal, movement, |p, tee| stats(Search::new(p).observer(tee).dijkstra()));
            check_replay(&grid, start, goal, movement, |p, tee| stats(Search::new(p).observer(tee).astar_with(p.manhattan())));
            check_replay(&grid, start, goal, movement, |p, tee| stats(Search::new(p).observer(tee).astar_with(p.octile())));
            check_replay(&grid, start, goal, movement, |p, tee| stats(Search::new(p).observer(tee).astar_with(p.euclidean())));
            check_replay(&grid, start, goal, movement, |p, tee| stats(Search::new(p).observer(tee).astar_with(Doubled(p.octile()))));
            check_replay(&grid, start, goal, movement, |p, tee| stats(Search::new(p).observer(tee).greedy_with(p.octile())));
            check_replay(&grid, start, goal, movement, |p, tee| stats(Search::new(p).observer(tee).weighted_astar_with(p.octile(), 3.0)));
        }
    }
}

#[test]
fn reopenings_are_replayed() {
    // An inadmissible heuristic on grids with walls reopens closed cells; try grids until one
    // does (the first few do).
    let mut seed = 12345u64;
    let mut reopened = 0;
    for _ in 0..200 {
        let mut grid = Grid::new(24, 24);
        common::scatter_walls(&mut grid, 30, &mut seed);
        let (start, goal) = (Cell::new(0, 0), Cell::new(23, 23));
        grid.set_free(start, true);
        grid.set_free(goal, true);
        check_replay(&grid, start, goal, Movement::Eight, |p, tee| {
            let stats = match Search::new(p).observer(tee).astar_with(Doubled(p.octile())) {
                Ok(solution) => solution.stats(),
                Err(error) => error.stats(),
            };
            reopened += stats.reopened;
            Some(stats)
        });
        if reopened > 0 {
            break;
        }
    }
    assert!(reopened > 0);
}

/// A jump point search's events as the page decodes them, and the parent each event other
/// than an expansion gives its state.
struct JumpEvents {
    raw: Vec<Raw>,
    parents: Vec<Option<usize>>,
    width: usize,
    h: Vec<u64>,
}

impl Observer<Cell, f64> for JumpEvents {
    fn observe(&mut self, event: Event<'_, Cell, f64>) {
        let index = |c: &Cell| c.y as usize * self.width + c.x as usize;
        let (kind, cell, g, parent) = match event {
            Event::Generate {
                state,
                parent,
                g,
                h,
            } => {
                self.h[index(state)] = h.to_bits();
                (GENERATE, index(state), g, Some(parent.map(index)))
            }
            Event::DecreaseKey {
                state, parent, g, ..
            } => (DECREASE, index(state), g, Some(Some(index(parent)))),
            Event::Reopen {
                state, parent, g, ..
            } => (REOPEN, index(state), g, Some(Some(index(parent)))),
            Event::Expand { state, g, .. } => (EXPAND, index(state), g, None),
            _ => return,
        };
        self.raw.push((kind, cell, g.to_bits(), self.h[cell]));
        self.parents.extend(parent);
    }
}

/// The cells of a panel's path.
fn path_of(html: &str, panel: usize) -> Vec<usize> {
    let bytes = unbase64(field(html, panel, "path"));
    let mut reader = Reader {
        bytes: &bytes,
        at: 0,
    };
    let mut path = Vec::new();
    while !reader.done() {
        path.push(reader.varint() as usize);
    }
    path
}

proptest! {
    #![proptest_config(config())]

    /// A page of jump point search (JPS and JPS+, with either tie-break) beside A*: it gives
    /// back every event of the search with the parent of each jump point (the jumps the page
    /// draws), its counts (`generated`: the jumps that found a jump point, which no event
    /// shows) and its path; the A* panel draws no jumps.
    #[test]
    fn a_jump_point_page_decodes_to_the_search((grid, start, goal) in random_grid()) {
        let table = JumpTable::build(&grid).unwrap();
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        let cells = grid.width() as usize * grid.height() as usize;
        for tie_break in [TieBreak::Fifo, TieBreak::Lifo] {
            for plus in [false, true] {
                let mut searcher = if plus {
                    JumpPointSearcher::with_table(&grid, table.clone()).unwrap()
                } else {
                    JumpPointSearcher::new(&grid)
                };
                let mut events = JumpEvents { raw: Vec::new(), parents: Vec::new(), width: grid.width() as usize, h: vec![0; cells] };
                let outcome = Search::new(&problem).tie_break(tie_break).observer(&mut events).jps_in(&mut searcher);
                let html = Replay::new()
                    .tie_break(tie_break)
                    .run(problem, &[Algorithm::AStar], problem.octile())
                    .unwrap()
                    .jps(&problem, &mut searcher)
                    .unwrap()
                    .to_html();
                prop_assert_eq!(field(&html, 0, "jumps"), "false");
                prop_assert_eq!(field(&html, 1, "jumps"), "true");
                prop_assert_eq!(field(&html, 1, "label"), if plus { "JPS+" } else { "JPS" });
                let (decoded, stats, parents) = decode_with_parents(&html, 1);
                prop_assert_eq!(decoded, events.raw);
                prop_assert_eq!(parents, events.parents);
                let path: Vec<usize> = match &outcome {
                    Ok(solution) => solution.path().iter().map(|&c| grid.index(c)).collect(),
                    Err(_) => Vec::new(),
                };
                prop_assert_eq!(path_of(&html, 1), path);
                assert_stats(stats, outcome_stats(outcome));
            }
        }
    }
}

#[test]
fn a_side_by_side_page_holds_both_searches_and_their_paths() {
    let grid = Grid::from_ascii(
        "..........\n\
         ...####...\n\
         ......#...\n\
         ......#...",
    )
    .unwrap();
    let problem = grid
        .problem(Cell::new(0, 3), Cell::new(9, 3), Movement::Four)
        .unwrap();
    let algorithms = [informed::Algorithm::Dijkstra, informed::Algorithm::AStar];
    let html = Replay::new()
        .run(problem, &algorithms, problem.manhattan())
        .unwrap()
        .to_html();
    let astar = informed::astar_with(&problem, problem.manhattan()).unwrap();
    let dijkstra = informed::dijkstra(&problem).unwrap();
    assert_eq!(field(&html, 0, "label"), "Dijkstra");
    assert_eq!(field(&html, 1, "label"), "A*");
    for (panel, solution) in [(0, &dijkstra), (1, &astar)] {
        assert_eq!(decode(&html, panel).1, {
            let mut stats = Stats::default();
            let s = solution.stats();
            stats.expanded = s.expanded;
            stats.generated = s.generated;
            stats.max_open = s.max_open;
            stats
        });
        let path: Vec<u8> = unbase64(field(&html, panel, "path"));
        let expected: Vec<u8> = solution
            .path()
            .iter()
            .map(|c| grid.index(*c) as u8)
            .collect();
        assert_eq!(
            path, expected,
            "the path's cells (all below 128: one byte each)"
        );
        assert_eq!(field(&html, panel, "cost"), solution.cost().to_string());
    }
    assert_eq!(field(&html, 0, "heuristic"), "zero");
    assert_eq!(field(&html, 1, "heuristic"), "manhattan");
    // Self-contained: no address to fetch.
    for fetch in [
        "src=",
        "href=",
        "http:",
        "https:",
        "fetch(",
        "XMLHttpRequest",
    ] {
        assert!(!html.contains(fetch), "{fetch}");
    }
}

#[test]
fn a_search_without_a_path_gets_a_panel_without_one() {
    let grid = Grid::from_ascii("..#..\n..#..").unwrap();
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(4, 0), Movement::Eight)
        .unwrap();
    let html = Replay::new()
        .run(problem, &[informed::Algorithm::AStar], problem.octile())
        .unwrap()
        .to_html();
    assert_eq!(field(&html, 0, "cost"), "null");
    assert_eq!(field(&html, 0, "path"), "");
    assert_eq!(decode(&html, 0).1.expanded, 4);
}

#[test]
fn labels_cannot_end_the_script() {
    let grid = Grid::new(3, 1);
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(2, 0), Movement::Four)
        .unwrap();
    let recorder = ReplayRecorder::new(problem);
    let html = Replay::new()
        .title("</script><b>\"quoted\"</b>")
        .search("a & b </script>", &recorder, None)
        .to_html();
    assert_eq!(html.matches("</script>").count(), 1, "only the page's own");
    assert!(html.contains("\\u003c/script\\u003e\\u003cb\\u003e\\\"quoted\\\""));
}

#[test]
fn the_stream_takes_a_few_bytes_an_expansion() {
    let grid = Grid::new(200, 200);
    let problem = grid
        .problem(Cell::new(3, 5), Cell::new(190, 170), Movement::Eight)
        .unwrap();
    let mut recorder = ReplayRecorder::new(problem);
    let solution = Search::new(&problem)
        .observer(&mut recorder)
        .dijkstra()
        .unwrap();
    let stats = solution.stats();
    assert!(stats.expanded > 30_000);
    // An expansion: a byte and a varint delta (two bytes here); a successor opened or moved up:
    // a byte; a few g that the step does not predict (sums of 1 and √2 in another order).
    let bound = 5 * stats.expanded as usize;
    assert!(
        recorder.bytes() <= bound,
        "{} bytes, {stats}",
        recorder.bytes()
    );
}

#[test]
fn the_types_are_thread_safe() {
    fn assert_thread_safe<T: Send + Sync + std::panic::UnwindSafe>() {}
    assert_thread_safe::<ReplayRecorder<'static>>();
    assert_thread_safe::<Replay>();
}

fn random_weighted_grid() -> impl Strategy<Value = (WeightedGrid, Cell, Cell)> {
    (1u32..12, 1u32..12)
        .prop_flat_map(|(w, h)| {
            let n = (w * h) as usize;
            (
                Just((w, h)),
                // 0: a wall (one cell in five), else a cost of 1 to 9.
                proptest::collection::vec(prop_oneof![1 => Just(0u8), 4 => 1u8..10], n),
                0..n,
                0..n,
            )
        })
        .prop_map(|((w, h), costs, start, goal)| {
            let mut grid = WeightedGrid::new(w, h);
            for (i, &cost) in costs.iter().enumerate() {
                let cell = Cell::new(i as u32 % w, i as u32 / w);
                match cost {
                    0 => grid.set_wall(cell),
                    cost => grid.set_cost(cell, cost),
                }
            }
            let start = Cell::new(start as u32 % w, start as u32 / w);
            let goal = Cell::new(goal as u32 % w, goal as u32 / w);
            for end in [start, goal] {
                if !grid.is_free(end) {
                    grid.set_cost(end, 2);
                }
            }
            (grid, start, goal)
        })
}

/// Forwards events to a recorder of any search and keeps them as they were, each state
/// numbered in the order first seen (as the recorder numbers them).
struct PointTee<'p, P: SearchProblem> {
    recorder: StateRecorder<'p, P>,
    numbers: std::collections::HashMap<P::State, usize>,
    raw: Vec<Raw>,
    h: Vec<u64>,
}

impl<P: SearchProblem> PointTee<'_, P> {
    fn number(&mut self, state: &P::State) -> usize {
        let next = self.numbers.len();
        let number = *self.numbers.entry(state.clone()).or_insert(next);
        if number == self.h.len() {
            self.h.push(0);
        }
        number
    }
}

impl<P: SearchProblem> Observer<P::State, P::Cost> for PointTee<'_, P> {
    fn observe(&mut self, event: Event<'_, P::State, P::Cost>) {
        self.recorder.observe(event.clone());
        let (kind, state, g) = match event {
            Event::Generate {
                state,
                parent,
                g,
                h,
                ..
            } => {
                let n = self.number(state);
                if let Some(parent) = parent {
                    self.number(parent);
                }
                self.h[n] = informed::Cost::to_f64(h).to_bits();
                (GENERATE, n, g)
            }
            Event::DecreaseKey { state, g, .. } => (DECREASE, self.number(state), g),
            Event::Reopen { state, g, .. } => (REOPEN, self.number(state), g),
            Event::Expand { state, g, .. } => (EXPAND, self.number(state), g),
            _ => return,
        };
        let g = informed::Cost::to_f64(g).to_bits();
        self.raw.push((kind, state, g, self.h[state]));
    }
}

/// Runs `search` on a random graph through a tee of a recorder of points, and checks that the
/// page decodes to the same events and counts.
fn check_points<C: informed::Cost>(
    graph: &common::Graph<C>,
    order: OpenOrder,
    search: impl FnOnce(&common::Graph<C>, &mut PointTee<'_, common::Graph<C>>) -> Stats,
) {
    let mut tee = PointTee {
        recorder: StateRecorder::new(graph, |&n: &usize| ((n % 7) as f64, (n / 7) as f64 * 1.5))
            .order(order),
        numbers: std::collections::HashMap::new(),
        raw: Vec::new(),
        h: Vec::new(),
    };
    let stats = search(graph, &mut tee);
    let html = Replay::new()
        .search("points", &tee.recorder, None)
        .to_html();
    assert_eq!(field(&html, 0, "layout"), "points");
    let (events, decoded) = decode(&html, 0);
    assert_eq!(events, tee.raw, "events");
    assert_stats(decoded, stats);
    assert_eq!(tee.recorder.expansions(), stats.expanded);
    assert_eq!(tee.recorder.trace().lines().count() as u64, stats.expanded);
    // The positions, in the order the states were numbered.
    let xy = unbase64(field(&html, 0, "xy"));
    let mut by_number: Vec<(usize, usize)> = tee.numbers.iter().map(|(&s, &n)| (n, s)).collect();
    by_number.sort();
    assert_eq!(xy.len(), 16 * by_number.len());
    for (n, state) in by_number {
        let x = f64::from_le_bytes(xy[16 * n..16 * n + 8].try_into().unwrap());
        let y = f64::from_le_bytes(xy[16 * n + 8..16 * n + 16].try_into().unwrap());
        assert_eq!((x, y), ((state % 7) as f64, (state / 7) as f64 * 1.5));
    }
}

fn outcome_stats<S, C: Copy>(
    outcome: Result<informed::Solution<S, C>, informed::SearchError<S, C>>,
) -> Stats {
    match outcome {
        Ok(solution) => solution.stats(),
        Err(error) => error.stats(),
    }
}

proptest! {
    #![proptest_config(config())]

    /// On a weighted grid: Dijkstra, A* with the scaled heuristics the page recomputes, an
    /// inadmissible one that reopens, greedy and weighted A*: the page gives back every event
    /// (g predicted from the cells' costs) and the counts.
    #[test]
    fn the_weighted_page_decodes_to_the_search((grid, start, goal) in random_weighted_grid()) {
        let width = grid.width() as usize;
        for movement in MOVEMENTS {
            let problem = grid.problem(start, goal, movement).unwrap();
            check_query(problem, width, |p, tee| Some(outcome_stats(Search::new(p).observer(tee).dijkstra())));
            check_query(problem, width, |p, tee| Some(outcome_stats(Search::new(p).observer(tee).astar_with(p.manhattan()))));
            check_query(problem, width, |p, tee| Some(outcome_stats(Search::new(p).observer(tee).astar_with(p.octile()))));
            check_query(problem, width, |p, tee| Some(outcome_stats(Search::new(p).observer(tee).astar_with(Doubled(*p.octile().inner())))));
            check_query(problem, width, |p, tee| Some(outcome_stats(Search::new(p).observer(tee).greedy_with(p.octile()))));
            check_query(problem, width, |p, tee| Some(outcome_stats(Search::new(p).observer(tee).weighted_astar_with(p.octile(), 2.5))));
        }
    }

    /// Any search drawn as points: Dijkstra, A* with an estimate that reopens, greedy, with
    /// integer and float costs: the page gives back every event and the counts, and the
    /// positions of the states.
    #[test]
    fn a_page_of_points_decodes_to_the_search(
        int in graph(30, 0..20u32),
        float in graph(30, 0.0..10.0f64),
    ) {
        let estimate = |&n: &usize| (n % 5) as u32 * 3;
        let fifo = |algorithm| OpenOrder::new(algorithm, TieBreak::Fifo);
        check_points(&int, fifo(Algorithm::Dijkstra), |g, tee| outcome_stats(Search::new(g).observer(tee).dijkstra()));
        check_points(&int, fifo(Algorithm::AStar), |g, tee| outcome_stats(Search::new(g).observer(tee).astar(estimate)));
        check_points(&int, fifo(Algorithm::Greedy), |g, tee| outcome_stats(Search::new(g).observer(tee).greedy(estimate)));
        check_points(&float, fifo(Algorithm::AStar), |g, tee| outcome_stats(Search::new(g).observer(tee).astar(|&n: &usize| (n % 3) as f64 * 2.5)));
        check_points(&float, OpenOrder::new(Algorithm::WeightedAStar(2.0), TieBreak::Lifo), |g, tee| {
            outcome_stats(Search::new(g).tie_break(TieBreak::Lifo).observer(tee).weighted_astar(|&n: &usize| (n % 3) as f64, 2.0))
        });
    }
}

#[test]
fn a_page_names_each_algorithms_order() {
    let grid = Grid::from_ascii("......\n.####.\n......").unwrap();
    let problem = grid
        .problem(Cell::new(0, 1), Cell::new(5, 1), Movement::Four)
        .unwrap();
    let algorithms = [
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::WeightedAStar(3.0),
    ];
    let html = Replay::new()
        .tie_break(TieBreak::Lifo)
        .run(problem, &algorithms, problem.manhattan())
        .unwrap()
        .to_html();
    let expected = [
        ("f", "1", "g, then the last stored"),
        ("h", "1", "h, then the smaller g, then the last stored"),
        (
            "f",
            "1",
            "f = g + h, then the smaller h, then the last stored",
        ),
        (
            "f",
            "3",
            "g + w·h (w = 3), then the smaller w·h, then the last stored",
        ),
    ];
    for (panel, (by, weight, text)) in expected.into_iter().enumerate() {
        assert_eq!(field(&html, panel, "by"), by);
        assert_eq!(field(&html, panel, "weight"), weight);
        // LIFO ranks by the complement of the storage order: (i XOR 2^32 - 1) × 1.
        assert_eq!(field(&html, panel, "mask"), "4294967295");
        assert_eq!(field(&html, panel, "multiplier"), "1");
        assert_eq!(field(&html, panel, "larger"), "false");
        assert_eq!(field(&html, panel, "text"), text);
    }
    // The tie-break reached the searches: LIFO greedy on this map differs from FIFO's only in
    // order, and each panel's counts are its search's.
    for (panel, &algorithm) in algorithms.iter().enumerate() {
        let solution = Search::new(&problem)
            .tie_break(TieBreak::Lifo)
            .run_with(algorithm, problem.manhattan())
            .unwrap();
        assert_eq!(decode(&html, panel).1.expanded, solution.stats().expanded);
    }
}

#[test]
fn a_weighted_panel_holds_the_costs_and_the_scaled_heuristic() {
    let grid = WeightedGrid::from_ascii(
        "2222222\n\
         2299922\n\
         22#9922\n\
         2222222",
    )
    .unwrap();
    let problem = grid
        .problem(Cell::new(0, 2), Cell::new(6, 2), Movement::Eight)
        .unwrap();
    let html = Replay::new()
        .run(problem, &[Algorithm::AStar], problem.octile())
        .unwrap()
        .to_html();
    let costs = unbase64(field(&html, 0, "costs"));
    assert_eq!(costs.len(), 28);
    assert_eq!(&costs[14..21], &[2, 2, 0, 9, 9, 2, 2]);
    assert_eq!(field(&html, 0, "heuristic"), "octile");
    assert_eq!(field(&html, 0, "hscale"), "2");
    assert_eq!(
        field(&html, 0, "exceptions"),
        "",
        "every h recomputed by the page"
    );
}

#[test]
fn labels_and_positions_of_points() {
    let problem = informed::from_fn_unit(0u8, |&n: &u8| [n + 1, n / 2], |&n| n == 5);
    let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), f64::from(n % 2)))
        .label(|n| format!("n{n} <&>"));
    let solution = Search::new(&problem).observer(&mut recorder).bfs().unwrap();
    let html = Replay::new()
        .search("BFS", &recorder, Some(&solution))
        .to_html();
    assert!(
        html.contains("\"labels\":[\"n0 \\u003c\\u0026\\u003e\""),
        "{html}"
    );
    assert_eq!(numbers(field(&html, 0, "starts")), [0]);
    assert_eq!(numbers(field(&html, 0, "goals")), [5]);
    assert_eq!(
        field(&html, 0, "by"),
        "f",
        "learned: Dijkstra's, BFS's on unit steps"
    );
    // The path's states, numbered in the order seen: 0, 1, 2, ... here.
    let path: Vec<u8> = unbase64(field(&html, 0, "path"));
    assert_eq!(path, [0, 1, 2, 3, 4, 5]);
    let trace = recorder.trace();
    assert!(
        trace.starts_with("   1. n0 <&> g=0 h=0 f=0  start"),
        "{trace}"
    );
    assert!(
        trace.lines().nth(1).unwrap().ends_with("from n0 <&>"),
        "{trace}"
    );
}

#[test]
fn pictures_of_points_draw_each_state_once_in_its_colour() {
    let problem = informed::from_fn(
        (0i32, 0i32),
        |&(x, y): &(i32, i32)| [((x + 1, y), 1u32), ((x, y + 1), 1), ((x - 1, y), 1)],
        |&p| p == (2, 2),
    );
    let mut recorder = StateRecorder::new(&problem, |&(x, y)| (f64::from(x), f64::from(y)));
    let solution = Search::new(&problem)
        .observer(&mut recorder)
        .astar(|&(x, y): &(i32, i32)| (2 - x).unsigned_abs() + (2 - y).unsigned_abs())
        .unwrap();
    let early = recorder.picture().after(2).title("A*\nafter 2");
    let done = recorder.picture().path(solution.path()).summary(
        "A*",
        Some(f64::from(solution.cost())),
        solution.stats(),
    );
    let svg = StatePicture::side_by_side_svg(&[early, done], 200.0);
    assert_eq!(svg.matches("data-scale=").count(), 2, "two panels");
    for label in [
        "not reached",
        "expanded (early → late)",
        "reached",
        "search tree",
        "path",
        "start",
        "goal",
    ] {
        assert!(svg.contains(&format!("data-legend=\"{label}\"")), "{label}");
    }
    assert!(svg.contains("cost 4 · "), "{svg}");
    // In the finished picture every expanded state is one circle of some shade: count the
    // arcs of the shaded paths of the second panel.
    let second = &svg[svg.rfind("data-scale=").unwrap()..];
    let shaded: usize = second
        .lines()
        .filter(|l| l.starts_with("<path d=\"M") && l.contains("fill=\"rgb("))
        .map(|l| l.matches('z').count())
        .sum();
    let mut expanded: Vec<_> = Vec::new();
    let mut order = Vec::new();
    Search::new(&problem)
        .on_event(|event| {
            if let Event::Expand { state, .. } = event {
                order.push(*state);
            }
        })
        .astar(|&(x, y): &(i32, i32)| (2 - x).unsigned_abs() + (2 - y).unsigned_abs())
        .unwrap();
    for state in order {
        if !expanded.contains(&state) {
            expanded.push(state);
        }
    }
    assert_eq!(shaded, expanded.len());
    assert!(second.contains("<polyline"), "the path");
}

#[test]
fn recorders_of_points_are_thread_safe() {
    fn assert_thread_safe<T: Send + Sync>() {}
    type Problem = common::Graph<u32>;
    assert_thread_safe::<StateRecorder<'static, Problem>>();
    assert_thread_safe::<StatePicture<'static, 'static, Problem>>();
    assert_thread_safe::<OpenOrder>();
}
