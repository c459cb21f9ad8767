//! Bad input is an error naming the offending value, never a panic or a wrong answer.

mod common;

use common::{config, graph};
use informed::{Search, SearchError};
use proptest::prelude::*;

#[test]
fn negative_step_cost_names_the_step() {
    let problem = informed::from_fn(
        'a',
        |&c: &char| match c {
            'a' => vec![('b', 2i32)],
            'b' => vec![('c', -3)],
            _ => vec![],
        },
        |&c| c == 'c',
    );
    let error = informed::dijkstra(&problem).unwrap_err();
    let SearchError::NegativeCost {
        from,
        to,
        cost,
        stats,
    } = &error
    else {
        panic!("expected a negative cost, got {error:?}");
    };
    assert_eq!((*from, *to, *cost), ('b', 'c', -3));
    assert_eq!(stats.expanded, 2);
    assert_eq!(
        error.to_string(),
        "negative step cost -3 from 'b' to 'c': costs must be at least 0"
    );
    assert!(matches!(
        informed::bfs(&problem),
        Err(SearchError::NegativeCost { cost: -3, .. })
    ));
}

#[test]
fn nan_step_cost_is_reported() {
    let problem = informed::from_fn(
        0u8,
        |&n: &u8| [(n + 1, if n == 2 { f64::NAN } else { 1.0 })],
        |&n| n == 5,
    );
    for outcome in [
        informed::dijkstra(&problem),
        informed::bfs(&problem),
        informed::greedy(&problem, |_: &u8| 0.0),
    ] {
        let error = outcome.unwrap_err();
        assert!(
            matches!(error, SearchError::NanCost { from: 2, to: 3, .. }),
            "{error:?}"
        );
        assert_eq!(error.to_string(), "step cost from 2 to 3 is NaN");
    }
}

#[test]
fn nan_estimate_names_the_state() {
    let problem = informed::from_fn(0u8, |&n: &u8| [(n + 1, 1.0f32)], |&n| n == 5);
    let error =
        informed::astar(&problem, |&n: &u8| if n == 3 { f32::NAN } else { 0.0 }).unwrap_err();
    assert!(
        matches!(error, SearchError::NanEstimate { state: 3, .. }),
        "{error:?}"
    );
    assert_eq!(error.to_string(), "heuristic estimate of 3 is NaN");
}

#[test]
fn nan_in_either_half_of_a_max_reaches_the_check() {
    let problem = informed::from_fn(0u8, |&n: &u8| [(n + 1, 1.0f64)], |&n| n == 2);
    let nan: fn(&u8) -> f64 = |_| f64::NAN;
    let one: fn(&u8) -> f64 = |_| 1.0;
    for heuristic in [informed::Max::new(nan, one), informed::Max::new(one, nan)] {
        let error = informed::astar_with(&problem, heuristic).unwrap_err();
        assert!(
            matches!(error, SearchError::NanEstimate { state: 0, .. }),
            "{error:?}"
        );
    }
}

#[test]
fn integer_overflow_of_g_is_reported() {
    let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 100u8)], |&n| n == 10);
    let error = informed::dijkstra(&problem).unwrap_err();
    let SearchError::Overflow {
        from, to, g, step, ..
    } = error
    else {
        panic!("expected an overflow, got {error:?}");
    };
    assert_eq!((from, to, g, step), (2, 3, 200, 100));
    assert_eq!(
        error.to_string(),
        "path cost overflows u8: g = 200 at 2 plus step 100 to 3"
    );
    assert!(matches!(
        informed::bfs(&problem),
        Err(SearchError::Overflow {
            g: 200,
            step: 100,
            ..
        })
    ));
}

