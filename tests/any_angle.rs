//! Line of sight, smoothing and Theta* on grids: the line of sight against a brute-force test
//! of the segment against every cell's square, smoothing and Theta* on random maps against
//! that test and against the shortest path through cell centres (Dijkstra on the visibility
//! graph), and fixed cases with known answers.

mod common;

use common::config;
use informed::grid::{self, Cell, Grid, Movement};
use informed::{Limit, NodeTable, Search, SearchError};
use proptest::prelude::*;

const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight,
    Movement::EightCuttingCorners,
    Movement::EightThroughGaps,
];

/// A fraction `num / den` with `den > 0`, or an infinite bound.
#[derive(Clone, Copy, Debug)]
enum Bound {
    Below,
    At(i128, i128),
    Above,
}

fn less(a: Bound, b: Bound) -> bool {
    match (a, b) {
        (Bound::Below, Bound::Below) | (Bound::Above, Bound::Above) => false,
        (Bound::Below, _) | (_, Bound::Above) => true,
        (_, Bound::Below) | (Bound::Above, _) => false,
        (Bound::At(n1, d1), Bound::At(n2, d2)) => n1 * d2 < n2 * d1,
    }
}

fn max(a: Bound, b: Bound) -> Bound {
    if less(a, b) { b } else { a }
}

fn min(a: Bound, b: Bound) -> Bound {
    if less(a, b) { a } else { b }
}

/// The open range of t where `a + t d` lies strictly between `low` and `low + 2`.
fn slab(a: i128, d: i128, low: i128) -> (Bound, Bound) {
    if d == 0 {
        if low < a && a < low + 2 {
            (Bound::Below, Bound::Above)
        } else {
            (Bound::Above, Bound::Below)
        }
    } else {
        let (t0, t1) = ((low - a, d), (low + 2 - a, d));
        let norm = |(n, d): (i128, i128)| {
            if d < 0 {
                Bound::At(-n, -d)
            } else {
                Bound::At(n, d)
            }
        };
        let (t0, t1) = (norm(t0), norm(t1));
        if less(t0, t1) { (t0, t1) } else { (t1, t0) }
    }
}

/// Whether the segment between the centres of `a` and `b` passes through the inside of `cell`,
/// in doubled coordinates (centres odd, cell sides even): the segment's range of t in [0, 1]
/// meets both open slabs of the square.
fn enters(a: Cell, b: Cell, cell: (i64, i64)) -> bool {
    let (ax, ay) = (2 * i128::from(a.x) + 1, 2 * i128::from(a.y) + 1);
    let (dx, dy) = (2 * i128::from(b.x) + 1 - ax, 2 * i128::from(b.y) + 1 - ay);
    let (x0, x1) = slab(ax, dx, 2 * i128::from(cell.0));
    let (y0, y1) = slab(ay, dy, 2 * i128::from(cell.1));
    let (low, high) = (max(x0, y0), min(x1, y1));
    less(low, high) && less(low, Bound::At(1, 1)) && less(Bound::At(0, 1), high)
}

