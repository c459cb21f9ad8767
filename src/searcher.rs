//! A reusable searcher: the node table, open set and buffers of a best-first search, kept from
//! one search to the next.

use std::fmt;
use std::hash::Hash;

use crate::cost::Cost;
use crate::engine::best_first::{
    CostKeys, Engine, Keys, PairKeys, Priority, Ranking, applied, best_first,
};
use crate::engine::control::{Control, Setup};
use crate::engine::hasher::FastBuildHasher;
use crate::engine::heap::{Frontier, IndexedHeap, LazyHeap};
use crate::engine::options::{Hashing, OpenSet, Options, Pathmax};
use crate::engine::select::dense_bound;
use crate::engine::table::{DenseStore, DenseTable, HashTable, Table, path_cost, path_into};
use crate::error::SearchError;
use crate::heuristic::{Heuristic, HeuristicFn, Zero};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::progress::Stats;
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

/// The open sets a searcher keeps: the ones [`OpenSet::Auto`] stands for, one for each kind of
/// key.
pub(crate) struct Opens<C: Cost> {
    pair: Option<IndexedHeap<Priority<C>, 4>>,
    single: Option<LazyHeap<C::Single>>,
}

/// The keys of the searches a searcher runs, with the open set it keeps for them.
pub(crate) trait KeptKeys<C: Cost>: Keys<C> {
    /// The open set [`OpenSet::Auto`] stands for.
    type Open: Frontier<Self::Key>;
    fn kept(opens: &mut Opens<C>) -> &mut Option<Self::Open>;
}

impl<C: Cost> KeptKeys<C> for PairKeys {
    type Open = IndexedHeap<Priority<C>, 4>;
    fn kept(opens: &mut Opens<C>) -> &mut Option<Self::Open> {
        &mut opens.pair
    }
}

impl<C: Cost> KeptKeys<C> for CostKeys {
    type Open = LazyHeap<C::Single>;
    fn kept(opens: &mut Opens<C>) -> &mut Option<Self::Open> {
        &mut opens.single
    }
}

/// A best-first searcher that keeps its node table, open set and successor buffer between
/// searches, so that many searches on one space allocate only while the first ones grow them.
///
/// A game asks for thousands of short paths a frame on one map; each one-shot search
/// ([`astar`](crate::astar)) allocates a node table and a heap and frees them again. A
/// `Searcher` clears them instead, keeping their room: after the largest search so far, a search
/// allocates nothing but the path it returns, and nothing at all through
/// [`astar_into`](Self::astar_into) and [`dijkstra_into`](Self::dijkstra_into), which write the
/// path into a vector of the caller's.
///
/// A search through a `Searcher` is the same search as the one-shot one: the same expansions in
/// the same order, the same path, cost and [`Stats`]. It takes every option of a [`Search`]
/// (with [`Search::astar_in`] and [`Search::dijkstra_in`]); the options for data structures
/// other than the defaults ([`Hashing::Std`], an [`OpenSet`] other than the default) run a
/// one-shot search instead, with the same result.
///
/// A `Searcher` is [`Send`] when its states and costs are: each thread of a pool can own one.
/// One searcher serves problems of one state and cost type; it keeps a dense table for the
/// problems that number their states ([`SearchProblem::index_bound`]) and a hashed one for the
/// others, each made the first time it is needed. The dense table is cleared of what the last
/// search stored and nothing more, so a short query on a large numbering costs what it touches,
/// not the size of the numbering (see [`NodeTable::Auto`](crate::NodeTable::Auto)).
///
/// # Example
///
/// ```
/// use informed::Searcher;
///
/// // Paths along a line of numbers, to many goals.
/// let mut searcher = Searcher::new();
/// for goal in [5i64, -3, 12] {
///     let line = informed::from_fn(0i64, |&n: &i64| [(n - 1, 1u32), (n + 1, 1)], move |&n| n == goal);
///     let solution = searcher.astar(&line, |&n: &i64| n.abs_diff(goal) as u32)?;
///     assert_eq!(solution.cost(), goal.unsigned_abs() as u32);
///     assert_eq!(solution, informed::astar(&line, |&n: &i64| n.abs_diff(goal) as u32)?);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Searcher<S, C: Cost> {
    hashed: Option<HashTable<S, C, FastBuildHasher>>,
    dense: Option<DenseStore<S, C>>,
    opens: Opens<C>,
}

