//! Bidirectional search: forward from the starts and backward from the goals at once.

use crate::cost::Cost;
use crate::engine::best_first::{Engine, EngineOf, Priority, Ranking};
use crate::engine::breadth_first::{Breadth, Fit, Parents, Seen, States, StatesBody, with_states};
use crate::engine::control::{Control, Setup};
use crate::engine::heap::{Frontier, OpenSets};
use crate::engine::select::{EngineBody, with_engine};
use crate::engine::table::{Lookup, NO_PARENT, Placed, Table, Tables, cheapest, path, path_cost};
use crate::error::SearchError;
use crate::heuristic::Zero;
use crate::observer::{Event, Observer};
use crate::problem::{Bidirectional, SearchProblem};
use crate::progress::Stats;
use crate::reversed::{Reversed, forward};
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

/// A state both sides reached, and the path cost through it.
pub(super) struct Meeting<S, C> {
    pub(super) state: S,
    pub(super) total: C,
}

/// The meetings of the two sides: the best so far within the cost bound, and the first whose
/// cost overflowed the cost type (the search's error, reported after the step that found it).
pub(super) struct Meetings<S, C> {
    pub(super) best: Option<Meeting<S, C>>,
    pub(super) overflow: Option<(S, C, C)>,
    pub(super) bound: Option<C>,
}

impl<S: Clone, C: Cost> Meetings<S, C> {
    /// Offers a meeting at `state`, reached at cost `g` on one side and `other` on the other.
    ///
    /// A floating-point total that reaches infinity is no path, as in one-sided
    /// [`dijkstra`](crate::dijkstra), which prunes a state whose path cost is infinite: only an
    /// integer total that does not fit is an overflow.
    pub(super) fn offer(&mut self, state: &S, g: C, other: C) {
        let Some(total) = g.checked_sum(other) else {
            self.overflow
                .get_or_insert_with(|| (state.clone(), g, other));
            return;
        };
        if total.is_infinite() {
            return;
        }
        let within = self.bound.is_none_or(|bound| total.order(bound).is_le());
        if within
            && self
                .best
                .as_ref()
                .is_none_or(|m| total.order(m.total).is_lt())
        {
            self.best = Some(Meeting {
                state: state.clone(),
                total,
            });
        }
    }

    /// The error of an overflowing meeting, if one was found.
    pub(super) fn check(&self, control: &Control<'_, C>) -> Result<(), SearchError<S, C>> {
        match &self.overflow {
            Some((state, g, other)) => Err(SearchError::Overflow {
                from: state.clone(),
                to: state.clone(),
                g: *g,
                step: *other,
                stats: control.stats(),
            }),
            None => Ok(()),
        }
    }
}

/// The path through the meeting state: the forward path to it, then the backward one from it;
/// and the position of the meeting state in it, where the steps found backward begin.
fn joined<S: Clone, C, T: Table<S, C>>(forward: &T, backward: &T, meeting: &S) -> (Vec<S>, usize) {
    let mut states = match forward.lookup(meeting) {
        Lookup::Stored(index) => path(forward, index),
        Lookup::New(_) => vec![meeting.clone()],
    };
    let at = states.len() - 1;
    if let Lookup::Stored(index) = backward.lookup(meeting) {
        let mut back = path(backward, index);
        back.pop();
        states.extend(back.into_iter().rev());
    }
    (states, at)
}

/// Checks each step of `path` found backward (those from position `at` on) against the
/// successors: the backward side took its cost from the predecessors, so a predecessor that
/// is not the exact reverse of a successor, cost included, would make the search compare
/// paths by costs that are not theirs (and return a path dearer than the optimum).
///
/// # Errors
///
/// [`SearchError::MissingStep`] for the first step whose cheapest cost among the predecessors
/// differs from its cheapest cost among the successors (the steps themselves, and their costs
/// among the successors, were checked by [`path_cost`]).
pub(super) fn check_backward_steps<P: Bidirectional>(
    problem: &P,
    path: &[P::State],
    at: usize,
    stats: Stats,
) -> Result<(), SearchError<P::State, P::Cost>> {
    for pair in path[at..].windows(2) {
        let [from, to] = [&pair[0], &pair[1]];
        let forward = cheapest(problem.successors(from), to);
        let backward = cheapest(problem.predecessors(to), from);
        let agree = match (forward, backward) {
            (Some(forward), Some(backward)) => {
                forward.is_nan() == backward.is_nan() && forward.order(backward).is_eq()
            }
            _ => false,
        };
        if !agree {
            return Err(SearchError::MissingStep {
                from: from.clone(),
                to: to.clone(),
                stats,
            });
        }
    }
    Ok(())
}

