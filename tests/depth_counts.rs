//! The statistics of the depth-first searches (`depth_first`, `iddfs`, `idastar`), as `Stats`
//! defines them: fixed cases counted by hand (with the problem counting its own `successors`
//! calls and pairs), and random graphs against a plain recursive reference that counts by the
//! same definitions.

mod common;

use std::cell::Cell;

use common::{Graph, config, graph};
use informed::{CycleCheck, Limit, Search, SearchError, Stats};
use proptest::prelude::*;

/// What the problem's `successors` closure saw: calls and the pairs they returned.
#[derive(Default)]
struct Calls {
    calls: Cell<u64>,
    pairs: Cell<u64>,
}

impl Calls {
    fn record(&self, pairs: usize) {
        self.calls.set(self.calls.get() + 1);
        self.pairs.set(self.pairs.get() + pairs as u64);
    }
}

/// The complete ternary tree numbered level by level: the children of n are 3n + 1, 3n + 2
/// and 3n + 3, the k-th child reached by a step of cost `cost(k)`; `goal` is the only goal.
fn ternary<'c>(
    calls: &'c Calls,
    goal: u32,
    cost: fn(u32) -> u32,
) -> impl informed::SearchProblem<State = u32, Cost = u32> + 'c {
    informed::from_fn(
        0u32,
        move |&n: &u32| {
            calls.record(3);
            (1..=3).map(move |k| (3 * n + k, cost(k)))
        },
        move |&n| n == goal,
    )
}

/// The counts `Stats` has, the others (reopened, decrease_keys) 0 as a depth-first search has.
fn stats(expanded: u64, generated: u64, pruned: u64, max_open: usize, stored: usize) -> Stats {
    let mut stats = Stats::default();
    stats.expanded = expanded;
    stats.generated = generated;
    stats.pruned = pruned;
    stats.max_open = max_open;
    stats.stored = stored;
    stats
}

/// `stats` of an iterative-deepening search of `iterations` iterations, the last of which
/// began after `before_last` expansions.
fn with_iterations(mut stats: Stats, iterations: u64, before_last: u64) -> Stats {
    stats.iterations = iterations;
    stats.expanded_before_last_layer = before_last;
    stats
}

/// `expanded` counts every call of `successors` and the goal; `generated` every pair delivered
/// and the start once per sweep.
fn check_against_calls(stats: Stats, calls: &Calls, goal_found: bool, sweeps: u64) {
    assert_eq!(stats.expanded, calls.calls.get() + u64::from(goal_found));
    assert_eq!(stats.generated, calls.pairs.get() + sweeps);
}

#[test]
fn depth_first_counts_the_successors_left_on_the_stack_when_the_goal_is_found() {
    // 0 → 1 → 4 (the depth limit: 13, 14, 15 are generated and cut off) → back to 1 → 5, the
    // goal, before 6 (and 2, 3 at the top) are tried. The stack peaks at 7 after 4 is
    // expanded: 2, 3 (level 0), 5, 6 (level 1), 13, 14, 15 (level 2).
    let calls = Calls::default();
    let solution = informed::depth_first(&ternary(&calls, 5, |_| 1), 2).unwrap();
    assert_eq!(solution.path(), &[0, 1, 5]);
    assert_eq!(solution.stats(), stats(4, 10, 0, 7, 3));
    assert_eq!(calls.calls.get(), 3);
    check_against_calls(solution.stats(), &calls, true, 1);
    assert!(!solution.stats().to_string().contains("iteration"));
}

#[test]
fn depth_first_counts_what_it_did_before_its_depth_limit_stopped_it() {
    // Depth 1: 0, 1, 2, 3 are expanded, their children all cut off.
    let calls = Calls::default();
    let error = informed::depth_first(&ternary(&calls, 5, |_| 1), 1).unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Depth(1)));
    assert_eq!(error.stats(), stats(4, 13, 0, 5, 2));
    check_against_calls(error.stats(), &calls, false, 1);
}

#[test]
fn depth_first_counts_what_it_did_before_the_cap_on_stored_states_stopped_it() {
    // 0 and 1 are expanded; 4, a third state on the path, is refused. 6 pairs delivered by 2
    // calls, plus the start: 7 generated.
    let calls = Calls::default();
    let error = Search::new(&ternary(&calls, 5, |_| 1))
        .max_stored(2)
        .depth_first(2)
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::StoredStates(2)));
    assert_eq!(error.stats(), stats(2, 7, 0, 5, 2));
    check_against_calls(error.stats(), &calls, false, 1);
}

