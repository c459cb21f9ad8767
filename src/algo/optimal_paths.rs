//! Every least-cost path, enumerated lazily from a Dijkstra search's optimal predecessors.

use smallvec::{SmallVec, smallvec};

use crate::cost::Cost;
use crate::engine::best_first::{Engine, EngineOf, Ranking, Relaxed};
use crate::engine::control::Setup;
use crate::engine::heap::OpenSets;
use crate::engine::select::{EngineBody, with_engine};
use crate::engine::table::{NO_PARENT, Table, Tables};
use crate::error::SearchError;
use crate::heuristic::Zero;
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::progress::Stats;
use crate::search::Search;
use crate::solution::ErrorOf;

/// Every least-cost path from a start to a goal, enumerated lazily.
///
/// A Dijkstra search finds the least cost C* and, for every state whose least cost is below
/// C* or equal to it, *every* predecessor through which that least cost is reached. The
/// returned iterator then walks these links back from each goal reached at cost C*, yielding one
/// path at a time, so that a problem with exponentially many optimal paths costs only what is
/// consumed. Paths never repeat a state (zero-cost cycles would otherwise make infinitely many).
///
/// # Arguments
///
/// - `problem`: the state space; step costs non-negative. With float costs, paths are optimal
///   together only when their float sums are exactly equal: two paths of the same real length
///   whose sums round differently are not (on an open grid with `f64::consts::SQRT_2` diagonals
///   it found 16 of 20 optimal paths). A tolerance would make it return paths that are not
///   optimal; use costs that add up exactly instead, integers or multiples of a power of two
///   (the grids' [`DIAGONAL`](crate::grid::DIAGONAL) is), and it finds every one.
///
/// # Returns
///
/// An [`OptimalPaths`] iterator over the paths (each from a start to a goal, all of cost
/// [`OptimalPaths::cost`]), with the [`Stats`](crate::Stats) of the search.
///
/// # Errors
///
/// [`SearchError::NoPath`](crate::SearchError::NoPath) if no goal is reachable; the bad-input
/// errors of [`dijkstra`](crate::dijkstra).
///
/// # Complexity
///
/// **O((V + E) log V)** for the search, V and E counting the states and steps of cost at most
/// C*; then **O(L · b)** per path of L states, b the number of optimal predecessors a state has.
///
/// # Example
///
/// ```
/// // A 3 × 3 grid of unit steps right or down: C(4, 2) = 6 shortest paths corner to corner.
/// let problem = informed::from_fn(
///     (0u8, 0u8),
///     |&(x, y): &(u8, u8)| {
///         let mut next = Vec::new();
///         if x < 2 { next.push(((x + 1, y), 1u32)); }
///         if y < 2 { next.push(((x, y + 1), 1)); }
///         next
///     },
///     |&cell| cell == (2, 2),
/// );
/// let paths = informed::optimal_paths(&problem)?;
/// assert_eq!(paths.cost(), 4);
/// assert_eq!(paths.count(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn optimal_paths<P: SearchProblem>(
    problem: &P,
) -> Result<OptimalPaths<P::State, P::Cost>, ErrorOf<P>> {
    Search::new(problem).optimal_paths()
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`optimal_paths`](crate::optimal_paths) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`optimal_paths`](crate::optimal_paths).
    pub fn optimal_paths(self) -> Result<OptimalPaths<P::State, P::Cost>, ErrorOf<P>> {
        let (problem, options) = (self.problem(), *self.options());
        with_engine(problem, &options, AllOptimal(self.into_setup()?))
    }
}

/// The optimal predecessors of one node, inline up to two.
type Parents = SmallVec<[usize; 2]>;

/// The search of all optimal paths, waiting for its data structures.
struct AllOptimal<'p, P: SearchProblem, O>(Setup<'p, P, O>);