/// The solution through `meeting`, its cost added up along the path (so that it is exactly
/// the path's sum, and each forward step is checked), each step found backward checked against
/// the successors, and a path whose floating-point cost reaches infinity taken for none, as
/// one-sided searches take it.
fn solution<P: Bidirectional, T: Table<P::State, P::Cost>>(
    problem: &P,
    tables: [&T; 2],
    meetings: Meetings<P::State, P::Cost>,
    control: &Control<'_, P::Cost>,
) -> SearchResult<P> {
    let Some(meeting) = meetings.best else {
        return Err(control.no_path());
    };
    let (path, at) = joined(tables[0], tables[1], &meeting.state);
    let cost = path_cost(problem, &path, control.stats())?;
    check_backward_steps(problem, &path, at, control.stats())?;
    if cost.is_infinite() {
        return Err(control.no_path());
    }
    Ok(Solution::new(path, cost, control.stats()))
}

/// The observer of one side of bidirectional Dijkstra: it passes every event on, and offers a
/// meeting whenever the side stores or improves a state the other side has stored.
struct Meet<'x, S, C, T, O> {
    other: &'x T,
    meetings: &'x mut Meetings<S, C>,
    user: &'x mut O,
}

impl<S: Clone, C: Cost, T: Table<S, C>, O: Observer<S, C>> Observer<S, C> for Meet<'_, S, C, T, O> {
    fn observe(&mut self, event: Event<'_, S, C>) {
        if let Event::Generate { state, g, .. }
        | Event::DecreaseKey { state, g, .. }
        | Event::Reopen { state, g, .. } = event
        {
            if let Lookup::Stored(index) = self.other.lookup(state) {
                self.meetings.offer(state, g, self.other.node(index).g);
            }
        }
        self.user.observe(event);
    }
}

/// Dijkstra's algorithm from the starts and from the goals at once, meeting in the middle.
///
/// Each side expands its nearest state; the side with the smaller distance goes next. Every
/// time a step reaches a state the other side has stored, the length of the path through it is
/// a candidate μ. The search stops when the two sides' smallest open distances add up to at
/// least the best μ — not when the frontiers first touch, which can return a longer path. Each
/// side covers about half the radius, so on graphs that grow with the radius (grids, road maps)
/// the search expands far fewer states than one-sided Dijkstra.
///
/// # Arguments
///
/// - `problem`: the state space, with [`Bidirectional::goals`] and
///   [`Bidirectional::predecessors`] consistent with its goal test and successors.
///
/// # Returns
///
/// A least-cost path from a start to a goal, its cost (the sum of its steps, added up from the
/// start) and the [`Stats`](crate::Stats) of both sides. An observer sees both sides' events.
///
/// # Errors
///
/// As for [`dijkstra`](crate::dijkstra). For a bad step found backward, `from` and `to` are the
/// step's ends in the forward direction; in [`SearchError::Overflow`] its g is then the cost from
/// `to` to a goal. [`SearchError::MissingStep`] if a step of the path is among the predecessors
/// but not among the successors, or costs less or more there than among the predecessors (the
/// search compared paths by the predecessors' costs, so its answer would not be the optimum).
///
/// As in [`dijkstra`](crate::dijkstra), a floating-point path cost that reaches infinity, even
/// a sum of finite steps, makes no path ([`SearchError::NoPath`] if no other path is found): only
/// integer sums overflow.
///
/// # Complexity
///
/// **O((V + E) log V)** time and **O(V)** space, V and E now counting both sides' states and
/// steps.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// let grid = Grid::new(61, 61);
/// let problem = grid.problem(Cell::new(0, 30), Cell::new(60, 30), Movement::Eight)?;
/// let both = informed::bidirectional_dijkstra(&problem)?;
/// let one = informed::dijkstra(&problem)?;
/// assert_eq!(both.cost(), one.cost());
/// assert!(both.stats().expanded < one.stats().expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// I. Pohl, "Bi-directional search", *Machine Intelligence* 6 (1971), 127–140.
pub fn bidirectional_dijkstra<P: Bidirectional>(problem: &P) -> SearchResult<P> {
    Search::new(problem).bidirectional_dijkstra()
}

