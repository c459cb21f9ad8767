//! `informed` against `pathfinding` on the same problems, in the same criterion groups, so that
//! each ratio comes from one run. Every iteration checks its answers (against the published
//! optimum, or the two libraries against each other): a fast wrong answer cannot pass.
//!
//! `cargo bench -p informed-bench --bench peers`; `docs/benchmarks.md` has the numbers and how they were made.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::{
    Rng, configure, informed_octile, movingai, peer_astar, peer_bfs, peer_dijkstra, peer_octile,
    queries, sealed_grid, solve_all, walled_grid,
};
use criterion::{Criterion, criterion_group, criterion_main};
use informed::graph::{Graph, StraightLine};
use informed::grid::{Cell, Grid, Movement};
use informed::puzzle::{Board, SlidingPuzzle};
use informed::{NodeTable, Search, SearchProblem};

/// Tracks live and peak heap bytes, to report memory per stored state.
struct PeakBytes;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// The crate denies `unsafe`; a global allocator cannot be written without it. This one only
// forwards to the system allocator and keeps two counters.
// SAFETY: every call is forwarded unchanged to the system allocator; the counters are atomics
// and do not allocate.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for PeakBytes {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: the caller upholds `alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
        PEAK.fetch_max(live, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: PeakBytes = PeakBytes;

/// The peak heap bytes `run` adds above what was live when it started.
fn peak_bytes<T>(run: impl FnOnce() -> T) -> (usize, T) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let result = run();
    (PEAK.load(Ordering::Relaxed) - base, result)
}

/// Memory per stored state on the largest single searches, printed once before the timings.
fn memory(_: &mut Criterion) {
    let Some((grid, scenarios)) = movingai("dao/ost100d", 2802) else {
        return;
    };
    let hardest = scenarios.last().unwrap();
    let problem = grid
        .problem(hardest.start(), hardest.goal(), Movement::Eight)
        .unwrap();
    let (dense, solution) =
        peak_bytes(|| informed::astar_with(&problem, problem.octile()).unwrap());
    let stored = solution.stats().stored;
    let (hashed, _) = peak_bytes(|| {
        Search::new(&problem)
            .node_table(NodeTable::Hashed)
            .astar_with(problem.octile())
            .unwrap()
    });
    let (peer, _) = peak_bytes(|| peer_astar(&problem, &problem.octile()).unwrap());
    println!("memory: ost100d hardest scenario, A*: {stored} states stored");
    for (name, bytes) in [
        ("informed", dense),
        ("informed-hashed", hashed),
        ("pathfinding", peer),
    ] {
        println!(
            "memory: {name:<15} peak {:>7.1} MiB, {:>5.1} bytes per stored state",
            bytes as f64 / (1 << 20) as f64,
            bytes as f64 / stored as f64
        );
    }
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let conflict = puzzle.linear_conflict();
    let board = puzzle.random_board(3);
    let problem = puzzle.problem(board).unwrap();
    let (hashed, solution) = peak_bytes(|| informed::astar_with(&problem, &conflict).unwrap());
    let stored = solution.stats().stored;
    let (peer, _) = peak_bytes(|| peer_astar(&problem, &conflict).unwrap());
    println!(
        "memory: 15-puzzle {} ({} moves), A*: {stored} states stored",
        puzzle.to_line(board),
        solution.cost()
    );
    for (name, bytes) in [("informed", hashed), ("pathfinding", peer)] {
        println!(
            "memory: {name:<15} peak {:>7.1} MiB, {:>5.1} bytes per stored state",
            bytes as f64 / (1 << 20) as f64,
            bytes as f64 / stored as f64
        );
    }
}

