//! One everyday workload, once, for `scripts/instructions.sh` to count its instructions under
//! callgrind: `instructions WORKLOAD LIBRARY`. Only the search runs inside [`measured`], which
//! the script names to `--toggle-collect`, so building the inputs and checking the answers are
//! not counted. Every answer is checked against the other library's.

mod common;
#[path = "korf/mod.rs"]
mod korf;
#[path = "pancake/mod.rs"]
mod pancake;
mod workloads;

use std::hint::black_box;
use std::process::ExitCode;

use informed::grid::Scenario;

use workloads::{
    CUBE_STATES, NumberedCubeProblem, Route, cauldron_short_queries, informed_bfs_flood,
    informed_numbered_cube, peer_cube_bfs_flood, searcher_user_grid, user_ends,
};
use workloads::{
    Cube, CubeProblem, Hanoi, PackedCube, PackedCubeProblem, PackedDigraph, PackedHanoi,
    TOWERS_GOAL, TOWERS_START, Towers, digraph_queries, informed_bfs_steps,
    informed_bidirectional_steps, informed_cube, informed_packed_cube, informed_packed_route,
    informed_reachable_count, informed_route, informed_user_grid, peer_bfs_steps,
    peer_bidirectional_steps, peer_cube, peer_cube_flood, peer_grid, peer_packed_cube,
    peer_packed_cube_flood, peer_packed_route, peer_route, scrambles, tower_moves, user_map,
};

/// The sum of the optimal costs of the 200 cube scrambles, and of the 500 digraph queries (0 for
/// no route): the unpacked and the packed workloads must both find them.
const CUBE_ASTAR_TOTAL: u64 = 911;
const DIGRAPH_DIJKSTRA_TOTAL: u64 = 105_310;

/// The workloads and the libraries each runs on, as the command line names them.
const WORKLOADS: &[(&str, &[&str])] = &[
    ("cube-astar", &["informed", "pathfinding"]),
    (
        "cube-flood",
        &["informed-reachable", "informed-bfs-reach", "pathfinding"],
    ),
    ("digraph-dijkstra-hashed", &["informed", "pathfinding"]),
    ("digraph-dijkstra-numbered", &["informed", "pathfinding"]),
    ("hanoi-bfs", &["informed", "pathfinding"]),
    ("hanoi-bidirectional-bfs", &["informed", "pathfinding"]),
    ("cube-astar-packed", &["informed", "pathfinding"]),
    (
        "cube-flood-packed",
        &["informed-reachable", "informed-bfs-reach", "pathfinding"],
    ),
    (
        "digraph-dijkstra-packed",
        &["informed-hashed", "informed-dense", "pathfinding"],
    ),
    ("hanoi-bfs-packed", &["informed", "pathfinding"]),
    (
        "hanoi-bidirectional-bfs-packed",
        &["informed", "pathfinding"],
    ),
    ("grid-astar-hashed", &["informed", "pathfinding"]),
    ("grid-jps-8room", &["jps", "jps-plus", "pathfinding"]),
    ("grid-octile-arena2", &["informed", "pathfinding"]),
    ("grid-octile-berlin", &["informed", "pathfinding"]),
    ("puzzle8-astar", &["informed", "pathfinding"]),
    ("cube-astar-vec", &["informed", "pathfinding"]),
    ("korf79-idastar", &["in-place", "copying", "hand-written"]),
    ("pancake-idastar", &["in-place", "listed", "hand-written"]),
];

/// The rest of the everyday bench's workloads and libraries (see [`run_everyday`]).
const EVERYDAY: [(&str, &[&str]); 10] = [
    ("cube-bfs-flood", &["informed", "pathfinding"]),
    (
        "cube-astar-numbered",
        &[
            "informed",
            "informed-hashed",
            "informed-searcher",
            "pathfinding",
        ],
    ),
    (
        "cube-flood-numbered",
        &[
            "informed-reachable",
            "informed-bfs-reach",
            "informed-bfs",
            "pathfinding",
        ],
    ),
    (
        "digraph-dijkstra-searcher",
        &["informed-hashed", "informed-numbered", "pathfinding"],
    ),
    ("grid-astar-numbered", &["informed", "pathfinding"]),
    (
        "grid-astar-berlin",
        &["informed-hashed", "informed-numbered", "pathfinding"],
    ),
    (
        "grid-astar-8room",
        &["informed-hashed", "informed-numbered", "pathfinding"],
    ),
    (
        "short-queries-cauldron-200",
        &[
            "informed-one-shot-hashed",
            "informed-one-shot-numbered",
            "informed-searcher-hashed",
            "informed-searcher-numbered",
            "pathfinding",
        ],
    ),
    (
        "grid-dense-8room",
        &["informed", "informed-hashed", "pathfinding"],
    ),
    (
        "grid-dense-maze512",
        &["informed", "informed-hashed", "pathfinding"],
    ),
];

