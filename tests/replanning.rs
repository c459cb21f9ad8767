//! LPA* and D* Lite against a fresh search after every change: on random graphs, random steps
//! get dearer, cheaper, appear and vanish (goals cut off and reconnected), D* Lite's start
//! walks its plan, and after each change both plans cost exactly what Dijkstra finds on the
//! changed graph, from where the start now is; with consistent estimates, and with limits that
//! stop a plan half-way and leave the searcher usable.

mod common;

use common::{Graph, config};
use informed::{DStarLite, Lpa, SearchError};
use proptest::prelude::*;

/// One change to the graph.
#[derive(Clone, Debug)]
enum Change {
    /// Sets the cost of the step `from → to`, adding it if absent.
    Set { from: usize, to: usize, cost: u64 },
    /// Removes the step `from → to` if present.
    Remove { from: usize, to: usize },
    /// Walks D* Lite's start one step along its plan.
    Walk,
}

fn change(nodes: usize) -> impl Strategy<Value = Change> {
    prop_oneof![
        (0..nodes, 0..nodes, 1..12u64).prop_map(|(from, to, cost)| Change::Set { from, to, cost }),
        (0..nodes, 0..nodes).prop_map(|(from, to)| Change::Remove { from, to }),
        Just(Change::Walk),
    ]
}

/// Dijkstra's cost from `start` to the goal of `graph`.
fn fresh(graph: &Graph<u64>, start: usize) -> Option<u64> {
    let mut query = graph.clone();
    query.starts = vec![start];
    informed::dijkstra(&query).ok().map(|s| s.cost())
}

