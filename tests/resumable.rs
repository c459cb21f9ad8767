//! The resumable search against one A* call: split into calls by any sequence of budgets, it
//! expands the same states in the same order and ends with the same outcome; its partial paths
//! lead where `PartialTarget` says, with the guarantees it states.

mod common;

use std::time::{Duration, Instant};

use common::{cell_grid, cell_query, config, graph};
use informed::grid::{Cell, Movement, Octile};
use informed::{
    Budget, Event, Limit, Partial, PartialTarget, Progress, Search, SearchError, SearchProblem,
};
use proptest::prelude::*;

/// The states A* expands, with their g and h, in order.
type Expansions<S, C> = Vec<(S, C, C)>;

fn target(least_f: bool) -> PartialTarget {
    if least_f {
        PartialTarget::LeastF
    } else {
        PartialTarget::LeastEstimate
    }
}

/// Checks that `partial` is a path of `problem`: from a start, each state a successor of the one
/// before.
fn check_path<P>(problem: &P, partial: &Partial<P::State, P::Cost>)
where
    P: SearchProblem,
    P::State: std::fmt::Debug,
{
    let path = partial.path();
    assert!(problem.starts().into_iter().any(|s| s == path[0]));
    for pair in path.windows(2) {
        assert!(
            problem
                .successors(&pair[0])
                .into_iter()
                .any(|(s, _)| s == pair[1]),
            "no step from {:?} to {:?}",
            pair[0],
            pair[1]
        );
    }
}

proptest! {
    #![proptest_config(config())]

    /// Split into calls by random budgets, the search is one A* call: the same expansions in
    /// the same order and the same outcome with the same statistics. Each running call made
    /// exactly its budget of expansions, and its partial path leads where the target says: for
    /// the least estimate, where a search stopped by a cap at the same count leads; for the
    /// least f, to the state A* expands next, at the g and h it expands it with. The heuristic
    /// is random (inconsistent), so states are reopened and moved up.
    #[test]
    fn any_split_is_one_astar_call(
        graph in graph(30, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..30),
        spread in 1..25u64,
        budgets in prop::collection::vec(0..8u64, 1..10),
        least_f in any::<bool>(),
        numbered in any::<bool>(),
    ) {
        let graph = common::Graph { numbered, ..graph };
        // A last budget of one, so that every round of calls makes progress.
        let budgets = [budgets, vec![1]].concat();
        // Few values of h make ties on h, which states reached by a cheaper path then break.
        let h = |&v: &usize| seeds[v % seeds.len()] % spread;
        let mut expected_order: Expansions<usize, u64> = Vec::new();
        let expected = Search::new(&graph)
            .on_event(|event| {
                if let Event::Expand { state, g, h } = event {
                    expected_order.push((*state, g, h));
                }
            })
            .astar(h);
        let mut order: Expansions<usize, u64> = Vec::new();
        let mut search = Search::new(&graph)
            .on_event(|event| {
                if let Event::Expand { state, g, h } = event {
                    order.push((*state, g, h));
                }
            })
            .resumable(h)
            .partial_target(target(least_f));
        let mut made = 0;
        let outcome = 'calls: loop {
            for &budget in &budgets {
                match search.run(Budget::expansions(budget)) {
                    Progress::Done(outcome) => break 'calls outcome,
                    Progress::Running { partial, stats } => {
                        made += budget;
                        prop_assert_eq!(stats.expanded, made);
                        check_path(&graph, &partial);
                        let end = *partial.path().last().unwrap();
                        if least_f {
                            let next = expected_order[made as usize];
                            prop_assert_eq!((end, partial.cost(), partial.estimate()), next);
                        } else {
                            let stopped = Search::new(&graph).max_expansions(made).astar(h);
                            prop_assert_eq!(Some(partial), stopped.unwrap_err().into_best());
                        }
                    }
                }
            }
        };
        prop_assert!(search.is_done());
        prop_assert_eq!(search.partial(), None);
        prop_assert_eq!(search.run(Budget::expansions(1)), Progress::Done(outcome.clone()));
        drop(search);
        prop_assert_eq!(&outcome, &expected);
        prop_assert_eq!(order, expected_order);
    }

    /// On 8-connected grids with the octile distance (consistent), the least-f partial path is
    /// a least-cost path to its last cell, its f never exceeds the optimum, and f never falls
    /// from one call to the next; the least-estimate one is a path. Both end as A* does.
    #[test]
    fn least_f_partial_paths_keep_their_guarantees(
        (cells, start, goal) in cell_query(12, 9, 30),
        budgets in prop::collection::vec(0..12u64, 1..6),
        least_f in any::<bool>(),
    ) {
        let budgets = [budgets, vec![1]].concat();
        let grid = cell_grid(&cells);
        let (start, goal) = (Cell::new(start.0, start.1), Cell::new(goal.0, goal.1));
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        let expected = informed::astar_with(&problem, Octile::to(goal));
        let optimum = expected.as_ref().ok().map(|solution| solution.cost());
        let mut search = informed::resumable_with(&problem, Octile::to(goal))
            .partial_target(target(least_f));
        let mut last_f = 0.0;
        let outcome = 'calls: loop {
            for &budget in &budgets {
                let Progress::Running { partial, .. } = search.run(Budget::expansions(budget))
                else {
                    break 'calls search.run(Budget::unlimited());
                };
                check_path(&problem, &partial);
                if !least_f {
                    continue;
                }
                let end = *partial.path().last().unwrap();
                let to_end = grid.problem(start, end, Movement::Eight).unwrap();
                let least = informed::dijkstra(&to_end).unwrap().cost();
                prop_assert!(common::close(partial.cost(), least), "{} vs {least}", partial.cost());
                let f = partial.cost() + partial.estimate();
                if let Some(optimum) = optimum {
                    prop_assert!(f <= optimum + 1e-9, "f {f} above the optimum {optimum}");
                }
                prop_assert!(f >= last_f - 1e-9, "f fell from {last_f} to {f}");
                last_f = f;
            }
        };
        prop_assert_eq!(outcome, Progress::Done(expected));
    }
}

