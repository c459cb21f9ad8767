//! The straight-line heuristic on graphs with coordinates.

use super::{Graph, Node};
use crate::heuristic::{Heuristic, heuristic_by_reference};

/// k × the straight-line distance to a goal node, with k from
/// [`Graph::straight_line_factor`]: admissible and consistent on the graph it was made for.
///
/// Its estimate of a node that is not in the graph panics: searches only ask about the graph's
/// nodes.
#[derive(Clone, Copy, Debug)]
pub struct StraightLine<'g> {
    coordinates: &'g [(f64, f64)],
    goal: (f64, f64),
    factor: f64,
}

impl<'g> StraightLine<'g> {
    /// The straight-line distance to `goal` times `factor` (see
    /// [`Graph::straight_line_factor`]; a larger factor may overestimate).
    ///
    /// # Panics
    ///
    /// Panics if the graph has no coordinates or `goal` is not a node.
    pub fn with_factor(graph: &'g Graph, goal: Node, factor: f64) -> Self {
        let goal = graph
            .coordinates(goal)
            .unwrap_or_else(|| panic!("node {goal} has no coordinates"));
        StraightLine {
            coordinates: &graph.coordinates,
            goal,
            factor,
        }
    }
}

impl Heuristic<Node, f64> for StraightLine<'_> {
    #[inline]
    fn estimate(&self, node: &Node) -> f64 {
        let (x, y) = self.coordinates[*node as usize];
        self.factor * (x - self.goal.0).hypot(y - self.goal.1)
    }
}

heuristic_by_reference!(['g,] StraightLine<'g>);
