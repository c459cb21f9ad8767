//! Jump point search spread over calls ([`JumpPointQuery`]) against one call of the same
//! searcher: the same outcome, statistics and events however the budgets split it, with and
//! without a JPS+ table and with a query's own blocked cells; the searcher left as it was by a
//! query dropped before its end; and the partial paths checked step by step against A*.

mod common;

use std::time::Duration;

use common::config;
use informed::grid::{
    Cell, DIAGONAL, Grid, GridProblem, JumpPointQuery, JumpPointSearcher, JumpTable, Movement,
    Waypoints,
};
use informed::{
    Budget, Limit, Partial, PartialTarget, Progress, Search, SearchError, Solution, TieBreak,
};
use proptest::prelude::*;

use common::CellQuery as Query;

/// Grids up to 40×24, 0% to 60% walls: small enough for many cases, large enough for jumps of
/// many cells and searches of many calls.
fn small_grid() -> impl Strategy<Value = Query> {
    (1..=40usize, 1..=24usize, 0..=60u32)
        .prop_flat_map(|(w, h, walls)| common::cell_query(w, h, walls))
}

/// The budgets of successive calls, used in turn: 0 to 12 expansions each, at least one of
/// them more than 0 so that the search ends.
fn budgets() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0..=12u64, 1..6).prop_map(|mut budgets| {
        if budgets.iter().all(|&b| b == 0) {
            budgets.push(1);
        }
        budgets
    })
}

/// Up to four cells for the query alone, never the start or the goal.
fn blocked_cells(query: &Query, count: usize, seeds: &[(u32, u32)]) -> Vec<Cell> {
    let (cells, start, goal) = query;
    let (w, h) = (cells[0].len() as u32, cells.len() as u32);
    seeds
        .iter()
        .take(count)
        .map(|&(x, y)| Cell::new(x % w, y % h))
        .filter(|&c| c != Cell::new(start.0, start.1) && c != Cell::new(goal.0, goal.1))
        .collect()
}

/// The options a case sets on both the one-call search and the query.
#[derive(Clone, Copy, Debug)]
struct Options {
    tie_break: TieBreak,
    max_expansions: Option<u64>,
    waypoints: Waypoints,
    target: PartialTarget,
}

fn options() -> impl Strategy<Value = Options> {
    (
        prop_oneof![Just(TieBreak::Fifo), Just(TieBreak::Lifo)],
        prop::option::weighted(0.3, 0..40u64),
        prop_oneof![Just(Waypoints::Cells), Just(Waypoints::JumpPoints)],
        prop_oneof![
            Just(PartialTarget::LeastF),
            Just(PartialTarget::LeastEstimate)
        ],
    )
        .prop_map(|(tie_break, max_expansions, waypoints, target)| Options {
            tie_break,
            max_expansions,
            waypoints,
            target,
        })
}

fn search<'p>(problem: &'p GridProblem<'p>, options: Options) -> Search<'p, GridProblem<'p>> {
    let search = Search::new(problem).tie_break(options.tie_break);
    match options.max_expansions {
        Some(cap) => search.max_expansions(cap),
        None => search,
    }
}

/// A searcher for `grid`, with a JPS+ table or without.
fn searcher(grid: &Grid, table: bool) -> JumpPointSearcher {
    if table {
        JumpPointSearcher::with_table(grid, JumpTable::build(grid).unwrap()).unwrap()
    } else {
        JumpPointSearcher::new(grid)
    }
}

/// The cost of a path of single steps, checked step by step: free cells, none of `blocked`,
/// one step apart, no diagonal that cuts a corner.
fn walk(grid: &Grid, blocked: &[Cell], path: &[Cell]) -> Result<f64, String> {
    let free = |c: Cell| grid.is_free(c) && !blocked.contains(&c);
    if let Some(cell) = path.iter().find(|&&c| !free(c)) {
        return Err(format!("{cell} is blocked"));
    }
    let mut cost = 0.0;
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        match (a.x.abs_diff(b.x), a.y.abs_diff(b.y)) {
            (1, 0) | (0, 1) => cost += 1.0,
            (1, 1) if free(Cell::new(b.x, a.y)) && free(Cell::new(a.x, b.y)) => cost += DIAGONAL,
            (1, 1) => return Err(format!("{a} → {b} cuts a corner")),
            _ => return Err(format!("{a} → {b} is not one step")),
        }
    }
    Ok(cost)
}

