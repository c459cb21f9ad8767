//! Flow fields: the distance from every cell to a target, and the step to take from each, by
//! one Dijkstra flood backward from the target over the grid's cells.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

use super::terrain::{GridMap, MapRef};
use super::{Cell, GridError, GridErrorKind, Movement};
use crate::problem::Bidirectional;

/// The code of "no step" in [`FlowField::steps`]: the offset (0, 0).
const NO_STEP: u8 = 4;

/// The distance from every cell of a grid to the nearest of some target cells, and the next
/// step toward it from each: what many units walking to one place read each frame, built in
/// one search however many units there are.
///
/// The distance from a cell is what a unit standing on it pays to walk to the target, step by
/// step with the grid's [`Movement`]: on a [`WeightedGrid`](super::WeightedGrid), the costs of
/// the cells it enters (the target's included, its own not), each diagonal times
/// [`DIAGONAL`](super::DIAGONAL); on a [`Grid`](super::Grid), 1 a straight step and
/// `DIAGONAL` a diagonal one. This is the cost an A* search from that cell to the target
/// returns, exactly: the field is one Dijkstra flood backward from the targets, along the
/// problem's own [`predecessors`](crate::Bidirectional::predecessors) (what
/// [`distances_to_goals`](crate::distances_to_goals) computes for any problem), kept in arrays
/// indexed by cell rather than in a hash map. A flood forward from the target
/// ([`shortest_path_tree`](crate::shortest_path_tree) of a query that starts there) measures
/// target to cell instead, which on a weighted grid pays the cost of the cell left rather than
/// of the target: wrong costs, and paths that are not the cheapest.
///
/// A field is a buffer: [`rebuild`](Self::rebuild) computes it again for another target (or a
/// changed grid) in the memory it already holds, so a game that moves its target every few
/// frames allocates once.
///
/// # Complexity
///
/// Building: **O(N log N)** time for the N free cells that can reach a target (each stepped
/// from at most once, with up to eight neighbours), and **O(W × H)** memory: 9 bytes a cell (the
/// distance as an `f64` and the step as a byte) and the search's heap. Each query afterwards is
/// **O(1)**, a path **O(its length)**.
///
/// # Example
///
/// Units scattered over a map (`@` a wall, as in Moving AI's maps), all going to one target:
/// one field, then each unit reads its next step.
///
/// ```
/// use informed::grid::{Cell, FlowField, Grid, Movement};
///
/// let grid = Grid::from_ascii(
///     "........\n\
///      .@@@@@@.\n\
///      ......@.\n\
///      @@@@..@.\n\
///      ........",
/// )?;
/// let target = Cell::new(0, 2);
/// let field = FlowField::build(&grid, [target], Movement::Eight)?;
///
/// let mut units = vec![Cell::new(7, 4), Cell::new(0, 4), Cell::new(3, 0)];
/// for _frame in 0..20 {
///     for unit in &mut units {
///         // A unit on the target, or one that cannot reach it, has no step and stays.
///         if let Some(next) = field.next_step(*unit) {
///             *unit = next;
///         }
///     }
/// }
/// assert!(units.iter().all(|&unit| unit == target));
///
/// // The distance is what the walk costs, as A* from the cell finds it.
/// let problem = grid.problem(Cell::new(7, 4), target, Movement::Eight)?;
/// let astar = informed::astar_with(&problem, problem.octile())?;
/// assert_eq!(field.distance(Cell::new(7, 4)), Some(astar.cost()));
/// // Around the wall: right along the bottom row, up the gap, left to the target.
/// assert_eq!(field.distance(Cell::new(0, 4)), Some(10.0));
/// assert_eq!(field.path_from(Cell::new(0, 4)).map(|path| path.len()), Some(11));
/// assert_eq!(field.distance(Cell::new(1, 1)), None); // a wall
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct FlowField {
    width: u32,
    height: u32,
    movement: Movement,
    targets: Vec<Cell>,
    /// Each cell's distance to the nearest target, row-major; infinity where none is reached.
    distances: Vec<f64>,
    /// Each cell's step toward the target, row-major: `(dx + 1) + 3 × (dy + 1)`, and
    /// [`NO_STEP`] at a target and where no target is reached.
    steps: Vec<u8>,
    /// The flood's open cells, by distance (the bits of a non-negative `f64` order as it
    /// does), kept for the next build.
    heap: BinaryHeap<Reverse<(u64, Cell)>>,
}

impl FlowField {
    /// An empty field, of a 0 × 0 grid: a buffer for [`rebuild`](Self::rebuild) to fill.
    /// **O(1)**, and allocates nothing.
    pub fn new() -> Self {
        FlowField::default()
    }