/// A budget of nothing stores the starts and expands nothing; its partial path is a start.
#[test]
fn a_budget_of_nothing_expands_nothing() {
    let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 5);
    let mut search = informed::resumable(&line, |&n: &u32| 5 - n.min(5));
    assert_eq!(search.partial(), None);
    for _ in 0..3 {
        let Progress::Running { partial, stats } = search.run(Budget::expansions(0)) else {
            panic!("a budget of nothing ends nothing");
        };
        assert_eq!(
            (partial.path(), partial.cost(), partial.estimate()),
            (&[0][..], 0, 5)
        );
        assert_eq!((stats.expanded, stats.generated, stats.stored), (0, 1, 1));
    }
    let past = Instant::now();
    let Progress::Running { stats, .. } = search.run(Budget::until(past)) else {
        panic!("a deadline already passed expands nothing");
    };
    assert_eq!(stats.expanded, 0);
    let frame = Budget::expansions(3).time_limit(Duration::from_secs(3600));
    assert_eq!(search.run(frame).stats().expanded, 3);
    assert_eq!(search.stats().expanded, 3);
    // A time alone, in chunks between readings of the clock, to the end.
    let Progress::Done(outcome) = search.run(Budget::time(Duration::from_secs(3600))) else {
        panic!("an hour is enough for five steps");
    };
    assert_eq!(outcome, informed::astar(&line, |&n: &u32| 5 - n.min(5)));
}

/// A search with no path, one with refused options and one stopped by its own cap end in the
/// errors A* returns, whatever the budget; a start that is a goal ends the first call.
#[test]
fn ends_as_astar_ends() {
    let dead_end = informed::from_fn(0u32, |&n: &u32| (n < 3).then_some((n + 1, 1u32)), |_| false);
    let mut search = informed::resumable(&dead_end, |_| 0);
    assert!(!search.run(Budget::expansions(2)).is_done());
    let Progress::Done(Err(error)) = search.run(Budget::expansions(2)) else {
        panic!("nothing beyond 3");
    };
    assert!(error.is_no_path());
    assert_eq!(Err(error), informed::astar(&dead_end, |_| 0));

    let floats = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1.0f64)], |&n| n == 3);
    let mut refused = Search::new(&floats).cost_bound(f64::NAN).resumable(|_| 0.0);
    assert!(matches!(
        refused.run(Budget::expansions(0)),
        Progress::Done(Err(SearchError::InvalidCostBound { .. }))
    ));

    let endless = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u32)], |_| false);
    let mut capped = Search::new(&endless).max_expansions(10).resumable(|_| 0);
    let Progress::Done(Err(error)) = capped.run(Budget::expansions(100)) else {
        panic!("the cap ends the search");
    };
    assert_eq!(error.limit(), Some(Limit::Expansions(10)));
    assert_eq!(
        Err(error),
        Search::new(&endless).max_expansions(10).astar(|_| 0)
    );

    let here = informed::from_fn(7u8, |&n: &u8| [(n + 1, 1u32)], |&n| n == 7);
    let Progress::Done(Ok(solution)) = informed::resumable(&here, |_| 0).run(Budget::expansions(1))
    else {
        panic!("the start is a goal");
    };
    assert_eq!((solution.path(), solution.stats().expanded), (&[7][..], 1));
}

