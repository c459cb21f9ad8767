//! The everyday path: problems written the way a user writes them (their own state types, the
//! default hashed node table, closures for `pathfinding`), `informed` against `pathfinding` in the
//! same criterion group. Every iteration checks its answers, the two libraries against each
//! other or against the published optimum.
//!
//! `cargo bench -p informed-bench --bench everyday`; `docs/benchmarks.md` has the numbers.

mod common;
mod workloads;

use std::hint::black_box;
use std::time::Duration;

use common::{Rng, configure};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use informed::grid::Cell;
use informed::{NodeTable, OpenSet, Search, SearchProblem, Searcher};
use workloads::{
    CUBE_STATES, Cube, CubeProblem, Hanoi, NumberedCubeProblem, PackedCube, PackedCubeProblem,
    PackedDigraph, PackedHanoi, Route, TOWERS_GOAL, TOWERS_START, Towers, UserQuery,
    cauldron_short_queries, digraph_queries, informed_bfs_flood, informed_bfs_steps,
    informed_bidirectional_steps, informed_cube, informed_numbered_cube, informed_packed_cube,
    informed_packed_route, informed_reachable_count, informed_route, informed_user_grid, octile,
    pack_towers, peer_bfs_steps, peer_bidirectional_steps, peer_cube, peer_cube_bfs_flood,
    peer_cube_flood, peer_grid, peer_packed_cube, peer_packed_cube_flood, peer_packed_route,
    peer_route, scrambles, searcher_user_grid, tower_moves, user_ends, user_map,
};

/// The open sets measured beside the default, as the `OPEN_SETS` variable names them
/// (`binary,lazy,quaternary`); none unless it is set.
fn open_sets() -> Vec<(&'static str, OpenSet)> {
    let wanted = std::env::var("OPEN_SETS").unwrap_or_default();
    [
        ("binary", OpenSet::BinaryHeap),
        ("quaternary", OpenSet::QuaternaryHeap),
        ("lazy", OpenSet::LazyHeap),
    ]
    .into_iter()
    .filter(|(name, _)| wanted.split(',').any(|w| w == *name))
    .collect()
}

/// The whole pocket cube flooded from `solved` through `reachable` and `bfs_reach`, against
/// `pathfinding`'s `bfs_reach` (`peer`), each counting every state.
fn cube_floods<P: SearchProblem>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    solved: &P,
    peer: impl Fn() -> usize,
) {
    group.bench_function("informed-reachable", |b| {
        b.iter(|| {
            assert_eq!(black_box(informed_reachable_count(solved)), CUBE_STATES);
        })
    });
    group.bench_function("informed-bfs-reach", |b| {
        b.iter(|| {
            assert_eq!(black_box(informed::bfs_reach(solved).count()), CUBE_STATES);
        })
    });
    group.bench_function("pathfinding-bfs-reach", |b| {
        b.iter(|| {
            assert_eq!(black_box(peer()), CUBE_STATES);
        })
    });
}

fn pocket_cube(c: &mut Criterion) {
    let starts = scrambles(200, 8);
    let expected: Vec<u32> = starts.iter().map(|&start| peer_cube(start)).collect();
    let mut group = configure(c, "everyday/cube-astar-200");
    group.bench_function("informed", |b| {
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                assert_eq!(black_box(informed_cube(start)), cost);
            }
        })
    });
    for (name, open_set) in open_sets() {
        group.bench_function(format!("informed-{name}"), |b| {
            b.iter(|| {
                for (&start, &cost) in starts.iter().zip(&expected) {
                    let problem = CubeProblem { start };
                    let solution = Search::new(&problem)
                        .open_set(open_set)
                        .astar(Cube::estimate)
                        .unwrap();
                    assert_eq!(black_box(solution.cost()), cost);
                }
            })
        });
    }
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                assert_eq!(black_box(peer_cube(start)), cost);
            }
        })
    });
    group.finish();

    let mut group = configure(c, "everyday/cube-flood");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let solved = CubeProblem {
        start: Cube::SOLVED,
    };
    cube_floods(&mut group, &solved, peer_cube_flood);
    group.finish();

    // The same flood through a breadth-first search whose goal is never met: what a user's
    // `bfs` costs when the answer is that there is no path.
    let mut group = configure(c, "everyday/cube-bfs-flood");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("informed", |b| {
        b.iter(|| {
            assert_eq!(black_box(informed_bfs_flood(&solved)), CUBE_STATES);
        })
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            assert_eq!(black_box(peer_cube_bfs_flood()), CUBE_STATES);
        })
    });
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// The pocket cube numbered by its user (`workloads::NumberedCubeProblem`): the dense node table
// by default, on short queries (the A*) that touch a few thousand of its 3.67 M numbers, and on
// the flood that touches them all.