/// Moving AI maps, 8-connected without corner cutting, octile heuristic.
fn movingai_maps(c: &mut Criterion) {
    let maps = [
        ("dao/arena2", 200),
        ("maze/maze512-1-0", 40),
        ("random/random512-10-0", 100),
        ("room/8room_000", 60),
        ("street/Berlin_0_256", 200),
        ("dao/ost100d", 40),
    ];
    for (map, count) in maps {
        let Some((grid, scenarios)) = movingai(map, count) else {
            return;
        };
        let mut group = configure(c, &format!("movingai/{map}"));
        let queries = queries(&grid, &scenarios);
        group.bench_function("informed", |b| {
            b.iter(|| solve_all(&queries, informed_octile))
        });
        group.bench_function("informed-hashed", |b| {
            b.iter(|| {
                solve_all(&queries, |problem| {
                    Search::new(problem)
                        .node_table(NodeTable::Hashed)
                        .astar_with(problem.octile())
                        .ok()
                        .map(|s| s.cost())
                })
            })
        });
        group.bench_function("pathfinding", |b| {
            b.iter(|| solve_all(&queries, peer_octile))
        });
        group.finish();
    }
}

/// 512×512 4-connected grids made here: open, 25% walls, and a sealed goal (no path).
fn generated_grids(c: &mut Criterion) {
    let grids = [
        ("open", Grid::new(512, 512)),
        ("walls25", walled_grid(512, 25, 7)),
        ("no-path", sealed_grid(512)),
    ];
    for (name, grid) in &grids {
        let problem = grid
            .problem(Cell::new(0, 0), Cell::new(511, 511), Movement::Four)
            .unwrap();
        let expected = informed::dijkstra(&problem).ok().map(|s| s.cost());
        let mut group = configure(c, &format!("grid512/{name}"));
        group.bench_function("informed-bfs", |b| {
            b.iter(|| assert_eq!(informed::bfs(&problem).ok().map(|s| s.cost()), expected))
        });
        group.bench_function("pathfinding-bfs", |b| {
            b.iter(|| assert_eq!(peer_bfs(&problem).map(|n| (n - 1) as f64), expected))
        });
        group.bench_function("informed-dijkstra", |b| {
            b.iter(|| {
                assert_eq!(
                    informed::dijkstra(&problem).ok().map(|s| s.cost()),
                    expected
                )
            })
        });
        group.bench_function("informed-hashed-dijkstra", |b| {
            b.iter(|| {
                assert_eq!(
                    Search::new(&problem)
                        .node_table(NodeTable::Hashed)
                        .dijkstra()
                        .ok()
                        .map(|s| s.cost()),
                    expected
                )
            })
        });
        group.bench_function("pathfinding-dijkstra", |b| {
            b.iter(|| assert_eq!(peer_dijkstra(&problem).map(|(_, c)| c), expected))
        });
        group.bench_function("informed-astar", |b| {
            b.iter(|| {
                assert_eq!(
                    informed::astar_with(&problem, problem.manhattan())
                        .ok()
                        .map(|s| s.cost()),
                    expected
                )
            })
        });
        group.bench_function("informed-hashed-astar", |b| {
            b.iter(|| {
                let outcome = Search::new(&problem)
                    .node_table(NodeTable::Hashed)
                    .astar_with(problem.manhattan());
                assert_eq!(outcome.ok().map(|s| s.cost()), expected)
            })
        });
        group.bench_function("pathfinding-astar", |b| {
            b.iter(|| {
                assert_eq!(
                    peer_astar(&problem, &problem.manhattan()).map(|(_, c)| c),
                    expected
                )
            })
        });
        group.finish();
    }
}

/// 8-puzzle: 1,000 seeded random solvable boards, A* with Manhattan and with linear conflict.
fn eight_puzzles(c: &mut Criterion) {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let boards: Vec<Board> = (0..1000).map(|seed| puzzle.random_board(seed)).collect();
    let optimal: Vec<u32> = boards
        .iter()
        .map(|&b| {
            informed::astar_with(&puzzle.problem(b).unwrap(), puzzle.linear_conflict())
                .unwrap()
                .cost()
        })
        .collect();
    let mut group = configure(c, "8-puzzle/1000-boards");
    group.measurement_time(Duration::from_secs(10));
    for heuristic in ["manhattan", "linear-conflict"] {
        let (manhattan, conflict) = (puzzle.manhattan(), puzzle.linear_conflict());
        group.bench_function(format!("informed-{heuristic}"), |b| {
            b.iter(|| {
                for (board, &cost) in boards.iter().zip(&optimal) {
                    let problem = puzzle.problem(*board).unwrap();
                    let found = if heuristic == "manhattan" {
                        informed::astar_with(&problem, &manhattan)
                    } else {
                        informed::astar_with(&problem, &conflict)
                    };
                    assert_eq!(found.unwrap().cost(), cost);
                }
            })
        });
        group.bench_function(format!("pathfinding-{heuristic}"), |b| {
            b.iter(|| {
                for (board, &cost) in boards.iter().zip(&optimal) {
                    let problem = puzzle.problem(*board).unwrap();
                    let found = if heuristic == "manhattan" {
                        peer_astar(&problem, &manhattan)
                    } else {
                        peer_astar(&problem, &conflict)
                    };
                    assert_eq!(found.unwrap().1, f64::from(cost));
                }
            })
        });
    }
    group.finish();
}

