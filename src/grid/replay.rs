//! A grid search you can watch: [`ReplayRecorder`] records a search of a [`Grid`](super::Grid)
//! or a [`WeightedGrid`](super::WeightedGrid) for a [`Replay`] page, a byte or two an event;
//! [`Replay::run`] runs and records several algorithms on one grid query, [`Replay::jps`] a
//! jump point search.

use super::terrain::{GridQuery, Query};
use super::{Cell, GridProblem, JumpPointSearcher, Manhattan, Octile};
use crate::algo::Algorithm;
use crate::error::SearchError;
use crate::heuristic::Heuristic;
use crate::observer::{Event, Observer};
use crate::replay::stream::{DIRECTIONS, Opened, Stream};
use crate::replay::{
    Candidate, Layout, OpenOrder, Panel, Recording, Replay, fit_heuristic, label, sealed,
};
use crate::search::Search;

/// An [`Observer`] that records a search of a grid query (a [`GridProblem`](super::GridProblem)
/// or a [`WeightedGridProblem`](super::WeightedGridProblem)) for a [`Replay`].
///
/// It keeps each event in a few bytes (see [`Replay`]), two numbers a grid cell for
/// the last g and h recorded, and each generated cell's h until the page is written. A search
/// of any other state space records with a [`StateRecorder`](crate::StateRecorder).
///
/// Use one recorder for one search. Events about cells outside the problem's grid are ignored.
///
/// A jump point search is recorded by [`Replay::jps`], which also counts the jumps each
/// expansion makes (no event tells an observer of them).
///
/// # Example
///
/// ```
/// use informed::Search;
/// use informed::grid::{Cell, Grid, Movement, ReplayRecorder};
///
/// let grid = Grid::from_ascii("....\n.##.\n....")?;
/// let problem = grid.problem(Cell::new(0, 0), Cell::new(3, 2), Movement::Four)?;
/// let mut recorder = ReplayRecorder::new(problem);
/// let solution = Search::new(&problem).observer(&mut recorder).astar_with(problem.manhattan())?;
/// assert_eq!(recorder.expansions(), solution.stats().expanded);
/// assert!(recorder.bytes() < 64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ReplayRecorder<'g> {
    query: Query<'g>,
    stream: Stream,
    order: OpenOrder,
}

impl<'g> ReplayRecorder<'g> {
    /// A recorder for a search of `problem` (a query on a [`Grid`](super::Grid) or on a
    /// [`WeightedGrid`](super::WeightedGrid)).
    ///
    /// # Complexity
    ///
    /// Allocates two `f64` for each cell of the grid.
    pub fn new<Q: GridQuery<'g>>(problem: Q) -> Self {
        let query = problem.query();
        ReplayRecorder {
            query,
            stream: Stream::new(query.map().cells()),
            order: OpenOrder::default(),
        }
    }

    /// A recorder for a jump point search, whose expansions' successor counts (the jumps that
    /// found a jump point) are set by [`set_jump_counts`](Self::set_jump_counts) after it.
    fn for_jumps(mut self) -> Self {
        self.stream = std::mem::take(&mut self.stream).deferred();
        self
    }

    /// Sets the successor count of each expansion of a jump point search, from the number of
    /// successors generated before each (`before[k]` before the k-th) and in all (`total`).
    fn set_jump_counts(&mut self, before: &[u64], total: u64) {
        self.stream.set_counts(|k| {
            let next = before.get(k + 1).copied().unwrap_or(total);
            next - before[k]
        });
    }

    /// Sets the order of the algorithm recorded, which the page shows its open list in
    /// (default: A*'s, with FIFO ties; see [`OpenOrder`]).
    pub fn order(mut self, order: OpenOrder) -> Self {
        self.order = order;
        self
    }

    /// The number of expansions recorded: the replay's frames (after the first).
    pub fn expansions(&self) -> u64 {
        self.stream.expansions()
    }

    /// The size of the recorded event stream, in bytes (the page holds it in base64, a third
    /// more).
    pub fn bytes(&self) -> usize {
        self.stream.bytes().len()
    }

    /// The index of `cell`, if it is on the grid.
    fn index(&self, cell: Cell) -> Option<usize> {
        let map = self.query.map();
        map.contains(cell).then(|| map.index(cell))
    }

    fn expand(&mut self, cell: Cell, g: f64, h: f64) {
        let Some(index) = self.index(cell) else {
            return;
        };
        // A jump point search's counts are the search's, set after it.
        let count = if self.stream.is_deferred() {
            0
        } else {
            self.query.successor_count(cell)
        };
        self.stream.expand(index, count, g, h);
    }

    /// A cell entered the open set or moved up on it.
    fn open(&mut self, what: Opened, cell: Cell, parent: Option<Cell>, g: f64, h: Option<f64>) {
        let Some(index) = self.index(cell) else {
            return;
        };
        let parent = parent.and_then(|p| Some((p, self.index(p)?)));
        // A step from the parent to a neighbour: its direction and its cost as the page
        // computes it (the length times the cell's cost).
        let step = parent.and_then(|(p, _)| {
            let (dx, dy) = (
                i64::from(cell.x) - i64::from(p.x),
                i64::from(cell.y) - i64::from(p.y),
            );
            let direction = DIRECTIONS.iter().position(|&d| d == (dx, dy))?;
            let length = if dx != 0 && dy != 0 {
                super::DIAGONAL
            } else {
                1.0
            };
            let cost = f64::from(self.query.map().cost(cell));
            Some((direction, length * cost))
        });
        self.stream
            .open(what, index, parent.map(|(_, at)| at), step, g, h);
    }
}

