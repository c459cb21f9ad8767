//! Jump point search beside a changing map: a searcher and a JPS+ table kept across random cell
//! changes (the table repaired must equal one built afresh, byte for byte, and every search
//! must cost what A* costs on the changed grid), cells blocked for one query alone, and queries
//! for the nearest of several goals, all against A*.

mod common;

use common::config;
use informed::grid::{
    Cell, Grid, GridErrorKind, JumpPointSearcher, JumpTable, Movement, RECENT_CHANGES, Waypoints,
};
use informed::{SearchError, Solution};
use proptest::prelude::*;

/// A random grid (free cells by row), from 1×1 to 90×30, with 0% to 60% walls.
fn random_cells() -> impl Strategy<Value = Vec<Vec<bool>>> {
    let shape = prop_oneof![
        (1..=90usize, 1..=30usize),
        (1..=12usize, 1..=12usize),
        (130..=160usize, 1..=3usize),
    ];
    (shape, 0..=60u32).prop_flat_map(|((w, h), walls)| {
        prop::collection::vec(
            prop::collection::vec((0..100u32).prop_map(move |r| r >= walls), w),
            h,
        )
    })
}

/// A cell of `grid` picked by two random numbers.
fn pick(grid: &Grid, (x, y): (u32, u32)) -> Cell {
    Cell::new(x % grid.width(), y % grid.height())
}

/// A* with the octile heuristic: the reference cost, or `None` for no path.
fn astar_cost(grid: &Grid, start: Cell, goal: Cell) -> Option<f64> {
    let problem = grid.problem(start, goal, Movement::Eight).ok()?;
    informed::astar_with(&problem, problem.octile())
        .ok()
        .map(|s| s.cost())
}

/// Whether `path` is a chain of allowed steps over free cells of `grid` not in `blocked`.
fn walkable(grid: &Grid, blocked: &[Cell], path: &[Cell]) -> bool {
    let free = |c: Cell| grid.is_free(c) && !blocked.contains(&c);
    path.iter().all(|&c| free(c))
        && path.windows(2).all(|pair| {
            let (a, b) = (pair[0], pair[1]);
            let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
            match (dx, dy) {
                (1, 0) | (0, 1) => true,
                (1, 1) => free(Cell::new(b.x, a.y)) && free(Cell::new(a.x, b.y)),
                _ => false,
            }
        })
}

/// The outcome's cost, `None` for no path, failing on any other error.
fn cost_of(outcome: Result<Solution<Cell, f64>, SearchError<Cell, f64>>) -> Option<f64> {
    match outcome {
        Ok(solution) => Some(solution.cost()),
        Err(error) if error.is_no_path() => None,
        Err(error) => panic!("{error}"),
    }
}

