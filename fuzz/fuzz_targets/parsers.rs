//! Every parser of outside input must return a value or an error for any text, never panic:
//! Moving AI maps and scenarios, ASCII grids, puzzle boards.
//!
//! Run with `cargo fuzz run parsers` from the repository root (see `docs/fuzzing.md`).

#![no_main]

use informed::grid::{Cell, Grid, Movement, Scenario};
use informed::puzzle::SlidingPuzzle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };

    if let Ok(grid) = Grid::parse_map(text) {
        // A parsed map must be usable: a query on it either works or is refused.
        let corner = Cell::new(grid.width().saturating_sub(1), grid.height().saturating_sub(1));
        if let Ok(problem) = grid.problem(Cell::new(0, 0), corner, Movement::Eight) {
            let _ = informed::Search::new(&problem).max_expansions(1_000).astar(problem.octile());
        }
    }
    let _ = Grid::from_ascii(text);
    if let Ok(scenarios) = Scenario::parse_all(text) {
        for scenario in scenarios {
            let _ = (scenario.tolerance(), scenario.accepts(Some(scenario.optimal())));
        }
    }

    for (width, height) in [(3, 3), (4, 4), (5, 5), (2, 4)] {
        let puzzle = SlidingPuzzle::new(width, height).expect("a supported size");
        if let Ok(board) = puzzle.parse(text) {
            assert_eq!(puzzle.parse(&puzzle.to_line(board)), Ok(board), "a parsed board round-trips");
            let _ = puzzle.problem(board);
        }
        let _ = puzzle.clone().with_goal(text);
    }
});
