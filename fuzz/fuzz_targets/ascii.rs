//! `Grid::from_ascii` returns a grid or an error for any text, never panics, and takes memory
//! in proportion to the text (run with `-rss_limit_mb=512`); a parsed grid round-trips.
//!
//! `cargo fuzz run ascii -- -dict=fuzz/dict/ascii.dict` (see `docs/fuzzing.md`).

#![no_main]

use informed::grid::{Cell, Grid, Movement, Picture};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = Grid::from_ascii(text) else {
        return;
    };
    assert_eq!(
        Grid::from_ascii(&grid.to_string()).as_ref().ok(),
        Some(&grid)
    );
    let corner = Cell::new(grid.width() - 1, grid.height() - 1);
    if let Ok(problem) = grid.problem(Cell::new(0, 0), corner, Movement::Four) {
        if let Ok(solution) = informed::Search::new(&problem)
            .max_expansions(1_000)
            .astar_with(problem.manhattan())
        {
            let _ = Picture::new(&grid).path(solution.path()).to_text();
        }
    }
});
