//! Flow fields against one search per cell: on random small maps, with every movement, on
//! grids and on weighted grids, each cell's distance is the cost of an A* search from it to
//! the target, and the steps the field gives walk there at exactly that cost. And the reverse
//! view of any problem: the failure case of a flood forward from the target.

mod common;

use common::config;
use informed::grid::{Cell, DIAGONAL, FlowField, Grid, GridErrorKind, Movement, WeightedGrid};
use informed::{Bidirectional, Reversed, SearchError, SearchProblem};
use proptest::prelude::*;

const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight,
    Movement::EightCuttingCorners,
    Movement::EightThroughGaps,
];

/// A small map as rows of costs, 0 a wall, with a target cell and a movement.
#[derive(Clone, Debug)]
struct Map {
    costs: Vec<Vec<u8>>,
    targets: Vec<(u32, u32)>,
    movement: Movement,
}

impl Map {
    fn width(&self) -> u32 {
        self.costs[0].len() as u32
    }

    fn height(&self) -> u32 {
        self.costs.len() as u32
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height()).flat_map(move |y| (0..self.width()).map(move |x| Cell::new(x, y)))
    }

    fn weighted(&self) -> WeightedGrid {
        let mut grid = WeightedGrid::new(self.width(), self.height());
        for cell in self.cells() {
            match self.costs[cell.y as usize][cell.x as usize] {
                0 => grid.set_wall(cell),
                cost => grid.set_cost(cell, cost),
            }
        }
        grid
    }

    fn uniform(&self) -> Grid {
        let mut grid = Grid::new(self.width(), self.height());
        for cell in self.cells() {
            grid.set_free(cell, self.costs[cell.y as usize][cell.x as usize] > 0);
        }
        grid
    }

    fn targets(&self) -> impl Iterator<Item = Cell> + '_ {
        self.targets.iter().map(|&(x, y)| Cell::new(x, y))
    }
}

/// Maps of 1 to 7 cells a side, about a third walls, costs 1 to 9, and one to three targets
/// on free cells.
fn map() -> impl Strategy<Value = Map> {
    (1usize..8, 1usize..8, 0..MOVEMENTS.len()).prop_flat_map(|(width, height, movement)| {
        let cell = prop_oneof![1 => Just(0u8), 2 => 1u8..10];
        (
            prop::collection::vec(prop::collection::vec(cell, width), height),
            prop::collection::vec((0..width as u32, 0..height as u32), 1..4),
        )
            .prop_map(move |(mut costs, targets)| {
                for &(x, y) in &targets {
                    if costs[y as usize][x as usize] == 0 {
                        costs[y as usize][x as usize] = 1;
                    }
                }
                Map {
                    costs,
                    targets,
                    movement: MOVEMENTS[movement],
                }
            })
    })
}

/// The cost of the walk `path` on the map, summed from its first cell as a unit pays it: each
/// step the cost of the cell entered, times √2 for a diagonal; `None` for a step that is not
/// one of the movement's.
fn walk_cost<P: SearchProblem<State = Cell, Cost = f64>>(
    problem: &P,
    path: &[Cell],
) -> Option<f64> {
    let mut total = 0.0;
    for pair in path.windows(2) {
        let step = problem
            .successors(&pair[0])
            .into_iter()
            .find(|&(next, _)| next == pair[1])?
            .1;
        total += step;
    }
    Some(total)
}

