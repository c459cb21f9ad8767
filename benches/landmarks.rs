//! Do landmarks (ALT) pay on grids? A* with the octile distance, with 16 landmarks alone, and
//! with the larger of the two (`Max`), on 300 Moving AI scenarios each of arena2, 8room_000
//! and Berlin_0_256 (the 8-connected Moving AI rule), every answer checked against the
//! published length. Prints the states each expands and its search time (one run: the counts
//! are exact, the times as noisy as the machine), and the landmarks' build time and memory.
//!
//! `cargo run --release -p informed-bench --bin landmarks`; skipped, saying so, without
//! `../shared`. The road networks are measured by `cargo run --release --example roads --
//! --landmarks 16`.

#[path = "common/mod.rs"]
mod common;

use std::time::Instant;

use informed::grid::{Cell, GridProblem, Scenario};
use informed::{Heuristic, Landmarks, Max};

const MAPS: [&str; 3] = ["dao/arena2", "room/8room_000", "street/Berlin_0_256"];

fn main() {
    println!(
        "{:<22} {:>9} {:>12} {:>10} {:>12} {:>10} {:>12} {:>10}",
        "map", "build ms", "octile", "ms", "alt", "ms", "max", "ms"
    );
    for map in MAPS {
        let Some((grid, scenarios)) = common::movingai(map, 300) else {
            println!("skipped: ../shared/data/movingai is absent");
            return;
        };
        let queries = common::queries(&grid, &scenarios);
        let built = Instant::now();
        let landmarks = Landmarks::farthest(&queries[0].1, 16).expect("landmarks fit");
        let build = built.elapsed().as_secs_f64() * 1e3;
        let octile = run(&queries, |problem| problem.octile());
        let alt = run(&queries, |problem| {
            landmarks.toward(problem, &problem.goal())
        });
        let both = run(&queries, |problem| {
            Max::new(problem.octile(), landmarks.toward(problem, &problem.goal()))
        });
        println!(
            "{:<22} {:>9.1} {:>12} {:>10.1} {:>12} {:>10.1} {:>12} {:>10.1}",
            map, build, octile.0, octile.1, alt.0, alt.1, both.0, both.1
        );
        println!(
            "{:<22} landmarks take {:.1} MiB; alt expands {:.2}× fewer than octile, max {:.2}×",
            "",
            landmarks.memory() as f64 / (1 << 20) as f64,
            octile.0 as f64 / alt.0 as f64,
            octile.0 as f64 / both.0 as f64
        );
    }
}

/// A* with the heuristic `make` gives each query: the states expanded over all of them and the
/// milliseconds taken, each answer checked.
fn run<'g, H: Heuristic<Cell, f64>>(
    queries: &'g [(&Scenario, GridProblem<'g>)],
    make: impl Fn(&'g GridProblem<'g>) -> H,
) -> (u64, f64) {
    let (mut expanded, started) = (0, Instant::now());
    for (scenario, problem) in queries {
        let solution = informed::astar_with(problem, make(problem));
        common::check(scenario, solution.as_ref().ok().map(|s| s.cost()));
        expanded += match &solution {
            Ok(s) => s.stats().expanded,
            Err(e) => e.stats().expanded,
        };
    }
    (expanded, started.elapsed().as_secs_f64() * 1e3)
}