/// Breadth-first search from the starts and from the goals at once: a path with the fewest steps.
///
/// Each side expands a whole layer at a time, the side with the smaller layer first, and looks
/// each state it stores up in the other side's; the first state found on both sides is a
/// meeting of fewest steps, and the search stops after the expansion that found it, in the
/// middle of its layer. (With a
/// [`cost_bound`](crate::Search::cost_bound) that refuses a meeting, the layer is finished and
/// the meeting of fewest steps within the bound is taken.) The reported cost is the sum of the
/// path's step costs.
///
/// # Arguments
///
/// - `problem`: the state space, searchable backward.
///
/// # Returns
///
/// A path with the fewest steps, its cost and the [`Stats`](crate::Stats) of both sides.
///
/// # Errors
///
/// As for [`bidirectional_dijkstra`]: those of [`bfs`](crate::bfs), from both sides, and
/// [`SearchError::MissingStep`] (a step missing among the successors, or at another cost than
/// among the predecessors). The path's integer cost can overflow even where no side's did:
/// [`SearchError::Overflow`]; a floating-point one that reaches infinity is no path, as in
/// [`bfs`](crate::bfs).
///
/// # Complexity
///
/// **O(V + E)** states and steps on both sides;
/// for branching factor b and depth d, about 2·b^(d/2) states instead of b^d.
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// let grid = Grid::from_ascii("......\n.####.\n......")?;
/// let problem = grid.problem(Cell::new(0, 1), Cell::new(5, 1), Movement::Four)?;
/// let both = informed::bidirectional_bfs(&problem)?;
/// assert_eq!(both.steps(), informed::bfs(&problem)?.steps());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bidirectional_bfs<P: Bidirectional>(problem: &P) -> SearchResult<P> {
    Search::new(problem).bidirectional_bfs()
}

impl<P: Bidirectional, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`bidirectional_dijkstra`](crate::bidirectional_dijkstra) with this search's
    /// options (see the table in [`Search`]'s docs).
    ///
    /// # Errors
    ///
    /// As for [`bidirectional_dijkstra`](crate::bidirectional_dijkstra).
    pub fn bidirectional_dijkstra(self) -> SearchResult<P> {
        let (problem, options) = (self.problem(), *self.options());
        let body = BidirectionalDijkstra {
            setup: self.into_setup()?,
        };
        with_engine(problem, &options, body)
    }

    /// Runs [`bidirectional_bfs`](crate::bidirectional_bfs) with this search's options (see the
    /// table in [`Search`]'s docs).
    ///
    /// # Errors
    ///
    /// As for [`bidirectional_bfs`](crate::bidirectional_bfs).
    pub fn bidirectional_bfs(self) -> SearchResult<P> {
        let (problem, options) = (self.problem(), *self.options());
        with_states::<_, Parents, _>(problem, &options, BidirectionalBfs(self.into_setup()?))
    }
}

/// Bidirectional Dijkstra, waiting for its data structures.
struct BidirectionalDijkstra<'p, P: SearchProblem, O> {
    setup: Setup<'p, P, O>,
}

impl<'p, P, O> EngineBody<'p, P::State, P::Cost> for BidirectionalDijkstra<'p, P, O>
where
    P: Bidirectional,
    O: Observer<P::State, P::Cost>,
{
    type Output = SearchResult<P>;

    fn run<N: Tables<'p, P::State, P::Cost>, Q: OpenSets>(self, tables: N) -> SearchResult<P> {
        let Setup {
            problem,
            options,
            mut control,
            mut observer,
        } = self.setup;
        let back = Reversed::new(problem);
        let new = || -> EngineOf<_, _, N, Q> {
            Engine::new(tables.table(), options.tie_break, Ranking::Cost)
        };
        let (mut ahead, mut behind) = (new(), new());
        let mut meetings = Meetings {
            best: None,
            overflow: None,
            bound: control.cost_bound(),
        };
        {
            let mut meet = Meet {
                other: &behind.table,
                meetings: &mut meetings,
                user: &mut observer,
            };
            ahead.start(problem, &Zero, &mut control, &mut meet)?;
        }
        {
            let mut meet = Meet {
                other: &ahead.table,
                meetings: &mut meetings,
                user: &mut observer,
            };
            behind
                .start(&back, &Zero, &mut control, &mut meet)
                .map_err(forward)?;
        }
        meetings.check(&control)?;
        while let (Some(first), Some(last)) = (ahead.min_g(), behind.min_g()) {
            // The stopping rule that keeps the answer optimal: no path through a state still
            // open can beat the best meeting once the two least open distances add up to it
            // (not when the frontiers first touch, which can be later than a longer path).
            if let Some(best) = &meetings.best {
                if first
                    .checked_sum(last)
                    .is_none_or(|sum| sum.order(best.total).is_ge())
                {
                    break;
                }
            }
            if last.order(first).is_lt() {
                advance(
                    &mut behind,
                    &ahead.table,
                    &back,
                    &mut control,
                    &mut meetings,
                    &mut observer,
                )
                .map_err(forward)?;
            } else {
                advance(
                    &mut ahead,
                    &behind.table,
                    problem,
                    &mut control,
                    &mut meetings,
                    &mut observer,
                )?;
            }
            meetings.check(&control)?;
            control.open_size(ahead.open.len() + behind.open.len());
        }
        solution(problem, [&ahead.table, &behind.table], meetings, &control)
    }
}

