//! The k shortest loopless paths (Yen's algorithm), on the best-first engine.

use crate::cost::Cost;
use crate::engine::best_first::{Engine, EngineOf, Priority, Ranking};
use crate::engine::control::{Control, Setup};
use crate::engine::heap::{Frontier, OpenSets};
use crate::engine::options::TieBreak;
use crate::engine::select::{EngineBody, with_engine};
use crate::engine::table::{NO_PARENT, NodeTables, Table, Tables, path_cost};
use crate::error::SearchError;
use crate::heuristic::Zero;
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::{ErrorOf, Solution, SolutionOf};

/// A view of a problem from one start, with some states and some steps removed.
struct Restricted<'a, P: SearchProblem> {
    problem: &'a P,
    start: P::State,
    banned_states: Vec<P::State>,
    banned_steps: Vec<(P::State, P::State)>,
}

impl<P: SearchProblem> SearchProblem for Restricted<'_, P> {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = P::State> {
        [self.start.clone()]
    }

    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }

    fn successors(&self, state: &P::State) -> impl IntoIterator<Item = (P::State, P::Cost)> {
        self.problem
            .successors(state)
            .into_iter()
            .filter(move |(next, _)| {
                !self.banned_states.contains(next)
                    && !self
                        .banned_steps
                        .iter()
                        .any(|(a, b)| a == state && b == next)
            })
    }

    fn index_bound(&self) -> Option<usize> {
        self.problem.index_bound()
    }

    fn index(&self, state: &P::State) -> usize {
        self.problem.index(state)
    }
}

/// The `k` cheapest paths without repeated states from the problem's first start state to a
/// goal, cheapest first (Yen's algorithm).
///
/// The first is a least-cost path; each next one is the cheapest path that leaves one of the
/// paths found so far at some state (its *spur*) and avoids the steps those paths took from
/// there, found by a [`dijkstra`](crate::dijkstra) search on the problem with those steps and
/// the earlier part of the path removed.
///
/// # Arguments
///
/// - `problem`: the state space, searched from its first start state; step costs non-negative.
/// - `k`: how many paths at most.
///
/// The options of a [`Search`] apply to all the Dijkstra searches together (the cap on stored
/// states to each one); a cost bound keeps every path within it.
///
/// # Returns
///
/// Up to `k` distinct loopless paths as [`Solution`](crate::Solution)s, in non-decreasing
/// cost; fewer if the problem has fewer (none for `k` = 0). Each solution's statistics count
/// the work of every search up to the one that found it.
///
/// # Errors
///
/// [`SearchError::NoPath`](crate::SearchError::NoPath) if there is not even one path; the bad-input
/// errors of [`dijkstra`](crate::dijkstra).
///
/// # Complexity
///
/// **O(k · L)** Dijkstra searches for paths of up to L states: for problems small enough to be
/// searched that many times.
///
/// # Example
///
/// ```
/// let roads = |&town: &char| match town {
///     'a' => vec![('b', 1u32), ('c', 2)],
///     'b' => vec![('d', 2), ('c', 1)],
///     'c' => vec![('d', 2)],
///     _ => vec![],
/// };
/// let problem = informed::from_fn('a', roads, |&town| town == 'd');
/// let paths = informed::k_shortest_paths(&problem, 5)?;
/// let found: Vec<(String, u32)> =
///     paths.iter().map(|s| (s.path().iter().collect(), s.cost())).collect();
/// assert_eq!(found, [("abd".into(), 3), ("acd".into(), 4), ("abcd".into(), 4)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// J. Y. Yen, "Finding the K Shortest Loopless Paths in a Network", *Management Science* 17(11)
/// (1971), 712–716.
pub fn k_shortest_paths<P: SearchProblem>(
    problem: &P,
    k: usize,
) -> Result<Vec<SolutionOf<P>>, ErrorOf<P>> {
    Search::new(problem).k_shortest_paths(k)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`k_shortest_paths`](crate::k_shortest_paths) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`k_shortest_paths`](crate::k_shortest_paths).
    pub fn k_shortest_paths(self, k: usize) -> Result<Vec<SolutionOf<P>>, ErrorOf<P>> {
        let (problem, options) = (self.problem(), *self.options());
        let setup = self.into_setup()?;
        if k == 0 {
            return Ok(Vec::new());
        }
        with_engine(problem, &options, Yen { setup, k })
    }
}

/// Yen's algorithm, waiting for its data structures.
struct Yen<'p, P: SearchProblem, O> {
    setup: Setup<'p, P, O>,
    k: usize,
}