impl<S, C: Cost> fmt::Debug for Searcher<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("hashed_table", &self.hashed.is_some())
            .field("dense_table", &self.dense.is_some())
            .finish_non_exhaustive()
    }
}

/// The bytes a [`Searcher`]'s data structures hold: see [`Searcher::memory`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Memory {
    /// The node tables: the hashed table's entries (hash, state and node) and index, and the
    /// dense table's vectors of states, nodes and slots with its directory.
    pub node_table: usize,
    /// The open sets: the heaps' entries and positions (or queued bits).
    pub open_set: usize,
}

impl Memory {
    /// Both together.
    pub fn total(&self) -> usize {
        self.node_table.saturating_add(self.open_set)
    }
}

impl<S, C: Cost> Default for Searcher<S, C> {
    fn default() -> Self {
        Searcher::new()
    }
}

impl<S, C: Cost> Searcher<S, C> {
    /// A searcher with nothing allocated yet: its first search allocates its data structures.
    pub fn new() -> Self {
        Searcher {
            hashed: None,
            dense: None,
            opens: Opens {
                pair: None,
                single: None,
            },
        }
    }
}

impl<S, C: Cost> Searcher<S, C> {
    /// The bytes this searcher's node tables and open sets have allocated: their peak over
    /// every search it has run so far, since they keep their room between searches (a new
    /// searcher after one search holds that search's peak).
    ///
    /// Counted from the capacities of their vectors and hash index: the memory the searcher
    /// itself allocated, not what the states own beyond their own size (a `Vec` inside a state
    /// counts as its three words), nor the path a search returns. A search whose options choose
    /// other data structures than the defaults runs one-shot (see the type's docs) and leaves
    /// this unchanged.
    ///
    /// # Complexity
    ///
    /// **O(1)**.
    ///
    /// # Example
    ///
    /// Bytes a stored state, for the states of a Dijkstra flood of 100,000 numbers:
    ///
    /// ```
    /// use informed::Searcher;
    ///
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 100_000);
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.memory().total(), 0);
    /// let solution = searcher.dijkstra(&line)?;
    /// let memory = searcher.memory();
    /// let per_state = memory.node_table / solution.stats().stored;
    /// assert!((12..=64).contains(&per_state), "{per_state} bytes a state");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn memory(&self) -> Memory {
        let node_table = self.hashed.as_ref().map_or(0, HashTable::bytes)
            + self.dense.as_ref().map_or(0, DenseStore::bytes);
        let open_set = self.opens.pair.as_ref().map_or(0, IndexedHeap::bytes)
            + self.opens.single.as_ref().map_or(0, LazyHeap::bytes);
        Memory {
            node_table,
            open_set,
        }
    }
}

impl<S: Clone + Eq + Hash, C: Cost> Searcher<S, C> {
    /// [`astar`](crate::astar) with this searcher's data structures.
    ///
    /// # Arguments
    ///
    /// - `problem`: the state space.
    /// - `heuristic`: an admissible estimate of the remaining cost.
    ///
    /// # Returns
    ///
    /// The least-cost path, as [`astar`](crate::astar) returns it.
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    ///
    /// # Complexity
    ///
    /// As for [`astar`](crate::astar), plus clearing what the previous search stored. Allocates
    /// only the returned path once the data structures have grown to the search's size.
    ///
    /// # Example
    ///
    /// See [`Searcher`].
    pub fn astar<P, F>(&mut self, problem: &P, heuristic: F) -> SearchResult<P>
    where
        P: SearchProblem<State = S, Cost = C>,
        F: HeuristicFn<S, C>,
    {
        Search::new(problem).astar_in_with(self, heuristic)
    }

