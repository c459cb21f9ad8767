//! Hostile inputs cost memory in proportion to their length, whatever they claim: headers
//! promising huge maps, huge node numbers, many short lines, lines of a megabyte. Every parser
//! of outside input is run on them under a global allocator that measures the peak of the
//! bytes held, which must stay below a small multiple of the input's length plus a constant.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use informed::graph::{Graph, GraphErrorKind};
use informed::grid::{Grid, GridErrorKind, Scenario};
use informed::puzzle::SlidingPuzzle;

/// Tracks the bytes held by allocations made while a thread has switched tracking on.
struct Peak;

// Per thread, so that tests running side by side do not add to each other's counts.
thread_local! {
    static TRACKING: Cell<bool> = const { Cell::new(false) };
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grow(bytes: usize) {
    if TRACKING.with(Cell::get) {
        let held = HELD.with(|held| {
            held.set(held.get() + bytes);
            held.get()
        });
        PEAK.with(|peak| peak.set(peak.get().max(held)));
    }
}

fn shrink(bytes: usize) {
    if TRACKING.with(Cell::get) {
        // Memory allocated before tracking started may be freed during it: never below 0.
        HELD.with(|held| held.set(held.get().saturating_sub(bytes)));
    }
}

// The crate denies `unsafe`; a global allocator cannot be written without it. This one is a
// forwarding wrapper, used only by this test binary.
// SAFETY: every call is forwarded unchanged to the system allocator; the bookkeeping only reads
// and writes const-initialised thread-local cells, which never allocate.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract, which we pass on.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grow(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            // Counted as the new block in full before the old one goes: the worst case of a
            // reallocation that moves.
            grow(new_size);
            shrink(layout.size());
        }
        new
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

/// The most bytes `run` held at once on this thread, and what it returned.
fn peak<T>(run: impl FnOnce() -> T) -> (usize, T) {
    HELD.with(|held| held.set(0));
    PEAK.with(|peak| peak.set(0));
    TRACKING.with(|t| t.set(true));
    let result = run();
    TRACKING.with(|t| t.set(false));
    (PEAK.with(Cell::get), result)
}

/// The bound every parser keeps: `FACTOR` bytes a byte of input, plus `CONSTANT`.
const FACTOR: usize = 16;
const CONSTANT: usize = 64 * 1024;

/// Runs `parse` on `input`, checks the bound, and prints what it held (`--show-output`).
fn within_bound<T>(name: &str, input: &str, parse: impl FnOnce(&str) -> T) -> T {
    let (bytes, result) = peak(|| parse(input));
    let bound = FACTOR * input.len() + CONSTANT;
    assert!(
        bytes <= bound,
        "{name}: {bytes} bytes held for {} bytes of input (bound {bound})",
        input.len()
    );
    println!(
        "{name}: {} bytes in, at most {bytes} bytes held ({:.2} a byte)",
        input.len(),
        bytes as f64 / input.len().max(1) as f64
    );
    result
}

const MANY: usize = 100_000;

#[test]
fn map_headers_promising_huge_maps_cost_nothing() {
    let cases = [
        "type octile\nheight 100000000\nwidth 100000000\nmap\n".to_owned(),
        "type octile\nheight 4294967295\nwidth 4294967295\nmap\n".to_owned(),
        format!(
            "type octile\nheight 100000\nwidth 100000\nmap\n{}\n",
            ".".repeat(100_000)
        ),
        format!(
            "type octile\nheight 4294967295\nwidth 1\nmap\n{}",
            ".\n".repeat(MANY)
        ),
        format!(
            "type octile\nheight 3\nwidth 1\nmap\n{}.\n",
            "\n".repeat(MANY)
        ),
        format!("type {}\nheight 1\n", "x".repeat(1 << 20)),
        format!("type octile\rheight {}\r", "9".repeat(1 << 20)),
        format!(
            "type octile\nheight 1\nwidth {}\nmap\n{}\n",
            MANY,
            "@".repeat(MANY)
        ),
    ];
    for (k, text) in cases.iter().enumerate() {
        let result = within_bound(&format!("map {k}"), text, Grid::parse_map);
        if k != cases.len() - 1 {
            assert!(result.is_err(), "map {k}");
        }
    }
}

