//! The tie rules as documented: `TieBreak` (first stored, last stored, a seeded order) and
//! `EstimateTie` (the smaller or the larger h among equal f), checked against a plain A* that
//! orders its open list by the documented keys, on random graphs with consistent heuristics.

mod common;

use std::collections::HashMap;

use common::{Graph, config, graph};
use informed::{EstimateTie, Event, Search, SearchProblem, TieBreak};
use proptest::prelude::*;

/// The documented rank of the state stored `index`-th among ties under `ties`: the storage
/// order, its reverse, or ((i XOR a) × b) mod 2³² with a and an odd b from SplitMix64(seed).
fn documented_rank(ties: TieBreak, index: usize) -> u32 {
    let index = index as u32;
    match ties {
        TieBreak::Fifo => index,
        TieBreak::Lifo => !index,
        TieBreak::Random { seed } => {
            let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            let (mask, multiplier) = (z as u32, (z >> 32) as u32 | 1);
            (index ^ mask).wrapping_mul(multiplier)
        }
        other => panic!("no documented rank for {other:?}"),
    }
}

/// A* by the book: an open list scanned for the least (f, h or its reverse, rank); states
/// stored once, in the order first generated; a cheaper path lowers a queued state's g in
/// place. The heuristic is consistent, so no closed state is reached more cheaply.
fn reference_expansions(
    graph: &Graph<u64>,
    h: &[u64],
    ties: TieBreak,
    estimate: EstimateTie,
) -> Vec<usize> {
    let mut states: Vec<usize> = Vec::new();
    let mut g: Vec<u64> = Vec::new();
    let mut open: Vec<bool> = Vec::new();
    let mut index: HashMap<usize, usize> = HashMap::new();
    for start in graph.starts() {
        index.entry(start).or_insert_with(|| {
            states.push(start);
            g.push(0);
            open.push(true);
            states.len() - 1
        });
    }
    let mut expanded = Vec::new();
    loop {
        let key = |i: usize| {
            let estimate_key = match estimate {
                EstimateTie::Larger => u64::MAX - h[states[i]],
                _ => h[states[i]],
            };
            (g[i] + h[states[i]], estimate_key, documented_rank(ties, i))
        };
        let Some(current) = (0..states.len())
            .filter(|&i| open[i])
            .min_by_key(|&i| key(i))
        else {
            break;
        };
        open[current] = false;
        let state = states[current];
        expanded.push(state);
        if graph.is_goal(&state) {
            break;
        }
        for (next, cost) in graph.successors(&state) {
            let reached = g[current] + cost;
            match index.get(&next) {
                None => {
                    index.insert(next, states.len());
                    states.push(next);
                    g.push(reached);
                    open.push(true);
                }
                Some(&stored) if reached < g[stored] => {
                    assert!(open[stored], "a consistent heuristic never reopens");
                    g[stored] = reached;
                }
                Some(_) => {}
            }
        }
    }
    expanded
}

/// The states `informed`'s A* expands, in order.
fn expansions(graph: &Graph<u64>, h: &[u64], ties: TieBreak, estimate: EstimateTie) -> Vec<usize> {
    let mut expanded = Vec::new();
    let _ = Search::new(graph)
        .tie_break(ties)
        .estimate_tie(estimate)
        .on_event(|event| {
            if let Event::Expand { state, .. } = event {
                expanded.push(*state);
            }
        })
        .astar(|&v: &usize| h[v]);
    expanded
}

/// floor(h* × factor): consistent. Nodes with no path to a goal get a large constant.
fn consistent(graph: &Graph<u64>, factor: f64) -> Vec<u64> {
    graph
        .remaining_costs()
        .iter()
        .map(|h| h.map_or(1_000_000, |h| (h * factor).floor() as u64))
        .collect()
}

fn tie_break() -> impl Strategy<Value = TieBreak> {
    prop_oneof![
        Just(TieBreak::Fifo),
        Just(TieBreak::Lifo),
        any::<u64>().prop_map(|seed| TieBreak::Random { seed }),
    ]
}

fn estimate_tie() -> impl Strategy<Value = EstimateTie> {
    prop_oneof![Just(EstimateTie::Smaller), Just(EstimateTie::Larger)]
}

proptest! {
    #![proptest_config(config())]

    /// Every rule expands exactly the states, in exactly the order, that the documented keys
    /// give. Small costs (0..4) and coarse estimates make ties on f and on h common.
    #[test]
    fn astar_expands_in_the_documented_order(
        graph in graph(30, 0..4u64),
        factor in prop_oneof![Just(0.0), Just(0.5), Just(1.0)],
        ties in tie_break(),
        estimate in estimate_tie(),
    ) {
        let h = consistent(&graph, factor);
        prop_assert_eq!(
            expansions(&graph, &h, ties, estimate),
            reference_expansions(&graph, &h, ties, estimate)
        );
    }

    /// The same seed, the same search; the rules all find a least-cost path.
    #[test]
    fn seeded_orders_repeat_and_stay_optimal(
        graph in graph(30, 0..4u64),
        seed in any::<u64>(),
        estimate in estimate_tie(),
    ) {
        let h = consistent(&graph, 0.5);
        let ties = TieBreak::Random { seed };
        prop_assert_eq!(expansions(&graph, &h, ties, estimate), expansions(&graph, &h, ties, estimate));
        let run = |ties, estimate| {
            Search::new(&graph).tie_break(ties).estimate_tie(estimate).astar(|&v: &usize| h[v]).ok().map(|s| s.cost())
        };
        prop_assert_eq!(run(ties, estimate), run(TieBreak::Fifo, EstimateTie::Smaller));
    }
}

/// On a plateau of equal f the rules differ as documented: a grid with no walls and the
/// Manhattan distance, where every state on a shortest path ties on f.
#[test]
fn rules_differ_on_a_plateau() {
    let side = 12i32;
    let problem = informed::from_fn(
        (0i32, 0i32),
        move |&(x, y): &(i32, i32)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
                .into_iter()
                .filter(move |&((x, y), _)| (0..side).contains(&x) && (0..side).contains(&y))
        },
        move |&p| p == (side - 1, side - 1),
    );
    let h = move |&(x, y): &(i32, i32)| ((side - 1 - x) + (side - 1 - y)) as u32;
    let expanded = |ties, estimate| {
        Search::new(&problem)
            .tie_break(ties)
            .estimate_tie(estimate)
            .astar(h)
            .map(|s| (s.cost(), s.stats().expanded))
            .unwrap()
    };
    let (cost, smaller) = expanded(TieBreak::Fifo, EstimateTie::Smaller);
    let (larger_cost, larger) = expanded(TieBreak::Fifo, EstimateTie::Larger);
    assert_eq!(cost, 22);
    assert_eq!(larger_cost, 22);
    // The smaller h runs down one shortest path; the larger h widens the whole plateau first.
    assert_eq!(smaller, 23);
    assert_eq!(larger, 144);
    let seeded: Vec<u64> = (0..4)
        .map(|seed| expanded(TieBreak::Random { seed }, EstimateTie::Smaller).1)
        .collect();
    assert!(
        seeded.iter().all(|&n| n == 23),
        "smaller h first already decides: {seeded:?}"
    );
}
