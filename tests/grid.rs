//! Grids against an independent reference, heuristics against exact distances, and every
//! malformed map and scenario.

mod common;

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use common::config;
use informed::grid::{Cell, Grid, GridErrorKind, Movement, Picture, Recorder, Scenario};
use informed::{Heuristic, SearchError};
use proptest::prelude::*;

const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// The moves of `movement` from `(x, y)` with their costs (1, or √2 diagonally): the rules as
/// `common::reference_steps` writes them out.
fn reference_moves(
    grid: &[Vec<bool>],
    movement: Movement,
    x: i64,
    y: i64,
) -> Vec<((i64, i64), f64)> {
    let free = |x: i64, y: i64| {
        y >= 0
            && x >= 0
            && (y as usize) < grid.len()
            && (x as usize) < grid[0].len()
            && grid[y as usize][x as usize]
    };
    common::reference_steps(free, movement, x, y)
        .into_iter()
        .map(|(cell, diagonal)| (cell, if diagonal { SQRT_2 } else { 1.0 }))
        .collect()
}

/// Exact distances from `from` to every cell (moves are symmetric, so also *to* `from`).
fn reference_distances(
    grid: &[Vec<bool>],
    movement: Movement,
    from: (i64, i64),
) -> Vec<Vec<Option<f64>>> {
    let mut dist = vec![vec![None; grid[0].len()]; grid.len()];
    let mut heap = BinaryHeap::from([(Reverse(0u64), from)]);
    // Costs as integers of 1e-12 so that the heap orders them exactly; the rounding error of
    // a path stays below 1e-9.
    let scale = |c: f64| (c * 1e12).round() as u64;
    while let Some((Reverse(d), (x, y))) = heap.pop() {
        if dist[y as usize][x as usize].is_some() {
            continue;
        }
        dist[y as usize][x as usize] = Some(d as f64 / 1e12);
        for ((nx, ny), c) in reference_moves(grid, movement, x, y) {
            if dist[ny as usize][nx as usize].is_none() {
                heap.push((Reverse(d + scale(c)), (nx, ny)));
            }
        }
    }
    dist
}

/// Free cells by row, a start and a goal.
use common::CellQuery as Query;

fn random_grid() -> impl Strategy<Value = Query> {
    (2..=16usize, 2..=16usize, 0..45u32)
        .prop_flat_map(|(w, h, walls)| common::cell_query(w, h, walls))
}

const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight,
    Movement::EightCuttingCorners,
    Movement::EightThroughGaps,
];

