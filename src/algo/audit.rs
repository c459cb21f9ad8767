//! Checking a heuristic against a problem before trusting it.

use std::fmt;
use std::hash::Hash;

use indexmap::IndexSet;

use crate::{Cost, Event, Heuristic, Search, SearchProblem, Successors};

/// How many violations an [`Audit`] keeps (it counts them all).
pub const KEPT_VIOLATIONS: usize = 1_000;

/// One way a heuristic broke its promise.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Violation<S, C> {
    /// h(from) > cost(from → to) + h(to): the heuristic is not consistent, and A* with it may
    /// have to reopen states.
    Inconsistent {
        /// The state the step leaves.
        from: S,
        /// The state it reaches.
        to: S,
        /// The step's cost.
        step: C,
        /// h(from).
        h_from: C,
        /// h(to).
        h_to: C,
    },
    /// h(state) exceeds the true cost from `state` to the nearest goal: the heuristic is not
    /// admissible, and A* with it may return a path that is not the cheapest.
    Overestimate {
        /// The state.
        state: S,
        /// Its estimate h.
        h: C,
        /// Its exact remaining cost h*.
        exact: C,
    },
}

/// The findings of [`audit`].
#[derive(Clone, Debug)]
pub struct Audit<S, C> {
    states: usize,
    steps: usize,
    complete: bool,
    inconsistent: usize,
    overestimates: usize,
    violations: Vec<Violation<S, C>>,
}

impl<S, C> Audit<S, C> {
    /// The number of states enumerated.
    pub fn states(&self) -> usize {
        self.states
    }

    /// The number of steps checked for consistency.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// Whether every state reachable from the starts was enumerated, so that admissibility could
    /// be checked against exact costs.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Whether no enumerated step violated consistency.
    pub fn is_consistent(&self) -> bool {
        self.inconsistent == 0
    }

    /// Whether no state was overestimated: `Some` only for a complete audit.
    pub fn is_admissible(&self) -> Option<bool> {
        self.complete.then_some(self.overestimates == 0)
    }

    /// The number of inconsistent steps found.
    pub fn inconsistent_count(&self) -> usize {
        self.inconsistent
    }

    /// The number of overestimated states found.
    pub fn overestimate_count(&self) -> usize {
        self.overestimates
    }

    /// The first [`KEPT_VIOLATIONS`] violations: inconsistencies in the order the steps were
    /// enumerated, then overestimates in the order of the states.
    pub fn violations(&self) -> &[Violation<S, C>] {
        &self.violations
    }

    fn record(&mut self, violation: Violation<S, C>) {
        match violation {
            Violation::Inconsistent { .. } => self.inconsistent += 1,
            Violation::Overestimate { .. } => self.overestimates += 1,
        }
        if self.violations.len() < KEPT_VIOLATIONS {
            self.violations.push(violation);
        }
    }
}

impl<S, C> fmt::Display for Audit<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} states, {} steps: {} inconsistent steps, ",
            self.states, self.steps, self.inconsistent
        )?;
        if self.complete {
            write!(f, "{} overestimated states", self.overestimates)
        } else {
            f.write_str("admissibility not checked (the space was not exhausted)")
        }
    }
}

/// Whether `a` exceeds `b` by more than rounding: exactly for integers, by a relative 1e-9 for
/// floats.
fn exceeds<C: Cost>(a: C, b: C) -> bool {
    if C::EXACT {
        a.order(b).is_gt()
    } else {
        a.to_f64() - b.to_f64() > 1e-9 * b.to_f64().abs().max(1.0)
    }
}