    /// [`astar`](Self::astar) with a heuristic of any [`Heuristic`] type (see
    /// [`astar_with`](crate::astar_with)).
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    pub fn astar_with<P, H>(&mut self, problem: &P, heuristic: H) -> SearchResult<P>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
    {
        Search::new(problem).astar_in_with(self, heuristic)
    }

    /// [`dijkstra`](crate::dijkstra) with this searcher's data structures.
    ///
    /// # Arguments
    ///
    /// - `problem`: the state space.
    ///
    /// # Returns
    ///
    /// The least-cost path, as [`dijkstra`](crate::dijkstra) returns it.
    ///
    /// # Errors
    ///
    /// As for [`dijkstra`](crate::dijkstra).
    ///
    /// # Complexity
    ///
    /// As for [`dijkstra`](crate::dijkstra), plus clearing what the previous search stored.
    ///
    /// # Example
    ///
    /// ```
    /// let mut searcher = informed::Searcher::new();
    /// let ring = informed::from_fn(0u8, |&n: &u8| [((n + 1) % 10, 1u32), ((n + 9) % 10, 1)], |&n| n == 7);
    /// assert_eq!(searcher.dijkstra(&ring)?.cost(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dijkstra<P>(&mut self, problem: &P) -> SearchResult<P>
    where
        P: SearchProblem<State = S, Cost = C>,
    {
        Search::new(problem).dijkstra_in(self)
    }

