//! Every row of `docs/migrating-from-pathfinding.md`, both sides: the `pathfinding` call and the
//! `informed` counterpart the guide gives, on the same small problems as the guide's examples,
//! must agree on the costs and the path lengths (and, where the path is unique, the path).

use std::collections::HashSet;

use informed::grid::{Cell, Grid as InformedGrid, Movement};
use informed::{Bidirectional, Search, SearchProblem};
use pathfinding::prelude as pf;

type Square = (i32, i32);

const START: Square = (1, 1);
const GOAL: Square = (4, 6);

/// The knight's moves on an unbounded board, each costing 1: the guide's first example.
fn jumps((x, y): Square) -> [(Square, u32); 8] {
    [
        (x + 1, y + 2),
        (x + 1, y - 2),
        (x - 1, y + 2),
        (x - 1, y - 2),
        (x + 2, y + 1),
        (x + 2, y - 1),
        (x - 2, y + 1),
        (x - 2, y - 1),
    ]
    .map(|p| (p, 1))
}

fn successors(&p: &Square) -> [(Square, u32); 8] {
    jumps(p)
}

fn heuristic(&(x, y): &Square) -> u32 {
    (GOAL.0.abs_diff(x) + GOAL.1.abs_diff(y)) / 3
}

/// The guide's type for the bidirectional rows.
struct Knight {
    start: Square,
    goal: Square,
}

impl SearchProblem for Knight {
    type State = Square;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Square> {
        [self.start]
    }

    fn is_goal(&self, &square: &Square) -> bool {
        square == self.goal
    }

    fn successors(&self, &square: &Square) -> impl IntoIterator<Item = (Square, u32)> {
        jumps(square)
    }
}

impl Bidirectional for Knight {
    fn goals(&self) -> impl IntoIterator<Item = Square> {
        [self.goal]
    }

    fn predecessors(&self, &square: &Square) -> impl IntoIterator<Item = (Square, u32)> {
        jumps(square)
    }
}

/// Knight moves on a 5 × 5 board: the guide's space for the rows that flood everything.
fn small_board(&(x, y): &(i8, i8)) -> impl Iterator<Item = ((i8, i8), u32)> + use<> {
    [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ]
    .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
    .into_iter()
    .filter(|&((x, y), _)| (0..5).contains(&x) && (0..5).contains(&y))
}

fn board_squares(square: &(i8, i8)) -> Vec<(i8, i8)> {
    small_board(square).map(|(s, _)| s).collect()
}

/// The binary tree of numbers below 100: the guide's space for the unit-step rows.
fn children(&n: &u32) -> Vec<u32> {
    [2 * n, 2 * n + 1]
        .into_iter()
        .filter(|&c| c < 100)
        .collect()
}

#[test]
fn astar() {
    let (path, cost) =
        pf::astar(&START, successors, heuristic, |&p| p == GOAL).expect("pathfinding: a path");
    let problem = informed::from_fn(START, successors, |&p| p == GOAL);
    let solution = informed::astar(&problem, heuristic).expect("informed: a path");
    assert_eq!((solution.path().len(), solution.cost()), (path.len(), cost));
    let (ours, our_cost, _stats) = solution.into_parts();
    assert_eq!((ours.len(), our_cost), (path.len(), cost));
}

#[test]
fn dijkstra() {
    let (path, cost) = pf::dijkstra(&START, successors, |&p| p == GOAL).expect("a path");
    let problem = informed::from_fn(START, successors, |&p| p == GOAL);
    let solution = informed::dijkstra(&problem).expect("a path");
    assert_eq!((solution.path().len(), solution.cost()), (path.len(), cost));
}

#[test]
fn idastar_and_fringe() {
    let problem = informed::from_fn(START, successors, |&p| p == GOAL);
    let solution = informed::idastar(&problem, heuristic).expect("a path");
    let ours = (solution.path().len(), solution.cost());
    let (path, cost) = pf::idastar(&START, successors, heuristic, |&p| p == GOAL).expect("a path");
    assert_eq!(ours, (path.len(), cost));
    let (path, cost) = pf::fringe(&START, successors, heuristic, |&p| p == GOAL).expect("a path");
    assert_eq!(ours, (path.len(), cost));
    let astar = informed::astar(&problem, heuristic).expect("a path");
    assert_eq!((astar.path().len(), astar.cost()), (path.len(), cost));
}

#[test]
fn bfs_iddfs_dfs() {
    let goal = |&n: &u32| n == 37;
    let bfs = pf::bfs(&1, children, goal).expect("a path");
    let iddfs = pf::iddfs(1, children, goal).expect("a path");
    let dfs = pf::dfs(1, children, goal).expect("a path");
    assert_eq!(bfs, [1, 2, 4, 9, 18, 37]);
    assert_eq!((&iddfs, &dfs), (&bfs, &bfs));

    let problem = informed::from_fn_unit(1, children, goal);
    let ours: Vec<u32> = informed::bfs(&problem).expect("a path").into_parts().0;
    assert_eq!(ours, bfs);
    assert_eq!(informed::iddfs(&problem).expect("a path").path(), iddfs);
    assert_eq!(
        informed::depth_first(&problem, 10).expect("a path").path(),
        dfs
    );
}

