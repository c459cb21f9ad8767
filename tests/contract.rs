//! One contract for every algorithm: each honours every limit of a `Search` (or refuses it with an
//! error before searching), and bad input is an error, never a panic or a silently wrong answer.

mod common;

use std::cell::Cell;
use std::time::{Duration, Instant};

use informed::{
    Algorithm, Bidirectional, Event, Expansion, Limit, NodeTable, Search, SearchError,
    SearchProblem,
};

/// The integers, each linked to its two neighbours at cost 1, searched from 0 for `goal`;
/// searchable from both ends.
struct Line {
    goal: i64,
}

impl SearchProblem for Line {
    type State = i64;
    type Cost = u64;

    fn starts(&self) -> impl IntoIterator<Item = i64> {
        [0]
    }

    fn is_goal(&self, n: &i64) -> bool {
        *n == self.goal
    }

    fn successors(&self, &n: &i64) -> impl IntoIterator<Item = (i64, u64)> {
        [(n + 1, 1), (n - 1, 1)]
    }
}

impl Bidirectional for Line {
    fn goals(&self) -> impl IntoIterator<Item = i64> {
        [self.goal]
    }

    fn predecessors(&self, &n: &i64) -> impl IntoIterator<Item = (i64, u64)> {
        [(n - 1, 1), (n + 1, 1)]
    }
}

impl Line {
    fn distance(&self) -> impl Fn(&i64) -> u64 + Copy + use<> {
        let goal = self.goal;
        move |&n: &i64| goal.abs_diff(n)
    }
}

type Outcome = Result<(), SearchError<i64, u64>>;

