//! Checking a heuristic against a problem before trusting it.

use std::fmt;

use crate::cost::Cost;
use crate::engine::control::Setup;
use crate::engine::select::{TableBody, with_tables};
use crate::engine::table::{Lookup, Node, Table, Tables};
use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::{Event, Observer};
use crate::problem::SearchProblem;
use crate::progress::Counted;
use crate::search::Search;
use crate::solution::ErrorOf;

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
    /// h(state) is NaN: no search can use the heuristic (each would stop with
    /// [`SearchError::NanEstimate`](crate::SearchError::NanEstimate)).
    NanEstimate {
        /// The state.
        state: S,
    },
    /// h(goal) is above zero. A consistent heuristic is zero at every goal (with h(goal) = 0,
    /// consistency on each step implies admissibility); one that is not overestimates the
    /// goal's remaining cost, zero, so it is neither consistent nor admissible. Found at every
    /// goal the audit enumerates, complete or not.
    GoalEstimate {
        /// The goal state.
        state: S,
        /// Its estimate h, above zero.
        h: C,
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
    nan_estimates: usize,
    goal_estimates: usize,
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

    /// Whether the heuristic is consistent on what was enumerated: no step violated
    /// h(from) ≤ cost(from → to) + h(to), no goal had an estimate above zero, and no estimate
    /// was NaN. (A consistent heuristic is admissible: when this holds on a complete audit,
    /// [`is_admissible`](Self::is_admissible) is `Some(true)`.)
    pub fn is_consistent(&self) -> bool {
        self.inconsistent == 0 && self.nan_estimates == 0 && self.goal_estimates == 0
    }

    /// Whether no state was overestimated and no estimate was NaN: `Some` only for a complete
    /// audit, or `Some(false)` as soon as a NaN estimate or a goal estimated above zero was
    /// seen (either proves the heuristic inadmissible without the exact costs).
    pub fn is_admissible(&self) -> Option<bool> {
        if self.nan_estimates > 0 || self.goal_estimates > 0 {
            return Some(false);
        }
        self.complete.then_some(self.overestimates == 0)
    }

    /// The number of enumerated states whose estimate is NaN.
    pub fn nan_estimate_count(&self) -> usize {
        self.nan_estimates
    }

    /// The number of enumerated goals whose estimate is above zero.
    pub fn goal_estimate_count(&self) -> usize {
        self.goal_estimates
    }

    /// The number of inconsistent steps found.
    pub fn inconsistent_count(&self) -> usize {
        self.inconsistent
    }

    /// The number of overestimated states found.
    pub fn overestimate_count(&self) -> usize {
        self.overestimates
    }

    /// The first [`KEPT_VIOLATIONS`] violations: inconsistencies, NaN estimates and goals
    /// estimated above zero in the order the steps and states were enumerated, then
    /// overestimates in the order of the states.
    pub fn violations(&self) -> &[Violation<S, C>] {
        &self.violations
    }

    fn record(&mut self, violation: Violation<S, C>) {
        match violation {
            Violation::Inconsistent { .. } => self.inconsistent += 1,
            Violation::Overestimate { .. } => self.overestimates += 1,
            Violation::NanEstimate { .. } => self.nan_estimates += 1,
            Violation::GoalEstimate { .. } => self.goal_estimates += 1,
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
            "{}, {}: {}, ",
            Counted(self.states as u64, "state", "states"),
            Counted(self.steps as u64, "step", "steps"),
            Counted(
                self.inconsistent as u64,
                "inconsistent step",
                "inconsistent steps"
            ),
        )?;
        if self.nan_estimates > 0 {
            let nan = Counted(self.nan_estimates as u64, "NaN estimate", "NaN estimates");
            write!(f, "{nan}, ")?;
        }
        if self.goal_estimates > 0 {
            let goals = Counted(
                self.goal_estimates as u64,
                "goal estimated above 0",
                "goals estimated above 0",
            );
            write!(f, "{goals}, ")?;
        }
        if self.complete {
            let over = self.overestimates as u64;
            write!(
                f,
                "{}",
                Counted(over, "overestimated state", "overestimated states")
            )
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
/// states reachable from the starts (h(from) ≤ cost(from → to) + h(to) on each step, and
/// h = 0 at each goal), and — if that is all of them — admissibility against the exact
/// remaining cost of every state.
///
/// A heuristic that silently overestimates makes A* return wrong paths with no sign of it; an
/// audit on a small instance of the problem (a small map, a 3×3 puzzle) catches it first.
///
/// # Arguments
///
/// - `problem`: the state space; its successors are enumerated breadth-first from the starts.
/// - `heuristic`: a closure giving the estimate to check; for a heuristic that is a type, call
///   [`audit_with`].
/// - `max_states`: how many states to enumerate at most; memory grows with it. (It is
///   [`Search::max_stored`] for [`Search::audit`], where the other limits also end the
///   enumeration early, leaving the audit incomplete.)
///
/// # Returns
///
/// An [`Audit`] with the counts and the first [`KEPT_VIOLATIONS`] violations, each naming the
/// states and values involved. Float comparisons allow a relative 1e-9 for rounding.
///
/// # Errors
///
/// [`SearchError::NegativeCost`](crate::SearchError::NegativeCost) or
/// [`SearchError::NanCost`](crate::SearchError::NanCost) for a bad step (against which no heuristic
/// can be judged), and [`SearchError::Unsupported`](crate::SearchError::Unsupported) for a cost
/// bound set on a [`Search`].
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
/// let audit = informed::audit(&problem, squared, 10_000)?;
/// assert_eq!(audit.is_admissible(), Some(false));
/// assert!(!audit.is_consistent());
///
/// let fine = informed::audit_with(&problem, problem.manhattan(), 10_000)?;
/// assert!(fine.is_consistent() && fine.is_admissible() == Some(true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn audit<P, F>(
    problem: &P,
    heuristic: F,
    max_states: usize,
) -> Result<Audit<P::State, P::Cost>, ErrorOf<P>>
where
    P: SearchProblem,
    F: HeuristicFn<P::State, P::Cost>,
{
    Search::new(problem)
        .max_stored(max_states as u64)
        .audit_with(heuristic)
}

/// [`audit`] with a heuristic of any type that implements [`Heuristic`] (the ready-made ones,
/// [`Max`](crate::Max), your own types); see [`astar_with`](crate::astar_with) for why the
/// closures and the types have an entry point each.
///
/// # Arguments, Returns, Errors, Complexity
///
/// As for [`audit`]; `heuristic` is a value of a [`Heuristic`] type instead of a closure.
///
/// # Example
///
/// ```
/// use informed::puzzle::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::new(2, 2)?;
/// let problem = puzzle.problem(puzzle.parse("3 1 2 0")?)?;
/// let audit = informed::audit_with(&problem, puzzle.manhattan(), 100)?;
/// assert!(audit.is_consistent());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn audit_with<P, H>(
    problem: &P,
    heuristic: H,
    max_states: usize,
) -> Result<Audit<P::State, P::Cost>, ErrorOf<P>>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
{
    Search::new(problem)
        .max_stored(max_states as u64)
        .audit_with(heuristic)
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs [`audit`](crate::audit) with this search's options and a closure heuristic: the cap on stored states is the
    /// most states enumerated (none: the whole reachable space, which must then be finite), and
    /// the other limits end the enumeration early. The observer sees each state enumerated as
    /// generated and expanded.
    ///
    /// # Errors
    ///
    /// As for [`audit`](crate::audit).
    pub fn audit<F>(self, heuristic: F) -> Result<Audit<P::State, P::Cost>, ErrorOf<P>>
    where
        F: HeuristicFn<P::State, P::Cost>,
    {
        self.audit_with(heuristic)
    }

    /// Runs [`audit_with`](crate::audit_with) with this search's options: the cap on stored states is the
    /// most states enumerated (none: the whole reachable space, which must then be finite), and
    /// the other limits end the enumeration early. The observer sees each state enumerated as
    /// generated and expanded.
    ///
    /// # Errors
    ///
    /// As for [`audit`](crate::audit).
    pub fn audit_with<H>(self, heuristic: H) -> Result<Audit<P::State, P::Cost>, ErrorOf<P>>
    where
        H: Heuristic<P::State, P::Cost>,
    {
        self.refuse_cost_bound("audit")?;
        let (problem, options) = (self.problem(), *self.options());
        let body = Enumeration {
            setup: self.into_setup()?,
            heuristic,
        };
        with_tables(problem, &options, body)
    }
}

/// The audit, waiting for its node table.
struct Enumeration<'p, P: SearchProblem, H, O> {
    setup: Setup<'p, P, O>,
    heuristic: H,
}