proptest! {
    #![proptest_config(config())]

    /// After each random change (free ↔ blocked), the table repaired for that cell is the
    /// table built afresh for the changed grid, byte for byte; searchers kept across the
    /// changes (JPS and JPS+, following the grid themselves) cost what A* costs.
    #[test]
    fn repaired_tables_equal_fresh_ones(
        cells in random_cells(),
        changes in prop::collection::vec((any::<u32>(), any::<u32>()), 1..24),
        queries in prop::collection::vec(((any::<u32>(), any::<u32>()), (any::<u32>(), any::<u32>())), 1..3),
    ) {
        let mut grid = common::cell_grid(&cells);
        let mut table = JumpTable::build(&grid).unwrap();
        let mut jps = JumpPointSearcher::new(&grid);
        let mut plus = JumpPointSearcher::with_table(&grid, table.clone()).unwrap();
        for (i, &change) in changes.iter().enumerate() {
            let cell = pick(&grid, change);
            grid.set_free(cell, !grid.is_free(cell));
            table.update(&grid, cell).unwrap();
            let built = JumpTable::build(&grid).unwrap();
            prop_assert_eq!(&table, &built, "after changing {}", cell);
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            table.write(&mut mine).unwrap();
            built.write(&mut theirs).unwrap();
            prop_assert!(mine == theirs, "the saved tables differ after changing {}", cell);
            // Search only now and then, so that the searchers catch up over several changes.
            if i % 3 != 2 && i + 1 != changes.len() {
                continue;
            }
            for &(a, b) in &queries {
                let (start, goal) = (pick(&grid, a), pick(&grid, b));
                let Ok(problem) = grid.problem(start, goal, Movement::Eight) else {
                    continue;
                };
                let expected = astar_cost(&grid, start, goal);
                prop_assert_eq!(cost_of(jps.search(&problem)), expected);
                prop_assert_eq!(cost_of(plus.search(&problem)), expected);
            }
        }
        jps.follow(&grid);
        plus.follow(&grid);
        prop_assert_eq!(plus.table(), Some(&table));
    }

    /// Cells blocked for one query: A*, JPS and JPS+ answer as A* does on the grid with those
    /// cells blocked, by paths that avoid them; and the next query without them is answered
    /// as before (the searcher's bits are restored).
    #[test]
    fn cells_blocked_for_one_query(
        cells in random_cells(),
        ends in ((any::<u32>(), any::<u32>()), (any::<u32>(), any::<u32>())),
        units in prop::collection::vec((any::<u32>(), any::<u32>()), 0..12),
    ) {
        let grid = common::cell_grid(&cells);
        let (start, goal) = (pick(&grid, ends.0), pick(&grid, ends.1));
        let Ok(open) = grid.problem(start, goal, Movement::Eight) else {
            return Ok(());
        };
        let units: Vec<Cell> = units
            .iter()
            .map(|&u| pick(&grid, u))
            .filter(|&c| c != start && c != goal)
            .collect();
        let mut walled = grid.clone();
        for &unit in &units {
            walled.set_free(unit, false);
        }
        let expected = astar_cost(&walled, start, goal);
        let crowded = open.with_blocked(&units).unwrap();
        let astar = informed::astar_with(&crowded, crowded.octile());
        if let Ok(solution) = &astar {
            prop_assert!(walkable(&grid, &units, solution.path()));
        }
        prop_assert_eq!(cost_of(astar), expected);
        let mut jps = JumpPointSearcher::new(&grid);
        let mut plus =
            JumpPointSearcher::with_table(&grid, JumpTable::build(&grid).unwrap()).unwrap();
        let unblocked = astar_cost(&grid, start, goal);
        for searcher in [&mut jps, &mut plus] {
            let outcome = searcher.search(&crowded);
            if let Ok(solution) = &outcome {
                prop_assert!(walkable(&grid, &units, solution.path()));
            }
            prop_assert_eq!(cost_of(outcome), expected);
            prop_assert_eq!(cost_of(searcher.search(&open)), unblocked);
        }
    }

    /// The nearest of several goals: A* (with the least octile distance), JPS and JPS+ cost
    /// the least of the single-goal costs, and end on a goal that costs that much.
    #[test]
    fn the_nearest_of_several_goals(
        cells in random_cells(),
        start in (any::<u32>(), any::<u32>()),
        goals in prop::collection::vec((any::<u32>(), any::<u32>()), 1..6),
        blocked in prop::collection::vec((any::<u32>(), any::<u32>()), 0..4),
    ) {
        let grid = common::cell_grid(&cells);
        let start = pick(&grid, start);
        let goals: Vec<Cell> = goals
            .iter()
            .map(|&g| pick(&grid, g))
            .filter(|&g| grid.is_free(g))
            .collect();
        let Ok(problem) = grid.problem_to_nearest(start, &goals, Movement::Eight) else {
            return Ok(());
        };
        let single = |goal: Cell| astar_cost(&grid, start, goal);
        let least = goals.iter().filter_map(|&g| single(g)).fold(None, |least: Option<f64>, c| {
            Some(least.map_or(c, |l| l.min(c)))
        });
        let mut jps = JumpPointSearcher::new(&grid);
        let mut plus =
            JumpPointSearcher::with_table(&grid, JumpTable::build(&grid).unwrap()).unwrap();
        let outcomes = [
            informed::astar_with(&problem, problem.octile()),
            jps.search(&problem),
            plus.search(&problem),
        ];
        for outcome in outcomes {
            if let Ok(solution) = &outcome {
                let end = *solution.path().last().unwrap();
                prop_assert!(goals.contains(&end));
                prop_assert_eq!(single(end), Some(solution.cost()));
                prop_assert!(walkable(&grid, &[], solution.path()));
            }
            prop_assert_eq!(cost_of(outcome), least);
        }
        // With cells blocked for the query too.
        let blocked: Vec<Cell> = blocked
            .iter()
            .map(|&b| pick(&grid, b))
            .filter(|c| *c != start && !goals.contains(c))
            .collect();
        let crowded = problem.with_blocked(&blocked).unwrap();
        let reference = cost_of(informed::astar_with(&crowded, crowded.octile()));
        prop_assert_eq!(cost_of(jps.search(&crowded)), reference);
        prop_assert_eq!(cost_of(plus.search(&crowded)), reference);
    }
}