#[test]
fn iddfs_counts_every_iteration() {
    // Depth 0: 0. Depth 1: 0, 1, 2, 3. Depth 2: 0, 1, 4, 5 (the goal).
    let calls = Calls::default();
    let solution = informed::iddfs(&ternary(&calls, 5, |_| 1)).unwrap();
    assert_eq!(solution.path(), &[0, 1, 5]);
    assert_eq!(
        solution.stats(),
        with_iterations(stats(9, 27, 0, 7, 3), 3, 5)
    );
    assert_eq!(calls.calls.get(), 8);
    check_against_calls(solution.stats(), &calls, true, 3);
}

#[test]
fn iddfs_counts_what_it_did_before_the_expansion_cap_stopped_it() {
    // 0; 0, 1, 2, 3; 0, and then 1 is refused: 6 calls delivering 18 pairs, three starts.
    let calls = Calls::default();
    let error = Search::new(&ternary(&calls, 5, |_| 1))
        .max_expansions(6)
        .iddfs()
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Expansions(6)));
    assert_eq!(error.stats(), with_iterations(stats(6, 21, 0, 5, 2), 3, 5));
    check_against_calls(error.stats(), &calls, false, 3);
    let SearchError::LimitReached {
        best: Some(best), ..
    } = error
    else {
        panic!("a depth-first search stopped at a limit holds its path")
    };
    assert_eq!(best.path(), &[0, 1]);
}

#[test]
fn idastar_counts_every_iteration_up_to_the_goal_found_mid_level() {
    // The k-th child costs k, and h = 0: bounds 0, 1, 2, 3. The last iteration expands 0, 1,
    // 4, 13 (whose children exceed the bound) and finds 5 after 4, with 6, 2 and 3 untried.
    // The stack peaks at 9 after 13 is expanded (2, 3; 5, 6; 14, 15; its own 3).
    let calls = Calls::default();
    let solution = informed::idastar(&ternary(&calls, 5, |k| k), |_: &u32| 0).unwrap();
    assert_eq!(solution.path(), &[0, 1, 5]);
    assert_eq!(solution.cost(), 3);
    assert_eq!(
        solution.stats(),
        with_iterations(stats(12, 37, 0, 9, 4), 4, 7)
    );
    assert_eq!(calls.calls.get(), 11);
    check_against_calls(solution.stats(), &calls, true, 4);
}

#[test]
fn idastar_counts_what_its_cost_bound_pruned() {
    // The goal costs 3, the bound is 2: bounds 0, 1, 2, then nothing is cut off, only pruned
    // (1, 3, 3 + 2 + 3 + 1 successors with f > 2 in the three iterations).
    let calls = Calls::default();
    let error = Search::new(&ternary(&calls, 5, |k| k))
        .cost_bound(2)
        .idastar(|_: &u32| 0)
        .unwrap_err();
    assert!(matches!(error, SearchError::NoPath { .. }), "{error:?}");
    assert_eq!(error.stats(), with_iterations(stats(7, 24, 13, 7, 3), 3, 3));
    check_against_calls(error.stats(), &calls, false, 3);
}

#[test]
fn repeated_successors_are_generated_as_delivered() {
    // 0 delivers 1 twice (at costs 5 and 1) and 2: three generated, the two 1s merged into one
    // on the stack.
    let calls = Calls::default();
    let problem = informed::from_fn(
        0u8,
        |&n: &u8| {
            let successors = if n == 0 {
                vec![(1, 5u32), (1, 1), (2, 1)]
            } else {
                vec![]
            };
            calls.record(successors.len());
            successors
        },
        |&n| n == 2,
    );
    let solution = informed::depth_first(&problem, 3).unwrap();
    assert_eq!(solution.path(), &[0, 2]);
    assert_eq!(solution.stats(), stats(3, 4, 0, 2, 2));
    check_against_calls(solution.stats(), &calls, true, 1);
}

#[test]
fn every_start_waits_on_the_stack() {
    // Three starts, the first a dead end: the stack holds all three, then 2 and 3 and the
    // first's successor.
    let problem = informed::from_fn(
        1u8,
        |&n: &u8| if n == 1 { vec![(9u8, 1u32)] } else { vec![] },
        |&n| n == 3,
    )
    .with_starts([1, 2, 3]);
    let solution = informed::depth_first(&problem, 5).unwrap();
    assert_eq!(solution.path(), &[3]);
    // 1, 9, 2, 3 expanded; 9 and three starts generated; the stack peaks at 3.
    assert_eq!(solution.stats(), stats(4, 4, 0, 3, 2));
}

