//! Connected regions against a breadth-first reference on random grids, for every movement and
//! both kinds of grid; repairs after random changes against fresh builds; the nearest reachable
//! cell against brute force; the check before A* against A* itself.

mod common;

use std::collections::VecDeque;

use common::config;
use informed::grid::{
    Cell, Grid, GridErrorKind, Manhattan, Movement, NearestError, Octile, Regions, WeightedGrid,
};
use informed::{Heuristic, SearchError};
use proptest::prelude::*;

const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight,
    Movement::EightCuttingCorners,
    Movement::EightThroughGaps,
];

/// Each cell's cost, row by row: 0 a wall.
type Costs = Vec<Vec<u8>>;

/// The neighbours of `(x, y)` under `movement`, by the rules as `common::reference_steps`
/// writes them out from the movement's documentation (not from the grid's code).
fn reference_moves(costs: &Costs, movement: Movement, x: i64, y: i64) -> Vec<(i64, i64)> {
    let free = |x: i64, y: i64| {
        y >= 0
            && x >= 0
            && (y as usize) < costs.len()
            && (x as usize) < costs[0].len()
            && costs[y as usize][x as usize] > 0
    };
    common::reference_steps(free, movement, x, y)
        .into_iter()
        .map(|(cell, _)| cell)
        .collect()
}

/// The component of every cell by breadth-first search: `None` for a wall, otherwise the
/// row-major index of the component's first cell.
fn reference_components(costs: &Costs, movement: Movement) -> Vec<Vec<Option<usize>>> {
    let (w, h) = (costs[0].len(), costs.len());
    let mut component = vec![vec![None; w]; h];
    for y in 0..h {
        for x in 0..w {
            if costs[y][x] == 0 || component[y][x].is_some() {
                continue;
            }
            let id = y * w + x;
            component[y][x] = Some(id);
            let mut queue = VecDeque::from([(x as i64, y as i64)]);
            while let Some((cx, cy)) = queue.pop_front() {
                for (nx, ny) in reference_moves(costs, movement, cx, cy) {
                    if component[ny as usize][nx as usize].is_none() {
                        component[ny as usize][nx as usize] = Some(id);
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
    }
    component
}

fn uniform(costs: &Costs) -> Grid {
    let rows: Vec<String> = costs
        .iter()
        .map(|row| row.iter().map(|&c| if c > 0 { '.' } else { '#' }).collect())
        .collect();
    Grid::from_ascii(&rows.join("\n")).unwrap()
}

fn weighted(costs: &Costs) -> WeightedGrid {
    let rows: Vec<String> = costs
        .iter()
        .map(|row| {
            row.iter()
                .map(|&c| if c > 0 { char::from(b'0' + c) } else { '#' })
                .collect()
        })
        .collect();
    WeightedGrid::from_ascii(&rows.join("\n")).unwrap()
}

/// The regions as a partition, named by each region's first cell in row-major order, so that
/// two labellings of the same partition compare equal whatever their numbers.
fn partition(regions: &Regions, width: u32, height: u32) -> Vec<Option<usize>> {
    let mut first = std::collections::HashMap::new();
    let mut out = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let index = (y * width + x) as usize;
            out.push(
                regions
                    .region(Cell::new(x, y))
                    .map(|region| *first.entry(region).or_insert(index)),
            );
        }
    }
    out
}

/// Checks `regions` against the breadth-first reference: the same partition, count and sizes.
fn agrees(regions: &Regions, costs: &Costs, movement: Movement) -> Result<(), TestCaseError> {
    let reference = reference_components(costs, movement);
    let (w, h) = (costs[0].len() as u32, costs.len() as u32);
    let flat: Vec<Option<usize>> = reference.iter().flatten().copied().collect();
    prop_assert_eq!(partition(regions, w, h), flat.clone(), "{:?}", movement);
    let mut distinct: Vec<usize> = flat.iter().flatten().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    prop_assert_eq!(regions.count(), distinct.len());
    for (index, id) in flat.iter().enumerate() {
        let cell = Cell::new(index as u32 % w, index as u32 / w);
        if let Some(id) = id {
            let size = flat.iter().filter(|&&other| other == Some(*id)).count();
            prop_assert_eq!(regions.size(regions.region(cell).unwrap()), size);
        }
    }
    Ok(())
}

/// Costs from 1 to 9, walls with probability `walls` %.
fn random_costs() -> impl Strategy<Value = Costs> {
    (1..=9usize, 1..=9usize, 0..=60u32).prop_flat_map(|(w, h, walls)| {
        proptest::collection::vec(
            proptest::collection::vec(
                (0..100u32, 1..=9u8).prop_map(move |(r, c)| if r < walls { 0 } else { c }),
                w,
            ),
            h,
        )
    })
}

/// Cell changes: a position (reduced modulo the grid's size) and a new cost, 0 a wall.
fn random_changes() -> impl Strategy<Value = Vec<(u32, u32, u8)>> {
    proptest::collection::vec((0..9u32, 0..9u32, prop_oneof![Just(0u8), 1..=9u8]), 1..40)
}

fn distance(movement: Movement, goal: Cell, cell: Cell) -> f64 {
    match movement {
        Movement::Four => Manhattan::to(goal).estimate(&cell),
        _ => Octile::to(goal).estimate(&cell),
    }
}

/// Brute force: of the cells in `start`'s component, the least distance to `goal`, ties to
/// the first in row-major order.
fn reference_nearest(costs: &Costs, movement: Movement, start: Cell, goal: Cell) -> Cell {
    let components = reference_components(costs, movement);
    let own = components[start.y as usize][start.x as usize];
    let mut best: Option<(f64, Cell)> = None;
    for y in 0..costs.len() as u32 {
        for x in 0..costs[0].len() as u32 {
            if components[y as usize][x as usize] != own {
                continue;
            }
            let d = distance(movement, goal, Cell::new(x, y));
            if best.is_none_or(|(least, _)| d < least) {
                best = Some((d, Cell::new(x, y)));
            }
        }
    }
    best.unwrap().1
}

fn plain_astar_grid(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    movement: Movement,
) -> Result<f64, SearchError<Cell, f64>> {
    let problem = grid.problem(start, goal, movement).unwrap();
    informed::astar_with(&problem, problem.euclidean()).map(|s| s.cost())
}

fn plain_astar_weighted(
    grid: &WeightedGrid,
    start: Cell,
    goal: Cell,
    movement: Movement,
) -> Result<f64, SearchError<Cell, f64>> {
    let problem = grid.problem(start, goal, movement).unwrap();
    informed::astar_with(&problem, problem.euclidean()).map(|s| s.cost())
}

/// The free cells of `costs`.
fn free_cells(costs: &Costs) -> Vec<Cell> {
    let mut cells = Vec::new();
    for (y, row) in costs.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            if c > 0 {
                cells.push(Cell::new(x as u32, y as u32));
            }
        }
    }
    cells
}