/// The target can change between calls: the least estimate is then found from every state
/// stored so far, as a cap at the same count finds it.
#[test]
fn the_target_can_change_between_calls() {
    let h = |&(x, y): &(i32, i32)| ((x - 9).unsigned_abs() + (y - 9).unsigned_abs()) / 2;
    let plane = informed::from_fn(
        (0i32, 0i32),
        |&(x, y): &(i32, i32)| {
            [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
                .map(|s| (s, if s.0 > x { 3u32 } else { 1 }))
        },
        |&s| s == (9, 9),
    );
    let mut search = informed::resumable(&plane, h);
    let Progress::Running { partial, .. } = search.run(Budget::expansions(20)) else {
        panic!("the goal is further");
    };
    assert_eq!(partial.path()[0], (0, 0));
    let mut search = search.partial_target(PartialTarget::LeastEstimate);
    let stopped = Search::new(&plane).max_expansions(20).astar(h).unwrap_err();
    assert_eq!(search.partial().as_ref(), stopped.best());
    let Progress::Running { partial, .. } = search.run(Budget::expansions(15)) else {
        panic!("the goal is further");
    };
    let stopped = Search::new(&plane).max_expansions(35).astar(h).unwrap_err();
    assert_eq!(Some(&partial), stopped.best());
    let mut search = search.partial_target(PartialTarget::LeastF);
    let Progress::Done(outcome) = search.run(Budget::unlimited()) else {
        panic!("an unlimited budget ends the search");
    };
    assert_eq!(outcome, informed::astar(&plane, h));
}

/// A state reached by a cheaper path can take the least estimate's place: found by the property
/// above and kept as a fixed case. Node 2 is stored from the start 3 at g = 14, before node 1
/// (g = 0), then reached at g = 0 through 1 and 0; every h but the start's is 0, so once its g
/// falls to 1's, the tie goes to node 2, stored first.
#[test]
fn a_cheaper_path_breaks_a_tie_on_the_estimate() {
    let graph = common::Graph {
        adjacency: vec![
            vec![(2, 0u64), (4, 0)],
            vec![(0, 0)],
            vec![],
            vec![(2, 14), (7, 6), (1, 0)],
            vec![],
            vec![],
            vec![],
            vec![],
        ],
        starts: vec![3],
        goals: vec![false; 8],
        numbered: false,
    };
    let h = |&v: &usize| u64::from(v == 3);
    let mut search = informed::resumable(&graph, h).partial_target(PartialTarget::LeastEstimate);
    let mut made = 0;
    while let Progress::Running { partial, .. } = search.run(Budget::expansions(1)) {
        made += 1;
        let stopped = Search::new(&graph).max_expansions(made).astar(h);
        assert_eq!(
            Some(partial),
            stopped.unwrap_err().into_best(),
            "after {made}"
        );
    }
}

proptest! {
    #![proptest_config(config())]

    /// Weighted A* split into calls is one `weighted_astar` call, expansions and outcome.
    #[test]
    fn a_weighted_split_is_one_weighted_astar_call(
        graph in graph(30, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..30),
        weight in 0.0..4.0f64,
        budgets in prop::collection::vec(0..8u64, 1..10),
    ) {
        let budgets = [budgets, vec![1]].concat();
        let h = |&v: &usize| seeds[v % seeds.len()] % 25;
        let mut expected_order = Vec::new();
        let expected = Search::new(&graph)
            .on_event(|event| {
                if let Event::Expand { state, .. } = event {
                    expected_order.push(*state);
                }
            })
            .weighted_astar(h, weight);
        let mut order = Vec::new();
        let mut search = Search::new(&graph)
            .on_event(|event| {
                if let Event::Expand { state, .. } = event {
                    order.push(*state);
                }
            })
            .resumable_weighted(h, weight);
        let outcome = 'calls: loop {
            for &budget in &budgets {
                if let Progress::Done(outcome) = search.run(Budget::expansions(budget)) {
                    break 'calls outcome;
                }
            }
        };
        drop(search);
        prop_assert_eq!(outcome, expected);
        prop_assert_eq!(order, expected_order);
    }
}

/// A weight the weighted search refuses is reported by the first call.
#[test]
fn a_bad_weight_is_reported_by_the_first_call() {
    let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 3);
    for weight in [-1.0, f64::NAN, f64::INFINITY] {
        let mut search = Search::new(&line).resumable_weighted(|_| 0, weight);
        let Progress::Done(Err(SearchError::InvalidWeight(error))) =
            search.run(Budget::expansions(10))
        else {
            panic!("weight {weight} refused");
        };
        assert!(error.weight().is_nan() == weight.is_nan());
    }
}
