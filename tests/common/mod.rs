//! Random problems and independent reference solvers for the property tests.
//!
//! The references are deliberately naive (an O(V²) array Dijkstra, a queue BFS over a grid) and
//! share no code with the crate, so that agreement means something.

#![allow(dead_code, unreachable_pub)]

use std::collections::{HashMap, VecDeque};

use informed::SearchProblem;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// 256 cases by default (more with `PROPTEST_CASES=N`), from a fixed seed unless
/// `PROPTEST_RNG_SEED` sets another, so that every run checks the same cases.
pub fn config() -> Config {
    let mut config = Config {
        // Failing cases are saved beside the test file, as `*.proptest-regressions`.
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    };
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x5ea7c4);
    }
    config
}

/// A weighted digraph with nodes `0..n`, some start nodes and some goal nodes. No two edges share
/// both ends, so a path's cost is determined by its states.
#[derive(Clone, Debug)]
pub struct Graph<C> {
    pub adjacency: Vec<Vec<(usize, C)>>,
    pub starts: Vec<usize>,
    pub goals: Vec<bool>,
    /// Whether the graph offers its node numbers as a dense numbering (so that searches keep
    /// their node table in vectors). Off by default: most tests then exercise the hash table,
    /// the table of problems without a numbering.
    pub numbered: bool,
}

impl<C: informed::Cost> SearchProblem for Graph<C> {
    type State = usize;
    type Cost = C;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        self.starts.iter().copied()
    }

    fn is_goal(&self, node: &usize) -> bool {
        self.goals[*node]
    }

    fn successors(&self, node: &usize) -> impl IntoIterator<Item = (usize, C)> {
        self.adjacency[*node].iter().copied()
    }

    fn index_bound(&self) -> Option<usize> {
        self.numbered.then_some(self.adjacency.len())
    }

    fn index(&self, node: &usize) -> usize {
        *node
    }
}

impl<C: informed::Cost> informed::Bidirectional for Graph<C> {
    fn goals(&self) -> impl IntoIterator<Item = usize> {
        (0..self.goals.len()).filter(|&v| self.goals[v])
    }

    fn predecessors(&self, node: &usize) -> impl IntoIterator<Item = (usize, C)> {
        let mut out = Vec::new();
        for (from, edges) in self.adjacency.iter().enumerate() {
            for &(to, cost) in edges {
                if to == *node {
                    out.push((from, cost));
                }
            }
        }
        out
    }
}

/// A graph searched in place: the state is the node, a move an edge (from, to, cost); undoing
/// it goes back to `from`. The moves come in the order of the graph's successors.
pub struct Walk<'g>(pub &'g Graph<u64>);

impl informed::InPlaceProblem for Walk<'_> {
    type State = usize;
    type Move = (usize, usize, u64);
    type Cost = u64;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        self.0.starts.clone()
    }

    fn is_goal(&self, node: &usize) -> bool {
        self.0.goals[*node]
    }

    fn moves(&self, &node: &usize, out: &mut informed::Moves<'_, (usize, usize, u64)>) {
        out.extend(
            self.0.adjacency[node]
                .iter()
                .map(|&(to, cost)| (node, to, cost)),
        );
    }

    fn apply(&self, node: &mut usize, (from, to, cost): (usize, usize, u64)) -> u64 {
        assert_eq!(
            *node, from,
            "a move is applied to the state it was listed for"
        );
        *node = to;
        cost
    }

    fn undo(&self, node: &mut usize, (from, to, _): (usize, usize, u64)) {
        assert_eq!(*node, to, "a move is undone from the state it led to");
        *node = from;
    }
}

impl<C: Copy> Graph<C> {
    pub fn len(&self) -> usize {
        self.adjacency.len()
    }

    /// The cost of the edge `from → to`, if there is one.
    pub fn edge(&self, from: usize, to: usize) -> Option<C> {
        self.adjacency[from]
            .iter()
            .find(|&&(t, _)| t == to)
            .map(|&(_, c)| c)
    }

