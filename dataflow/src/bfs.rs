//! Layered breadth-first search partitioned by state across the workers of a cluster: the
//! histogram of states per depth, the first goal with a path, the states of chosen layers.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::hash::Hash;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use informed::{FastBuildHasher, SearchProblem};
use serde::{Deserialize, Serialize};
use timely::worker::Worker;

use crate::cluster::Cluster;
use crate::engine::execute;
use crate::engine::failure::Failure;
use crate::engine::rounds::{Report, Rounds, Wire};
use crate::engine::visited::{Visited, Workers, route_hash};
use crate::error::DataflowError;

/// A state that can travel between workers and processes: `Clone + Eq + Hash + Send`, and
/// `Serialize` and `Deserialize` with `serde`. Implemented for every such type.
///
/// Its `Hash` chooses its owner, so it must be the same in every process: derived hashes of
/// plain data are; hashes that depend on a random seed or an address are not.
pub trait ExchangeState: Wire + Eq + Hash {}

impl<S: Wire + Eq + Hash> ExchangeState for S {}

/// How the owner of a state remembers that it has reached it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VisitedSet {
    /// [`Ranked`](Self::Ranked) for a problem with a dense numbering
    /// ([`SearchProblem::index_bound`] is `Some`) when no path is asked for;
    /// [`Hashed`](Self::Hashed) otherwise.
    #[default]
    Auto,
    /// A hash set of states (a hash map to parents where a path is asked for). Owners are
    /// chosen by a hash of the state.
    Hashed,
    /// A bit map over the problem's numbering: the worker `index % workers` owns a state, at
    /// bit `index / workers` of its map, `index_bound / workers` bits in all, whatever the
    /// number of states reached. Needs [`SearchProblem::index_bound`], and no path.
    Ranked,
}

/// What a run reports after each layer, to the callback of
/// [`LayeredBfs::on_layer`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayerProgress {
    /// The depth of the layer just completed.
    pub depth: usize,
    /// The states at that depth, over all workers.
    pub states: u64,
    /// The states at every depth so far, over all workers.
    pub total: u64,
    /// The time since every worker had started (the end of a first, empty round).
    pub elapsed: Duration,
    /// The index of the process reporting (each process's first worker reports).
    pub process: usize,
}

/// The path to the first goal found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalPath<S> {
    depth: usize,
    path: Vec<S>,
}

impl<S> GoalPath<S> {
    /// The goal's depth: the fewest steps from a start to any goal.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The states from a start to the goal, both included: `depth() + 1` of them, each a
    /// successor of the one before.
    pub fn path(&self) -> &[S] {
        &self.path
    }

    /// The goal state.
    pub fn goal(&self) -> &S {
        &self.path[self.path.len() - 1]
    }
}

/// The memory one worker held, and for how many states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WorkerMemory {
    /// The worker's index in the run.
    pub worker: usize,
    /// The states it owns (reached, over all depths).
    pub states: u64,
    /// The bytes of its visited set (a hash map's buckets, or a bit map).
    pub visited_bytes: u64,
    /// The most bytes its layers held at once (the layer it expanded and the one it built).
    pub layer_bytes: u64,
}

impl WorkerMemory {
    /// Bytes per state owned: the visited set and the largest layers, over the states.
    pub fn bytes_per_state(&self) -> f64 {
        (self.visited_bytes + self.layer_bytes) as f64 / self.states.max(1) as f64
    }
}

/// The result of a [`LayeredBfs`] run, as one process sees it.
///
/// The histogram and the goal path are the whole run's, the same in every process; the kept
/// layers and the memory figures are this process's workers' only.
#[derive(Clone, Debug)]
pub struct Enumeration<S> {
    histogram: Vec<u64>,
    complete: bool,
    goal: Option<GoalPath<S>>,
    kept: Vec<(usize, Vec<S>)>,
    memory: Vec<WorkerMemory>,
    elapsed: Duration,
}

impl<S> Enumeration<S> {
    /// The number of distinct states at each depth, from depth 0 (the distinct starts) to the
    /// deepest layer reached: every entry is at least 1.
    pub fn histogram(&self) -> &[u64] {
        &self.histogram
    }

    /// The number of states reached, over all depths.
    pub fn states(&self) -> u64 {
        self.histogram.iter().sum()
    }

    /// Whether every reachable state was reached: false when the run stopped at a goal or at
    /// the depth bound with states still to expand.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The first goal reached and a path to it, where [`LayeredBfs::find_goal`] asked for it
    /// and one is reachable (within the depth bound).
    pub fn goal(&self) -> Option<&GoalPath<S>> {
        self.goal.as_ref()
    }

