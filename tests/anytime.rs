//! Anytime weighted A*: every bound it reports holds, and run to completion it is optimal.

mod common;

use common::{config, graph};
use informed::{Search, SearchError};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn bounds_hold_and_completion_is_optimal(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
        weight in 1.0..5.0f64,
        budget in prop::option::of(1u64..60),
    ) {
        let exact = graph.remaining_costs();
        let h: Vec<u64> = exact
            .iter()
            .zip(seeds.iter().cycle())
            .map(|(d, seed)| d.map_or(1_000_000, |d| seed % (d as u64 + 1)))
            .collect();
        let mut search = Search::new(&graph);
        if let Some(budget) = budget {
            search = search.max_expansions(budget);
        }
        let outcome = search.anytime_astar(|&v: &usize| h[v], weight);
        let optimal = graph.optimal_cost();
        match (outcome, optimal) {
            (Ok(anytime), Some(optimal)) => {
                let best = anytime.best();
                let cost = graph.check_path(best.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, best.cost() as f64);
                let improvements = anytime.improvements();
                prop_assert!(!improvements.is_empty());
                prop_assert!(improvements[0].cost() as f64 <= weight * optimal + 1e-9);
                for pair in improvements.windows(2) {
                    prop_assert!(pair[1].cost() < pair[0].cost());
                }
                for improvement in improvements {
                    prop_assert!(improvement.bound() >= 1.0);
                    prop_assert!(improvement.cost() as f64 <= improvement.bound() * optimal + 1e-9,
                        "cost {} bound {} optimal {optimal}", improvement.cost(), improvement.bound());
                }
                prop_assert_eq!(improvements.last().unwrap().cost(), best.cost());
                prop_assert!(best.cost() as f64 <= anytime.bound() * optimal + 1e-9);
                if anytime.is_optimal() {
                    prop_assert_eq!(best.cost() as f64, optimal);
                }
                if budget.is_none() {
                    prop_assert!(anytime.is_optimal());
                }
            }
            (Err(SearchError::NoPath { .. }), None) => {}
            (Err(SearchError::LimitReached { .. }), _) => prop_assert!(budget.is_some()),
            (outcome, optimal) => prop_assert!(false, "{outcome:?} vs {optimal:?}"),
        }
    }
}

#[test]
fn improvements_arrive_while_the_search_continues() {
    use informed::grid::{Cell, Grid, Movement};
    // A wide open grid with a wall: weighted A* first goes the wrong way round.
    let mut picture = vec![".".repeat(40); 30];
    for row in picture.iter_mut().take(25).skip(5) {
        row.replace_range(20..21, "#");
    }
    let grid = Grid::from_ascii(&picture.join("\n")).unwrap();
    let problem = grid
        .problem(Cell::new(0, 15), Cell::new(39, 16), Movement::Eight)
        .unwrap();
    let anytime = informed::anytime_astar_with(&problem, problem.octile(), 5.0).unwrap();
    let optimal = informed::astar_with(&problem, problem.octile()).unwrap();
    assert!(anytime.is_optimal());
    assert!((anytime.best().cost() - optimal.cost()).abs() < 1e-9);
    assert!(anytime.improvements()[0].expanded() < optimal.stats().expanded);
    assert!(informed::anytime_astar_with(&problem, problem.octile(), -1.0).is_err());
}
