//! Jump point search (JPS and JPS+) against A* on random grids of every wall density and shape,
//! on hand-made cases, on a seeded sample of the Moving AI scenarios, and the jump table's file
//! format against every kind of bad file.

mod common;

use common::config;
use informed::grid::{
    Cell, DIAGONAL, Grid, JumpPointSearcher, JumpTable, JumpTableError, Movement, Waypoints,
};
use informed::{Event, Limit, Search, SearchError, Solution, TieBreak};
use proptest::prelude::*;

/// Free cells by row, a start and a goal.
use common::CellQuery as Query;

/// Grids from 1×1 to 150×40 (rows longer than two machine words, so that jumps cross word
/// boundaries), with 0% to 100% walls, and 1×N and N×1 strips.
fn random_grid() -> impl Strategy<Value = Query> {
    let shape = prop_oneof![
        (1..=150usize, 1..=40usize),
        (1..=200usize, Just(1usize)),
        (Just(1usize), 1..=200usize),
        (1..=12usize, 1..=12usize),
    ];
    (shape, 0..=100u32).prop_flat_map(|((w, h), walls)| common::cell_query(w, h, walls))
}

/// The cost of a path of single steps, checked step by step: on the grid, free, one cell
/// apart, and no diagonal that cuts a corner.
fn cell_path_cost(grid: &Grid, path: &[Cell]) -> Result<f64, String> {
    let mut cost = 0.0;
    for cell in path {
        if !grid.is_free(*cell) {
            return Err(format!("{cell} is blocked or off the grid"));
        }
    }
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        match (dx, dy) {
            (1, 0) | (0, 1) => cost += 1.0,
            (1, 1) => {
                let sides = [Cell::new(b.x, a.y), Cell::new(a.x, b.y)];
                if !sides.iter().all(|&side| grid.is_free(side)) {
                    return Err(format!("{a} → {b} cuts a corner"));
                }
                cost += DIAGONAL;
            }
            _ => return Err(format!("{a} → {b} is not one step")),
        }
    }
    Ok(cost)
}

/// The cells between consecutive jump points, which must lie on a straight or diagonal line.
fn fill(grid: &Grid, waypoints: &[Cell]) -> Result<Vec<Cell>, String> {
    let mut cells = vec![waypoints[0]];
    for pair in waypoints.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dy) = (
            i64::from(b.x) - i64::from(a.x),
            i64::from(b.y) - i64::from(a.y),
        );
        if a == b || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return Err(format!("{a} → {b} is not a line"));
        }
        let steps = dx.abs().max(dy.abs());
        for k in 1..=steps {
            let x = i64::from(a.x) + dx.signum() * k;
            let y = i64::from(a.y) + dy.signum() * k;
            cells.push(Cell::new(x as u32, y as u32));
        }
    }
    let _ = grid;
    Ok(cells)
}

