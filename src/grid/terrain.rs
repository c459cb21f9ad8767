//! What pictures and replays need of either kind of grid: the sealed [`GridMap`] (a [`Grid`]
//! or a [`WeightedGrid`]) and [`GridQuery`] (a query on one).

use super::{Cell, Grid, GridProblem, GridRevision, Movement, WeightedGrid, WeightedGridProblem};
use crate::problem::SearchProblem;

/// A grid that [`Picture`](super::Picture) draws: a [`Grid`] or a [`WeightedGrid`] (whose
/// costs it shades, with a legend).
///
/// The trait is sealed; it has no methods of its own to call.
///
/// # Example
///
/// ```
/// use informed::grid::{Grid, GridMap, Picture, WeightedGrid};
///
/// fn draw<M: GridMap>(grid: &M) -> String {
///     Picture::new(grid).to_text()
/// }
///
/// assert_eq!(draw(&Grid::from_ascii(".#.")?), ".#.\n");
/// assert_eq!(draw(&WeightedGrid::from_ascii("1#9")?), "1#9\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait GridMap: sealed::Map {}

impl GridMap for Grid {}
impl GridMap for WeightedGrid {}

/// A query on a grid that [`ReplayRecorder`](super::ReplayRecorder) records and
/// [`Replay::run`](crate::Replay::run) runs: a [`GridProblem`] or a [`WeightedGridProblem`].
///
/// The trait is sealed; it has no methods of its own to call.
///
/// # Example
///
/// ```
/// use informed::Search;
/// use informed::grid::{Cell, Grid, GridQuery, Movement, ReplayRecorder, WeightedGrid};
///
/// // The bytes a Dijkstra search of either kind of grid takes to record.
/// fn recorded<'g, Q: GridQuery<'g>>(problem: Q) -> usize {
///     let mut recorder = ReplayRecorder::new(problem);
///     let _ = Search::new(&problem).observer(&mut recorder).dijkstra();
///     recorder.bytes()
/// }
///
/// let uniform = Grid::from_ascii("....\n.##.\n....")?;
/// let weighted = WeightedGrid::from_ascii("1111\n1##9\n1111")?;
/// let (start, goal) = (Cell::new(0, 0), Cell::new(3, 2));
/// assert!(recorded(uniform.problem(start, goal, Movement::Four)?) < 64);
/// assert!(recorded(weighted.problem(start, goal, Movement::Four)?) < 64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait GridQuery<'g>:
    SearchProblem<State = Cell, Cost = f64> + Copy + sealed::Query<'g>
{
}

impl<'g> GridQuery<'g> for GridProblem<'g> {}
impl<'g> GridQuery<'g> for WeightedGridProblem<'g> {}

pub(crate) mod sealed {
    /// A grid, seen through [`MapRef`](super::MapRef).
    pub trait Map {
        /// The grid.
        fn map(&self) -> super::MapRef<'_>;
    }

    /// A query on a grid, seen through [`Query`](super::Query).
    pub trait Query<'g> {
        /// The query.
        fn query(&self) -> super::Query<'g>;
    }
}

impl sealed::Map for Grid {
    fn map(&self) -> MapRef<'_> {
        MapRef::Uniform(self)
    }
}

impl sealed::Map for WeightedGrid {
    fn map(&self) -> MapRef<'_> {
        MapRef::Weighted(self)
    }
}

impl<'g> sealed::Query<'g> for GridProblem<'g> {
    fn query(&self) -> Query<'g> {
        Query::Uniform(*self)
    }
}

impl<'g> sealed::Query<'g> for WeightedGridProblem<'g> {
    fn query(&self) -> Query<'g> {
        Query::Weighted(*self)
    }
}

/// Where a grid's free and blocked cells stood, for [`Regions`](super::Regions) to learn of a
/// change it was not told of: a [`Grid`]'s revision (which also names the grid), or the count
/// of cells a [`WeightedGrid`] turned from a wall to a cost or back (a change between two
/// costs changes no region).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stamp {
    /// A [`Grid`]'s revision.
    Uniform(GridRevision),
    /// A [`WeightedGrid`]'s count of flips.
    Weighted(u64),
}