proptest! {
    #![proptest_config(config())]

    /// Two cells share a region exactly when breadth-first search joins them, on either kind
    /// of grid, for every movement; and Four, Eight and EightCuttingCorners agree.
    #[test]
    fn regions_are_reachability(costs in random_costs()) {
        let (grid, weighted) = (uniform(&costs), weighted(&costs));
        for movement in MOVEMENTS {
            agrees(&Regions::build(&grid, movement), &costs, movement)?;
            agrees(&Regions::build(&weighted, movement), &costs, movement)?;
        }
        let (w, h) = (grid.width(), grid.height());
        let four = partition(&Regions::build(&grid, Movement::Four), w, h);
        prop_assert_eq!(&four, &partition(&Regions::build(&grid, Movement::Eight), w, h));
        prop_assert_eq!(&four, &partition(&Regions::build(&grid, Movement::EightCuttingCorners), w, h));
    }

    /// After every change of a random sequence, reported cell by cell, the repaired regions
    /// are those of a fresh build (and of the reference), on both kinds of grid.
    #[test]
    fn repairs_equal_fresh_regions(costs in random_costs(), changes in random_changes()) {
        let (w, h) = (costs[0].len() as u32, costs.len() as u32);
        for movement in MOVEMENTS {
            let mut costs = costs.clone();
            let mut grid = uniform(&costs);
            let mut weighted = weighted(&costs);
            let mut regions = Regions::build(&grid, movement);
            let mut weighted_regions = Regions::build(&weighted, movement);
            for &(x, y, cost) in &changes {
                let cell = Cell::new(x % w, y % h);
                costs[cell.y as usize][cell.x as usize] = cost;
                regions.set_free(&mut grid, cell, cost > 0);
                if cost > 0 {
                    weighted.set_cost(cell, cost);
                } else {
                    weighted.set_wall(cell);
                }
                weighted_regions.cell_changed(&weighted, cell);
                prop_assert!(regions.is_current(&grid));
                prop_assert!(weighted_regions.is_current(&weighted));
                let fresh = partition(&Regions::build(&grid, movement), w, h);
                prop_assert_eq!(&partition(&regions, w, h), &fresh, "{:?} after {}", movement, cell);
                prop_assert_eq!(&partition(&weighted_regions, w, h), &fresh);
                agrees(&regions, &costs, movement)?;
                agrees(&weighted_regions, &costs, movement)?;
            }
        }
    }

    /// The nearest cell is in the start's region, no cell of it is nearer the goal, and of
    /// those as near it is the first in row-major order; A* to it costs what A* to it costs.
    #[test]
    fn nearest_is_reachable_and_nearest(
        costs in random_costs(),
        picks in (0..81u32, 0..81u32),
    ) {
        let free = free_cells(&costs);
        prop_assume!(!free.is_empty());
        let (w, h) = (costs[0].len() as u32, costs.len() as u32);
        let start = free[picks.0 as usize % free.len()];
        let goal = Cell::new(picks.1 % w, (picks.1 / w) % h);
        let (grid, weighted) = (uniform(&costs), weighted(&costs));
        for movement in MOVEMENTS {
            let expected = reference_nearest(&costs, movement, start, goal);
            let regions = Regions::build(&grid, movement);
            prop_assert_eq!(regions.nearest(&grid, start, goal).unwrap(), expected, "{:?}", movement);
            let solution = regions.astar_to_nearest(&grid, start, goal).unwrap();
            prop_assert_eq!(solution.goal(), &expected);
            let cost = plain_astar_grid(&grid, start, expected, movement).unwrap();
            prop_assert!((solution.cost() - cost).abs() < 1e-9);

            let regions = Regions::build(&weighted, movement);
            prop_assert_eq!(regions.nearest(&weighted, start, goal).unwrap(), expected);
            let solution = regions.astar_to_nearest(&weighted, start, goal).unwrap();
            let cost = plain_astar_weighted(&weighted, start, expected, movement).unwrap();
            prop_assert!((solution.cost() - cost).abs() < 1e-9);
        }
    }

    /// The check before A* answers as A* does: the same cost where a path exists, `NoPath`
    /// otherwise, and then with nothing expanded whenever the regions join what the query
    /// joins (every pairing of the regions' movement with the query's).
    #[test]
    fn checked_astar_agrees_with_astar(
        costs in random_costs(),
        picks in (0..81u32, 0..81u32),
    ) {
        let free = free_cells(&costs);
        prop_assume!(!free.is_empty());
        let start = free[picks.0 as usize % free.len()];
        let goal = free[picks.1 as usize % free.len()];
        let (grid, weighted) = (uniform(&costs), weighted(&costs));
        for built in MOVEMENTS {
            let regions = Regions::build(&grid, built);
            let weighted_regions = Regions::build(&weighted, built);
            for movement in MOVEMENTS {
                // Regions that join what the query joins answer every unreachable goal;
                // regions of EightThroughGaps join more than the others, and so answer for
                // their queries only where those cells are apart for EightThroughGaps too.
                let gaps = |movement| movement == Movement::EightThroughGaps;
                let answerable = gaps(built) == gaps(movement);
                let expected = plain_astar_grid(&grid, start, goal, movement);
                let problem = grid.problem(start, goal, movement).unwrap();
                let outcome = regions.astar(&problem);
                match (&outcome, &expected) {
                    (Ok(solution), Ok(cost)) => prop_assert!((solution.cost() - cost).abs() < 1e-9),
                    (Err(error), Err(_)) => {
                        prop_assert!(error.is_no_path());
                        if answerable {
                            prop_assert_eq!(error.stats().expanded, 0);
                            prop_assert_eq!(error.stats().generated, 0);
                        }
                    }
                    _ => prop_assert!(false, "{:?}/{:?}: {:?} vs {:?}", built, movement, outcome, expected),
                }
                let expected = plain_astar_weighted(&weighted, start, goal, movement);
                let problem = weighted.problem(start, goal, movement).unwrap();
                let outcome = weighted_regions.astar(&problem).map(|s| s.cost());
                prop_assert_eq!(outcome.is_ok(), expected.is_ok());
                if let (Ok(found), Ok(cost)) = (outcome, expected) {
                    prop_assert!((found - cost).abs() < 1e-9);
                }
            }
        }
    }

    /// Changes not reported leave the regions stale: `is_current` says so, the methods given
    /// the grid still answer for the grid as it is, and the next report rebuilds them.
    #[test]
    fn stale_regions_never_answer_wrongly(
        costs in random_costs(),
        changes in random_changes(),
        picks in (0..81u32, 0..81u32),
    ) {
        let (w, h) = (costs[0].len() as u32, costs.len() as u32);
        let mut costs = costs;
        let mut grid = uniform(&costs);
        let mut regions = Regions::build(&grid, Movement::Eight);
        let mut flipped = false;
        for &(x, y, cost) in &changes {
            let cell = Cell::new(x % w, y % h);
            flipped |= grid.is_free(cell) != (cost > 0);
            costs[cell.y as usize][cell.x as usize] = cost;
            grid.set_free(cell, cost > 0);
        }
        prop_assert_eq!(regions.is_current(&grid), !flipped);
        let free = free_cells(&costs);
        prop_assume!(!free.is_empty());
        let start = free[picks.0 as usize % free.len()];
        let goal = free[picks.1 as usize % free.len()];
        let expected = plain_astar_grid(&grid, start, goal, Movement::Eight);
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        prop_assert_eq!(regions.astar(&problem).map(|s| s.cost()).is_ok(), expected.is_ok());
        let anywhere = Cell::new(picks.1 % w, (picks.1 / w) % h);
        prop_assert_eq!(
            regions.nearest(&grid, start, anywhere).unwrap(),
            reference_nearest(&costs, Movement::Eight, start, anywhere)
        );
        // Any report, even of a cell that did not change, brings them up to date.
        regions.cell_changed(&grid, Cell::new(0, 0));
        prop_assert!(regions.is_current(&grid));
        agrees(&regions, &costs, Movement::Eight)?;
    }
}

