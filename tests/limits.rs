//! Every limit is honoured exactly: a search that needs no more than the limit allows gives the
//! unlimited answer, and one that needs more stops with the limit, its statistics at the cap.

mod common;

use std::cell::Cell;
use std::time::{Duration, Instant};

use common::{config, graph};
use informed::{Limit, Search, SearchError};
use proptest::prelude::*;

/// An unbounded line 0 → 1 → 2 → …: only a limit ends a search on it.
fn endless() -> impl informed::SearchProblem<State = u64, Cost = u64> {
    informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u64)], |_| false)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn expansion_limit_is_exact(graph in graph(30, 0..20u64), slack in 0u64..3, below in 0u64..30) {
        let h = |&v: &usize| (v as u64 * 7) % 5;
        let free = informed::astar(&graph, h);
        let needed = free.as_ref().map_or_else(|e| e.stats(), |s| s.stats()).expanded;
        // At or above what the search needs: the same outcome.
        let limited = Search::new(&graph).max_expansions(needed + slack).astar(h);
        prop_assert_eq!(&limited, &free);
        // Below it: the limit, with exactly that many expansions.
        if needed > 0 {
            let cap = below % needed;
            match Search::new(&graph).max_expansions(cap).astar(h) {
                Err(SearchError::LimitReached { limit, stats, .. }) => {
                    prop_assert_eq!(limit, Limit::Expansions(cap));
                    prop_assert_eq!(stats.expanded, cap);
                }
                other => prop_assert!(false, "cap {cap} < {needed}: got {other:?}"),
            }
        }
    }

    #[test]
    fn stored_limit_is_exact(graph in graph(30, 0..20u64), below in 0usize..30) {
        for bfs in [false, true] {
            let run = |search: Search<'_, common::Graph<u64>>| {
                if bfs { search.bfs() } else { search.dijkstra() }
            };
            let free = run(Search::new(&graph));
            let needed = free.as_ref().map_or_else(|e| e.stats(), |s| s.stats()).stored;
            prop_assert_eq!(&run(Search::new(&graph).max_stored(needed)), &free);
            let cap = below % needed.max(1);
            if cap < needed {
                match run(Search::new(&graph).max_stored(cap)) {
                    Err(SearchError::LimitReached { limit, stats, .. }) => {
                        prop_assert_eq!(limit, Limit::StoredStates(cap));
                        prop_assert_eq!(stats.stored, cap);
                    }
                    other => prop_assert!(false, "cap {cap} < {needed}: got {other:?}"),
                }
            }
        }
    }

    /// A bound at or above the optimal cost keeps it; a bound below it leaves no path.
    #[test]
    fn cost_bound_prunes_exactly_the_costlier_paths(graph in graph(30, 0..20u64), delta in 0u64..5) {
        let Some(optimal) = graph.optimal_cost() else { return Ok(()) };
        let optimal = optimal as u64;
        let h = |_: &usize| 0u64;
        for run in [
            |s: Search<'_, common::Graph<u64>>, h| s.astar(h),
            |s: Search<'_, common::Graph<u64>>, _| s.dijkstra(),
        ] {
            let kept = run(Search::new(&graph).cost_bound(optimal + delta), h);
            prop_assert_eq!(kept.map(|s| s.cost()), Ok(optimal));
            if optimal > 0 {
                let below = run(Search::new(&graph).cost_bound(optimal - 1 - delta.min(optimal - 1)), h);
                prop_assert!(below.as_ref().is_err_and(SearchError::is_no_path), "{below:?}");
            }
        }
    }

    /// The cancel callback is asked once before each expansion and stops the search at once.
    #[test]
    fn cancellation_stops_before_the_next_expansion(after in 0u64..200) {
        let problem = endless();
        let calls = Cell::new(0u64);
        let outcome = Search::new(&problem)
            .cancel_when(|| {
                calls.set(calls.get() + 1);
                calls.get() > after
            })
            .dijkstra();
        match outcome {
            Err(SearchError::LimitReached { limit: Limit::Cancelled, stats, .. }) => {
                prop_assert_eq!(stats.expanded, after);
            }
            other => prop_assert!(false, "{other:?}"),
        }
    }
}

#[test]
fn a_past_deadline_stops_before_any_expansion() {
    let problem = endless();
    let outcome = Search::new(&problem).deadline(Instant::now()).bfs();
    let Err(SearchError::LimitReached { limit, stats, best }) = outcome else {
        panic!("expected the deadline, got {outcome:?}");
    };
    assert_eq!(limit, Limit::Deadline);
    assert_eq!(stats.expanded, 0);
    assert_eq!(best.expect("the start is stored").path(), &[0]);
}

#[test]
fn a_deadline_ends_an_endless_search_promptly() {
    let problem = endless();
    let started = Instant::now();
    let outcome = Search::new(&problem)
        .deadline(started + Duration::from_millis(50))
        .astar(|_: &u64| 0u64);
    assert_eq!(
        outcome.map(|s| s.cost()).unwrap_err().limit(),
        Some(Limit::Deadline)
    );
    // Generous: the point is that it returns, not how fast (the machine may be loaded).
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn limit_reports_the_most_promising_partial_path() {
    let problem = endless();
    // h decreases along the line, so the deepest stored state is the most promising.
    let outcome = Search::new(&problem)
        .max_expansions(5)
        .astar(|&n: &u64| 1_000 - n.min(1_000));
    let Err(SearchError::LimitReached {
        best: Some(best),
        stats,
        ..
    }) = outcome
    else {
        panic!("expected the limit, got {outcome:?}");
    };
    assert_eq!(stats.expanded, 5);
    assert_eq!(best.path(), &[0, 1, 2, 3, 4, 5]);
    assert_eq!(best.cost(), 5);
    assert_eq!(best.estimate(), 995);
}

#[test]
fn a_search_needing_exactly_the_limit_succeeds() {
    let problem = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 4);
    // Five expansions: 0, 1, 2, 3 and the goal 4.
    let solution = Search::new(&problem)
        .max_expansions(5)
        .dijkstra()
        .expect("five expansions suffice");
    assert_eq!(solution.stats().expanded, 5);
    let stopped = Search::new(&problem).max_expansions(4).dijkstra();
    assert_eq!(stopped.unwrap_err().limit(), Some(Limit::Expansions(4)));
}