/// The bound of one sweep of the reference.
#[derive(Clone, Copy, Debug)]
enum Bound {
    Depth(usize),
    Cost(u64),
}

/// Which depth-first search the reference runs.
#[derive(Clone, Copy, Debug)]
enum Algorithm {
    DepthFirst(usize),
    Iddfs,
    Idastar,
}

/// How the reference's search ended.
#[derive(Debug, PartialEq)]
enum End {
    Found(Vec<usize>, u64),
    NoPath,
    Depth(usize),
    Expansions,
}

/// A recursive depth-first search over a `Graph`, written from `Stats`' definitions alone: every
/// successor list counts as generated when its node is expanded, and as waiting on the stack
/// until each successor is taken up.
struct Reference<'g> {
    graph: &'g Graph<u64>,
    h: &'g [u64],
    check: CycleCheck,
    cost_bound: Option<u64>,
    cap: u64,
    stats: Stats,
    waiting: usize,
}

impl Reference<'_> {
    fn run(mut self, algorithm: Algorithm) -> (End, Stats) {
        let end = self.deepen(algorithm);
        (end, self.stats)
    }

    fn h(&self, node: usize, bound: Bound) -> u64 {
        match bound {
            Bound::Depth(_) => 0,
            Bound::Cost(_) => self.h[node],
        }
    }

    fn deepen(&mut self, algorithm: Algorithm) -> End {
        let mut bound = match algorithm {
            Algorithm::DepthFirst(depth) => Bound::Depth(depth),
            Algorithm::Iddfs => Bound::Depth(0),
            Algorithm::Idastar => {
                Bound::Cost(self.graph.starts.iter().map(|&s| self.h[s]).min().unwrap())
            }
        };
        loop {
            if !matches!(algorithm, Algorithm::DepthFirst(_)) {
                self.stats.expanded_before_last_layer = self.stats.expanded;
                self.stats.iterations += 1;
            }
            // `None`: nothing cut off; `Some(None)`: cut off a depth bound; `Some(Some(f))`:
            // the least f cut off a cost bound.
            let mut cut: Option<Option<u64>> = None;
            self.waiting = self.graph.starts.len();
            self.stats.max_open = self.stats.max_open.max(self.waiting);
            for &start in &self.graph.starts {
                self.stats.generated += 1;
                self.waiting -= 1;
                if self.dropped(start, 0, 0, bound, &mut cut) {
                    continue;
                }
                let mut path = vec![(start, 0)];
                match self.probe(&mut path, bound, &mut cut) {
                    Err(()) => return End::Expansions,
                    Ok(true) => {
                        let cost = path.last().unwrap().1;
                        return End::Found(path.into_iter().map(|(s, _)| s).collect(), cost);
                    }
                    Ok(false) => {}
                }
            }
            bound = match (cut, algorithm, bound) {
                (None, ..) => return End::NoPath,
                (Some(_), Algorithm::DepthFirst(depth), _) => return End::Depth(depth),
                (Some(_), Algorithm::Iddfs, Bound::Depth(depth)) => Bound::Depth(depth + 1),
                (Some(least), Algorithm::Idastar, _) => Bound::Cost(least.unwrap()),
                other => unreachable!("{other:?}"),
            };
        }
    }

    /// Whether a node at `depth` with path cost `g` is not entered: pruned (f beyond the
    /// search's cost bound) or cut off (beyond this sweep's bound).
    fn dropped(
        &mut self,
        node: usize,
        depth: usize,
        g: u64,
        bound: Bound,
        cut: &mut Option<Option<u64>>,
    ) -> bool {
        let f = g + self.h(node, bound);
        if self.cost_bound.is_some_and(|limit| f > limit) {
            self.stats.pruned += 1;
            return true;
        }
        match bound {
            Bound::Depth(limit) if depth > limit => *cut = Some(None),
            Bound::Cost(limit) if f > limit => {
                *cut = Some(Some(cut.flatten().map_or(f, |least| least.min(f))));
            }
            _ => return false,
        }
        true
    }

    /// Expands the last node of `path`; whether a goal was reached (the path leads to it), or
    /// `Err` at the expansion cap.
    fn probe(
        &mut self,
        path: &mut Vec<(usize, u64)>,
        bound: Bound,
        cut: &mut Option<Option<u64>>,
    ) -> Result<bool, ()> {
        self.stats.stored = self.stats.stored.max(path.len());
        if self.stats.expanded >= self.cap {
            return Err(());
        }
        self.stats.expanded += 1;
        let (node, g) = *path.last().unwrap();
        if self.graph.goals[node] {
            return Ok(true);
        }
        let successors = &self.graph.adjacency[node];
        self.stats.generated += successors.len() as u64;
        self.waiting += successors.len();
        self.stats.max_open = self.stats.max_open.max(self.waiting);
        for &(next, step) in successors {
            self.waiting -= 1;
            let on_path = match self.check {
                CycleCheck::Path => path.iter().any(|&(s, _)| s == next),
                CycleCheck::Parent => {
                    next == node || path.len() >= 2 && next == path[path.len() - 2].0
                }
                _ => false,
            };
            let g = g + step;
            // IDA*'s guard: no state twice along a run of steps that leave g unchanged.
            let zero_cost_repeat = matches!(bound, Bound::Cost(_))
                && path
                    .iter()
                    .rev()
                    .take_while(|&&(_, at)| at == g)
                    .any(|&(s, _)| s == next);
            if on_path || zero_cost_repeat || self.dropped(next, path.len(), g, bound, cut) {
                continue;
            }
            path.push((next, g));
            if self.probe(path, bound, cut)? {
                return Ok(true);
            }
            path.pop();
        }
        Ok(false)
    }
}