/// A searcher more than `RECENT_CHANGES` changes behind packs its bits and builds its table
/// again, and still answers right.
#[test]
fn a_searcher_far_behind_starts_over() {
    let mut grid = Grid::new(40, 30);
    let mut plus = JumpPointSearcher::with_table(&grid, JumpTable::build(&grid).unwrap()).unwrap();
    let mut seed = 11;
    for _ in 0..RECENT_CHANGES * 2 {
        let r = common::lcg(&mut seed) >> 33;
        let cell = Cell::new((r % 40) as u32, (r / 40 % 30) as u32);
        grid.set_free(cell, !grid.is_free(cell));
    }
    grid.set_free(Cell::new(0, 0), true);
    grid.set_free(Cell::new(39, 29), true);
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(39, 29), Movement::Eight)
        .unwrap();
    assert_eq!(
        cost_of(plus.search(&problem)),
        astar_cost(&grid, Cell::new(0, 0), Cell::new(39, 29))
    );
    assert_eq!(plus.table(), Some(&JumpTable::build(&grid).unwrap()));
}

/// A distance past 127 makes the table two bytes a distance, and the last one going makes it
/// one byte again, as a fresh build would be.
#[test]
fn repairs_change_the_width_of_the_distances() {
    let mut grid = Grid::new(300, 3);
    let narrow_wall: Vec<Cell> = (0..3).map(|y| Cell::new(100, y)).collect();
    for &cell in &narrow_wall {
        grid.set_free(cell, false);
    }
    for x in (0..300).step_by(90) {
        grid.set_free(Cell::new(x, 1), false);
    }
    let mut table = JumpTable::build(&grid).unwrap();
    let narrow = table.bytes();
    for &cell in &narrow_wall {
        grid.set_free(cell, true);
        table.update(&grid, cell).unwrap();
        assert_eq!(table, JumpTable::build(&grid).unwrap());
    }
    for &cell in &narrow_wall {
        grid.set_free(cell, false);
        table.update(&grid, cell).unwrap();
        assert_eq!(table, JumpTable::build(&grid).unwrap());
    }
    assert_eq!(table.bytes(), narrow);
}

#[test]
fn a_table_refuses_a_grid_of_another_size_and_ignores_no_change() {
    let grid = Grid::new(8, 8);
    let mut table = JumpTable::build(&grid).unwrap();
    let before = table.clone();
    table.update(&grid, Cell::new(3, 3)).unwrap();
    table.update(&grid, Cell::new(30, 3)).unwrap();
    assert_eq!(table, before);
    assert!(table.update(&Grid::new(9, 8), Cell::new(3, 3)).is_err());
    assert_eq!(table, before);
}

