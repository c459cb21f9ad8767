//! The design choices, measured against their alternatives on the same workloads:
//! open sets (decrease-key binary and 4-ary heaps, lazy deletion), hashers (fast vs SipHash),
//! node tables (hashed vs dense), tie-breaking, and how successors reach the engine (buffer,
//! iterator, callback). Every iteration checks its answer.
//!
//! `cargo bench -p informed-bench --bench ablations`; the summary is in `docs/benchmarks.md`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{Rng, configure, walled_grid};
use criterion::{Criterion, criterion_group, criterion_main};
use informed::grid::{Cell, Grid, Movement};
use informed::puzzle::SlidingPuzzle;
use informed::{Hashing, NodeTable, OpenSet, Search, TieBreak};

const OPEN_SETS: [(&str, OpenSet); 3] = [
    ("binary", OpenSet::BinaryHeap),
    ("quaternary", OpenSet::QuaternaryHeap),
    ("lazy", OpenSet::LazyHeap),
];

fn open_sets_and_tables(c: &mut Criterion) {
    let grid = walled_grid(512, 25, 7);
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(511, 511), Movement::Four)
        .unwrap();
    let expected = informed::dijkstra(&problem).unwrap().cost();
    let mut group = configure(c, "ablation/grid512-walls25-dijkstra");
    for (name, open_set) in OPEN_SETS {
        for (hashing_name, hashing) in [("fast", Hashing::Fast), ("sip", Hashing::Std)] {
            group.bench_function(format!("{name}-{hashing_name}"), |b| {
                b.iter(|| {
                    let found = Search::new(&problem)
                        .open_set(open_set)
                        .node_table(NodeTable::Hashed)
                        .hashing(hashing)
                        .dijkstra();
                    assert_eq!(found.unwrap().cost(), expected)
                })
            });
        }
        group.bench_function(format!("{name}-dense"), |b| {
            b.iter(|| {
                let found = Search::new(&problem).open_set(open_set).dijkstra();
                assert_eq!(found.unwrap().cost(), expected)
            })
        });
    }
    group.finish();

    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let boards: Vec<_> = (0..300).map(|seed| puzzle.random_board(seed)).collect();
    let conflict = puzzle.linear_conflict();
    let optimal: Vec<u32> = boards
        .iter()
        .map(|&b| {
            informed::astar_with(&puzzle.problem(b).unwrap(), &conflict)
                .unwrap()
                .cost()
        })
        .collect();
    let mut group = configure(c, "ablation/8-puzzle-300-boards");
    group.measurement_time(Duration::from_secs(4));
    for (name, open_set) in OPEN_SETS {
        for (hashing_name, hashing) in [("fast", Hashing::Fast), ("sip", Hashing::Std)] {
            group.bench_function(format!("{name}-{hashing_name}"), |b| {
                b.iter(|| {
                    for (board, &cost) in boards.iter().zip(&optimal) {
                        let problem = puzzle.problem(*board).unwrap();
                        let found = Search::new(&problem)
                            .open_set(open_set)
                            .hashing(hashing)
                            .astar_with(&conflict);
                        assert_eq!(found.unwrap().cost(), cost);
                    }
                })
            });
        }
    }
    group.finish();
}

fn tie_breaking(c: &mut Criterion) {
    let grid = walled_grid(512, 25, 7);
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(511, 511), Movement::Four)
        .unwrap();
    let expected = informed::dijkstra(&problem).unwrap().cost();
    let mut group = configure(c, "ablation/grid512-walls25-astar-ties");
    for (name, tie_break) in [("lifo", TieBreak::Lifo), ("fifo", TieBreak::Fifo)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let found = Search::new(&problem)
                    .tie_break(tie_break)
                    .astar_with(problem.manhattan());
                assert_eq!(found.unwrap().cost(), expected)
            })
        });
    }
    group.finish();
}

