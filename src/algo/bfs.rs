//! Breadth-first search: the path with the fewest steps.

use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::engine::select::{TableBody, with_tables};
use crate::engine::table::{
    Lookup, NO_PARENT, Node, Placed, Table, Tables, most_promising, path, take_cheaper_step,
};
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

/// Finds a path with the fewest steps from a start state to a goal, ignoring step costs (but
/// for an infinite one, which makes a step impassable here as in every search).
///
/// States are expanded in the order they were first generated, layer by layer. The goal test is
/// made when a state is generated, one layer earlier than a best-first search would make it, so
/// the goal itself is never counted as expanded. The reported cost is still the sum of the step
/// costs along the path (checked like any other search's), but it need not be the least cost:
/// use [`dijkstra`](crate::dijkstra) for that. Where `successors` pushes one state twice, the
/// cheaper step is the one taken. A float step cost of infinity is the crate's mark of an
/// impassable step (see [`Cost`](crate::Cost)): the successor is pruned, counted in
/// [`Stats::pruned`](crate::Stats::pruned), so that `bfs` and [`dijkstra`](crate::dijkstra)
/// agree on which goals are reachable.
///
/// # Arguments
///
/// - `problem`: the state space; its step costs are summed into the path cost only (an
///   infinite one prunes the step).
///
/// # Returns
///
/// The [`Solution`](crate::Solution): a path of fewest steps, its cost, and the
/// [`Stats`](crate::Stats) of the search. Among paths of equally few steps, the one through
/// states generated first wins.
///
/// # Errors
///
/// - [`SearchError::NoPath`](crate::SearchError::NoPath) if no goal is reachable by steps of
///   finite cost (its message counts the steps pruned as impassable).
/// - [`SearchError::LimitReached`](crate::SearchError::LimitReached) if a limit set on a
///   [`Search`] stopped it.
/// - [`SearchError::NegativeCost`](crate::SearchError::NegativeCost),
///   [`SearchError::NanCost`](crate::SearchError::NanCost),
///   [`SearchError::Overflow`](crate::SearchError::Overflow) for a bad step cost or a path cost
///   that does not fit in the cost type.
///
/// # Complexity
///
/// **O(V + E)** time and **O(V)** space, where V is the number of states generated and E the
/// number of successors delivered; each state is hashed once per time it is generated.
///
/// # Example
///
/// A knight's shortest tour to a square, in moves:
///
/// ```
/// let knight = |&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
///         .into_iter()
///         .filter(|&((x, y), _)| (0..8).contains(&x) && (0..8).contains(&y))
/// };
/// let problem = informed::from_fn((0, 0), knight, |&square| square == (7, 7));
/// let solution = informed::bfs(&problem)?;
/// assert_eq!(solution.steps(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bfs<P: SearchProblem>(problem: &P) -> SearchResult<P> {
    Search::new(problem).bfs()
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`bfs`](crate::bfs) with this search's options. The cost bound prunes successors
    /// whose g exceeds it.
    ///
    /// # Errors
    ///
    /// As for [`bfs`](crate::bfs).
    pub fn bfs(self) -> SearchResult<P> {
        let (problem, options) = (self.problem(), *self.options());
        with_tables(problem, &options, Bfs(self.into_setup()?))
    }
}

/// Breadth-first search, waiting for its node table.
struct Bfs<'p, P: SearchProblem, O>(Setup<'p, P, O>);

impl<'p, P, O> TableBody<'p, P::State, P::Cost> for Bfs<'p, P, O>
where
    P: SearchProblem,
    O: Observer<P::State, P::Cost>,
{
    type Output = SearchResult<P>;

    fn run<N: Tables<'p, P::State, P::Cost>>(self, tables: N) -> SearchResult<P> {
        let Setup {
            problem,
            mut control,
            mut observer,
            ..
        } = self.0;
        let mut table = tables.table();
        // The queue is the table itself: states are stored in the order they are generated, so
        // the unexpanded ones are exactly those from `next` on.
        let mut next = 0;
        let zero = P::Cost::ZERO;
        for start in problem.starts() {
            control.count_start();
            if let Lookup::New(key) = table.lookup(&start) {
                let node = Node::new(NO_PARENT, zero, zero);
                let index = control.store(&mut table, &mut observer, key, start, node)?;
                if problem.is_goal(table.state(index)) {
                    return Ok(found(&table, &mut control, index, next));
                }
            }
        }
        control.open_size(table.len());
        let mut buffer = Successors::new();
        let room = control.buffer_room();
        while next < table.len() {
            let current = next;
            next += 1;
            control.expand_in(&table)?;
            let (state, &Node { g, .. }) = table.entry(current);
            observer.observe(Event::Expand { state, g, h: zero });
            let mut goal = None;
            let mut take = |table: &mut N::Table, successor: P::State, step: P::Cost| {
                // After the goal, only a second step to it matters: it may be cheaper.
                if goal.is_some_and(|goal| successor != *table.state(goal)) {
                    return Ok(());
                }
                let new_g = control.step(g, step, table.state(current), &successor)?;
                if control.prunes(new_g) {
                    return Ok(());
                }
                match table.find_or_insert(successor, Node::new(current, new_g, zero)) {
                    Placed::Inserted(index) => {
                        if let Err(limit) = control.admit_stored(table, &mut observer, index) {
                            return Err(control.limit_reached(limit, most_promising(table)));
                        }
                        if problem.is_goal(table.state(index)) {
                            goal = Some(index);
                        }
                    }
                    Placed::Found(index) => take_cheaper_step(table, index, current, new_g),
                }
                Ok(())
            };
            // As in the best-first engine: the successors of a state that owns memory are
            // collected before any is stored; any other state is copied, and its successors
            // taken as they come.
            if const { std::mem::needs_drop::<P::State>() } {
                let fitted = buffer.fill_at_most(problem.successors(state), room);
                for (successor, step) in buffer.drain() {
                    take(&mut table, successor, step)?;
                }
                // The ones that fitted are taken first: one may be the goal.
                if !fitted && goal.is_none() {
                    let limit = control.buffer_overflow();
                    return Err(control.limit_reached(limit, most_promising(&table)));
                }
            } else {
                let state = state.clone();
                for (successor, step) in problem.successors(&state) {
                    take(&mut table, successor, step)?;
                }
            }
            if let Some(goal) = goal {
                return Ok(found(&table, &mut control, goal, next));
            }
            control.open_size(table.len() - next);
        }
        Err(control.no_path())
    }
}

/// The solution ending at the node `goal`, found when the states from `next` on were queued.
fn found<S: Clone, C: Cost, T: Table<S, C>>(
    table: &T,
    control: &mut Control<'_, C>,
    goal: usize,
    next: usize,
) -> Solution<S, C> {
    control.open_size(table.len() - next);
    Solution::new(path(table, goal), table.node(goal).g, control.stats())
}
