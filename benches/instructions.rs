//! One everyday workload, once, for `scripts/instructions.sh` to count its instructions under
//! callgrind: `instructions WORKLOAD LIBRARY`. Only the search runs inside [`measured`], which
//! the script names to `--toggle-collect`, so building the inputs and checking the answers are
//! not counted. Every answer is checked against the other library's.

mod common;
mod workloads;

use std::hint::black_box;
use std::process::ExitCode;

use workloads::{Cube, CubeProblem, Hanoi, Route, Towers, digraph_queries, scrambles};

/// The workloads and the libraries each runs on, as the command line names them.
const WORKLOADS: [(&str, &[&str]); 6] = [
    ("cube-astar", &["informed", "pathfinding"]),
    (
        "cube-flood",
        &["informed-reachable", "informed-bfs-reach", "pathfinding"],
    ),
    ("digraph-dijkstra-hashed", &["informed", "pathfinding"]),
    ("digraph-dijkstra-numbered", &["informed", "pathfinding"]),
    ("hanoi-bfs", &["informed", "pathfinding"]),
    ("hanoi-bidirectional-bfs", &["informed", "pathfinding"]),
];

/// Runs `search`: the only code whose instructions the script counts.
#[inline(never)]
fn measured<R>(search: impl FnOnce() -> R) -> R {
    black_box(search())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workload, library] = args.as_slice() else {
        eprintln!("usage: instructions WORKLOAD LIBRARY");
        for (workload, libraries) in WORKLOADS {
            eprintln!("  {workload}: {}", libraries.join(", "));
        }
        return ExitCode::from(2);
    };
    match run(workload, library) {
        Some(answer) => {
            println!("{workload} {library}: {answer}");
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("unknown workload or library: {workload} {library}");
            ExitCode::from(2)
        }
    }
}

/// The answer of one run, to check by eye and against the other library; `None` for an unknown
/// pair.
fn run(workload: &str, library: &str) -> Option<u64> {
    match (workload, library) {
        ("cube-astar", library) => {
            let starts = scrambles(200, 8);
            let total: u64 = match library {
                "informed" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| {
                            let problem = CubeProblem { start };
                            u64::from(informed::astar(&problem, Cube::estimate).unwrap().cost())
                        })
                        .sum()
                }),
                "pathfinding" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| {
                            let found = pathfinding::directed::astar::astar(
                                &start,
                                |c| c.moves().map(|n| (n, 1u32)),
                                Cube::estimate,
                                |c| *c == Cube::SOLVED,
                            );
                            u64::from(found.unwrap().1)
                        })
                        .sum()
                }),
                _ => return None,
            };
            Some(total)
        }
        ("cube-flood", library) => {
            let solved = CubeProblem {
                start: Cube::SOLVED,
            };
            let count = match library {
                "informed-reachable" => measured(|| {
                    informed::reachable(&solved, None)
                        .map(Result::unwrap)
                        .count()
                }),
                "informed-bfs-reach" => measured(|| informed::bfs_reach(&solved).count()),
                "pathfinding" => measured(|| {
                    pathfinding::directed::bfs::bfs_reach(Cube::SOLVED, |c| c.moves()).count()
                }),
                _ => return None,
            };
            assert_eq!(count, 3_674_160);
            Some(count as u64)
        }
        ("digraph-dijkstra-hashed" | "digraph-dijkstra-numbered", library) => {
            let numbered = workload.ends_with("numbered");
            let (graph, queries) = digraph_queries();
            let total: u64 = match library {
                "informed" => measured(|| {
                    queries
                        .iter()
                        .map(|&(from, to)| {
                            let route = Route {
                                graph: &graph,
                                from,
                                to,
                                numbered,
                            };
                            informed::dijkstra(&route).map_or(0, |s| u64::from(s.cost()))
                        })
                        .sum()
                }),
                "pathfinding" => measured(|| {
                    queries
                        .iter()
                        .map(|&(from, to)| {
                            pathfinding::directed::dijkstra::dijkstra(
                                &from,
                                |&n| graph.arcs[n].iter().copied(),
                                |&n| n == to,
                            )
                            .map_or(0, |(_, cost)| u64::from(cost))
                        })
                        .sum()
                }),
                _ => return None,
            };
            Some(total)
        }
        ("hanoi-bfs", library) => {
            let (start, goal) = (Towers::all_on(0), Towers::all_on(3));
            let steps = match library {
                "informed" => measured(|| informed::bfs(&Hanoi).unwrap().steps()),
                "pathfinding" => measured(|| {
                    pathfinding::directed::bfs::bfs(&start, Towers::moves, |t| *t == goal)
                        .unwrap()
                        .len()
                        - 1
                }),
                _ => return None,
            };
            assert_eq!(steps, 49);
            Some(steps as u64)
        }
        ("hanoi-bidirectional-bfs", library) => {
            let (start, goal) = (Towers::all_on(0), Towers::all_on(3));
            let steps = match library {
                "informed" => measured(|| informed::bidirectional_bfs(&Hanoi).unwrap().steps()),
                "pathfinding" => measured(|| {
                    pathfinding::directed::bfs::bfs_bidirectional(
                        &start,
                        &goal,
                        Towers::moves,
                        Towers::moves,
                    )
                    .unwrap()
                    .len()
                        - 1
                }),
                _ => return None,
            };
            assert_eq!(steps, 49);
            Some(steps as u64)
        }
        _ => None,
    }
}