/// Cells that touch only at a corner between two walls: apart under every movement but the
/// one that steps through gaps.
#[test]
fn only_stepping_through_gaps_joins_corners() -> Result<(), Box<dyn std::error::Error>> {
    let grid = Grid::from_ascii(
        "..#..\n\
         ..#..\n\
         ##...\n\
         ..#..",
    )?;
    for movement in MOVEMENTS {
        let regions = Regions::build(&grid, movement);
        let joined = movement == Movement::EightThroughGaps;
        assert_eq!(
            regions.same_region(Cell::new(1, 1), Cell::new(3, 2)),
            joined,
            "{movement:?}"
        );
        assert_eq!(regions.count(), if joined { 1 } else { 3 }, "{movement:?}");
        assert!(regions.region(Cell::new(2, 0)).is_none());
        assert!(regions.region(Cell::new(5, 0)).is_none());
    }
    Ok(())
}

/// Blocking the one cell of a corridor splits its region; the piece cut off gets a region of
/// its own, the larger keeps the old one, and freeing the cell joins them again.
#[test]
fn a_corridor_splits_and_joins() -> Result<(), Box<dyn std::error::Error>> {
    let mut grid = Grid::from_ascii(
        "....#..\n\
         .......\n\
         ....#..",
    )?;
    let mut regions = Regions::build(&grid, Movement::Eight);
    assert_eq!(regions.count(), 1);
    let left = regions.region(Cell::new(0, 0)).unwrap();
    for y in 0..3 {
        regions.set_free(&mut grid, Cell::new(4, y), false);
    }
    assert_eq!(regions.count(), 2);
    assert_eq!(regions.region(Cell::new(0, 0)), Some(left));
    let right = regions.region(Cell::new(6, 2)).unwrap();
    assert_ne!(left, right);
    assert_eq!((regions.size(left), regions.size(right)), (12, 6));
    regions.set_free(&mut grid, Cell::new(4, 1), true);
    assert_eq!(regions.count(), 1);
    assert_eq!(regions.size(regions.region(Cell::new(5, 1)).unwrap()), 19);
    // The last cell of a region blocked: the region is gone.
    let mut grid = Grid::from_ascii(".#.")?;
    let mut regions = Regions::build(&grid, Movement::Four);
    regions.set_free(&mut grid, Cell::new(2, 0), false);
    assert_eq!(regions.count(), 1);
    Ok(())
}

