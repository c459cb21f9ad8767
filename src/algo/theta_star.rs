//! Theta*: A* whose paths cut across the steps of the successors wherever a straight line is
//! clear, for any-angle paths on grids.

use crate::cost::Cost;
use crate::engine::control::Setup;
use crate::engine::heap::{Frontier, IndexedHeap};
use crate::engine::select::{TableBody, with_tables};
use crate::engine::table::{Lookup, NO_PARENT, Node, Table, Tables, most_promising, path};
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::{Event, Observer};
use crate::problem::Successors;
use crate::search::Search;
use crate::sight::LineOfSight;
use crate::solution::{SearchResult, Solution};

/// Finds an any-angle path: A* whose states may take as parent any state in sight, not only the
/// one they were stepped to from (Theta*).
///
/// It expands states as A* does, by f = g + h (ties to the smaller h, then to the state stored
/// first), but when it reaches a successor `t` of `s` it first tries to go to `t` straight from
/// `s`'s parent: where [`LineOfSight::line_of_sight`] says the parent sees `t`, `t` is reached
/// from the parent at the straight line's cost, otherwise from `s` at the step's cost (both
/// measured by [`line_of_sight`](LineOfSight::line_of_sight)). Parents are therefore waypoints,
/// and the path returned is the chain of them: on a grid, the corners a unit walks straight
/// between, in any direction, rather than a chain of cells in eight.
///
/// This is basic Theta* (Nash, Daniel, Koenig and Felner, 2007), chosen over Lazy Theta* (Nash,
/// Koenig and Tovey, 2010), which checks a line of sight once per expansion instead of once per
/// successor and assumes it clear until then: here every stored state's g is the length of a
/// real, visible path at all times, so the partial path a limit returns is one a unit can walk,
/// and the search is A*'s own loop with one extra test. The price is in those tests: on a grid
/// a line of sight costs a step per cell it crosses, and on open ground, where parents are far
/// away, they are most of the work. A test is skipped where even an unblocked line could not
/// improve a waiting successor ([`LineOfSight::straight_cost`]); measured in instructions,
/// Theta* then costs 1.9× A* with the octile heuristic on the Moving AI map arena2 and 9.5× on
/// an open 256² map (`docs/benchmarks.md`, "Grids for games").
///
/// # What it guarantees, and what not
///
/// - Every consecutive pair of states on the path sees each other, and the cost is the sum of
///   their [`line_of_sight`](LineOfSight::line_of_sight) costs, added in path order.
/// - It finds a path whenever one exists (each successor not yet expanded is reached, as in
///   A*), and the cost is at least the heuristic's estimate at the start, where that is
///   admissible for straight lines (the Euclidean distance on a grid).
/// - It is **not optimal** among any-angle paths: a state only ever takes its neighbour or its
///   neighbour's parent as parent, so a path that should bend where no parent chain passes is
///   missed. On random maps with 10–30% of the cells blocked it came out 0.8–5.5% longer on
///   average than the shortest path through cell centres, and optimal in 4–24% of the queries
///   (`docs/benchmarks.md`, "Grids for games").
/// - It is **not guaranteed to be shorter than the grid path** of [`astar`](crate::astar)
///   either: states are expanded once, in an order set by costs that already cut corners, and
///   nothing rules out a state closed with a parent chain longer than the grid path to it. No
///   such case turned up in the 7,010 queries measured on an open map, random maps and the
///   Moving AI maps arena2 and 8room_000 (`docs/benchmarks.md`, "Grids for games").
///
/// For a path that must stay in the corridor A* found, or a cheaper answer than a second
/// search, smooth the grid path instead ([`Grid::smooth`](crate::grid::Grid::smooth)).
///
/// # Arguments
///
/// - `problem`: a [`LineOfSight`] problem, such as [`GridProblem`](crate::grid::GridProblem).
/// - `heuristic`: a closure giving an estimate of the remaining cost of a state, admissible
///   for straight lines: on a grid, the Euclidean distance
///   ([`euclidean`](crate::grid::GridProblem::euclidean)), not the octile one, which
///   overestimates a line that is not straight or diagonal. For a heuristic that is a type,
///   call [`theta_star_with`].
///
/// # Returns
///
/// The [`Solution`]: the waypoints from a start to a goal, the cost of the straight lines
/// between them, and the [`Stats`](crate::Stats) (`generated` counts every successor
/// delivered, as for A*).
///
/// # Errors
///
/// Those of [`astar`](crate::astar): [`SearchError::NoPath`](crate::SearchError::NoPath) if no
/// goal is reachable, [`SearchError::LimitReached`](crate::SearchError::LimitReached) if a
/// limit set on a [`Search`] stopped it (with the waypoints to the most promising state), and
/// the errors for bad costs or estimates, a line of sight's cost included.
///
/// # Complexity
///
/// A*'s **O((V + E) log V)** time and **O(V)** space, plus a line of sight for each successor
/// of each expanded state that has a parent: on a grid, each costs the number of cells the
/// line crosses, so **O(E · L)** more for lines of at most L cells. Where the problem gives
/// [`straight_cost`](LineOfSight::straight_cost), a waiting successor that the straight line
/// could not improve is passed over without the test.
///
/// # Example
///
/// ```
/// use informed::grid::{self, Cell, Grid, Movement};
///
/// let grid = Grid::from_ascii(
///     "..........\n\
///      ..........\n\
///      ....##....\n\
///      ..........",
/// )?;
/// let problem = grid.problem(Cell::new(0, 3), Cell::new(9, 0), Movement::Eight)?;
/// let any_angle = informed::theta_star_with(&problem, problem.euclidean())?;
/// let cells = informed::astar_with(&problem, problem.octile())?;
/// // Waypoints a unit walks straight between, each in sight of the next.
/// for leg in any_angle.path().windows(2) {
///     assert!(grid.line_of_sight(leg[0], leg[1], Movement::Eight));
/// }
/// assert_eq!(any_angle.cost(), grid::path_length(any_angle.path()));
/// assert!(any_angle.cost() < cells.cost());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// A. Nash, K. Daniel, S. Koenig, A. Felner, "Theta*: Any-Angle Path Planning on Grids",
/// *AAAI* 2007, 1177–1183.
pub fn theta_star<P, F>(problem: &P, heuristic: F) -> SearchResult<P>
where
    P: LineOfSight,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).theta_star_with(heuristic)
}