impl<'p, P, O> EngineBody<'p, P::State, P::Cost> for AllOptimal<'p, P, O>
where
    P: SearchProblem,
    O: Observer<P::State, P::Cost>,
{
    type Output = Result<OptimalPaths<P::State, P::Cost>, ErrorOf<P>>;

    fn run<N: Tables<'p, P::State, P::Cost>, Q: OpenSets>(self, tables: N) -> Self::Output {
        let Setup {
            problem,
            options,
            mut control,
            mut observer,
        } = self.0;
        let mut engine: EngineOf<_, _, N, Q> =
            Engine::new(tables.table(), options.tie_break, Ranking::Cost);
        engine.start(problem, &Zero, &mut control, &mut observer)?;
        // Every predecessor through which each node's least cost is reached. Most nodes have
        // one or two (two on a grid's diagonal fronts), held inline: a `Vec` each cost one heap
        // allocation per stored state (see docs/dependencies.md).
        let mut parents: Vec<Parents> = vec![SmallVec::new(); engine.table.len()];
        let mut best = None;
        let mut goals = Vec::new();
        loop {
            let current = match engine.pop(&mut control) {
                Ok(current) => current,
                Err(SearchError::NoPath { .. }) => break,
                Err(error) => return Err(error),
            };
            let g = engine.table.node(current).g;
            if best.is_some_and(|best: P::Cost| g.order(best).is_gt()) {
                break;
            }
            let expanded = engine.expand_with(
                current,
                problem,
                &Zero,
                &mut control,
                &mut observer,
                |relaxed| match relaxed {
                    Relaxed::New(index) => {
                        parents.resize_with(index + 1, SmallVec::new);
                        parents[index] = smallvec![current];
                    }
                    Relaxed::Improved(index) => parents[index] = smallvec![current],
                    Relaxed::Equal(index) if !parents[index].contains(&current) => {
                        parents[index].push(current);
                    }
                    _ => {}
                },
            )?;
            if !expanded {
                best = Some(g);
                goals.push(current);
            }
        }
        let Some(cost) = best else {
            return Err(control.no_path());
        };
        let table = &engine.table;
        Ok(OptimalPaths {
            states: (0..table.len()).map(|i| table.state(i).clone()).collect(),
            is_start: (0..table.len())
                .map(|i| table.node(i).parent() == NO_PARENT)
                .collect(),
            parents,
            cost,
            stats: control.stats(),
            goals: goals.into_iter().rev().collect(),
            stack: Vec::new(),
            on_path: Vec::new(),
        })
    }
}

/// Where the walk back from a goal stands at one node of the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    /// Just reached: a start yields its path first.
    Arrived,
    /// Trying the node's optimal predecessors, from this one on.
    Parent(usize),
}

/// The iterator of [`optimal_paths`]: every least-cost path, one at a time.
#[derive(Clone, Debug)]
pub struct OptimalPaths<S, C> {
    states: Vec<S>,
    /// Every predecessor through which each node's least cost is reached.
    parents: Vec<Parents>,
    is_start: Vec<bool>,
    cost: C,
    stats: Stats,
    /// The goals still to walk back from (the next one last).
    goals: Vec<usize>,
    /// The walk back from the current goal: the path so far (goal first) and where each node
    /// stands.
    stack: Vec<(usize, Walk)>,
    on_path: Vec<bool>,
}

impl<S, C: Copy> OptimalPaths<S, C> {
    /// The least cost: every path yielded costs this.
    pub fn cost(&self) -> C {
        self.cost
    }

    /// The statistics of the search.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

impl<S: Clone, C: Copy> Iterator for OptimalPaths<S, C> {
    type Item = Vec<S>;

    fn next(&mut self) -> Option<Vec<S>> {
        if self.on_path.len() < self.states.len() {
            self.on_path.resize(self.states.len(), false);
        }
        // A depth-first walk over the optimal-predecessor links, from each goal back to the
        // starts; `stack` holds the current walk.
        loop {
            if self.stack.is_empty() {
                let goal = self.goals.pop()?;
                self.stack.push((goal, Walk::Arrived));
            }
            let (node, walk) = *self.stack.last().expect("not empty");
            self.on_path[node] = true;
            let next = match walk {
                Walk::Arrived => {
                    self.stack.last_mut().expect("not empty").1 = Walk::Parent(0);
                    if self.is_start[node] {
                        // The stack, read from the top, is a path from this start to a goal.
                        let path = self
                            .stack
                            .iter()
                            .rev()
                            .map(|&(n, _)| self.states[n].clone());
                        return Some(path.collect());
                    }
                    continue;
                }
                Walk::Parent(next) => next,
            };
            let Some(&parent) = self.parents[node].get(next) else {
                self.on_path[node] = false;
                self.stack.pop();
                continue;
            };
            self.stack.last_mut().expect("not empty").1 = Walk::Parent(next + 1);
            if !self.on_path[parent] {
                self.stack.push((parent, Walk::Arrived));
            }
        }
    }
}