/// The reference: line of sight by testing the segment against the square of every cell it
/// could meet, and the corners it passes through against the movement's diagonal rule.
fn brute_sees(grid: &Grid, a: Cell, b: Cell, movement: Movement) -> bool {
    if !grid.is_free(a) || !grid.is_free(b) {
        return false;
    }
    if a == b {
        return true;
    }
    let free = |(x, y): (i64, i64)| x >= 0 && y >= 0 && grid.is_free(Cell::new(x as u32, y as u32));
    let (x0, x1) = (a.x.min(b.x) as i64, a.x.max(b.x) as i64);
    let (y0, y1) = (a.y.min(b.y) as i64, a.y.max(b.y) as i64);
    for y in y0 - 1..=y1 + 1 {
        for x in x0 - 1..=x1 + 1 {
            if enters(a, b, (x, y)) && !free((x, y)) {
                return false;
            }
        }
    }
    // Corners: lattice points (i, j) on the open segment, in doubled coordinates (2i, 2j).
    let (ax, ay) = (2 * i64::from(a.x) + 1, 2 * i64::from(a.y) + 1);
    let (dx, dy) = (2 * i64::from(b.x) + 1 - ax, 2 * i64::from(b.y) + 1 - ay);
    for j in y0..=y1 + 1 {
        for i in x0..=x1 + 1 {
            let (px, py) = (2 * i - ax, 2 * j - ay);
            let on_line = px * dy == py * dx;
            let dot = px * dx + py * dy;
            if !on_line || dot <= 0 || dot >= dx * dx + dy * dy {
                continue;
            }
            let around = [(i - 1, j - 1), (i, j - 1), (i - 1, j), (i, j)];
            let sides: Vec<bool> = around
                .iter()
                .filter(|&&cell| !enters(a, b, cell))
                .map(|&cell| free(cell))
                .collect();
            assert_eq!(
                sides.len(),
                2,
                "a line through a corner enters two of its cells"
            );
            let allowed = match movement {
                Movement::Eight => sides[0] && sides[1],
                Movement::EightThroughGaps => true,
                _ => sides[0] || sides[1],
            };
            if !allowed {
                return false;
            }
        }
    }
    true
}

/// The Euclidean distance between cell centres, computed here apart from the crate.
fn distance(a: Cell, b: Cell) -> f64 {
    let dx = f64::from(a.x) - f64::from(b.x);
    let dy = f64::from(a.y) - f64::from(b.y);
    (dx * dx + dy * dy).sqrt()
}

fn length(path: &[Cell]) -> f64 {
    path.windows(2).map(|w| distance(w[0], w[1])).sum()
}

/// The shortest path from `start` to `goal` whose waypoints are free cell centres, each in
/// sight of the next: Dijkstra (O(V²), arrays) on the visibility graph. No any-angle path
/// through centres is shorter; `None` where the goal cannot be reached.
fn visibility_optimum(grid: &Grid, start: Cell, goal: Cell, movement: Movement) -> Option<f64> {
    let cells: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Cell::new(x, y)))
        .filter(|&c| grid.is_free(c))
        .collect();
    let mut best = vec![f64::INFINITY; cells.len()];
    let mut done = vec![false; cells.len()];
    best[cells.iter().position(|&c| c == start)?] = 0.0;
    loop {
        let next = (0..cells.len())
            .filter(|&i| !done[i] && best[i].is_finite())
            .min_by(|&i, &j| best[i].total_cmp(&best[j]))?;
        if cells[next] == goal {
            return Some(best[next]);
        }
        done[next] = true;
        for other in 0..cells.len() {
            if !done[other] && brute_sees(grid, cells[next], cells[other], movement) {
                let through = best[next] + distance(cells[next], cells[other]);
                if through < best[other] {
                    best[other] = through;
                }
            }
        }
    }
}

/// Checks that every waypoint sees the next, by the brute-force reference.
fn all_in_sight(grid: &Grid, path: &[Cell], movement: Movement) -> Result<(), TestCaseError> {
    for leg in path.windows(2) {
        prop_assert!(
            brute_sees(grid, leg[0], leg[1], movement),
            "{} does not see {} under {movement:?}",
            leg[0],
            leg[1]
        );
    }
    Ok(())
}

/// Small grids (so that the visibility graph stays small), 0% to 60% walls.
fn small_grid() -> impl Strategy<Value = common::CellQuery> {
    (1..=9usize, 1..=9usize, 0..=60u32)
        .prop_flat_map(|(w, h, walls)| common::cell_query(w, h, walls))
}

/// Grids of every shape up to 24 × 24.
fn larger_grid() -> impl Strategy<Value = common::CellQuery> {
    (1..=24usize, 1..=24usize, 0..=50u32)
        .prop_flat_map(|(w, h, walls)| common::cell_query(w, h, walls))
}

fn movement() -> impl Strategy<Value = Movement> {
    prop::sample::select(MOVEMENTS.to_vec())
}

