//! `Grid::parse_map` returns a grid or an error for any text, never panics, and takes memory in
//! proportion to the text (run with `-rss_limit_mb=512`); a parsed map is usable.
//!
//! `cargo fuzz run map -- -dict=fuzz/dict/map.dict` (see `docs/fuzzing.md`).

#![no_main]

use informed::grid::{Cell, Grid, Movement};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = Grid::parse_map(text) else {
        return;
    };
    assert!(grid.free_count() <= grid.width() as usize * grid.height() as usize);
    // A query on it either works or is refused; a search of it stops at its cap.
    let corner = Cell::new(
        grid.width().saturating_sub(1),
        grid.height().saturating_sub(1),
    );
    if let Ok(problem) = grid.problem(Cell::new(0, 0), corner, Movement::Eight) {
        let _ = informed::Search::new(&problem)
            .max_expansions(1_000)
            .astar_with(problem.octile());
    }
    // Its picture reads back as the same grid.
    if grid.width() > 0 && grid.height() > 0 {
        assert_eq!(Grid::from_ascii(&grid.to_string()).ok(), Some(grid));
    }
});