/// What one run found.
enum Answer {
    /// The run's answer (a total cost, a count or a number of steps), checked.
    Found(u64),
    /// The workload's data is not on this machine.
    Skipped,
}

/// Runs `search`: the only code whose instructions the script counts.
#[inline(never)]
fn measured<R>(search: impl FnOnce() -> R) -> R {
    black_box(search())
}

/// Checks each scenario's cost (`None` for no path) and totals them, rounded: the same for
/// every library.
fn checked_total(scenarios: &[Scenario], costs: &[Option<f64>]) -> Answer {
    for (scenario, &cost) in scenarios.iter().zip(costs) {
        common::check(scenario, cost);
    }
    let total: f64 = costs.iter().flatten().sum();
    Answer::Found(total.round() as u64)
}

/// The scenarios' starts and goals as a user's grid names them.
fn user_queries(scenarios: &[Scenario]) -> Vec<((usize, usize), (usize, usize))> {
    scenarios.iter().map(user_ends).collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workload, library] = args.as_slice() else {
        eprintln!("usage: instructions WORKLOAD LIBRARY");
        for (workload, libraries) in WORKLOADS.iter().chain(&EVERYDAY) {
            eprintln!("  {workload}: {}", libraries.join(", "));
        }
        return ExitCode::from(2);
    };
    match run(workload, library) {
        Some(Answer::Found(answer)) => {
            println!("{workload} {library}: {answer}");
            ExitCode::SUCCESS
        }
        Some(Answer::Skipped) => {
            println!("skipped: {workload} {library}");
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
fn run(workload: &str, library: &str) -> Option<Answer> {
    if let Some(answer) = run_everyday(workload, library) {
        return Some(answer);
    }
    if workload.ends_with("-idastar") {
        return run_idastar(workload, library);
    }
    if workload.ends_with("-packed") {
        return run_packed(workload, library).map(Answer::Found);
    }
    if workload.starts_with("grid-") {
        return run_grid(workload, library);
    }
    if workload == "cube-astar-vec" {
        return run_cube_vec(library).map(Answer::Found);
    }
    if workload == "puzzle8-astar" {
        return run_puzzle8(library).map(Answer::Found);
    }
    run_plain(workload, library).map(Answer::Found)
}

fn run_plain(workload: &str, library: &str) -> Option<u64> {
    match (workload, library) {
        ("cube-astar", library) => {
            let starts = scrambles(200, 8);
            let total: u64 = match library {
                "informed" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| u64::from(informed_cube(start)))
                        .sum()
                }),
                "pathfinding" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| u64::from(peer_cube(start)))
                        .sum()
                }),
                _ => return None,
            };
            assert_eq!(total, CUBE_ASTAR_TOTAL);
            Some(total)
        }
        ("cube-flood", library) => {
            let solved = CubeProblem {
                start: Cube::SOLVED,
            };
            let count = match library {
                "informed-reachable" => measured(|| informed_reachable_count(&solved)),
                "informed-bfs-reach" => measured(|| informed::bfs_reach(&solved).count()),
                "pathfinding" => measured(peer_cube_flood),
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
                            informed_route(&graph, from, to, numbered).map_or(0, u64::from)
                        })
                        .sum()
                }),
                "pathfinding" => measured(|| {
                    queries
                        .iter()
                        .map(|&(from, to)| peer_route(&graph, from, to).map_or(0, u64::from))
                        .sum()
                }),
                _ => return None,
            };
            assert_eq!(total, DIGRAPH_DIJKSTRA_TOTAL);
            Some(total)
        }
        ("hanoi-bfs", library) => {
            let (start, goal) = (Towers::all_on(0), Towers::all_on(3));
            let steps = match library {
                "informed" => measured(|| informed_bfs_steps(&Hanoi)),
                "pathfinding" => measured(|| peer_bfs_steps(&start, &goal, Towers::moves)),
                _ => return None,
            };
            assert_eq!(steps, 49);
            Some(steps as u64)
        }
        ("hanoi-bidirectional-bfs", library) => {
            let (start, goal) = (Towers::all_on(0), Towers::all_on(3));
            let steps = match library {
                "informed" => measured(|| informed_bidirectional_steps(&Hanoi)),
                "pathfinding" => {
                    measured(|| peer_bidirectional_steps(&start, &goal, Towers::moves))
                }
                _ => return None,
            };
            assert_eq!(steps, 49);
            Some(steps as u64)
        }
        _ => None,
    }
}

