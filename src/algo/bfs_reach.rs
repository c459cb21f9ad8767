//! The breadth-first flood: every reachable state with its depth, in breadth-first order, as a
//! lazy iterator.

use std::fmt;
use std::marker::PhantomData;

use crate::cost::Cost;
use crate::engine::breadth_first::{Breadth, NoParents, States, StatesBody, with_states};
use crate::engine::control::Control;
use crate::engine::table::NO_PARENT;
use crate::error::Limit;
use crate::observer::{Event, NoObserver, Observer};
use crate::problem::SearchProblem;
use crate::progress::Stats;
use crate::search::Search;

/// Every state reachable from the starts, each once with its depth (the fewest steps from a
/// start), in breadth-first order: the starts first (depth 0), then their successors (depth 1),
/// and so on. The flood is computed lazily, one expansion per item.
///
/// Step costs play no part: a step is a step. The goal test is ignored. This is what
/// `pathfinding::directed::bfs::bfs_reach` gives, on any node table, the dense one of a
/// numbered problem included.
///
/// # Arguments
///
/// - `problem`: the state space; its goal test and step costs are ignored.
///
/// # Returns
///
/// A [`BfsReach`] iterator of `(state, depth)` pairs. Depths never decrease along it. It is
/// lazy: taking the first n items expands n states, and `take_while` on the depth stops the
/// flood at a depth.
///
/// # Complexity
///
/// **O(V + E)** time and **O(V)** space over the whole iteration, where V and E count the states
/// and steps reachable.
///
/// # Example
///
/// ```
/// // Knight moves on a 4×4 board: every square with the fewest moves to reach it.
/// let knight = |&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
///         .into_iter()
///         .filter(|&((x, y), _)| (0..4).contains(&x) && (0..4).contains(&y))
/// };
/// let problem = informed::from_fn((0, 0), knight, |_| false);
/// let squares: Vec<((i8, i8), usize)> = informed::bfs_reach(&problem).collect();
/// assert_eq!(squares.len(), 16);
/// assert_eq!(squares[0], ((0, 0), 0));
/// assert_eq!(squares.iter().map(|&(_, depth)| depth).max(), Some(5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bfs_reach<P: SearchProblem>(problem: &P) -> BfsReach<'_, P> {
    Search::new(problem).bfs_reach()
}

impl<'a, P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'a, P, O> {
    /// [`bfs_reach`](crate::bfs_reach) with this search's options: the node table and hashing
    /// chosen, the limits on expansions and stored states, the deadline and the cancel callback.
    /// A limit ends the iteration, and [`BfsReach::limit`] then says which. The cost bound does
    /// not apply (the flood has depths, not costs: stop at a depth with `take_while`).
    ///
    /// The observer sees each state generated and expanded, with g = 0: the depth is the
    /// iterator's.
    pub fn bfs_reach(self) -> BfsReach<'a, P, O> {
        /// Makes the flood on the table the options choose, as a trait object: the iterator
        /// must name its type.
        struct MakeFlood<P, O>(PhantomData<fn() -> (P, O)>);

        impl<'a, P, O> StatesBody<'a, P::State> for MakeFlood<P, O>
        where
            P: SearchProblem + 'a,
            O: Observer<P::State, P::Cost>,
        {
            type Output = Box<dyn Flood<P, O> + 'a>;

            fn run<T: States<P::State> + 'a>(self, states: T, _: impl Fn() -> T) -> Self::Output {
                Box::new(Breadth::new(states))
            }
        }

        let (problem, options) = (self.problem(), *self.options());
        let setup = self.into_setup_unchecked();
        BfsReach {
            problem,
            control: setup.control,
            observer: setup.observer,
            flood: with_states::<_, NoParents, _>(problem, &options, MakeFlood(PhantomData)),
            started: false,
            limit: None,
        }
    }
}