proptest! {
    #![proptest_config(config())]

    /// A*, Dijkstra and BFS agree with the reference for every movement rule.
    #[test]
    fn searches_agree_with_the_reference((cells, start, goal) in random_grid()) {
        let grid = common::cell_grid(&cells);
        let (start, goal) = (Cell::from(start), Cell::from(goal));
        for movement in MOVEMENTS {
            let exact = reference_distances(&cells, movement, (start.x as i64, start.y as i64));
            let expected = exact[goal.y as usize][goal.x as usize];
            let problem = grid.problem(start, goal, movement).unwrap();
            let outcomes = [
                informed::dijkstra(&problem),
                if movement == Movement::Four {
                    informed::astar_with(&problem, problem.manhattan())
                } else {
                    informed::astar_with(&problem, problem.octile())
                },
                informed::astar_with(&problem, problem.euclidean()),
            ];
            for outcome in outcomes {
                match (outcome, expected) {
                    (Ok(solution), Some(cost)) => {
                        prop_assert!((solution.cost() - cost).abs() < 1e-6, "{movement:?}: {} vs {cost}", solution.cost());
                        let mut total = 0.0;
                        for w in solution.path().windows(2) {
                            let step = reference_moves(&cells, movement, w[0].x as i64, w[0].y as i64)
                                .into_iter()
                                .find(|&((x, y), _)| (x, y) == (w[1].x as i64, w[1].y as i64));
                            prop_assert!(step.is_some(), "{movement:?}: illegal step {} → {}", w[0], w[1]);
                            total += step.unwrap().1;
                        }
                        prop_assert!((total - solution.cost()).abs() < 1e-9);
                    }
                    (Err(SearchError::NoPath { .. }), None) => {}
                    (outcome, expected) => prop_assert!(false, "{movement:?}: {outcome:?} vs {expected:?}"),
                }
            }
            if movement == Movement::Four {
                let bfs = informed::bfs(&problem).map(|s| s.cost());
                prop_assert_eq!(bfs.ok(), expected);
            }
        }
    }

    /// Grid costs are exact: on 8-connected grids A* with the octile estimate never reopens a
    /// state (with √2 itself, sums taken in different orders differed in the last bit and it
    /// did), finds exactly Dijkstra's cost, and the estimate is consistent with no tolerance.
    #[test]
    fn octile_costs_are_exact_and_never_reopen(
        (w, h, walls, seed) in (8..=48u32, 8..=48u32, 0..30u64, any::<u64>())
    ) {
        let mut state = seed | 1;
        let mut rows = Vec::new();
        for _ in 0..h {
            let row: String = (0..w)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    if state % 100 < walls { '@' } else { '.' }
                })
                .collect();
            rows.push(row);
        }
        let (start, goal) = (Cell::new(0, 0), Cell::new(w - 1, h - 1));
        for cell in [start, goal] {
            let row = &mut rows[cell.y as usize];
            row.replace_range(cell.x as usize..cell.x as usize + 1, ".");
        }
        let grid = Grid::from_ascii(&rows.join("\n")).unwrap();
        for movement in [Movement::Eight, Movement::EightCuttingCorners, Movement::EightThroughGaps] {
            let problem = grid.problem(start, goal, movement).unwrap();
            let astar = informed::astar_with(&problem, problem.octile());
            let dijkstra = informed::dijkstra(&problem);
            match (astar, dijkstra) {
                (Ok(astar), Ok(dijkstra)) => {
                    prop_assert_eq!(astar.stats().reopened, 0);
                    prop_assert_eq!(astar.cost(), dijkstra.cost());
                }
                (Err(a), Err(d)) => prop_assert!(a.is_no_path() && d.is_no_path()),
                (a, d) => prop_assert!(false, "A* {a:?}, Dijkstra {d:?}"),
            }
            let octile = problem.octile();
            for y in 0..h {
                for x in 0..w {
                    let cell = Cell::new(x, y);
                    if !grid.is_free(cell) {
                        continue;
                    }
                    for (next, step) in informed::SearchProblem::successors(&problem, &cell) {
                        prop_assert!(octile.estimate(&cell) <= step + octile.estimate(&next));
                    }
                }
            }
        }
    }

    /// Each heuristic is admissible and consistent for the movement it is documented for.
    #[test]
    fn heuristics_are_admissible_and_consistent((cells, _, goal) in random_grid()) {
        let goal = Cell::from(goal);
        for movement in MOVEMENTS {
            let exact = reference_distances(&cells, movement, (goal.x as i64, goal.y as i64));
            let manhattan = informed::grid::Manhattan::to(goal);
            let octile = informed::grid::Octile::to(goal);
            let euclidean = informed::grid::Euclidean::to(goal);
            let mut heuristics: Vec<&dyn Heuristic<Cell, f64>> = vec![&octile, &euclidean];
            if movement == Movement::Four {
                heuristics.push(&manhattan);
            }
            for (y, row) in cells.iter().enumerate() {
                for (x, _) in row.iter().enumerate().filter(|(_, free)| **free) {
                    let cell = Cell::new(x as u32, y as u32);
                    for h in &heuristics {
                        if let Some(d) = exact[y][x] {
                            prop_assert!(h.estimate(&cell) <= d + 1e-9, "h {} > exact {d} at {cell}", h.estimate(&cell));
                        }
                        for ((nx, ny), c) in reference_moves(&cells, movement, x as i64, y as i64) {
                            let next = Cell::new(nx as u32, ny as u32);
                            prop_assert!(h.estimate(&cell) <= c + h.estimate(&next) + 1e-9);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn corner_rules_differ_where_they_should() {
    // Passing diagonally between the two walls is legal only without the corner rule.
    let grid = Grid::from_ascii(".#\n#.").unwrap();
    let (a, b) = (Cell::new(0, 0), Cell::new(1, 1));
    assert!(
        informed::bfs(&grid.problem(a, b, Movement::Eight).unwrap())
            .unwrap_err()
            .is_no_path()
    );
    assert!(
        informed::bfs(&grid.problem(a, b, Movement::EightCuttingCorners).unwrap())
            .unwrap_err()
            .is_no_path()
    );
    assert_eq!(
        informed::bfs(&grid.problem(a, b, Movement::EightThroughGaps).unwrap())
            .unwrap()
            .steps(),
        1
    );
    // Past one corner.
    let grid = Grid::from_ascii(".#\n..").unwrap();
    let strict = informed::dijkstra(&grid.problem(a, b, Movement::Eight).unwrap()).unwrap();
    let cutting =
        informed::dijkstra(&grid.problem(a, b, Movement::EightCuttingCorners).unwrap()).unwrap();
    assert_eq!(strict.cost(), 2.0);
    assert_eq!(cutting.cost(), informed::grid::DIAGONAL);
    assert!((cutting.cost() - SQRT_2).abs() < 2e-11);
}

#[test]
fn queries_outside_the_grid_or_on_walls_are_refused() {
    let grid = Grid::from_ascii("..\n.#").unwrap();
    let cases = [
        (
            Cell::new(2, 0),
            Cell::new(0, 0),
            "start (2, 0) is outside the 2×2 grid",
        ),
        (
            Cell::new(0, 0),
            Cell::new(0, 9),
            "goal (0, 9) is outside the 2×2 grid",
        ),
        (Cell::new(1, 1), Cell::new(0, 0), "start (1, 1) is blocked"),
        (Cell::new(0, 0), Cell::new(1, 1), "goal (1, 1) is blocked"),
    ];
    for (start, goal, message) in cases {
        assert_eq!(
            grid.problem(start, goal, Movement::Four)
                .unwrap_err()
                .to_string(),
            message
        );
    }
}

#[test]
fn malformed_maps_name_the_line_and_the_fault() {
    let cases = [
        ("", "line 1: expected header `type T`, found \"\""),
        (
            "kind octile\nheight 1\nwidth 1\nmap\n.\n",
            "line 1: expected header `type T`, found \"kind octile\"",
        ),
        (
            "type octile\nheight x\nwidth 1\nmap\n.\n",
            "line 2: expected header `height H`, found \"height x\"",
        ),
        (
            "type octile\nheight 1\nwide 1\nmap\n.\n",
            "line 3: expected header `width W`, found \"wide 1\"",
        ),
        (
            "type octile\nheight 1\nwidth 1\nmaps\n.\n",
            "line 4: expected header `map`, found \"maps\"",
        ),
        (
            "type octile\nheight 2\nwidth 3\nmap\n...\n..\n",
            "line 6: row 1 has 2 cells, expected 3",
        ),
        (
            "type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n",
            "line 6: unknown terrain 'x' in column 1",
        ),
        (
            "type octile\nheight 2\nwidth 3\nmap\n...\n",
            "line 5: 1 rows, but the header says height 2",
        ),
        (
            "type octile\nheight 1\nwidth 3\nmap\n...\n...\n",
            "line 6: 2 rows, but the header says height 1",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            Grid::parse_map(text).unwrap_err().to_string(),
            message,
            "{text:?}"
        );
    }
    // CRLF line ends and the Moving AI terrain letters are accepted.
    let grid = Grid::parse_map("type octile\r\nheight 1\r\nwidth 7\r\nmap\r\n.GS@OTW\r\n").unwrap();
    let free: Vec<bool> = (0..7).map(|x| grid.is_free(Cell::new(x, 0))).collect();
    assert_eq!(free, [true, true, true, false, false, false, false]);
}

#[test]
fn malformed_scenarios_name_the_line_and_the_fault() {
    let ok = "0\tm.map\t4\t4\t0\t0\t3\t3\t4.24264069";
    let cases = [
        (
            "1\n".to_owned(),
            "line 1: expected header `version 1`, found \"1\"",
        ),
        (
            format!("version 1\n{ok}\n0 m.map 4 4 0 0 3\n"),
            "line 3: 7 fields, expected 9",
        ),
        (
            "version 1\n0\tm.map\t4\t4\tx\t0\t3\t3\t1\n".to_owned(),
            "line 2: bad start x: \"x\"",
        ),
        (
            "version 1\n0\tm.map\t4\t4\t0\t0\t3\t3\tnan\n".to_owned(),
            "line 2: bad optimal length: \"nan\"",
        ),
        (
            "version 1\n0\tm.map\t4\t4\t0\t0\t3\t9\t1\n".to_owned(),
            "line 2: goal (3, 9) is outside the 4×4 grid",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            Scenario::parse_all(&text).unwrap_err().to_string(),
            message,
            "{text:?}"
        );
    }
    let scenarios = Scenario::parse_all(&format!("version 1.0\r\n{ok}\r\n\r\n")).unwrap();
    assert_eq!(scenarios.len(), 1);
    assert_eq!(
        (scenarios[0].start(), scenarios[0].goal()),
        (Cell::new(0, 0), Cell::new(3, 3))
    );
    assert_eq!(scenarios[0].tolerance(), 1e-4);
}

#[test]
fn file_errors_name_the_file() {
    let error = Grid::load_map("no/such/dir/missing.map").unwrap_err();
    assert!(matches!(error.kind(), GridErrorKind::Io(_)));
    assert!(
        error
            .to_string()
            .starts_with("no/such/dir/missing.map: cannot read"),
        "{error}"
    );
    let dir = std::env::temp_dir().join(format!("informed-grid-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.map");
    std::fs::write(&path, "type octile\nheight 1\nwidth 2\nmap\n.?\n").unwrap();
    let error = Grid::load_map(&path).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("{}:5: unknown terrain '?' in column 1", path.display())
    );
    assert_eq!(
        (error.file(), error.line()),
        (Some(path.as_path()), Some(5))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn scenarios_on_the_wrong_map_or_blocked_cells_name_file_and_line() {
    let dir = std::env::temp_dir().join(format!("informed-scen-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.map.scen");
    std::fs::write(
        &path,
        "version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.4\n0\tm.map\t3\t2\t2\t0\t0\t1\t2.4\n",
    )
    .unwrap();
    let scenarios = Scenario::load_all(&path).unwrap();
    let grid = Grid::from_ascii("..@\n...").unwrap();
    assert!(scenarios[0].problem(&grid).is_ok());
    assert_eq!(
        scenarios[1].problem(&grid).unwrap_err().to_string(),
        format!("{}:3: start (2, 0) is blocked", path.display())
    );
    let wrong = Grid::new(4, 4);
    assert_eq!(
        scenarios[0].problem(&wrong).unwrap_err().to_string(),
        format!(
            "{}:2: the map is 4×4 but the scenario is for a 3×2 map",
            path.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn scenario_tolerance_follows_the_digits_given() {
    let parse = |length: &str| {
        Scenario::parse_all(&format!("version 1\n0 m.map 9 9 0 0 3 3 {length}\n"))
            .unwrap()
            .remove(0)
    };
    assert_eq!(parse("4.24264069").tolerance(), 1e-4);
    assert!((parse("4.24").tolerance() - 0.01).abs() < 1e-12);
    assert_eq!(parse("4").tolerance(), 1.0);
    assert!(parse("4.24").accepts(Some(4.2426)));
    assert!(!parse("4.24264069").accepts(Some(4.25)));
    // Length 0 between different cells means "no path".
    let unreachable = parse("0");
    assert!(!unreachable.expects_path());
    assert!(unreachable.accepts(None) && !unreachable.accepts(Some(0.0)));
}

#[test]
fn every_line_end_ends_a_line() {
    // A map with CR-only line ends (old Mac files) reads as one with LF or CRLF.
    let map = "type octile\rheight 2\rwidth 3\rmap\r..@\r.T.\r";
    let grid = Grid::parse_map(map).unwrap();
    assert_eq!((grid.width(), grid.height()), (3, 2));
    assert_eq!(grid, Grid::parse_map(&map.replace('\r', "\n")).unwrap());
    assert_eq!(grid, Grid::parse_map(&map.replace('\r', "\r\n")).unwrap());
    // Its errors name the line and quote it alone.
    let error = Grid::parse_map("type octile\rheight 2\rwidth x\rmap\r").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3: expected header `width W`, found \"width x\""
    );
    let error = Grid::parse_map("type octile\rheight 2\rwidth 3\rmap\r...\r.?.\r").unwrap_err();
    assert_eq!(error.to_string(), "line 6: unknown terrain '?' in column 1");
    let error = Grid::from_ascii("...\r..\r").unwrap_err();
    assert_eq!(error.to_string(), "line 2: row 1 has 2 cells, expected 3");
    let scenarios =
        Scenario::parse_all("version 1\r0 m.map 4 4 0 0 3 3 4\r0 m.map 4 4 0 0 1 1 x\r");
    assert_eq!(
        scenarios.unwrap_err().to_string(),
        "line 3: bad optimal length: \"x\""
    );
}

#[test]
fn errors_quote_at_most_80_characters_of_a_line() {
    // A one-line file with a bad header: only the start of the line is quoted.
    let error = Grid::parse_map(&format!("height{}", "9".repeat(1000))).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "line 1: expected header `type T`, found \"height{}…\"",
            "9".repeat(74)
        )
    );
}

#[test]
fn huge_headers_cost_nothing_until_their_rows_arrive() {
    // Each of these once allocated width × height before reading a row: 10^16 bytes (an abort),
    // a capacity overflow (a panic), or 10 GB before the error.
    let cases = [
        (
            "type octile\nheight 100000000\nwidth 100000000\nmap\n".to_owned(),
            "line 4: 0 rows, but the header says height 100000000",
        ),
        (
            "type octile\nheight 4294967295\nwidth 4294967295\nmap\n.\n".to_owned(),
            "line 5: row 0 has 1 cells, expected 4294967295",
        ),
        (
            format!(
                "type octile\nheight 100000\nwidth 100000\nmap\n{}\n",
                ".".repeat(100_000)
            ),
            "line 5: 1 rows, but the header says height 100000",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(Grid::parse_map(&text).unwrap_err().to_string(), message);
    }
}

#[test]
fn grids_too_large_for_memory_are_errors_or_clear_panics() {
    let error = Grid::try_new(u32::MAX, u32::MAX).unwrap_err();
    assert!(matches!(error.kind(), GridErrorKind::TooLarge { .. }));
    assert_eq!(
        error.to_string(),
        "a 4294967295×4294967295 grid does not fit in memory"
    );
    assert_eq!(Grid::try_new(3, 2).unwrap(), Grid::new(3, 2));
    assert_eq!(Grid::try_new(0, u32::MAX).unwrap().free_count(), 0);
    let panic = std::panic::catch_unwind(|| Grid::new(u32::MAX, u32::MAX)).unwrap_err();
    assert_eq!(
        panic.downcast_ref::<String>().map(String::as_str),
        Some("a 4294967295×4294967295 grid does not fit in memory")
    );
}

#[test]
fn row_lengths_count_trailing_whitespace_and_say_so() {
    let row = ".".repeat(49);
    let text = format!("type octile\nheight 4\nwidth 49\nmap\n{row}\n{row}\n{row}\n{row}  \n");
    assert_eq!(
        Grid::parse_map(&text).unwrap_err().to_string(),
        "line 8: row 3 has 51 cells, expected 49 (2 of them trailing whitespace)"
    );
    let error = Grid::parse_map("type octile\nheight 1\nwidth 3\nmap\n..\t\n").unwrap_err();
    // Whitespace within the width is no terrain.
    assert_eq!(
        error.to_string(),
        "line 5: unknown terrain '\\t' in column 2"
    );
}

#[test]
fn scenario_files_of_another_version_are_refused() {
    let line = "0\tm.map\t4\t4\t0\t0\t3\t3\t4.24264069\n";
    for version in ["version 1", "version 1.0", "  version\t1  "] {
        assert!(
            Scenario::parse_all(&format!("{version}\n{line}")).is_ok(),
            "{version}"
        );
    }
    for version in [
        "version 2",
        "version",
        "version 1 2",
        "versions 1",
        "version 1.5",
    ] {
        assert_eq!(
            Scenario::parse_all(&format!("{version}\n{line}"))
                .unwrap_err()
                .to_string(),
            format!("line 1: expected header `version 1`, found {version:?}")
        );
    }
}

#[test]
#[should_panic(expected = "Picture::path: cell (5, 0) is outside the 3×2 grid")]
fn pictures_refuse_paths_off_the_grid() {
    let grid = Grid::new(3, 2);
    let _ = Picture::new(&grid).path(&[Cell::new(0, 0), Cell::new(5, 0)]);
}

#[test]
#[should_panic(expected = "Picture::search: the recorder's cell (0, 2) is outside the 3×2 grid")]
fn pictures_refuse_searches_of_another_grid() {
    let big = Grid::new(3, 5);
    let problem = big
        .problem(Cell::new(0, 0), Cell::new(0, 4), Movement::Four)
        .unwrap();
    let mut recorder = Recorder::new();
    informed::Search::new(&problem)
        .observer(&mut recorder)
        .bfs()
        .unwrap();
    let small = Grid::new(3, 2);
    let _ = Picture::new(&small).search(&recorder, None);
}

/// `main` prints an error returned through `?` with `Debug`: it leads with the message, then
/// the kind and whatever of the file and line is known, and shows no wrapper of the crate's.
#[test]
fn grid_errors_debug_as_their_message_and_kind() {
    let grid = Grid::from_ascii("..\n.#").unwrap();
    let error = grid
        .problem(Cell::new(0, 0), Cell::new(1, 1), Movement::Four)
        .unwrap_err();
    assert_eq!(
        format!("{error:?}"),
        r#"GridError { message: "goal (1, 1) is blocked", kind: Blocked { role: "goal", cell: Cell { x: 1, y: 1 } } }"#
    );
    let error = Grid::from_ascii("..#\n..").unwrap_err();
    assert_eq!(
        format!("{error:?}"),
        r#"GridError { message: "line 2: row 1 has 2 cells, expected 3", kind: WrongRowLength { row: 1, expected: 3, found: 2, trailing_whitespace: 0 }, line: 2 }"#
    );
    let error = Grid::load_map("no/such/file.map").unwrap_err();
    let debug = format!("{error:?}");
    assert!(
        debug.starts_with(r#"GridError { message: "no/such/file.map: cannot read: "#),
        "{debug}"
    );
    assert!(debug.contains(r#"file: "no/such/file.map""#), "{debug}");
    assert!(!debug.contains("Located"), "{debug}");
}