#[test]
fn blocked_ends_and_no_goals_are_refused() {
    let grid = Grid::new(5, 5);
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(4, 4), Movement::Eight)
        .unwrap();
    for (cell, role) in [(Cell::new(0, 0), "start"), (Cell::new(4, 4), "goal")] {
        let error = problem.with_blocked(&[Cell::new(2, 2), cell]).unwrap_err();
        assert!(
            matches!(error.kind(), GridErrorKind::Blocked { role: r, cell: c } if *r == role && *c == cell)
        );
    }
    let error = grid
        .problem_to_nearest(Cell::new(0, 0), &[], Movement::Eight)
        .unwrap_err();
    assert!(matches!(error.kind(), GridErrorKind::NoGoal));
    let walled = Grid::from_ascii("..#\n...").unwrap();
    let error = walled
        .problem_to_nearest(
            Cell::new(0, 0),
            &[Cell::new(1, 1), Cell::new(2, 0)],
            Movement::Eight,
        )
        .unwrap_err();
    assert!(matches!(
        error.kind(),
        GridErrorKind::Blocked { role: "goal", .. }
    ));
}

/// Units standing in a corridor's mouth: the way round, found by JPS+ without touching its
/// table, and the straight way again for the next query.
#[test]
fn units_in_a_doorway() {
    let grid = Grid::from_ascii(
        "..........\n\
         ####.#####\n\
         ..........\n\
         ..........",
    )
    .unwrap();
    let mut plus = JumpPointSearcher::with_table(&grid, JumpTable::build(&grid).unwrap()).unwrap();
    plus.set_waypoints(Waypoints::Cells);
    let problem = grid
        .problem(Cell::new(4, 0), Cell::new(4, 3), Movement::Eight)
        .unwrap();
    assert_eq!(plus.search(&problem).unwrap().cost(), 3.0);
    let door = [Cell::new(4, 1)];
    let blocked = problem.with_blocked(&door).unwrap();
    assert!(plus.search(&blocked).unwrap_err().is_no_path());
    assert_eq!(plus.search(&problem).unwrap().cost(), 3.0);
    assert_eq!(plus.table(), Some(&JumpTable::build(&grid).unwrap()));
}

/// On Moving AI maps, 100 random changes each, the table repaired after each equals a fresh
/// build, and the kept searchers agree with A* on a query after every tenth change.
#[test]
fn moving_ai_maps_change_under_kept_searchers() {
    let Some(data) = common::shared_data("movingai/dao/arena2.map") else {
        return;
    };
    for map in ["dao/arena2.map", "room/8room_000.map"] {
        let path = data.join("movingai").join(map);
        if !path.exists() {
            eprintln!("skipped: {} not found", path.display());
            continue;
        }
        let mut grid = Grid::load_map(&path).unwrap();
        let mut table = JumpTable::build(&grid).unwrap();
        let mut plus = JumpPointSearcher::with_table(&grid, table.clone()).unwrap();
        let mut jps = JumpPointSearcher::new(&grid);
        let mut seed = 37;
        let mut random_cell = |grid: &Grid| {
            let r = common::lcg(&mut seed) >> 20;
            Cell::new(
                (r % u64::from(grid.width())) as u32,
                (r / 4096 % u64::from(grid.height())) as u32,
            )
        };
        for change in 0..100 {
            let cell = random_cell(&grid);
            grid.set_free(cell, !grid.is_free(cell));
            table.update(&grid, cell).unwrap();
            if change % 10 != 9 {
                continue;
            }
            assert_eq!(
                table,
                JumpTable::build(&grid).unwrap(),
                "{map}, change {change}"
            );
            let (start, goal) = (random_cell(&grid), random_cell(&grid));
            if let Ok(problem) = grid.problem(start, goal, Movement::Eight) {
                let expected = astar_cost(&grid, start, goal);
                assert_eq!(cost_of(jps.search(&problem)), expected, "{map}");
                assert_eq!(cost_of(plus.search(&problem)), expected, "{map}");
            }
        }
        plus.follow(&grid);
        assert_eq!(plus.table(), Some(&table));
    }
}
