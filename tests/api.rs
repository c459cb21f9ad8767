//! Guards on the public API's promises.

use std::panic::{RefUnwindSafe, UnwindSafe};

use informed::{
    Algorithm, Anytime, Audit, Event, Expansion, FastBuildHasher, FastHasher, Hashing, Improvement,
    InvalidWeight, Limit, Max, NoObserver, NodeTable, OpenSet, OptimalPaths, Partial, PathTree,
    SearchError, Solution, Stats, TieBreak, UnknownAlgorithm, Violation, Weighted, Zero,
};

fn assert_thread_safe<T: Send + Sync + UnwindSafe + RefUnwindSafe>() {}

#[test]
fn public_types_are_send_sync_and_unwind_safe() {
    assert_thread_safe::<Solution<(u32, u32), f64>>();
    assert_thread_safe::<Partial<(u32, u32), f64>>();
    assert_thread_safe::<SearchError<(u32, u32), f64>>();
    assert_thread_safe::<Stats>();
    assert_thread_safe::<Limit>();
    assert_thread_safe::<TieBreak>();
    assert_thread_safe::<Algorithm>();
    assert_thread_safe::<UnknownAlgorithm>();
    assert_thread_safe::<InvalidWeight>();
    assert_thread_safe::<Zero>();
    assert_thread_safe::<NoObserver>();
    assert_thread_safe::<Max<Zero, Zero>>();
    assert_thread_safe::<Weighted<Zero>>();
    assert_thread_safe::<Event<'static, u32, u32>>();
    assert_thread_safe::<Hashing>();
    assert_thread_safe::<NodeTable>();
    assert_thread_safe::<OpenSet>();
    assert_thread_safe::<FastHasher>();
    assert_thread_safe::<FastBuildHasher>();
    // `Moves` borrows the engine's stack mutably: Send and Sync, not unwind-safe.
    fn assert_send_sync_borrow<T: Send + Sync>() {}
    assert_send_sync_borrow::<informed::Moves<'static, u8>>();
    assert_thread_safe::<informed::InPlace<informed::puzzle::PuzzleProblem<'static>>>();
    assert_thread_safe::<informed::Afresh<Zero>>();
    assert_thread_safe::<informed::puzzle::Slide>();
    assert_thread_safe::<informed::puzzle::PdbContext>();
    assert_thread_safe::<Anytime<(u32, u32), f64>>();
    assert_thread_safe::<Improvement<f64>>();
    assert_thread_safe::<Audit<(u32, u32), f64>>();
    assert_thread_safe::<Violation<(u32, u32), f64>>();
    assert_thread_safe::<OptimalPaths<(u32, u32), f64>>();
    assert_thread_safe::<PathTree<(u32, u32), f64>>();
    assert_thread_safe::<Expansion<(u32, u32), f64>>();
    assert_thread_safe::<informed::Budget>();
    assert_thread_safe::<informed::PartialTarget>();
    assert_thread_safe::<informed::Progress<(u32, u32), f64>>();
    assert_thread_safe::<informed::OpenOrder>();
    assert_thread_safe::<informed::Replay>();
    assert_thread_safe::<informed::grid::WeightedGrid>();
    assert_thread_safe::<informed::grid::WeightedGridProblem<'static>>();
    assert_thread_safe::<informed::grid::Regions>();
    assert_thread_safe::<informed::grid::Region>();
    assert_thread_safe::<informed::grid::Picture<'static>>();
    assert_thread_safe::<informed::grid::FlowField>();
    assert_thread_safe::<informed::Reversed<informed::grid::GridProblem<'static>>>();
    // The closure problems are as thread-safe as their closures (plain functions here).
    type Step = fn(&u32) -> [(u32, u32); 1];
    type UnitStep = fn(&u32) -> [u32; 1];
    assert_thread_safe::<informed::BidirectionalFnProblem<u32, Step, Step>>();
    assert_thread_safe::<informed::UnitBidirectionalFnProblem<u32, UnitStep, UnitStep>>();
    // `StateRecorder` and `StatePicture` hold the caller's position and label closures, asked
    // to be `Send + Sync` but not unwind-safe (tests/replay.rs checks the first two).
    // `Search`, `Stepper`, `Resumable` and `Reachable` may hold a cancel callback, which need not
    // be `Send`:
    // they stay on the thread that made them.
}

#[test]
fn search_errors_convert_into_boxed_errors() {
    fn run() -> Result<u32, Box<dyn std::error::Error + Send + Sync>> {
        let problem = informed::from_fn(0u32, |_: &u32| [(0u32, 1u32)], |_| false);
        Ok(informed::bfs(&problem)?.cost())
    }
    let error = run().unwrap_err();
    assert_eq!(
        error.to_string(),
        "no path: no reachable state is a goal (1 expanded)"
    );
}

#[test]
fn algorithms_parse_and_display_round_trip() {
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::WeightedAStar(1.5),
        Algorithm::AnytimeAStar(2.0),
        Algorithm::IdaStar,
        Algorithm::Iddfs,
        Algorithm::DepthFirst(7),
        Algorithm::HillClimbing,
        Algorithm::BeamSearch(4),
    ] {
        assert_eq!(algorithm.to_string().parse::<Algorithm>(), Ok(algorithm));
    }
    let error = "astra".parse::<Algorithm>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown algorithm \"astra\": expected one of bfs, dijkstra, greedy, astar, wastar:W, \
         anytime:W, idastar, iddfs, dfs:D, hill, beam:W"
    );
}

