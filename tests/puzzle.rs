//! The sliding-tile puzzle against exact distances: a plain BFS from the goal over the whole
//! 3×3 and 2×4 state spaces, written on tile vectors independently of the crate.

mod common;

use common::exact_distances;
use informed::puzzle::{Board, Direction, PuzzleError, SlidingPuzzle};
use informed::{Heuristic, Search};

/// Manhattan distance and linear conflict computed plainly from tile vectors, as references.
fn reference_estimates(width: usize, goal: &[u8], tiles: &[u8]) -> (u32, u32) {
    let goal_of = |tile: u8| goal.iter().position(|&t| t == tile).unwrap();
    let mut manhattan = 0;
    for (cell, &tile) in tiles.iter().enumerate().filter(|(_, t)| **t != 0) {
        let g = goal_of(tile);
        manhattan += (cell / width).abs_diff(g / width) + (cell % width).abs_diff(g % width);
    }
    // Per line: the tiles whose goal is in the line, minus a longest run already in goal order.
    let leaving = |positions: &[usize]| {
        let mut longest = vec![1usize; positions.len()];
        for i in 0..positions.len() {
            for j in 0..i {
                if positions[j] < positions[i] {
                    longest[i] = longest[i].max(longest[j] + 1);
                }
            }
        }
        positions.len() - longest.iter().copied().max().unwrap_or(0)
    };
    let height = tiles.len() / width;
    let mut extra = 0;
    for row in 0..height {
        let goal_columns: Vec<usize> = (0..width)
            .map(|c| tiles[row * width + c])
            .filter(|&t| t != 0 && goal_of(t) / width == row)
            .map(|t| goal_of(t) % width)
            .collect();
        extra += leaving(&goal_columns);
    }
    for column in 0..width {
        let goal_rows: Vec<usize> = (0..height)
            .map(|r| tiles[r * width + column])
            .filter(|&t| t != 0 && goal_of(t) % width == column)
            .map(|t| goal_of(t) / width)
            .collect();
        extra += leaving(&goal_rows);
    }
    (manhattan as u32, (manhattan + 2 * extra) as u32)
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// Checks the three heuristics against exact distances over a whole space, that parity decides
/// solvability exactly, and that A* finds the exact distance on a sample.
fn check_space(width: usize, height: usize, goal: Option<&str>) {
    let mut puzzle = SlidingPuzzle::new(width, height).unwrap();
    if let Some(goal) = goal {
        puzzle = puzzle.with_goal(goal).unwrap();
    }
    let goal_tiles = puzzle.tiles(puzzle.goal());
    let exact = exact_distances(width, height, &goal_tiles);
    assert_eq!(
        exact.len(),
        factorial(width * height) / 2,
        "half the arrangements are reachable"
    );

    let (misplaced, manhattan, conflict) = (
        puzzle.misplaced(),
        puzzle.manhattan(),
        puzzle.linear_conflict(),
    );
    let mut conflict_gains = 0;
    for (tiles, &d) in &exact {
        let board = puzzle.board(tiles).unwrap();
        assert!(puzzle.is_solvable(board), "{tiles:?} is reachable");
        let (a, b, c) = (
            misplaced.estimate(&board),
            manhattan.estimate(&board),
            conflict.estimate(&board),
        );
        assert_eq!(
            (b, c),
            reference_estimates(width, &goal_tiles, tiles),
            "{tiles:?}"
        );
        assert!(
            a <= b && b <= c,
            "{tiles:?}: misplaced {a}, manhattan {b}, conflict {c}"
        );
        assert!(
            c <= d,
            "{tiles:?}: linear conflict {c} exceeds the exact distance {d}"
        );
        assert_eq!((d == 0), (c == 0));
        conflict_gains += u32::from(c > b);
        // Consistency: one move changes each heuristic by at most one step's cost... except
        // linear conflict, which may change by 3; check the triangle inequality directly.
        let problem = puzzle.problem(board).unwrap();
        for (next, _) in informed::SearchProblem::successors(&problem, &board) {
            for h in [&misplaced as &dyn Heuristic<_, u32>, &manhattan, &conflict] {
                assert!(
                    h.estimate(&board) <= 1 + h.estimate(&next),
                    "inconsistent at {tiles:?}"
                );
            }
        }
    }
    assert!(conflict_gains > 0, "linear conflict never beat Manhattan");

    // Swapping two tiles of a reachable board gives an unreachable one, and parity says so.
    let mut swapped = goal_tiles.clone();
    let numbered: Vec<usize> = (0..swapped.len())
        .filter(|&i| swapped[i] != 0)
        .take(2)
        .collect();
    swapped.swap(numbered[0], numbered[1]);
    assert!(!exact.contains_key(&swapped));
    let board = puzzle.board(&swapped).unwrap();
    assert!(!puzzle.is_solvable(board));
    assert!(matches!(
        puzzle.problem(board),
        Err(PuzzleError::Unsolvable { .. })
    ));

    // A* with every heuristic finds the exact distance on a sample of boards.
    for (tiles, &d) in exact.iter().step_by(exact.len() / 40) {
        let problem = puzzle.problem(puzzle.board(tiles).unwrap()).unwrap();
        for cost in [
            informed::astar_with(&problem, puzzle.misplaced())
                .unwrap()
                .cost(),
            informed::astar_with(&problem, puzzle.manhattan())
                .unwrap()
                .cost(),
            informed::astar_with(&problem, puzzle.linear_conflict())
                .unwrap()
                .cost(),
        ] {
            assert_eq!(cost, d, "{tiles:?}");
        }
    }
}

#[test]
fn eight_puzzle_heuristics_are_admissible_over_the_whole_space() {
    check_space(3, 3, None);
}

#[test]
fn two_by_four_heuristics_are_admissible_over_the_whole_space() {
    check_space(4, 2, None);
    check_space(2, 4, None);
}

#[test]
fn another_goal_arrangement_works_throughout() {
    check_space(3, 3, Some("0 1 2 3 4 5 6 7 8"));
}

#[test]
fn hardest_eight_puzzle_boards_take_31_moves() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let exact = exact_distances(3, 3, &puzzle.tiles(puzzle.goal()));
    let hardest: Vec<_> = exact
        .iter()
        .filter(|(_, d)| **d == 31)
        .map(|(t, _)| t.clone())
        .collect();
    // Published: exactly two 8-puzzle boards need 31 moves (Reinefeld, 1993).
    assert_eq!(hardest.len(), 2);
    for tiles in hardest {
        let problem = puzzle.problem(puzzle.board(&tiles).unwrap()).unwrap();
        assert_eq!(
            informed::astar_with(&problem, puzzle.linear_conflict())
                .unwrap()
                .cost(),
            31
        );
        assert_eq!(informed::bfs(&problem).unwrap().steps(), 31);
    }
}