/// Regions describe the grid they were built from: another grid of the same size, even one
/// with as many changes, or a clone, is not theirs, and a change reported on it rebuilds them
/// rather than repair the labels of a grid they never saw.
#[test]
fn regions_of_one_grid_are_not_current_for_another() -> Result<(), Box<dyn std::error::Error>> {
    let open = Grid::from_ascii("...\n...\n...")?;
    let mut regions = Regions::build(&open, Movement::Four);
    assert!(regions.is_current(&open));
    assert!(!regions.is_current(&open.clone()));
    // A wall down the middle, its last cell set after loading: one change, as the regions
    // would expect of the open grid after one more cell.
    let mut walled = Grid::from_ascii(".#.\n.#.\n...")?;
    walled.set_free(Cell::new(1, 2), false);
    assert!(!regions.is_current(&walled));
    regions.cell_changed(&walled, Cell::new(1, 2));
    assert!(regions.is_current(&walled));
    assert_eq!(regions.count(), 2);
    assert!(!regions.reachable(Cell::new(0, 0), Cell::new(2, 0)));
    assert!(!regions.is_current(&open));
    Ok(())
}

/// The walled-in goal of a room: unreachable at once, and the nearest cell is the one before
/// the wall, first in row-major order among those as near.
#[test]
fn a_walled_in_goal() -> Result<(), Box<dyn std::error::Error>> {
    let grid = Grid::from_ascii(
        ".......\n\
         ..###..\n\
         ..#.#..\n\
         ..###..\n\
         .......",
    )?;
    let (start, goal) = (Cell::new(0, 0), Cell::new(3, 2));
    for movement in MOVEMENTS {
        let regions = Regions::build(&grid, movement);
        let problem = grid.problem(start, goal, movement)?;
        let error = regions.astar(&problem).unwrap_err();
        assert!(error.is_no_path());
        assert_eq!(error.stats().expanded, 0);
        // Distance 2 by either metric, as are (1, 2), (5, 2) and (3, 4): first in row-major
        // order. The corners, such as (1, 1), are 2 + (√2 − 1) away by the octile distance.
        assert_eq!(
            regions.nearest(&grid, start, goal)?,
            Cell::new(3, 0),
            "{movement:?}"
        );
    }
    // A blocked goal is an error for the problem, and no error for the nearest cell.
    let regions = Regions::build(&grid, Movement::Eight);
    let blocked = Cell::new(2, 2);
    assert!(matches!(
        grid.problem(start, blocked, Movement::Eight)
            .unwrap_err()
            .kind(),
        GridErrorKind::Blocked { role: "goal", .. }
    ));
    assert_eq!(regions.nearest(&grid, start, blocked)?, Cell::new(1, 2));
    let solution = regions.astar_to_nearest(&grid, start, blocked)?;
    assert_eq!(solution.goal(), &Cell::new(1, 2));
    assert!((solution.cost() - (1.0 + 2f64.sqrt())).abs() < 1e-9);
    // A blocked start or a cell off the grid is an error.
    let error = regions.astar_to_nearest(&grid, blocked, start).unwrap_err();
    assert!(
        matches!(&error, NearestError::Grid(e) if matches!(e.kind(), GridErrorKind::Blocked { role: "start", .. }))
    );
    assert_eq!(error.to_string(), "start (2, 2) is blocked");
    let error = regions.nearest(&grid, start, Cell::new(7, 0)).unwrap_err();
    assert_eq!(error.to_string(), "goal (7, 0) is outside the 7×5 grid");
    Ok(())
}