#[test]
fn domain_types_are_send_sync_and_unwind_safe() {
    use informed::graph::{Graph, GraphError, GraphErrorKind, GraphProblem, StraightLine};
    use informed::grid::{
        Cell, Euclidean, Grid, GridError, GridErrorKind, GridProblem, GridRevision, Manhattan,
        Movement, Nearest, NearestOctile, Octile, Picture, Recorder, Scenario,
    };
    use informed::puzzle::{
        Board, Direction, LinearConflict, Manhattan as PuzzleManhattan, Misplaced, Move,
        PuzzleError, PuzzleProblem, SlidingPuzzle,
    };

    assert_thread_safe::<Grid>();
    assert_thread_safe::<Cell>();
    assert_thread_safe::<Movement>();
    assert_thread_safe::<GridProblem<'static>>();
    assert_thread_safe::<GridProblem<'static, Nearest<'static>>>();
    assert_thread_safe::<GridRevision>();
    assert_thread_safe::<NearestOctile<'static>>();
    assert_thread_safe::<Scenario>();
    assert_thread_safe::<Manhattan>();
    assert_thread_safe::<Octile>();
    assert_thread_safe::<Euclidean>();
    assert_thread_safe::<Picture<'static>>();
    assert_thread_safe::<Recorder>();

    assert_thread_safe::<SlidingPuzzle>();
    assert_thread_safe::<Board>();
    assert_thread_safe::<Move>();
    assert_thread_safe::<Direction>();
    assert_thread_safe::<PuzzleProblem<'static>>();
    assert_thread_safe::<PuzzleError>();
    assert_thread_safe::<Misplaced<'static>>();
    assert_thread_safe::<PuzzleManhattan<'static>>();
    assert_thread_safe::<LinearConflict<'static>>();

    assert_thread_safe::<Graph>();
    assert_thread_safe::<GraphProblem<'static>>();
    assert_thread_safe::<StraightLine<'static>>();

    // The file errors carry the std::io::Error of a failed read (their `source`), and
    // io::Error is neither UnwindSafe nor RefUnwindSafe (it may hold a boxed `dyn Error`):
    // these are Send and Sync only.
    fn assert_send_sync<T: Send + Sync + 'static>() {}
    assert_send_sync::<GridError>();
    assert_send_sync::<GridErrorKind>();
    assert_send_sync::<informed::grid::NearestError>();
    assert_send_sync::<GraphError>();
    assert_send_sync::<GraphErrorKind>();
}

/// What a `pathfinding` user types first: heuristic closures with no type on their argument,
/// given to every algorithm that takes a heuristic, as a free function and as a `Search` method.
/// This file compiling is the test; the assertions check that both forms search alike.
#[test]
fn unannotated_heuristic_closures_compile_everywhere() -> Result<(), Box<dyn std::error::Error>> {
    let goal = (3i32, 2i32);
    let moves = |&(x, y): &(i32, i32)| {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .map(|cell| (cell, 1u32))
            .into_iter()
            .filter(|&((x, y), _)| (0..6).contains(&x) && (0..6).contains(&y))
    };
    let problem = informed::from_fn((0, 0), moves, move |&cell| cell == goal);

    let astar = informed::astar(&problem, |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?;
    assert_eq!(astar.cost(), 5);
    let with = informed::astar_with(
        &problem,
        Max::new(Zero, |&(x, _): &(i32, i32)| goal.0.abs_diff(x)),
    )?;
    assert_eq!(with.cost(), 5);
    let h = |&(x, y): &(i32, i32)| goal.0.abs_diff(x) + goal.1.abs_diff(y);
    assert_eq!(
        informed::weighted_astar(
            &problem,
            |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y),
            2.0
        )?
        .cost(),
        5
    );
    assert_eq!(
        informed::greedy(&problem, |&(x, _)| goal.0.abs_diff(x))?.goal(),
        &goal
    );
    assert_eq!(
        informed::idastar(&problem, |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?.cost(),
        5
    );
    assert_eq!(
        informed::anytime_astar(&problem, |&(x, _)| goal.0.abs_diff(x), 2.0)?
            .best()
            .cost(),
        5
    );
    assert_eq!(
        informed::beam_search(
            &problem,
            |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y),
            4
        )?
        .cost(),
        5
    );
    assert_eq!(
        informed::hill_climbing(&problem, |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?
            .cost(),
        5
    );
    assert!(
        informed::audit(
            &problem,
            |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y),
            100
        )?
        .is_consistent()
    );
    let mut stepper = informed::stepper(&problem, |&(x, _)| goal.0.abs_diff(x));
    assert!(stepper.step().is_some());

    let search = || informed::Search::new(&problem).max_expansions(1_000);
    assert_eq!(
        search().astar(|&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?,
        astar
    );
    assert_eq!(search().astar_with(h)?, astar);
    assert_eq!(
        search()
            .idastar(|&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?
            .cost(),
        5
    );
    assert_eq!(
        search().run(Algorithm::AStar, |&(x, y)| goal.0.abs_diff(x)
            + goal.1.abs_diff(y))?,
        astar
    );
    let mut searcher = informed::Searcher::new();
    assert_eq!(
        searcher.astar(&problem, |&(x, y)| goal.0.abs_diff(x) + goal.1.abs_diff(y))?,
        astar
    );
    let mut path = Vec::new();
    let (cost, _) = searcher.astar_into(&problem, |&(x, _)| goal.0.abs_diff(x), &mut path)?;
    assert_eq!((cost, path.last()), (5, Some(&goal)));
    Ok(())
}
