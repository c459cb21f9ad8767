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

use std::fmt;
use std::path::{Path, PathBuf};

use crate::location::numbered_lines;
use crate::{Heuristic, SearchProblem, Successors};

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

    /// Reads a road network: a `.cnode` file (`id x y` a line, ids 0, 1, 2, … in order) and a
    /// `.cedge` file (`id from to length` a line). Edges are undirected.
    ///
    /// # Errors
    ///
    /// A [`GraphError`] naming the file and line: [`GraphErrorKind::Io`],
    /// [`GraphErrorKind::BadLine`], [`GraphErrorKind::UnknownNode`],
    /// [`GraphErrorKind::BadLength`].
    pub fn load_road_network(
        nodes: impl AsRef<Path>,
        edges: impl AsRef<Path>,
    ) -> Result<Graph, GraphError> {
        let (nodes, edges) = (nodes.as_ref(), edges.as_ref());
        let read = |path: &Path| {
            std::fs::read_to_string(path)
                .map_err(|e| GraphError::new(GraphErrorKind::Io(e)).in_file(path))
        };
        let coordinates = parse_nodes(&read(nodes)?).map_err(|e| e.in_file(nodes))?;
        let list = parse_edges(&read(edges)?, coordinates.len()).map_err(|e| e.in_file(edges))?;
        Graph::undirected(coordinates.len(), list)
            .and_then(|graph| graph.with_coordinates(coordinates))
            .map_err(|e| e.in_file(edges))
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

fn bad_line(line: usize, expected: &'static str, text: &str) -> GraphError {
    GraphError::new(GraphErrorKind::BadLine {
        expected,
        found: text.to_owned(),
    })
    .at_line(line)
}

fn parse_nodes(text: &str) -> Result<Vec<(f64, f64)>, GraphError> {
    let mut coordinates = Vec::new();
    for (number, line) in numbered_lines(text).filter(|(_, l)| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let parsed = match fields[..] {
            [id, x, y] => id
                .parse::<usize>()
                .ok()
                .filter(|&id| id == coordinates.len())
                .and(x.parse::<f64>().ok().zip(y.parse::<f64>().ok())),
            _ => None,
        };
        let (x, y) = parsed.ok_or_else(|| bad_line(number, "`id x y` with ids in order", line))?;
        coordinates.push((x, y));
    }
    Ok(coordinates)
}

fn parse_edges(text: &str, nodes: usize) -> Result<Vec<(Node, Node, f64)>, GraphError> {
    let mut edges = Vec::new();
    for (number, line) in numbered_lines(text).filter(|(_, l)| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let parsed = match fields[..] {
            [_, from, to, length] => match (
                from.parse::<Node>(),
                to.parse::<Node>(),
                length.parse::<f64>(),
            ) {
                (Ok(from), Ok(to), Ok(length)) => Some((from, to, length)),
                _ => None,
            },
            _ => None,
        };
        let (from, to, length) =
            parsed.ok_or_else(|| bad_line(number, "`id from to length`", line))?;
        // Checked here as well as when the graph is built, so that the error names the line.
        check_edge(edges.len(), from, to, length, nodes).map_err(|e| e.at_line(number))?;
        edges.push((from, to, length));
    }
    Ok(edges)
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

/// k × the straight-line distance to a goal node, with k from
/// [`Graph::straight_line_factor`]: admissible and consistent on the graph it was made for.
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

crate::heuristic::heuristic_by_reference!(['g,] StraightLine<'g>);

/// What was wrong with a graph or its files. See [`GraphError`] for where.
#[derive(Debug)]
#[non_exhaustive]
pub enum GraphErrorKind {
    /// A file could not be read.
    Io(std::io::Error),
    /// A line that does not have the expected fields.
    BadLine {
        /// The form expected.
        expected: &'static str,
        /// The line.
        found: String,
    },
    /// A node number outside the graph.
    UnknownNode {
        /// The node.
        node: Node,
        /// The number of nodes.
        nodes: usize,
    },
    /// A negative or NaN edge length.
    BadLength {
        /// The edge's position in the input (from 0).
        edge: usize,
        /// Its length.
        length: f64,
    },
    /// Not one coordinate pair per node.
    CoordinateCount {
        /// The number of nodes.
        nodes: usize,
        /// The pairs given.
        found: usize,
    },
}

impl fmt::Display for GraphErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphErrorKind::Io(error) => write!(f, "cannot read: {error}"),
            GraphErrorKind::BadLine { expected, found } => {
                write!(f, "expected {expected}, found {found:?}")
            }
            GraphErrorKind::UnknownNode { node, nodes } => {
                write!(
                    f,
                    "node {node} does not exist (the graph has {nodes} nodes)"
                )
            }
            GraphErrorKind::BadLength { edge, length } => {
                write!(
                    f,
                    "edge {edge} has length {length}: lengths must be at least 0"
                )
            }
            GraphErrorKind::CoordinateCount { nodes, found } => {
                write!(f, "{found} coordinate pairs for {nodes} nodes")
            }
        }
    }
}

/// An error building or reading a graph: what was wrong and, where known, the file and line.
#[derive(Debug)]
pub struct GraphError {
    file: Option<PathBuf>,
    line: Option<usize>,
    kind: GraphErrorKind,
}

impl GraphError {
    fn new(kind: GraphErrorKind) -> Self {
        GraphError {
            file: None,
            line: None,
            kind,
        }
    }

    fn at_line(mut self, line: usize) -> Self {
        self.line.get_or_insert(line);
        self
    }

    fn in_file(mut self, file: &Path) -> Self {
        self.file.get_or_insert_with(|| file.to_owned());
        self
    }

    /// What was wrong.
    pub fn kind(&self) -> &GraphErrorKind {
        &self.kind
    }

    /// The file, for errors from a file.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The line (from 1), for errors in a file.
    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::location::write_location(f, self.file.as_deref(), self.line)?;
        self.kind.fmt(f)
    }
}

impl std::error::Error for GraphError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            GraphErrorKind::Io(error) => Some(error),
            _ => None,
        }
    }
}
