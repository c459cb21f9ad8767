//! Distance heuristics on grids.

use super::{Cell, DIAGONAL};
use crate::heuristic::{Heuristic, heuristic_by_reference};

heuristic_by_reference!([] Manhattan, [] Octile, ['n,] NearestOctile<'n>, [] Euclidean);

fn deltas(from: Cell, to: Cell) -> (f64, f64) {
    (
        f64::from(from.x.abs_diff(to.x)),
        f64::from(from.y.abs_diff(to.y)),
    )
}

/// |dx| + |dy| to the goal: the exact distance on an open 4-connected grid.
///
/// Admissible and consistent for [`Movement::Four`](super::Movement::Four): every step changes
/// dx + dy by exactly 1, at cost 1. Not admissible with diagonal steps, which reduce it by 2 at
/// cost √2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Manhattan {
    goal: Cell,
}

impl Manhattan {
    /// The Manhattan distance to `goal`.
    pub fn to(goal: Cell) -> Self {
        Manhattan { goal }
    }
}

impl Heuristic<Cell, f64> for Manhattan {
    #[inline]
    fn estimate(&self, cell: &Cell) -> f64 {
        let (dx, dy) = deltas(*cell, self.goal);
        dx + dy
    }
}

/// max(dx, dy) + (d − 1) · min(dx, dy), with d the diagonal step's cost ([`DIAGONAL`],
/// √2 to 10⁻¹¹): the exact distance on an open 8-connected grid.
///
/// Admissible and consistent for every eight-direction movement: a diagonal step changes the
/// estimate by at most d and an orthogonal one by at most 1, exactly their costs. Every estimate
/// is a multiple of 2⁻³², as every path cost is, so f = g + h is exact and equal f really are
/// equal: A* with it never reopens a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Octile {
    goal: Cell,
}

impl Octile {
    /// The octile distance to `goal`.
    pub fn to(goal: Cell) -> Self {
        Octile { goal }
    }
}

impl Heuristic<Cell, f64> for Octile {
    #[inline]
    fn estimate(&self, cell: &Cell) -> f64 {
        let (dx, dy) = deltas(*cell, self.goal);
        let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
        high + (DIAGONAL - 1.0) * low
    }
}

/// The least [`Octile`] distance to any of several goals: the heuristic of a query for the
/// nearest of them ([`Grid::problem_to_nearest`](super::Grid::problem_to_nearest)).
///
/// Admissible and consistent wherever [`Octile`] is: each octile distance is a lower bound on
/// the cost to its goal and changes by at most a step's cost along a step, so their minimum
/// does too. Each estimate computes the distance to every goal: **O(k)** for k goals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NearestOctile<'g> {
    goals: &'g [Cell],
}

impl<'g> NearestOctile<'g> {
    /// The least octile distance to a cell of `goals` (infinite if there is none).
    pub fn to(goals: &'g [Cell]) -> Self {
        NearestOctile { goals }
    }
}

impl Heuristic<Cell, f64> for NearestOctile<'_> {
    #[inline]
    fn estimate(&self, cell: &Cell) -> f64 {
        self.goals
            .iter()
            .map(|goal| Octile::to(*goal).estimate(cell))
            .fold(f64::INFINITY, f64::min)
    }
}

/// √(dx² + dy²): the straight-line distance.
///
/// Admissible and consistent for every movement (no step is shorter than the straight line it
/// spans), but weaker than [`Manhattan`] or [`Octile`] for the movement they fit, so A* expands
/// more. Its square is *not* admissible: a classic way to get wrong paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Euclidean {
    goal: Cell,
}

impl Euclidean {
    /// The straight-line distance to `goal`.
    pub fn to(goal: Cell) -> Self {
        Euclidean { goal }
    }
}

impl Heuristic<Cell, f64> for Euclidean {
    #[inline]
    fn estimate(&self, cell: &Cell) -> f64 {
        let (dx, dy) = deltas(*cell, self.goal);
        dx.hypot(dy)
    }
}
