//! Breadth-first search: the path with the fewest steps.

use crate::cost::Cost;
use crate::engine::breadth_first::{Breadth, Fit, Parents, Seen, States, StatesBody, with_states};
use crate::engine::control::{Control, Setup};
use crate::engine::table::{NO_PARENT, Placed};
use crate::error::SearchError;
use crate::observer::{Event, Observer};
use crate::problem::SearchProblem;
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
        with_states::<_, Parents, _>(problem, &options, Bfs(self.into_setup()?))
    }
}

/// Breadth-first search, waiting for its table.
struct Bfs<'p, P: SearchProblem, O>(Setup<'p, P, O>);

impl<'p, P, O> StatesBody<'p, P::State> for Bfs<'p, P, O>
where
    P: SearchProblem,
    O: Observer<P::State, P::Cost>,
{
    type Output = SearchResult<P>;

    fn run<T: States<P::State> + 'p>(self, states: T, _: impl Fn() -> T) -> SearchResult<P> {
        let Setup {
            problem,
            mut control,
            mut observer,
            ..
        } = self.0;
        let mut search = Breadth::new(states);
        let zero = P::Cost::ZERO;
        for start in problem.starts() {
            control.count_start();
            match search.reach(start, NO_PARENT, zero, &mut control, &mut observer) {
                Ok(Placed::Inserted(index)) => {
                    if problem.is_goal(search.states.state(index)) {
                        return Ok(found(&search, &mut control, index));
                    }
                }
                Ok(Placed::Found(_)) => {}
                Err(limit) => return Err(search.limit_reached(&control, limit)),
            }
        }
        control.open_size(search.states.len());
        let room = control.buffer_room();
        let mut rest = Vec::new();
        while search.open_len() > 0 {
            let current = search.pop();
            if let Err(limit) = control.expansion() {
                return Err(search.limit_reached(&control, limit));
            }
            let g = search.g_expanded(current);
            let state = search.states.state(current);
            observer.observe(Event::Expand { state, g, h: zero });
            let mut goal = None;
            let mut last: Option<(P::Cost, P::Cost, bool)> = None;
            let take = |search: &mut Breadth<P::State, P::Cost, T>,
                        successor: P::State,
                        step: P::Cost|
             -> Result<bool, SearchError<P::State, P::Cost>> {
                // After the goal, only a second step to it matters: it may be cheaper.
                if goal.is_some_and(|goal| successor != *search.states.state(goal)) {
                    return Ok(true);
                }
                // A step of the cost of the one before it leads to the same cost, passes the
                // same checks and is pruned alike: counted, not checked again.
                let (new_g, pruned) = match last {
                    Some((last, new_g, pruned)) if !step.is_nan() && last.order(step).is_eq() => {
                        control.count_generated(1);
                        if pruned {
                            control.count_pruned();
                        }
                        (new_g, pruned)
                    }
                    _ => {
                        let new_g =
                            control.step(g, step, search.states.state(current), &successor)?;
                        if search.see_step(step) == Seen::New {
                            search.keep_each_cost();
                        }
                        let pruned = control.prunes(new_g);
                        last = Some((step, new_g, pruned));
                        (new_g, pruned)
                    }
                };
                if pruned {
                    return Ok(true);
                }
                match search.reach(successor, current, new_g, &mut control, &mut observer) {
                    Ok(Placed::Inserted(index)) => {
                        if problem.is_goal(search.states.state(index)) {
                            goal = Some(index);
                        }
                    }
                    Ok(Placed::Found(index)) => search.take_cheaper_step(index, current, new_g),
                    Err(limit) => return Err(search.limit_reached(&control, limit)),
                }
                Ok(true)
            };
            let fitted = search.expand(current, problem, (room, Fit::Last), &mut rest, take)?;
            // The successors that fitted are taken first: one may be the goal.
            if !fitted && goal.is_none() {
                let limit = control.buffer_overflow();
                return Err(search.limit_reached(&control, limit));
            }
            if let Some(goal) = goal {
                return Ok(found(&search, &mut control, goal));
            }
            control.open_size(search.open_len());
        }
        Err(control.no_path())
    }
}

/// The solution ending at the state `goal`.
fn found<S: Clone, C: Cost, T: States<S>>(
    search: &Breadth<S, C, T>,
    control: &mut Control<'_, C>,
    goal: usize,
) -> Solution<S, C> {
    control.open_size(search.open_len());
    Solution::new(search.path(goal), search.g(goal), control.stats())
}