/// The iterator of [`bfs_reach`] and [`Search::bfs_reach`]: `(state, depth)` pairs in
/// breadth-first order.
pub struct BfsReach<'a, P: SearchProblem, O = NoObserver> {
    problem: &'a P,
    control: Control<'a, P::Cost>,
    observer: O,
    /// The states in the order they were reached, which is breadth-first order (no parents),
    /// on the table the options chose: one virtual call per state returned.
    flood: Box<dyn Flood<P, O> + 'a>,
    started: bool,
    /// The limit that stopped the flood.
    limit: Option<Limit>,
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> BfsReach<'_, P, O> {
    /// The statistics so far: `expanded` counts the items returned.
    pub fn stats(&self) -> Stats {
        self.control.stats()
    }

    /// The limit that ended the iteration early, if one did (set on a [`Search`]); `None` while
    /// it runs and when it ended because every reachable state was returned.
    pub fn limit(&self) -> Option<Limit> {
        self.limit
    }
}

/// The flood of a [`BfsReach`], whatever its table.
trait Flood<P: SearchProblem, O> {
    /// Stores the starts.
    fn start(
        &mut self,
        problem: &P,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(), Limit>;
    /// Expands the next state, once allowed, and returns it with its depth; `None` when every
    /// state has been, or a limit forbids it. A limit met sets `limit`; a limit met during the
    /// expansion still returns the state.
    fn advance(
        &mut self,
        problem: &P,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
        limit: &mut Option<Limit>,
    ) -> Option<(P::State, usize)>;
    /// The number of states returned, and the depth of the last.
    fn progress(&self) -> (usize, usize);
}

impl<P, O, T> Flood<P, O> for Breadth<P::State, P::Cost, T>
where
    P: SearchProblem,
    O: Observer<P::State, P::Cost>,
    T: States<P::State>,
{
    fn start(
        &mut self,
        problem: &P,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
    ) -> Result<(), Limit> {
        let mut started = Ok(());
        for start in problem.starts() {
            control.count_start();
            if let Err(limit) = self.reach(start, NO_PARENT, P::Cost::ZERO, control, observer) {
                started = Err(limit);
                break;
            }
        }
        control.open_size(self.states.len());
        started
    }

    fn advance(
        &mut self,
        problem: &P,
        control: &mut Control<'_, P::Cost>,
        observer: &mut O,
        limit: &mut Option<Limit>,
    ) -> Option<(P::State, usize)> {
        if self.open_len() == 0 {
            return None;
        }
        if let Err(refused) = control.expansion() {
            *limit = Some(refused);
            return None;
        }
        let current = self.pop();
        let state = self.states.state(current).clone();
        let zero = P::Cost::ZERO;
        observer.observe(Event::Expand {
            state: &state,
            g: zero,
            h: zero,
        });
        for (successor, _) in problem.successors(&state) {
            control.count_generated(1);
            if let Err(refused) = self.reach(successor, current, zero, control, observer) {
                // The state is still returned; the iteration ends after it.
                *limit = Some(refused);
                break;
            }
        }
        control.open_size(self.open_len());
        Some((state, self.depth_expanded()))
    }

    fn progress(&self) -> (usize, usize) {
        (self.next, self.depth_expanded())
    }
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Iterator for BfsReach<'_, P, O> {
    type Item = (P::State, usize);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (problem, control, observer) = (self.problem, &mut self.control, &mut self.observer);
        if !self.started {
            self.started = true;
            if let Err(limit) = self.flood.start(problem, control, observer) {
                self.limit = Some(limit);
            }
        }
        if self.limit.is_some() {
            return None;
        }
        self.flood
            .advance(problem, control, observer, &mut self.limit)
    }
}

impl<P: SearchProblem, O> fmt::Debug for BfsReach<'_, P, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (returned, depth) = self.flood.progress();
        f.debug_struct("BfsReach")
            .field("returned", &returned)
            .field("depth", &depth)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}
