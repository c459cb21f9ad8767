//! Jump point search (JPS, and JPS+ with its jump table) against `pathfinding`'s A* and
//! `informed`'s own A* on the same Moving AI scenarios, in one criterion group a map, so that
//! each ratio comes from one run. Every iteration checks every answer against the published
//! optimum: a fast wrong answer cannot pass.
//!
//! Before the timings it prints, for each map, the states each search stores (summed over the
//! scenarios benchmarked) and the time and bytes of building the searchers.
//!
//! `cargo bench -p informed-bench --bench jps`; `docs/benchmarks.md` has the numbers.

mod common;

use std::time::Instant;

use common::{configure, informed_octile, movingai, peer_octile, queries, solve_all};
use criterion::{Criterion, criterion_group, criterion_main};
use informed::grid::{JumpPointSearcher, JumpTable};

/// The maps, and how many of their scenarios (an even subsample, every bucket represented).
const MAPS: [(&str, usize); 7] = [
    ("dao/arena2", 910),
    ("dao/ost100d", 60),
    ("bg/AR0011SR", 320),
    ("sc1/Cauldron", 40),
    ("room/8room_000", 100),
    ("maze/maze512-1-0", 40),
    ("random/random512-10-0", 200),
];

/// The states stored by A*, JPS and JPS+ over the scenarios, and the cost of the searchers.
fn stored_states(_: &mut Criterion) {
    for (map, count) in MAPS {
        let Some((grid, scenarios)) = movingai(map, count) else {
            return;
        };
        let started = Instant::now();
        let table = JumpTable::build(&grid).unwrap();
        let built = started.elapsed();
        let started = Instant::now();
        let jps = JumpPointSearcher::new(&grid);
        let packed = started.elapsed();
        let bits = jps.bytes();
        let mut searchers = [
            jps,
            JumpPointSearcher::with_table(&grid, table.clone()).unwrap(),
        ];
        let (mut astar, mut jumps) = (0usize, [0usize; 2]);
        for (_, problem) in queries(&grid, &scenarios) {
            astar += informed::astar_with(&problem, problem.octile())
                .unwrap()
                .stats()
                .stored;
            for (searcher, stored) in searchers.iter_mut().zip(&mut jumps) {
                *stored += searcher.search(&problem).unwrap().stats().stored;
            }
        }
        println!(
            "stored: {map} ({} scenarios): A* {astar}, JPS {} ({:.1}%), JPS+ {} ({:.1}%)",
            scenarios.len(),
            jumps[0],
            100.0 * jumps[0] as f64 / astar as f64,
            jumps[1],
            100.0 * jumps[1] as f64 / astar as f64,
        );
        println!(
            "build: {map}: JPS bits {:.2} ms, {} KiB; JPS+ table {:.1} ms, {:.1} MiB",
            packed.as_secs_f64() * 1e3,
            bits / 1024,
            built.as_secs_f64() * 1e3,
            table.bytes() as f64 / f64::from(1 << 20)
        );
    }
}

/// Each map: `pathfinding`'s A*, `informed`'s A*, JPS and JPS+, answers checked.
fn jump_point_search(c: &mut Criterion) {
    for (map, count) in MAPS {
        let Some((grid, scenarios)) = movingai(map, count) else {
            return;
        };
        let queries = queries(&grid, &scenarios);
        let table = JumpTable::build(&grid).unwrap();
        let mut jps = JumpPointSearcher::new(&grid);
        let mut plus = JumpPointSearcher::with_table(&grid, table.clone()).unwrap();
        let mut group = configure(c, &format!("jps/{map}"));
        group.bench_function("pathfinding-astar", |b| {
            b.iter(|| solve_all(&queries, peer_octile))
        });
        group.bench_function("informed-astar", |b| {
            b.iter(|| solve_all(&queries, informed_octile))
        });
        group.bench_function("jps", |b| {
            b.iter(|| {
                solve_all(&queries, |problem| {
                    jps.search(problem).ok().map(|s| s.cost())
                })
            })
        });
        group.bench_function("jps-plus", |b| {
            b.iter(|| {
                solve_all(&queries, |problem| {
                    plus.search(problem).ok().map(|s| s.cost())
                })
            })
        });
        group.finish();
    }
}

criterion_group!(jps, stored_states, jump_point_search);
criterion_main!(jps);
