//! Explicit weighted graphs: built from edge lists, with node coordinates and a straight-line
//! heuristic; reads the road networks of the DIMACS-style `.cnode` / `.cedge` format.
//!
//! # Example
//!
//! ```
//! use informed::graph::Graph;
//!
//! // A triangle where the detour through node 2 is shorter than the direct road.
//! let graph = Graph::undirected(3, [(0, 1, 5.0), (0, 2, 2.0), (2, 1, 2.5)])?
//!     .with_coordinates(vec![(0.0, 0.0), (4.0, 0.0), (2.0, 0.5)])?;
//! let problem = graph.problem(0, 1)?;
//! let solution = informed::astar(&problem, graph.straight_line(1))?;
//! assert_eq!(solution.path(), &[0, 2, 1]);
//! assert_eq!(solution.cost(), 4.5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod heuristic;
mod roads;

pub use self::error::{GraphError, GraphErrorKind};
pub use self::heuristic::StraightLine;

use crate::problem::{SearchProblem, Successors};

/// A node of a [`Graph`]: its index, from 0.
pub type Node = u32;

/// A weighted graph stored as adjacency arrays (compressed sparse rows), with optional
/// coordinates per node.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    /// `targets[offsets[n]..offsets[n + 1]]` are the heads of `n`'s edges.
    offsets: Vec<u32>,
    targets: Vec<Node>,
    lengths: Vec<f64>,
    coordinates: Vec<(f64, f64)>,
}

impl Graph {
    /// A directed graph of `nodes` nodes with the edges `(from, to, length)`.
    ///
    /// # Errors
    ///
    /// [`GraphErrorKind::UnknownNode`] for an edge end outside `0..nodes`,
    /// [`GraphErrorKind::BadLength`] for a negative or NaN length.
    pub fn directed(
        nodes: usize,
        edges: impl IntoIterator<Item = (Node, Node, f64)>,
    ) -> Result<Graph, GraphError> {
        Graph::build(nodes, edges, false)
    }

    /// An undirected graph: every edge `(a, b, length)` can be travelled both ways.
    ///
    /// # Errors
    ///
    /// As for [`Graph::directed`].
    pub fn undirected(
        nodes: usize,
        edges: impl IntoIterator<Item = (Node, Node, f64)>,
    ) -> Result<Graph, GraphError> {
        Graph::build(nodes, edges, true)
    }

    fn build(
        nodes: usize,
        edges: impl IntoIterator<Item = (Node, Node, f64)>,
        both_ways: bool,
    ) -> Result<Graph, GraphError> {
        let mut list = Vec::new();
        for (index, (from, to, length)) in edges.into_iter().enumerate() {
            check_edge(index, from, to, length, nodes)?;
            list.push((from, to, length));
            if both_ways {
                list.push((to, from, length));
            }
        }
        // A stable sort keeps each node's edges in input order: results do not depend on it.
        list.sort_by_key(|&(from, _, _)| from);
        let mut offsets = vec![0u32; nodes + 1];
        for &(from, _, _) in &list {
            offsets[from as usize + 1] += 1;
        }
        for n in 0..nodes {
            offsets[n + 1] += offsets[n];
        }
        Ok(Graph {
            offsets,
            targets: list.iter().map(|e| e.1).collect(),
            lengths: list.iter().map(|e| e.2).collect(),
            coordinates: Vec::new(),
        })
    }

    /// Gives every node its (x, y) position, for [`Graph::straight_line`].
    ///
    /// # Errors
    ///
    /// [`GraphErrorKind::CoordinateCount`] unless there is exactly one pair per node.
    pub fn with_coordinates(mut self, coordinates: Vec<(f64, f64)>) -> Result<Graph, GraphError> {
        if coordinates.len() != self.node_count() {
            return Err(GraphError::new(GraphErrorKind::CoordinateCount {
                nodes: self.node_count(),
                found: coordinates.len(),
            }));
        }
        self.coordinates = coordinates;
        Ok(self)
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of directed edges (an undirected edge counts twice).
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The edges leaving `node`, as (head, length).
    pub fn edges(&self, node: Node) -> impl Iterator<Item = (Node, f64)> + '_ {
        let range = self.offsets[node as usize] as usize..self.offsets[node as usize + 1] as usize;
        self.targets[range.clone()]
            .iter()
            .copied()
            .zip(self.lengths[range].iter().copied())
    }