    /// The same graph with every edge cost mapped by `map`.
    pub fn with_costs_from<D: Copy>(&self, map: impl Fn(C) -> D) -> Graph<D> {
        Graph {
            adjacency: self
                .adjacency
                .iter()
                .map(|edges| edges.iter().map(|&(t, c)| (t, map(c))).collect())
                .collect(),
            starts: self.starts.clone(),
            goals: self.goals.clone(),
            numbered: self.numbered,
        }
    }

    /// The same graph with every edge cost replaced by `cost`.
    pub fn with_costs<D: Copy>(&self, cost: D) -> Graph<D> {
        Graph {
            adjacency: self
                .adjacency
                .iter()
                .map(|edges| edges.iter().map(|&(t, _)| (t, cost)).collect())
                .collect(),
            starts: self.starts.clone(),
            goals: self.goals.clone(),
            numbered: self.numbered,
        }
    }
}

/// A random graph of 1..=max_nodes nodes, up to 4 edges per node on average, 1–3 starts and
/// 0–3 goals, with edge costs drawn from `cost`.
pub fn graph<C: Copy + std::fmt::Debug + 'static>(
    max_nodes: usize,
    cost: impl Strategy<Value = C> + Clone + 'static,
) -> impl Strategy<Value = Graph<C>> {
    (1..=max_nodes).prop_flat_map(move |n| {
        (
            prop::collection::vec((0..n, 0..n, cost.clone()), 0..=4 * n),
            prop::collection::vec(0..n, 1..=3),
            prop::collection::vec(0..n, 0..=3),
        )
            .prop_map(move |(edges, starts, goal_list)| {
                let mut adjacency: Vec<Vec<(usize, C)>> = vec![Vec::new(); n];
                for (from, to, c) in edges {
                    if !adjacency[from].iter().any(|&(t, _)| t == to) {
                        adjacency[from].push((to, c));
                    }
                }
                let mut goals = vec![false; n];
                for g in goal_list {
                    goals[g] = true;
                }
                Graph {
                    adjacency,
                    starts,
                    goals,
                    numbered: false,
                }
            })
    })
}

/// Least costs by a plain O(V²) Dijkstra from a set of sources, over `edges(u) → (v, cost)`.
/// `None` marks an unreachable node.
fn dijkstra_reference(
    n: usize,
    sources: impl IntoIterator<Item = usize>,
    edges: impl Fn(usize) -> Vec<(usize, f64)>,
) -> Vec<Option<f64>> {
    let mut dist: Vec<Option<f64>> = vec![None; n];
    let mut done = vec![false; n];
    for s in sources {
        dist[s] = Some(0.0);
    }
    loop {
        let next = (0..n)
            .filter(|&v| !done[v])
            .filter_map(|v| dist[v].map(|d| (v, d)))
            .min_by(|a, b| a.1.partial_cmp(&b.1).unwrap());
        let Some((u, du)) = next else { break };
        done[u] = true;
        for (v, c) in edges(u) {
            let candidate = du + c;
            if dist[v].is_none_or(|dv| candidate < dv) {
                dist[v] = Some(candidate);
            }
        }
    }
    dist
}

impl<C: informed::Cost> Graph<C> {
    /// The least cost from any start to any goal, or `None` if no goal is reachable.
    pub fn optimal_cost(&self) -> Option<f64> {
        let dist = dijkstra_reference(self.len(), self.starts.iter().copied(), |u| {
            self.adjacency[u]
                .iter()
                .map(|&(v, c)| (v, c.to_f64()))
                .collect()
        });
        (0..self.len())
            .filter(|&v| self.goals[v])
            .filter_map(|v| dist[v])
            .min_by(|a, b| a.partial_cmp(b).unwrap())
    }

    /// The number of nodes reachable from the starts.
    pub fn reachable_count(&self) -> usize {
        let dist = dijkstra_reference(self.len(), self.starts.iter().copied(), |u| {
            self.adjacency[u].iter().map(|&(v, _)| (v, 1.0)).collect()
        });
        dist.iter().filter(|d| d.is_some()).count()
    }