#[test]
fn bfs_on_a_space_with_many_paths() {
    // The knight's board, unit steps: the fewest moves agree even where the paths may not.
    let unit = |p: &Square| jumps(*p).map(|(s, _)| s);
    let path = pf::bfs(&START, unit, |&p| p == GOAL).expect("a path");
    let problem = informed::from_fn_unit(START, unit, |&p| p == GOAL);
    assert_eq!(
        informed::bfs(&problem).expect("a path").path().len(),
        path.len()
    );
    let iddfs = pf::iddfs(START, unit, |&p| p == GOAL).expect("a path");
    assert_eq!(
        informed::iddfs(&problem).expect("a path").path().len(),
        iddfs.len()
    );
}

#[test]
fn bfs_loop() {
    let ring = |&n: &u32| [(n + 1) % 5, (n + 2) % 5];
    let theirs = pf::bfs_loop(&0, ring).expect("a cycle");
    let start = 0;
    let around =
        informed::from_fn_unit(start, ring, move |&n| n == start).with_starts(ring(&start));
    let mut cycle = vec![start];
    cycle.extend(informed::bfs(&around).expect("a cycle").into_parts().0);
    assert_eq!(cycle.len(), theirs.len());
    assert_eq!(
        (cycle.first(), cycle.last()),
        (theirs.first(), theirs.last())
    );
}

#[test]
fn bidirectional() {
    let problem = Knight {
        start: START,
        goal: GOAL,
    };
    let unit = |p: &Square| jumps(*p).map(|(s, _)| s).to_vec();
    let theirs = pf::bfs_bidirectional(&START, &GOAL, unit, unit).expect("a path");
    let ours = informed::bidirectional_bfs(&problem).expect("a path");
    assert_eq!(ours.path().len(), theirs.len());

    let (path, cost) =
        pf::dijkstra_bidirectional(&START, &GOAL, successors, successors).expect("a path");
    let ours = informed::bidirectional_dijkstra(&problem).expect("a path");
    assert_eq!((ours.path().len(), ours.cost()), (path.len(), cost));

    // The closure forms, as the guide writes them: the same closures as pathfinding's.
    let unit_problem = informed::from_fn_unit_bidirectional(START, GOAL, unit, unit);
    let ours = informed::bidirectional_bfs(&unit_problem).expect("a path");
    assert_eq!(ours.path().len(), theirs.len());
    let costed = informed::from_fn_bidirectional(START, GOAL, successors, successors);
    let ours = informed::bidirectional_dijkstra(&costed).expect("a path");
    assert_eq!((ours.path().len(), ours.cost()), (path.len(), cost));
}

#[test]
fn reach() {
    let problem = informed::from_fn((0i8, 0i8), small_board, |_| false);

    // bfs_reach: the same squares, each at the same depth.
    let theirs: Vec<(i8, i8)> = pf::bfs_reach((0, 0), board_squares).collect();
    let ours: Vec<((i8, i8), usize)> = informed::bfs_reach(&problem).collect();
    assert_eq!(ours.len(), theirs.len());
    let ours_set: HashSet<(i8, i8)> = ours.iter().map(|&(s, _)| s).collect();
    assert_eq!(ours_set, theirs.iter().copied().collect());

    // dfs_reach: the same squares, in another order.
    let theirs: HashSet<(i8, i8)> = pf::dfs_reach((0, 0), board_squares).collect();
    assert_eq!(ours_set, theirs);

    // dijkstra_reach: the same squares at the same costs.
    let theirs: Vec<((i8, i8), u32)> = pf::dijkstra_reach(&(0, 0), small_board)
        .map(|item| (item.node, item.total_cost))
        .collect();
    let mut ours: Vec<((i8, i8), u32)> = informed::reachable(&problem, None)
        .collect::<Result<_, _>>()
        .expect("no bad step");
    let mut theirs_sorted = theirs.clone();
    theirs_sorted.sort();
    ours.sort();
    assert_eq!(ours, theirs_sorted);

    // dijkstra_all + build_path: the start is in the tree, not in pathfinding's map.
    let all = pf::dijkstra_all(&(0, 0), small_board);
    let tree = informed::shortest_path_tree(&problem).expect("no bad step");
    assert_eq!(tree.len(), all.len() + 1);
    for (square, &(_, cost)) in &all {
        assert_eq!(tree.cost_to(square), Some(cost));
        let path = pf::build_path(square, &all);
        assert_eq!(tree.path_to(square).map(|p| p.len()), Some(path.len()));
    }

    // dijkstra_partial: a stop state there, a cost bound here; both reach the stop state at
    // its least cost, and the bound keeps what dijkstra_reach gives up to it.
    let stop = (4, 4);
    let (parents, found) = pf::dijkstra_partial(&(0, 0), small_board, |&s| s == stop);
    assert_eq!(found, Some(stop));
    let bound = parents[&stop].1;
    let near = Search::new(&problem)
        .cost_bound(bound)
        .shortest_path_tree()
        .expect("no bad step");
    assert_eq!(near.cost_to(&stop), Some(bound));
    let within = theirs.iter().filter(|&&(_, cost)| cost <= bound).count();
    assert_eq!(near.len(), within);
    let ours_within = informed::reachable(&problem, Some(bound)).count();
    assert_eq!(ours_within, within);
}