    /// The flow field of `grid` toward `targets` with `movement`.
    ///
    /// # Arguments
    ///
    /// - `grid`: a [`Grid`](super::Grid) or a [`WeightedGrid`](super::WeightedGrid).
    /// - `targets`: the cells to walk to; each cell's distance is to the nearest of them. One
    ///   target is `[target]`; repeats are harmless; none gives a field where no cell has a
    ///   distance.
    /// - `movement`: how units step, with its rules for diagonals past walls.
    ///
    /// # Returns
    ///
    /// The field: [`distance`](Self::distance), [`next_step`](Self::next_step) and
    /// [`path_from`](Self::path_from) for every cell, as the grid was when it was built.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::OutOfBounds`] or [`GridErrorKind::Blocked`] (with the role
    /// `"target"`) for the first target outside the grid or on a blocked cell;
    /// [`GridErrorKind::TooLarge`] if the field's 9 bytes a cell cannot be allocated.
    ///
    /// # Complexity
    ///
    /// As in the [type's docs](Self).
    ///
    /// # Example
    ///
    /// On a weighted grid the distance is what walking costs from the cell: entering each
    /// cell, the target's included.
    ///
    /// ```
    /// use informed::grid::{Cell, FlowField, Movement, WeightedGrid};
    ///
    /// let grid = WeightedGrid::from_ascii("1951")?;
    /// let field = FlowField::build(&grid, [Cell::new(0, 0)], Movement::Four)?;
    /// assert_eq!(field.distance(Cell::new(3, 0)), Some(15.0)); // 5 + 9 + 1
    /// assert_eq!(field.distance(Cell::new(1, 0)), Some(1.0));
    /// assert_eq!(field.next_step(Cell::new(3, 0)), Some(Cell::new(2, 0)));
    /// assert!(FlowField::build(&grid, [Cell::new(4, 0)], Movement::Four).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build<M: GridMap>(
        grid: &M,
        targets: impl IntoIterator<Item = Cell>,
        movement: Movement,
    ) -> Result<Self, GridError> {
        let mut field = FlowField::new();
        field.rebuild(grid, targets, movement)?;
        Ok(field)
    }

    /// Computes the field again, of `grid` toward `targets` with `movement`, in the memory
    /// this field holds: it allocates only if the grid has more cells than any it was built
    /// for (or the flood's heap grows past its largest).
    ///
    /// # Arguments
    ///
    /// As for [`build`](Self::build).
    ///
    /// # Errors
    ///
    /// As for [`build`](Self::build); the field is then left as it was.
    ///
    /// # Complexity
    ///
    /// As in the [type's docs](Self).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, FlowField, Grid, Movement};
    ///
    /// let mut grid = Grid::new(16, 16);
    /// let mut field = FlowField::new();
    /// for target in [Cell::new(0, 0), Cell::new(15, 15)] {
    ///     field.rebuild(&grid, [target], Movement::Four)?;
    ///     // 15 steps from either corner.
    ///     assert_eq!(field.distance(Cell::new(7, 8)), Some(15.0));
    /// }
    /// // After the map changes, rebuild to see the change.
    /// grid.set_free(Cell::new(14, 15), false);
    /// grid.set_free(Cell::new(15, 14), false);
    /// field.rebuild(&grid, [Cell::new(15, 15)], Movement::Four)?;
    /// assert_eq!(field.distance(Cell::new(0, 0)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rebuild<M: GridMap>(
        &mut self,
        grid: &M,
        targets: impl IntoIterator<Item = Cell>,
        movement: Movement,
    ) -> Result<(), GridError> {
        let map = grid.map();
        // The new targets go after the old ones until they are checked, so that an error
        // leaves the field as it was.
        let old = self.targets.len();
        self.targets.extend(targets);
        let cells = map.cells();
        if let Some(error) = self.targets[old..]
            .iter()
            .find_map(|&target| refused(map, target))
            .or_else(|| self.reserve(map.width(), map.height()).err())
        {
            self.targets.truncate(old);
            return Err(error);
        }
        self.targets.drain(..old);
        self.width = map.width();
        self.height = map.height();
        self.movement = movement;
        self.distances.clear();
        self.distances.resize(cells, f64::INFINITY);
        self.steps.clear();
        self.steps.resize(cells, NO_STEP);
        self.heap.clear();
        let Some(&first) = self.targets.first() else {
            return Ok(());
        };
        // The flood follows the queries' own predecessors, the reverse of their successors:
        // the field is the backward search of `distances_to_goals`, in arrays.
        match map {
            MapRef::Uniform(grid) => {
                let problem = grid.problem(first, first, movement)?;
                self.flood(&problem);
            }
            MapRef::Weighted(grid) => {
                let problem = grid.problem(first, first, movement)?;
                self.flood(&problem);
            }
        }
        Ok(())
    }

    /// Makes room for the distances and steps of a `width × height` grid, keeping what is
    /// held.
    fn reserve(&mut self, width: u32, height: u32) -> Result<(), GridError> {
        let too_large = |_| {
            GridError::new(GridErrorKind::TooLarge {
                width: width as usize,
                height: height as usize,
            })
        };
        let cells = width as usize * height as usize;
        self.distances
            .try_reserve_exact(cells.saturating_sub(self.distances.len()))
            .map_err(too_large)?;
        self.steps
            .try_reserve_exact(cells.saturating_sub(self.steps.len()))
            .map_err(too_large)
    }

    /// Dijkstra's algorithm from the targets along `problem`'s predecessors, over the cells'
    /// row-major indices.
    fn flood<P: Bidirectional<State = Cell, Cost = f64>>(&mut self, problem: &P) {
        let width = self.width as usize;
        let index = |cell: Cell| cell.y as usize * width + cell.x as usize;
        for &target in &self.targets {
            let at = index(target);
            if self.distances[at] != 0.0 {
                self.distances[at] = 0.0;
                self.heap.push(Reverse((0, target)));
            }
        }
        // The heap holds cells rather than indices: the index is a multiplication away, the
        // cell from an index a division.
        while let Some(Reverse((bits, cell))) = self.heap.pop() {
            // A cell is queued again each time its distance falls: only the last one counts.
            if bits != self.distances[index(cell)].to_bits() {
                continue;
            }
            let distance = f64::from_bits(bits);
            for (previous, step) in problem.predecessors(&cell) {
                let before = index(previous);
                let through = distance + step;
                if through < self.distances[before] {
                    self.distances[before] = through;
                    // Neighbours differ by at most 1 in each coordinate.
                    let dx = i64::from(cell.x) - i64::from(previous.x);
                    let dy = i64::from(cell.y) - i64::from(previous.y);
                    self.steps[before] = ((dx + 1) + 3 * (dy + 1)) as u8;
                    self.heap.push(Reverse((through.to_bits(), previous)));
                }
            }
        }
    }

    /// The number of columns of the grid the field was built on. **O(1)**.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows of the grid the field was built on. **O(1)**.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The movement the field was built with. **O(1)**.
    pub fn movement(&self) -> Movement {
        self.movement
    }

    /// The targets the field leads to, as given. **O(1)**.
    pub fn targets(&self) -> &[Cell] {
        &self.targets
    }

    /// The row-major index of `cell`, if it lies on the grid.
    fn at(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| cell.y as usize * self.width as usize + cell.x as usize)
    }

    /// The least cost of walking from `cell` to the nearest target: 0 on a target, `None` for
    /// a blocked cell, a cell from which no target can be reached, and a cell outside the
    /// grid. **O(1)**.
    pub fn distance(&self, cell: Cell) -> Option<f64> {
        let distance = self.distances[self.at(cell)?];
        distance.is_finite().then_some(distance)
    }

    /// The neighbour to step to from `cell` on a cheapest walk to the nearest target; `None`
    /// on a target and wherever [`distance`](Self::distance) is `None`. **O(1)**.
    ///
    /// Following the steps from a cell reaches a target at exactly the cell's distance: each
    /// step's cost is the difference of the two distances.
    pub fn next_step(&self, cell: Cell) -> Option<Cell> {
        let step = self.steps[self.at(cell)?];
        if step == NO_STEP {
            return None;
        }
        let (dx, dy) = (i32::from(step % 3) - 1, i32::from(step / 3) - 1);
        // A step was stored only toward a cell of the grid.
        Some(Cell::new(
            cell.x.wrapping_add_signed(dx),
            cell.y.wrapping_add_signed(dy),
        ))
    }

    /// The walk from `cell` to the nearest target along [`next_step`](Self::next_step), both
    /// ends included (`[cell]` on a target); `None` wherever [`distance`](Self::distance) is
    /// `None`. **O(path length)**.
    pub fn path_from(&self, cell: Cell) -> Option<Vec<Cell>> {
        self.distance(cell)?;
        let mut path = vec![cell];
        let mut at = cell;
        // Each step costs at least 1, so the distances fall along the walk: it ends.
        while let Some(next) = self.next_step(at) {
            path.push(next);
            at = next;
        }
        Some(path)
    }

    /// Every cell's distance to the nearest target, row by row from the top (cell `(x, y)` at
    /// `y × width + x`), [`f64::INFINITY`] where [`distance`](Self::distance) is `None`: for
    /// drawing the field or handing it to a shader. **O(1)**.
    pub fn distances(&self) -> &[f64] {
        &self.distances
    }

    /// The number of cells from which a target can be reached (the targets included).
    /// **O(W × H)**.
    pub fn reached(&self) -> usize {
        self.distances.iter().filter(|d| d.is_finite()).count()
    }
}

/// The error for a target outside the grid or blocked, if it is.
fn refused(map: MapRef<'_>, target: Cell) -> Option<GridError> {
    let role = "target";
    if !map.contains(target) {
        return Some(GridError::new(GridErrorKind::OutOfBounds {
            role,
            cell: target,
            width: map.width(),
            height: map.height(),
        }));
    }
    (!map.is_free(target)).then(|| GridError::new(GridErrorKind::Blocked { role, cell: target }))
}

impl fmt::Debug for FlowField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FlowField")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("movement", &self.movement)
            .field("targets", &self.targets)
            .finish_non_exhaustive()
    }
}
