//! One flood of the pocket cube (3,674,160 `[u8; 8]` states, hashed), in a process of its own,
//! so that its peak resident memory can be read: `flood_memory LIBRARY`, LIBRARY one of
//! `informed-bfs-reach`, `informed-reachable`, `pathfinding`. Run under `/usr/bin/time -v` and
//! read "Maximum resident set size" (see docs/benchmarks.md).

mod common;
mod workloads;

use std::process::ExitCode;

use workloads::{Cube, CubeProblem, informed_reachable_count, peer_cube_flood};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let solved = CubeProblem {
        start: Cube::SOLVED,
    };
    let count = match args.as_slice() {
        [library] if library == "informed-bfs-reach" => informed::bfs_reach(&solved).count(),
        [library] if library == "informed-reachable" => informed_reachable_count(&solved),
        [library] if library == "pathfinding" => peer_cube_flood(),
        _ => {
            eprintln!("usage: flood_memory informed-bfs-reach|informed-reachable|pathfinding");
            return ExitCode::from(2);
        }
    };
    assert_eq!(count, 3_674_160);
    println!("{count} states");
    ExitCode::SUCCESS
}