    /// The exact remaining cost h*(v) from every node to its nearest goal (reverse Dijkstra).
    pub fn remaining_costs(&self) -> Vec<Option<f64>> {
        let mut reverse: Vec<Vec<(usize, f64)>> = vec![Vec::new(); self.len()];
        for (u, edges) in self.adjacency.iter().enumerate() {
            for &(v, c) in edges {
                reverse[v].push((u, c.to_f64()));
            }
        }
        let goals = (0..self.len()).filter(|&v| self.goals[v]);
        dijkstra_reference(self.len(), goals, |u| reverse[u].clone())
    }

    /// The cost of `path` if every step is an edge and it starts at a start and ends at a goal.
    pub fn check_path(&self, path: &[usize]) -> Result<f64, String> {
        let first = *path.first().ok_or("empty path")?;
        let last = *path.last().unwrap();
        if !self.starts.contains(&first) {
            return Err(format!("path starts at {first}, not a start"));
        }
        if !self.goals[last] {
            return Err(format!("path ends at {last}, not a goal"));
        }
        let mut total = 0.0;
        for pair in path.windows(2) {
            let c = self
                .edge(pair[0], pair[1])
                .ok_or_else(|| format!("no edge {} → {}", pair[0], pair[1]))?;
            total += c.to_f64();
        }
        Ok(total)
    }
}

/// A grid of cells, some blocked, where entering a free cell costs that cell's weight (1..=5).
/// 4-connected. One start and one goal.
#[derive(Clone, Debug)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
    /// `None` for a wall, else the cost of entering the cell.
    pub cells: Vec<Option<u32>>,
    pub start: (usize, usize),
    pub goal: (usize, usize),
}

impl Grid {
    pub fn free(&self, (x, y): (usize, usize)) -> bool {
        x < self.width && y < self.height && self.cells[y * self.width + x].is_some()
    }

    pub fn weight(&self, (x, y): (usize, usize)) -> u32 {
        self.cells[y * self.width + x].expect("a free cell")
    }

    pub fn neighbours(&self, (x, y): (usize, usize)) -> impl Iterator<Item = (usize, usize)> + '_ {
        [
            (x + 1, y),
            (x.wrapping_sub(1), y),
            (x, y + 1),
            (x, y.wrapping_sub(1)),
        ]
        .into_iter()
        .filter(|&c| self.free(c))
    }

    /// The Manhattan distance to the goal: admissible and consistent, as every step costs ≥ 1.
    pub fn manhattan(&self, (x, y): (usize, usize)) -> u32 {
        (x.abs_diff(self.goal.0) + y.abs_diff(self.goal.1)) as u32
    }

    /// Fewest steps from the start to the goal, by a plain queue BFS.
    pub fn bfs_steps(&self) -> Option<usize> {
        let mut steps = vec![usize::MAX; self.width * self.height];
        let index = |(x, y): (usize, usize)| y * self.width + x;
        steps[index(self.start)] = 0;
        let mut queue = VecDeque::from([self.start]);
        while let Some(cell) = queue.pop_front() {
            for next in self.neighbours(cell) {
                if steps[index(next)] == usize::MAX {
                    steps[index(next)] = steps[index(cell)] + 1;
                    queue.push_back(next);
                }
            }
        }
        let s = steps[index(self.goal)];
        (s != usize::MAX).then_some(s)
    }

    /// The least weighted cost from the start to the goal, by the reference Dijkstra.
    pub fn optimal_cost(&self) -> Option<f64> {
        let w = self.width;
        let dist = dijkstra_reference(w * self.height, [self.start.1 * w + self.start.0], |u| {
            self.neighbours((u % w, u / w))
                .map(|c| (c.1 * w + c.0, f64::from(self.weight(c))))
                .collect()
        });
        dist[self.goal.1 * w + self.goal.0]
    }
}

impl SearchProblem for Grid {
    type State = (usize, usize);
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = (usize, usize)> {
        [self.start]
    }

    fn is_goal(&self, cell: &(usize, usize)) -> bool {
        *cell == self.goal
    }

    fn successors(
        &self,
        &cell: &(usize, usize),
    ) -> impl IntoIterator<Item = ((usize, usize), u32)> {
        self.neighbours(cell).map(|next| (next, self.weight(next)))
    }
}

