//! Parallel IDA* (`par_idastar_in_place`, the `rayon` feature) against the sequential
//! `idastar_in_place`: on random graphs, on one thread and on several, the same outcome (the
//! same path, cost and iterations; the same error), every iteration but the last counted
//! exactly as sequential; on Korf's 15-puzzles and random pancake stacks, the same optimal
//! path; the limits and the refused options. `cargo test --features rayon --test par_idastar`.

#![cfg(feature = "rayon")]

mod common;

use common::{Pancakes, Walk, config, gaps, graph};
use informed::puzzle::SlidingPuzzle;
use informed::{
    CycleCheck, Event, InPlace, InPlaceProblem, Limit, Moves, Search, SearchError, SearchResult,
};
use proptest::prelude::*;

/// Runs `search` on a pool of `threads` threads.
fn on_threads<R: Send>(threads: usize, search: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
        .install(search)
}

/// The parallel outcome against the sequential one: the same path, cost and iterations, or
/// the same error; counts equal where no goal ended the last iteration early, no fewer where
/// one did.
fn same_outcome(
    parallel: &SearchResult<InPlace<Walk<'_>>>,
    sequential: &SearchResult<InPlace<Walk<'_>>>,
) -> Result<(), TestCaseError> {
    match (parallel, sequential) {
        (Ok(parallel), Ok(sequential)) => {
            prop_assert_eq!(parallel.path(), sequential.path());
            prop_assert_eq!(parallel.cost(), sequential.cost());
            let (p, s) = (parallel.stats(), sequential.stats());
            prop_assert_eq!(p.iterations, s.iterations);
            // The last iteration may do more: the split above the goal, the subtrees after it.
            prop_assert!(p.expanded >= s.expanded, "{p:?} against {s:?}");
            prop_assert!(p.generated >= s.generated, "{p:?} against {s:?}");
        }
        (Err(parallel), Err(sequential)) => {
            let (p, s) = (parallel.stats(), sequential.stats());
            match (parallel, sequential) {
                // Every iteration ran to its end: the very same counts.
                (SearchError::NoPath { .. }, SearchError::NoPath { .. }) => {
                    prop_assert_eq!(
                        (p.expanded, p.generated, p.pruned, p.iterations),
                        (s.expanded, s.generated, s.pruned, s.iterations)
                    );
                }
                _ => {
                    prop_assert_eq!(parallel.limit(), sequential.limit());
                    prop_assert_eq!(p.iterations, s.iterations);
                    prop_assert!(p.expanded >= s.expanded, "{p:?} against {s:?}");
                }
            }
            prop_assert_eq!(
                std::mem::discriminant(parallel),
                std::mem::discriminant(sequential)
            );
        }
        (parallel, sequential) => {
            prop_assert!(false, "parallel {parallel:?}, sequential {sequential:?}");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// On random graphs moved in place, with an admissible estimate, every cycle check, a cost
    /// bound or none and a cap on the path or none: parallel IDA* on 1 to 4 threads gives
    /// sequential IDA*'s outcome (`same_outcome`).
    #[test]
    fn parallel_idastar_equals_sequential(
        graph in graph(10, 0..4u64),
        seeds in prop::collection::vec(any::<u64>(), 1..8),
        check in 0..3usize,
        cost_bound in prop::option::of(0..12u64),
        max_stored in prop::option::of(1..8u64),
    ) {
        let exact = graph.remaining_costs();
        let h: Vec<u64> = exact
            .iter()
            .zip(seeds.iter().cycle())
            .map(|(d, seed)| d.map_or(100, |d| seed % (d as u64 + 1)))
            .collect();
        let check = [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path][check];
        let walk = InPlace::new(Walk(&graph));
        let search = || {
            let mut search = Search::new(&walk).cycle_check(check).max_expansions(200_000);
            if let Some(bound) = cost_bound {
                search = search.cost_bound(bound);
            }
            if let Some(limit) = max_stored {
                search = search.max_stored(limit);
            }
            search
        };
        let sequential = search().idastar_in_place(|&v: &usize| h[v]);
        // Under the cap of 200,000 expansions: a zero-cost cycle with `Off` is cut by the
        // guard, so every search here ends by itself.
        prop_assume!(!matches!(sequential.as_ref().err().and_then(|e| e.limit()), Some(Limit::Expansions(_))));
        for threads in [1, 2, 3, 4] {
            let parallel = on_threads(threads, || search().par_idastar_in_place(|&v: &usize| h[v]));
            same_outcome(&parallel, &sequential)?;
        }
    }

    /// Under a random expansion cap, on 2 threads: the sequential answer (a path, or no path),
    /// or the cap with no more expansions than it allows (the threads claim them from one
    /// budget), and no fewer than it allows but for the last few the other thread held, with a
    /// path from a start.
    #[test]
    fn the_cap_holds_across_threads(
        graph in graph(10, 1..4u64),
        cap in 1..300u64,
    ) {
        let walk = InPlace::new(Walk(&graph));
        let h = |_: &usize| 0u64;
        let sequential = Search::new(&walk).max_expansions(100_000).idastar_in_place(h);
        let parallel = on_threads(2, || {
            Search::new(&walk).max_expansions(cap).par_idastar_in_place(h)
        });
        match (parallel, &sequential) {
            (Ok(solution), Ok(sequential)) => {
                prop_assert_eq!(solution.path(), sequential.path());
            }
            (Err(error), _) if error.limit() == Some(Limit::Expansions(cap)) => {
                let expanded = error.stats().expanded;
                prop_assert!(expanded <= cap);
                // The other thread holds at most a quarter of what was left when it claimed.
                prop_assert!(4 * expanded >= 3 * cap, "{expanded} of {cap}");
                if let Some(best) = error.best() {
                    prop_assert!(graph.starts.contains(&best.path()[0]));
                }
            }
            (Err(error), Err(sequential)) => {
                prop_assert!(error.is_no_path() && sequential.is_no_path(), "{error} / {sequential}");
            }
            (parallel, sequential) => {
                prop_assert!(false, "parallel {parallel:?}, sequential {sequential:?}");
            }
        }
    }

    /// On random pancake stacks (8 pancakes, parent pruning by the flip's inverse), parallel
    /// IDA* with the gap heuristic returns sequential IDA*'s path, an optimal one.
    #[test]
    fn pancakes_in_parallel_take_the_sequential_path(
        stack in Just((0..8u8).collect::<Vec<_>>()).prop_shuffle()
    ) {
        let problem = Pancakes::<8>(stack.try_into().unwrap());
        let view = InPlace::new(&problem);
        let sequential = Search::new(&view)
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place(gaps)
            .unwrap();
        let parallel = on_threads(2, || {
            Search::new(&view)
                .cycle_check(CycleCheck::Parent)
                .par_idastar_in_place(gaps)
        })
        .unwrap();
        prop_assert_eq!(parallel.path(), sequential.path());
        prop_assert_eq!(parallel.cost() as usize, informed::bfs(&view).unwrap().steps());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..config() })]

    /// On random stacks of 10 pancakes, on 2 and 4 threads: sequential IDA*'s path; and with
    /// the cost bound just below the optimum (every iteration but the last, run to its end),
    /// the very counts of the sequential search.
    #[test]
    fn pancakes_shared_by_stealing_keep_the_sequential_counts(
        stack in Just((0..10u8).collect::<Vec<_>>()).prop_shuffle()
    ) {
        let problem = Pancakes::<10>(stack.try_into().unwrap());
        let view = InPlace::new(&problem);
        let search = || Search::new(&view).cycle_check(CycleCheck::Parent);
        let sequential = search().idastar_in_place(gaps).unwrap();
        prop_assume!(sequential.cost() > 0);
        let below = || search().cost_bound(sequential.cost() - 1);
        let sequential_below = below().idastar_in_place(gaps).unwrap_err();
        for threads in [2, 4] {
            let parallel = on_threads(threads, || search().par_idastar_in_place(gaps)).unwrap();
            prop_assert_eq!(parallel.path(), sequential.path());
            prop_assert_eq!(parallel.stats().iterations, sequential.stats().iterations);
            let parallel_below =
                on_threads(threads, || below().par_idastar_in_place(gaps)).unwrap_err();
            prop_assert!(parallel_below.is_no_path(), "{parallel_below}");
            let (p, s) = (parallel_below.stats(), sequential_below.stats());
            prop_assert_eq!(
                (p.expanded, p.generated, p.pruned, p.iterations),
                (s.expanded, s.generated, s.pruned, s.iterations)
            );
        }
    }
}