/// The workloads with every state packed into one `u32`.
fn run_packed(workload: &str, library: &str) -> Option<u64> {
    match (workload, library) {
        ("cube-astar-packed", library) => {
            let cube = PackedCube::new();
            let scrambled = scrambles(200, 8);
            cube.check(&scrambled);
            let starts: Vec<u32> = scrambled.iter().map(|s| cube.encode(s)).collect();
            let total: u64 = match library {
                "informed" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| u64::from(informed_packed_cube(&cube, start)))
                        .sum()
                }),
                "pathfinding" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| u64::from(peer_packed_cube(&cube, start)))
                        .sum()
                }),
                _ => return None,
            };
            assert_eq!(total, CUBE_ASTAR_TOTAL);
            Some(total)
        }
        ("cube-flood-packed", library) => {
            let cube = PackedCube::new();
            let solved = PackedCubeProblem {
                cube: &cube,
                start: PackedCube::SOLVED,
            };
            let count = match library {
                "informed-reachable" => measured(|| informed_reachable_count(&solved)),
                "informed-bfs-reach" => measured(|| informed::bfs_reach(&solved).count()),
                "pathfinding" => measured(|| peer_packed_cube_flood(&cube)),
                _ => return None,
            };
            assert_eq!(count, 3_674_160);
            Some(count as u64)
        }
        ("digraph-dijkstra-packed", library) => {
            let (graph, queries) = digraph_queries();
            let graph = PackedDigraph::from_digraph(&graph);
            let queries: Vec<(u32, u32)> = queries
                .iter()
                .map(|&(from, to)| (from as u32, to as u32))
                .collect();
            let informed = |dense: bool| {
                measured(|| {
                    queries
                        .iter()
                        .map(|&(from, to)| {
                            informed_packed_route(&graph, from, to, dense).map_or(0, u64::from)
                        })
                        .sum()
                })
            };
            let total: u64 = match library {
                "informed-hashed" => informed(false),
                "informed-dense" => informed(true),
                "pathfinding" => measured(|| {
                    queries
                        .iter()
                        .map(|&(from, to)| peer_packed_route(&graph, from, to).map_or(0, u64::from))
                        .sum()
                }),
                _ => return None,
            };
            assert_eq!(total, DIGRAPH_DIJKSTRA_TOTAL);
            Some(total)
        }
        ("hanoi-bfs-packed", library) => {
            let steps = match library {
                "informed" => measured(|| informed_bfs_steps(&PackedHanoi)),
                "pathfinding" => {
                    measured(|| peer_bfs_steps(&TOWERS_START, &TOWERS_GOAL, |&s| tower_moves(s)))
                }
                _ => return None,
            };
            assert_eq!(steps, 49);
            Some(steps as u64)
        }
        ("hanoi-bidirectional-bfs-packed", library) => {
            let steps = match library {
                "informed" => measured(|| informed_bidirectional_steps(&PackedHanoi)),
                "pathfinding" => measured(|| {
                    peer_bidirectional_steps(&TOWERS_START, &TOWERS_GOAL, |&s| tower_moves(s))
                }),
                _ => return None,
            };
            assert_eq!(steps, 49);
            Some(steps as u64)
        }
        _ => None,
    }
}