#[test]
fn moves_replay_the_path() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let start = puzzle.parse("1 2 3 4 5 6 0 7 8").unwrap();
    let solution =
        informed::astar_with(&puzzle.problem(start).unwrap(), puzzle.manhattan()).unwrap();
    let moves = puzzle.moves(solution.path());
    assert_eq!(moves.len(), 2);
    assert_eq!((moves[0].tile, moves[0].direction), (7, Direction::Left));
    assert_eq!(moves[0].blank_direction(), Direction::Right);
    assert_eq!(moves[1].to_string(), "tile 8 left");
    assert_eq!(puzzle.to_line(*solution.goal()), "1 2 3 4 5 6 7 8 0");
    assert_eq!(puzzle.display(start).to_string(), "1 2 3\n4 5 6\n. 7 8\n");
}

#[test]
fn fifteen_and_twenty_four_puzzles_solve_scrambled_boards() {
    for (side, moves) in [(4, 30), (5, 16)] {
        let puzzle = SlidingPuzzle::new(side, side).unwrap();
        let board = common::scramble(&puzzle, moves, 0x1234_5678_u64 + side as u64);
        let problem = puzzle.problem(board).unwrap();
        let conflict = informed::astar_with(&problem, puzzle.linear_conflict()).unwrap();
        let manhattan = Search::new(&problem)
            .astar_with(puzzle.manhattan())
            .unwrap();
        assert!(conflict.cost() <= moves);
        assert_eq!(conflict.cost(), manhattan.cost());
        assert!(conflict.stats().expanded <= manhattan.stats().expanded);
    }
}