/// A random grid of 2..=12 × 2..=12 cells with about `wall_percent`% walls; start and goal free.
pub fn grid(wall_percent: u32, weighted: bool) -> impl Strategy<Value = Grid> {
    (2..=12usize, 2..=12usize).prop_flat_map(move |(width, height)| {
        let cell = (0..100u32, 1..=5u32).prop_map(move |(roll, weight)| {
            (roll >= wall_percent).then_some(if weighted { weight } else { 1 })
        });
        (
            prop::collection::vec(cell, width * height),
            (0..width, 0..height),
            (0..width, 0..height),
        )
            .prop_map(move |(mut cells, start, goal)| {
                for (x, y) in [start, goal] {
                    cells[y * width + x].get_or_insert(1);
                }
                Grid {
                    width,
                    height,
                    cells,
                    start,
                    goal,
                }
            })
    })
}

/// Whether two costs agree up to floating-point rounding.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The shared benchmark data (`../shared/data` beside the repository, or `$INFORMED_DATA`), or
/// `None` with a note on stderr when it is absent, as on a fresh clone: data-driven tests then
/// skip and pass.
pub fn shared_data(what: &str) -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("INFORMED_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    if dir.join(what).exists() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} not found (set INFORMED_DATA to the data directory)",
            dir.join(what).display()
        );
        None
    }
}

/// Every Moving AI scenario file (`*.map.scen`) below `dir`, in sorted order.
pub fn scenario_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        let mut entries: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, found);
            } else if path.to_string_lossy().ends_with(".map.scen") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, &mut found);
    found
}

/// The scenario files in `files` with their maps, each loaded once: the file, its grid (of the
/// size its scenarios state) and its scenarios.
pub fn scenario_maps(
    files: &[std::path::PathBuf],
) -> impl Iterator<
    Item = (
        &std::path::Path,
        informed::grid::Grid,
        Vec<informed::grid::Scenario>,
    ),
> {
    use informed::grid::{Grid, Scenario};
    files.iter().map(|file| {
        let scenarios = Scenario::load_all(file).unwrap();
        let name = std::path::Path::new(scenarios[0].map())
            .file_name()
            .unwrap();
        let grid = Grid::load_map(file.with_file_name(name)).unwrap();
        assert_eq!(
            scenarios[0].map_size(),
            (grid.width(), grid.height()),
            "{}",
            file.display()
        );
        (file.as_path(), grid, scenarios)
    })
}

/// Searches of Moving AI scenarios checked against their published optimal lengths, counted.
#[derive(Default)]
pub struct ScenarioChecks {
    /// The searches checked.
    pub checked: usize,
    /// The searches that found no path (and were right to).
    pub no_path: usize,
}

impl ScenarioChecks {
    /// Checks that the outcome of a search of scenario `index` of `file` is a cost the
    /// scenario accepts (an error saying there is no path stands for `None`); panics on any
    /// other error.
    pub fn check(
        &mut self,
        file: &std::path::Path,
        index: usize,
        scenario: &informed::grid::Scenario,
        outcome: Result<f64, informed::SearchError<informed::grid::Cell, f64>>,
    ) {
        let cost = match outcome {
            Ok(cost) => Some(cost),
            Err(error) if error.is_no_path() => None,
            Err(error) => panic!("{}: scenario {index}: {error}", file.display()),
        };
        assert!(
            scenario.accepts(cost),
            "{} scenario {index}: {cost:?} vs {}",
            file.display(),
            scenario.optimal()
        );
        self.checked += 1;
        self.no_path += usize::from(cost.is_none());
    }
}

/// Advances the 64-bit linear congruential generator `seed` (Knuth's MMIX constants) and returns
/// its new state; its high bits are the ones to draw from, the low bits repeat with short periods.
pub fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed
}

/// A board `moves` random moves from `puzzle`'s goal, drawn from the generator [`lcg`] started at
/// `seed`: solvable and at most `moves` from the goal, and the same board for the same seed on
/// every run, so the tests built on it can state fixed expectations.
pub fn scramble(
    puzzle: &informed::puzzle::SlidingPuzzle,
    moves: u32,
    seed: u64,
) -> informed::puzzle::Board {
    let mut board = puzzle.goal();
    let mut state = seed;
    for _ in 0..moves {
        let problem = puzzle.problem(board).unwrap();
        let successors: Vec<_> = problem.successors(&board).into_iter().collect();
        board = successors[(lcg(&mut state) >> 33) as usize % successors.len()].0;
    }
    board
}

