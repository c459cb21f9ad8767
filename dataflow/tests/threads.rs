//! Layered breadth-first search on worker threads of one process: histograms against the
//! published ones and against `informed::bfs_reach`, paths, kept layers, and failures.

#[path = "../src/bin/informed-enumerate/cube.rs"]
mod cube;
#[path = "../src/bin/informed-enumerate/sliding.rs"]
mod sliding;

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use cube::{Metric, PocketCube};
use informed::SearchProblem;
use informed::puzzle::SlidingPuzzle;
use informed_dataflow::{Cluster, DataflowError, LayeredBfs, VisitedSet};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};
use sliding::NumberedPuzzle;

type Result = std::result::Result<(), Box<dyn std::error::Error>>;

/// The pocket cube, one corner fixed, half-turn metric.
const CUBE_HALF_TURN: [u64; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
];

/// The same, quarter-turn metric.
const CUBE_QUARTER_TURN: [u64; 15] = [
    1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276,
];

/// The 8-puzzle from a board with the blank in a corner: OEIS A089473.
const EIGHT_PUZZLE: [u64; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

fn puzzle(width: usize, height: usize) -> &'static SlidingPuzzle {
    // Problems borrow their puzzle, and every worker builds its own problem: the puzzle
    // lives as long as the test process.
    Box::leak(Box::new(
        SlidingPuzzle::new(width, height).expect("a valid size"),
    ))
}

/// The number of states at each depth, by `informed::bfs_reach` in this thread.
fn reference<P: SearchProblem>(problem: &P) -> Vec<u64> {
    let mut histogram = Vec::new();
    for (_, depth) in informed::bfs_reach(problem) {
        if histogram.len() <= depth {
            histogram.resize(depth + 1, 0);
        }
        histogram[depth] += 1;
    }
    histogram
}

#[test]
fn public_types_are_send_sync_and_unwind_safe() {
    fn check<T: Send + Sync + std::panic::UnwindSafe>() {}
    check::<Cluster>();
    check::<DataflowError>();
    check::<informed_dataflow::Enumeration<u32>>();
    check::<informed_dataflow::GoalPath<u32>>();
    check::<informed_dataflow::LayerProgress>();
    check::<informed_dataflow::WorkerMemory>();
    check::<informed_dataflow::PdbProgress>();
    check::<informed_dataflow::AdditiveTables>();
    check::<informed_dataflow::PuzzlePattern>();
}

#[test]
fn pocket_cube_half_turn_on_1_2_and_4_threads() -> Result {
    for threads in [1, 2, 4] {
        let run = LayeredBfs::new(|| PocketCube::new(Metric::HalfTurn))
            .run(&Cluster::threads(threads)?)?;
        assert_eq!(run.histogram(), CUBE_HALF_TURN, "{threads} threads");
        assert_eq!(run.states(), cube::POSITIONS as u64);
        assert!(run.is_complete());
        assert_eq!(run.memory().len(), threads);
        let owned: u64 = run.memory().iter().map(|m| m.states).sum();
        assert_eq!(owned, run.states());
    }
    Ok(())
}

#[test]
fn pocket_cube_quarter_turn_on_1_2_and_4_threads() -> Result {
    for threads in [1, 2, 4] {
        let run = LayeredBfs::new(|| PocketCube::new(Metric::QuarterTurn))
            .run(&Cluster::threads(threads)?)?;
        assert_eq!(run.histogram(), CUBE_QUARTER_TURN, "{threads} threads");
    }
    Ok(())
}

#[test]
fn pocket_cube_hashed_equals_ranked() -> Result {
    let run = LayeredBfs::new(|| PocketCube::new(Metric::HalfTurn))
        .visited(VisitedSet::Hashed)
        .run(&Cluster::threads(3)?)?;
    assert_eq!(run.histogram(), CUBE_HALF_TURN);
    Ok(())
}

#[test]
fn pocket_cube_equals_bfs_reach() {
    assert_eq!(
        reference(&PocketCube::new(Metric::HalfTurn)),
        CUBE_HALF_TURN
    );
    assert_eq!(
        reference(&PocketCube::new(Metric::QuarterTurn)),
        CUBE_QUARTER_TURN
    );
}

#[test]
fn eight_puzzle_on_1_2_and_4_threads_ranked_and_hashed() -> Result {
    let puzzle = puzzle(3, 3);
    let goal = puzzle.goal();
    for threads in [1, 2, 4] {
        for visited in [VisitedSet::Ranked, VisitedSet::Hashed] {
            let run = LayeredBfs::new(move || NumberedPuzzle::new(puzzle, goal).expect("solvable"))
                .visited(visited)
                .run(&Cluster::threads(threads)?)?;
            assert_eq!(
                run.histogram(),
                EIGHT_PUZZLE,
                "{threads} threads, {visited:?}"
            );
        }
    }
    Ok(())
}