#[test]
fn integer_overflow_of_f_is_reported() {
    let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u16)], |&n| n == 10);
    let error =
        informed::astar(&problem, |&n: &u32| if n == 4 { u16::MAX } else { 0 }).unwrap_err();
    assert!(
        matches!(
            error,
            SearchError::EstimateOverflow {
                state: 4,
                g: 4,
                h: u16::MAX,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "priority overflows u16: g = 4 plus h = 65535 at 4"
    );
}

#[test]
fn invalid_weight_is_rejected_before_searching() {
    let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 3);
    for weight in [-1.0, f64::NAN, f64::INFINITY] {
        let error = informed::weighted_astar(&problem, |_: &u32| 0, weight).unwrap_err();
        assert!(
            matches!(error, SearchError::InvalidWeight { .. }),
            "{error:?}"
        );
        assert_eq!(error.stats().expanded, 0);
    }
    assert!(informed::Weighted::try_new(|_: &u32| 0u32, -0.5).is_err());
}

#[test]
fn infinite_steps_and_estimates_are_pruned_not_followed() {
    // The only way to the goal crosses an impassable (infinite) step.
    let problem = informed::from_fn(
        0u8,
        |&n: &u8| [(n + 1, if n == 1 { f64::INFINITY } else { 1.0 })],
        |&n| n == 3,
    );
    for outcome in [informed::dijkstra(&problem), informed::bfs(&problem)] {
        let error = outcome.unwrap_err();
        assert!(error.is_no_path(), "{error:?}");
        assert_eq!(error.stats().pruned, 1);
    }
    // A dead-end estimate keeps the search out of a branch.
    let fork = informed::from_fn(
        0i32,
        |&n: &i32| {
            if n == 0 {
                vec![(-1, 1.0), (1, 1.0)]
            } else {
                vec![(n + n.signum(), 1.0)]
            }
        },
        |&n| n == 3,
    );
    let solution =
        informed::astar(&fork, |&n: &i32| if n < 0 { f64::INFINITY } else { 0.0 }).unwrap();
    assert_eq!(solution.path(), &[0, 1, 2, 3]);
    assert!(solution.stats().pruned >= 1);
}

proptest! {
    #![proptest_config(config())]

    /// With some negative edges, a search either never relaxes one (and returns a valid path or
    /// no path) or reports exactly the edge it met.
    #[test]
    fn negative_edges_are_reported_exactly(graph in graph(30, -3..20i64)) {
        for outcome in [informed::dijkstra(&graph), informed::bfs(&graph), Search::new(&graph).astar(|_: &usize| 0)] {
            match outcome {
                Err(SearchError::NegativeCost { from, to, cost, .. }) => {
                    prop_assert!(cost < 0);
                    prop_assert_eq!(graph.edge(from, to), Some(cost));
                }
                Ok(solution) => {
                    let path_cost = graph.check_path(solution.path()).map_err(TestCaseError::fail)?;
                    prop_assert_eq!(path_cost, solution.cost() as f64);
                }
                Err(SearchError::NoPath { .. }) => {}
                other => prop_assert!(false, "{other:?}"),
            }
        }
    }
}

/// States borrowed from text read at run time, and a state type without `Debug`: `detach` and
/// `without_states` make an owned error that `?` takes into a `Box<dyn Error>`.
#[test]
fn detached_errors_outlive_borrowed_states_and_keep_message_and_stats() {
    fn ladder(text: &str, goal: &str) -> Result<usize, Box<dyn std::error::Error + Send + Sync>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let one_apart = |a: &str, b: &str| {
            a.len() == b.len() && a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count() == 1
        };
        let problem = informed::from_fn_unit(
            words[0],
            |&word: &&str| {
                words
                    .iter()
                    .copied()
                    .filter(move |&next| one_apart(word, next))
            },
            |&word| word == goal,
        );
        Ok(informed::bfs(&problem)
            .map_err(SearchError::detach)?
            .steps())
    }
    let text = String::from("cold cord card ward warm word worm");
    assert_eq!(ladder(&text, "warm").unwrap(), 4);
    let error = ladder(&text, "wasp").unwrap_err();
    let failure = error
        .downcast_ref::<informed::SearchFailure>()
        .expect("a SearchFailure");
    assert!(failure.is_no_path());
    assert_eq!(failure.stats().stored, 7);
    assert_eq!(
        failure.to_string(),
        "no path: no reachable state is a goal (7 expanded)"
    );

    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Opaque(i32);
    let problem = informed::from_fn(
        Opaque(0),
        |s: &Opaque| [(Opaque(s.0 + 1), -1i32)],
        |_| false,
    );
    let Err(error) = informed::dijkstra(&problem) else {
        panic!("a negative cost is an error");
    };
    let failure = error.without_states();
    assert_eq!(
        failure.message(),
        "negative step cost -1 from a state to a state: costs must be at least 0"
    );
    assert_eq!(failure.stats().expanded, 1);
    let boxed: Box<dyn std::error::Error + Send + Sync + 'static> = Box::new(failure);
    assert!(boxed.to_string().starts_with("negative step cost"));
}