/// Checks the field of one map against one A* search per cell and target (the least over the
/// targets), against the generic reverse flood, and its walks against their costs.
fn check<P, F>(field: &FlowField, map: &Map, problem_to: F) -> Result<(), TestCaseError>
where
    P: Bidirectional<State = Cell, Cost = f64>,
    F: Fn(Cell, Cell) -> P,
{
    let targets: Vec<Cell> = map.targets().collect();
    for cell in map.cells() {
        let free = map.costs[cell.y as usize][cell.x as usize] > 0;
        let mut least: Option<f64> = None;
        if free {
            for &target in &targets {
                match informed::dijkstra(&problem_to(cell, target)) {
                    Ok(solution) => {
                        least = Some(least.map_or(solution.cost(), |l: f64| l.min(solution.cost())))
                    }
                    Err(SearchError::NoPath { .. }) => {}
                    Err(other) => return Err(TestCaseError::fail(format!("{other}"))),
                }
            }
        }
        prop_assert_eq!(field.distance(cell), least, "distance of {}", cell);
        // The same distance from the generic reverse flood, from one target at a time.
        let generic = targets
            .iter()
            .filter_map(|&target| {
                let tree = informed::distances_to_goals(&problem_to(target, target)).ok()?;
                tree.cost_to(&cell)
            })
            .reduce(f64::min);
        prop_assert_eq!(field.distance(cell), generic, "reverse flood of {}", cell);
        match field.path_from(cell) {
            None => prop_assert!(least.is_none()),
            Some(path) => {
                prop_assert_eq!(path[0], cell);
                let end = *path.last().unwrap();
                prop_assert!(targets.contains(&end), "{} ends at {}", cell, end);
                prop_assert_eq!(field.next_step(end), None);
                let problem = problem_to(cell, end);
                prop_assert_eq!(walk_cost(&problem, &path), least, "walk from {}", cell);
                prop_assert_eq!(field.next_step(cell), path.get(1).copied());
            }
        }
    }
    prop_assert_eq!(
        field.distances().len(),
        (map.width() * map.height()) as usize
    );
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// On a weighted grid (a step pays the cost of the cell it enters), every cell's distance
    /// is the cost of a search from it, and the walk along the steps costs exactly that.
    #[test]
    fn weighted_fields_match_one_search_per_cell(map in map()) {
        let grid = map.weighted();
        let field = FlowField::build(&grid, map.targets(), map.movement).unwrap();
        check(&field, &map, |from, to| grid.problem(from, to, map.movement).unwrap())?;
    }

    /// The same on a grid of free and blocked cells, with the corner rules of each movement.
    #[test]
    fn uniform_fields_match_one_search_per_cell(map in map()) {
        let grid = map.uniform();
        let field = FlowField::build(&grid, map.targets(), map.movement).unwrap();
        check(&field, &map, |from, to| grid.problem(from, to, map.movement).unwrap())?;
    }

    /// A field rebuilt in another field's memory is the field built afresh, and a rebuild of a
    /// grid no larger keeps the memory it had.
    #[test]
    fn a_rebuilt_field_is_a_fresh_field(first in map(), second in map()) {
        let (one, two) = (first.weighted(), second.weighted());
        let mut field = FlowField::build(&one, first.targets(), first.movement).unwrap();
        let before = (field.distances().as_ptr(), field.distances().len());
        field.rebuild(&two, second.targets(), second.movement).unwrap();
        let fresh = FlowField::build(&two, second.targets(), second.movement).unwrap();
        prop_assert_eq!(field.distances(), fresh.distances());
        prop_assert_eq!(field.targets(), fresh.targets());
        for cell in second.cells() {
            prop_assert_eq!(field.next_step(cell), fresh.next_step(cell));
        }
        if field.distances().len() <= before.1 {
            prop_assert_eq!(field.distances().as_ptr(), before.0);
        }
    }
}

