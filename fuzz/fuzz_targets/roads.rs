//! `Graph::parse_road_network` returns a graph or an error for any pair of texts, never panics,
//! and takes memory in proportion to the texts (run with `-rss_limit_mb=512`); a parsed
//! network is usable.
//!
//! The input is the `.cnode` text, a NUL byte, and the `.cedge` text.
//!
//! `cargo fuzz run roads -- -dict=fuzz/dict/roads.dict` (see `docs/fuzzing.md`).

#![no_main]

use informed::graph::Graph;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (nodes, edges) = text.split_once('\0').unwrap_or((text, ""));
    let Ok(graph) = Graph::parse_road_network(nodes, edges) else {
        return;
    };
    let factor = graph.straight_line_factor();
    assert!((0.0..=1.0).contains(&factor), "factor {factor}");
    if graph.node_count() > 0 {
        let last = (graph.node_count() - 1) as u32;
        let problem = graph.problem(0, last).expect("both are nodes");
        let _ = informed::Search::new(&problem)
            .max_expansions(1_000)
            .astar_with(graph.straight_line(last));
    }
});
