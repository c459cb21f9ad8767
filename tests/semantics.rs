//! Fixed cases with known answers for the rules the docs promise: reopening, tie-breaking,
//! multi-source search, the statistics' definitions.

use informed::{Event, Search, TieBreak};

/// The textbook case of an admissible, inconsistent heuristic:
///
/// ```text
///   s --4--> a --5--> t        h*(s) = 7, h*(a) = 5, h*(b) = 6
///   s --1--> b --1--> a        h(s) = 0,  h(a) = 0,  h(b) = 5,  h(t) = 0
/// ```
///
/// A* expands a (f = 4) before b (f = 6), then finds a cheaper path to a through b and must
/// reopen a to return the optimal cost 7 instead of 9.
#[test]
fn inconsistent_heuristic_reopens_and_stays_optimal() {
    let graph = |&n: &char| match n {
        's' => vec![('a', 4u32), ('b', 1)],
        'b' => vec![('a', 1)],
        'a' => vec![('t', 5)],
        _ => vec![],
    };
    let h = |&n: &char| if n == 'b' { 5u32 } else { 0 };
    let problem = informed::from_fn('s', graph, |&n| n == 't');
    let mut expanded = String::new();
    let solution = Search::new(&problem)
        .on_event(|event| {
            if let Event::Expand { state, .. } = event {
                expanded.push(*state);
            }
        })
        .astar(h)
        .unwrap();
    assert_eq!(solution.cost(), 7);
    assert_eq!(solution.path(), &['s', 'b', 'a', 't']);
    assert_eq!(expanded, "sabat");
    let stats = solution.stats();
    assert_eq!(
        (stats.expanded, stats.reopened, stats.decrease_keys),
        (5, 1, 1)
    );
    // The start, a and b from s, t from a, a from b, and t again from the reopened a.
    assert_eq!((stats.generated, stats.stored), (6, 4));
}

/// Four successors, all with f = 4: the smaller h goes first whatever the generation order, and
/// among equal h the tie-break decides.
#[test]
fn ties_on_f_go_to_smaller_h_then_follow_the_tie_break() {
    // From 0, a step to state k costs 4 - h(k), so every successor has f = 4.
    let h = |&n: &u8| [0u32, 2, 1, 2, 3][n as usize];
    let problem = informed::from_fn(
        0u8,
        move |&n: &u8| {
            if n == 0 {
                (1..=4).map(|k| (k, 4 - h(&k))).collect()
            } else {
                vec![]
            }
        },
        |_| false,
    );
    let order = |tie_break| {
        let mut expanded = Vec::new();
        let _ = Search::new(&problem)
            .tie_break(tie_break)
            .on_event(|event| {
                if let Event::Expand { state, .. } = event {
                    expanded.push(*state);
                }
            })
            .astar(h);
        expanded
    };
    // h: 1 → 2, 2 → 1, 3 → 2, 4 → 3. Smaller h first: 2; then 1 and 3 tie on h.
    assert_eq!(order(TieBreak::Lifo), [0, 2, 3, 1, 4]);
    assert_eq!(order(TieBreak::Fifo), [0, 2, 1, 3, 4]);
}

#[test]
fn multi_source_search_starts_from_the_nearest_start() {
    let problem = informed::from_fn(0i32, |&n: &i32| [(n + 1, 1u32), (n - 1, 1)], |&n| n == 10)
        .with_starts([-20, 0, 7, 30]);
    let solution = informed::dijkstra(&problem).unwrap();
    assert_eq!(solution.start(), &7);
    assert_eq!(solution.cost(), 3);
    let bfs = informed::bfs(&problem).unwrap();
    assert_eq!(bfs.start(), &7);
}

