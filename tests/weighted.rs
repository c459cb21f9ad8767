//! Weighted grids against an independent reference: step costs, the movement rules, the scaled
//! heuristics' admissibility and consistency; and every malformed picture.

mod common;

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use common::config;
use informed::grid::{Cell, Grid, GridErrorKind, Movement, Picture, Recorder, WeightedGrid};
use informed::{Heuristic, Search};
use proptest::prelude::*;

/// The cost of a diagonal step on a cell of cost 1, as the grids charge it (√2 to 10⁻¹¹, exact in sums).
const DIAGONAL: f64 = informed::grid::DIAGONAL;
const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight,
    Movement::EightCuttingCorners,
    Movement::EightThroughGaps,
];

/// A grid as rows of costs, 0 a wall.
type Costs = Vec<Vec<u8>>;
/// A heuristic under test, by name.
type Named<'a> = (&'static str, Box<dyn Fn(Cell) -> f64 + 'a>);
/// A malformed picture, the line of its error (0: it reads), and what the error must be.
type Malformed = (&'static str, usize, fn(&GridErrorKind) -> bool);

/// The moves of `movement` from `(x, y)` with their costs, by the rules as
/// `common::reference_steps` writes them out: into a cell costs its cost, √2 times that
/// diagonally.
fn reference_moves(costs: &Costs, movement: Movement, x: i64, y: i64) -> Vec<((i64, i64), f64)> {
    let cost = |x: i64, y: i64| {
        if y >= 0 && x >= 0 && (y as usize) < costs.len() && (x as usize) < costs[0].len() {
            costs[y as usize][x as usize]
        } else {
            0
        }
    };
    common::reference_steps(|x, y| cost(x, y) > 0, movement, x, y)
        .into_iter()
        .map(|((nx, ny), diagonal)| {
            let c = f64::from(cost(nx, ny));
            ((nx, ny), if diagonal { DIAGONAL * c } else { c })
        })
        .collect()
}

/// Exact least costs from every cell *to* `goal` (by a Dijkstra over the reversed moves).
fn reference_costs_to(
    costs: &Costs,
    movement: Movement,
    goal: (i64, i64),
) -> Vec<Vec<Option<f64>>> {
    let (w, h) = (costs[0].len(), costs.len());
    // Reversed edges: for every move a -> b, an edge b -> a of the same cost.
    let mut reversed = vec![Vec::new(); w * h];
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            if costs[y as usize][x as usize] == 0 {
                continue;
            }
            for ((bx, by), c) in reference_moves(costs, movement, x, y) {
                reversed[by as usize * w + bx as usize].push(((x, y), c));
            }
        }
    }
    let mut dist = vec![vec![None; w]; h];
    // Costs as integers of 1e-9 so that the heap orders them exactly.
    let mut heap = BinaryHeap::from([(Reverse(0u64), goal)]);
    let mut exact = vec![vec![f64::INFINITY; w]; h];
    exact[goal.1 as usize][goal.0 as usize] = 0.0;
    while let Some((Reverse(_), (x, y))) = heap.pop() {
        if dist[y as usize][x as usize].is_some() {
            continue;
        }
        let d = exact[y as usize][x as usize];
        dist[y as usize][x as usize] = Some(d);
        for &((px, py), c) in &reversed[y as usize * w + x as usize] {
            let next = d + c;
            if next < exact[py as usize][px as usize] {
                exact[py as usize][px as usize] = next;
                heap.push((Reverse((next * 1e9) as u64), (px, py)));
            }
        }
    }
    dist
}

fn random_costs() -> impl Strategy<Value = (Costs, Cell, Cell)> {
    (1usize..10, 1usize..10)
        .prop_flat_map(|(w, h)| {
            (
                proptest::collection::vec(
                    proptest::collection::vec(prop_oneof![1 => Just(0u8), 4 => 1u8..10], w),
                    h,
                ),
                (0..w as u32, 0..h as u32),
                (0..w as u32, 0..h as u32),
            )
        })
        .prop_map(|(mut costs, (sx, sy), (gx, gy))| {
            for (x, y) in [(sx, sy), (gx, gy)] {
                if costs[y as usize][x as usize] == 0 {
                    costs[y as usize][x as usize] = 3;
                }
            }
            (costs, Cell::new(sx, sy), Cell::new(gx, gy))
        })
}