#[test]
fn optimal_paths() {
    let steps = |&(x, y): &(u8, u8)| {
        let mut next = Vec::new();
        if x < 2 {
            next.push(((x + 1, y), 1u32));
        }
        if y < 2 {
            next.push(((x, y + 1), 1));
        }
        next
    };
    let h = |&(x, y): &(u8, u8)| u32::from(2 - x) + u32::from(2 - y);
    let (theirs, cost) = pf::astar_bag_collect(&(0, 0), steps, h, |&c| c == (2, 2)).expect("paths");
    let (bag, bag_cost) = pf::astar_bag(&(0, 0), steps, h, |&c| c == (2, 2)).expect("paths");
    assert_eq!((bag.count(), bag_cost), (theirs.len(), cost));

    let problem = informed::from_fn((0, 0), steps, |&c| c == (2, 2));
    let paths = informed::optimal_paths(&problem).expect("paths");
    assert_eq!(paths.cost(), cost);
    let mut ours: Vec<Vec<(u8, u8)>> = paths.collect();
    let mut theirs = theirs;
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
}

#[test]
fn yen() {
    let edges = |&node: &char| match node {
        'c' => vec![('d', 3), ('e', 2)],
        'd' => vec![('f', 4)],
        'e' => vec![('d', 1), ('f', 2), ('g', 3)],
        'f' => vec![('g', 2), ('h', 1)],
        'g' => vec![('h', 2)],
        _ => vec![],
    };
    let theirs = pf::yen(&'c', edges, |&n| n == 'h', 3);
    let graph = informed::from_fn('c', edges, |&n| n == 'h');
    let ours = informed::k_shortest_paths(&graph, 3).expect("paths");
    let ours: Vec<(usize, u32)> = ours.iter().map(|s| (s.path().len(), s.cost())).collect();
    let theirs: Vec<(usize, u32)> = theirs.iter().map(|(p, c)| (p.len(), *c)).collect();
    assert_eq!(ours, theirs);
    assert_eq!(ours.iter().map(|&(_, c)| c).collect::<Vec<_>>(), [5, 7, 8]);
}

#[test]
fn grid() {
    // pathfinding's `Grid::new` is empty: fill it, then remove the wall.
    let mut theirs = pf::Grid::new(3, 3);
    assert_eq!(theirs.vertices_len(), 0);
    theirs.fill();
    theirs.remove_vertex((1, 1));
    // informed's `Grid::new` is all free already.
    let mut ours = InformedGrid::new(3, 3);
    assert_eq!(ours.free_count(), 9);
    ours.set_free(Cell::new(1, 1), false);

    let path = pf::bfs(&(0, 0), |&v| theirs.neighbours(v), |&v| v == (2, 2)).expect("a path");
    let problem = ours
        .problem(Cell::new(0, 0), Cell::new(2, 2), Movement::Four)
        .expect("free cells");
    assert_eq!(
        informed::bfs(&problem).expect("a path").path().len(),
        path.len()
    );

    // Diagonal mode: a diagonal step between two blocked cells.
    let mut theirs = pf::Grid::new(2, 2);
    theirs.fill();
    theirs.remove_vertex((1, 0));
    theirs.remove_vertex((0, 1));
    theirs.enable_diagonal_mode();
    let path = pf::bfs(&(0, 0), |&v| theirs.neighbours(v), |&v| v == (1, 1)).expect("a path");
    let ours = InformedGrid::from_ascii(".#\n#.").expect("a picture");
    let through = ours
        .problem(Cell::new(0, 0), Cell::new(1, 1), Movement::EightThroughGaps)
        .expect("free cells");
    assert_eq!(
        informed::bfs(&through).expect("a path").path().len(),
        path.len()
    );
    let moving_ai = ours
        .problem(Cell::new(0, 0), Cell::new(1, 1), Movement::Eight)
        .expect("free cells");
    assert!(informed::bfs(&moving_ai).is_err());
}