/// The checks every jump point solution must pass against A*'s outcome.
fn check_against_astar(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    outcome: Result<Solution<Cell, f64>, SearchError<Cell, f64>>,
    waypoints: Waypoints,
) -> Result<(), TestCaseError> {
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let astar = informed::astar_with(&problem, problem.octile());
    match (outcome, astar) {
        (Ok(solution), Ok(reference)) => {
            let relative = (solution.cost() - reference.cost()).abs() / reference.cost().max(1.0);
            prop_assert!(
                relative <= 1e-9,
                "cost {} vs A*'s {}",
                solution.cost(),
                reference.cost()
            );
            let cells = match waypoints {
                Waypoints::Cells => solution.path().to_vec(),
                _ => fill(grid, solution.path()).map_err(TestCaseError::fail)?,
            };
            prop_assert_eq!(cells.first(), Some(&start));
            prop_assert_eq!(cells.last(), Some(&goal));
            let walked = cell_path_cost(grid, &cells).map_err(TestCaseError::fail)?;
            prop_assert_eq!(walked, solution.cost(), "the path's steps sum to its cost");
            let stats = solution.stats();
            prop_assert!(stats.expanded >= 1);
            prop_assert!(stats.stored >= 1 && stats.stored as u64 <= stats.generated);
            prop_assert!(stats.expanded <= stats.stored as u64 + stats.reopened);
            prop_assert!(stats.max_open <= stats.stored);
            prop_assert_eq!(
                stats.reopened,
                0,
                "the octile heuristic is consistent on jumps"
            );
            // Each jump point is a distinct free cell.
            prop_assert!(stats.stored <= grid.free_count());
        }
        (Err(error), Err(reference)) => {
            prop_assert!(error.is_no_path(), "{error}");
            prop_assert!(reference.is_no_path());
            let stats = error.stats();
            prop_assert!(stats.expanded <= stats.stored as u64);
        }
        (outcome, reference) => {
            return Err(TestCaseError::fail(format!(
                "JPS: {:?}, A*: {:?}",
                outcome.map(|s| s.cost()),
                reference.map(|s| s.cost())
            )));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// JPS and JPS+ find A*'s cost, by a valid path, with both kinds of path.
    #[test]
    fn jump_point_search_agrees_with_astar((cells, start, goal) in random_grid()) {
        let grid = common::cell_grid(&cells);
        let (start, goal) = (Cell::from(start), Cell::from(goal));
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        let table = JumpTable::build(&grid).unwrap();
        let mut searchers = [
            JumpPointSearcher::new(&grid),
            JumpPointSearcher::with_table(&grid, table.clone()).unwrap(),
        ];
        for searcher in &mut searchers {
            for waypoints in [Waypoints::Cells, Waypoints::JumpPoints] {
                searcher.set_waypoints(waypoints);
                check_against_astar(&grid, start, goal, searcher.search(&problem), waypoints)?;
            }
        }
    }

    /// A searcher reused across queries gives what a fresh one gives, and the one-shot search
    /// agrees with both.
    #[test]
    fn reuse_changes_nothing((cells, start, goal) in random_grid(), others in prop::collection::vec((0..1000u32, 0..1000u32), 1..4)) {
        let grid = common::cell_grid(&cells);
        let mut reused = JumpPointSearcher::new(&grid);
        let free: Vec<Cell> = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
            .filter(|&c| grid.is_free(c))
            .collect();
        let mut queries = vec![(Cell::from(start), Cell::from(goal))];
        for (a, b) in others {
            queries.push((free[a as usize % free.len()], free[b as usize % free.len()]));
        }
        for (start, goal) in queries {
            let problem = grid.problem(start, goal, Movement::Eight).unwrap();
            let again = reused.search(&problem);
            let fresh = JumpPointSearcher::new(&grid).search(&problem);
            let once = Search::new(&problem).jps();
            prop_assert_eq!(&again, &fresh);
            prop_assert_eq!(&again, &once);
        }
    }

    /// The table's file reads back equal, and any single corrupted byte is refused or
    /// harmless: never a panic, never a table with a jump off the grid.
    #[test]
    fn jump_tables_round_trip((cells, _, _) in random_grid(), flip in any::<prop::sample::Index>(), bit in 0..8u8) {
        let grid = common::cell_grid(&cells);
        let table = JumpTable::build(&grid).unwrap();
        let mut file = Vec::new();
        table.write(&mut file).unwrap();
        prop_assert_eq!(&JumpTable::read(file.as_slice(), &grid).unwrap(), &table);
        let at = flip.index(file.len());
        file[at] ^= 1 << bit;
        if let Ok(read) = JumpTable::read(file.as_slice(), &grid) {
            // Only a flip the checksum cannot see could get here; it must still be the table.
            prop_assert_eq!(&read, &table);
        }
        for end in [0, 7, 27, 28, file.len() / 2, file.len() - 1] {
            prop_assert!(JumpTable::read(&file[..end], &grid).is_err());
        }
    }
}

/// A grid drawn in text, and a query on it.
fn query(picture: &str, start: (u32, u32), goal: (u32, u32)) -> (Grid, Cell, Cell) {
    (
        Grid::from_ascii(picture).unwrap(),
        Cell::from(start),
        Cell::from(goal),
    )
}

#[test]
fn start_equal_to_goal_is_a_path_of_one_cell() {
    let (grid, start, _) = query("...\n.#.\n...", (2, 2), (2, 2));
    let problem = grid.problem(start, start, Movement::Eight).unwrap();
    let solution = JumpPointSearcher::new(&grid).search(&problem).unwrap();
    assert_eq!(solution.path(), [start]);
    assert_eq!(solution.cost(), 0.0);
    assert_eq!(solution.stats().expanded, 1);
}

#[test]
fn a_walled_off_goal_has_no_path() {
    let (grid, start, goal) = query(
        "......\n\
         ...###\n\
         ...#..\n\
         ...#..",
        (0, 0),
        (5, 3),
    );
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let table = JumpTable::build(&grid).unwrap();
    for mut searcher in [
        JumpPointSearcher::new(&grid),
        JumpPointSearcher::with_table(&grid, table.clone()).unwrap(),
    ] {
        let error = searcher.search(&problem).unwrap_err();
        assert!(error.is_no_path(), "{error}");
    }
}

#[test]
fn corners_are_not_cut() {
    // The only way from the top-left to the bottom-right squeezes between two diagonal walls,
    // which the Moving AI rule forbids: around the long way.
    let (grid, start, goal) = query(
        ".#....\n\
         #.....\n\
         ......",
        (0, 0),
        (5, 2),
    );
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    assert!(
        JumpPointSearcher::new(&grid)
            .search(&problem)
            .unwrap_err()
            .is_no_path()
    );
    let (grid, start, goal) = query(
        "....\n\
         .#..\n\
         ..#.\n\
         ....",
        (0, 0),
        (3, 3),
    );
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let solution = JumpPointSearcher::new(&grid).search(&problem).unwrap();
    assert_eq!(solution.cost(), 4.0 + 1.0 * DIAGONAL);
    assert_eq!(cell_path_cost(&grid, solution.path()), Ok(solution.cost()));
}

#[test]
fn an_open_field_is_two_jumps() {
    let grid = Grid::new(300, 200);
    let (start, goal) = (Cell::new(3, 5), Cell::new(290, 150));
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let mut jps = JumpPointSearcher::new(&grid);
    jps.set_waypoints(Waypoints::JumpPoints);
    let solution = jps.search(&problem).unwrap();
    // Diagonally to the goal's row, then straight along it.
    assert_eq!(solution.path(), [start, Cell::new(148, 150), goal]);
    assert_eq!(solution.cost(), 145.0 * DIAGONAL + 142.0);
    assert!(solution.stats().stored < 1000, "{}", solution.stats());
}

/// A table takes a byte a distance while every distance fits in one (down to −128: 128 free
/// cells before a wall), two beyond; searches, files and equality are the same for both.
#[test]
fn jump_tables_are_narrow_where_every_jump_fits_a_byte() {
    for (width, bytes) in [(129u32, 8), (130, 16)] {
        for grid in [Grid::new(width, 1), Grid::new(1, width)] {
            let table = JumpTable::build(&grid).unwrap();
            assert_eq!(table.bytes(), width as usize * bytes, "{width} cells");
            let mut file = Vec::new();
            table.write(&mut file).unwrap();
            assert_eq!(file.len(), 28 + width as usize * 16 + 8, "files are 16-bit");
            assert_eq!(JumpTable::read(file.as_slice(), &grid).unwrap(), table);
            let end = Cell::new(grid.width() - 1, grid.height() - 1);
            let mut jps = JumpPointSearcher::with_table(&grid, table.clone()).unwrap();
            for (start, goal) in [(Cell::new(0, 0), end), (end, Cell::new(0, 0))] {
                let problem = grid.problem(start, goal, Movement::Eight).unwrap();
                assert_eq!(jps.search(&problem).unwrap().cost(), f64::from(width - 1));
            }
        }
    }
}

#[test]
fn other_movements_are_refused_by_name_and_other_grids_followed() {
    let grid = Grid::new(4, 4);
    let other = Grid::from_ascii("....\n.#..\n....\n....").unwrap();
    let mut jps = JumpPointSearcher::new(&grid);
    for (movement, name) in [
        (Movement::Four, "Movement::Four"),
        (
            Movement::EightCuttingCorners,
            "Movement::EightCuttingCorners",
        ),
        (Movement::EightThroughGaps, "Movement::EightThroughGaps"),
    ] {
        let problem = grid
            .problem(Cell::new(0, 0), Cell::new(3, 3), movement)
            .unwrap();
        let error = jps.search(&problem).unwrap_err();
        assert!(matches!(
            error,
            SearchError::Unsupported {
                option,
                algorithm: "jps"
            } if option == name
        ));
        assert_eq!(
            error.to_string(),
            format!("jps searches only Movement::Eight, and the problem has {name}")
        );
    }
    // Another grid: the searcher packs it and answers for it, then for the first again.
    let problem = other
        .problem(Cell::new(0, 0), Cell::new(2, 2), Movement::Eight)
        .unwrap();
    let astar = informed::astar_with(&problem, problem.octile()).unwrap();
    assert_eq!(jps.search(&problem).unwrap().cost(), astar.cost());
    assert!(astar.cost() > 2.0 * DIAGONAL);
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(2, 2), Movement::Eight)
        .unwrap();
    assert_eq!(jps.search(&problem).unwrap().cost(), 2.0 * DIAGONAL);
    // A table for another map.
    let table = JumpTable::build(&other).unwrap();
    assert!(matches!(
        JumpPointSearcher::with_table(&grid, table.clone()),
        Err(JumpTableError::OtherMap { .. })
    ));
}

#[test]
fn limits_and_the_observer_count_jump_points() {
    let grid = Grid::from_ascii(
        "..........\n\
         ...####...\n\
         ......#...\n\
         ..#...#...\n\
         ..........",
    )
    .unwrap();
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(9, 3), Movement::Eight)
        .unwrap();
    let mut jps = JumpPointSearcher::new(&grid);
    let full = jps.search(&problem).unwrap();
    let expanded = full.stats().expanded;
    assert!(expanded >= 2);

    let mut events = (0u64, 0usize);
    let observed = Search::new(&problem)
        .on_event(|event| match event {
            Event::Expand { .. } => events.0 += 1,
            Event::Generate { .. } => events.1 += 1,
            _ => {}
        })
        .jps_in(&mut jps)
        .unwrap();
    assert_eq!(observed, full);
    assert_eq!(events, (expanded, full.stats().stored));

    match Search::new(&problem)
        .max_expansions(expanded - 1)
        .jps_in(&mut jps)
    {
        Err(SearchError::LimitReached { limit, stats, best }) => {
            assert_eq!(limit, Limit::Expansions(expanded - 1));
            assert_eq!(stats.expanded, expanded - 1);
            let best = best.unwrap();
            assert_eq!(best.path()[0], Cell::new(0, 0));
            assert_eq!(cell_path_cost(&grid, best.path()), Ok(best.cost()));
        }
        other => panic!("{other:?}"),
    }
    let stored = full.stats().stored as u64;
    assert!(matches!(
        Search::new(&problem)
            .max_stored(stored - 1)
            .jps_in(&mut jps),
        Err(SearchError::LimitReached {
            limit: Limit::StoredStates(_),
            ..
        })
    ));
    assert_eq!(
        Search::new(&problem)
            .max_stored(stored)
            .jps_in(&mut jps)
            .unwrap(),
        full
    );
    assert!(
        Search::new(&problem)
            .cost_bound(full.cost() - 0.5)
            .jps_in(&mut jps)
            .unwrap_err()
            .is_no_path()
    );
    // The bound prunes the jump points beyond it, and keeps the path.
    let bounded = Search::new(&problem)
        .cost_bound(full.cost())
        .jps_in(&mut jps)
        .unwrap();
    assert_eq!((bounded.path(), bounded.cost()), (full.path(), full.cost()));
    assert!(bounded.stats().pruned > 0 && bounded.stats().stored < full.stats().stored);
    assert!(matches!(
        Search::new(&problem).cost_bound(f64::NAN).jps_in(&mut jps),
        Err(SearchError::InvalidCostBound { .. })
    ));
    assert!(matches!(
        Search::new(&problem).cancel_when(|| true).jps_in(&mut jps),
        Err(SearchError::LimitReached {
            limit: Limit::Cancelled,
            ..
        })
    ));
    let lifo = Search::new(&problem)
        .tie_break(TieBreak::Lifo)
        .jps_in(&mut jps)
        .unwrap();
    assert_eq!(lifo.cost(), full.cost());
}