/// A user's own `(usize, usize)` grid, hashed, on the 200 scenarios of `dao/arena2` that the
/// everyday bench runs; skipped where the Moving AI data is absent.
fn run_grid(workload: &str, library: &str) -> Option<Answer> {
    if workload == "grid-jps-8room" {
        return run_jps(library);
    }
    if let Some(map) = match workload {
        "grid-octile-arena2" => Some("dao/arena2"),
        "grid-octile-berlin" => Some("street/Berlin_0_256"),
        _ => None,
    } {
        return run_octile(map, library);
    }
    if workload != "grid-astar-hashed" || !matches!(library, "informed" | "pathfinding") {
        return None;
    }
    user_grid("dao/arena2", 200, library, "informed-hashed")
}

/// JPS and JPS+ (the searcher, and its table, made outside the count) against `pathfinding`'s
/// A* on the 100 scenarios of room/8room_000 the `jps` bench runs.
fn run_jps(library: &str) -> Option<Answer> {
    use informed::grid::{JumpPointSearcher, JumpTable, Movement};
    if !matches!(library, "jps" | "jps-plus" | "pathfinding") {
        return None;
    }
    let Some((grid, scenarios)) = common::movingai("room/8room_000", 100) else {
        return Some(Answer::Skipped);
    };
    let problems: Vec<_> = scenarios
        .iter()
        .map(|s| grid.problem(s.start(), s.goal(), Movement::Eight).unwrap())
        .collect();
    let table = JumpTable::build(&grid).unwrap();
    let mut searcher = match library {
        "jps-plus" => JumpPointSearcher::with_table(&grid, table.clone()).unwrap(),
        _ => JumpPointSearcher::new(&grid),
    };
    let costs: Vec<Option<f64>> = if library == "pathfinding" {
        measured(|| problems.iter().map(common::peer_octile).collect())
    } else {
        measured(|| {
            problems
                .iter()
                .map(|p| searcher.search(p).ok().map(|s| s.cost()))
                .collect()
        })
    };
    Some(checked_total(&scenarios, &costs))
}

// ---------------------------------------------------------------------------------------------
// The everyday bench's other workloads: the floods through a goal-less `bfs`, the cube numbered
// by its user (the dense table on short queries and on the whole space), the reused `Searcher`
// on the digraph, the user's grids on the bench's three maps, 200 of its 2,000 short queries
// on Cauldron, and (from the `peers` bench) the crate's own grids, which number their cells.
// `par_search` is left to the bench: callgrind runs its threads one at a time and counts only
// the calling thread inside `measured`.

/// The answer of one of [`EVERYDAY`]'s runs; `None` for a pair not there.
fn run_everyday(workload: &str, library: &str) -> Option<Answer> {
    let (_, libraries) = EVERYDAY.iter().find(|(name, _)| *name == workload)?;
    if !libraries.contains(&library) {
        return None;
    }
    match workload {
        "cube-bfs-flood" => {
            let solved = CubeProblem {
                start: Cube::SOLVED,
            };
            let count = match library {
                "informed" => measured(|| informed_bfs_flood(&solved)),
                _ => measured(peer_cube_bfs_flood),
            };
            assert_eq!(count, CUBE_STATES);
            Some(Answer::Found(count as u64))
        }
        "cube-astar-numbered" => {
            let starts = scrambles(200, 8);
            let total: u64 = match library {
                "informed" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| u64::from(informed_numbered_cube(start)))
                        .sum()
                }),
                "informed-hashed" => measured(|| {
                    starts
                        .iter()
                        .map(|&start| {
                            let problem = NumberedCubeProblem { start };
                            let solution = informed::Search::new(&problem)
                                .node_table(informed::NodeTable::Hashed)
                                .astar(Cube::estimate);
                            u64::from(solution.unwrap().cost())
                        })
                        .sum()
                }),
                "informed-searcher" => {
                    let mut searcher = informed::Searcher::new();
                    measured(|| {
                        starts
                            .iter()
                            .map(|&start| {
                                let problem = NumberedCubeProblem { start };
                                let solution = searcher.astar(&problem, Cube::estimate);
                                u64::from(solution.unwrap().cost())
                            })
                            .sum()
                    })
                }
                _ => measured(|| {
                    starts
                        .iter()
                        .map(|&start| u64::from(peer_cube(start)))
                        .sum()
                }),
            };
            assert_eq!(total, CUBE_ASTAR_TOTAL);
            Some(Answer::Found(total))
        }
        "cube-flood-numbered" => {
            let solved = NumberedCubeProblem {
                start: Cube::SOLVED,
            };
            let count = match library {
                "informed-reachable" => measured(|| informed_reachable_count(&solved)),
                "informed-bfs-reach" => measured(|| informed::bfs_reach(&solved).count()),
                "informed-bfs" => measured(|| informed_bfs_flood(&solved)),
                _ => measured(peer_cube_flood),
            };
            assert_eq!(count, CUBE_STATES);
            Some(Answer::Found(count as u64))
        }
        "digraph-dijkstra-searcher" => {
            let (graph, queries) = digraph_queries();
            let total: u64 = match library {
                "pathfinding" => measured(|| {
                    queries
                        .iter()
                        .map(|&(from, to)| peer_route(&graph, from, to).map_or(0, u64::from))
                        .sum()
                }),
                _ => {
                    let numbered = library == "informed-numbered";
                    let mut searcher = informed::Searcher::new();
                    measured(|| {
                        queries
                            .iter()
                            .map(|&(from, to)| {
                                let route = Route {
                                    graph: &graph,
                                    from,
                                    to,
                                    numbered,
                                };
                                let found = searcher.dijkstra(&route).ok();
                                found.map_or(0, |s| u64::from(s.cost()))
                            })
                            .sum()
                    })
                }
            };
            assert_eq!(total, DIGRAPH_DIJKSTRA_TOTAL);
            Some(Answer::Found(total))
        }
        "grid-astar-numbered" => user_grid("dao/arena2", 200, library, "informed-numbered"),
        "grid-astar-berlin" => user_grid("street/Berlin_0_256", 200, library, library),
        "grid-astar-8room" => user_grid("room/8room_000", 60, library, library),
        "grid-dense-8room" => dense_grid("room/8room_000", 60, library),
        "grid-dense-maze512" => dense_grid("maze/maze512-1-0", 40, library),
        _ => short_queries(library),
    }
}

