//! The first search: one small state space, every algorithm, side by side.
//!
//! Run with `cargo run --release --example quickstart`.

mod common;

use common::Cli;
use informed::{Algorithm, Search, SearchProblem};

const USAGE: &str = "quickstart";
const HELP: &str = "\
Every algorithm on one small building of rooms and corridors, side by side. Takes no flags.

Flags:
  -h, --help   this text
";

/// Rooms and corridors of a small building, as a weighted graph: (room, metres to it).
struct Building;

const ROOMS: [&str; 8] = [
    "lobby", "hall", "stairs", "library", "lab", "office", "archive", "roof",
];

impl Building {
    /// Straight-line metres from each room to the roof: never more than the walk, so A* may
    /// use it.
    fn to_roof(room: &usize) -> u32 {
        [30, 25, 10, 22, 18, 20, 28, 0][*room]
    }
}

impl SearchProblem for Building {
    type State = usize;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        [0]
    }

    fn is_goal(&self, room: &usize) -> bool {
        ROOMS[*room] == "roof"
    }

    fn successors(&self, room: &usize) -> impl IntoIterator<Item = (usize, u32)> {
        let corridors: &[(usize, u32)] = match room {
            0 => &[(1, 8), (3, 12), (6, 5)],
            1 => &[(0, 8), (2, 20), (4, 9)],
            2 => &[(1, 20), (7, 12), (5, 14)],
            3 => &[(0, 12), (4, 6), (6, 9)],
            4 => &[(1, 9), (3, 6), (5, 7)],
            5 => &[(4, 7), (2, 14), (7, 24)],
            6 => &[(0, 5), (3, 9)],
            _ => &[],
        };
        corridors.iter().copied()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut cli = Cli::new("quickstart", USAGE, HELP);
    let usage = cli.usage();
    if let Some(arg) = cli.next() {
        usage.reject(arg.unexpected());
    }
    println!("From the lobby to the roof:\n");
    println!(
        "{:<10} {:>5} {:>6} {:>9} {:>10}  path",
        "algorithm", "cost", "steps", "expanded", "generated"
    );
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::WeightedAStar(2.0),
    ] {
        let solution = Search::new(&Building).run(algorithm, Building::to_roof)?;
        let path: Vec<&str> = solution.path().iter().map(|&room| ROOMS[room]).collect();
        println!(
            "{:<10} {:>5} {:>6} {:>9} {:>10}  {}",
            algorithm.to_string(),
            solution.cost(),
            solution.steps(),
            solution.stats().expanded,
            solution.stats().generated,
            path.join(" → ")
        );
    }
    Ok(())
}