/// The cells of a path of turning points, each pair on one straight or diagonal line.
fn fill(waypoints: &[Cell]) -> Result<Vec<Cell>, String> {
    let mut cells = vec![waypoints[0]];
    for pair in waypoints.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let dx = i64::from(b.x) - i64::from(a.x);
        let dy = i64::from(b.y) - i64::from(a.y);
        if a == b || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return Err(format!("{a} → {b} is not a line"));
        }
        for k in 1..=dx.abs().max(dy.abs()) {
            let x = i64::from(a.x) + dx.signum() * k;
            let y = i64::from(a.y) + dy.signum() * k;
            cells.push(Cell::new(x as u32, y as u32));
        }
    }
    Ok(cells)
}

/// The least cost from `from` to `to` avoiding `blocked`, by A*.
fn least_cost(grid: &Grid, blocked: &[Cell], from: Cell, to: Cell) -> Option<f64> {
    let problem = grid.problem(from, to, Movement::Eight).ok()?;
    let problem = problem.with_blocked(blocked).ok()?;
    informed::astar_with(&problem, problem.octile())
        .ok()
        .map(|s| s.cost())
}

/// The events a search's observer sees, written out.
type Events = Vec<String>;

/// One case: the one-call search against the query with `budgets`, on a fresh searcher each
/// (so that one's state cannot hide the other's), and the query's searcher afterwards.
fn same_as_one_call(
    query: &Query,
    budgets: &[u64],
    options: Options,
    table: bool,
    blocked: &[Cell],
) -> Result<(), TestCaseError> {
    let (cells, start, goal) = query;
    let grid = common::cell_grid(cells);
    let (start, goal) = (Cell::new(start.0, start.1), Cell::new(goal.0, goal.1));
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let problem = problem.with_blocked(blocked).unwrap();

    let optimum = informed::astar_with(&problem, problem.octile())
        .ok()
        .map(|s| s.cost());
    let mut one = searcher(&grid, table);
    one.set_waypoints(options.waypoints);
    let mut once: Events = Vec::new();
    let expected = search(&problem, options)
        .on_event(|event| once.push(format!("{event:?}")))
        .jps_in(&mut one);

    let mut split = searcher(&grid, table);
    split.set_waypoints(options.waypoints);
    let mut spread: Events = Vec::new();
    let outcome = {
        let mut query = search(&problem, options)
            .on_event(|event| spread.push(format!("{event:?}")))
            .jps_resumable_in(&mut split)
            .partial_target(options.target);
        prop_assert!(query.partial().is_none(), "nothing before the first call");
        let outcome = run_to_end(
            &mut query,
            budgets,
            Case {
                grid: &grid,
                blocked,
                start,
                optimum,
                waypoints: options.waypoints,
                target: options.target,
            },
            &mut |expanded| {
                let mut reference = searcher(&grid, table);
                reference.set_waypoints(options.waypoints);
                match Search::new(&problem)
                    .tie_break(options.tie_break)
                    .max_expansions(expanded)
                    .jps_in(&mut reference)
                {
                    Err(SearchError::LimitReached { best, .. }) => best,
                    _ => None,
                }
            },
        )?;
        drop(query);
        outcome
    };
    prop_assert_eq!(&outcome, &expected);
    prop_assert_eq!(spread, once, "the same events in the same order");

    // The searcher answers its next queries as one that never ran this one.
    let again = split.search(&problem);
    prop_assert_eq!(&again, &one.search(&problem));
    let open = grid.problem(start, goal, Movement::Eight).unwrap();
    prop_assert_eq!(split.search(&open), one.search(&open));
    if table {
        prop_assert_eq!(split.table(), Some(&JumpTable::build(&grid).unwrap()));
    }
    Ok(())
}

/// What a search returns.
type Outcome = Result<Solution<Cell, f64>, SearchError<Cell, f64>>;

/// What [`run_to_end`] checks a query's partial paths against.
#[derive(Clone, Copy)]
struct Case<'a> {
    grid: &'a Grid,
    /// The query's own blocked cells.
    blocked: &'a [Cell],
    start: Cell,
    /// The least cost of reaching the goal, if it can be reached.
    optimum: Option<f64>,
    waypoints: Waypoints,
    target: PartialTarget,
}