/// A chain of `chain` nodes (one move each) above a complete binary tree of depth `depth`,
/// unit costs, the goal at `goal` if any: the split finds one node at every depth it tries, so
/// that one thread gets the only subtree and the others must take their work from it.
fn chain_above_a_tree(chain: usize, depth: u32, goal: Option<usize>) -> common::Graph<u64> {
    let tree = (1usize << (depth + 1)) - 1;
    let n = chain + tree;
    let adjacency = (0..n)
        .map(|v| {
            if v < chain {
                vec![(v + 1, 1)]
            } else {
                let t = v - chain;
                [2 * t + 1, 2 * t + 2]
                    .into_iter()
                    .filter(|&c| c < tree)
                    .map(|c| (c + chain, 1))
                    .collect()
            }
        })
        .collect();
    common::Graph {
        adjacency,
        starts: vec![0],
        goals: (0..n).map(|v| Some(v) == goal).collect(),
        numbered: false,
    }
}

/// One subtree an iteration (a chain of 60 above a tree of depth 13): on 2 and 4 threads, the
/// sequential path to a goal leaf (the last, a middle one, the first), and with no goal the
/// very counts of the sequential search, every iteration run to its end.
#[test]
fn one_subtree_is_shared_by_stealing() {
    let (chain, depth) = (60, 13);
    let tree = (1usize << (depth + 1)) - 1;
    let first_leaf = chain + (1 << depth) - 1;
    for goal in [
        Some(chain + tree - 1),
        Some(first_leaf + 1000),
        Some(first_leaf),
        None,
    ] {
        let graph = chain_above_a_tree(chain, depth, goal);
        let walk = InPlace::new(Walk(&graph));
        // The chain's remaining length: the first iterations go straight through it.
        let h = |&v: &usize| chain.saturating_sub(v) as u64;
        let sequential = Search::new(&walk).idastar_in_place(h);
        for threads in [2, 4] {
            let parallel = on_threads(threads, || Search::new(&walk).par_idastar_in_place(h));
            match (&parallel, &sequential) {
                (Ok(parallel), Ok(sequential)) => {
                    assert_eq!(parallel.path(), sequential.path(), "{goal:?} on {threads}");
                    assert_eq!(parallel.stats().iterations, sequential.stats().iterations);
                }
                (Err(parallel), Err(sequential)) => {
                    assert!(parallel.is_no_path() && sequential.is_no_path());
                    let (p, s) = (parallel.stats(), sequential.stats());
                    assert_eq!(
                        (p.expanded, p.generated, p.pruned, p.iterations),
                        (s.expanded, s.generated, s.pruned, s.iterations),
                        "on {threads}"
                    );
                }
                _ => panic!("parallel {parallel:?}, sequential {sequential:?}"),
            }
        }
    }
}