proptest! {
    #![proptest_config(config())]

    /// The line of sight agrees with the brute-force test from one cell to every cell (blocked
    /// ones included) under every movement, and is symmetric.
    #[test]
    fn line_of_sight_matches_the_squares((cells, start, _) in larger_grid()) {
        let grid = common::cell_grid(&cells);
        let from = Cell::from(start);
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let to = Cell::new(x, y);
                for movement in MOVEMENTS {
                    let seen = grid.line_of_sight(from, to, movement);
                    prop_assert_eq!(seen, brute_sees(&grid, from, to, movement),
                        "{} to {} under {:?}", from, to, movement);
                    prop_assert_eq!(seen, grid.line_of_sight(to, from, movement));
                }
            }
        }
    }

    /// Smoothing an A* path keeps its ends, keeps a subsequence of its cells, never lengthens
    /// it, and leaves every waypoint in sight of the next.
    #[test]
    fn smoothing_shortens_and_stays_in_sight((cells, start, goal) in larger_grid(), movement in movement()) {
        let grid = common::cell_grid(&cells);
        let (start, goal) = (Cell::from(start), Cell::from(goal));
        let problem = grid.problem(start, goal, movement).unwrap();
        let Ok(solution) = informed::astar_with(&problem, problem.euclidean()) else {
            return Ok(());
        };
        let input = solution.path();
        let smoothed = grid.smooth(input, movement);
        prop_assert_eq!(smoothed.first(), Some(&start));
        prop_assert_eq!(smoothed.last(), Some(&goal));
        let mut rest = input.iter();
        for waypoint in &smoothed {
            prop_assert!(rest.any(|c| c == waypoint), "{} is not next on the input", waypoint);
        }
        all_in_sight(&grid, &smoothed, movement)?;
        let (before, after) = (length(input), length(&smoothed));
        prop_assert!(after <= before * (1.0 + 1e-12), "{after} > {before}");
        prop_assert_eq!(grid::path_length(&smoothed), after);
        prop_assert!(after >= distance(start, goal) * (1.0 - 1e-12));
        // A second pass may straighten more (a waypoint can come into sight of one further
        // back once the cells between are gone), never less.
        let again = grid.smooth(&smoothed, movement);
        all_in_sight(&grid, &again, movement)?;
        prop_assert!(length(&again) <= after * (1.0 + 1e-12));
    }

    /// Theta* finds a path exactly where A* does, of waypoints each in sight of the next, whose
    /// cost is their length; no shorter than the shortest path through cell centres (nor than
    /// the straight line), and smoothing's answer is no shorter than that either.
    #[test]
    fn theta_star_is_a_visible_path_no_shorter_than_the_optimum((cells, start, goal) in small_grid(), movement in movement()) {
        let grid = common::cell_grid(&cells);
        let (start, goal) = (Cell::from(start), Cell::from(goal));
        let problem = grid.problem(start, goal, movement).unwrap();
        let theta = informed::theta_star_with(&problem, problem.euclidean());
        let astar = informed::astar_with(&problem, problem.euclidean());
        let optimum = visibility_optimum(&grid, start, goal, movement);
        match (theta, astar, optimum) {
            (Ok(theta), Ok(astar), Some(optimum)) => {
                let path = theta.path();
                prop_assert_eq!(path.first(), Some(&start));
                prop_assert_eq!(path.last(), Some(&goal));
                all_in_sight(&grid, path, movement)?;
                prop_assert_eq!(theta.cost(), length(path));
                prop_assert!(optimum >= distance(start, goal) * (1.0 - 1e-12));
                prop_assert!(theta.cost() >= optimum * (1.0 - 1e-12), "{} < {optimum}", theta.cost());
                let smoothed = length(&grid.smooth(astar.path(), movement));
                prop_assert!(smoothed >= optimum * (1.0 - 1e-12), "{smoothed} < {optimum}");
                prop_assert_eq!(theta.stats().reopened, 0);
            }
            (Err(theta), Err(astar), None) => {
                prop_assert!(theta.is_no_path(), "{}", theta);
                prop_assert!(astar.is_no_path());
            }
            (theta, astar, optimum) => {
                return Err(TestCaseError::fail(format!(
                    "Theta*: {:?}, A*: {:?}, optimum {optimum:?}",
                    theta.map(|s| s.cost()),
                    astar.map(|s| s.cost())
                )));
            }
        }
    }

    /// A hashed node table runs the same search as the dense one, and a limit stops Theta*
    /// with a partial path a unit can walk.
    #[test]
    fn theta_star_options((cells, start, goal) in larger_grid(), cap in 1..20u64) {
        let grid = common::cell_grid(&cells);
        let (start, goal) = (Cell::from(start), Cell::from(goal));
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        let dense = informed::theta_star_with(&problem, problem.euclidean());
        let hashed = Search::new(&problem)
            .node_table(NodeTable::Hashed)
            .theta_star_with(problem.euclidean());
        prop_assert_eq!(&dense, &hashed);
        match Search::new(&problem).max_expansions(cap).theta_star_with(problem.euclidean()) {
            Err(SearchError::LimitReached { limit, best, stats }) => {
                prop_assert_eq!(limit, Limit::Expansions(cap));
                prop_assert_eq!(stats.expanded, cap);
                let best = best.expect("a stopped search has stored its start");
                prop_assert_eq!(best.path().first(), Some(&start));
                all_in_sight(&grid, best.path(), Movement::Eight)?;
                prop_assert_eq!(best.cost(), length(best.path()));
            }
            Ok(solution) => {
                prop_assert!(solution.stats().expanded <= cap);
                prop_assert_eq!(Some(&solution), dense.as_ref().ok());
            }
            Err(error) => {
                prop_assert!(error.is_no_path(), "{}", error);
                prop_assert!(error.stats().expanded <= cap);
            }
        }
    }
}