/// Makes each cell of `grid` a wall with probability `percent` % and free otherwise, row by
/// row, from the 64-bit linear congruential generator `seed` (advanced once a cell): the same
/// walls on every run, and a different grid for each call that goes on from the same seed.
pub fn scatter_walls(grid: &mut informed::grid::Grid, percent: u64, seed: &mut u64) {
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let free = (lcg(seed) >> 33) % 100 >= percent;
            grid.set_free(informed::grid::Cell::new(x, y), free);
        }
    }
}

/// A grid of cells (`true` free) with a start and a goal, both free: a query on a random map.
pub type CellQuery = (Vec<Vec<bool>>, (u32, u32), (u32, u32));

/// `width` × `height` cells, each a wall with probability `walls` %, and a free start and goal.
pub fn cell_query(width: usize, height: usize, walls: u32) -> impl Strategy<Value = CellQuery> {
    (
        prop::collection::vec(
            prop::collection::vec((0..100u32).prop_map(move |r| r >= walls), width),
            height,
        ),
        (0..width as u32, 0..height as u32),
        (0..width as u32, 0..height as u32),
    )
        .prop_map(|(mut cells, start, goal)| {
            cells[start.1 as usize][start.0 as usize] = true;
            cells[goal.1 as usize][goal.0 as usize] = true;
            (cells, start, goal)
        })
}

/// The `grid::Grid` of `cells` (`true` free).
pub fn cell_grid(cells: &[Vec<bool>]) -> informed::grid::Grid {
    let picture: Vec<String> = cells
        .iter()
        .map(|row| row.iter().map(|&f| if f { '.' } else { '@' }).collect())
        .collect();
    informed::grid::Grid::from_ascii(&picture.join("\n")).unwrap()
}

/// The pancake puzzle on `N` pancakes (sizes 0 to N - 1, 0 on top): a move flips the top k ≥ 2,
/// and is its own inverse.
pub struct Pancakes<const N: usize>(pub [u8; N]);

impl<const N: usize> informed::InPlaceProblem for Pancakes<N> {
    type State = [u8; N];
    type Move = u8;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = [u8; N]> {
        [self.0]
    }

    fn is_goal(&self, stack: &[u8; N]) -> bool {
        stack.is_sorted()
    }

    fn moves(&self, _: &[u8; N], out: &mut informed::Moves<'_, u8>) {
        out.extend(2..=N as u8);
    }

    fn apply(&self, stack: &mut [u8; N], k: u8) -> u32 {
        stack[..usize::from(k)].reverse();
        1
    }

    fn undo(&self, stack: &mut [u8; N], k: u8) {
        stack[..usize::from(k)].reverse();
    }

    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }
}

/// The gap heuristic: adjacent pancakes (the plate counting as `N`) not adjacent in size.
pub fn gaps<const N: usize>(stack: &[u8; N]) -> u32 {
    let below = stack.iter().skip(1).copied().chain([N as u8]);
    stack
        .iter()
        .zip(below)
        .filter(|&(&a, b)| a.abs_diff(b) != 1)
        .count() as u32
}

/// The cells one move from `cell` on a `width` × `height` sliding-tile board (row-major).
pub fn neighbours(width: usize, height: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / width, cell % width);
    let mut out = Vec::new();
    if r > 0 {
        out.push(cell - width);
    }
    if r + 1 < height {
        out.push(cell + width);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < width {
        out.push(cell + 1);
    }
    out
}