/// A panic in the problem's code on one thread reaches the caller, while the other threads
/// wait for work: it does not leave them waiting.
#[test]
fn a_panic_on_one_thread_reaches_the_caller() {
    struct Panics<'g>(Walk<'g>);
    impl InPlaceProblem for Panics<'_> {
        type State = usize;
        type Move = (usize, usize, u64);
        type Cost = u64;
        fn starts(&self) -> impl IntoIterator<Item = usize> {
            self.0.starts()
        }
        fn is_goal(&self, node: &usize) -> bool {
            self.0.is_goal(node)
        }
        fn moves(&self, node: &usize, out: &mut Moves<'_, (usize, usize, u64)>) {
            self.0.moves(node, out);
        }
        fn apply(&self, node: &mut usize, mv: (usize, usize, u64)) -> u64 {
            // Deep in the tree, in the last iteration.
            assert!(mv.1 != 70_000, "the problem panicked");
            self.0.apply(node, mv)
        }
        fn undo(&self, node: &mut usize, mv: (usize, usize, u64)) {
            self.0.undo(node, mv);
        }
    }
    let graph = chain_above_a_tree(60, 16, None);
    let problem = InPlace::new(Panics(Walk(&graph)));
    let h = |&v: &usize| 60usize.saturating_sub(v) as u64;
    for threads in [2, 4] {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            on_threads(threads, || Search::new(&problem).par_idastar_in_place(h))
        }));
        assert!(outcome.is_err(), "on {threads}");
    }
}