    /// The states of each layer that [`LayeredBfs::keep_layers`] asked for, by depth,
    /// owned by this process's workers (the other processes hold the rest). A layer that
    /// was not reached is absent.
    pub fn kept_layers(&self) -> &[(usize, Vec<S>)] {
        &self.kept
    }

    /// The memory of this process's workers.
    pub fn memory(&self) -> &[WorkerMemory] {
        &self.memory
    }

    /// The time the run took, from the moment every worker of every process had started (the
    /// end of a first, empty round) to the end of the last layer; the same in every process
    /// up to the time a message takes.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

/// The callback of [`LayeredBfs::on_layer`].
type OnLayer = Arc<dyn Fn(&LayerProgress) + Send + Sync>;

/// A layered breadth-first search over the workers of a [`Cluster`]: each worker owns the
/// states that a hash of them (or their number, see [`VisitedSet`]) assigns to it; the
/// successors of a layer go to their owners, which keep those they have not seen, and these
/// form the next layer. A layer ends when timely's progress tracking tells every worker that
/// no message of it is left anywhere.
///
/// # Arguments
///
/// - `make`: builds the problem; every worker calls it once, in its own thread and process,
///   so a problem need not be `Send`. Every call must build the same problem. Its states
///   travel between processes with `serde`, and their `Hash` must be the same in every
///   process (no random seeds, no addresses). Step costs are ignored: a step is a step.
///
/// # Returns
///
/// An [`Enumeration`]: the histogram, the goal and its path, the kept layers, memory.
///
/// # Errors
///
/// [`DataflowError::Network`] if the processes cannot connect;
/// [`DataflowError::WorkerFailed`] if a worker panics (in the problem's code, or for a bit map
/// it cannot allocate, or a number at or above `index_bound`) or another process dies: the
/// run then fails in every process that is left, and gives no histogram;
/// [`DataflowError::BadOptions`] if [`VisitedSet::Ranked`] is asked for a problem without a
/// numbering, or with a path.
///
/// # Complexity
///
/// **O(V + E)** work for V states and E steps reached, split over the workers by their
/// share of the states; E messages, those between processes serialized. Each worker holds
/// its visited set (a hash map entry per state it owns, or `index_bound / workers` bits)
/// and the two layers it works on. The run takes one round of the whole cluster per depth.
///
/// # Example
///
/// ```
/// use informed_dataflow::{Cluster, LayeredBfs};
///
/// // Knight moves on a 5×5 board, on two worker threads.
/// let knight = |&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
///         .into_iter()
///         .filter(|&((x, y), _)| (0..5).contains(&x) && (0..5).contains(&y))
/// };
/// let make = move || informed::from_fn((0i8, 0i8), knight, |&square| square == (4, 4));
/// let run = LayeredBfs::new(make).find_goal().run(&Cluster::threads(2)?)?;
/// assert_eq!(run.histogram()[..2], [1, 2]);
/// let goal = run.goal().expect("a knight reaches every square of a 5×5 board");
/// assert_eq!(goal.depth(), 4);
/// assert_eq!(goal.path().first(), Some(&(0, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// R. E. Korf and P. Schultze, "Large-scale parallel breadth-first search", *AAAI* 2005:
/// the 15-puzzle's whole space, by layers, states partitioned by a hash among threads.
pub struct LayeredBfs<F> {
    make: F,
    find_goal: bool,
    keep: Vec<usize>,
    max_depth: Option<usize>,
    visited: VisitedSet,
    on_layer: Option<OnLayer>,
}

impl<F> fmt::Debug for LayeredBfs<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LayeredBfs")
            .field("find_goal", &self.find_goal)
            .field("keep", &self.keep)
            .field("max_depth", &self.max_depth)
            .field("visited", &self.visited)
            .finish_non_exhaustive()
    }
}