fn check_name(index: u8) -> CycleCheck {
    [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path][index as usize]
}

proptest! {
    #![proptest_config(config())]

    /// Every count of every depth-first search, with every cycle check, under an expansion cap
    /// and sometimes a cost bound, equals the reference's; so do the path and the outcome.
    #[test]
    fn depth_first_searches_count_as_the_reference(
        graph in graph(8, 0..4u64),
        seeds in prop::collection::vec(any::<u64>(), 1..8),
        check in 0..3u8,
        algorithm in prop_oneof![
            (0..6usize).prop_map(Algorithm::DepthFirst),
            Just(Algorithm::Iddfs),
            Just(Algorithm::Idastar),
        ],
        cost_bound in prop::option::of(0..12u64),
        cap in 1..400u64,
    ) {
        // An admissible estimate: a share of the exact remaining cost.
        let exact = graph.remaining_costs();
        let h: Vec<u64> = exact
            .iter()
            .zip(seeds.iter().cycle())
            .map(|(d, seed)| d.map_or(100, |d| seed % (d as u64 + 1)))
            .collect();
        let check = check_name(check);
        let reference = Reference {
            graph: &graph,
            h: &h,
            check,
            cost_bound,
            cap,
            stats: Stats::default(),
            waiting: 0,
        };
        let (expected, expected_stats) = reference.run(algorithm);
        let mut search = Search::new(&graph).cycle_check(check).max_expansions(cap);
        if let Some(bound) = cost_bound {
            search = search.cost_bound(bound);
        }
        let outcome = match algorithm {
            Algorithm::DepthFirst(depth) => search.depth_first(depth),
            Algorithm::Iddfs => search.iddfs(),
            Algorithm::Idastar => search.idastar(|&v: &usize| h[v]),
        };
        let (end, stats) = match outcome {
            Ok(solution) => {
                let stats = solution.stats();
                let (path, cost, _) = solution.into_parts();
                (End::Found(path, cost), stats)
            }
            Err(error) => {
                let end = match &error {
                    SearchError::NoPath { .. } => End::NoPath,
                    SearchError::LimitReached { limit: Limit::Depth(depth), .. } => {
                        End::Depth(*depth)
                    }
                    SearchError::LimitReached { limit: Limit::Expansions(_), .. } => {
                        End::Expansions
                    }
                    other => panic!("{other:?}"),
                };
                (end, error.stats())
            }
        };
        prop_assert_eq!(&end, &expected);
        prop_assert_eq!(stats, expected_stats);
        if let (End::Found(_, cost), Algorithm::Idastar, Some(optimal)) =
            (&end, algorithm, graph.optimal_cost())
        {
            prop_assert_eq!(*cost as f64, optimal, "IDA* is optimal with every check");
        }
    }
}