/// Korf's goal: the blank top-left, tile t in cell t.
const GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// Korf's instances 79, 12 and 42 (embedded, as in `tests/korf.rs`), with their optimal
/// lengths and the sequential in-place expansions (the C solver's plus the goal).
const KORF: [(u32, &str, u32, u64); 3] = [
    (79, "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", 42, 262_911),
    (12, "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", 45, 269_709),
    (42, "4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10", 42, 440_712),
];

/// Korf's setting (Manhattan updated by each slide, no slide back) on 2 threads: the optimal
/// length, and the very path of the sequential search.
#[test]
fn easy_korf_instances_in_parallel() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    for (id, tiles, optimal, expanded) in KORF {
        let view = InPlace::new(puzzle.problem(puzzle.parse(tiles)?)?);
        let sequential = Search::new(&view)
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(puzzle.manhattan())?;
        assert_eq!(sequential.stats().expanded, expanded, "korf {id}");
        let parallel = on_threads(2, || {
            Search::new(&view)
                .cycle_check(CycleCheck::Parent)
                .par_idastar_in_place_with(puzzle.manhattan())
        })?;
        assert_eq!(parallel.cost(), optimal, "korf {id}");
        assert_eq!(parallel.path(), sequential.path(), "korf {id}");
        assert_eq!(parallel.stats().iterations, sequential.stats().iterations);
        assert!(parallel.stats().expanded >= expanded);
        // One slide a step (`moves` panics otherwise).
        assert_eq!(puzzle.moves(parallel.path()).len() as u32, optimal);
    }
    Ok(())
}

/// Korf's instance 79 with the cost bound one below its optimum (every iteration but the last,
/// run to its end): on 2 and 4 threads, the very counts of the sequential search.
#[test]
fn korf_iterations_before_the_last_count_as_sequential() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    let (_, tiles, optimal, _) = KORF[0];
    let view = InPlace::new(puzzle.problem(puzzle.parse(tiles)?)?);
    let search = || {
        Search::new(&view)
            .cycle_check(CycleCheck::Parent)
            .cost_bound(optimal - 1)
    };
    let sequential = search()
        .idastar_in_place_with(puzzle.manhattan())
        .expect_err("no path within the bound");
    for threads in [2, 4] {
        let parallel = on_threads(threads, || {
            search().par_idastar_in_place_with(puzzle.manhattan())
        })
        .expect_err("no path within the bound");
        assert!(parallel.is_no_path(), "{parallel}");
        let (p, s) = (parallel.stats(), sequential.stats());
        assert_eq!(
            (p.expanded, p.generated, p.pruned, p.iterations),
            (s.expanded, s.generated, s.pruned, s.iterations),
            "on {threads}"
        );
    }
    Ok(())
}

/// More of Korf's 100, read in place where `../shared/data` is present: the easiest ten by
/// the file's node count, each on 2 threads at the file's optimal length.
#[test]
fn korf_instances_from_the_shared_data_in_parallel() -> Result<(), Box<dyn std::error::Error>> {
    let Some(data) = common::shared_data("puzzles/korf100.txt") else {
        return Ok(());
    };
    let text = std::fs::read_to_string(data.join("puzzles/korf100.txt"))?;
    let mut instances: Vec<Vec<u64>> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split_whitespace().map(str::parse).collect())
        .collect::<Result<_, _>>()?;
    instances.sort_by_key(|numbers| numbers[19]);
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    for numbers in &instances[..10] {
        let tiles: Vec<u8> = numbers[1..17].iter().map(|&t| t as u8).collect();
        let view = InPlace::new(puzzle.problem(puzzle.board(&tiles)?)?);
        let solution = on_threads(2, || {
            Search::new(&view)
                .cycle_check(CycleCheck::Parent)
                .par_idastar_in_place_with(puzzle.manhattan())
        })?;
        assert_eq!(
            u64::from(solution.cost()),
            numbers[17],
            "korf {}",
            numbers[0]
        );
        assert_eq!(puzzle.moves(solution.path()).len() as u64, numbers[17]);
    }
    Ok(())
}