impl<P, F> LayeredBfs<F>
where
    P: SearchProblem + 'static,
    P::State: ExchangeState,
    F: Fn() -> P + Send + Sync + 'static,
{
    /// A search of the problem `make` builds (see [`LayeredBfs`]), over every reachable
    /// state, ignoring goals, keeping no layer.
    pub fn new(make: F) -> Self {
        LayeredBfs {
            make,
            find_goal: false,
            keep: Vec::new(),
            max_depth: None,
            visited: VisitedSet::Auto,
            on_layer: None,
        }
    }

    /// Stops at the first layer that holds a goal, and returns a path to one. Each owner
    /// then keeps every state's parent (a hash map of states to states), and the path is
    /// traced back in one round per step.
    pub fn find_goal(mut self) -> Self {
        self.find_goal = true;
        self
    }

    /// Keeps the states of the layers at `depths` (see [`Enumeration::kept_layers`]).
    pub fn keep_layers(mut self, depths: impl IntoIterator<Item = usize>) -> Self {
        self.keep = depths.into_iter().collect();
        self
    }

    /// Expands no state at depth `depth` or deeper: the histogram ends at `depth` at most.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// How owners remember the states they reached (see [`VisitedSet`]).
    pub fn visited(mut self, visited: VisitedSet) -> Self {
        self.visited = visited;
        self
    }

    /// Calls `report` after each layer (depth 0 included), in each process (by its first
    /// worker), with the layer's size over the whole run.
    pub fn on_layer(mut self, report: impl Fn(&LayerProgress) + Send + Sync + 'static) -> Self {
        self.on_layer = Some(Arc::new(report));
        self
    }

    /// Runs the search on `cluster`; every process of the cluster makes the same call.
    ///
    /// # Errors
    ///
    /// See [`LayeredBfs`].
    pub fn run(self, cluster: &Cluster) -> Result<Enumeration<P::State>, DataflowError> {
        let threads = cluster.threads_per_process();
        let plan = Arc::new(self);
        let outcomes = if plan.find_goal {
            execute(cluster, move |worker, failure| {
                search::<P, Option<P::State>, F>(worker, failure, &plan, threads)
            })?
        } else {
            execute(cluster, move |worker, failure| {
                search::<P, (), F>(worker, failure, &plan, threads)
            })?
        };
        let mut outcomes = outcomes.into_iter();
        let first = outcomes
            .next()
            .ok_or_else(|| DataflowError::worker_failed(usize::MAX, "no worker ran".into()))??;
        let mut enumeration = first;
        for outcome in outcomes {
            let outcome = outcome?;
            enumeration.memory.extend(outcome.memory);
            for (depth, states) in outcome.kept {
                match enumeration.kept.iter_mut().find(|(kept, _)| *kept == depth) {
                    Some((_, layer)) => layer.extend(states),
                    None => enumeration.kept.push((depth, states)),
                }
            }
        }
        Ok(enumeration)
    }
}

/// What a message carries beside the state: its parent where paths are kept, or nothing.
trait Tag<S>: Wire + Default {
    fn of(parent: &S) -> Self;
    fn parent(&self) -> Option<&S>;
}

impl<S> Tag<S> for () {
    #[inline]
    fn of(_: &S) -> Self {}

    fn parent(&self) -> Option<&S> {
        None
    }
}

impl<S: Wire> Tag<S> for Option<S> {
    #[inline]
    fn of(parent: &S) -> Self {
        Some(parent.clone())
    }

    fn parent(&self) -> Option<&S> {
        self.as_ref()
    }
}

/// The owners' report on a round: the new states, and a goal among them (the one of the
/// lowest worker that found one).
#[derive(Clone, Serialize, Deserialize)]
struct LayerReport<S> {
    new: u64,
    goal: Option<(u64, S)>,
}

impl<S> Default for LayerReport<S> {
    fn default() -> Self {
        LayerReport { new: 0, goal: None }
    }
}

impl<S: Wire> Report for LayerReport<S> {
    fn merge(&mut self, other: Self) {
        self.new += other.new;
        if let Some((worker, goal)) = other.goal {
            if self.goal.as_ref().is_none_or(|(mine, _)| worker < *mine) {
                self.goal = Some((worker, goal));
            }
        }
    }
}

/// The answer to a lookup of a state: its parent, if it has one.
#[derive(Clone, Serialize, Deserialize)]
struct Lookup<S> {
    parent: Option<S>,
}

impl<S> Default for Lookup<S> {
    fn default() -> Self {
        Lookup { parent: None }
    }
}

impl<S: Wire> Report for Lookup<S> {
    fn merge(&mut self, other: Self) {
        if other.parent.is_some() {
            self.parent = other.parent;
        }
    }
}

/// How states are assigned to workers.
#[derive(Clone, Copy)]
struct Owners {
    ranked: Option<u64>,
    workers: Workers,
}

impl Owners {
    /// The worker that owns `state`: its number modulo the workers, or its hash's.
    #[inline]
    fn owner<P: SearchProblem>(self, problem: &P, state: &P::State) -> usize
    where
        P::State: Hash,
    {
        let route = match self.ranked {
            None => route_hash(state),
            Some(_) => problem.index(state) as u64,
        };
        self.workers.owner(route)
    }
}

