//! `par_search` and `par_search_with` (the `rayon` feature) against sequential one-shot
//! searches: the same results, in the same order. `cargo test --features rayon --test batch`.

#![cfg(feature = "rayon")]

mod common;

use common::{Graph, config, graph};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn par_search_equals_sequential_searches(
        graphs in prop::collection::vec((graph(30, 1..10u64), any::<bool>()), 1..40)
    ) {
        let graphs: Vec<Graph<u64>> = graphs
            .into_iter()
            .map(|(mut graph, numbered)| {
                graph.numbered = numbered;
                graph
            })
            .collect();
        let h = |&n: &usize| (n % 2) as u64;
        let parallel = informed::par_search(&graphs, |searcher, graph| {
            (searcher.astar(graph, h), searcher.dijkstra(graph))
        });
        let sequential: Vec<_> = graphs
            .iter()
            .map(|graph| (informed::astar(graph, h), informed::dijkstra(graph)))
            .collect();
        prop_assert_eq!(parallel, sequential);
    }
}

/// Many queries on one 64×64 grid, more than threads: every searcher serves many of them.
#[test]
fn par_search_on_one_grid() {
    use informed::grid::{Cell, Grid, Movement};
    let grid = Grid::new(64, 64);
    let goals: Vec<Cell> = (0..500u32)
        .map(|i| Cell::new(i % 64, (i * 7) % 64))
        .collect();
    let query = |goal: Cell| {
        grid.problem(Cell::new(0, 0), goal, Movement::Eight)
            .unwrap()
    };
    let parallel = informed::par_search(&goals, |searcher, &goal| {
        let problem = query(goal);
        searcher.astar_with(&problem, problem.octile())
    });
    for (&goal, found) in goals.iter().zip(parallel) {
        let problem = query(goal);
        assert_eq!(found, informed::astar_with(&problem, problem.octile()));
    }
}

/// Jump point search with a searcher per thread (`par_search_with`), JPS and JPS+, on a map
/// with walls: every query's answer is that of a fresh searcher.
#[test]
fn par_search_with_jump_point_searchers() {
    use informed::grid::{Cell, Grid, JumpPointSearcher, JumpTable, Movement};
    let mut grid = Grid::new(96, 64);
    common::scatter_walls(&mut grid, 25, &mut 7);
    grid.set_free(Cell::new(0, 0), true);
    let goals: Vec<Cell> = (0..400u32)
        .map(|i| Cell::new((i * 13) % 96, (i * 7) % 64))
        .filter(|&cell| grid.is_free(cell))
        .collect();
    let table = JumpTable::build(&grid).unwrap();
    let query = |goal: Cell| {
        grid.problem(Cell::new(0, 0), goal, Movement::Eight)
            .unwrap()
    };
    for plus in [false, true] {
        let make = || match plus {
            true => JumpPointSearcher::with_table(&grid, table.clone()).unwrap(),
            false => JumpPointSearcher::new(&grid),
        };
        let parallel =
            informed::par_search_with(&goals, make, |jps, &goal| jps.search(&query(goal)));
        for (&goal, found) in goals.iter().zip(parallel) {
            assert_eq!(found, make().search(&query(goal)), "{goal}");
        }
    }
}