fn numbered_cube(c: &mut Criterion) {
    let starts = scrambles(200, 8);
    let expected: Vec<u32> = starts.iter().map(|&start| peer_cube(start)).collect();
    let solved = NumberedCubeProblem {
        start: Cube::SOLVED,
    };
    // Two states with one number would be one state to the dense table: the flood would count
    // fewer.
    assert_eq!(informed::bfs_reach(&solved).count(), CUBE_STATES);
    let mut group = configure(c, "everyday/cube-astar-200-numbered");
    group.bench_function("informed", |b| {
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                assert_eq!(black_box(informed_numbered_cube(start)), cost);
            }
        })
    });
    group.bench_function("informed-hashed", |b| {
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                let problem = NumberedCubeProblem { start };
                let solution = Search::new(&problem)
                    .node_table(NodeTable::Hashed)
                    .astar(Cube::estimate)
                    .unwrap();
                assert_eq!(black_box(solution.cost()), cost);
            }
        })
    });
    group.bench_function("informed-searcher", |b| {
        let mut searcher = Searcher::new();
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                let problem = NumberedCubeProblem { start };
                let solution = searcher.astar(&problem, Cube::estimate).unwrap();
                assert_eq!(black_box(solution.cost()), cost);
            }
        })
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                assert_eq!(black_box(peer_cube(start)), cost);
            }
        })
    });
    group.finish();

    let mut group = configure(c, "everyday/cube-flood-numbered");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    cube_floods(&mut group, &solved, peer_cube_flood);
    group.bench_function("informed-bfs", |b| {
        b.iter(|| {
            assert_eq!(black_box(informed_bfs_flood(&solved)), CUBE_STATES);
        })
    });
    group.finish();
}

fn random_digraph(c: &mut Criterion) {
    let (graph, queries) = digraph_queries();
    let expected: Vec<Option<u32>> = queries
        .iter()
        .map(|&(from, to)| peer_route(&graph, from, to))
        .collect();
    let mut group = configure(c, "everyday/digraph-dijkstra-500");
    for numbered in [false, true] {
        let name = if numbered { "numbered" } else { "hashed" };
        group.bench_function(format!("informed-{name}"), |b| {
            b.iter(|| {
                for (&(from, to), &cost) in queries.iter().zip(&expected) {
                    let found = informed_route(&graph, from, to, numbered);
                    assert_eq!(black_box(found), cost);
                }
            })
        });
        for (open, open_set) in open_sets() {
            group.bench_function(format!("informed-{name}-{open}"), |b| {
                b.iter(|| {
                    for (&(from, to), &cost) in queries.iter().zip(&expected) {
                        let route = Route {
                            graph: &graph,
                            from,
                            to,
                            numbered,
                        };
                        let found = Search::new(&route).open_set(open_set).dijkstra();
                        assert_eq!(black_box(found.ok().map(|s| s.cost())), cost);
                    }
                })
            });
        }
    }
    for numbered in [false, true] {
        let name = if numbered { "numbered" } else { "hashed" };
        group.bench_function(format!("informed-searcher-{name}"), |b| {
            let mut searcher = Searcher::new();
            b.iter(|| {
                for (&(from, to), &cost) in queries.iter().zip(&expected) {
                    let route = Route {
                        graph: &graph,
                        from,
                        to,
                        numbered,
                    };
                    let found = searcher.dijkstra(&route).ok().map(|s| s.cost());
                    assert_eq!(black_box(found), cost);
                }
            })
        });
    }
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            for (&(from, to), &cost) in queries.iter().zip(&expected) {
                assert_eq!(black_box(peer_route(&graph, from, to)), cost);
            }
        })
    });
    group.finish();
}