#[test]
fn bad_table_files_are_typed_errors() {
    let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
    let table = JumpTable::build(&grid).unwrap();
    let mut file = Vec::new();
    table.write(&mut file).unwrap();
    assert!(matches!(
        JumpTable::read(&b"hello, world, this is not a table"[..], &grid),
        Err(JumpTableError::NotATable)
    ));
    let mut version = file.clone();
    version[8] = 99;
    assert!(matches!(
        JumpTable::read(version.as_slice(), &grid),
        Err(JumpTableError::Version {
            found: 99,
            supported: 1
        })
    ));
    // A header promising a map of 4 billion cells a side: refused before any allocation.
    let mut huge = file.clone();
    huge[12..20].copy_from_slice(&[0xff; 8]);
    assert!(matches!(
        JumpTable::read(huge.as_slice(), &grid),
        Err(JumpTableError::OtherMap { .. })
    ));
    let mut distance = file.clone();
    distance[28] ^= 0x40;
    assert!(matches!(
        JumpTable::read(distance.as_slice(), &grid),
        Err(JumpTableError::Corrupt)
    ));
    assert!(matches!(
        JumpTable::read(&file[..file.len() - 3], &grid),
        Err(JumpTableError::Truncated)
    ));
    assert!(matches!(
        JumpTable::build(&Grid::new(40_000, 1)),
        Err(JumpTableError::TooLarge {
            width: 40_000,
            height: 1
        })
    ));
    let dir = std::env::temp_dir().join(format!("informed-jps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("map.jps");
    table.save(&path).unwrap();
    assert_eq!(JumpTable::load(&path, &grid).unwrap(), table);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(matches!(
        JumpTable::load(dir.join("absent"), &grid),
        Err(JumpTableError::Io(_))
    ));
}

#[test]
fn searchers_are_send_and_sync() {
    fn both<T: Send + Sync>() {}
    both::<JumpPointSearcher>();
    both::<JumpTable>();
    both::<JumpTableError>();
}

/// A seeded sample of every Moving AI file (and its no-path scenarios): JPS and JPS+ find the
/// published optimal length by valid paths. (`cargo run --release --example movingai --
/// --algorithm jps` runs them all.)
#[test]
fn sampled_movingai_scenarios_match_their_optimal_lengths() {
    let Some(data) = common::shared_data("movingai") else {
        return;
    };
    let files = common::scenario_files(&data.join("movingai"));
    assert!(files.len() >= 15, "found {} files", files.len());
    let mut seed = 0x2026_u64;
    let mut checks = common::ScenarioChecks::default();
    for (file, grid, scenarios) in common::scenario_maps(&files) {
        let table = JumpTable::build(&grid).unwrap();
        let mut searchers = [
            JumpPointSearcher::new(&grid),
            JumpPointSearcher::with_table(&grid, table.clone()).unwrap(),
        ];
        for (index, scenario) in scenarios.iter().enumerate() {
            // SplitMix64: about 12 scenarios a file, the same on every run.
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            let picked = (z ^ (z >> 31)) % (scenarios.len() as u64) < 12;
            if !picked && scenario.expects_path() {
                continue;
            }
            let problem = scenario.problem(&grid).unwrap();
            for searcher in &mut searchers {
                let outcome = searcher.search(&problem).map(|solution| {
                    assert_eq!(
                        cell_path_cost(&grid, solution.path()),
                        Ok(solution.cost()),
                        "{} scenario {index}",
                        file.display()
                    );
                    solution.cost()
                });
                checks.check(file, index, scenario, outcome);
            }
        }
    }
    let common::ScenarioChecks { checked, no_path } = checks;
    assert!(
        checked >= 2 * 8 * files.len(),
        "only {checked} searches checked"
    );
    assert_eq!(no_path, 2 * 2, "rmtst01 has two unconnected scenarios");
}

#[test]
fn pictures_draw_the_jumps() {
    use informed::grid::{Picture, Recorder};
    let grid = Grid::from_ascii(
        "..........\n\
         ...####...\n\
         ......#...\n\
         ..#...#...\n\
         ..........",
    )
    .unwrap();
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(9, 3), Movement::Eight)
        .unwrap();
    let mut recorder = Recorder::new();
    let solution = Search::new(&problem)
        .observer(&mut recorder)
        .jps_in(&mut JumpPointSearcher::new(&grid))
        .unwrap();
    assert_eq!(recorder.expansions() as u64, solution.stats().expanded);
    let svg = Picture::new(&grid)
        .search(&recorder, None)
        .path(solution.path())
        .to_svg(10.0);
    assert!(svg.contains("data-jumps=") && svg.contains("data-legend=\"jump\""));
    // Drawn after no expansion, the picture has no jumps yet.
    let early = Picture::new(&grid).search(&recorder, Some(0)).to_svg(10.0);
    assert!(!early.contains("data-jumps="));
    // A*'s successors are neighbours: no jumps.
    let mut recorder = Recorder::new();
    Search::new(&problem)
        .observer(&mut recorder)
        .astar_with(problem.octile())
        .unwrap();
    let svg = Picture::new(&grid).search(&recorder, None).to_svg(10.0);
    assert!(!svg.contains("data-jumps=") && !svg.contains("data-legend=\"jump\""));
}
