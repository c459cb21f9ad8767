//! The heuristic audit finds exactly the violations there are.

mod common;

use common::{config, graph};
use informed::puzzle::SlidingPuzzle;
use informed::{Violation, audit};
use proptest::prelude::*;

fn textbook() -> impl informed::SearchProblem<State = char, Cost = u32> {
    informed::from_fn(
        's',
        |&n: &char| match n {
            's' => vec![('a', 4u32), ('b', 1)],
            'b' => vec![('a', 1)],
            'a' => vec![('t', 5)],
            _ => vec![],
        },
        |&n| n == 't',
    )
}

#[test]
fn an_inconsistent_admissible_heuristic_is_reported_as_such() {
    let report = audit(
        &textbook(),
        |&n: &char| if n == 'b' { 5u32 } else { 0 },
        100,
    )
    .unwrap();
    assert!(report.is_complete());
    assert_eq!(report.is_admissible(), Some(true));
    assert_eq!(
        report.violations(),
        &[Violation::Inconsistent {
            from: 'b',
            to: 'a',
            step: 1,
            h_from: 5,
            h_to: 0
        }]
    );
    assert_eq!((report.states(), report.steps()), (4, 4));
    assert_eq!(
        report.to_string(),
        "4 states, 4 steps: 1 inconsistent step, 0 overestimated states"
    );
}

#[test]
fn an_overestimate_names_the_state_and_its_true_cost() {
    let report = audit(
        &textbook(),
        |&n: &char| if n == 'a' { 6u32 } else { 0 },
        100,
    )
    .unwrap();
    assert_eq!(report.is_admissible(), Some(false));
    assert!(report.violations().contains(&Violation::Overestimate {
        state: 'a',
        h: 6,
        exact: 5
    }));
}

/// h = 5 everywhere on a chain 0 → 1 → 2 (goal 2, steps of 1): every step satisfies
/// h(from) ≤ 1 + h(to), but h(goal) = 5 overestimates the goal's remaining cost, 0. Consistency
/// includes h = 0 at the goals, so the audit must not call it consistent while it finds it
/// inadmissible.
#[test]
fn a_goal_estimated_above_zero_is_neither_consistent_nor_admissible() {
    let chain = informed::from_fn(
        0u32,
        |&n: &u32| (n < 2).then_some((n + 1, 1u32)),
        |&n| n == 2,
    );
    let report = audit(&chain, |_| 5, 100).unwrap();
    assert!(report.is_complete());
    assert_eq!(report.inconsistent_count(), 0);
    assert_eq!(report.goal_estimate_count(), 1);
    assert!(!report.is_consistent());
    assert_eq!(report.is_admissible(), Some(false));
    assert!(
        report
            .violations()
            .contains(&Violation::GoalEstimate { state: 2, h: 5 })
    );
    assert!(
        report.to_string().contains("1 goal estimated above 0"),
        "{report}"
    );

    // Met before the enumeration ends, the goal's estimate proves inadmissibility at once.
    let endless = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u64)], |&n| n == 3);
    let partial = audit(&endless, |&n: &u64| 1000 - n.min(1000), 50).unwrap();
    assert!(!partial.is_complete());
    assert!(!partial.is_consistent());
    assert_eq!(partial.is_admissible(), Some(false));

    // Zero at the goal, the same elsewhere: consistent and admissible.
    let fine = audit(&chain, |&n: &u32| 2 - n, 100).unwrap();
    assert!(fine.is_consistent());
    assert_eq!(fine.is_admissible(), Some(true));
}

#[test]
fn a_partial_enumeration_checks_consistency_only() {
    let endless = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u64)], |_| false);
    let report = audit(&endless, |&n: &u64| 1000 - n.min(1000), 50).unwrap();
    assert!(!report.is_complete());
    assert_eq!(report.is_admissible(), None);
    assert!(report.is_consistent());
    assert_eq!(report.states(), 50);
}

#[test]
fn puzzle_heuristics_pass_a_complete_audit() {
    let puzzle = SlidingPuzzle::new(4, 2).unwrap();
    let problem = puzzle
        .problem(puzzle.parse("0 7 6 5 4 3 2 1").unwrap())
        .unwrap();
    let report = informed::audit_with(&problem, puzzle.linear_conflict(), 100_000).unwrap();
    assert!(report.is_complete() && report.states() == 20_160);
    assert_eq!(report.is_admissible(), Some(true));
    // Counting conflicting pairs instead of leaving tiles overestimates: the audit sees it.
    let pairs = |board: &informed::puzzle::Board| {
        let tiles = puzzle.tiles(*board);
        let manhattan = informed::Heuristic::estimate(&puzzle.manhattan(), board);
        let mut conflicts = 0;
        for row in 0..2 {
            for a in 0..4 {
                for b in a + 1..4 {
                    let (ta, tb) = (tiles[row * 4 + a], tiles[row * 4 + b]);
                    let (ga, gb) = (puzzle.goal_cell(ta), puzzle.goal_cell(tb));
                    if ta != 0 && tb != 0 && ga / 4 == row && gb / 4 == row && ga > gb {
                        conflicts += 1;
                    }
                }
            }
        }
        manhattan + 2 * conflicts
    };
    assert_eq!(
        audit(&problem, pairs, 100_000).unwrap().is_admissible(),
        Some(false)
    );
}

proptest! {
    #![proptest_config(config())]

    /// Exact remaining costs are admissible and consistent; adding 1 at one reachable state
    /// (not a dead end) is exactly one overestimate.
    #[test]
    fn audit_agrees_with_exact_costs(graph in graph(25, 0..20u64), bumped in 0usize..25) {
        let exact = graph.remaining_costs();
        // A dead end's true cost is infinite: any large value is admissible there.
        let h = |&v: &usize| exact[v].map_or(1_000_000, |d| d as u64);
        let report = audit(&graph, h, 1_000).unwrap();
        prop_assert!(report.is_complete());
        prop_assert!(report.is_consistent());
        prop_assert_eq!(report.is_admissible(), Some(true));

        let bumped = bumped % graph.len();
        let over = |&v: &usize| h(&v) + u64::from(v == bumped);
        let report = audit(&graph, over, 1_000).unwrap();
        let reachable = graph.starts.iter().any(|&s| reaches(&graph, s, bumped));
        let expected = usize::from(exact[bumped].is_some() && reachable);
        prop_assert_eq!(report.overestimate_count(), expected);
        // A reachable goal estimated above zero is also a goal estimate, and not consistent.
        let at_goal = usize::from(reachable && graph.goals[bumped]);
        prop_assert_eq!(report.goal_estimate_count(), at_goal);
        if at_goal == 1 {
            prop_assert!(!report.is_consistent());
            prop_assert_eq!(report.is_admissible(), Some(false));
        }
    }
}

/// Whether `to` is reachable from `from`.
fn reaches(graph: &common::Graph<u64>, from: usize, to: usize) -> bool {
    let mut seen = vec![false; graph.len()];
    let mut stack = vec![from];
    while let Some(v) = stack.pop() {
        if v == to {
            return true;
        }
        if !std::mem::replace(&mut seen[v], true) {
            stack.extend(graph.adjacency[v].iter().map(|&(t, _)| t));
        }
    }
    false
}
