//! Beam search: breadth-first search that keeps only the most promising states of each layer.

use crate::cost::Cost;
use crate::engine::control::Setup;
use crate::engine::select::{TableBody, with_tables};
use crate::engine::table::{
    Lookup, NO_PARENT, Node, Table, Tables, most_promising, path, take_cheaper_step,
};
use crate::error::SearchError;
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::{Event, Observer};
use crate::problem::{SearchProblem, Successors};
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

/// Beam search: breadth-first, layer by layer, keeping only the `width` states of each new layer
/// with the smallest estimates.
///
/// Memory and time grow with the width, not with the space; the price is that a pruned state
/// may have been the only way on. It is **incomplete** (the beam can empty while a path exists)
/// and **not optimal**; with a width at least the size of every layer it is breadth-first search.
/// States seen in earlier layers are not revisited.
///
/// # Arguments
///
/// - `problem`: the state space.
/// - `heuristic`: a closure whose estimate ranks each layer's states ([`beam_search_with`] for
///   a heuristic that is a type); ties go to the state generated first (last, with
///   [`TieBreak::Lifo`](crate::TieBreak::Lifo) on a [`Search`]).
/// - `width`: the most states kept per layer (at least 1).
///
/// # Returns
///
/// The first path found to a goal (tested as each state is expanded), its cost and the
/// [`Stats`](crate::Stats).
///
/// # Errors
///
/// [`SearchError::GaveUp`](crate::SearchError::GaveUp) if the beam empties; the limit and bad-input
/// errors of [`astar`](crate::astar).
///
/// # Complexity
///
/// **O(d · w · b · log(w · b))** time for d layers of w states with b successors each, and
/// **O(d · w · b)** space for the states seen.
///
/// # Example
///
/// ```
/// let goal = 12i32;
/// let line = informed::from_fn(0i32, |&n: &i32| [(n - 1, 1u32), (n + 1, 1), (n + 3, 2)], move |&n| n == goal);
/// let solution = informed::beam_search(&line, |&n: &i32| goal.abs_diff(n), 2)?;
/// assert_eq!(*solution.goal(), goal);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn beam_search<P, F>(problem: &P, heuristic: F, width: usize) -> SearchResult<P>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem).beam_search_with(heuristic, width)
}

/// [`beam_search`] with a heuristic of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why the
/// closures and the types have an entry point each.
///
/// # Arguments, Returns, Errors, Complexity
///
/// As for [`beam_search`]; `heuristic` is a value of a [`Heuristic`] type instead of a closure.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Manhattan, Movement};
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let goal = Cell::new(3, 2);
/// let problem = grid.problem(Cell::new(0, 0), goal, Movement::Four)?;
/// let solution = informed::beam_search_with(&problem, Manhattan::to(goal), 4)?;
/// assert_eq!(solution.goal(), &goal);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn beam_search_with<P, H>(problem: &P, heuristic: H, width: usize) -> SearchResult<P>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem).beam_search_with(heuristic, width)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`beam_search`](crate::beam_search) with this search's options and a closure heuristic.
    ///
    /// # Errors
    ///
    /// As for [`beam_search`](crate::beam_search).
    pub fn beam_search<F: HeuristicFn<P::State, P::Cost>>(
        self,
        heuristic: F,
        width: usize,
    ) -> SearchResult<P> {
        self.beam_search_with(heuristic, width)
    }

    /// Runs [`beam_search_with`](crate::beam_search_with) with this search's options.
    ///
    /// # Errors
    ///
    /// As for [`beam_search`](crate::beam_search).
    pub fn beam_search_with<H: Heuristic<P::State, P::Cost>>(
        self,
        heuristic: H,
        width: usize,
    ) -> SearchResult<P> {
        let (problem, options) = (self.problem(), *self.options());
        let body = Beam {
            setup: self.into_setup()?,
            heuristic,
            width: width.max(1),
        };
        with_tables(problem, &options, body)
    }
}

/// Beam search, waiting for its node table.
struct Beam<'p, P: SearchProblem, H, O> {
    setup: Setup<'p, P, O>,
    heuristic: H,
    width: usize,
}

impl<'p, P, H, O> TableBody<'p, P::State, P::Cost> for Beam<'p, P, H, O>
where
    P: SearchProblem,
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
        let (heuristic, width) = (&self.heuristic, self.width);
        let mut table = tables.table();
        let mut layer: Vec<usize> = Vec::new();
        for start in problem.starts() {
            control.count_start();
            if let Lookup::New(key) = table.lookup(&start) {
                let h = control.estimate(heuristic, &start)?;
                if control.prunes(h) {
                    continue;
                }
                let node = Node::new(NO_PARENT, P::Cost::ZERO, h);
                layer.push(control.store(&mut table, &mut observer, key, start, node)?);
            }
        }
        let mut successors = Successors::new();
        let mut last = None;
        let ties = options.tie_break.order();
        while !layer.is_empty() {
            // Keep the `width` best of the layer: smallest h, then by the tie rule's order of
            // generation.
            layer.sort_by(|&a, &b| {
                let stored = ties.rank(a as u32).cmp(&ties.rank(b as u32));
                table.node(a).h.order(table.node(b).h).then(stored)
            });
            layer.truncate(width);
            control.open_size(layer.len());
            let mut next_layer = Vec::new();
            for &current in &layer {
                control.expand_in(&table)?;
                let (state, &Node { g, h, .. }) = table.entry(current);
                observer.observe(Event::Expand { state, g, h });
                if problem.is_goal(state) {
                    return Ok(Solution::new(path(&table, current), g, control.stats()));
                }
                if let Err(limit) = control.collect(&mut successors, problem.successors(state)) {
                    return Err(control.limit_reached(limit, most_promising(&table)));
                }
                for (next, step) in successors.drain() {
                    let new_g = control.step(g, step, table.state(current), &next)?;
                    let key = match table.lookup(&next) {
                        Lookup::New(key) => key,
                        Lookup::Stored(index) => {
                            take_cheaper_step(&mut table, index, current, new_g);
                            continue;
                        }
                    };
                    let next_h = control.estimate(heuristic, &next)?;
                    let Some(f) = new_g.checked_sum(next_h) else {
                        return Err(control.estimate_overflow(next, new_g, next_h));
                    };
                    if control.prunes(f) {
                        continue;
                    }
                    let node = Node::new(current, new_g, next_h);
                    next_layer.push(control.store(&mut table, &mut observer, key, next, node)?);
                }
            }
            last = layer.last().copied();
            layer = next_layer;
        }
        Err(SearchError::GaveUp {
            state: last.map(|index| table.state(index).clone()),
            stats: control.stats(),
        })
    }
}