/// The three ways a problem could hand successors to the engine, on the same neighbour
/// computation: each visits every cell of a grid once and consumes its neighbours.
fn successor_delivery(c: &mut Criterion) {
    let grid: Grid = walled_grid(256, 20, 11);
    let cells: Vec<Cell> = (0..256)
        .flat_map(|y| (0..256).map(move |x| Cell::new(x, y)))
        .filter(|&cell| grid.is_free(cell))
        .collect();
    fn neighbours(grid: &Grid, cell: Cell) -> [Option<(Cell, f64)>; 4] {
        let step = |dx: i32, dy: i32| {
            let next = Cell::new(
                cell.x.checked_add_signed(dx)?,
                cell.y.checked_add_signed(dy)?,
            );
            grid.is_free(next).then_some((next, 1.0))
        };
        [step(0, -1), step(-1, 0), step(1, 0), step(0, 1)]
    }
    let consume = |acc: &mut u64, (next, cost): (Cell, f64)| {
        *acc = acc
            .wrapping_mul(31)
            .wrapping_add(u64::from(next.x ^ next.y) + cost as u64);
    };
    let mut expected = 0u64;
    for &cell in &cells {
        for item in neighbours(&grid, cell).into_iter().flatten() {
            consume(&mut expected, item);
        }
    }
    let mut group = c.benchmark_group("ablation/successor-delivery");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("buffer", |b| {
        let mut buffer: Vec<(Cell, f64)> = Vec::new();
        b.iter(|| {
            let mut acc = 0u64;
            for &cell in &cells {
                buffer.clear();
                buffer.extend(neighbours(&grid, cell).into_iter().flatten());
                for &item in &buffer {
                    consume(&mut acc, item);
                }
            }
            assert_eq!(black_box(acc), expected);
        })
    });
    group.bench_function("iterator", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &cell in &cells {
                let iter: Box<dyn Iterator<Item = (Cell, f64)>> =
                    Box::new(neighbours(&grid, cell).into_iter().flatten());
                for item in iter {
                    consume(&mut acc, item);
                }
            }
            assert_eq!(black_box(acc), expected);
        })
    });
    group.bench_function("iterator-static", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &cell in &cells {
                for item in neighbours(&grid, cell).into_iter().flatten() {
                    consume(&mut acc, item);
                }
            }
            assert_eq!(black_box(acc), expected);
        })
    });
    group.bench_function("callback", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &cell in &cells {
                let mut emit: &mut dyn FnMut(Cell, f64) =
                    &mut |next, cost| consume(&mut acc, (next, cost));
                for (next, cost) in neighbours(&grid, cell).into_iter().flatten() {
                    emit(next, cost);
                }
                emit = black_box(emit);
                let _ = emit;
            }
            assert_eq!(black_box(acc), expected);
        })
    });
    group.bench_function("vec-per-call", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &cell in &cells {
                let v: Vec<(Cell, f64)> = neighbours(&grid, cell).into_iter().flatten().collect();
                for item in v {
                    consume(&mut acc, item);
                }
            }
            assert_eq!(black_box(acc), expected);
        })
    });
    group.finish();
    let _ = Rng(0);
}

/// The dense table against the hashed one on a large map (3.67 million cells): 2,000 queries of
/// a few expansions each, where the dense table must not pay for the whole map every time, and
/// one long query, where it must still be the faster.
fn dense_table_on_short_and_long_queries(c: &mut Criterion) {
    let grid = Grid::new(1916, 1916);
    let mut rng = Rng(11);
    let queries: Vec<(Cell, Cell)> = (0..2_000)
        .map(|_| {
            let (x, y) = (rng.below(1914) as u32, rng.below(1916) as u32);
            (Cell::new(x, y), Cell::new(x + 2, y))
        })
        .collect();
    let problems: Vec<_> = queries
        .iter()
        .map(|&(start, goal)| grid.problem(start, goal, Movement::Eight).unwrap())
        .collect();
    let mut group = configure(c, "ablation/dense-table-3.67M-cells");
    for (name, table) in [("dense", NodeTable::Auto), ("hashed", NodeTable::Hashed)] {
        group.bench_function(format!("2000-short-{name}"), |b| {
            b.iter(|| {
                for problem in &problems {
                    let found = Search::new(problem)
                        .node_table(table)
                        .astar_with(problem.octile())
                        .unwrap();
                    assert_eq!(found.cost(), 2.0);
                }
            })
        });
    }
    let long = grid
        .problem(Cell::new(0, 0), Cell::new(1915, 1200), Movement::Eight)
        .unwrap();
    let expected = informed::astar_with(&long, long.octile()).unwrap().cost();
    for (name, table) in [("dense", NodeTable::Auto), ("hashed", NodeTable::Hashed)] {
        group.bench_function(format!("long-{name}"), |b| {
            b.iter(|| {
                let found = Search::new(&long).node_table(table).dijkstra().unwrap();
                assert!((found.cost() - expected).abs() < 1e-6);
                black_box(found.stats().expanded)
            })
        });
    }
    group.finish();
}

criterion_group!(
    ablations,
    open_sets_and_tables,
    tie_breaking,
    successor_delivery,
    dense_table_on_short_and_long_queries
);
criterion_main!(ablations);