/// Runs `query` with `budgets` in turn until it ends, checking each call's statistics and
/// partial path; the outcome.
fn run_to_end<O: informed::Observer<Cell, f64>>(
    query: &mut JumpPointQuery<'_, '_, Cell, O>,
    budgets: &[u64],
    case: Case<'_>,
    best_after: &mut dyn FnMut(u64) -> Option<Partial<Cell, f64>>,
) -> Result<Outcome, TestCaseError> {
    let Case {
        grid,
        blocked,
        start,
        optimum,
        waypoints,
        target,
    } = case;
    let mut expanded = 0;
    let mut last_f = 0.0;
    for (call, &budget) in budgets.iter().cycle().enumerate() {
        prop_assert!(call < 100_000, "the search does not end");
        match query.run(Budget::expansions(budget)) {
            Progress::Done(outcome) => {
                prop_assert!(query.is_done());
                prop_assert!(query.partial().is_none());
                prop_assert_eq!(
                    query.stats(),
                    match &outcome {
                        Ok(solution) => solution.stats(),
                        Err(error) => error.stats(),
                    }
                );
                // Every later call returns the outcome again.
                let later = query.run(Budget::expansions(1));
                prop_assert_eq!(&later, &Progress::Done(outcome.clone()));
                return Ok(outcome);
            }
            Progress::Running { partial, stats } => {
                expanded += budget;
                prop_assert_eq!(stats.expanded, expanded, "a call spends its whole budget");
                prop_assert_eq!(query.stats(), stats);
                prop_assert!(!query.is_done());
                prop_assert_eq!(query.partial(), Some(partial.clone()));
                let cells = match waypoints {
                    Waypoints::Cells => partial.path().to_vec(),
                    _ => fill(partial.path()).map_err(TestCaseError::fail)?,
                };
                prop_assert_eq!(cells[0], start, "the partial path starts at the start");
                let walked = walk(grid, blocked, &cells).map_err(TestCaseError::fail)?;
                prop_assert!(
                    (walked - partial.cost()).abs() <= 1e-9,
                    "steps sum to {walked}, the path says {}",
                    partial.cost()
                );
                let end = *cells.last().unwrap();
                let least = least_cost(grid, blocked, start, end).unwrap();
                prop_assert!(walked >= least - 1e-9);
                if target == PartialTarget::LeastF {
                    // The octile distance is consistent on jumps: the f of the jump point
                    // expanded next bounds the optimum from below, and never decreases.
                    let f = partial.cost() + partial.estimate();
                    if let Some(optimum) = optimum {
                        prop_assert!(f <= optimum + 1e-9, "f {f} above the optimum {optimum}");
                    }
                    prop_assert!(f >= last_f - 1e-9, "f fell from {last_f} to {f}");
                    last_f = f;
                } else {
                    // What a one-call search stopped by a cap there gives as its best.
                    prop_assert_eq!(Some(partial), best_after(expanded));
                }
            }
        }
    }
    unreachable!("the loop cycles until the search ends")
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn in_calls_as_in_one(query in small_grid(), budgets in budgets(), options in options()) {
        same_as_one_call(&query, &budgets, options, false, &[])?;
    }

    #[test]
    fn with_a_jump_table(query in small_grid(), budgets in budgets(), options in options()) {
        same_as_one_call(&query, &budgets, options, true, &[])?;
    }

    #[test]
    fn with_blocked_cells(
        query in small_grid(),
        budgets in budgets(),
        options in options(),
        table in any::<bool>(),
        count in 0..=4usize,
        seeds in prop::collection::vec((0..40u32, 0..24u32), 4),
    ) {
        let blocked = blocked_cells(&query, count, &seeds);
        same_as_one_call(&query, &budgets, options, table, &blocked)?;
    }

    /// A query dropped before its end leaves the searcher answering as a fresh one: its bits
    /// without the query's blocked cells, its table whole.
    #[test]
    fn a_dropped_query_leaves_the_searcher_right(
        query in small_grid(),
        other in (0..40u32, 0..24u32),
        calls in prop::collection::vec(0..=6u64, 0..4),
        table in any::<bool>(),
        count in 0..=4usize,
        seeds in prop::collection::vec((0..40u32, 0..24u32), 4),
    ) {
        let blocked = blocked_cells(&query, count, &seeds);
        let (cells, start, goal) = &query;
        let grid = common::cell_grid(cells);
        let (start, goal) = (Cell::new(start.0, start.1), Cell::new(goal.0, goal.1));
        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
        let problem = problem.with_blocked(&blocked).unwrap();
        let mut jps = searcher(&grid, table);
        {
            let mut query = jps.resumable(&problem);
            for budget in calls {
                query.run(Budget::expansions(budget));
            }
        }
        // The next query: to a free cell, with none of the dropped query's blocked cells.
        let to = Cell::new(other.0 % grid.width(), other.1 % grid.height());
        if grid.is_free(to) {
            let next = grid.problem(start, to, Movement::Eight).unwrap();
            let fresh = searcher(&grid, table).search(&next);
            prop_assert_eq!(jps.search(&next), fresh);
            let astar = informed::astar_with(&next, next.octile()).map(|s| s.cost());
            prop_assert_eq!(jps.search(&next).map(|s| s.cost()).ok(), astar.ok());
        }
        prop_assert_eq!(jps.search(&problem), searcher(&grid, table).search(&problem));
        if table {
            prop_assert_eq!(jps.table(), Some(&JumpTable::build(&grid).unwrap()));
        }
    }
}