/// A user's own grid on `count` scenarios of `map`, as the everyday bench runs it: `as_run`
/// names the run (`informed-hashed`, `informed-numbered` or `pathfinding`), `library` only the
/// command line's name for it.
fn user_grid(map: &str, count: usize, library: &str, as_run: &str) -> Option<Answer> {
    let Some((grid, scenarios)) = user_map(map, count) else {
        return Some(Answer::Skipped);
    };
    let as_run = if library == "pathfinding" {
        library
    } else {
        as_run
    };
    let queries = user_queries(&scenarios);
    let costs: Vec<Option<f64>> = match as_run {
        "pathfinding" => measured(|| {
            queries
                .iter()
                .map(|&(start, goal)| peer_grid(&grid, start, goal))
                .collect()
        }),
        _ => {
            let numbered = as_run == "informed-numbered";
            measured(|| {
                queries
                    .iter()
                    .map(|&(start, goal)| informed_user_grid(&grid, start, goal, numbered))
                    .collect()
            })
        }
    };
    Some(checked_total(&scenarios, &costs))
}

/// The crate's own grids, numbered (the dense table), on `count` scenarios of `map` as the
/// `peers` bench runs them: `informed`, `informed-hashed` (the same problem, hashed) or
/// `pathfinding`.
fn dense_grid(map: &str, count: usize, library: &str) -> Option<Answer> {
    let Some((grid, scenarios)) = common::movingai(map, count) else {
        return Some(Answer::Skipped);
    };
    let queries = common::queries(&grid, &scenarios);
    let costs: Vec<Option<f64>> = match library {
        "informed" => measured(|| {
            queries
                .iter()
                .map(|(_, p)| common::informed_octile(p))
                .collect()
        }),
        "informed-hashed" => measured(|| {
            queries
                .iter()
                .map(|(_, problem)| {
                    let search =
                        informed::Search::new(problem).node_table(informed::NodeTable::Hashed);
                    search.astar_with(problem.octile()).ok().map(|s| s.cost())
                })
                .collect()
        }),
        _ => measured(|| {
            queries
                .iter()
                .map(|(_, p)| common::peer_octile(p))
                .collect()
        }),
    };
    Some(checked_total(&scenarios, &costs))
}