#[test]
fn a_start_that_is_a_goal_gives_the_empty_path() {
    let problem = informed::from_fn(5u8, |&n: &u8| [(n + 1, 1u8)], |&n| n == 5);
    for solution in [
        informed::bfs(&problem),
        informed::dijkstra(&problem),
        informed::greedy(&problem, |_: &u8| 0),
    ] {
        let solution = solution.unwrap();
        assert_eq!(solution.path(), &[5]);
        assert_eq!((solution.cost(), solution.steps()), (0, 0));
    }
    // The best-first engines count the goal as expanded; BFS tests goals on generation.
    assert_eq!(informed::dijkstra(&problem).unwrap().stats().expanded, 1);
    assert_eq!(informed::bfs(&problem).unwrap().stats().expanded, 0);
}

#[test]
fn statistics_follow_their_definitions() {
    // 0 → 1 (5), 0 → 2 (1), 2 → 1 (1), 1 → 3 (1): 1 is queued at g = 5, then improved to 2.
    let graph = |&n: &u8| match n {
        0 => vec![(1, 5u32), (2, 1)],
        2 => vec![(1, 1)],
        1 => vec![(3, 1)],
        _ => vec![],
    };
    let problem = informed::from_fn(0u8, graph, |&n| n == 3);
    let solution = informed::dijkstra(&problem).unwrap();
    assert_eq!(solution.path(), &[0, 2, 1, 3]);
    let stats = solution.stats();
    // Expanded 0, 2, 1 and the goal 3.
    assert_eq!(stats.expanded, 4);
    // The start, plus 1 and 2 from 0, 1 from 2, 3 from 1.
    assert_eq!(stats.generated, 5);
    assert_eq!(
        (stats.decrease_keys, stats.reopened, stats.stored),
        (1, 0, 4)
    );
    assert_eq!(stats.max_open, 2);
}

#[test]
fn greedy_can_be_far_from_optimal() {
    // The heuristic pulls greedy search down an expensive corridor.
    let graph = |&n: &u8| match n {
        0 => vec![(1, 100u32), (2, 1)],
        1 => vec![(9, 1)],
        2 => vec![(9, 1)],
        _ => vec![],
    };
    let h = |&n: &u8| match n {
        1 => 1u32,
        2 => 5,
        _ => 0,
    };
    let problem = informed::from_fn(0u8, graph, |&n| n == 9);
    assert_eq!(informed::greedy(&problem, h).unwrap().cost(), 101);
    assert_eq!(informed::astar(&problem, h).unwrap().cost(), 2);
}

/// An infinite float step cost is impassable in every search, `bfs` included (which otherwise
/// ignores costs): `bfs` and `dijkstra` agree on what is reachable, and where nothing else leads
/// to the goal, the error says how many steps were pruned.
#[test]
fn an_infinite_step_is_impassable_to_bfs_as_to_dijkstra() {
    // 0 → 3 directly at infinite cost, or 0 → 1 → 2 → 3 at cost 1 each.
    let detour = informed::from_fn(
        0u8,
        |&n: &u8| match n {
            0 => vec![(3, f64::INFINITY), (1, 1.0)],
            1 | 2 => vec![(n + 1, 1.0)],
            _ => vec![],
        },
        |&n| n == 3,
    );
    let bfs = informed::bfs(&detour).unwrap();
    assert_eq!(bfs.path(), [0, 1, 2, 3]);
    assert_eq!(bfs.cost(), 3.0);
    assert_eq!(bfs.stats().pruned, 1);
    assert_eq!(informed::dijkstra(&detour).unwrap().path(), bfs.path());

    let blocked = informed::from_fn(
        0u8,
        |&n: &u8| (n == 0).then_some((3, f64::INFINITY)),
        |&n| n == 3,
    );
    for error in [
        informed::bfs(&blocked).unwrap_err(),
        informed::dijkstra(&blocked).unwrap_err(),
    ] {
        assert!(error.is_no_path());
        assert_eq!(error.stats().pruned, 1);
        let message = error.to_string();
        assert!(message.contains("1 successor pruned"), "{message}");
        assert!(message.contains("impassable"), "{message}");
    }
}