/// Expands the best node of one side, offering the meetings with the `other` side's table that
/// it finds. A goal the forward side expands is a meeting by itself.
fn advance<D, T, Q, O>(
    side: &mut Engine<D::State, D::Cost, T, Q>,
    other: &T,
    problem: &D,
    control: &mut Control<'_, D::Cost>,
    meetings: &mut Meetings<D::State, D::Cost>,
    observer: &mut O,
) -> Result<(), SearchError<D::State, D::Cost>>
where
    D: SearchProblem,
    T: Table<D::State, D::Cost>,
    Q: Frontier<Priority<D::Cost>>,
    O: Observer<D::State, D::Cost>,
{
    let current = side.pop(control)?;
    let mut meet = Meet {
        other,
        meetings,
        user: observer,
    };
    if !side.expand(current, problem, &Zero, control, &mut meet)? {
        let (state, node) = side.table.entry(current);
        meet.meetings.offer(state, node.g, D::Cost::ZERO);
    }
    Ok(())
}

/// Bidirectional breadth-first search, waiting for its tables.
struct BidirectionalBfs<'p, P: SearchProblem, O>(Setup<'p, P, O>);

/// One side of a bidirectional breadth-first search: its table, which is also its queue.
type Side<P, T> = Breadth<<P as SearchProblem>::State, <P as SearchProblem>::Cost, T>;

impl<'p, P, O> StatesBody<'p, P::State> for BidirectionalBfs<'p, P, O>
where
    P: Bidirectional,
    O: Observer<P::State, P::Cost>,
{
    type Output = SearchResult<P>;

    fn run<T: States<P::State> + 'p>(self, states: T, more: impl Fn() -> T) -> SearchResult<P> {
        let Setup {
            problem,
            mut control,
            mut observer,
            ..
        } = self.0;
        let back = Reversed::new(problem);
        let mut sides: [Side<P, T>; 2] = [Breadth::new(states), Breadth::new(more())];
        // The meeting of fewest steps: its state and step count.
        let mut best: Option<(P::State, usize)> = None;
        let zero = P::Cost::ZERO;
        let ends: [Vec<P::State>; 2] = [
            problem.starts().into_iter().collect(),
            back.starts().into_iter().collect(),
        ];
        for (side, ends) in ends.into_iter().enumerate() {
            for end in ends {
                control.count_start();
                let [this, other] = pair(&mut sides, side);
                match this.reach(end, NO_PARENT, zero, &mut control, &mut observer) {
                    Ok(Placed::Inserted(index)) => {
                        let end = this.states.state(index);
                        if other.states.find(end).is_some() {
                            best.get_or_insert_with(|| (end.clone(), 0));
                        }
                    }
                    Ok(Placed::Found(_)) => {}
                    Err(limit) => return Err(this.limit_reached(&control, limit)),
                }
            }
        }
        let mut layer = Layer {
            control: &mut control,
            observer: &mut observer,
            best: &mut best,
            rest: Vec::new(),
            refused: false,
        };
        while layer.best.is_none() {
            let sizes = sides.each_ref().map(Breadth::open_len);
            if sizes.contains(&0) {
                break;
            }
            let side = usize::from(sizes[1] < sizes[0]);
            let [this, other] = pair(&mut sides, side);
            if side == 0 {
                layer.expand(this, other, problem)?;
            } else {
                layer.expand(this, other, &back).map_err(forward)?;
            }
            let open = sides[0].open_len() + sides[1].open_len();
            layer.control.open_size(open);
        }
        let Some((meeting, _)) = best else {
            return Err(control.no_path());
        };
        let (path, at) = joined_breadth(&sides[0], &sides[1], &meeting);
        let cost = path_cost(problem, &path, control.stats())?;
        check_backward_steps(problem, &path, at, control.stats())?;
        // A floating-point cost that reaches infinity is no path, as in `bfs`, which prunes
        // an infinite path cost.
        if cost.is_infinite() {
            return Err(control.no_path());
        }
        Ok(Solution::new(path, cost, control.stats()))
    }
}