impl Observer<Cell, f64> for ReplayRecorder<'_> {
    fn observe(&mut self, event: Event<'_, Cell, f64>) {
        match event {
            Event::Generate {
                state,
                parent,
                g,
                h,
            } => self.open(Opened::Generated, *state, parent.copied(), g, Some(h)),
            Event::DecreaseKey {
                state, parent, g, ..
            } => self.open(Opened::Decreased, *state, Some(*parent), g, None),
            Event::Reopen {
                state, parent, g, ..
            } => self.open(Opened::Reopened, *state, Some(*parent), g, None),
            Event::Expand { state, g, h } => self.expand(*state, g, h),
            _ => {}
        }
    }
}

impl Recording for ReplayRecorder<'_> {}

impl sealed::Recording for ReplayRecorder<'_> {
    type State = Cell;
    type Cost = f64;

    fn panel(&self, path: Option<&[Cell]>) -> Panel {
        let map = self.query.map();
        let (width, height) = (map.width(), map.height());
        let mut free = vec![0u8; map.cells().div_ceil(8)];
        for index in 0..map.cells() {
            if map.is_free(map.cell(index)) {
                free[index / 8] |= 1 << (index % 8);
            }
        }
        let costs = map
            .weighted()
            .map(|_| (0..map.cells()).map(|i| map.cost(map.cell(i))).collect());
        // The heuristic that gives most of the recorded h, and the exceptions to it.
        let goal = self.query.goal();
        let (manhattan, octile) = (Manhattan::to(goal), Octile::to(goal));
        let least = self.query.least_cost();
        let by_manhattan = |i: usize| manhattan.estimate(&map.cell(i));
        let by_octile = |i: usize| octile.estimate(&map.cell(i));
        let scaled_manhattan = |i: usize| manhattan.estimate(&map.cell(i)) * least;
        let scaled_octile = |i: usize| octile.estimate(&map.cell(i)) * least;
        let mut candidates: Vec<Candidate<'_>> = vec![
            ("zero", 1.0, &|_| 0.0),
            ("manhattan", 1.0, &by_manhattan),
            ("octile", 1.0, &by_octile),
        ];
        if least != 1.0 {
            candidates.push(("manhattan", least, &scaled_manhattan));
            candidates.push(("octile", least, &scaled_octile));
        }
        let (heuristic, exceptions) = fit_heuristic(self.stream.generated(), &candidates);
        let path = path
            .unwrap_or(&[])
            .iter()
            .filter(|&&cell| map.contains(cell))
            .map(|&cell| map.index(cell))
            .collect();
        Panel {
            layout: Layout::Grid {
                width,
                height,
                free,
                costs,
            },
            starts: vec![map.index(self.query.start())],
            goals: vec![map.index(goal)],
            stream: self.stream.bytes().to_vec(),
            heuristic,
            exceptions,
            path,
            frames: self.stream.expansions(),
            order: self.order,
            jumps: self.stream.is_deferred(),
        }
    }
}