/// Every arrangement of a `width` × `height` sliding-tile puzzle reachable from `goal` (row-major
/// tiles, 0 the blank) with its distance: a plain BFS on tile vectors, the puzzle and pattern
/// database tests' exact reference.
pub fn exact_distances(width: usize, height: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut distance = HashMap::from([(goal.to_vec(), 0u32)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = distance[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for other in neighbours(width, height, blank) {
            let mut next = board.clone();
            next.swap(blank, other);
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

/// A move of [`Walk`] and [`TableWalk`]: the edge (from, to, cost).
pub type Edge = (usize, usize, u64);

/// [`Walk`] answering the optional questions of `InPlaceProblem`: each node's moves as a table
/// (in the order `Walk` lists them), a move's cost before it is made (for the moves out of the
/// nodes whose bit is set in `cost_known`), and the fixed cost where every edge costs the same.
/// Searched in place, it must give exactly what `Walk` gives.
pub struct TableWalk<'g> {
    pub graph: &'g Graph<u64>,
    tables: Vec<Vec<Edge>>,
    fixed: Option<u64>,
    cost_known: u64,
}

impl<'g> TableWalk<'g> {
    pub fn new(graph: &'g Graph<u64>, cost_known: u64) -> Self {
        let tables: Vec<Vec<Edge>> = (0..graph.len())
            .map(|v| {
                graph.adjacency[v]
                    .iter()
                    .map(|&(to, c)| (v, to, c))
                    .collect()
            })
            .collect();
        let mut costs = tables.iter().flatten().map(|&(_, _, c)| c);
        let fixed = costs.next().filter(|&first| costs.all(|c| c == first));
        TableWalk {
            graph,
            tables,
            fixed,
            cost_known,
        }
    }

    /// The fixed cost it declares, if every edge costs the same.
    pub fn fixed(&self) -> Option<u64> {
        self.fixed
    }
}

impl informed::InPlaceProblem for TableWalk<'_> {
    type State = usize;
    type Move = Edge;
    type Cost = u64;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        self.graph.starts.clone()
    }

    fn is_goal(&self, node: &usize) -> bool {
        self.graph.goals[*node]
    }

    fn moves(&self, &node: &usize, out: &mut informed::Moves<'_, Edge>) {
        out.extend(self.tables[node].iter().copied());
    }

    fn apply(&self, node: &mut usize, (from, to, cost): Edge) -> u64 {
        assert_eq!(
            *node, from,
            "a move is applied to the state it was listed for"
        );
        *node = to;
        cost
    }

    fn undo(&self, node: &mut usize, (from, to, _): Edge) {
        assert_eq!(*node, to, "a move is undone from the state it led to");
        *node = from;
    }

    fn move_table(&self, &node: &usize) -> Option<&[Edge]> {
        Some(&self.tables[node])
    }

    fn fixed_cost(&self) -> Option<u64> {
        self.fixed
    }

    fn move_cost(&self, &node: &usize, (from, _, cost): Edge) -> Option<u64> {
        assert_eq!(
            node, from,
            "a move's cost is asked of the state it was listed for"
        );
        (self.cost_known >> (node % 64) & 1 == 1).then_some(cost)
    }
}

/// An estimate by node for [`Walk`] and [`TableWalk`], that keeps a context (the number of
/// moves made, which shifts the estimate by up to 2 where `shift`) and, for the moves into the
/// nodes whose bit is set in `known`, estimates a move before it is made. With `known` 0 it
/// answers only what every incremental heuristic must.
pub struct NodeEstimate<'h> {
    pub h: &'h [u64],
    pub known: u64,
    pub shift: bool,
}

impl NodeEstimate<'_> {
    fn of(&self, node: usize, moves: u64) -> u64 {
        let shift = if self.shift { moves % 3 } else { 0 };
        self.h[node].saturating_add(shift)
    }
}

impl informed::IncrementalHeuristic<usize, Edge, u64> for NodeEstimate<'_> {
    type Context = u64;

    fn begin(&self, &node: &usize) -> (u64, u64) {
        (self.of(node, 0), 0)
    }

    fn update(&self, &node: &usize, (_, to, _): Edge, _: u64, moves: &mut u64) -> u64 {
        assert_eq!(node, to, "an update is asked of the state the move led to");
        *moves += 1;
        self.of(node, *moves)
    }

    fn estimate_move(
        &self,
        &node: &usize,
        (from, to, _): Edge,
        _: u64,
        moves: &mut u64,
    ) -> Option<u64> {
        assert_eq!(node, from, "a move is estimated from the state it leaves");
        if self.known >> (to % 64) & 1 == 0 {
            return None;
        }
        *moves += 1;
        Some(self.of(to, *moves))
    }
}