/// The expansion cap counts every thread's expansions: stopped with the cap, never above it,
/// with a path from the start; a cap the search fits in lets it finish.
#[test]
fn the_expansion_cap_is_shared_by_the_threads() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    let view = InPlace::new(puzzle.problem(puzzle.parse(KORF[0].1)?)?);
    for cap in [1, 10, 1_000, 50_000, 200_000] {
        let error = on_threads(2, || {
            Search::new(&view)
                .cycle_check(CycleCheck::Parent)
                .max_expansions(cap)
                .par_idastar_in_place_with(puzzle.manhattan())
        })
        .expect_err("the cap is below what the search needs");
        assert_eq!(error.limit(), Some(Limit::Expansions(cap)));
        assert!(error.stats().expanded <= cap, "{cap}: {:?}", error.stats());
        let best = error.best().expect("a path was held");
        assert_eq!(best.path()[0], view.get().start());
        assert_eq!(puzzle.moves(best.path()).len(), best.path().len() - 1);
    }
    let solution = on_threads(2, || {
        Search::new(&view)
            .cycle_check(CycleCheck::Parent)
            .max_expansions(2_000_000)
            .par_idastar_in_place_with(puzzle.manhattan())
    })?;
    assert_eq!(solution.cost(), KORF[0].2);
    Ok(())
}

#[test]
fn a_deadline_passed_stops_every_thread() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    let view = InPlace::new(puzzle.problem(puzzle.parse(KORF[2].1)?)?);
    let error = on_threads(2, || {
        Search::new(&view)
            .cycle_check(CycleCheck::Parent)
            .deadline(std::time::Instant::now())
            .par_idastar_in_place_with(puzzle.manhattan())
    })
    .expect_err("the deadline has passed");
    assert_eq!(error.limit(), Some(Limit::Deadline));
    Ok(())
}

/// The cancel callback, `FnMut`, cannot be shared by the threads: refused before searching.
/// A NaN cost bound is refused as by every search.
#[test]
fn refused_options_are_typed_errors() {
    let problem = Pancakes([1, 0, 2, 3, 4, 5, 6, 7]);
    let view = InPlace::new(&problem);
    let error = Search::new(&view)
        .cancel_when(|| false)
        .par_idastar_in_place(gaps)
        .unwrap_err();
    assert_eq!(
        error,
        SearchError::Unsupported {
            option: "cancel_when",
            algorithm: "par_idastar_in_place",
        }
    );
    let graph = common::Graph {
        adjacency: vec![vec![(1, 1.0)], vec![]],
        starts: vec![0],
        goals: vec![false, true],
        numbered: false,
    };
    let error = Search::new(&InPlace::new(FloatWalk(&graph)))
        .cost_bound(f64::NAN)
        .par_idastar_in_place(|_: &usize| 0.0)
        .unwrap_err();
    assert!(matches!(error, SearchError::InvalidCostBound { .. }));
}

/// An observer is told of the beginning and the end of each iteration, on the calling thread,
/// and of nothing else; the ends carry the sequential search's bounds and, but for the last
/// iteration (where threads may search past the goal), its counts.
#[test]
fn an_observer_sees_the_iterations() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    let view = InPlace::new(puzzle.problem(puzzle.parse(KORF[1].1)?)?);
    let mut events = Vec::new();
    let solution = on_threads(2, || {
        Search::new(&view)
            .cycle_check(CycleCheck::Parent)
            .on_event(|event| events.push(format!("{event:?}")))
            .par_idastar_in_place_with(puzzle.manhattan())
    })?;
    let mut sequential = Vec::new();
    Search::new(&view)
        .cycle_check(CycleCheck::Parent)
        .on_event(|event| sequential.push(format!("{event:?}")))
        .idastar_in_place_with(puzzle.manhattan())?;
    // The sequential search's events but its expansions: the iterations' beginnings and ends.
    sequential.retain(|event| event.starts_with("Iteration"));
    let iterations = solution.stats().iterations as usize;
    assert_eq!(events.len(), 2 * iterations);
    assert_eq!(sequential.len(), 2 * iterations);
    assert_eq!(
        events[..2 * iterations - 1],
        sequential[..2 * iterations - 1]
    );
    let last: Event<'_, u8, u32> = Event::Iteration {
        number: iterations as u64,
    };
    assert_eq!(events[2 * iterations - 2], format!("{last:?}"));
    assert!(events[2 * iterations - 1].starts_with("IterationEnd"));
    Ok(())
}

