//! The `serde` feature: every public data type survives a JSON round trip, and deserializing
//! refuses exactly what the constructors refuse (an error from `serde_json`, never a value that
//! panics later).
//!
//! Run with `cargo test --features serde --test serde`.

#![cfg(feature = "serde")]

mod common;

use informed::graph::Graph;
use informed::grid::{Cell, Grid, Movement};
use informed::puzzle::{Board, SlidingPuzzle};
use informed::{Limit, Partial, Search, SearchError, Solution, Stats};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` to JSON and back.
fn round_trip<T: Serialize + DeserializeOwned>(value: &T) -> T {
    let json = serde_json::to_string(value).expect("serializes");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"))
}

/// The error message of reading `json` as a `T`.
fn refused<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
    match serde_json::from_str::<T>(json) {
        Ok(value) => panic!("{json} was accepted as {value:?}"),
        Err(error) => error.to_string(),
    }
}

fn maze() -> Grid {
    Grid::from_ascii(
        "
        ....#....
        .##.#.##.
        .#.......
        .#.####.#
        .........
        ",
    )
    .expect("a grid")
}

#[test]
fn a_grid_solution_and_its_stats_round_trip() {
    let grid = maze();
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(8, 0), Movement::Eight)
        .expect("a problem");
    let solution = informed::astar_with(&problem, problem.octile()).expect("a path");
    assert!(solution.stats().expanded > 0 && solution.stats().stored > 0);
    let back: Solution<Cell, f64> = round_trip(&solution);
    assert_eq!(back, solution);
    assert_eq!(round_trip(&solution.stats()), solution.stats());
    assert_eq!(round_trip(&grid), grid);
    assert_eq!(round_trip(&Movement::Eight), Movement::Eight);

    let json = serde_json::to_value(&solution).expect("serializes");
    assert_eq!(json["path"][0], serde_json::json!({ "x": 0, "y": 0 }));
    for field in [
        "expanded",
        "generated",
        "reopened",
        "decrease_keys",
        "pruned",
        "max_open",
        "stored",
        "iterations",
        "expanded_before_last_layer",
    ] {
        assert!(json["stats"][field].is_u64(), "no stats.{field} in {json}");
    }
}

#[test]
fn stats_read_with_missing_fields_take_zero() {
    let stats: Stats = serde_json::from_str(r#"{"expanded": 3}"#).expect("reads");
    assert_eq!(stats.expanded, 3);
    assert_eq!(stats.generated, 0);
}

#[test]
fn a_solution_with_an_empty_path_is_refused() {
    let message = refused::<Solution<Cell, f64>>(r#"{"path": [], "cost": 0.0, "stats": {}}"#);
    assert!(message.contains("empty"), "{message}");
    let message = refused::<Partial<Cell, f64>>(r#"{"path": [], "cost": 0.0, "estimate": 1.0}"#);
    assert!(message.contains("empty"), "{message}");
    // A one-state path is the start, already a goal: fine, and its accessors work.
    let solution: Solution<u32, u32> =
        serde_json::from_str(r#"{"path": [7], "cost": 0}"#).expect("reads");
    assert_eq!(
        (solution.steps(), *solution.start(), *solution.goal()),
        (0, 7, 7)
    );
}

#[test]
fn search_errors_round_trip() {
    let grid = Grid::from_ascii("..#..").expect("a grid");
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(4, 0), Movement::Four)
        .expect("a problem");
    let no_path = informed::astar_with(&problem, problem.manhattan()).unwrap_err();
    assert!(no_path.is_no_path());
    assert_eq!(round_trip(&no_path), no_path);

    let open = Grid::new(30, 30);
    let problem = open
        .problem(Cell::new(0, 0), Cell::new(29, 29), Movement::Four)
        .expect("a problem");
    let limited = Search::new(&problem)
        .max_expansions(20)
        .run_with(informed::Algorithm::AStar, problem.manhattan())
        .unwrap_err();
    assert_eq!(limited.limit(), Some(Limit::Expansions(20)));
    assert!(matches!(
        &limited,
        SearchError::LimitReached { best: Some(_), .. }
    ));
    let back: SearchError<Cell, f64> = round_trip(&limited);
    assert_eq!(back, limited);

    // The time limit reads back with the value set (the last one set).
    let timed = Search::new(&problem)
        .time_limit(std::time::Duration::from_millis(1_500))
        .time_limit(std::time::Duration::ZERO)
        .astar_with(problem.manhattan())
        .unwrap_err();
    assert_eq!(timed.limit(), Some(Limit::Time(std::time::Duration::ZERO)));
    assert_eq!(round_trip(&timed), timed);
    let limit = Limit::Time(std::time::Duration::from_millis(1_500));
    assert_eq!(round_trip(&limit), limit);

    let unsupported = Search::new(&problem)
        .cost_bound(10.0)
        .audit_with(problem.manhattan())
        .unwrap_err();
    assert!(matches!(unsupported, SearchError::Unsupported { .. }));
    let back: SearchError<Cell, f64> = round_trip(&unsupported);
    assert_eq!(back, unsupported);
    assert_eq!(back.to_string(), unsupported.to_string());

    let weight = informed::Weighted::try_new(problem.manhattan(), -1.0).unwrap_err();
    let error: SearchError<Cell, f64> = weight.into();
    assert_eq!(round_trip(&error), error);
}

#[test]
fn search_errors_with_unknown_names_or_valid_weights_are_refused() {
    let message = refused::<SearchError<u32, u32>>(
        r#"{"Unsupported": {"option": "colour", "algorithm": "audit"}}"#,
    );
    assert!(message.contains("\"colour\""), "{message}");
    let message = refused::<informed::InvalidWeight>(r#"{"weight": 1.5}"#);
    assert!(message.contains("negative, NaN or infinite"), "{message}");
}

/// Every `Unsupported` error a search builds reads back as itself: the names the reader accepts
/// are the pairs the searches build, not a list kept apart from them.
#[test]
fn every_unsupported_error_a_search_builds_reads_back() {
    let mut errors: Vec<SearchError<Cell, f64>> = Vec::new();
    let grid = Grid::new(4, 4);
    let four = grid
        .problem(Cell::new(0, 0), Cell::new(3, 3), Movement::Four)
        .expect("a problem");
    errors.push(
        Search::new(&four)
            .cost_bound(10.0)
            .audit_with(four.manhattan())
            .unwrap_err(),
    );
    errors.push(Search::new(&four).jps().unwrap_err());
    let mut searcher = informed::grid::JumpPointSearcher::new(&grid);
    for movement in [Movement::EightCuttingCorners, Movement::EightThroughGaps] {
        let problem = grid
            .problem(Cell::new(0, 0), Cell::new(3, 3), movement)
            .expect("a problem");
        errors.push(searcher.search(&problem).unwrap_err());
    }
    for error in &errors {
        assert!(
            matches!(error, SearchError::Unsupported { .. }),
            "{error:?}"
        );
        assert_eq!(&round_trip(error), error);
    }
    #[cfg(feature = "rayon")]
    {
        let puzzle = SlidingPuzzle::new(3, 3).expect("a puzzle");
        let view = informed::InPlace::new(
            puzzle
                .problem(puzzle.parse("1 2 3 4 5 6 7 0 8").expect("a board"))
                .expect("a solvable board"),
        );
        let refused = Search::new(&view)
            .cancel_when(|| false)
            .par_idastar_in_place_with(puzzle.manhattan())
            .unwrap_err();
        assert!(
            matches!(refused, SearchError::Unsupported { .. }),
            "{refused:?}"
        );
        assert_eq!(round_trip(&refused), refused);
    }
}

/// An `Unsupported` error whose names were swapped or repeated was read ("cost_bound does not
/// support the option audit"); only the (option, algorithm) pairs that a search builds are.
#[test]
fn unsupported_errors_no_search_builds_are_refused() {
    for (option, algorithm) in [
        ("audit", "cost_bound"),
        ("audit", "audit"),
        ("cost_bound", "cost_bound"),
        ("jps", "movement"),
        ("movement", "jps"),
        ("grid", "jps"),
        ("Movement::Eight", "jps"),
        ("grid", "grid"),
        ("cost_bound", "jps"),
        ("movement", "audit"),
        ("par_idastar_in_place", "cancel_when"),
    ] {
        let json =
            format!(r#"{{"Unsupported": {{"option": "{option}", "algorithm": "{algorithm}"}}}}"#);
        let message = refused::<SearchError<u32, u32>>(&json);
        assert!(
            message.contains(&format!(
                "no search refuses the option {option:?} for the algorithm {algorithm:?}"
            )),
            "{json}: {message}"
        );
    }
}

/// An error whose fields contradict each other (a search stopped by a cap of 3 expansions that
/// expanded 99) was accepted; every contradiction that no search reports is now refused, with
/// what was wrong and the values.
#[test]
fn search_errors_that_contradict_themselves_are_refused() {
    let cases = [
        (
            r#"{"LimitReached": {"limit": {"Expansions": 3}, "stats": {"expanded": 99}, "best": null}}"#,
            "limit of 3 expansions expanded exactly 3 nodes, not 99",
        ),
        (
            r#"{"LimitReached": {"limit": {"Expansions": 3}, "stats": {"expanded": 2}, "best": null}}"#,
            "not 2 (stats.expanded)",
        ),
        (
            r#"{"LimitReached": {"limit": {"StoredStates": 5}, "stats": {"stored": 9}, "best": null}}"#,
            "limit of 5 stored states held exactly 5 at its peak, not 9",
        ),
        (
            r#"{"LimitReached": {"limit": {"StoredStates": 5}, "stats": {}, "best": null}}"#,
            "not 0 (stats.stored)",
        ),
        (
            r#"{"InvalidCostBound": {"bound": 5}}"#,
            "bound is NaN; 5 is a valid bound",
        ),
        (
            r#"{"Overflow": {"from": 0, "to": 1, "g": 1, "step": 2, "stats": {}}}"#,
            "g = 1 plus step 2 does",
        ),
        (
            r#"{"EstimateOverflow": {"state": 0, "g": 4000000000, "h": 5, "stats": {}}}"#,
            "g = 4000000000 plus h = 5 does",
        ),
    ];
    for (json, expected) in cases {
        let message = refused::<SearchError<u32, u32>>(json);
        assert!(message.contains(expected), "{json}: {message}");
    }
    let message = refused::<SearchError<u32, i32>>(
        r#"{"NegativeCost": {"from": 0, "to": 1, "cost": 3, "stats": {}}}"#,
    );
    assert!(message.contains("below zero; 3 is not"), "{message}");
    // Floating-point sums reach infinity, never overflow: no float Overflow is a real one.
    let message = refused::<SearchError<u32, f64>>(
        r#"{"Overflow": {"from": 0, "to": 1, "g": 1e308, "step": 1e308, "stats": {}}}"#,
    );
    assert!(message.contains("does not fit in f64"), "{message}");

    // The same variants without the contradiction read back.
    for json in [
        r#"{"LimitReached": {"limit": {"Expansions": 3}, "stats": {"expanded": 3}, "best": null}}"#,
        r#"{"LimitReached": {"limit": {"StoredStates": 5}, "stats": {"stored": 5}, "best": null}}"#,
        r#"{"LimitReached": {"limit": "Deadline", "stats": {"expanded": 7}, "best": null}}"#,
        r#"{"Overflow": {"from": 0, "to": 1, "g": 4294967295, "step": 1, "stats": {}}}"#,
        r#"{"EstimateOverflow": {"state": 0, "g": 4000000000, "h": 400000000, "stats": {}}}"#,
        r#"{"NoPath": {"cost_bound": 7, "stats": {}}}"#,
    ] {
        serde_json::from_str::<SearchError<u32, u32>>(json)
            .unwrap_or_else(|e| panic!("{json} is refused: {e}"));
    }
}

/// The checks refuse no error that a search reports: every limit of every algorithm, at several
/// values, reads back equal.
#[test]
fn every_limit_error_a_search_reports_reads_back() {
    use informed::Algorithm;

    let puzzle = SlidingPuzzle::new(3, 3).expect("a size");
    // A board near the goal: the searches that a cap on stored states does not stop
    // (those that hold one path) stop at the cap on expansions instead, or at the goal.
    let start = puzzle.parse("4 1 3 7 2 6 5 8 0").expect("a board");
    let problem = puzzle.problem(start).expect("solvable");
    let heuristic = puzzle.manhattan();
    let algorithms = [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::WeightedAStar(2.0),
        Algorithm::AnytimeAStar(2.0),
        Algorithm::IdaStar,
        Algorithm::Iddfs,
        Algorithm::DepthFirst(40),
        Algorithm::HillClimbing,
        Algorithm::BeamSearch(3),
    ];
    let mut checked = 0;
    for limit in [0, 1, 2, 7, 60, 400] {
        let searches = || {
            [
                Search::new(&problem).max_expansions(limit),
                Search::new(&problem)
                    .max_stored(limit)
                    .max_expansions(2_000),
            ]
        };
        let mut errors = Vec::new();
        for algorithm in algorithms {
            for search in searches() {
                errors.extend(search.run_with(algorithm, &heuristic).err());
            }
        }
        for search in searches() {
            errors.extend(search.bidirectional_dijkstra().err());
        }
        for search in searches() {
            errors.extend(search.bidirectional_bfs().err());
        }
        for search in searches() {
            errors.extend(search.k_shortest_paths(3).err());
        }
        for error in errors {
            if error.limit().is_some() {
                checked += 1;
            }
            let back: SearchError<Board, u32> = round_trip(&error);
            assert_eq!(back, error);
        }
    }
    assert!(checked > 50, "only {checked} errors of a limit");
}

#[test]
fn grids_are_checked_as_from_ascii_checks_them() {
    let message = refused::<Grid>(r#"{"width": 3, "height": 2, "rows": ["..."]}"#);
    assert!(message.contains("rows"), "{message}");
    let message = refused::<Grid>(r#"{"width": 3, "height": 2, "rows": ["...", ".."]}"#);
    assert!(
        message.contains("row 1 has 2 cells, expected 3"),
        "{message}"
    );
    let message = refused::<Grid>(r#"{"width": 4, "height": 1, "rows": ["..."]}"#);
    assert!(message.contains("expected 4"), "{message}");
    let message = refused::<Grid>(r#"{"width": 3, "height": 1, "rows": [".x."]}"#);
    assert!(message.contains('x'), "{message}");
    let empty: Grid =
        serde_json::from_str(r#"{"width": 0, "height": 0, "rows": []}"#).expect("reads");
    assert_eq!(empty, Grid::new(0, 0));
}

/// Rows that `from_ascii` would skip or split (a blank row, a row holding a line break), and rows
/// under a width of 0, were accepted and changed the grid's shape from the one the data gives.
#[test]
fn grid_rows_that_would_change_its_shape_are_refused() {
    let cases = [
        (
            r#"{"width": 3, "height": 3, "rows": ["...", "", "..."]}"#,
            "row 1 has 0 cells, expected 3",
        ),
        (
            r#"{"width": 3, "height": 2, "rows": ["...\n...", "..."]}"#,
            "row 0 has 7 cells, expected 3",
        ),
        (
            r#"{"width": 3, "height": 2, "rows": ["..\n", "..."]}"#,
            "unknown terrain '\\n' in column 2",
        ),
        (
            r#"{"width": 0, "height": 1, "rows": ["..."]}"#,
            "row 0 has 3 cells, expected 0",
        ),
        (
            r##"{"width": 0, "height": 2, "rows": ["", "#"]}"##,
            "row 1 has 1 cells, expected 0",
        ),
        (
            r#"{"width": 2, "height": 1, "rows": [" .. "]}"#,
            "row 0 has 4 cells, expected 2 (1 of them trailing whitespace)",
        ),
        (
            r#"{"width": 3, "height": 1, "rows": [" .."]}"#,
            "unknown terrain ' ' in column 0",
        ),
    ];
    for (json, expected) in cases {
        let message = refused::<Grid>(json);
        assert!(message.contains(expected), "{json}: {message}");
    }
    // Grids without cells keep their shape, and every grid reads back as it was written.
    for (width, height) in [(0, 0), (0, 3), (3, 0), (1, 1), (4, 2)] {
        let grid = Grid::new(width, height);
        let back = round_trip(&grid);
        assert_eq!((back.width(), back.height()), (width, height));
        assert_eq!(back, grid);
    }
    let back = round_trip(&maze());
    assert_eq!(back, maze());
}

#[test]
fn boards_and_puzzles_round_trip_at_every_size() {
    for (width, height) in [(2, 2), (2, 4), (3, 3), (4, 4), (3, 6), (5, 5)] {
        let puzzle = SlidingPuzzle::new(width, height).expect("a size");
        for seed in 0..20 {
            let board = puzzle.random_board(seed);
            let json = serde_json::to_value(board).expect("serializes");
            let tiles: Vec<u8> = serde_json::from_value(json.clone()).expect("tiles");
            assert_eq!(tiles, puzzle.tiles(board), "{width}×{height}");
            assert_eq!(serde_json::from_value::<Board>(json).expect("reads"), board);
        }
        assert_eq!(round_trip(&puzzle), puzzle);
    }
    let puzzle = SlidingPuzzle::new(3, 3)
        .and_then(|p| p.with_goal("0 1 2 3 4 5 6 7 8"))
        .expect("a goal");
    let back = round_trip(&puzzle);
    assert_eq!(back, puzzle);
    assert_eq!(back.to_line(back.goal()), "0 1 2 3 4 5 6 7 8");
}

#[test]
fn boards_and_puzzles_with_bad_tiles_are_refused() {
    let message = refused::<Board>("[1, 2, 3, 4, 5, 6, 7, 7, 0]");
    assert!(message.contains("7"), "{message}");
    let message = refused::<Board>("[1, 2, 3, 4, 5, 6, 7, 9, 0]");
    assert!(message.contains("9"), "{message}");
    // Seven cells make no board of at least 2 × 2; nor do none or too many.
    refused::<Board>("[1, 2, 3, 4, 5, 6, 0]");
    refused::<Board>("[]");
    refused::<Board>(&serde_json::to_string(&(0..36).collect::<Vec<u8>>()).expect("json"));
    let message = refused::<SlidingPuzzle>(
        r#"{"width": 3, "height": 3, "goal": [1, 2, 3, 4, 5, 6, 7, 8, 8]}"#,
    );
    assert!(message.contains("8"), "{message}");
    refused::<SlidingPuzzle>(r#"{"width": 1, "height": 9, "goal": [1, 2, 3, 4, 5, 6, 7, 8, 0]}"#);
    refused::<SlidingPuzzle>(r#"{"width": 3, "height": 3, "goal": [1, 2, 3, 0]}"#);
}

#[test]
fn a_puzzle_solution_round_trips() {
    let puzzle = SlidingPuzzle::new(3, 3).expect("a size");
    let start = puzzle.parse("8 6 7 2 5 4 3 0 1").expect("a board");
    let problem = puzzle.problem(start).expect("solvable");
    let solution = informed::astar_with(&problem, puzzle.linear_conflict()).expect("a path");
    let back: Solution<Board, u32> = round_trip(&solution);
    assert_eq!(back, solution);
    assert_eq!(puzzle.moves(back.path()).len(), 31);
}

fn road() -> Graph {
    Graph::directed(5, [(0, 1, 1.0), (0, 2, 2.5), (1, 3, 1.0), (3, 2, 0.5)])
        .and_then(|g| {
            g.with_coordinates(vec![
                (0.0, 0.0),
                (1.0, 0.0),
                (2.0, 0.0),
                (1.0, 1.0),
                (9.0, 9.0),
            ])
        })
        .expect("a graph")
}

#[test]
fn graphs_round_trip_and_search_the_same() {
    let graph = road();
    let back = round_trip(&graph);
    assert_eq!(back, graph);
    let problem = back.problem(0, 2).expect("nodes");
    assert_eq!(informed::dijkstra(&problem).expect("a path").cost(), 2.5);
    let json = serde_json::to_value(&graph).expect("serializes");
    assert_eq!(json["offsets"], serde_json::json!([0, 2, 3, 3, 4]));
}

#[test]
fn graphs_with_bad_offsets_or_edges_are_refused() {
    let graph = |offsets: &str, targets: &str, lengths: &str| {
        format!(
            r#"{{"nodes": 4, "offsets": {offsets}, "targets": {targets}, "lengths": {lengths}}}"#
        )
    };
    for (offsets, targets, lengths, expected) in [
        (
            "[0, 2, 1, 3]",
            "[1, 2, 3]",
            "[1, 1, 1]",
            "offset 2 (1) is below offset 1 (2)",
        ),
        ("[1, 2, 3]", "[1, 2, 3]", "[1, 1, 1]", "from Some(1)"),
        ("[0, 2, 5]", "[1, 2, 3]", "[1, 1, 1]", "to Some(5)"),
        ("[]", "[]", "[]", "from None"),
        (
            "[0, 1, 2, 3]",
            "[1, 2, 3]",
            "[1, 1]",
            "3 targets but 2 lengths",
        ),
        ("[0, 0, 0, 0, 0, 0]", "[]", "[]", "6 offsets for 4 nodes"),
        ("[0, 1]", "[9]", "[1]", "9"),
        ("[0, 1]", "[1]", "[-1]", "length -1"),
    ] {
        let json = graph(offsets, targets, lengths);
        let message = refused::<Graph>(&json);
        assert!(message.contains(expected), "{json}: {message}");
    }
    let message = refused::<Graph>(
        r#"{"nodes": 2, "offsets": [0, 1], "targets": [1], "lengths": [1], "coordinates": [[0, 0]]}"#,
    );
    assert!(
        message.contains("coordinate pairs for 2 nodes"),
        "{message}"
    );
}

proptest! {
    #![proptest_config(common::config())]

    /// Any graph the constructor builds reads back equal, with the same edges.
    #[test]
    fn random_graphs_round_trip(
        nodes in 1usize..20,
        edges in prop::collection::vec((0u32..20, 0u32..20, 0.0f64..100.0), 0..60),
    ) {
        let edges: Vec<_> = edges
            .into_iter()
            .map(|(a, b, l)| (a % nodes as u32, b % nodes as u32, l))
            .collect();
        let graph = Graph::directed(nodes, edges).expect("a graph");
        let back = round_trip(&graph);
        prop_assert_eq!(&back, &graph);
        for node in 0..nodes as u32 {
            prop_assert_eq!(back.edges(node).collect::<Vec<_>>(), graph.edges(node).collect::<Vec<_>>());
        }
    }
}