fn to_grid(costs: &Costs) -> WeightedGrid {
    let text: Vec<String> = costs
        .iter()
        .map(|row| {
            row.iter()
                .map(|&c| if c == 0 { '#' } else { char::from(b'0' + c) })
                .collect()
        })
        .collect();
    WeightedGrid::from_ascii(&text.join("\n")).unwrap()
}

proptest! {
    #![proptest_config(config())]

    /// Dijkstra, A* with the heuristic made for the movement, and bidirectional Dijkstra all find
    /// the reference's least cost, along a path whose steps are the reference's moves.
    #[test]
    fn searches_agree_with_the_reference((costs, start, goal) in random_costs()) {
        let grid = to_grid(&costs);
        for movement in MOVEMENTS {
            let problem = grid.problem(start, goal, movement).unwrap();
            let exact = reference_costs_to(&costs, movement, (i64::from(goal.x), i64::from(goal.y)));
            let expected = exact[start.y as usize][start.x as usize];
            let dijkstra = informed::dijkstra(&problem);
            let astar = if movement == Movement::Four {
                informed::astar_with(&problem, problem.manhattan())
            } else {
                informed::astar_with(&problem, problem.octile())
            };
            let both = Search::new(&problem).bidirectional_dijkstra();
            match expected {
                None => {
                    prop_assert!(dijkstra.is_err() && astar.is_err() && both.is_err());
                }
                Some(expected) => {
                    for solution in [dijkstra.unwrap(), astar.unwrap(), both.unwrap()] {
                        prop_assert!((solution.cost() - expected).abs() < 1e-9,
                            "{movement:?}: {} against {expected}", solution.cost());
                        let mut total = 0.0;
                        for pair in solution.path().windows(2) {
                            let (a, b) = (pair[0], pair[1]);
                            let step = reference_moves(&costs, movement, i64::from(a.x), i64::from(a.y))
                                .into_iter()
                                .find(|&(to, _)| to == (i64::from(b.x), i64::from(b.y)));
                            prop_assert!(step.is_some(), "{movement:?}: no move {a} → {b}");
                            total += step.unwrap().1;
                        }
                        prop_assert!((total - solution.cost()).abs() < 1e-9);
                    }
                }
            }
        }
    }

    /// The scaled heuristics never overestimate the exact cost to the goal, and no move lowers
    /// them by more than it costs: Manhattan for four directions, octile and Euclidean for all.
    #[test]
    fn heuristics_are_admissible_and_consistent((costs, _, goal) in random_costs()) {
        let grid = to_grid(&costs);
        for movement in MOVEMENTS {
            let problem = grid.problem(goal, goal, movement).unwrap();
            let exact = reference_costs_to(&costs, movement, (i64::from(goal.x), i64::from(goal.y)));
            let mut heuristics: Vec<Named> = vec![
                ("octile", Box::new(move |c| problem.octile().estimate(&c))),
                ("euclidean", Box::new(move |c| problem.euclidean().estimate(&c))),
            ];
            if movement == Movement::Four {
                heuristics.push(("manhattan", Box::new(move |c| problem.manhattan().estimate(&c))));
            }
            for (name, h) in &heuristics {
                for y in 0..costs.len() {
                    for x in 0..costs[0].len() {
                        let cell = Cell::new(x as u32, y as u32);
                        if let Some(d) = exact[y][x] {
                            prop_assert!(h(cell) <= d + 1e-9, "{name} {movement:?} at {cell}: {} > {d}", h(cell));
                        }
                        if costs[y][x] == 0 {
                            continue;
                        }
                        for ((nx, ny), step) in reference_moves(&costs, movement, x as i64, y as i64) {
                            let next = Cell::new(nx as u32, ny as u32);
                            prop_assert!(h(cell) <= step + h(next) + 1e-9, "{name} {movement:?}: {cell} → {next}");
                        }
                    }
                }
            }
            prop_assert_eq!(h_at_goal(&problem), 0.0);
        }
    }

    /// With every cost 1 a weighted grid is its uniform grid: the same costs and the same
    /// expansions, in the same order.
    #[test]
    fn unit_costs_search_as_the_uniform_grid((costs, start, goal) in random_costs()) {
        let free: Vec<String> = costs
            .iter()
            .map(|row| row.iter().map(|&c| if c == 0 { '#' } else { '.' }).collect())
            .collect();
        let uniform = Grid::from_ascii(&free.join("\n")).unwrap();
        let weighted = WeightedGrid::from(&uniform);
        prop_assert_eq!(weighted.min_cost().is_some(), uniform.free_count() > 0);
        for movement in MOVEMENTS {
            let a = uniform.problem(start, goal, movement).unwrap();
            let b = weighted.problem(start, goal, movement).unwrap();
            let (mut first, mut second) = (Recorder::new(), Recorder::new());
            let one = Search::new(&a).observer(&mut first).astar_with(a.octile());
            let two = Search::new(&b).observer(&mut second).astar_with(b.octile());
            prop_assert_eq!(one.map(|s| s.cost()).ok(), two.map(|s| s.cost()).ok());
            prop_assert_eq!(first.expanded().collect::<Vec<_>>(), second.expanded().collect::<Vec<_>>());
        }
    }

    /// The text drawing reads back as the same grid.
    #[test]
    fn the_display_reads_back((costs, _, _) in random_costs()) {
        let grid = to_grid(&costs);
        prop_assert_eq!(WeightedGrid::from_ascii(&grid.to_string()).unwrap(), grid);
    }
}