/// The pancakes of [`Pancakes`] with a step cost of `f64` (NaN, negative and infinite ones
/// included, for the searches to refuse), answering the optional questions where `answers`: the
/// flips as a table and the cost as fixed. With [`FloatGaps`], in place, it must give exactly
/// what it gives without them.
pub struct CostlyPancakes<const N: usize> {
    pub start: [u8; N],
    pub cost: f64,
    pub answers: bool,
    flips: Vec<u8>,
}

impl<const N: usize> CostlyPancakes<N> {
    pub fn new(start: [u8; N], cost: f64, answers: bool) -> Self {
        CostlyPancakes {
            start,
            cost,
            answers,
            flips: (2..=N as u8).collect(),
        }
    }
}

impl<const N: usize> informed::InPlaceProblem for CostlyPancakes<N> {
    type State = [u8; N];
    type Move = u8;
    type Cost = f64;

    fn starts(&self) -> impl IntoIterator<Item = [u8; N]> {
        [self.start]
    }

    fn is_goal(&self, stack: &[u8; N]) -> bool {
        stack.is_sorted()
    }

    fn moves(&self, _: &[u8; N], out: &mut informed::Moves<'_, u8>) {
        out.extend(self.flips.iter().copied());
    }

    fn apply(&self, stack: &mut [u8; N], k: u8) -> f64 {
        stack[..usize::from(k)].reverse();
        self.cost
    }

    fn undo(&self, stack: &mut [u8; N], k: u8) {
        stack[..usize::from(k)].reverse();
    }

    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }

    fn move_table(&self, _: &[u8; N]) -> Option<&[u8]> {
        self.answers.then_some(&self.flips[..])
    }

    fn fixed_cost(&self) -> Option<f64> {
        self.answers.then_some(self.cost)
    }
}

/// The gap heuristic of [`gaps`] as `f64`, times `scale`, and NaN for a stack whose top is
/// `nan_top`; it estimates a flip before it is made where `answers`.
pub struct FloatGaps {
    pub scale: f64,
    pub nan_top: Option<u8>,
    pub answers: bool,
}

impl FloatGaps {
    fn of<const N: usize>(&self, stack: &[u8; N]) -> f64 {
        if self.nan_top == Some(stack[0]) {
            return f64::NAN;
        }
        f64::from(gaps(stack)) * self.scale
    }
}

impl<const N: usize> informed::IncrementalHeuristic<[u8; N], u8, f64> for FloatGaps {
    type Context = ();

    fn begin(&self, stack: &[u8; N]) -> (f64, ()) {
        (self.of(stack), ())
    }

    fn update(&self, stack: &[u8; N], _: u8, _: f64, _: &mut ()) -> f64 {
        self.of(stack)
    }

    fn estimate_move(&self, stack: &[u8; N], k: u8, _: f64, _: &mut ()) -> Option<f64> {
        self.answers.then(|| {
            let mut after = *stack;
            after[..usize::from(k)].reverse();
            self.of(&after)
        })
    }
}

/// The cells one `movement` step from `(x, y)`, each with whether the step is diagonal, where
/// `free(x, y)` says which cells may be entered (`false` off the map). Written out rule by rule
/// from the documentation of `Movement`, not from the grids' code: four orthogonal steps, then
/// (but for `Four`) four diagonals, which `Eight` allows past two free sides,
/// `EightCuttingCorners` past one, and `EightThroughGaps` past none.
pub fn reference_steps(
    free: impl Fn(i64, i64) -> bool,
    movement: informed::grid::Movement,
    x: i64,
    y: i64,
) -> Vec<((i64, i64), bool)> {
    use informed::grid::Movement;
    let mut steps = Vec::new();
    for (dx, dy) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
        if free(x + dx, y + dy) {
            steps.push(((x + dx, y + dy), false));
        }
    }
    if movement != Movement::Four {
        for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            let sides = [free(x + dx, y), free(x, y + dy)];
            let allowed = match movement {
                Movement::Eight => sides[0] && sides[1],
                Movement::EightCuttingCorners => sides[0] || sides[1],
                _ => true,
            };
            if allowed && free(x + dx, y + dy) {
                steps.push(((x + dx, y + dy), true));
            }
        }
    }
    steps
}
