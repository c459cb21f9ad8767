//! `SlidingPuzzle::parse` and `SlidingPuzzle::with_goal` return a board or an error for any
//! text, never panic, and take no memory beyond the board's (run with `-rss_limit_mb=512`); a
//! parsed board round-trips and a solvable one poses a problem.
//!
//! `cargo fuzz run puzzle -- -dict=fuzz/dict/puzzle.dict` (see `docs/fuzzing.md`).

#![no_main]

use informed::puzzle::SlidingPuzzle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (width, height) in [(3, 3), (4, 4), (5, 5), (2, 4)] {
        let puzzle = SlidingPuzzle::new(width, height).expect("a supported size");
        if let Ok(board) = puzzle.parse(text) {
            assert_eq!(
                puzzle.parse(&puzzle.to_line(board)),
                Ok(board),
                "a parsed board round-trips"
            );
            assert_eq!(puzzle.problem(board).is_ok(), puzzle.is_solvable(board));
        }
        if let Ok(other) = puzzle.clone().with_goal(text) {
            let start = other.random_board(1);
            assert!(other.problem(start).is_ok());
        }
    }
});