/// Every tenth of the bench's 2,000 short queries on Cauldron (200, from the shortest to the
/// longest of them), one-shot or through one reused searcher: all 2,000 would take half an hour
/// a library under callgrind.
fn short_queries(library: &str) -> Option<Answer> {
    let Some((grid, scenarios)) = cauldron_short_queries() else {
        return Some(Answer::Skipped);
    };
    let scenarios: Vec<_> = scenarios.into_iter().step_by(10).collect();
    let queries = user_queries(&scenarios);
    let numbered = library.ends_with("-numbered");
    let costs: Vec<Option<f64>> = match library {
        "pathfinding" => measured(|| {
            queries
                .iter()
                .map(|&(start, goal)| peer_grid(&grid, start, goal))
                .collect()
        }),
        "informed-one-shot-hashed" | "informed-one-shot-numbered" => measured(|| {
            queries
                .iter()
                .map(|&(start, goal)| informed_user_grid(&grid, start, goal, numbered))
                .collect()
        }),
        _ => {
            let mut searcher = informed::Searcher::new();
            measured(|| {
                queries
                    .iter()
                    .map(|&(start, goal)| {
                        searcher_user_grid(&mut searcher, &grid, start, goal, numbered)
                    })
                    .collect()
            })
        }
    };
    Some(checked_total(&scenarios, &costs))
}

/// Octile A* on `informed`'s own grid (a dense table) against `pathfinding`'s, on 200 scenarios
/// of `map`: the Moving AI comparison of the `peers` bench, counted.
fn run_octile(map: &str, library: &str) -> Option<Answer> {
    if !matches!(library, "informed" | "pathfinding") {
        return None;
    }
    dense_grid(map, 200, library)
}

/// A* with Manhattan distance on the 1,000 seeded 8-puzzles of the `peers` bench (hashed
/// `Board`s, `u32` costs): the sum of their optimal lengths.
fn run_puzzle8(library: &str) -> Option<u64> {
    let puzzle = informed::puzzle::SlidingPuzzle::new(3, 3).unwrap();
    let problems: Vec<_> = (0..1000)
        .map(|seed| puzzle.problem(puzzle.random_board(seed)).unwrap())
        .collect();
    let manhattan = puzzle.manhattan();
    let total: u64 = match library {
        "informed" => measured(|| {
            problems
                .iter()
                .map(|p| u64::from(informed::astar_with(p, &manhattan).unwrap().cost()))
                .sum()
        }),
        "pathfinding" => measured(|| {
            problems
                .iter()
                .map(|p| common::peer_astar(p, &manhattan).unwrap().1 as u64)
                .sum()
        }),
        _ => return None,
    };
    Some(total)
}

/// The pocket cube with `Vec<u8>` states, which own memory: the engine's buffered successor
/// path. A* on the first 50 of the cube scrambles; the sum of their optimal lengths.
fn run_cube_vec(library: &str) -> Option<u64> {
    struct VecCube(Vec<u8>);
    impl informed::SearchProblem for VecCube {
        type State = Vec<u8>;
        type Cost = u32;
        fn starts(&self) -> impl IntoIterator<Item = Vec<u8>> {
            [self.0.clone()]
        }
        fn is_goal(&self, state: &Vec<u8>) -> bool {
            state[..] == Cube::SOLVED.0[..]
        }
        fn successors(&self, state: &Vec<u8>) -> impl IntoIterator<Item = (Vec<u8>, u32)> {
            vec_moves(state).map(|next| (next, 1))
        }
    }
    fn cube(state: &[u8]) -> Cube {
        Cube(state.try_into().expect("eight corners"))
    }
    fn vec_moves(state: &[u8]) -> impl Iterator<Item = Vec<u8>> + use<> {
        cube(state).moves().into_iter().map(|c| c.0.to_vec())
    }
    let starts: Vec<Vec<u8>> = scrambles(50, 8).iter().map(|c| c.0.to_vec()).collect();
    let total: u64 = match library {
        "informed" => measured(|| {
            starts
                .iter()
                .map(|s| {
                    let problem = VecCube(s.clone());
                    let estimate = |s: &Vec<u8>| cube(s).estimate();
                    u64::from(informed::astar(&problem, estimate).unwrap().cost())
                })
                .sum()
        }),
        "pathfinding" => measured(|| {
            starts
                .iter()
                .map(|s| {
                    let (_, cost) = pathfinding::directed::astar::astar(
                        s,
                        |s| vec_moves(s).map(|n| (n, 1u32)),
                        |s| cube(s).estimate(),
                        |s| s[..] == Cube::SOLVED.0[..],
                    )
                    .unwrap();
                    u64::from(cost)
                })
                .sum()
        }),
        _ => return None,
    };
    Some(total)
}