/// 15-puzzle: seeded boards whose optimal solutions take 40 to 50 moves, A* with linear conflict.
fn fifteen_puzzles(c: &mut Criterion) {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let conflict = puzzle.linear_conflict();
    let mut rng = Rng(15);
    let mut instances: Vec<(Board, u32)> = Vec::new();
    while instances.len() < 4 {
        // A random walk from the goal, then a bounded A* to learn its optimum.
        let mut board = puzzle.goal();
        for _ in 0..(60 + rng.below(40)) {
            let moves: Vec<_> = puzzle
                .problem(board)
                .unwrap()
                .successors(&board)
                .into_iter()
                .collect();
            board = moves[rng.below(moves.len() as u64) as usize].0;
        }
        let problem = puzzle.problem(board).unwrap();
        if let Ok(solution) = Search::new(&problem)
            .max_expansions(400_000)
            .astar_with(&conflict)
            && (40..=50).contains(&solution.cost())
        {
            instances.push((board, solution.cost()));
        }
    }
    let mut group = configure(c, "15-puzzle/40-50-moves");
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("informed-linear-conflict", |b| {
        b.iter(|| {
            for &(board, cost) in &instances {
                let solution =
                    informed::astar_with(&puzzle.problem(board).unwrap(), &conflict).unwrap();
                assert_eq!(solution.cost(), cost);
            }
        })
    });
    group.bench_function("pathfinding-linear-conflict", |b| {
        b.iter(|| {
            for &(board, cost) in &instances {
                let found = peer_astar(&puzzle.problem(board).unwrap(), &conflict).unwrap();
                assert_eq!(found.1, f64::from(cost));
            }
        })
    });
    group.finish();
}

/// Road networks: Dijkstra and A* (calibrated straight line) on seeded random queries.
fn road_networks(c: &mut Criterion) {
    let Some(data) = common::shared_data("roads") else {
        return;
    };
    for name in ["cal", "TG"] {
        let base = data.join("roads").join(name);
        let graph =
            Graph::load_road_network(base.with_extension("cnode"), base.with_extension("cedge"))
                .unwrap();
        let factor = graph.straight_line_factor();
        let mut rng = Rng(99);
        let n = graph.node_count() as u64;
        let queries: Vec<(u32, u32, Option<f64>)> = (0..30)
            .map(|_| {
                let (from, to) = (rng.below(n) as u32, rng.below(n) as u32);
                let cost = informed::dijkstra(&graph.problem(from, to).unwrap())
                    .ok()
                    .map(|s| s.cost());
                (from, to, cost)
            })
            .collect();
        let close = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.max(1.0),
            (a, b) => a == b,
        };
        let mut group = configure(c, &format!("roads/{name}"));
        group.bench_function("informed-dijkstra", |b| {
            b.iter(|| {
                for &(from, to, cost) in &queries {
                    let found = informed::dijkstra(&graph.problem(from, to).unwrap())
                        .ok()
                        .map(|s| s.cost());
                    assert!(close(found, cost));
                }
            })
        });
        group.bench_function("informed-hashed-dijkstra", |b| {
            b.iter(|| {
                for &(from, to, cost) in &queries {
                    let found = Search::new(&graph.problem(from, to).unwrap())
                        .node_table(NodeTable::Hashed)
                        .dijkstra();
                    assert!(close(found.ok().map(|s| s.cost()), cost));
                }
            })
        });
        group.bench_function("pathfinding-dijkstra", |b| {
            b.iter(|| {
                for &(from, to, cost) in &queries {
                    assert!(close(
                        peer_dijkstra(&graph.problem(from, to).unwrap()).map(|(_, c)| c),
                        cost
                    ));
                }
            })
        });
        group.bench_function("informed-astar", |b| {
            b.iter(|| {
                for &(from, to, cost) in &queries {
                    let h = StraightLine::with_factor(&graph, to, factor);
                    let found = informed::astar_with(&graph.problem(from, to).unwrap(), h)
                        .ok()
                        .map(|s| s.cost());
                    assert!(close(found, cost));
                }
            })
        });
        group.bench_function("informed-hashed-astar", |b| {
            b.iter(|| {
                for &(from, to, cost) in &queries {
                    let h = StraightLine::with_factor(&graph, to, factor);
                    let found = Search::new(&graph.problem(from, to).unwrap())
                        .node_table(NodeTable::Hashed)
                        .astar_with(h);
                    assert!(close(found.ok().map(|s| s.cost()), cost));
                }
            })
        });
        group.bench_function("pathfinding-astar", |b| {
            b.iter(|| {
                for &(from, to, cost) in &queries {
                    let h = StraightLine::with_factor(&graph, to, factor);
                    assert!(close(
                        peer_astar(&graph.problem(from, to).unwrap(), &h).map(|(_, c)| c),
                        cost
                    ));
                }
            })
        });
        group.finish();
    }
}