/// How to run one algorithm on a search of `Line`.
type Run = fn(Search<'_, Line>, &Line) -> Outcome;

/// Every algorithm that returns a `Result` when run on a search of `Line`: its name, and how to
/// run it (the result reduced to success or the error).
fn algorithms() -> Vec<(&'static str, Run)> {
    vec![
        ("bfs", |s, _| s.bfs().map(drop)),
        ("dijkstra", |s, _| s.dijkstra().map(drop)),
        ("astar", |s, l| s.astar(l.distance()).map(drop)),
        ("weighted_astar", |s, l| {
            s.weighted_astar(l.distance(), 2.0).map(drop)
        }),
        ("greedy", |s, l| s.greedy(l.distance()).map(drop)),
        ("anytime_astar", |s, l| {
            s.anytime_astar(l.distance(), 2.0).map(drop)
        }),
        ("idastar", |s, l| s.idastar(l.distance()).map(drop)),
        ("iddfs", |s, _| s.iddfs().map(drop)),
        ("depth_first", |s, _| s.depth_first(1 << 20).map(drop)),
        ("bidirectional_dijkstra", |s, _| {
            s.bidirectional_dijkstra().map(drop)
        }),
        ("bidirectional_bfs", |s, _| s.bidirectional_bfs().map(drop)),
        ("nbs", |s, l| {
            s.nbs(l.distance(), |&n: &i64| n.unsigned_abs()).map(drop)
        }),
        ("k_shortest_paths", |s, _| s.k_shortest_paths(3).map(drop)),
        ("optimal_paths", |s, _| s.optimal_paths().map(drop)),
        ("hill_climbing", |s, l| {
            s.hill_climbing(l.distance()).map(drop)
        }),
        ("beam_search", |s, l| {
            s.beam_search(l.distance(), 2).map(drop)
        }),
        ("stepper", |s, l| {
            let mut stepper = s.stepper(l.distance());
            while let Some(step) = stepper.step() {
                if let Expansion::Found(_) = step? {
                    return Ok(());
                }
            }
            unreachable!("a stepper ends with a solution or an error")
        }),
        ("reachable", |s, _| {
            for item in s.reachable() {
                item?;
            }
            Ok(())
        }),
        ("shortest_path_tree", |s, _| {
            s.shortest_path_tree().map(drop)
        }),
        ("shortest_path_tree_to", |s, l| {
            s.shortest_path_tree_to([l.goal]).map(drop)
        }),
    ]
}

/// A goal far enough away that every limit below stops every algorithm first.
const FAR: i64 = 1_000_000;

#[test]
fn every_algorithm_stops_at_the_expansion_cap() {
    let line = Line { goal: FAR };
    for (name, run) in algorithms() {
        match run(Search::new(&line).max_expansions(50), &line) {
            Err(SearchError::LimitReached { limit, stats, .. }) => {
                assert_eq!(limit, Limit::Expansions(50), "{name}");
                assert_eq!(stats.expanded, 50, "{name}");
            }
            other => panic!("{name}: expected the expansion cap, got {other:?}"),
        }
    }
}

#[test]
fn every_algorithm_stops_at_the_storage_cap() {
    let line = Line { goal: FAR };
    for cap in [0, 1, 20] {
        for (name, run) in algorithms() {
            match run(Search::new(&line).max_stored(cap), &line) {
                Err(SearchError::LimitReached { limit, stats, .. }) => {
                    assert_eq!(limit, Limit::StoredStates(cap), "{name}");
                    assert!(
                        stats.stored as u64 <= cap,
                        "{name}: {} stored",
                        stats.stored
                    );
                }
                other => panic!("{name}: expected the storage cap {cap}, got {other:?}"),
            }
        }
    }
}

#[test]
fn every_algorithm_stops_when_cancelled_or_past_its_deadline() {
    let line = Line { goal: FAR };
    for (name, run) in algorithms() {
        let calls = Cell::new(0u32);
        let cancel = || {
            calls.set(calls.get() + 1);
            calls.get() > 30
        };
        let outcome = run(Search::new(&line).cancel_when(cancel), &line);
        assert_eq!(
            outcome.unwrap_err().limit(),
            Some(Limit::Cancelled),
            "{name}"
        );
        let past = Instant::now();
        let outcome = run(Search::new(&line).deadline(past), &line);
        assert_eq!(
            outcome.unwrap_err().limit(),
            Some(Limit::Deadline),
            "{name}"
        );
        // A time limit of zero has passed when the search starts: it stops before expanding,
        // and says which limit, with the value set.
        let outcome = run(Search::new(&line).time_limit(Duration::ZERO), &line);
        let error = outcome.unwrap_err();
        assert_eq!(error.limit(), Some(Limit::Time(Duration::ZERO)), "{name}");
        assert_eq!(error.stats().expanded, 0, "{name}");
    }
}

#[test]
fn every_algorithm_honours_the_cost_bound() {
    // The goal is 10 steps away; no path costs at most 5.
    let line = Line { goal: 10 };
    for (name, run) in algorithms() {
        let outcome = run(Search::new(&line).cost_bound(5), &line);
        match (name, outcome) {
            ("reachable" | "shortest_path_tree" | "shortest_path_tree_to", Ok(())) => {}
            ("hill_climbing" | "beam_search", Err(SearchError::GaveUp { .. })) => {}
            (_, Err(SearchError::NoPath { .. })) => {}
            (_, other) => panic!("{name}: expected no path within the bound, got {other:?}"),
        }
        // A bound the path fits in keeps it.
        let outcome = run(Search::new(&line).cost_bound(10), &line);
        assert!(outcome.is_ok(), "{name}: {outcome:?}");
    }
    let near: Vec<_> = Search::new(&line).cost_bound(2).reachable().collect();
    assert_eq!(near.len(), 5);
}

#[test]
fn a_nan_cost_bound_is_refused_by_every_algorithm() {
    let problem = informed::from_fn(0u8, |&n: &u8| [(n + 1, 1.0f64)], |&n| n == 3);
    let bad = || Search::new(&problem).cost_bound(f64::NAN);
    let h = |_: &u8| 0.0f64;
    let outcomes = [
        bad().bfs().map(drop),
        bad().dijkstra().map(drop),
        bad().astar(h).map(drop),
        bad().greedy(h).map(drop),
        bad().weighted_astar(h, 2.0).map(drop),
        bad().anytime_astar(h, 2.0).map(drop),
        bad().idastar(h).map(drop),
        bad().iddfs().map(drop),
        bad().depth_first(5).map(drop),
        bad().k_shortest_paths(2).map(drop),
        bad().optimal_paths().map(drop),
        bad().hill_climbing(h).map(drop),
        bad().beam_search(h, 3).map(drop),
        bad().reachable().next().unwrap().map(drop),
        bad().stepper(h).step().unwrap().map(drop),
    ];
    for outcome in outcomes {
        assert!(
            matches!(outcome, Err(SearchError::InvalidCostBound { bound }) if bound.is_nan()),
            "{outcome:?}"
        );
    }
    let error = bad().bfs().unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid cost bound NaN: a bound must not be NaN"
    );
}

#[test]
fn the_audit_refuses_a_cost_bound_and_stops_incomplete_at_limits() {
    let line = Line { goal: 10 };
    let refused = Search::new(&line).cost_bound(5).audit(line.distance());
    assert!(matches!(
        refused,
        Err(SearchError::Unsupported {
            option: "cost_bound",
            algorithm: "audit"
        })
    ));
    let audit = Search::new(&line)
        .max_expansions(100)
        .audit(line.distance())
        .unwrap();
    assert!(!audit.is_complete());
    assert!(audit.is_consistent());
    assert!(audit.states() <= 102);
}