/// The failure case of a flood forward from the target: on a weighted grid it measures target
/// to cell, paying for the cell left instead of the target, while the field measures what the
/// unit pays.
#[test]
fn a_flood_from_the_target_gets_weighted_grids_wrong_and_the_field_does_not() {
    // A swamp (9) around the target's road: leaving the target is cheap, entering it dear.
    let grid = WeightedGrid::from_ascii(
        "1111111\n\
         1199911\n\
         1191911\n\
         1199911\n\
         1111111",
    )
    .unwrap();
    let target = Cell::new(3, 2);
    let unit = Cell::new(0, 0);
    let movement = Movement::Four;
    let field = FlowField::build(&grid, [target], movement).unwrap();

    let problem = grid.problem(unit, target, movement).unwrap();
    let astar = informed::astar_with(&problem, problem.manhattan()).unwrap();
    // Three steps on the road, two into the swamp, then the target: 1 + 1 + 1 + 9 + 1 = 13.
    assert_eq!(astar.cost(), 13.0);
    assert_eq!(field.distance(unit), Some(astar.cost()));

    // The flood forward from the target pays the swamp on the way out and the road on the
    // way in: 9 + 1 + 1 + 1 + 1 = 13 here too, but on other cells it differs.
    let from_target = grid.problem(target, unit, movement).unwrap();
    let wrong = informed::shortest_path_tree(&from_target).unwrap();
    let mut differs = 0;
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let cell = Cell::new(x, y);
            let Some(distance) = field.distance(cell) else {
                continue;
            };
            let searched = informed::dijkstra(&grid.problem(cell, target, movement).unwrap())
                .unwrap()
                .cost();
            assert_eq!(distance, searched, "the field at {cell}");
            if wrong.cost_to(&cell) != Some(searched) {
                differs += 1;
            }
        }
    }
    // The swamp cells: from (3, 1) the unit pays 1 to enter the target, the flood charges 9.
    assert_eq!(field.distance(Cell::new(3, 1)), Some(1.0));
    assert_eq!(wrong.cost_to(&Cell::new(3, 1)), Some(9.0));
    assert!(differs > 0);

    // The reverse view of the same query measures what the field measures.
    let reversed = informed::distances_to_goals(&problem).unwrap();
    for (cell, cost) in reversed.iter() {
        assert_eq!(field.distance(*cell), Some(cost));
    }
    assert_eq!(reversed.len(), field.reached());
    assert_eq!(
        reversed.path_from(&unit).map(|path| path.len()),
        field.path_from(unit).map(|path| path.len())
    );
    let through_reversed = informed::shortest_path_tree(&Reversed::new(&problem)).unwrap();
    assert_eq!(through_reversed.cost_to(&unit), Some(13.0));
}

/// A target outside the grid or on a wall is refused, naming it, and leaves the field as it
/// was.
#[test]
fn bad_targets_are_refused_and_leave_the_field_alone() {
    let grid = Grid::from_ascii("..#\n...").unwrap();
    let mut field = FlowField::build(&grid, [Cell::new(0, 0)], Movement::Eight).unwrap();
    let before = field.distances().to_vec();

    let error = field
        .rebuild(&grid, [Cell::new(1, 1), Cell::new(2, 0)], Movement::Four)
        .unwrap_err();
    assert!(matches!(
        error.kind(),
        GridErrorKind::Blocked { role: "target", .. }
    ));
    assert_eq!(error.to_string(), "target (2, 0) is blocked");
    let error = FlowField::build(&grid, [Cell::new(3, 0)], Movement::Four).unwrap_err();
    assert!(matches!(error.kind(), GridErrorKind::OutOfBounds { .. }));

    assert_eq!(field.distances(), &before[..]);
    assert_eq!(field.targets(), [Cell::new(0, 0)]);
    assert_eq!(field.movement(), Movement::Eight);
    assert_eq!(field.distance(Cell::new(2, 1)), Some(1.0 + DIAGONAL));

    // No target: no cell has a distance or a step.
    field.rebuild(&grid, [], Movement::Four).unwrap();
    assert_eq!(field.reached(), 0);
    assert_eq!(field.next_step(Cell::new(1, 0)), None);
    // Outside the grid: nothing.
    assert_eq!(field.distance(Cell::new(9, 9)), None);
    assert_eq!(FlowField::new().distance(Cell::new(0, 0)), None);
}