/// The 15-puzzle's space is too large to walk, and its heuristics use line tables: compare them
/// with the plain reference on seeded random boards, for two goal arrangements.
#[test]
fn fifteen_puzzle_heuristics_match_the_reference() {
    for goal in [None, Some("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")] {
        let mut puzzle = SlidingPuzzle::new(4, 4).unwrap();
        if let Some(goal) = goal {
            puzzle = puzzle.with_goal(goal).unwrap();
        }
        let goal_tiles = puzzle.tiles(puzzle.goal());
        let (manhattan, conflict) = (puzzle.manhattan(), puzzle.linear_conflict());
        let mut conflict_gains = 0;
        for seed in 0..3_000 {
            let board = puzzle.random_board(seed);
            let tiles = puzzle.tiles(board);
            let expected = reference_estimates(4, &goal_tiles, &tiles);
            let got = (manhattan.estimate(&board), conflict.estimate(&board));
            assert_eq!(got, expected, "{tiles:?}");
            conflict_gains += u32::from(expected.1 > expected.0);
        }
        assert!(
            conflict_gains > 1_000,
            "conflicts are common on random boards"
        );
    }
}

/// A puzzle keeps its heuristics' tables; a copy given another goal must not reuse them.
#[test]
fn a_new_goal_gets_new_heuristic_tables() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let board = puzzle.random_board(7);
    let before = (
        puzzle.manhattan().estimate(&board),
        puzzle.linear_conflict().estimate(&board),
    );
    let moved = puzzle
        .clone()
        .with_goal("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
        .unwrap();
    assert_ne!(moved, puzzle);
    let goal_tiles = moved.tiles(moved.goal());
    let expected = reference_estimates(4, &goal_tiles, &moved.tiles(board));
    let after = (
        moved.manhattan().estimate(&board),
        moved.linear_conflict().estimate(&board),
    );
    assert_eq!(after, expected);
    assert_ne!(after, before, "the two goals must tell this board apart");
    assert_eq!(puzzle.clone(), puzzle);
}

#[test]
fn random_boards_are_solvable_and_reproducible() {
    for (w, h) in [(3, 3), (4, 4), (5, 5), (2, 4), (3, 5)] {
        let puzzle = SlidingPuzzle::new(w, h).unwrap();
        for seed in 0..50 {
            let board = puzzle.random_board(seed);
            assert!(puzzle.is_solvable(board));
            assert_eq!(board, puzzle.random_board(seed));
            assert_eq!(puzzle.board(&puzzle.tiles(board)).unwrap(), board);
        }
        assert_ne!(puzzle.random_board(1), puzzle.random_board(2));
    }
}

#[test]
fn malformed_boards_are_typed_errors_with_clear_messages() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let cases = [
        ("1 2 3 4 5 6 7 8", "8 tiles given, the board has 9 cells"),
        (
            "1 2 3 4 5 6 7 8 0 9",
            "10 tiles given, the board has 9 cells",
        ),
        (
            "1 2 3 4 5 6 7 8 9",
            "tile 9 is out of range: tiles go from 0 (the blank) to 8",
        ),
        ("1 2 3 4 5 6 7 7 0", "tile 7 appears more than once"),
        (
            "1 2 3 4 five 6 7 8 0",
            "\"five\" is not a tile number: tiles go from 0 (the blank) to 8",
        ),
        (
            "1 2 3 4 5 6 7 8 -1",
            "\"-1\" is not a tile number: tiles go from 0 (the blank) to 8",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            puzzle.parse(text).unwrap_err().to_string(),
            message,
            "{text}"
        );
    }
    assert!(puzzle.parse("1,2,3,4,5,6,7,8,0").is_ok());
    assert_eq!(
        SlidingPuzzle::new(1, 5).unwrap_err().to_string(),
        "a 1×5 puzzle is not supported: sides must be at least 2 and the board at most 25 cells"
    );
    assert!(SlidingPuzzle::new(6, 6).is_err());
    assert!(SlidingPuzzle::square(16).is_some_and(|p| p.width() == 4));
    assert!(SlidingPuzzle::square(10).is_none());
    assert!(puzzle.clone().with_goal("1 1 2 3 4 5 6 7 8").is_err());
}