/// On an open map every pair of cells is in sight: Theta* goes straight, at exactly the
/// distance, and smoothing pulls A*'s path into the same line.
#[test]
fn open_map_is_the_straight_line() {
    let grid = Grid::new(40, 25);
    let mut rng = common_rng(7);
    for _ in 0..300 {
        let a = Cell::new(rng() % 40, rng() % 25);
        let b = Cell::new(rng() % 40, rng() % 25);
        for movement in MOVEMENTS {
            let problem = grid.problem(a, b, movement).unwrap();
            let theta = informed::theta_star_with(&problem, problem.euclidean()).unwrap();
            let expected: Vec<Cell> = if a == b { vec![a] } else { vec![a, b] };
            assert_eq!(theta.path(), &expected[..], "{a} → {b} under {movement:?}");
            assert_eq!(theta.cost(), distance(a, b));
            let astar = informed::astar_with(&problem, problem.euclidean()).unwrap();
            assert_eq!(grid.smooth(astar.path(), movement), expected);
        }
    }
}

/// A small deterministic generator for the fixed cases (SplitMix64).
fn common_rng(seed: u64) -> impl FnMut() -> u32 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 32) as u32
    }
}

/// One blocked cell in the way: the line (0, 2) → (4, 2) runs through it. The shortest way
/// round through cell centres bends once, above or below it: 2√5, and Theta* finds it.
#[test]
fn single_wall_corner() {
    let grid = Grid::from_ascii(
        ".....\n\
         .....\n\
         ..#..\n\
         .....\n\
         .....",
    )
    .unwrap();
    let (start, goal) = (Cell::new(0, 2), Cell::new(4, 2));
    assert!(!grid.line_of_sight(start, goal, Movement::Eight));
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let theta = informed::theta_star_with(&problem, problem.euclidean()).unwrap();
    let expected = 2.0 * 5f64.sqrt();
    assert_eq!(
        visibility_optimum(&grid, start, goal, Movement::Eight),
        Some(expected)
    );
    assert_eq!(theta.cost(), expected);
    assert_eq!(theta.path().len(), 3);
    assert_eq!(theta.path()[1].x, 2);
    // Through the blocked cell's centre: blocked under every movement.
    for movement in MOVEMENTS {
        assert!(!grid.line_of_sight(Cell::new(0, 1), Cell::new(4, 3), movement));
    }
    // (1, 0) → (3, 2) passes through the corner (3, 2) of the blocked cell, between the
    // cells (2, 1) and (3, 2): only the movements that cut corners let it through.
    let (a, b) = (Cell::new(1, 0), Cell::new(3, 2));
    assert!(!grid.line_of_sight(a, b, Movement::Eight));
    assert!(grid.line_of_sight(a, b, Movement::EightCuttingCorners));
    assert!(grid.line_of_sight(a, b, Movement::Four));
}

