//! `Scenario::parse_all` returns scenarios or an error for any text, never panics, and takes
//! memory in proportion to the text (run with `-rss_limit_mb=512`).
//!
//! `cargo fuzz run scenario -- -dict=fuzz/dict/scenario.dict` (see `docs/fuzzing.md`).

#![no_main]

use informed::grid::{Grid, Scenario};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenarios) = Scenario::parse_all(text) else {
        return;
    };
    let grid = Grid::new(4, 4);
    for scenario in scenarios {
        let (width, height) = scenario.map_size();
        assert!(scenario.start().x < width && scenario.goal().y < height);
        let tolerance = scenario.tolerance();
        assert!(tolerance.is_finite() && tolerance >= 1e-4);
        let _ = scenario.accepts(Some(scenario.optimal()));
        // Posed on a map of another size, it is refused with its line; never a panic.
        let _ = scenario.problem(&grid);
    }
});