#[test]
fn sizes_whose_product_overflows_are_refused() {
    // 2^63 + 4 times 2 wrapped around to 8 cells, and solving then panicked.
    let width = (1usize << 63) + 4;
    assert_eq!(
        SlidingPuzzle::new(width, 2).unwrap_err(),
        PuzzleError::BadSize { width, height: 2 }
    );
    assert!(SlidingPuzzle::new(usize::MAX, usize::MAX).is_err());
    assert!(SlidingPuzzle::new(2, usize::MAX).is_err());
}

#[test]
fn numbers_that_are_no_tile_say_the_range() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    assert_eq!(
        puzzle.parse("1 2 3 4 5 6 7 8 256").unwrap_err().to_string(),
        "\"256\" is not a tile number: tiles go from 0 (the blank) to 8"
    );
    let fifteen = SlidingPuzzle::new(4, 4).unwrap();
    assert_eq!(
        fifteen.parse("x").unwrap_err(),
        PuzzleError::NotANumber {
            token: "x".to_owned(),
            largest: 15
        }
    );
}

#[test]
fn accessors_with_arguments_off_the_board_do_not_index_out_of_range() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let board = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
    assert_eq!(puzzle.tile(board, 0), Some(8));
    assert_eq!(puzzle.tile(board, 7), Some(0));
    assert_eq!(puzzle.tile(board, 9), None);
    assert_eq!(puzzle.tile(board, 200), None);
    assert_eq!(puzzle.goal_cell(0), 8);
    let panic = std::panic::catch_unwind(|| puzzle.goal_cell(200)).unwrap_err();
    assert_eq!(
        panic.downcast_ref::<String>().map(String::as_str),
        Some(
            "SlidingPuzzle::goal_cell: tile 200 is out of range: tiles go from 0 (the blank) to 8"
        )
    );
}

#[test]
fn boards_of_another_puzzle_are_refused_before_searching() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    assert_eq!(
        puzzle.problem(Board::default()).unwrap_err().to_string(),
        "tile 0 appears more than once"
    );
    let fifteen = SlidingPuzzle::new(4, 4).unwrap();
    let board = fifteen
        .parse("15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0")
        .unwrap();
    assert_eq!(
        puzzle.problem(board).unwrap_err().to_string(),
        "tile 15 is out of range: tiles go from 0 (the blank) to 8"
    );
}

/// A board's `Debug` lists its tiles, on every size from 2×2 to 5×5 (4 and 5 bits a tile), read
/// without its puzzle; a packing that is no board shows its words.
#[test]
fn a_board_debugs_as_its_tiles() -> Result<(), Box<dyn std::error::Error>> {
    for (width, height) in [(2, 2), (3, 3), (2, 4), (4, 4), (3, 6), (4, 5), (5, 5)] {
        let puzzle = SlidingPuzzle::new(width, height)?;
        for seed in 0..20 {
            let board = puzzle.random_board(seed);
            let tiles = puzzle.tiles(board);
            assert_eq!(format!("{board:?}"), format!("Board({tiles:?})"));
        }
    }
    let board = SlidingPuzzle::new(3, 3)?.parse("8 6 7 2 5 4 3 0 1")?;
    assert_eq!(format!("{board:?}"), "Board([8, 6, 7, 2, 5, 4, 3, 0, 1])");
    assert_eq!(format!("{:?}", Board::default()), "Board { words: [0, 0] }");
    Ok(())
}