/// A map whose goal is many jump points away: a comb of one-cell pockets.
fn comb() -> (Grid, Cell, Cell) {
    let mut rows = vec![".".repeat(30)];
    rows.extend((0..6).map(|_| format!("{}..", "#.".repeat(14))));
    rows.push(".".repeat(30));
    let grid = Grid::from_ascii(&rows.join("\n")).unwrap();
    (grid, Cell::new(0, 0), Cell::new(29, 7))
}

#[test]
fn a_call_whose_time_has_passed_expands_nothing() {
    let (grid, start, goal) = comb();
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let mut jps = JumpPointSearcher::new(&grid);
    let expected = jps.search(&problem).unwrap();
    let mut query = jps.resumable(&problem);
    match query.run(Budget::time(Duration::ZERO)) {
        Progress::Running { partial, stats } => {
            assert_eq!(stats.expanded, 0);
            assert_eq!(partial.path(), [start]);
            assert_eq!(partial.cost(), 0.0);
        }
        other => panic!("{other:?}"),
    }
    // A generous time runs to the end, reading the clock as it goes.
    let Progress::Done(outcome) = query.run(Budget::time(Duration::from_secs(3600))) else {
        panic!("an hour ends a search of a few hundred cells");
    };
    assert_eq!(outcome.unwrap(), expected);
}

#[test]
fn limits_of_the_search_bound_every_call_together() {
    let (grid, start, goal) = comb();
    let problem = grid.problem(start, goal, Movement::Eight).unwrap();
    let mut jps = JumpPointSearcher::new(&grid);
    let full = jps.search(&problem).unwrap().stats().expanded;
    assert!(full > 6, "{full}");
    let cap = full - 3;
    let expected = Search::new(&problem).max_expansions(cap).jps_in(&mut jps);
    let mut query = Search::new(&problem)
        .max_expansions(cap)
        .jps_resumable_in(&mut jps);
    let mut calls = 0;
    let outcome = loop {
        calls += 1;
        if let Progress::Done(outcome) = query.run(Budget::expansions(2)) {
            break outcome;
        }
    };
    assert!(calls > 1);
    match &outcome {
        Err(SearchError::LimitReached { limit, best, .. }) => {
            assert_eq!(*limit, Limit::Expansions(cap));
            assert_eq!(best.as_ref().unwrap().path()[0], start);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(outcome, expected);
}

#[test]
fn refused_queries_end_at_the_first_call_and_leave_the_searcher_alone() {
    let (grid, start, goal) = comb();
    let mut jps = JumpPointSearcher::new(&grid);
    let four = grid.problem(start, goal, Movement::Four).unwrap();
    let mut query = jps.resumable(&four);
    assert!(query.partial().is_none());
    match query.run(Budget::expansions(10)) {
        Progress::Done(Err(SearchError::Unsupported { option, .. })) => {
            assert_eq!(option, "Movement::Four");
        }
        other => panic!("{other:?}"),
    }
    assert!(query.is_done());
    drop(query);

    let eight = grid.problem(start, goal, Movement::Eight).unwrap();
    let mut query = Search::new(&eight)
        .cost_bound(f64::NAN)
        .jps_resumable_in(&mut jps);
    assert!(matches!(
        query.run(Budget::unlimited()),
        Progress::Done(Err(SearchError::InvalidCostBound { .. }))
    ));
    drop(query);
    assert_eq!(
        jps.search(&eight).unwrap(),
        JumpPointSearcher::new(&grid).search(&eight).unwrap()
    );
}

#[test]
fn a_walled_in_goal_ends_with_no_path_even_on_a_spent_budget() {
    let grid = Grid::from_ascii("...#.\n...#.\n...#.").unwrap();
    let problem = grid
        .problem(Cell::new(0, 1), Cell::new(4, 1), Movement::Eight)
        .unwrap();
    let mut jps = JumpPointSearcher::new(&grid);
    let mut query = jps.resumable(&problem);
    let outcome = loop {
        if let Progress::Done(outcome) = query.run(Budget::expansions(1)) {
            break outcome;
        }
    };
    assert!(outcome.unwrap_err().is_no_path());
}

#[test]
fn the_nearest_of_several_goals_in_calls() {
    let (grid, start, _) = comb();
    let goals = [Cell::new(29, 7), Cell::new(5, 3), Cell::new(28, 0)];
    let problem = grid
        .problem_to_nearest(start, &goals, Movement::Eight)
        .unwrap();
    let mut jps = JumpPointSearcher::new(&grid);
    let expected = jps.search(&problem).unwrap();
    let mut query = jps.resumable(&problem);
    let outcome = loop {
        if let Progress::Done(outcome) = query.run(Budget::expansions(1)) {
            break outcome;
        }
    };
    assert_eq!(outcome.unwrap(), expected);
}