/// A state of 256 bytes: a grid cell carrying a payload that is part of its identity, so every
/// clone, hash and comparison touches all of it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heavy {
    cell: Cell,
    payload: [u8; 248],
}

impl Heavy {
    fn new(cell: Cell) -> Heavy {
        let mut payload = [0u8; 248];
        for (i, byte) in payload.iter_mut().enumerate() {
            *byte = (cell.x as usize * 31 + cell.y as usize * 17 + i) as u8;
        }
        Heavy { cell, payload }
    }
}

struct HeavyGrid {
    grid: Grid,
    goal: Cell,
}

impl SearchProblem for HeavyGrid {
    type State = Heavy;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Heavy> {
        [Heavy::new(Cell::new(0, 0))]
    }

    fn is_goal(&self, state: &Heavy) -> bool {
        state.cell == self.goal
    }

    fn successors(&self, state: &Heavy) -> impl IntoIterator<Item = (Heavy, u32)> {
        let mut out = Vec::new();
        let Cell { x, y } = state.cell;
        for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
            let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                continue;
            };
            let next = Cell::new(nx, ny);
            if self.grid.is_free(next) {
                out.push((Heavy::new(next), 1));
            }
        }
        out
    }
}

fn large_states(c: &mut Criterion) {
    // The first seeded wall pattern that leaves the goal reachable.
    let problem = (0..)
        .map(|seed| HeavyGrid {
            grid: walled_grid(96, 20, seed),
            goal: Cell::new(95, 95),
        })
        .find(|p| informed::dijkstra(p).is_ok())
        .unwrap();
    let manhattan = |s: &Heavy| (95 - s.cell.x) + (95 - s.cell.y);
    let expected = informed::dijkstra(&problem).unwrap().cost();
    let mut group = configure(c, "large-states/256-bytes");
    group.bench_function("informed-dijkstra", |b| {
        b.iter(|| assert_eq!(informed::dijkstra(&problem).unwrap().cost(), expected))
    });
    group.bench_function("pathfinding-dijkstra", |b| {
        b.iter(|| assert_eq!(peer_dijkstra(&problem).unwrap().1, f64::from(expected)))
    });
    group.bench_function("informed-astar", |b| {
        b.iter(|| {
            assert_eq!(
                informed::astar(&problem, manhattan).unwrap().cost(),
                expected
            )
        })
    });
    group.bench_function("pathfinding-astar", |b| {
        b.iter(|| {
            assert_eq!(
                peer_astar(&problem, &manhattan).unwrap().1,
                f64::from(expected)
            )
        })
    });
    group.finish();
}

criterion_group!(
    peers,
    memory,
    movingai_maps,
    generated_grids,
    eight_puzzles,
    fifteen_puzzles,
    road_networks,
    large_states
);
criterion_main!(peers);