impl<'p, P, O> EngineBody<'p, P::State, P::Cost> for Yen<'p, P, O>
where
    P: SearchProblem,
    O: Observer<P::State, P::Cost>,
{
    type Output = Result<Vec<SolutionOf<P>>, ErrorOf<P>>;

    fn run<N: Tables<'p, P::State, P::Cost>, Q: OpenSets>(self, tables: N) -> Self::Output {
        let Setup {
            problem,
            options,
            mut control,
            mut observer,
        } = self.setup;
        let Some(start) = problem.starts().into_iter().next() else {
            return Err(control.no_path());
        };
        let ties = options.tie_break;
        let mut shortest =
            |restricted: &Restricted<'_, P>, start_g, control: &mut Control<'p, P::Cost>| {
                shortest::<_, N, Q, _>(restricted, start_g, &tables, ties, control, &mut observer)
            };
        let whole = Restricted {
            problem,
            start,
            banned_states: Vec::new(),
            banned_steps: Vec::new(),
        };
        let Some(first) = shortest(&whole, P::Cost::ZERO, &mut control)? else {
            return Err(control.no_path());
        };
        let mut found = vec![first];
        let mut candidates: Vec<SolutionOf<P>> = Vec::new();
        while found.len() < self.k {
            let previous = found.last().expect("at least one path").path().to_vec();
            for spur_index in 0..previous.len() - 1 {
                let root = &previous[..=spur_index];
                // The spur search starts at the root's cost, so that the bound sees whole paths.
                let root_cost = path_cost(problem, root, control.stats())?;
                let banned_steps = found
                    .iter()
                    .map(Solution::path)
                    .filter(|path| path.len() > spur_index + 1 && path[..=spur_index] == *root)
                    .map(|path| (path[spur_index].clone(), path[spur_index + 1].clone()))
                    .collect();
                let restricted = Restricted {
                    problem,
                    start: previous[spur_index].clone(),
                    banned_states: root[..spur_index].to_vec(),
                    banned_steps,
                };
                let Some(tail) = shortest(&restricted, root_cost, &mut control)? else {
                    continue;
                };
                let (tail, _, stats) = tail.into_parts();
                let mut candidate = root[..spur_index].to_vec();
                candidate.extend(tail);
                let known = |s: &SolutionOf<P>| s.path() == candidate.as_slice();
                if found.iter().any(known) || candidates.iter().any(known) {
                    continue;
                }
                let cost = path_cost(problem, &candidate, stats)?;
                candidates.push(Solution::new(candidate, cost, stats));
            }
            // The cheapest candidate, the earliest found among equals, becomes the next path.
            let Some(next) = (0..candidates.len()).min_by(|&a, &b| {
                candidates[a]
                    .cost()
                    .order(candidates[b].cost())
                    .then(a.cmp(&b))
            }) else {
                break;
            };
            found.push(candidates.remove(next));
        }
        Ok(found)
    }
}

/// The least-cost path in `restricted` from its start, which it reaches at cost `start_g`, by a
/// Dijkstra search in a new node table; `None` if there is none. The table is given back to the
/// cap on stored states when the search ends.
fn shortest<P, N, Q, O>(
    restricted: &Restricted<'_, P>,
    start_g: P::Cost,
    tables: &N,
    ties: TieBreak,
    control: &mut Control<'_, P::Cost>,
    observer: &mut O,
) -> Result<Option<SolutionOf<P>>, ErrorOf<P>>
where
    P: SearchProblem,
    N: NodeTables<P::State, P::Cost>,
    Q: OpenSets,
    O: Observer<P::State, P::Cost>,
{
    let mut engine: EngineOf<_, _, N, Q> = Engine::new(tables.table(), ties, Ranking::Cost);
    let outcome = search(&mut engine, restricted, start_g, control, observer);
    control.release(engine.table.len());
    outcome
}

/// The search of [`shortest`], on `engine`.
fn search<P, T, Q, O>(
    engine: &mut Engine<P::State, P::Cost, T, Q>,
    restricted: &Restricted<'_, P>,
    start_g: P::Cost,
    control: &mut Control<'_, P::Cost>,
    observer: &mut O,
) -> Result<Option<SolutionOf<P>>, ErrorOf<P>>
where
    P: SearchProblem,
    T: Table<P::State, P::Cost>,
    Q: Frontier<Priority<P::Cost>>,
    O: Observer<P::State, P::Cost>,
{
    control.count_start();
    let start = restricted.start.clone();
    engine.relax(start, NO_PARENT, start_g, &Zero, control, observer)?;
    match engine.run_to_goal(restricted, &Zero, control, observer) {
        Ok(goal) => engine.solution(restricted, goal, control).map(Some),
        Err(SearchError::NoPath { .. }) => Ok(None),
        Err(error) => Err(error),
    }
}