fn h_at_goal(problem: &informed::grid::WeightedGridProblem<'_>) -> f64 {
    problem.octile().estimate(&problem.goal())
}

#[test]
fn a_step_costs_the_cell_entered_and_diagonals_the_root_of_two_more() {
    let grid = WeightedGrid::from_ascii("19\n35").unwrap();
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(1, 1), Movement::Eight)
        .unwrap();
    let mut steps: Vec<(Cell, f64)> =
        informed::SearchProblem::successors(&problem, &Cell::new(0, 0))
            .into_iter()
            .collect();
    steps.sort_by_key(|&(c, _)| c);
    assert_eq!(
        steps,
        [
            (Cell::new(0, 1), 3.0),
            (Cell::new(1, 0), 9.0),
            (Cell::new(1, 1), 5.0 * DIAGONAL),
        ]
    );
    // Backward, a step into (0, 0) costs 1 from each neighbour.
    let back: Vec<(Cell, f64)> = informed::Bidirectional::predecessors(&problem, &Cell::new(0, 0))
        .into_iter()
        .collect();
    assert_eq!(back.len(), 3);
    assert!(
        back.iter()
            .all(|&(_, cost)| cost == 1.0 || cost == DIAGONAL)
    );
    assert_eq!(problem.least_cost(), 1.0);
    assert_eq!(
        informed::astar_with(&problem, problem.octile())
            .unwrap()
            .cost(),
        5.0 * DIAGONAL
    );
}

#[test]
fn malformed_pictures_name_the_line_and_the_fault() {
    let cases: [Malformed; 5] = [
        ("12\n1", 2, |k| {
            matches!(
                k,
                GridErrorKind::WrongRowLength {
                    row: 1,
                    expected: 2,
                    found: 1,
                    ..
                }
            )
        }),
        ("123\n\n1x3", 3, |k| {
            matches!(
                k,
                GridErrorKind::UnknownCharacter {
                    character: 'x',
                    column: 1
                }
            )
        }),
        ("1\n0", 2, |k| {
            matches!(k, GridErrorKind::ZeroCost { column: 0 })
        }),
        ("12 \n12", 0, |_| false),
        ("\n  \n", 0, |k| matches!(k, GridErrorKind::Empty)),
    ];
    for (text, line, expected) in cases {
        match WeightedGrid::from_ascii(text) {
            Ok(grid) => assert_eq!(line, 0, "{text:?} read as {grid:?}"),
            Err(error) => {
                assert!(expected(error.kind()), "{text:?}: {error}");
                if line > 0 {
                    assert_eq!(error.line(), Some(line), "{text:?}: {error}");
                }
            }
        }
    }
    let error = WeightedGrid::from_ascii("11\n1T").unwrap_err();
    assert_eq!(error.to_string(), "line 2: unknown terrain 'T' in column 1");
    let error = WeightedGrid::try_new(u32::MAX, u32::MAX).unwrap_err();
    assert!(matches!(error.kind(), GridErrorKind::TooLarge { .. }));
}

#[test]
fn queries_outside_the_grid_or_on_walls_are_refused() {
    let grid = WeightedGrid::from_ascii("1#\n11").unwrap();
    let blocked = grid
        .problem(Cell::new(1, 0), Cell::new(0, 0), Movement::Four)
        .unwrap_err();
    assert_eq!(blocked.to_string(), "start (1, 0) is blocked");
    let outside = grid
        .problem(Cell::new(0, 0), Cell::new(5, 0), Movement::Four)
        .unwrap_err();
    assert_eq!(outside.to_string(), "goal (5, 0) is outside the 2×2 grid");
}