/// The number of random pancake stacks of `pancake-idastar`, and their seed.
const PANCAKE_STACKS: usize = 2500;
const PANCAKE_SEED: u64 = 35;

/// IDA* in place against a hand-written IDA*, both with parent pruning by the move: Korf's
/// 15-puzzle #79 with Manhattan distance (`in-place`, `copying` for the generic engine,
/// `hand-written`), and random stacks of 16 pancakes with the gap heuristic (`in-place` on a
/// problem that answers the optional questions, `listed` on one that answers none,
/// `hand-written`). The answer is the expansions, the goals counted as the library counts
/// them, so every library must print the same; the solution lengths are checked.
fn run_idastar(workload: &str, library: &str) -> Option<Answer> {
    use informed::{CycleCheck, InPlace, Search};
    match (workload, library) {
        ("korf79-idastar", "in-place" | "copying" | "hand-written") => {
            let puzzle = korf::puzzle();
            let Some(instances) = korf::instances(&puzzle) else {
                return Some(Answer::Skipped);
            };
            let instance = instances.iter().find(|i| i.id == 79)?;
            let problem = puzzle.problem(instance.board).expect("solvable");
            // Its tables built outside the count.
            let manhattan = puzzle.manhattan();
            let (length, expanded) = match library {
                "hand-written" => {
                    let tiles: [u8; 16] = puzzle.tiles(instance.board).try_into().ok()?;
                    let mut solver = korf::hand_written::HandWritten::new(&tiles);
                    let length = measured(|| solver.solve());
                    (length, solver.expanded + 1)
                }
                "copying" => {
                    let solution = measured(|| {
                        Search::new(&problem)
                            .cycle_check(CycleCheck::Parent)
                            .idastar_with(&manhattan)
                    })
                    .expect("solvable");
                    (solution.cost(), solution.stats().expanded)
                }
                _ => {
                    let view = InPlace::new(problem);
                    let solution = measured(|| {
                        Search::new(&view)
                            .cycle_check(CycleCheck::Parent)
                            .idastar_in_place_with(&manhattan)
                    })
                    .expect("solvable");
                    (solution.cost(), solution.stats().expanded)
                }
            };
            assert_eq!(length, instance.optimal);
            Some(Answer::Found(expanded))
        }
        ("pancake-idastar", "in-place" | "listed" | "hand-written") => {
            let stacks = pancake::stacks(PANCAKE_STACKS, PANCAKE_SEED);
            let solved: Vec<(u32, u64)> = match library {
                "hand-written" => measured(|| {
                    stacks
                        .iter()
                        .map(|stack| {
                            let mut solver = pancake::HandWritten::new(stack);
                            (solver.solve(), solver.expanded + 1)
                        })
                        .collect()
                }),
                "listed" => measured(|| {
                    stacks
                        .iter()
                        .map(|&stack| {
                            let solution = Search::new(&InPlace::new(pancake::Listed(stack)))
                                .cycle_check(CycleCheck::Parent)
                                .idastar_in_place_with(pancake::Gaps)
                                .expect("every stack sorts");
                            (solution.cost(), solution.stats().expanded)
                        })
                        .collect()
                }),
                _ => measured(|| {
                    stacks
                        .iter()
                        .map(|&stack| {
                            let solution = Search::new(&InPlace::new(pancake::Pancakes(stack)))
                                .cycle_check(CycleCheck::Parent)
                                .idastar_in_place_with(pancake::Gaps)
                                .expect("every stack sorts");
                            (solution.cost(), solution.stats().expanded)
                        })
                        .collect()
                }),
            };
            // Every stack's length, against the hand-written solver's.
            for (stack, &(length, _)) in stacks.iter().zip(&solved) {
                assert_eq!(length, pancake::HandWritten::new(stack).solve());
            }
            Some(Answer::Found(
                solved.iter().map(|&(_, expanded)| expanded).sum(),
            ))
        }
        _ => None,
    }
}