#[test]
fn two_by_four_puzzle_equals_bfs_reach() -> Result {
    let puzzle = puzzle(4, 2);
    let start = puzzle.parse("0 7 6 5 4 3 2 1")?;
    let expected = reference(&puzzle.problem(start)?);
    assert_eq!(expected.iter().sum::<u64>(), 20_160);
    for threads in [1, 2, 4] {
        // informed's own problem, hashed (it has no numbering).
        let run = LayeredBfs::new(move || puzzle.problem(start).expect("solvable"))
            .run(&Cluster::threads(threads)?)?;
        assert_eq!(run.histogram(), expected, "{threads} threads");
    }
    Ok(())
}

#[test]
fn the_first_goal_comes_with_a_shortest_path() -> Result {
    let puzzle = puzzle(3, 3);
    for seed in 0..4 {
        let start = puzzle.random_board(seed);
        let problem = puzzle.problem(start)?;
        let expected = informed::bfs(&problem)?;
        for threads in [1, 3] {
            let run = LayeredBfs::new(move || puzzle.problem(start).expect("solvable"))
                .find_goal()
                .run(&Cluster::threads(threads)?)?;
            let goal = run.goal().expect("every solvable board reaches the goal");
            assert_eq!(
                goal.depth(),
                expected.steps(),
                "seed {seed}, {threads} threads"
            );
            assert_eq!(goal.path().len(), goal.depth() + 1);
            assert_eq!(goal.path()[0], start);
            assert_eq!(*goal.goal(), puzzle.goal());
            for step in goal.path().windows(2) {
                assert!(
                    problem
                        .successors(&step[0])
                        .into_iter()
                        .any(|(next, _)| next == step[1])
                );
            }
            // The search stops at the goal's layer.
            assert_eq!(run.histogram().len(), goal.depth() + 1);
            assert!(!run.is_complete() || run.histogram().iter().sum::<u64>() == 181_440);
        }
    }
    Ok(())
}

#[test]
fn a_start_that_is_a_goal_has_a_path_of_one_state() -> Result {
    let puzzle = puzzle(3, 3);
    let goal = puzzle.goal();
    let run = LayeredBfs::new(move || puzzle.problem(goal).expect("solvable"))
        .find_goal()
        .run(&Cluster::threads(2)?)?;
    let found = run.goal().expect("the start is the goal");
    assert_eq!((found.depth(), found.path()), (0, &[goal][..]));
    assert_eq!(run.histogram(), [1]);
    Ok(())
}

#[test]
fn kept_layers_are_the_layers_of_bfs_reach() -> Result {
    let problem = PocketCube::new(Metric::QuarterTurn);
    let mut expected: BTreeMap<usize, HashSet<u32>> = BTreeMap::new();
    for (state, depth) in informed::bfs_reach(&problem).take_while(|&(_, depth)| depth <= 5) {
        expected.entry(depth).or_default().insert(state);
    }
    for threads in [1, 3] {
        let run = LayeredBfs::new(|| PocketCube::new(Metric::QuarterTurn))
            .keep_layers([0, 4, 5, 99])
            .run(&Cluster::threads(threads)?)?;
        let kept: Vec<usize> = run.kept_layers().iter().map(|(depth, _)| *depth).collect();
        assert_eq!(kept, [0, 4, 5]);
        for (depth, states) in run.kept_layers() {
            let states: HashSet<u32> = states.iter().copied().collect();
            assert_eq!(states, expected[depth], "depth {depth}, {threads} threads");
        }
    }
    Ok(())
}

#[test]
fn max_depth_stops_the_search() -> Result {
    let run = LayeredBfs::new(|| PocketCube::new(Metric::HalfTurn))
        .max_depth(4)
        .run(&Cluster::threads(2)?)?;
    assert_eq!(run.histogram(), &CUBE_HALF_TURN[..5]);
    assert!(!run.is_complete());
    Ok(())
}

#[test]
fn every_layer_is_reported_in_order() -> Result {
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = Arc::clone(&seen);
    LayeredBfs::new(|| PocketCube::new(Metric::HalfTurn))
        .on_layer(move |layer| {
            record
                .lock()
                .unwrap()
                .push((layer.depth, layer.states, layer.process))
        })
        .run(&Cluster::threads(2)?)?;
    let seen = seen.lock().unwrap();
    let expected: Vec<(usize, u64, usize)> = CUBE_HALF_TURN
        .iter()
        .enumerate()
        .map(|(depth, &states)| (depth, states, 0))
        .collect();
    assert_eq!(*seen, expected);
    Ok(())
}

/// A problem whose successors panic at one state.
struct Exploding;

impl SearchProblem for Exploding {
    type State = u32;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u32> {
        [1]
    }

    fn is_goal(&self, _: &u32) -> bool {
        false
    }

    fn successors(&self, &n: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        let mut out = Vec::new();
        assert!(n != 777, "state 777 is cursed");
        if n < 100_000 {
            out.push((2 * n, 1));
            out.push((2 * n + 1, 1));
        }
        out
    }
}