fn hanoi(c: &mut Criterion) {
    let (start, goal) = (Towers::all_on(0), Towers::all_on(3));
    let steps = peer_bfs_steps(&start, &goal, Towers::moves);
    assert_eq!(
        steps, 49,
        "Frame–Stewart: 49 moves for ten discs on four pegs"
    );
    let mut group = configure(c, "everyday/hanoi4-10-bfs");
    group.bench_function("informed", |b| {
        b.iter(|| assert_eq!(black_box(informed_bfs_steps(&Hanoi)), steps))
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            let found = peer_bfs_steps(&start, &goal, Towers::moves);
            assert_eq!(black_box(found), steps)
        })
    });
    group.finish();
    let mut group = configure(c, "everyday/hanoi4-10-bidirectional-bfs");
    group.bench_function("informed", |b| {
        b.iter(|| assert_eq!(black_box(informed_bidirectional_steps(&Hanoi)), steps))
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            let found = peer_bidirectional_steps(&start, &goal, Towers::moves);
            assert_eq!(black_box(found), steps)
        })
    });
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// The same workloads with every state packed into one `u32`: cheap to hash and compare, so what
// shows is each engine's own cost per state.

fn packed_cube(c: &mut Criterion) {
    let cube = PackedCube::new();
    let scrambled = scrambles(200, 8);
    cube.check(&scrambled);
    let starts: Vec<u32> = scrambled.iter().map(|s| cube.encode(s)).collect();
    // The optimal costs of the same scrambles as `Cube`s: the packed searches must agree.
    let expected: Vec<u32> = scrambled.iter().map(|&start| peer_cube(start)).collect();
    let mut group = configure(c, "everyday/cube-astar-200-packed");
    group.bench_function("informed", |b| {
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                assert_eq!(black_box(informed_packed_cube(&cube, start)), cost);
            }
        })
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            for (&start, &cost) in starts.iter().zip(&expected) {
                assert_eq!(black_box(peer_packed_cube(&cube, start)), cost);
            }
        })
    });
    group.finish();

    let mut group = configure(c, "everyday/cube-flood-packed");
    group.measurement_time(Duration::from_secs(20));
    let solved = PackedCubeProblem {
        cube: &cube,
        start: PackedCube::SOLVED,
    };
    cube_floods(&mut group, &solved, || peer_packed_cube_flood(&cube));
    group.finish();
}

fn packed_digraph(c: &mut Criterion) {
    let (graph, queries) = digraph_queries();
    // The answers on the `usize` graph: the packed one must be the same graph.
    let expected: Vec<Option<u32>> = queries
        .iter()
        .map(|&(from, to)| peer_route(&graph, from, to))
        .collect();
    let packed = PackedDigraph::from_digraph(&graph);
    let queries: Vec<(u32, u32)> = queries
        .iter()
        .map(|&(from, to)| (from as u32, to as u32))
        .collect();
    let mut group = configure(c, "everyday/digraph-dijkstra-500-packed");
    for dense in [false, true] {
        let name = if dense { "dense" } else { "hashed" };
        group.bench_function(format!("informed-{name}"), |b| {
            b.iter(|| {
                for (&(from, to), &cost) in queries.iter().zip(&expected) {
                    let found = informed_packed_route(&packed, from, to, dense);
                    assert_eq!(black_box(found), cost);
                }
            })
        });
    }
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            for (&(from, to), &cost) in queries.iter().zip(&expected) {
                assert_eq!(black_box(peer_packed_route(&packed, from, to)), cost);
            }
        })
    });
    group.finish();
}

fn packed_hanoi(c: &mut Criterion) {
    // The packed moves are `Towers`'s moves, checked along a random walk.
    let mut rng = Rng(7);
    let mut towers = Towers::all_on(0);
    for _ in 0..1000 {
        let moves: Vec<Towers> = towers.moves().collect();
        let packed: Vec<u32> = tower_moves(pack_towers(&towers)).collect();
        assert_eq!(packed, moves.iter().map(pack_towers).collect::<Vec<_>>());
        towers = moves[rng.below(moves.len() as u64) as usize];
    }
    assert_eq!(pack_towers(&Towers::all_on(3)), TOWERS_GOAL);
    let steps = 49;
    let mut group = configure(c, "everyday/hanoi4-10-bfs-packed");
    group.bench_function("informed", |b| {
        b.iter(|| assert_eq!(black_box(informed_bfs_steps(&PackedHanoi)), steps))
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            let found = peer_bfs_steps(&TOWERS_START, &TOWERS_GOAL, |&s| tower_moves(s));
            assert_eq!(black_box(found), steps)
        })
    });
    group.finish();
    let mut group = configure(c, "everyday/hanoi4-10-bidirectional-bfs-packed");
    group.bench_function("informed", |b| {
        b.iter(|| assert_eq!(black_box(informed_bidirectional_steps(&PackedHanoi)), steps))
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            let found = peer_bidirectional_steps(&TOWERS_START, &TOWERS_GOAL, |&s| tower_moves(s));
            assert_eq!(black_box(found), steps)
        })
    });
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// A user's own grid (`workloads::UserGrid`) on Moving AI maps.