    /// [`astar`](Self::astar), writing the path into `path` (cleared first) instead of
    /// returning a new one: once the searcher and `path` have grown, a search allocates nothing.
    ///
    /// # Arguments
    ///
    /// - `problem`, `heuristic`: as for [`astar`](crate::astar).
    /// - `path`: receives the states from the start to the goal; left empty on an error.
    ///
    /// # Returns
    ///
    /// The path's cost and the search's statistics.
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    ///
    /// # Complexity
    ///
    /// As for [`astar`](Self::astar).
    ///
    /// # Example
    ///
    /// ```
    /// let mut searcher = informed::Searcher::new();
    /// let mut path = Vec::new();
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 3);
    /// let (cost, stats) = searcher.astar_into(&line, |&n: &u32| 3 - n.min(3), &mut path)?;
    /// assert_eq!((cost, path.as_slice()), (3, &[0, 1, 2, 3][..]));
    /// assert_eq!(stats.expanded, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn astar_into<P, F>(
        &mut self,
        problem: &P,
        heuristic: F,
        path: &mut Vec<S>,
    ) -> Result<(C, Stats), SearchError<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        F: HeuristicFn<S, C>,
    {
        self.astar_into_with(problem, heuristic, path)
    }

    /// [`astar_into`](Self::astar_into) with a heuristic of any [`Heuristic`] type (see
    /// [`astar_with`](crate::astar_with)).
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    pub fn astar_into_with<P, H>(
        &mut self,
        problem: &P,
        heuristic: H,
        path: &mut Vec<S>,
    ) -> Result<(C, Stats), SearchError<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
    {
        path.clear();
        let setup = Search::new(problem).into_setup()?;
        self.run::<PairKeys, _, _, _>(setup, heuristic, Ranking::Cost, Some(path))
            .map(Found::into_parts)
    }

    /// [`dijkstra`](Self::dijkstra), writing the path into `path` as
    /// [`astar_into`](Self::astar_into) does.
    ///
    /// # Arguments
    ///
    /// - `problem`: the state space.
    /// - `path`: receives the states from the start to the goal; left empty on an error.
    ///
    /// # Returns
    ///
    /// The path's cost and the search's statistics.
    ///
    /// # Errors
    ///
    /// As for [`dijkstra`](crate::dijkstra).
    ///
    /// # Complexity
    ///
    /// As for [`dijkstra`](Self::dijkstra).
    ///
    /// # Example
    ///
    /// ```
    /// let mut searcher = informed::Searcher::new();
    /// let mut path = Vec::new();
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 2u32)], |&n| n == 2);
    /// assert_eq!(searcher.dijkstra_into(&line, &mut path)?.0, 4);
    /// assert_eq!(path, [0, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dijkstra_into<P>(
        &mut self,
        problem: &P,
        path: &mut Vec<S>,
    ) -> Result<(C, Stats), SearchError<S, C>>
    where
        P: SearchProblem<State = S, Cost = C>,
    {
        path.clear();
        let setup = Search::new(problem).into_setup()?;
        self.run::<CostKeys, _, _, _>(setup, Zero, Ranking::Distance, Some(path))
            .map(Found::into_parts)
    }

    /// Whether this searcher keeps the data structures `options` choose.
    fn keeps(options: &Options<C>) -> bool {
        options.hashing == Hashing::Fast && options.open_set == OpenSet::default()
    }

    /// Runs a best-first search on the kept data structures: a solution, or with `path` the
    /// path written there and its cost.
    pub(crate) fn run<K, P, H, O>(
        &mut self,
        setup: Setup<'_, P, O>,
        heuristic: H,
        ranking: Ranking,
        path: Option<&mut Vec<S>>,
    ) -> Result<Found<S, C>, SearchError<S, C>>
    where
        K: KeptKeys<C>,
        P: SearchProblem<State = S, Cost = C>,
        H: Heuristic<S, C>,
        O: Observer<S, C>,
    {
        let Setup {
            problem,
            options,
            mut control,
            mut observer,
        } = setup;
        // Under pathmax the search runs on data structures of its own (see `Raised`).
        let raises = applied(ranking, options.pathmax) != Pathmax::Off;
        if raises || !Self::keeps(&options) {
            let setup = Setup {
                problem,
                options,
                control,
                observer,
            };
            let solution = best_first::<K, _, _, _>(setup, heuristic, ranking)?;
            return Ok(match path {
                None => Found::Solution(solution),
                Some(out) => {
                    out.extend_from_slice(solution.path());
                    Found::Into(solution.cost(), solution.stats())
                }
            });
        }
        let mut open = K::kept(&mut self.opens)
            .take()
            .unwrap_or_else(|| K::Open::new(options.tie_break));
        open.reset(options.tie_break);
        let parts = (&mut control, &mut observer);
        match dense_bound(problem, options.node_table) {
            Some(bound) => {
                let store = self.dense.take().unwrap_or_else(DenseStore::new);
                let table = DenseTable::reuse(problem, bound, store);
                let mut engine: Engine<_, _, _, _, K> = Engine::from_parts(
                    table,
                    open,
                    ranking.with_estimate_tie(options.estimate_tie),
                    options.tie_break,
                );
                let outcome = drive(&mut engine, problem, &heuristic, parts, path);
                let (table, open) = engine.into_parts();
                self.dense = Some(table.into_store());
                *K::kept(&mut self.opens) = Some(open);
                outcome
            }
            None => {
                let mut table = self.hashed.take().unwrap_or_else(HashTable::new);
                table.clear();
                let mut engine: Engine<_, _, _, _, K> = Engine::from_parts(
                    table,
                    open,
                    ranking.with_estimate_tie(options.estimate_tie),
                    options.tie_break,
                );
                let outcome = drive(&mut engine, problem, &heuristic, parts, path);
                let (table, open) = engine.into_parts();
                self.hashed = Some(table);
                *K::kept(&mut self.opens) = Some(open);
                outcome
            }
        }
    }
}

/// What [`Searcher::run`] found: a solution, or the cost and statistics of a path it wrote into
/// the caller's vector.
pub(crate) enum Found<S, C> {
    Solution(Solution<S, C>),
    Into(C, Stats),
}