#[test]
fn costs_are_counted_as_cells_change() {
    let mut grid = WeightedGrid::new(3, 2);
    assert_eq!(
        (grid.min_cost(), grid.max_cost(), grid.free_count()),
        (Some(1), Some(1), 6)
    );
    grid.set_cost(Cell::new(0, 0), 7);
    grid.set_cost(Cell::new(1, 0), 4);
    grid.set_wall(Cell::new(2, 0));
    assert_eq!(grid.costs().collect::<Vec<_>>(), [1, 4, 7]);
    for x in 0..3 {
        grid.set_cost(Cell::new(x, 1), 4);
    }
    assert_eq!(
        (grid.min_cost(), grid.max_cost(), grid.free_count()),
        (Some(4), Some(7), 5)
    );
    assert_eq!(grid.to_string(), "74#\n444\n");
    // The heuristics scale by the smallest cost: 4 here.
    let problem = grid
        .problem(Cell::new(0, 0), Cell::new(2, 1), Movement::Four)
        .unwrap();
    assert_eq!(problem.manhattan().estimate(&Cell::new(0, 0)), 12.0);
    grid.set_cost(Cell::new(2, 0), 200);
    assert_eq!(grid.to_string(), "74+\n444\n");
    for x in 0..3 {
        for y in 0..2 {
            grid.set_wall(Cell::new(x, y));
        }
    }
    assert_eq!(
        (grid.min_cost(), grid.max_cost(), grid.free_count()),
        (None, None, 0)
    );
}

#[test]
#[should_panic(expected = "cost 0 for (1, 0)")]
fn a_zero_cost_is_refused() {
    WeightedGrid::new(2, 2).set_cost(Cell::new(1, 0), 0);
}

#[test]
fn pictures_shade_the_terrain_and_list_the_costs() {
    let grid = WeightedGrid::from_ascii("1115\n1#95\n1115").unwrap();
    let problem = grid
        .problem(Cell::new(0, 1), Cell::new(3, 1), Movement::Four)
        .unwrap();
    let mut recorder = Recorder::new();
    let solution = Search::new(&problem)
        .observer(&mut recorder)
        .astar_with(problem.manhattan())
        .unwrap();
    let picture = Picture::new(&grid)
        .search(&recorder, None)
        .path(solution.path());
    let svg = picture.to_svg(12.0);
    for cost in [1, 5, 9] {
        assert!(
            svg.contains(&format!("data-legend=\"cost {cost}\"")),
            "cost {cost}"
        );
    }
    // The cheapest terrain has the plain free colour, the dearest the darkest shade.
    assert!(
        svg.contains("data-legend=\"cost 1\"><rect x=")
            && svg.contains("fill=\"rgb(251,251,248)\"")
    );
    assert!(
        svg.contains("fill=\"rgb(150,128,92)\""),
        "cost 9 unreached: {svg}"
    );
    let text = picture.to_text();
    assert_eq!(text.lines().nth(1).unwrap().chars().nth(1), Some('#'));
    assert!(text.contains('5') || text.contains('o'), "{text}");
    assert_eq!(solution.cost(), 1.0 + 1.0 + 1.0 + 5.0 + 5.0);
}

/// `try_set_cost` refuses 0 (many maps write 0 for "impassable") and cells off the grid with
/// typed errors that leave the grid as it was, and point to `set_wall`.
#[test]
fn try_set_cost_refuses_zero_and_cells_off_the_grid() {
    let mut grid = WeightedGrid::from_ascii("123\n456").unwrap();
    let before = grid.clone();
    let error = grid.try_set_cost(Cell::new(1, 0), 0).unwrap_err();
    assert!(matches!(
        error.kind(),
        GridErrorKind::ZeroCostAt { cell } if *cell == Cell::new(1, 0)
    ));
    assert_eq!(
        error.to_string(),
        "cost 0 for (1, 0): step costs are 1 to 255; to make an impassable cell, use set_wall"
    );
    let error = grid.try_set_cost(Cell::new(3, 0), 5).unwrap_err();
    assert!(matches!(
        error.kind(),
        GridErrorKind::OutOfBounds { role: "cell", .. }
    ));
    assert_eq!(error.to_string(), "cell (3, 0) is outside the 3×2 grid");
    assert_eq!(grid, before);
    grid.try_set_cost(Cell::new(1, 0), 9).unwrap();
    assert_eq!(grid.cost(Cell::new(1, 0)), Some(9));
    assert_eq!(grid.max_cost(), Some(9));
}