/// Checks `heuristic` on `problem`: consistency on every step among the first `max_states`
/// states reachable from the starts, and — if that is all of them — admissibility against the
/// exact remaining cost of every state.
///
/// A heuristic that silently overestimates makes A* return wrong paths with no sign of it; an
/// audit on a small instance of the problem (a small map, a 3×3 puzzle) catches it first.
///
/// # Arguments
///
/// - `problem`: the state space; its successors are enumerated breadth-first from the starts.
/// - `heuristic`: the estimate to check.
/// - `max_states`: how many states to enumerate at most; memory grows with it.
///
/// # Returns
///
/// An [`Audit`] with the counts and the first [`KEPT_VIOLATIONS`] violations, each naming the
/// states and values involved. Float comparisons allow a relative 1e-9 for rounding.
///
/// # Complexity
///
/// **O(V + E)** successor calls and estimates for the enumeration, plus a Dijkstra search
/// **O((V + E) log V)** over the reversed steps for admissibility, where V ≤ `max_states`.
///
/// # Example
///
/// The squared distance, a classic mistake, is caught at once:
///
/// ```
/// use informed::grid::{Cell, Grid, Movement};
///
/// let grid = Grid::new(6, 6);
/// let problem = grid.problem(Cell::new(0, 0), Cell::new(5, 5), Movement::Four)?;
/// let squared = |c: &Cell| {
///     let (dx, dy) = (f64::from(5 - c.x), f64::from(5 - c.y));
///     dx * dx + dy * dy
/// };
/// let audit = informed::audit(&problem, squared, 10_000);
/// assert_eq!(audit.is_admissible(), Some(false));
/// assert!(!audit.is_consistent());
///
/// let fine = informed::audit(&problem, problem.manhattan(), 10_000);
/// assert!(fine.is_consistent() && fine.is_admissible() == Some(true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn audit<P, H>(problem: &P, heuristic: H, max_states: usize) -> Audit<P::State, P::Cost>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    let mut states: IndexSet<P::State> = IndexSet::new();
    let mut estimates: Vec<P::Cost> = Vec::new();
    // The index of `state`, stored (with its estimate) if new and there is room.
    let add = |state: P::State, states: &mut IndexSet<P::State>, estimates: &mut Vec<P::Cost>| {
        if let Some(index) = states.get_index_of(&state) {
            return Some(index);
        }
        if states.len() >= max_states {
            return None;
        }
        estimates.push(heuristic.estimate(&state));
        Some(states.insert_full(state).0)
    };
    let mut report = Audit {
        states: 0,
        steps: 0,
        complete: true,
        inconsistent: 0,
        overestimates: 0,
        violations: Vec::new(),
    };
    for start in problem.starts() {
        if add(start, &mut states, &mut estimates).is_none() {
            report.complete = false;
        }
    }
    // reverse[to] lists (from, cost) for the admissibility pass.
    let mut reverse: Vec<Vec<(usize, P::Cost)>> = Vec::new();
    let mut successors = Successors::new();
    let mut next = 0;
    while next < states.len() {
        let from = next;
        next += 1;
        successors.clear();
        problem.successors(&states[from], &mut successors);
        for (to, step) in successors.drain() {
            report.steps += 1;
            let Some(index) = add(to.clone(), &mut states, &mut estimates) else {
                report.complete = false;
                let h_to = heuristic.estimate(&to);
                check_step(&mut report, &states[from], to, step, estimates[from], h_to);
                continue;
            };
            check_step(
                &mut report,
                &states[from],
                to,
                step,
                estimates[from],
                estimates[index],
            );
            if reverse.len() < states.len() {
                reverse.resize_with(states.len(), Vec::new);
            }
            reverse[index].push((from, step));
        }
    }
    report.states = states.len();
    if report.complete {
        check_admissible(problem, &states, &estimates, &reverse, &mut report);
    }
    report
}

fn check_step<S: Clone, C: Cost>(
    report: &mut Audit<S, C>,
    from: &S,
    to: S,
    step: C,
    h_from: C,
    h_to: C,
) {
    let bound = step.checked_sum(h_to);
    if bound.is_some_and(|bound| exceeds(h_from, bound)) {
        report.record(Violation::Inconsistent {
            from: from.clone(),
            to,
            step,
            h_from,
            h_to,
        });
    }
}

/// Exact remaining costs by Dijkstra from the goals over the reversed steps (run on this
/// crate's own engine), compared with the estimates.
fn check_admissible<P: SearchProblem>(
    problem: &P,
    states: &IndexSet<P::State>,
    estimates: &[P::Cost],
    reverse: &[Vec<(usize, P::Cost)>],
    report: &mut Audit<P::State, P::Cost>,
) where
    P::State: Clone + Eq + Hash,
{
    let goals: Vec<usize> = (0..states.len())
        .filter(|&i| problem.is_goal(&states[i]))
        .collect();
    let backwards = crate::from_fn(
        0usize,
        |&i: &usize| reverse.get(i).cloned().unwrap_or_default(),
        |_| false,
    )
    .with_starts(goals);
    let mut exact: Vec<Option<P::Cost>> = vec![None; states.len()];
    let _exhausted = Search::new(&backwards)
        .on_event(|event| {
            if let Event::Expand { state, g, .. } = event {
                exact[*state] = Some(g);
            }
        })
        .dijkstra();
    for (index, remaining) in exact.iter().enumerate() {
        if let Some(remaining) = *remaining
            && exceeds(estimates[index], remaining)
        {
            report.record(Violation::Overestimate {
                state: states[index].clone(),
                h: estimates[index],
                exact: remaining,
            });
        }
    }
}