impl<S, C: Copy> Found<S, C> {
    fn into_parts(self) -> (C, Stats) {
        match self {
            Found::Solution(solution) => (solution.cost(), solution.stats()),
            Found::Into(cost, stats) => (cost, stats),
        }
    }

    fn into_solution(self) -> Solution<S, C> {
        match self {
            Found::Solution(solution) => solution,
            Found::Into(..) => unreachable!("a search without a path vector returns a solution"),
        }
    }
}

/// What [`drive`] returns for a problem `P`.
type Outcome<P> = Result<
    Found<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
    SearchError<<P as SearchProblem>::State, <P as SearchProblem>::Cost>,
>;

/// The control and observer of one search.
type Parts<'r, 'c, C, O> = (&'r mut Control<'c, C>, &'r mut O);

/// Runs `engine` (empty) to a goal and makes the solution, or writes the path into `path`.
fn drive<P, H, O, T, Q, K>(
    engine: &mut Engine<P::State, P::Cost, T, Q, K>,
    problem: &P,
    heuristic: &H,
    (control, observer): Parts<'_, '_, P::Cost, O>,
    path: Option<&mut Vec<P::State>>,
) -> Outcome<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
    T: Table<P::State, P::Cost>,
    K: Keys<P::Cost>,
    Q: Frontier<K::Key>,
{
    engine.start(problem, heuristic, control, observer)?;
    let goal = engine.run_to_goal(problem, heuristic, control, observer)?;
    let Some(out) = path else {
        return engine.solution(problem, goal, control).map(Found::Solution);
    };
    path_into(&engine.table, goal, out);
    let stats = control.stats();
    let cost = if stats.reopened == 0 {
        engine.table.node(goal).g
    } else {
        match path_cost(problem, out, stats) {
            Ok(cost) => cost,
            Err(error) => {
                out.clear();
                return Err(error);
            }
        }
    };
    Ok(Found::Into(cost, stats))
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// Runs [`astar`](crate::astar) with this search's options on the data structures of
    /// `searcher`, which keeps them for its next search (see [`Searcher`]).
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Search, Searcher};
    ///
    /// let mut searcher = Searcher::new();
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 50);
    /// let solution = Search::new(&line).max_expansions(100).astar_in(&mut searcher, |&n: &u32| 50 - n.min(50))?;
    /// assert_eq!(solution.cost(), 50);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn astar_in<F>(
        self,
        searcher: &mut Searcher<P::State, P::Cost>,
        heuristic: F,
    ) -> SearchResult<P>
    where
        F: HeuristicFn<P::State, P::Cost>,
    {
        self.astar_in_with(searcher, heuristic)
    }

    /// [`astar_in`](Self::astar_in) with a heuristic of any [`Heuristic`] type (see
    /// [`astar_with`](crate::astar_with)).
    ///
    /// # Errors
    ///
    /// As for [`astar`](crate::astar).
    pub fn astar_in_with<H>(
        self,
        searcher: &mut Searcher<P::State, P::Cost>,
        heuristic: H,
    ) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
    {
        searcher
            .run::<PairKeys, _, _, _>(self.into_setup()?, heuristic, Ranking::Cost, None)
            .map(Found::into_solution)
    }

    /// Runs [`dijkstra`](crate::dijkstra) with this search's options on the data structures of
    /// `searcher`, which keeps them for its next search (see [`Searcher`]).
    ///
    /// # Errors
    ///
    /// As for [`dijkstra`](crate::dijkstra).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::{Search, Searcher};
    ///
    /// let mut searcher = Searcher::new();
    /// let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 5);
    /// assert_eq!(Search::new(&line).dijkstra_in(&mut searcher)?.cost(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dijkstra_in(self, searcher: &mut Searcher<P::State, P::Cost>) -> SearchResult<P> {
        searcher
            .run::<CostKeys, _, _, _>(self.into_setup()?, Zero, Ranking::Distance, None)
            .map(Found::into_solution)
    }
}