fn outcome_cost(
    outcome: &Result<informed::Solution<usize, u64>, SearchError<usize, u64>>,
) -> Option<u64> {
    match outcome {
        Ok(solution) => Some(solution.cost()),
        Err(SearchError::NoPath { .. }) => None,
        Err(error) => panic!("{error:?}"),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn replanning_costs_what_a_fresh_search_finds(
        nodes in 2..14usize,
        edges in prop::collection::vec((0..14usize, 0..14usize, 1..12u64), 0..40),
        changes in prop::collection::vec(change(14), 0..25),
        cap in prop::option::of(1..6u64),
    ) {
        let mut graph = Graph::<u64> {
            adjacency: vec![Vec::new(); nodes],
            starts: vec![0],
            goals: (0..nodes).map(|v| v == nodes - 1).collect(),
            numbered: false,
        };
        for (from, to, cost) in edges {
            if from < nodes && to < nodes && !graph.adjacency[from].iter().any(|&(t, _)| t == to) {
                graph.adjacency[from].push((to, cost * 4));
            }
        }
        let goal = nodes - 1;
        // Estimates consistent on every graph the changes make: each step costs at least 4.
        let mut lpa = Lpa::new(0usize, goal, move |v: &usize| if *v == goal { 0 } else { 4u64 });
        let mut agent = DStarLite::new(0usize, goal, |a: &usize, b: &usize| if a == b { 0 } else { 4u64 });
        let plan = |lpa: &mut Lpa<_, _, _>, graph: &Graph<u64>| loop {
            // A cap stops a plan half-way; asking again goes on where it stopped.
            match lpa.plan(graph) {
                Err(SearchError::LimitReached { .. }) => continue,
                other => return other,
            }
        };
        if let Some(cap) = cap {
            lpa.max_expansions(cap);
            agent.max_expansions(cap);
        }
        let replan = |agent: &mut DStarLite<_, _, _>, graph: &Graph<u64>| loop {
            match agent.plan(graph) {
                Err(SearchError::LimitReached { .. }) => continue,
                other => return other,
            }
        };
        prop_assert_eq!(outcome_cost(&plan(&mut lpa, &graph)), fresh(&graph, 0));
        prop_assert_eq!(outcome_cost(&replan(&mut agent, &graph)), fresh(&graph, 0));
        for change in changes {
            match change {
                Change::Set { from, to, cost } if from < nodes && to < nodes => {
                    let edges = &mut graph.adjacency[from];
                    match edges.iter_mut().find(|(t, _)| *t == to) {
                        Some(edge) => edge.1 = cost * 4,
                        None => edges.push((to, cost * 4)),
                    }
                    lpa.step_changed(&graph, &from, &to);
                    agent.step_changed(&graph, &from, &to);
                }
                Change::Remove { from, to } if from < nodes && to < nodes => {
                    graph.adjacency[from].retain(|&(t, _)| t != to);
                    lpa.step_changed(&graph, &from, &to);
                    agent.step_changed(&graph, &from, &to);
                }
                Change::Walk => {
                    if let Ok(solution) = replan(&mut agent, &graph) {
                        if let Some(&next) = solution.path().get(1) {
                            agent.move_to(next);
                        }
                    }
                }
                _ => continue,
            }
            prop_assert_eq!(outcome_cost(&plan(&mut lpa, &graph)), fresh(&graph, 0));
            let start = *agent.start();
            let found = replan(&mut agent, &graph);
            prop_assert_eq!(outcome_cost(&found), fresh(&graph, start));
            if let Ok(solution) = &found {
                prop_assert_eq!(solution.path()[0], start);
                prop_assert_eq!(*solution.path().last().unwrap(), goal);
            }
        }
    }
}

/// A 4-connected grid of `width` × `height` cells as a graph: steps between free neighbours,
/// each costing what the cell entered costs (at least 1).
fn grid(width: usize, height: usize, blocked: &[bool], weight: &[u64]) -> Graph<u64> {
    let n = width * height;
    let mut adjacency = vec![Vec::new(); n];
    for cell in 0..n {
        if blocked[cell] {
            continue;
        }
        let (x, y) = (cell % width, cell / width);
        let mut next = Vec::new();
        if x > 0 {
            next.push(cell - 1);
        }
        if x + 1 < width {
            next.push(cell + 1);
        }
        if y > 0 {
            next.push(cell - width);
        }
        if y + 1 < height {
            next.push(cell + width);
        }
        for to in next {
            if !blocked[to] {
                adjacency[cell].push((to, weight[to]));
            }
        }
    }
    Graph {
        adjacency,
        starts: vec![0],
        goals: (0..n).map(|v| v == n - 1).collect(),
        numbered: false,
    }
}

proptest! {
    #![proptest_config(config())]

    /// The use D* Lite is for: an agent crossing a grid whose cells get blocked and freed as it
    /// walks, with the Manhattan distance (consistent whatever the walls) as its estimate, so
    /// that the key modifier matters; every plan costs what a fresh Dijkstra finds.
    #[test]
    fn an_agent_replans_on_a_changing_grid(
        width in 2..7usize,
        height in 2..7usize,
        walls in prop::collection::vec(any::<bool>(), 36),
        weights in prop::collection::vec(1..4u64, 36),
        events in prop::collection::vec((any::<bool>(), 0..36usize), 0..30),
    ) {
        let n = width * height;
        let mut blocked: Vec<bool> = walls[..n].to_vec();
        blocked[0] = false;
        blocked[n - 1] = false;
        let weight = &weights[..n];
        let mut graph = grid(width, height, &blocked, weight);
        let manhattan = move |a: &usize, b: &usize| {
            ((a % width).abs_diff(b % width) + (a / width).abs_diff(b / width)) as u64
        };
        let mut agent = DStarLite::new(0usize, n - 1, manhattan);
        let mut lpa = Lpa::new(0usize, n - 1, move |a: &usize| manhattan(a, &(n - 1)));
        prop_assert_eq!(outcome_cost(&agent.plan(&graph)), fresh(&graph, 0));
        prop_assert_eq!(outcome_cost(&lpa.plan(&graph)), fresh(&graph, 0));
        for (walk, cell) in events {
            if walk {
                if let Ok(solution) = agent.plan(&graph) {
                    if let Some(&next) = solution.path().get(1) {
                        agent.move_to(next);
                    }
                }
            } else if cell < n && cell != n - 1 && cell != *agent.start() {
                // The cell flips; every step into and out of it changed.
                blocked[cell] = !blocked[cell];
                let old = graph.clone();
                graph = grid(width, height, &blocked, weight);
                for other in 0..n {
                    let touches = |g: &Graph<u64>, a: usize, b: usize| g.adjacency[a].iter().any(|&(t, _)| t == b);
                    for (from, to) in [(cell, other), (other, cell)] {
                        if touches(&old, from, to) || touches(&graph, from, to) {
                            agent.step_changed(&graph, &from, &to);
                            lpa.step_changed(&graph, &from, &to);
                        }
                    }
                }
            }
            let start = *agent.start();
            prop_assert_eq!(outcome_cost(&agent.plan(&graph)), fresh(&graph, start));
            prop_assert_eq!(outcome_cost(&lpa.plan(&graph)), fresh(&graph, 0));
        }
    }
}

/// On a `grid::Grid`, a wall found on the plan: D* Lite's new plan costs what A* finds. A
/// blocked cell has no steps out or in (it once listed its free neighbours, and D* Lite, which
/// asks a cell it has been through, planned through the wall).
#[test]
fn d_star_lite_replans_around_a_wall_on_a_grid() {
    use informed::SearchProblem;
    use informed::grid::{Cell, Grid, Movement};

    let mut grid = Grid::new(9, 5);
    let (start, goal) = (Cell::new(0, 2), Cell::new(8, 2));
    let octile = |a: &Cell, b: &Cell| {
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        f64::from(dx.max(dy) - dx.min(dy)) + informed::grid::DIAGONAL * f64::from(dx.min(dy))
    };
    let mut agent = DStarLite::new(start, goal, octile);
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    assert_eq!(agent.plan(&problem).unwrap().cost(), 8.0);
    for y in 0..5 {
        if y != 4 {
            grid.set_free(Cell::new(4, y), false);
        }
    }
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    assert_eq!(problem.successors(&Cell::new(4, 2)).into_iter().count(), 0);
    assert_eq!(
        informed::Bidirectional::predecessors(&problem, &Cell::new(4, 2))
            .into_iter()
            .count(),
        0
    );
    for y in 0..5 {
        for x in 3..6 {
            let cell = Cell::new(x, y);
            for (dx, dy) in [
                (-1i32, -1i32),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ] {
                if let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) {
                    if nx < 9 && ny < 5 {
                        agent.step_changed(&problem, &cell, &Cell::new(nx, ny));
                        agent.step_changed(&problem, &Cell::new(nx, ny), &cell);
                    }
                }
            }
        }
    }
    let replanned = agent.plan(&problem).unwrap();
    let fresh = informed::astar_with(&problem, problem.octile()).unwrap();
    assert_eq!(replanned.cost(), fresh.cost());
    assert!(replanned.path().contains(&Cell::new(4, 4)));
}