impl<'p, P, H, O> TableBody<'p, P::State, P::Cost> for Enumeration<'p, P, H, O>
where
    P: SearchProblem,
    H: Heuristic<P::State, P::Cost>,
    O: Observer<P::State, P::Cost>,
{
    type Output = Result<Audit<P::State, P::Cost>, ErrorOf<P>>;

    fn run<N: Tables<'p, P::State, P::Cost>>(self, tables: N) -> Self::Output {
        let Setup {
            problem,
            mut control,
            mut observer,
            ..
        } = self.setup;
        let heuristic = &self.heuristic;
        let mut report = Audit {
            states: 0,
            steps: 0,
            complete: true,
            inconsistent: 0,
            overestimates: 0,
            nan_estimates: 0,
            goal_estimates: 0,
            violations: Vec::new(),
        };
        // Each state is stored with its raw estimate as h (parents are not needed), breadth
        // first: the table is its own queue.
        let mut table = tables.table();
        let zero = P::Cost::ZERO;
        // The index of `state`, stored with its estimate if new and the limits allow.
        let mut add =
            |state: P::State,
             table: &mut N::Table,
             report: &mut Audit<P::State, P::Cost>,
             control: &mut crate::engine::control::Control<'_, P::Cost>| {
                match table.lookup(&state) {
                    Lookup::Stored(index) => Some(index),
                    Lookup::New(key) => {
                        let h = heuristic.estimate(&state);
                        if h.is_nan() {
                            report.record(Violation::NanEstimate {
                                state: state.clone(),
                            });
                        } else if exceeds(h, zero) && problem.is_goal(&state) {
                            report.record(Violation::GoalEstimate {
                                state: state.clone(),
                                h,
                            });
                        }
                        let node = Node::new(crate::engine::table::NO_PARENT, zero, h);
                        control
                            .try_store(table, &mut observer, key, state, node)
                            .ok()
                    }
                }
            };
        for start in problem.starts() {
            control.count_start();
            if add(start, &mut table, &mut report, &mut control).is_none() {
                report.complete = false;
            }
        }
        // reverse[to] lists (from, cost) for the admissibility pass.
        let mut reverse: Vec<Vec<(usize, P::Cost)>> = Vec::new();
        let mut next = 0;
        while next < table.len() {
            if control.expansion().is_err() {
                report.complete = false;
                break;
            }
            let from = next;
            next += 1;
            let state = table.state(from).clone();
            let h_from = table.node(from).h;
            for (to, step) in problem.successors(&state) {
                control.step(zero, step, &state, &to)?;
                report.steps += 1;
                let Some(index) = add(to.clone(), &mut table, &mut report, &mut control) else {
                    report.complete = false;
                    let h_to = heuristic.estimate(&to);
                    check_step(&mut report, &state, to, step, h_from, h_to);
                    continue;
                };
                check_step(&mut report, &state, to, step, h_from, table.node(index).h);
                if reverse.len() < table.len() {
                    reverse.resize_with(table.len(), Vec::new);
                }
                reverse[index].push((from, step));
            }
        }
        report.states = table.len();
        if report.complete {
            check_admissible(problem, &table, &reverse, &mut report);
        }
        Ok(report)
    }
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
fn check_admissible<P: SearchProblem, T: Table<P::State, P::Cost>>(
    problem: &P,
    table: &T,
    reverse: &[Vec<(usize, P::Cost)>],
    report: &mut Audit<P::State, P::Cost>,
) {
    let goals: Vec<usize> = (0..table.len())
        .filter(|&i| problem.is_goal(table.state(i)))
        .collect();
    let backwards = crate::problem::from_fn(
        0usize,
        |&i: &usize| reverse.get(i).cloned().unwrap_or_default(),
        |_| false,
    )
    .with_starts(goals);
    let mut exact: Vec<Option<P::Cost>> = vec![None; table.len()];
    // The space is finite and its steps checked: the search ends by exhausting it.
    let _exhausted = Search::new(&backwards)
        .on_event(|event| {
            if let Event::Expand { state, g, .. } = event {
                exact[*state] = Some(g);
            }
        })
        .dijkstra();
    for (index, remaining) in exact.iter().enumerate() {
        let h = table.node(index).h;
        if let Some(remaining) = *remaining {
            if exceeds(h, remaining) {
                report.record(Violation::Overestimate {
                    state: table.state(index).clone(),
                    h,
                    exact: remaining,
                });
            }
        }
    }
}