/// [`theta_star`] with a heuristic of any type that implements [`Heuristic`], such as
/// [`grid::Euclidean`](crate::grid::Euclidean); see [`astar_with`](crate::astar_with) for why
/// the closures and the types have an entry point each.
///
/// # Arguments
///
/// - `problem`: a [`LineOfSight`] problem.
/// - `heuristic`: an estimate admissible for straight lines, as for [`theta_star`].
///
/// # Returns
///
/// As for [`theta_star`].
///
/// # Errors
///
/// As for [`theta_star`].
///
/// # Complexity
///
/// As for [`theta_star`].
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// // On an open map the path is the straight line, and its cost the distance.
/// let grid = Grid::new(20, 20);
/// let problem = grid.problem(Cell::new(1, 2), Cell::new(13, 7), Movement::Eight)?;
/// let solution = informed::theta_star_with(&problem, problem.euclidean())?;
/// assert_eq!(solution.path(), &[Cell::new(1, 2), Cell::new(13, 7)]);
/// assert_eq!(solution.cost(), 13.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn theta_star_with<P, H>(problem: &P, heuristic: H) -> SearchResult<P>
where
    P: LineOfSight,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).theta_star_with(heuristic)
}

impl<P: LineOfSight, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`theta_star`](crate::theta_star) with this search's options and a closure
    /// heuristic.
    ///
    /// # Errors
    ///
    /// As for [`theta_star`](crate::theta_star).
    pub fn theta_star<F: HeuristicFn<P::State, P::Cost>>(self, heuristic: F) -> SearchResult<P> {
        self.theta_star_with(heuristic)
    }

    /// Runs [`theta_star_with`](crate::theta_star_with) with this search's options: its limits,
    /// cost bound (pruning g + h above it), tie-breaking, node table and hashing, and its
    /// observer. The open set is always an indexed heap, which Theta* needs to lower a waiting
    /// state's key; [`open_set`](Self::open_set) is ignored.
    ///
    /// # Errors
    ///
    /// As for [`theta_star`](crate::theta_star).
    pub fn theta_star_with<H: Heuristic<P::State, P::Cost>>(self, heuristic: H) -> SearchResult<P> {
        let (problem, options) = (self.problem(), *self.options());
        let body = ThetaStar {
            setup: self.into_setup()?,
            heuristic,
        };
        with_tables(problem, &options, body)
    }
}

/// Theta*, waiting for its node table.
struct ThetaStar<'p, P: LineOfSight, H, O> {
    setup: Setup<'p, P, O>,
    heuristic: H,
}