fn cell((x, y): (usize, usize)) -> Cell {
    Cell::new(x as u32, y as u32)
}

fn user_grids(c: &mut Criterion) {
    for (map, count) in [
        ("dao/arena2", 200),
        ("street/Berlin_0_256", 200),
        ("room/8room_000", 60),
    ] {
        let Some((grid, scenarios)) = user_map(map, count) else {
            return;
        };
        let mut group = configure(c, &format!("everyday/user-grid/{map}"));
        for numbered in [false, true] {
            let name = if numbered { "numbered" } else { "hashed" };
            group.bench_function(format!("informed-{name}"), |b| {
                b.iter(|| {
                    for scenario in &scenarios {
                        let (start, goal) = user_ends(scenario);
                        let found = informed_user_grid(&grid, start, goal, numbered);
                        common::check(scenario, black_box(found));
                    }
                })
            });
            for (open, open_set) in open_sets() {
                group.bench_function(format!("informed-{name}-{open}"), |b| {
                    b.iter(|| {
                        for scenario in &scenarios {
                            let (start, goal) = user_ends(scenario);
                            let query = UserQuery {
                                grid: &grid,
                                start,
                                goal,
                                numbered,
                            };
                            let found = Search::new(&query)
                                .open_set(open_set)
                                .astar(|&p: &(usize, usize)| octile(p, goal));
                            common::check(scenario, black_box(found.ok().map(|s| s.cost())));
                        }
                    })
                });
            }
        }
        group.bench_function("pathfinding", |b| {
            b.iter(|| {
                for scenario in &scenarios {
                    let (start, goal) = user_ends(scenario);
                    common::check(scenario, black_box(peer_grid(&grid, start, goal)));
                }
            })
        });
        group.finish();
    }
    let _ = cell;
}

// ---------------------------------------------------------------------------------------------
// Many short queries on one large map, as a game asks them: one reusable searcher against
// one-shot searches and `pathfinding`.

fn short_queries(c: &mut Criterion) {
    let Some((user, scenarios)) = cauldron_short_queries() else {
        return;
    };
    let mut group = configure(c, "everyday/short-queries/Cauldron-2000");
    for numbered in [false, true] {
        let name = if numbered { "numbered" } else { "hashed" };
        group.bench_function(format!("informed-one-shot-{name}"), |b| {
            b.iter(|| {
                for scenario in &scenarios {
                    let (start, goal) = user_ends(scenario);
                    let found = informed_user_grid(&user, start, goal, numbered);
                    common::check(scenario, black_box(found));
                }
            })
        });
        group.bench_function(format!("informed-searcher-{name}"), |b| {
            let mut searcher = Searcher::new();
            b.iter(|| {
                for scenario in &scenarios {
                    let (start, goal) = user_ends(scenario);
                    let found = searcher_user_grid(&mut searcher, &user, start, goal, numbered);
                    common::check(scenario, black_box(found));
                }
            })
        });
        group.bench_function(format!("informed-par-search-{name}"), |b| {
            b.iter(|| {
                let costs = informed::par_search(&scenarios, |searcher, scenario| {
                    let (start, goal) = user_ends(scenario);
                    searcher_user_grid(searcher, &user, start, goal, numbered)
                });
                for (scenario, cost) in scenarios.iter().zip(costs) {
                    common::check(scenario, black_box(cost));
                }
            })
        });
    }
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            for scenario in &scenarios {
                let (start, goal) = user_ends(scenario);
                common::check(scenario, black_box(peer_grid(&user, start, goal)));
            }
        })
    });
    group.finish();
}

criterion_group!(
    everyday,
    pocket_cube,
    numbered_cube,
    random_digraph,
    hanoi,
    packed_cube,
    packed_digraph,
    packed_hanoi,
    user_grids,
    short_queries
);
criterion_main!(everyday);