/// A bad estimate deep in the tree (NaN below a certain depth of a line graph) is the error
/// the sequential search meets, on every number of threads.
#[test]
fn errors_are_the_sequential_ones() {
    // A binary tree over 0..2^12 (node n's children 2n+1 and 2n+2, within the range), no
    // goal, NaN estimated at node 3000.
    let n = 1 << 12;
    let graph = common::Graph {
        adjacency: (0..n)
            .map(|v: usize| {
                [2 * v + 1, 2 * v + 2]
                    .into_iter()
                    .filter(|&c| c < n)
                    .map(|c| (c, 1.0))
                    .collect()
            })
            .collect(),
        starts: vec![0],
        goals: vec![false; n],
        numbered: false,
    };
    let view = InPlace::new(FloatWalk(&graph));
    let h = |&v: &usize| if v == 3000 { f64::NAN } else { 0.0 };
    let sequential = Search::new(&view).idastar_in_place(h).unwrap_err();
    assert!(matches!(
        sequential,
        SearchError::NanEstimate { state: 3000, .. }
    ));
    for threads in [1, 2, 4] {
        let parallel = on_threads(threads, || Search::new(&view).par_idastar_in_place(h));
        let error = parallel.unwrap_err();
        assert!(
            matches!(error, SearchError::NanEstimate { state: 3000, .. }),
            "{error:?}"
        );
        assert_eq!(error.stats().iterations, sequential.stats().iterations);
    }
}

/// A graph with `f64` costs searched in place, as `Walk` searches one with `u64` costs.
struct FloatWalk<'g>(&'g common::Graph<f64>);

impl InPlaceProblem for FloatWalk<'_> {
    type State = usize;
    type Move = (usize, usize);
    type Cost = f64;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        self.0.starts.clone()
    }

    fn is_goal(&self, node: &usize) -> bool {
        self.0.goals[*node]
    }

    fn moves(&self, &node: &usize, out: &mut Moves<'_, (usize, usize)>) {
        out.extend(self.0.adjacency[node].iter().map(|&(to, _)| (node, to)));
    }

    fn apply(&self, node: &mut usize, (from, to): (usize, usize)) -> f64 {
        *node = to;
        self.0.edge(from, to).unwrap_or(f64::NAN)
    }

    fn undo(&self, node: &mut usize, (from, _): (usize, usize)) {
        *node = from;
    }
}

/// A ring of free steps does not trap the threads: IDA*'s guard against zero-cost cycles is
/// the same in every subtree, the path from the start put back with its costs.
#[test]
fn zero_cost_cycles_do_not_trap_parallel_idastar() {
    // A ring 0 → 1 → 2 → 0 of free steps, and a step of cost 1 from 2 to the goal 3; a second
    // ring 4 → 5 → 4 of free steps off node 1, so that the split has subtrees to hand over.
    let graph = common::Graph {
        adjacency: vec![
            vec![(1, 0)],
            vec![(2, 0), (4, 0)],
            vec![(0, 0), (3, 1)],
            vec![],
            vec![(5, 0)],
            vec![(4, 0)],
        ],
        starts: vec![0],
        goals: vec![false, false, false, true, false, false],
        numbered: false,
    };
    for check in [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path] {
        for threads in [1, 2] {
            let solution = on_threads(threads, || {
                Search::new(&InPlace::new(Walk(&graph)))
                    .cycle_check(check)
                    .par_idastar_in_place(|_: &usize| 0)
            })
            .unwrap();
            assert_eq!(solution.path(), &[0, 1, 2, 3], "{check:?} on {threads}");
            assert_eq!(solution.cost(), 1);
        }
    }
}