impl<'p, P, H, O> TableBody<'p, P::State, P::Cost> for ThetaStar<'p, P, H, O>
where
    P: LineOfSight,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    type Output = SearchResult<P>;

    fn run<N: Tables<'p, P::State, P::Cost>>(self, tables: N) -> SearchResult<P> {
        let Setup {
            problem,
            options,
            mut control,
            mut observer,
        } = self.setup;
        let heuristic = &self.heuristic;
        let mut table = tables.table();
        let mut open: IndexedHeap<<P::Cost as Cost>::Pair, 4> = IndexedHeap::new(options.tie_break);
        for start in problem.starts() {
            control.count_start();
            if let Lookup::New(key) = table.lookup(&start) {
                let h = control.estimate(heuristic, &start)?;
                if control.prunes(h) {
                    continue;
                }
                let node = Node::new(NO_PARENT, P::Cost::ZERO, h);
                let index = control.store(&mut table, &mut observer, key, start, node)?;
                open.push(index, P::Cost::pair(h, h));
                control.open_size(open.len());
            }
        }
        let mut successors = Successors::new();
        while open.len() > 0 {
            if let Err(limit) = control.allow_expansion() {
                return Err(control.limit_reached(limit, most_promising(&table)));
            }
            let Some((current, _)) = open.pop() else {
                break;
            };
            control.count_expansion();
            let (state, &node) = table.entry(current);
            observer.observe(Event::Expand {
                state,
                g: node.g,
                h: node.h,
            });
            if problem.is_goal(state) {
                return Ok(Solution::new(
                    path(&table, current),
                    node.g,
                    control.stats(),
                ));
            }
            if let Err(limit) = control.collect(&mut successors, problem.successors(state)) {
                return Err(control.limit_reached(limit, most_promising(&table)));
            }
            let anchor = node.parent();
            for (next, step) in successors.drain() {
                let seen = table.lookup(&next);
                if let Lookup::Stored(index) = seen {
                    // Expanded already (Theta*, as A* with a consistent heuristic, does not
                    // reopen a state), or waiting at a g that neither way here can beat: the
                    // straight line from the parent is the shorter of the two (the triangle
                    // inequality), and it is no shorter than its cost unblocked. Skipping the
                    // line of sight then saves most of them where the parents are far away.
                    let beaten = || {
                        let old = table.node(index).g;
                        let from = if anchor == NO_PARENT { current } else { anchor };
                        problem
                            .straight_cost(table.state(from), &next)
                            .and_then(|cost| table.node(from).g.checked_sum(cost))
                            .is_some_and(|g| !g.order(old).is_lt())
                    };
                    if !open.contains(index) || beaten() {
                        control.count_generated(1);
                        continue;
                    }
                }
                // Straight from the parent where it sees `next`, else the step from here.
                let straight = (anchor != NO_PARENT)
                    .then(|| problem.line_of_sight(table.state(anchor), &next))
                    .flatten();
                let (parent, g) = match straight {
                    Some(cost) => {
                        let g_anchor = table.node(anchor).g;
                        (
                            anchor,
                            control.step(g_anchor, cost, table.state(anchor), &next)?,
                        )
                    }
                    None => {
                        let state = table.state(current);
                        let cost = problem.line_of_sight(state, &next).unwrap_or(step);
                        (current, control.step(node.g, cost, state, &next)?)
                    }
                };
                match seen {
                    Lookup::New(key) => {
                        let h = control.estimate(heuristic, &next)?;
                        let Some(f) = g.checked_sum(h) else {
                            return Err(control.estimate_overflow(next, g, h));
                        };
                        if control.prunes(f) {
                            continue;
                        }
                        let node = Node::new(parent, g, h);
                        let index = control.store(&mut table, &mut observer, key, next, node)?;
                        open.push(index, P::Cost::pair(f, h));
                        control.open_size(open.len());
                    }
                    Lookup::Stored(index) => {
                        let old = table.node(index).g;
                        if !g.order(old).is_lt() {
                            continue;
                        }
                        let h = table.node(index).h;
                        let Some(f) = g.checked_sum(h) else {
                            return Err(control.estimate_overflow(next, g, h));
                        };
                        let node = table.node_mut(index);
                        node.g = g;
                        node.set_parent(parent);
                        open.decrease_key(index, P::Cost::pair(f, h));
                        control.count_decrease_key();
                        if let (Some((state, _)), Some((parent, _))) =
                            (table.get(index), table.get(parent))
                        {
                            observer.observe(Event::DecreaseKey {
                                state,
                                parent,
                                old_g: old,
                                g,
                                h,
                            });
                        }
                    }
                }
            }
        }
        Err(control.no_path())
    }
}