/// The grid convenience of [`Replay`] (defined here, beside the grid recorder it uses).
impl Replay {
    /// Runs each of `algorithms` on `problem` (a query on a [`Grid`](super::Grid) or a
    /// [`WeightedGrid`](super::WeightedGrid)) with `heuristic`, for those that take one, and
    /// the page's [`tie_break`](Replay::tie_break); records each and adds a panel for each,
    /// named after the algorithm: the short way to the page of the examples. A search that
    /// finds no path gets a panel without one.
    ///
    /// # Errors
    ///
    /// The first error of a search other than [`SearchError::NoPath`].
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Algorithm;
    /// use informed::grid::{Cell, Grid, Movement, Replay};
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let problem = grid.problem(Cell::new(0, 1), Cell::new(5, 1), Movement::Four)?;
    /// let replay = Replay::new().run(problem, &[Algorithm::Dijkstra, Algorithm::AStar], problem.manhattan())?;
    /// assert!(replay.to_html().contains("\"label\":\"A*\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<'g, Q, H>(
        mut self,
        problem: Q,
        algorithms: &[Algorithm],
        heuristic: H,
    ) -> Result<Self, SearchError<Cell, f64>>
    where
        Q: GridQuery<'g>,
        H: Heuristic<Cell, f64> + Clone,
    {
        for &algorithm in algorithms {
            let order = OpenOrder::new(algorithm, self.tie_break);
            let mut recorder = ReplayRecorder::new(problem).order(order);
            let outcome = Search::new(&problem)
                .tie_break(self.tie_break)
                .observer(&mut recorder)
                .run_with(algorithm, heuristic.clone());
            let solution = match outcome {
                Ok(solution) => Some(solution),
                Err(error) if error.is_no_path() => None,
                Err(error) => return Err(error),
            };
            self = self.search(label(algorithm), &recorder, solution.as_ref());
        }
        Ok(self)
    }

    /// Runs jump point search on `problem` with `searcher` (JPS, or JPS+ if it has a
    /// [`JumpTable`](super::JumpTable)) and the page's [`tie_break`](Replay::tie_break),
    /// records it and adds a panel named `"JPS"` or `"JPS+"`. A search that finds no path gets
    /// a panel without one.
    ///
    /// The page draws each jump point the search stored, with the jump from its parent: a
    /// line from cell to cell (turning where the jump goes diagonally, then straight) over the
    /// handful of cells expanded, where A*'s panel shows the band of cells it expanded. Its
    /// counters are the search's [`Stats`](crate::Stats): expansions and stored states are jump
    /// points, and the successors of an expansion are the jumps that found one. (A
    /// [`ReplayRecorder`] passed to [`Search::jps_in`] as an observer cannot count those: its
    /// page would count each jump point's neighbouring cells instead.)
    ///
    /// # Arguments
    ///
    /// - `problem`: a query with [`Movement::Eight`](super::Movement::Eight) on `searcher`'s grid.
    /// - `searcher`: a [`JumpPointSearcher`](super::JumpPointSearcher), whose
    ///   [`Waypoints`](super::Waypoints) choose the path drawn.
    ///
    /// # Returns
    ///
    /// The page with the panel added.
    ///
    /// # Errors
    ///
    /// Those of [`JumpPointSearcher::search`](super::JumpPointSearcher::search), except
    /// [`SearchError::NoPath`].
    ///
    /// # Complexity
    ///
    /// That of the search, plus O(width × height) for the recorder (two `f64` a cell).
    ///
    /// # Example
    ///
    /// A* and JPS side by side on one map:
    ///
    /// ```
    /// use informed::Algorithm;
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement, Replay};
    ///
    /// let grid = Grid::from_ascii(
    ///     "............\n\
    ///      ....####....\n\
    ///      .......#....\n\
    ///      .......#....",
    /// )?;
    /// let problem = grid.problem(Cell::new(0, 3), Cell::new(11, 3), Movement::Eight)?;
    /// let mut jps = JumpPointSearcher::new(&grid);
    /// let replay = Replay::new()
    ///     .run(problem, &[Algorithm::AStar], problem.octile())?
    ///     .jps(&problem, &mut jps)?;
    /// let html = replay.to_html();
    /// assert!(html.contains("\"label\":\"JPS\"") && html.contains("\"jumps\":true"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jps(
        self,
        problem: &GridProblem<'_>,
        searcher: &mut JumpPointSearcher,
    ) -> Result<Self, SearchError<Cell, f64>> {
        let order = OpenOrder::new(Algorithm::AStar, self.tie_break);
        let mut recorder = ReplayRecorder::new(*problem).order(order).for_jumps();
        let mut before = Vec::new();
        let outcome = Search::new(problem)
            .tie_break(self.tie_break)
            .observer(&mut recorder)
            .jps_counted(searcher, &mut before);
        let (solution, stats) = match outcome {
            Ok(solution) => {
                let stats = solution.stats();
                (Some(solution), stats)
            }
            Err(error) if error.is_no_path() => (None, error.stats()),
            Err(error) => return Err(error),
        };
        recorder.set_jump_counts(&before, stats.generated);
        Ok(self.search(searcher.name(), &recorder, solution.as_ref()))
    }
}