/// The path through the meeting state of a bidirectional breadth-first search, and the
/// position of the meeting state in it (see [`joined`]).
fn joined_breadth<S: Clone, C: Cost, T: States<S>>(
    forward: &Breadth<S, C, T>,
    backward: &Breadth<S, C, T>,
    meeting: &S,
) -> (Vec<S>, usize) {
    let mut states = match forward.states.find(meeting) {
        Some(index) => forward.path(index),
        None => vec![meeting.clone()],
    };
    let at = states.len() - 1;
    if let Some(index) = backward.states.find(meeting) {
        let mut back = backward.path(index);
        back.pop();
        states.extend(back.into_iter().rev());
    }
    (states, at)
}

/// What the expansion of a layer of either side works with.
struct Layer<'x, 'c, S, C, O> {
    control: &'x mut Control<'c, C>,
    observer: &'x mut O,
    /// The meeting of fewest steps so far: its state and step count.
    best: &'x mut Option<(S, usize)>,
    /// Never filled: no expansion stops early.
    rest: Vec<(S, C)>,
    /// Whether a meeting beyond the cost bound was refused. Until one is, the first meeting
    /// found ends the search: each side has expanded whole layers, every state either side
    /// has stored was looked up in the other side when it was stored, and so a meeting of
    /// fewer steps than the first one found in a layer would have been found before it. After
    /// a refusal a meeting of fewer steps can follow (its own path within the bound), and the
    /// layer is expanded to its end.
    refused: bool,
}

impl<S: Clone + Eq, C: Cost, O: Observer<S, C>> Layer<'_, '_, S, C, O> {
    /// Expands the whole deepest layer of `this` side, in `problem` (the problem, or the
    /// problem seen backward), offering the meetings with the `other` side it finds.
    fn expand<D, T>(
        &mut self,
        this: &mut Breadth<S, C, T>,
        other: &Breadth<S, C, T>,
        problem: &D,
    ) -> Result<(), SearchError<S, C>>
    where
        D: SearchProblem<State = S, Cost = C>,
        T: States<S>,
    {
        let control = &mut *self.control;
        let observer = &mut *self.observer;
        let best = &mut *self.best;
        let refused = &mut self.refused;
        let room = (control.buffer_room(), Fit::Last);
        let end = this.states.len();
        while this.next < end {
            let current = this.pop();
            if let Err(limit) = control.expansion() {
                return Err(this.limit_reached(control, limit));
            }
            let depth = this.depth_expanded();
            let g = this.g_expanded(current);
            let state = this.states.state(current);
            observer.observe(Event::Expand {
                state,
                g,
                h: C::ZERO,
            });
            let mut last: Option<(C, C, bool)> = None;
            let take = |this: &mut Breadth<S, C, T>, next: S, step: C| {
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
                        let new_g = control.step(g, step, this.states.state(current), &next)?;
                        if this.see_step(step) == Seen::New {
                            this.keep_each_cost();
                        }
                        let pruned = control.prunes(new_g);
                        last = Some((step, new_g, pruned));
                        (new_g, pruned)
                    }
                };
                if pruned {
                    return Ok(true);
                }
                let index = match this.reach(next, current, new_g, control, observer) {
                    Ok(Placed::Inserted(index)) => index,
                    Ok(Placed::Found(index)) => {
                        this.take_cheaper_step(index, current, new_g);
                        return Ok(true);
                    }
                    Err(limit) => return Err(this.limit_reached(control, limit)),
                };
                let reached = this.states.state(index);
                if let Some(there) = other.states.find(reached) {
                    let total = new_g.checked_sum(other.g(there));
                    // An integer total that overflows is reported when the path is costed;
                    // a floating-point one that reaches infinity is no path, as in `bfs`,
                    // which prunes an infinite path cost.
                    let within = total
                        .is_none_or(|total| !total.is_infinite() && !control.exceeds_bound(total));
                    let steps = depth + 1 + other.depth(there);
                    if !within {
                        *refused = true;
                    } else if best.as_ref().is_none_or(|(_, fewest)| steps < *fewest) {
                        *best = Some((reached.clone(), steps));
                    }
                }
                Ok(true)
            };
            if !this.expand(current, problem, room, &mut self.rest, take)? {
                let limit = control.buffer_overflow();
                return Err(this.limit_reached(control, limit));
            }
            // The first meeting is one of fewest steps (see `Layer::refused`): the rest of
            // the layer can only offer others as few. The expansion that found it is finished,
            // for a cheaper step to the meeting state from the same parent.
            if best.is_some() && !*refused {
                break;
            }
        }
        Ok(())
    }
}

/// Side `side` of `sides` and the other one, both mutable.
fn pair<T>(sides: &mut [T; 2], side: usize) -> [&mut T; 2] {
    let [first, second] = sides;
    if side == 0 {
        [first, second]
    } else {
        [second, first]
    }
}