/// A search cut by a cost bound says so, and counts what the bound pruned, in the singular where
/// the count is 1.
#[test]
fn cost_bound_failures_name_the_bound() {
    let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 100);
    let error = Search::new(&line).cost_bound(5).dijkstra().unwrap_err();
    assert!(matches!(
        error,
        SearchError::NoPath {
            cost_bound: Some(5),
            ..
        }
    ));
    assert_eq!(
        error.to_string(),
        "no goal within cost bound 5 (1 successor pruned)"
    );
    let grid = informed::from_fn(
        (0i32, 0i32),
        |&(x, y): &(i32, i32)| [((x + 1, y), 1u32), ((x, y + 1), 1)],
        |_| false,
    );
    let error = Search::new(&grid).cost_bound(3).astar(|_| 0).unwrap_err();
    assert_eq!(
        error.to_string(),
        "no goal within cost bound 3 (8 successors pruned)"
    );
    let unbounded = informed::from_fn(
        0u32,
        |&n: &u32| [(n + 1, 1u32)].into_iter().filter(|&(m, _)| m < 4),
        |_| false,
    );
    assert_eq!(
        informed::dijkstra(&unbounded).unwrap_err().to_string(),
        "no path: no reachable state is a goal (4 expanded)"
    );
}

/// The partial path of a stopped search that ranks by no estimate reaches the edge of what it
/// explored, not the start; with an estimate, the state of least h.
#[test]
fn best_partial_paths_reach_the_frontier() {
    let line = informed::from_fn(
        0u32,
        |&n: &u32| [(n + 1, 2u32), (n + 2, 3)],
        |&n| n == 1_000,
    );
    for error in [
        Search::new(&line)
            .max_expansions(10)
            .dijkstra()
            .unwrap_err(),
        Search::new(&line).max_expansions(10).bfs().unwrap_err(),
        Search::new(&line)
            .max_expansions(10)
            .astar(|_| 0)
            .unwrap_err(),
    ] {
        let best = error.best().expect("a partial path");
        assert!(best.path().len() > 1, "{:?}", best.path());
        assert_eq!(best.path()[0], 0);
        let cost: u32 = best
            .path()
            .windows(2)
            .map(|w| if w[1] == w[0] + 1 { 2 } else { 3 })
            .sum();
        assert_eq!(best.cost(), cost);
        assert_eq!(error.clone().into_best().as_ref(), Some(best));
    }
    let error = Search::new(&line)
        .max_expansions(10)
        .astar(|&n| (1_000 - n.min(1_000)) * 3 / 2)
        .unwrap_err();
    let best = error.best().expect("a partial path");
    let least_h = best.estimate();
    assert_eq!(least_h, (1_000 - best.path().last().unwrap()) * 3 / 2);
    assert!(
        informed::dijkstra(&informed::from_fn(0u8, |_: &u8| [(0u8, 1u8)], |_| false))
            .unwrap_err()
            .best()
            .is_none()
    );
}

#[test]
fn counts_of_one_read_in_the_singular() {
    let mut stats = informed::Stats::default();
    stats.iterations = 1;
    stats.decrease_keys = 1;
    let text = stats.to_string();
    assert!(
        text.contains("1 decrease-key,") && text.ends_with("1 iteration"),
        "{text}"
    );
}