#[test]
fn ascii_grids_of_many_short_or_one_long_line() {
    let cases = [
        "#\n".repeat(MANY),
        "#\r".repeat(MANY),
        " \n".repeat(MANY),
        ".".repeat(1 << 20),
        format!("..\n{}", ".\n".repeat(MANY)),
    ];
    for (k, text) in cases.iter().enumerate() {
        let _ = within_bound(&format!("ascii {k}"), text, Grid::from_ascii);
    }
}

#[test]
fn scenario_files_of_many_lines() {
    let line = "0 m 1 1 0 0 0 0 0\n";
    let cases = [
        format!("version 1\n{}", line.repeat(MANY)),
        format!("version 1\n{}", "\n".repeat(MANY)),
        format!("version 1\n{}", "0 m 1 1 0 0 0 0\n".repeat(MANY)),
        format!("version {}\n", "1".repeat(1 << 20)),
        format!("version 1\n0 {} 1 1 0 0 0 0 0\n", "m".repeat(1 << 20)),
        format!(
            "version 1\n{}",
            (0..MANY)
                .map(|k| format!("0 m{k} 1 1 0 0 0 0 0\n"))
                .collect::<String>()
        ),
    ];
    for (k, text) in cases.iter().enumerate() {
        let _ = within_bound(&format!("scenario {k}"), text, Scenario::parse_all);
    }
}

#[test]
fn puzzle_boards_of_many_or_huge_tokens() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let cases = [
        "0 ".repeat(MANY),
        ",".repeat(1 << 20),
        "1".repeat(1 << 20),
        format!("{}x", "1 ".repeat(MANY)),
    ];
    for (k, text) in cases.iter().enumerate() {
        let result = within_bound(&format!("board {k}"), text, |t| puzzle.parse(t));
        assert!(result.is_err());
        let _ = within_bound(&format!("goal {k}"), text, |t| puzzle.clone().with_goal(t));
    }
}

#[test]
fn road_networks_of_many_lines_or_huge_node_numbers() {
    let nodes: String = (0..MANY).map(|k| format!("{k} 0 0\n")).collect();
    let edges: String = (0..MANY)
        .map(|k| format!("0 {k} {} 1\n", (k + 1) % MANY))
        .collect();
    let cases = [
        (nodes.clone(), edges.clone()),
        (nodes.clone(), "0 0 0 0\n".repeat(MANY)),
        ("0 0 0\n".repeat(MANY), String::new()),
        ("0 0 0\n".to_owned(), "0 0 4294967295 1\n".repeat(MANY)),
        (nodes.clone(), format!("0 0 {} inf\n", MANY - 1)),
        ("0 nan 0\n".to_owned(), String::new()),
        (String::new(), "\n".repeat(MANY)),
    ];
    for (k, (nodes, edges)) in cases.iter().enumerate() {
        let input = format!("{nodes}{edges}");
        let result = within_bound(&format!("roads {k}"), &input, |_| {
            Graph::parse_road_network(nodes, edges)
        });
        assert_eq!(result.is_ok(), [0, 1, 6].contains(&k), "roads {k}");
    }
}

#[test]
fn graphs_and_grids_sized_by_an_argument_refuse_or_stay_small() {
    let (bytes, graph) = peak(|| Graph::directed(4_000_000_000, []));
    let graph = graph.unwrap();
    assert!(bytes < 1024, "{bytes} bytes for a graph of no edges");
    assert_eq!((graph.node_count(), graph.edge_count()), (4_000_000_000, 0));
    let (bytes, graph) = peak(|| Graph::directed(4_000_000_000, [(3, 7, 1.0)]));
    assert!(bytes < 1024, "{bytes} bytes for a graph of one edge");
    assert_eq!(graph.unwrap().edges(3).collect::<Vec<_>>(), [(7, 1.0)]);
    let error = Graph::directed(usize::MAX, []).unwrap_err();
    assert!(matches!(error.kind(), GraphErrorKind::TooManyNodes { .. }));
    let (bytes, error) = peak(|| Grid::try_new(u32::MAX, u32::MAX));
    assert!(matches!(
        error.unwrap_err().kind(),
        GridErrorKind::TooLarge { .. }
    ));
    assert!(bytes < 1024);
}
