//! One flood of the pocket cube (3,674,160 `[u8; 8]` states, hashed), in a process of its own,
//! so that its peak resident memory can be read: `flood_memory LIBRARY`, LIBRARY one of
//! `informed-bfs-reach`, `informed-reachable`, `informed-searcher`, `pathfinding`. Run under
//! `/usr/bin/time -v` and read "Maximum resident set size" (see docs/benchmarks.md).
//! `informed-searcher` floods by Dijkstra through a `Searcher` and prints the bytes
//! `Searcher::memory` reports, to set beside the resident size.

mod common;
mod workloads;

use std::process::ExitCode;

use informed::{SearchProblem, Searcher};
use workloads::{Cube, CubeProblem, informed_reachable_count, peer_cube_flood};

/// The cube with no goal: a Dijkstra search through it stores every state.
struct Flood(CubeProblem);

impl SearchProblem for Flood {
    type State = Cube;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Cube> {
        self.0.starts()
    }

    fn is_goal(&self, _: &Cube) -> bool {
        false
    }

    fn successors(&self, state: &Cube) -> impl IntoIterator<Item = (Cube, u32)> {
        self.0.successors(state)
    }
}

/// Floods through a `Searcher` and prints what it says it holds.
fn searcher_flood(solved: CubeProblem) -> usize {
    let mut searcher = Searcher::new();
    let stats = match searcher.dijkstra(&Flood(solved)) {
        Ok(solution) => solution.stats(),
        Err(error) => error.stats(),
    };
    let memory = searcher.memory();
    println!(
        "Searcher::memory: node table {} bytes, open set {} bytes; {:.1} bytes a stored state",
        memory.node_table,
        memory.open_set,
        memory.total() as f64 / stats.stored as f64
    );
    stats.stored
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let solved = CubeProblem {
        start: Cube::SOLVED,
    };
    let count = match args.as_slice() {
        [library] if library == "informed-bfs-reach" => informed::bfs_reach(&solved).count(),
        [library] if library == "informed-reachable" => informed_reachable_count(&solved),
        [library] if library == "informed-searcher" => searcher_flood(solved),
        [library] if library == "pathfinding" => peer_cube_flood(),
        _ => {
            eprintln!(
                "usage: flood_memory informed-bfs-reach|informed-reachable|informed-searcher|pathfinding"
            );
            return ExitCode::from(2);
        }
    };
    assert_eq!(count, 3_674_160);
    println!("{count} states");
    ExitCode::SUCCESS
}