#[test]
fn options_compose_with_observers_on_every_algorithm() {
    let line = Line { goal: 6 };
    let mut events = 0;
    let solution = Search::new(&line)
        .on_event(|_| events += 1)
        .max_expansions(1_000)
        .node_table(NodeTable::Hashed)
        .bidirectional_dijkstra()
        .unwrap();
    assert_eq!(solution.cost(), 6);
    assert!(events > 0);
    let mut expanded = 0;
    let solution = Search::new(&line)
        .on_event(|event| expanded += u64::from(matches!(event, Event::Expand { .. })))
        .bidirectional_bfs()
        .unwrap();
    assert_eq!(expanded, solution.stats().expanded);
}

#[test]
fn the_bidirectional_searches_honour_the_cost_bound() {
    // The line 0 → 10 with `cost_bound(5)` used to return cost 10.
    let line = Line { goal: 10 };
    for outcome in [
        Search::new(&line).cost_bound(5).bidirectional_dijkstra(),
        Search::new(&line).cost_bound(5).bidirectional_bfs(),
    ] {
        assert!(
            outcome.as_ref().is_err_and(SearchError::is_no_path),
            "{outcome:?}"
        );
    }
}

#[test]
fn integer_overflow_is_an_error_in_the_searches_from_both_ends_and_in_yen() {
    // Two steps of 200 in `u8`: no side overflows, the path does.
    let chain = common::Graph {
        adjacency: vec![vec![(1, 200u8)], vec![(2, 200)], vec![]],
        starts: vec![0],
        goals: vec![false, false, true],
        numbered: false,
    };
    for outcome in [
        informed::bidirectional_bfs(&chain),
        informed::bidirectional_dijkstra(&chain),
    ] {
        match outcome {
            Err(SearchError::Overflow { g, step, .. }) => {
                assert!(g.checked_add(step).is_none(), "g = {g}, step = {step}");
            }
            other => panic!("expected an overflow, got {other:?}"),
        }
    }
    // Yen: the second path, a → b → e → d, costs 256.
    let roads = |&town: &char| match town {
        'a' => vec![('b', 250u8)],
        'b' => vec![('d', 1), ('e', 3)],
        'e' => vec![('d', 3)],
        _ => vec![],
    };
    let problem = informed::from_fn('a', roads, |&town| town == 'd');
    assert!(matches!(
        informed::k_shortest_paths(&problem, 2),
        Err(SearchError::Overflow { .. })
    ));
}

#[test]
fn an_infinite_step_is_impassable_for_every_algorithm() {
    // 0 → 1 costs ∞; 0 → 2 → 1 costs 2.
    let graph = common::Graph {
        adjacency: vec![vec![(1, f64::INFINITY), (2, 1.0)], vec![], vec![(1, 1.0)]],
        starts: vec![0],
        goals: vec![false, true, false],
        numbered: false,
    };
    let h = |_: &usize| 0.0;
    for (name, outcome) in [
        ("bfs", informed::bfs(&graph)),
        ("dijkstra", informed::dijkstra(&graph)),
        ("bidirectional_bfs", informed::bidirectional_bfs(&graph)),
        (
            "bidirectional_dijkstra",
            informed::bidirectional_dijkstra(&graph),
        ),
        ("beam_search", informed::beam_search(&graph, h, 4)),
        ("iddfs", informed::iddfs(&graph)),
        ("idastar", informed::idastar(&graph, h)),
    ] {
        let solution = outcome.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(solution.path(), &[0, 2, 1], "{name}");
        assert_eq!(solution.cost(), 2.0, "{name}");
    }
}

#[test]
fn a_state_pushed_twice_takes_the_cheaper_step() {
    // The goal 1 is pushed at cost 5, then at cost 1; and so is 1 on the way to the goal 2.
    let to_goal = informed::from_fn(
        0u8,
        |&n: &u8| {
            if n == 0 {
                vec![(1, 5u32), (1, 1)]
            } else {
                vec![]
            }
        },
        |&n| n == 1,
    );
    let via = informed::from_fn(
        0u8,
        |&n: &u8| match n {
            0 => vec![(1, 5u32), (1, 1)],
            1 => vec![(2, 1)],
            _ => vec![],
        },
        |&n| n == 2,
    );
    fn check<P: SearchProblem<State = u8, Cost = u32>>(problem: &P, cost: u32) {
        for outcome in [
            informed::bfs(problem),
            informed::iddfs(problem),
            informed::depth_first(problem, 5),
            informed::dijkstra(problem),
            informed::beam_search(problem, |_: &u8| 0, 4),
        ] {
            assert_eq!(outcome.unwrap().cost(), cost);
        }
    }
    check(&to_goal, 1);
    check(&via, 2);
}