    /// The position of `node`, if the graph has coordinates.
    pub fn coordinates(&self, node: Node) -> Option<(f64, f64)> {
        self.coordinates.get(node as usize).copied()
    }

    /// The search problem of going from `from` to `to`.
    ///
    /// # Errors
    ///
    /// [`GraphErrorKind::UnknownNode`] if either is not a node.
    pub fn problem(&self, from: Node, to: Node) -> Result<GraphProblem<'_>, GraphError> {
        for node in [from, to] {
            if node as usize >= self.node_count() {
                return Err(GraphError::new(GraphErrorKind::UnknownNode {
                    node,
                    nodes: self.node_count(),
                }));
            }
        }
        Ok(GraphProblem {
            graph: self,
            from,
            to,
        })
    }

    /// The largest factor k ≤ 1 such that k × the straight-line distance between the ends of
    /// every edge is at most its length (1 for a graph without coordinates or edges).
    ///
    /// Real road data rounds lengths, so a few edges are slightly shorter than the straight
    /// line between their ends; scaling the straight-line estimate by this factor keeps it
    /// admissible and consistent on exactly this graph.
    pub fn straight_line_factor(&self) -> f64 {
        let mut factor = 1.0f64;
        if self.coordinates.is_empty() {
            return factor;
        }
        for node in 0..self.node_count() as Node {
            for (head, length) in self.edges(node) {
                let distance = self.distance(node, head);
                if distance > 0.0 && length < factor * distance {
                    factor = length / distance;
                }
            }
        }
        factor
    }

    fn distance(&self, a: Node, b: Node) -> f64 {
        let ((ax, ay), (bx, by)) = (self.coordinates[a as usize], self.coordinates[b as usize]);
        (ax - bx).hypot(ay - by)
    }

    /// The straight-line distance to `goal`, scaled by [`Graph::straight_line_factor`] so that
    /// it is admissible and consistent on this graph. Computes the factor, **O(E)**, once per
    /// call: keep the heuristic to reuse it for many queries to the same goal, or use
    /// [`StraightLine::with_factor`].
    ///
    /// # Panics
    ///
    /// Panics if the graph has no coordinates or `goal` is not a node.
    pub fn straight_line(&self, goal: Node) -> StraightLine<'_> {
        StraightLine::with_factor(self, goal, self.straight_line_factor())
    }
}

/// Checks edge number `edge` (from 0): both ends are nodes, and its length is a number ≥ 0.
fn check_edge(
    edge: usize,
    from: Node,
    to: Node,
    length: f64,
    nodes: usize,
) -> Result<(), GraphError> {
    for node in [from, to] {
        if node as usize >= nodes {
            return Err(GraphError::new(GraphErrorKind::UnknownNode { node, nodes }));
        }
    }
    if length.is_nan() || length < 0.0 {
        return Err(GraphError::new(GraphErrorKind::BadLength { edge, length }));
    }
    Ok(())
}

/// A query on a [`Graph`]: from one node to another. Built by [`Graph::problem`].
#[derive(Clone, Copy, Debug)]
pub struct GraphProblem<'g> {
    graph: &'g Graph,
    from: Node,
    to: Node,
}

/// Nodes are their own numbers, so the best-first searches keep their node table in vectors,
/// without hashing (see [`SearchProblem::index_bound`]).
impl SearchProblem for GraphProblem<'_> {
    type State = Node;
    type Cost = f64;

    fn starts(&self) -> impl IntoIterator<Item = Node> {
        [self.from]
    }

    #[inline]
    fn is_goal(&self, node: &Node) -> bool {
        *node == self.to
    }

    #[inline]
    fn successors(&self, node: &Node, out: &mut Successors<Node, f64>) {
        out.extend(self.graph.edges(*node));
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.graph.node_count())
    }

    #[inline]
    fn index(&self, node: &Node) -> usize {
        *node as usize
    }
}