/// What an owner does with a state it receives: keeps it, in the next layer, if it has not
/// reached it before.
struct Keeper<P: SearchProblem, K> {
    problem: Rc<P>,
    visited: Rc<RefCell<Visited<P::State, K>>>,
    next: Rc<RefCell<BTreeMap<u64, Vec<P::State>>>>,
    owners: Owners,
    find_goal: bool,
    index: u64,
}

impl<P: SearchProblem, K> Keeper<P, K>
where
    P::State: Wire + Hash + Eq,
{
    /// The rank of `state` in a bit map (0 for a hashed set).
    ///
    /// # Panics
    ///
    /// If the problem's `index` is not below its `index_bound`, saying so.
    #[inline]
    fn rank(&self, state: &P::State) -> u64 {
        match self.owners.ranked {
            None => 0,
            Some(bound) => {
                let rank = self.problem.index(state) as u64;
                if rank >= bound {
                    panic!("SearchProblem::index gave {rank}, not below index_bound {bound}");
                }
                rank
            }
        }
    }

    /// Keeps each of `states`, reached in round `round` with its tag, that is new.
    fn keep(
        &self,
        round: u64,
        states: impl Iterator<Item = (P::State, K)>,
        report: &mut LayerReport<P::State>,
    ) {
        let mut visited = self.visited.borrow_mut();
        let mut next = self.next.borrow_mut();
        let layer = next.entry(round).or_default();
        for (state, tag) in states {
            let rank = self.rank(&state);
            if let Some(state) = visited.insert(state, rank, tag) {
                if self.find_goal && report.goal.is_none() && self.problem.is_goal(&state) {
                    report.goal = Some((self.index, state.clone()));
                }
                layer.push(state);
                report.new += 1;
            }
        }
    }
}

/// Successors a worker owns itself, kept together (one borrow of its sets for them all).
const OWN_BATCH: usize = 1 << 10;