#[test]
fn the_cost_of_a_bidirectional_path_is_the_sum_of_its_steps() {
    // In f32, 1 + 2^-24 rounds to 1, but 1 + (2^-24 + 2^-24) does not.
    let tiny = 2f32.powi(-24);
    let chain = common::Graph {
        adjacency: vec![vec![(1, 1.0f32)], vec![(2, tiny)], vec![(3, tiny)], vec![]],
        starts: vec![0],
        goals: vec![false, false, false, true],
        numbered: false,
    };
    let dijkstra = informed::dijkstra(&chain).unwrap();
    for solution in [
        informed::bidirectional_dijkstra(&chain).unwrap(),
        informed::bidirectional_bfs(&chain).unwrap(),
    ] {
        assert_eq!(solution.path(), &[0, 1, 2, 3]);
        assert_eq!(solution.cost(), dijkstra.cost());
        assert_eq!(solution.cost(), ((1.0f32 + tiny) + tiny));
    }
}

/// The line of naturals from 0, with a numbering whose bound is `bound`.
struct Numbered {
    bound: usize,
}

impl SearchProblem for Numbered {
    type State = u64;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u64> {
        [0]
    }

    fn is_goal(&self, &n: &u64) -> bool {
        n == 10
    }

    fn successors(&self, &n: &u64) -> impl IntoIterator<Item = (u64, u32)> {
        [(n + 1, 1)]
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.bound)
    }

    fn index(&self, &n: &u64) -> usize {
        n as usize
    }
}

#[test]
fn a_huge_numbering_neither_aborts_nor_panics() {
    for bound in [1 << 40, usize::MAX, 1 << 32, 11] {
        let problem = Numbered { bound };
        assert_eq!(informed::dijkstra(&problem).unwrap().cost(), 10);
        assert_eq!(informed::bfs(&problem).unwrap().cost(), 10);
        let capped = Search::new(&problem).max_stored(5).dijkstra();
        assert_eq!(capped.unwrap_err().limit(), Some(Limit::StoredStates(5)));
    }
}

#[test]
fn yen_with_k_zero_returns_no_path() {
    let line = Line { goal: 3 };
    assert!(informed::k_shortest_paths(&line, 0).unwrap().is_empty());
    assert_eq!(informed::k_shortest_paths(&line, 1).unwrap().len(), 1);
}

#[test]
fn the_audit_reports_nan_estimates() {
    let line = Line { goal: 3 };
    let nan = |&n: &i64| if n == 2 { f64::NAN } else { 0.0 };
    let problem = informed::from_fn(0i64, |&n: &i64| [(n + 1, 1.0), (n - 1, 1.0)], |&n| n == 3);
    let audit = Search::new(&problem).max_stored(20).audit(nan).unwrap();
    assert!(!audit.is_consistent());
    assert_eq!(audit.is_admissible(), Some(false));
    assert_eq!(audit.nan_estimate_count(), 1);
    assert!(
        audit
            .violations()
            .contains(&informed::Violation::NanEstimate { state: 2 })
    );
    let _ = line;
}

#[test]
fn a_huge_weight_saturates_instead_of_overflowing() {
    // w = 1e10 on u32 estimates saturates w·h; the search still finds a path, greedily.
    let line = Line { goal: 40 };
    let h = |&n: &i64| u32::try_from(40i64.abs_diff(n)).unwrap();
    let problem = informed::from_fn(0i64, |&n: &i64| [(n + 1, 1u32), (n - 1, 1)], |&n| n == 40);
    let solution = informed::weighted_astar(&problem, h, 1e10).unwrap();
    assert_eq!(solution.cost(), 40);
    let anytime = informed::anytime_astar(&problem, h, 1e10).unwrap();
    assert!(anytime.is_optimal());
    let _ = line;
}

#[test]
fn an_estimate_below_zero_counts_as_zero() {
    let problem = informed::from_fn(0i64, |&n: &i64| [(n + 1, 1.0f64)], |&n| n == 3);
    let h = |&n: &i64| if n == 0 { f64::NEG_INFINITY } else { -1.0 };
    for outcome in [
        informed::astar(&problem, h),
        informed::greedy(&problem, h),
        informed::idastar(&problem, h),
        informed::weighted_astar(&problem, h, 3.0),
    ] {
        assert_eq!(outcome.unwrap().cost(), 3.0);
    }
}

#[test]
fn every_algorithm_runs_from_a_choice_at_run_time() {
    let line = Line { goal: 5 };
    for name in [
        "bfs",
        "dijkstra",
        "greedy",
        "astar",
        "wastar:2",
        "anytime:2",
        "idastar",
        "iddfs",
        "dfs:9",
        "hill",
        "beam:3",
    ] {
        let algorithm: Algorithm = name.parse().unwrap();
        let solution = Search::new(&line).run(algorithm, line.distance()).unwrap();
        assert_eq!(solution.goal(), &5, "{name}");
    }
}
