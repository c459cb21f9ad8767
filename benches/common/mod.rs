//! Workloads shared by the benchmarks, and adapters that run the `pathfinding` crate on exactly
//! the same successors and heuristics as `informed`.

#![allow(dead_code, unreachable_pub)]

use std::cmp::Ordering;
use std::hash::Hash;
use std::ops::Add;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, measurement::WallTime};
use informed::grid::{Cell, Grid, Movement, Scenario};
use informed::{Heuristic, SearchProblem};
use smallvec::SmallVec;

/// A criterion group with the settings the benches share, so that groups read side by side were
/// sampled alike; a group that needs longer says so after this.
pub fn configure<'c>(c: &'c mut Criterion, name: &str) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    group
}

/// An `f64` with the total order `pathfinding` requires of costs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Len(pub f64);

impl Eq for Len {}

impl PartialOrd for Len {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Len {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl Add for Len {
    type Output = Len;
    fn add(self, other: Len) -> Len {
        Len(self.0 + other.0)
    }
}

impl num_traits::Zero for Len {
    fn zero() -> Len {
        Len(0.0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

/// Conversion of an `informed` cost into a cost `pathfinding` accepts.
pub trait PeerCost: Copy {
    type Peer: num_traits::Zero + Ord + Copy;
    fn peer(self) -> Self::Peer;
    fn back(peer: Self::Peer) -> f64;
}

impl PeerCost for f64 {
    type Peer = Len;
    fn peer(self) -> Len {
        Len(self)
    }
    fn back(peer: Len) -> f64 {
        peer.0
    }
}

impl PeerCost for u32 {
    type Peer = u32;
    fn peer(self) -> u32 {
        self
    }
    fn back(peer: u32) -> f64 {
        f64::from(peer)
    }
}

/// Up to 8 successors inline: `pathfinding` gets them without a heap allocation per expansion,
/// as `informed` does with its reused buffer.
pub type Inline<S, C> = SmallVec<[(S, C); 8]>;

fn successors_of<P: SearchProblem>(
    problem: &P,
    state: &P::State,
) -> Inline<P::State, <P::Cost as PeerCost>::Peer>
where
    P::Cost: PeerCost,
{
    problem
        .successors(state)
        .into_iter()
        .map(|(s, c)| (s, c.peer()))
        .collect()
}

fn only_start<P: SearchProblem>(problem: &P) -> P::State {
    problem.starts().into_iter().next().expect("a start state")
}

/// `pathfinding::directed::astar::astar` on `problem` with `heuristic`: (path length, cost).
pub fn peer_astar<P, H>(problem: &P, heuristic: &H) -> Option<(usize, f64)>
where
    P: SearchProblem,
    P::State: Hash + Eq + Clone,
    P::Cost: PeerCost,
    H: Heuristic<P::State, P::Cost>,
{
    pathfinding::directed::astar::astar(
        &only_start(problem),
        |s| successors_of(problem, s),
        |s| heuristic.estimate(s).peer(),
        |s| problem.is_goal(s),
    )
    .map(|(path, cost)| (path.len(), P::Cost::back(cost)))
}

/// `pathfinding::directed::dijkstra::dijkstra` on `problem`.
pub fn peer_dijkstra<P>(problem: &P) -> Option<(usize, f64)>
where
    P: SearchProblem,
    P::Cost: PeerCost,
{
    pathfinding::directed::dijkstra::dijkstra(
        &only_start(problem),
        |s| successors_of(problem, s),
        |s| problem.is_goal(s),
    )
    .map(|(path, cost)| (path.len(), P::Cost::back(cost)))
}

/// `pathfinding::directed::bfs::bfs` on `problem`: the path's length in states.
pub fn peer_bfs<P>(problem: &P) -> Option<usize>
where
    P: SearchProblem,
    P::Cost: PeerCost,
{
    pathfinding::directed::bfs::bfs(
        &only_start(problem),
        |s| successors_of(problem, s).into_iter().map(|(s, _)| s),
        |s| problem.is_goal(s),
    )
    .map(|path| path.len())
}

/// The shared data directory, or `None` with a note (the data-driven benches then skip).
///
/// `$INFORMED_DATA`, or `shared/data` beside the repository (this package is its `benches/`
/// directory, so that is `../../shared/data` from here).
pub fn shared_data(what: &str) -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let candidates = match std::env::var_os("INFORMED_DATA") {
        Some(dir) => vec![PathBuf::from(dir)],
        None => vec![
            manifest.join("../../shared/data"),
            manifest.join("../shared/data"),
        ],
    };
    let found = candidates
        .iter()
        .find(|dir| dir.join(what).exists())
        .cloned();
    if found.is_none() {
        println!("skipped: {what} not found under {candidates:?}");
    }
    found
}

/// A Moving AI map with an evenly spread subset of its scenarios (`count` of them, from every
/// part of the file, so every difficulty bucket is represented).
pub fn movingai(map: &str, count: usize) -> Option<(Grid, Vec<Scenario>)> {
    let data = shared_data("movingai")?;
    let scen = data.join(format!("movingai/{map}.map.scen"));
    let scenarios = Scenario::load_all(&scen).expect("scenario file");
    let grid = Grid::load_map(data.join(format!("movingai/{map}.map"))).expect("map file");
    let stride = (scenarios.len() / count).max(1);
    let picked = scenarios
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % stride == stride - 1)
        .map(|(_, s)| s)
        .take(count)
        .collect();
    Some((grid, picked))
}

/// Asserts a computed cost against a scenario: a fast wrong answer must not pass as a speed-up.
pub fn check(scenario: &Scenario, cost: Option<f64>) {
    assert!(
        scenario.accepts(cost),
        "{:?}: got {cost:?}, expected {}",
        scenario.start(),
        scenario.optimal()
    );
}

/// Each scenario with its 8-connected problem on `grid` (the Moving AI rule).
pub fn queries<'g>(
    grid: &'g Grid,
    scenarios: &'g [Scenario],
) -> Vec<(&'g Scenario, informed::grid::GridProblem<'g>)> {
    scenarios
        .iter()
        .map(|s| {
            (
                s,
                grid.problem(s.start(), s.goal(), Movement::Eight).unwrap(),
            )
        })
        .collect()
}

/// Solves every query with `solve` (the cost found, `None` for no path) and [`check`]s each
/// answer: the loop a benchmark of one solver over the scenarios times.
pub fn solve_all<'g>(
    queries: &[(&Scenario, informed::grid::GridProblem<'g>)],
    mut solve: impl FnMut(&informed::grid::GridProblem<'g>) -> Option<f64>,
) {
    for (scenario, problem) in queries {
        check(scenario, std::hint::black_box(solve(problem)));
    }
}

/// `informed`'s A* with the octile heuristic on one grid query: the cost, `None` for no path.
/// The side of the Moving AI comparisons that `peers`, `jps` and `instructions` all run.
#[inline]
pub fn informed_octile(problem: &informed::grid::GridProblem<'_>) -> Option<f64> {
    informed::astar_with(problem, problem.octile())
        .ok()
        .map(|s| s.cost())
}

/// `pathfinding`'s A* with the same octile heuristic on one grid query: the peer of
/// [`informed_octile`].
#[inline]
pub fn peer_octile(problem: &informed::grid::GridProblem<'_>) -> Option<f64> {
    peer_astar(problem, &problem.octile()).map(|(_, c)| c)
}

/// A seeded pseudo-random generator (SplitMix64), so every run benchmarks the same inputs.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A `size × size` grid with `wall_percent`% of its cells blocked (seeded), and a start and goal
/// in opposite corners, both freed.
pub fn walled_grid(size: u32, wall_percent: u64, seed: u64) -> Grid {
    let mut grid = Grid::new(size, size);
    let mut rng = Rng(seed);
    for y in 0..size {
        for x in 0..size {
            if rng.below(100) < wall_percent {
                grid.set_free(Cell::new(x, y), false);
            }
        }
    }
    grid.set_free(Cell::new(0, 0), true);
    grid.set_free(Cell::new(size - 1, size - 1), true);
    grid
}

/// A grid whose goal corner is walled off: every search must exhaust the reachable space.
pub fn sealed_grid(size: u32) -> Grid {
    let mut grid = Grid::new(size, size);
    for k in 0..3 {
        grid.set_free(Cell::new(size - 3 + k, size - 3), false);
        grid.set_free(Cell::new(size - 3, size - 3 + k), false);
    }
    grid
}

pub const FOUR: Movement = Movement::Four;

/// `n` with a comma every three digits, as the benches' tables print counts.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