#[test]
fn a_worker_that_panics_fails_the_run_with_its_message() -> Result {
    for threads in [1, 2, 4] {
        let error = LayeredBfs::new(|| Exploding)
            .run(&Cluster::threads(threads)?)
            .unwrap_err();
        let DataflowError::WorkerFailed { worker, message } = &error else {
            panic!("expected a worker failure, got {error:?}");
        };
        assert!(worker.is_some_and(|w| w < threads), "{error}");
        assert!(message.contains("state 777 is cursed"), "{error}");
        assert!(!error.is_lost_connection());
    }
    Ok(())
}

#[test]
fn a_ranked_set_needs_a_numbering_and_no_path() -> Result {
    let puzzle = puzzle(3, 3);
    let goal = puzzle.goal();
    let error = LayeredBfs::new(move || puzzle.problem(goal).expect("solvable"))
        .visited(VisitedSet::Ranked)
        .run(&Cluster::threads(2)?)
        .unwrap_err();
    assert!(
        matches!(error, DataflowError::BadOptions { .. }),
        "{error:?}"
    );
    let error = LayeredBfs::new(|| PocketCube::new(Metric::HalfTurn))
        .visited(VisitedSet::Ranked)
        .find_goal()
        .run(&Cluster::threads(1)?)
        .unwrap_err();
    assert!(
        matches!(error, DataflowError::BadOptions { .. }),
        "{error:?}"
    );
    Ok(())
}

#[test]
fn a_cluster_the_machine_cannot_hold_is_refused() {
    let refused = |result: std::result::Result<Cluster, DataflowError>, text: &str| {
        let error = result.expect_err("refused");
        assert!(
            matches!(error, DataflowError::BadCluster { .. }) && error.to_string().contains(text),
            "{error}"
        );
    };
    let most = Cluster::max_threads();
    assert!(most >= 64);
    assert!(Cluster::threads(most).is_ok());
    refused(Cluster::threads(most + 1), &format!("{}", most + 1));
    refused(Cluster::threads(usize::MAX), &usize::MAX.to_string());
    let addresses = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    refused(
        Cluster::processes(1, 0, addresses(&["127.0.0.1:1", "nonsense"])),
        "\"nonsense\"",
    );
    refused(
        Cluster::processes(1, 0, addresses(&["127.0.0.1:1", "127.0.0.1:0"])),
        "\"127.0.0.1:0\"",
    );
    refused(
        Cluster::processes(1, 0, addresses(&["h:1", "h:2", "h:1"])),
        "processes 0 and 2",
    );
    refused(
        Cluster::processes(1, 0, vec!["h:1".into(); Cluster::MAX_PROCESSES + 1]),
        "1025 processes",
    );
    let cluster = Cluster::processes(1, 1, addresses(&["[::1]:2101", "localhost:2102"]))
        .expect("two good addresses")
        .with_connect_timeout(std::time::Duration::from_secs(7));
    assert_eq!(cluster.connect_timeout().as_secs(), 7);
}

/// A directed graph with several starts (repeats allowed), numbered densely.
#[derive(Clone, Debug)]
struct Graph {
    edges: Arc<Vec<Vec<u32>>>,
    starts: Vec<u32>,
}

impl SearchProblem for Graph {
    type State = u32;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u32> {
        self.starts.clone()
    }

    fn is_goal(&self, _: &u32) -> bool {
        false
    }

    fn successors(&self, &n: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        let mut out = Vec::new();
        for &next in &self.edges[n as usize] {
            out.push((next, 1));
        }
        out
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.edges.len())
    }

    fn index(&self, n: &u32) -> usize {
        *n as usize
    }
}

fn graphs() -> impl Strategy<Value = Graph> {
    (1usize..40).prop_flat_map(|nodes| {
        let edges =
            proptest::collection::vec(proptest::collection::vec(0..nodes as u32, 0..4), nodes);
        let starts = proptest::collection::vec(0..nodes as u32, 1..4);
        (edges, starts).prop_map(|(edges, starts)| Graph {
            edges: Arc::new(edges),
            starts,
        })
    })
}

fn config() -> Config {
    let mut config = Config {
        cases: 48,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    };
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x5ea7c4);
    }
    config
}

proptest! {
    #![proptest_config(config())]

    /// Random directed graphs with several starts: the same histogram as `bfs_reach`, on any
    /// number of threads, with either visited set.
    #[test]
    fn random_graphs_equal_bfs_reach(graph in graphs(), threads in 1usize..5, hashed in any::<bool>()) {
        let expected = reference(&graph);
        let visited = if hashed { VisitedSet::Hashed } else { VisitedSet::Ranked };
        let problem = graph.clone();
        let run = LayeredBfs::new(move || problem.clone())
            .visited(visited)
            .run(&Cluster::threads(threads).unwrap())
            .unwrap();
        prop_assert_eq!(run.histogram(), &expected[..]);
        prop_assert!(run.is_complete());
    }
}
