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
    fn stored_limit_is_exact(graph in graph(30, 0..20u64), below in 0u64..30) {
        for bfs in [false, true] {
            let run = |search: Search<'_, common::Graph<u64>>| {
                if bfs { search.bfs() } else { search.dijkstra() }
            };
            let free = run(Search::new(&graph));
            let needed = free.as_ref().map_or_else(|e| e.stats(), |s| s.stats()).stored as u64;
            prop_assert_eq!(&run(Search::new(&graph).max_stored(needed)), &free);
            let cap = below % needed.max(1);
            if cap < needed {
                match run(Search::new(&graph).max_stored(cap)) {
                    Err(SearchError::LimitReached { limit, stats, .. }) => {
                        prop_assert_eq!(limit, Limit::StoredStates(cap));
                        prop_assert_eq!(stats.stored as u64, cap);
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

/// One `u64` budget sets both counts, and each limit reports the value set.
#[test]
fn one_integer_type_sets_every_count() {
    let problem = endless();
    let budget: u64 = 40;
    let by_expansions = Search::new(&problem)
        .max_expansions(budget)
        .max_stored(budget * 2)
        .bfs()
        .unwrap_err();
    assert_eq!(by_expansions.limit(), Some(Limit::Expansions(budget)));
    assert_eq!(by_expansions.stats().expanded, budget);
    let by_storage = Search::new(&problem)
        .max_expansions(budget * 2)
        .max_stored(budget)
        .bfs()
        .unwrap_err();
    assert_eq!(by_storage.limit(), Some(Limit::StoredStates(budget)));
    assert_eq!(by_storage.stats().stored as u64, budget);
}

#[test]
fn a_zero_time_limit_stops_before_any_expansion() {
    let problem = endless();
    let outcome = Search::new(&problem).time_limit(Duration::ZERO).dijkstra();
    let Err(SearchError::LimitReached { limit, stats, best }) = outcome else {
        panic!("expected the time limit, got {outcome:?}");
    };
    assert_eq!(limit, Limit::Time(Duration::ZERO));
    assert_eq!(stats.expanded, 0);
    assert_eq!(best.expect("the start is stored").path(), &[0]);
    assert_eq!(limit.to_string(), "the time limit of 0ns passed");
}

/// A short time limit stops an endless search, best-first and depth-first, no sooner than the
/// limit and not much later.
#[test]
fn a_short_time_limit_ends_an_endless_search_after_the_limit() {
    let problem = endless();
    let limit = Duration::from_millis(30);
    for depth_first in [false, true] {
        let started = Instant::now();
        let search = Search::new(&problem).time_limit(limit);
        let error = if depth_first {
            search.idastar(|_: &u64| 0u64).unwrap_err()
        } else {
            search.astar(|_: &u64| 0u64).unwrap_err()
        };
        let elapsed = started.elapsed();
        assert_eq!(error.limit(), Some(Limit::Time(limit)), "{error}");
        assert!(error.stats().expanded > 0, "{}", error.stats());
        assert!(
            elapsed >= limit,
            "stopped after {elapsed:?}, before {limit:?}"
        );
        // Generous: the point is that it returns, not how fast (the machine may be loaded).
        assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
    }
}

/// The time limit counts from when the search starts: a `Search` set up long before it runs
/// still gets all of its time.
#[test]
fn the_time_limit_counts_from_the_start_of_the_search_not_the_setter() {
    let line = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u64)], |&n| n == 50);
    let limit = Duration::from_millis(40);
    let search = Search::new(&line).time_limit(limit);
    std::thread::sleep(limit * 2);
    // Had the clock started at the setter, the limit would have passed before the first
    // expansion; fifty expansions take far less than 40 ms even on a loaded machine.
    let solution = search
        .dijkstra()
        .expect("the time limit starts with the search");
    assert_eq!(solution.cost(), 50);
}

/// With a deadline and a time limit, the earlier stops the search and the limit says which.
#[test]
fn the_earlier_of_deadline_and_time_limit_stops_the_search() {
    let problem = endless();
    let hour = Duration::from_secs(3600);
    let later = Instant::now() + hour;
    let error = Search::new(&problem)
        .deadline(later)
        .time_limit(Duration::ZERO)
        .bfs()
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Time(Duration::ZERO)));
    let error = Search::new(&problem)
        .time_limit(hour)
        .deadline(Instant::now())
        .bfs()
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Deadline));
}

/// A time limit beyond what `Instant` can count to never passes, and does not panic.
#[test]
fn an_unreachable_time_limit_never_stops_the_search() {
    let line = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u64)], |&n| n == 20);
    let solution = Search::new(&line)
        .time_limit(Duration::MAX)
        .astar(|&n: &u64| 20 - n.min(20))
        .expect("no time limit in effect");
    assert_eq!(solution.cost(), 20);
}

/// The stepper's search starts when it is made: the time between steps counts.
#[test]
fn a_stepper_counts_the_time_between_its_steps() {
    let problem = endless();
    let limit = Duration::from_millis(20);
    let mut stepper = Search::new(&problem)
        .time_limit(limit)
        .stepper(|_: &u64| 0u64);
    assert!(matches!(stepper.step(), Some(Ok(_))));
    std::thread::sleep(limit * 2);
    let error = stepper
        .step()
        .expect("the stepper reports the limit")
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Time(limit)));
}