/// Either kind of grid.
#[derive(Clone, Copy, Debug)]
pub enum MapRef<'g> {
    /// Free and blocked cells.
    Uniform(&'g Grid),
    /// Cells with costs.
    Weighted(&'g WeightedGrid),
}

impl<'g> MapRef<'g> {
    pub(crate) fn width(self) -> u32 {
        match self {
            MapRef::Uniform(grid) => grid.width(),
            MapRef::Weighted(grid) => grid.width(),
        }
    }

    pub(crate) fn height(self) -> u32 {
        match self {
            MapRef::Uniform(grid) => grid.height(),
            MapRef::Weighted(grid) => grid.height(),
        }
    }

    pub(crate) fn cells(self) -> usize {
        self.width() as usize * self.height() as usize
    }

    pub(crate) fn contains(self, cell: Cell) -> bool {
        cell.x < self.width() && cell.y < self.height()
    }

    pub(crate) fn index(self, cell: Cell) -> usize {
        cell.y as usize * self.width() as usize + cell.x as usize
    }

    /// The cell of row-major index `index`.
    pub(crate) fn cell(self, index: usize) -> Cell {
        let width = self.width().max(1) as usize;
        Cell::new((index % width) as u32, (index / width) as u32)
    }

    pub(crate) fn is_free(self, cell: Cell) -> bool {
        match self {
            MapRef::Uniform(grid) => grid.is_free(cell),
            MapRef::Weighted(grid) => grid.is_free(cell),
        }
    }

    /// The cost of entering `cell`: 0 for a wall, 1 for a free cell of a [`Grid`].
    pub(crate) fn cost(self, cell: Cell) -> u8 {
        match self {
            MapRef::Uniform(grid) => u8::from(grid.is_free(cell)),
            MapRef::Weighted(grid) => grid.cost(cell).unwrap_or(0),
        }
    }

    /// Where the grid's free and blocked cells stand: equal stamps of one grid mean the same
    /// free cells.
    pub(crate) fn stamp(self) -> Stamp {
        match self {
            MapRef::Uniform(grid) => Stamp::Uniform(grid.revision()),
            MapRef::Weighted(grid) => Stamp::Weighted(grid.flips()),
        }
    }

    /// Whether `cell` turning from free to blocked or back is the grid's only such change
    /// since `stamp`.
    pub(crate) fn only_change_since(self, stamp: Stamp, cell: Cell) -> bool {
        match (self, stamp) {
            (MapRef::Uniform(grid), Stamp::Uniform(revision)) => {
                grid.changes_since(revision).is_some_and(|mut changes| {
                    changes.next() == Some(cell) && changes.next().is_none()
                })
            }
            // A weighted grid counts its flips but does not list them: one flip since, and
            // this cell's own change seen by the caller, is this cell's.
            (MapRef::Weighted(grid), Stamp::Weighted(flips)) => {
                grid.flips() == flips.wrapping_add(1)
            }
            _ => false,
        }
    }

    /// Calls `step` with each cell one `movement` step from the free cell `cell`: the steps
    /// the grid's own searches take, so that what is connected agrees with what they reach.
    #[inline]
    pub(crate) fn for_each_neighbour(
        self,
        cell: Cell,
        movement: Movement,
        mut step: impl FnMut(Cell),
    ) {
        match self {
            MapRef::Uniform(grid) => grid
                .neighbours(cell, movement)
                .for_each(|(next, _)| step(next)),
            MapRef::Weighted(grid) => grid.steps(cell, movement, |next, _, _| step(next)),
        }
    }

    /// The weighted grid, if it is one.
    pub(crate) fn weighted(self) -> Option<&'g WeightedGrid> {
        match self {
            MapRef::Uniform(_) => None,
            MapRef::Weighted(grid) => Some(grid),
        }
    }

    /// How dear a cost is on this grid, from 0 (the smallest cost of a free cell) to 1 (the
    /// largest); 0 for every cost of a grid whose cells all cost the same.
    pub(crate) fn level(self, cost: u8) -> f64 {
        let Some(grid) = self.weighted() else {
            return 0.0;
        };
        match (grid.min_cost(), grid.max_cost()) {
            (Some(low), Some(high)) if high > low => {
                (f64::from(cost) - f64::from(low)) / (f64::from(high) - f64::from(low))
            }
            _ => 0.0,
        }
    }
}

/// A query on either kind of grid.
#[derive(Clone, Copy, Debug)]
pub enum Query<'g> {
    /// On a [`Grid`].
    Uniform(GridProblem<'g>),
    /// On a [`WeightedGrid`].
    Weighted(WeightedGridProblem<'g>),
}

impl<'g> Query<'g> {
    pub(crate) fn map(self) -> MapRef<'g> {
        match self {
            Query::Uniform(problem) => MapRef::Uniform(problem.grid()),
            Query::Weighted(problem) => MapRef::Weighted(problem.grid()),
        }
    }

    pub(crate) fn start(self) -> Cell {
        match self {
            Query::Uniform(problem) => problem.start(),
            Query::Weighted(problem) => problem.start(),
        }
    }

    pub(crate) fn goal(self) -> Cell {
        match self {
            Query::Uniform(problem) => problem.goal(),
            Query::Weighted(problem) => problem.goal(),
        }
    }

    pub(crate) fn movement(self) -> Movement {
        match self {
            Query::Uniform(problem) => problem.movement(),
            Query::Weighted(problem) => problem.movement(),
        }
    }

    /// The scale of the distance heuristics: the smallest cost of a cell.
    pub(crate) fn least_cost(self) -> f64 {
        match self {
            Query::Uniform(_) => 1.0,
            Query::Weighted(problem) => problem.least_cost(),
        }
    }

    /// The number of successors of `cell`, 0 for the goal.
    pub(crate) fn successor_count(self, cell: Cell) -> usize {
        if cell == self.goal() {
            return 0;
        }
        match self {
            Query::Uniform(problem) => problem.successors(&cell).into_iter().count(),
            Query::Weighted(problem) => problem.successors(&cell).into_iter().count(),
        }
    }
}