/// A line passing exactly through corners far from its ends: (0, 0) → (3000, 1000) crosses
/// the corner (3j − 1, j) for every j. Blocking the cells beside one of them, 1,500 cells
/// away, decides the answer exactly as the rules say; floating-point stepping would have to
/// land exactly on the corner to see it.
#[test]
fn corners_far_along_a_line() {
    let (a, b) = (Cell::new(0, 0), Cell::new(3000, 1000));
    let mut grid = Grid::new(3001, 1001);
    for movement in MOVEMENTS {
        assert!(grid.line_of_sight(a, b, movement));
    }
    // The corner (1499, 500): the line goes from cell (1498, 499) to cell (1499, 500); the
    // cells beside it are (1499, 499) and (1498, 500).
    grid.set_free(Cell::new(1499, 499), false);
    assert!(!grid.line_of_sight(a, b, Movement::Eight));
    assert!(grid.line_of_sight(a, b, Movement::EightCuttingCorners));
    assert!(grid.line_of_sight(a, b, Movement::Four));
    grid.set_free(Cell::new(1498, 500), false);
    assert!(!grid.line_of_sight(a, b, Movement::EightCuttingCorners));
    assert!(!grid.line_of_sight(a, b, Movement::Four));
    assert!(grid.line_of_sight(a, b, Movement::EightThroughGaps));
    assert!(!grid.line_of_sight(b, a, Movement::EightCuttingCorners));
    assert!(grid.line_of_sight(b, a, Movement::EightThroughGaps));
    // A cell the line passes next to, not through: (1500, 499) lies above the line at x 1500.
    let mut near = Grid::new(3001, 1001);
    near.set_free(Cell::new(1500, 499), false);
    assert!(near.line_of_sight(a, b, Movement::Eight));
    // The cell it passes through there is blocked: (1500, 500).
    near.set_free(Cell::new(1500, 500), false);
    assert!(!near.line_of_sight(a, b, Movement::Eight));
}

/// Cells off the grid or blocked see nothing; a free cell sees itself; smoothing keeps the
/// ends of short paths and merges a repeated cell.
#[test]
fn edge_cases() {
    let grid = Grid::from_ascii("..#\n...").unwrap();
    assert!(!grid.line_of_sight(Cell::new(0, 0), Cell::new(2, 0), Movement::Eight));
    assert!(!grid.line_of_sight(Cell::new(0, 0), Cell::new(9, 0), Movement::Eight));
    assert!(!grid.line_of_sight(Cell::new(9, 9), Cell::new(9, 9), Movement::Eight));
    assert!(grid.line_of_sight(Cell::new(1, 1), Cell::new(1, 1), Movement::Four));
    assert_eq!(grid.smooth(&[], Movement::Eight), Vec::<Cell>::new());
    let one = [Cell::new(1, 0)];
    assert_eq!(grid.smooth(&one, Movement::Eight), one);
    let there_and_back = [Cell::new(0, 0), Cell::new(1, 0), Cell::new(0, 0)];
    assert_eq!(
        grid.smooth(&there_and_back, Movement::Eight),
        [Cell::new(0, 0)]
    );
    assert_eq!(grid::path_length(&[]), 0.0);
    assert_eq!(grid::path_length(&one), 0.0);
}