/// One worker's search; every worker runs it in step with the others.
fn search<P, K, F>(
    worker: &mut Worker,
    failure: &Failure,
    plan: &LayeredBfs<F>,
    threads: usize,
) -> Result<Enumeration<P::State>, DataflowError>
where
    P: SearchProblem + 'static,
    P::State: Wire + Hash + Eq,
    K: Tag<P::State>,
    F: Fn() -> P,
{
    let (index, workers) = (worker.index(), worker.peers());
    let reporter = index % threads == 0;
    let problem = Rc::new((plan.make)());
    let owners = match (plan.visited, problem.index_bound(), plan.find_goal) {
        (VisitedSet::Ranked, None, _) => {
            return Err(DataflowError::BadOptions {
                reason: "a ranked visited set needs a problem with an index_bound".into(),
            });
        }
        (VisitedSet::Ranked, Some(_), true) => {
            return Err(DataflowError::BadOptions {
                reason: "a ranked visited set keeps no parents, and find_goal needs them".into(),
            });
        }
        (VisitedSet::Ranked | VisitedSet::Auto, Some(bound), false) => Some(bound as u64),
        _ => None,
    };
    let owners = Owners {
        ranked: owners,
        workers: Workers::new(workers),
    };
    let visited: Rc<RefCell<Visited<P::State, K>>> = Rc::new(RefCell::new(match owners.ranked {
        None => Visited::hashed(),
        Some(bound) => Visited::ranked(bound, owners.workers, index as u64),
    }));
    // The states each round's owners kept: the next layer.
    let next: Rc<RefCell<BTreeMap<u64, Vec<P::State>>>> = Rc::default();
    let keeper = Rc::new(Keeper {
        problem: Rc::clone(&problem),
        visited: Rc::clone(&visited),
        next: Rc::clone(&next),
        owners,
        find_goal: plan.find_goal,
        index: index as u64,
    });
    let mut rounds = {
        let keeper = Rc::clone(&keeper);
        Rounds::new(
            worker,
            move |round, messages: &mut Vec<(P::State, K)>, report: &mut LayerReport<P::State>| {
                keeper.keep(round, messages.drain(..), report);
            },
        )
    };

    // Depth 0: the distinct starts, each kept by its owner before any round (in which other
    // workers' messages may arrive).
    let mut seen: HashSet<P::State, FastBuildHasher> = HashSet::default();
    let starts: Vec<P::State> = problem
        .starts()
        .into_iter()
        .filter(|start| seen.insert(start.clone()))
        .collect();
    drop(seen);
    let mut frontier = Vec::new();
    for start in &starts {
        if owners.owner(&*problem, start) == index {
            let rank = keeper.rank(start);
            if let Some(start) = visited
                .borrow_mut()
                .insert(start.clone(), rank, K::default())
            {
                frontier.push(start);
            }
        }
    }
    // An empty round: every worker of every process has started when it ends, and the time
    // is measured from there (the processes connect at different moments).
    rounds.finish(worker, failure);
    let started = Instant::now();
    let mut histogram = vec![starts.len() as u64];
    let mut goal = if plan.find_goal {
        starts
            .iter()
            .find(|start| problem.is_goal(start))
            .map(|start| (0u64, start.clone()))
    } else {
        None
    };
    let mut kept = Vec::new();
    if plan.keep.contains(&0) {
        kept.push((0, frontier.clone()));
    }
    let state_bytes = size_of::<P::State>() as u64;
    let mut layer_bytes = frontier.capacity() as u64 * state_bytes;
    let report = |depth: usize, histogram: &[u64]| {
        if let (true, Some(on_layer)) = (reporter, &plan.on_layer) {
            on_layer(&LayerProgress {
                depth,
                states: histogram[depth],
                total: histogram.iter().sum(),
                elapsed: started.elapsed(),
                process: index / threads,
            });
        }
    };
    report(0, &histogram);

    let mut depth = 0;
    let complete = loop {
        if histogram[depth] == 0 {
            histogram.pop();
            break true;
        }
        if goal.is_some() || plan.max_depth.is_some_and(|max| depth >= max) {
            break false;
        }
        let expanding = frontier.capacity() as u64 * state_bytes;
        let round = rounds.round();
        let mut mine = LayerReport::default();
        // Successors this worker owns, kept a batch at a time.
        let mut own = Vec::new();
        for state in frontier.drain(..) {
            for (successor, _) in problem.successors(&state) {
                let owner = owners.owner(&*problem, &successor);
                if owner == index {
                    // This worker's own: kept without a message.
                    own.push((successor, K::of(&state)));
                } else {
                    rounds.send(worker, owner, (successor, K::of(&state)));
                }
            }
            if own.len() >= OWN_BATCH {
                keeper.keep(round, own.drain(..), &mut mine);
            }
        }
        keeper.keep(round, own.drain(..), &mut mine);
        rounds.report_locally(|report| report.merge(mine));
        drop(std::mem::take(&mut frontier));
        let layer = rounds.finish(worker, failure);
        frontier = next.borrow_mut().remove(&round).unwrap_or_default();
        layer_bytes = layer_bytes.max(expanding + frontier.capacity() as u64 * state_bytes);
        depth += 1;
        histogram.push(layer.new);
        goal = layer.goal;
        if plan.keep.contains(&depth) && layer.new > 0 {
            kept.push((depth, frontier.clone()));
        }
        if layer.new > 0 {
            report(depth, &histogram);
        }
    };
    let elapsed = started.elapsed();
    drop(frontier);
    drop(rounds);

    let goal = match goal {
        None => None,
        Some((_, goal)) => {
            // Back from the goal, one lookup round per step: the owner of each state answers
            // with its parent, and every worker hears it.
            let mut lookups = {
                let visited = Rc::clone(&visited);
                Rounds::new(
                    worker,
                    move |_, queries: &mut Vec<P::State>, answer: &mut Lookup<P::State>| {
                        let visited = visited.borrow();
                        for query in queries.drain(..) {
                            if let Some(parent) = visited.tag(&query).and_then(Tag::parent) {
                                answer.parent = Some(parent.clone());
                            }
                        }
                    },
                )
            };
            let mut path = vec![goal];
            for _ in 0..depth {
                if index == 0 {
                    let last = path[path.len() - 1].clone();
                    lookups.send(worker, owners.owner(&*problem, &last), last);
                }
                match lookups.finish(worker, failure).parent {
                    Some(parent) => path.push(parent),
                    None => break,
                }
            }
            path.reverse();
            Some(GoalPath {
                depth: path.len() - 1,
                path,
            })
        }
    };
    let visited = visited.borrow();
    Ok(Enumeration {
        histogram,
        complete,
        goal,
        kept,
        memory: vec![WorkerMemory {
            worker: index,
            states: visited.len(),
            visited_bytes: visited.bytes(),
            layer_bytes,
        }],
        elapsed,
    })
}
