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
//! let solution = informed::astar_with(&problem, graph.straight_line(1))?;
//! assert_eq!(solution.path(), &[0, 2, 1]);
//! assert_eq!(solution.cost(), 4.5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod heuristic;
mod roads;

pub use self::error::{GraphError, GraphErrorKind};
pub use self::heuristic::StraightLine;

use std::sync::OnceLock;

use crate::problem::{Bidirectional, SearchProblem};

/// A node of a [`Graph`]: its index, from 0.
pub type Node = u32;

/// The most nodes a graph may have: every [`Node`] number.
const MAX_NODES: usize = 1 << 32;

/// A weighted graph stored as adjacency arrays (compressed sparse rows), with optional
/// coordinates per node.
///
/// Its memory is in proportion to its edges and to the largest node that has one: nodes above
/// that have no edges, and take no room (except for their coordinates, if given).
///
/// With the `serde` feature a graph serializes as its arrays: `{"nodes": N, "offsets": [...],
/// "targets": [...], "lengths": [...], "coordinates": [[x, y], ...]}`, where the edges of node
/// `n` are `targets[offsets[n]..offsets[n + 1]]` with their `lengths`, and `coordinates` is
/// empty or has one pair per node. Deserializing checks the offsets (starting at 0, never
/// decreasing, ending at the number of edges, at most one per node and one more) and builds
/// the graph as [`Graph::directed`] and [`Graph::with_coordinates`] do, with their checks.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "GraphData")
)]
pub struct Graph {
    nodes: usize,
    /// `targets[offsets[n]..offsets[n + 1]]` are the heads of `n`'s edges, for the nodes `n`
    /// below `offsets.len() - 1`: one more than the largest node at either end of an edge.
    offsets: Vec<u32>,
    targets: Vec<Node>,
    lengths: Vec<f64>,
    coordinates: Vec<(f64, f64)>,
    /// The edges by their heads, built the first time a backward search asks for a
    /// predecessor (bidirectional searches, landmarks): a graph searched forward only never
    /// pays for them.
    #[cfg_attr(feature = "serde", serde(skip))]
    reverse: OnceLock<Reverse>,
}

/// The edges of a [`Graph`] grouped by head: `sources[offsets[n]..offsets[n + 1]]` are the
/// tails of the edges into `n`, with their `lengths`.
#[derive(Clone, Debug, Default)]
struct Reverse {
    offsets: Vec<u32>,
    sources: Vec<Node>,
    lengths: Vec<f64>,
}

/// Two graphs are equal when their nodes, edges and coordinates are: whether either has built
/// its predecessors yet does not matter.
impl PartialEq for Graph {
    fn eq(&self, other: &Self) -> bool {
        self.nodes == other.nodes
            && self.offsets == other.offsets
            && self.targets == other.targets
            && self.lengths == other.lengths
            && self.coordinates == other.coordinates
    }
}

impl Graph {
    /// A directed graph of `nodes` nodes with the edges `(from, to, length)`.
    ///
    /// Computes in **O(E + N')** time and memory, where E is the number of edges and N' one
    /// more than the largest node at either end of one (at most `nodes`).
    ///
    /// # Errors
    ///
    /// [`GraphErrorKind::UnknownNode`] for an edge end outside `0..nodes`,
    /// [`GraphErrorKind::BadLength`] for a negative, infinite or NaN length,
    /// [`GraphErrorKind::TooManyNodes`] for more than 2³² nodes,
    /// [`GraphErrorKind::TooManyEdges`] for 2³² edges or more, [`GraphErrorKind::TooLarge`] if
    /// the adjacency arrays do not fit in memory.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::graph::Graph;
    ///
    /// let graph = Graph::directed(3, [(0, 1, 1.5), (1, 2, 2.0)])?;
    /// assert_eq!(graph.edges(1).collect::<Vec<_>>(), [(2, 2.0)]);
    /// let error = Graph::directed(3, [(0, 1, f64::INFINITY)]).unwrap_err();
    /// assert_eq!(error.to_string(), "edge 0 has length inf: lengths must be finite and at least 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn directed(
        nodes: usize,
        edges: impl IntoIterator<Item = (Node, Node, f64)>,
    ) -> Result<Graph, GraphError> {
        Graph::build(nodes, edges, Direction::OneWay)
    }

    /// An undirected graph: every edge `(a, b, length)` can be travelled both ways.
    ///
    /// # Errors
    ///
    /// As for [`Graph::directed`] (where an undirected edge counts as two).
    pub fn undirected(
        nodes: usize,
        edges: impl IntoIterator<Item = (Node, Node, f64)>,
    ) -> Result<Graph, GraphError> {
        Graph::build(nodes, edges, Direction::BothWays)
    }

    fn build(
        nodes: usize,
        edges: impl IntoIterator<Item = (Node, Node, f64)>,
        direction: Direction,
    ) -> Result<Graph, GraphError> {
        let mut builder = Builder::new(nodes, direction)?;
        for (from, to, length) in edges {
            builder.add(from, to, length)?;
        }
        builder.finish()
    }

    /// Gives every node its (x, y) position, for [`Graph::straight_line`].
    ///
    /// # Errors
    ///
    /// [`GraphErrorKind::CoordinateCount`] unless there is exactly one pair per node,
    /// [`GraphErrorKind::BadCoordinates`] for the first node with an infinite or NaN coordinate.
    pub fn with_coordinates(mut self, coordinates: Vec<(f64, f64)>) -> Result<Graph, GraphError> {
        if coordinates.len() != self.node_count() {
            return Err(GraphError::new(GraphErrorKind::CoordinateCount {
                nodes: self.node_count(),
                found: coordinates.len(),
            }));
        }
        if let Some((node, &pair)) = coordinates
            .iter()
            .enumerate()
            .find(|(_, (x, y))| !(x.is_finite() && y.is_finite()))
        {
            return Err(bad_coordinates(node as Node, pair));
        }
        self.coordinates = coordinates;
        Ok(self)
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes
    }

    /// The number of directed edges (an undirected edge counts twice).
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// One more than the largest node at either end of an edge (0 without edges): the nodes
    /// that the adjacency arrays index.
    fn span(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The edges leaving `node`, as (head, length), in the order they were given.
    ///
    /// Computes in **O(1)** time; the iterator yields one edge each step.
    ///
    /// # Panics
    ///
    /// Panics if `node` is not a node of the graph (`node_count()` or above).
    pub fn edges(&self, node: Node) -> impl Iterator<Item = (Node, f64)> + '_ {
        let n = node as usize;
        assert!(
            n < self.nodes,
            "Graph::edges: node {node} does not exist (the graph has {} nodes)",
            self.nodes
        );
        let range = match self.offsets.get(n..n + 2) {
            Some(&[start, end]) => start as usize..end as usize,
            _ => 0..0,
        };
        self.targets[range.clone()]
            .iter()
            .copied()
            .zip(self.lengths[range].iter().copied())
    }

    /// The edges into `node`: each tail with the edge's length, in the order of the tails
    /// (for each tail, its edges in input order).
    ///
    /// The first call builds an index of the edges by head, as large as the graph's edges;
    /// later calls, from any thread, use it. Bidirectional searches and
    /// [`Landmarks`](crate::Landmarks) ask for it through
    /// [`Bidirectional`] on [`GraphProblem`].
    ///
    /// Computes in **O(degree)** time, after the first call's **O(E + N')**.
    ///
    /// # Panics
    ///
    /// Panics if `node` is not below [`node_count`](Self::node_count), as
    /// [`edges`](Self::edges) does.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::graph::Graph;
    ///
    /// let graph = Graph::directed(3, [(0, 2, 1.5), (1, 2, 2.0), (2, 0, 1.0)])?;
    /// assert_eq!(graph.predecessors(2).collect::<Vec<_>>(), [(0, 1.5), (1, 2.0)]);
    /// assert_eq!(graph.predecessors(1).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn predecessors(&self, node: Node) -> impl Iterator<Item = (Node, f64)> + '_ {
        let n = node as usize;
        assert!(
            n < self.nodes,
            "Graph::predecessors: node {node} does not exist (the graph has {} nodes)",
            self.nodes
        );
        let reverse = self.reverse.get_or_init(|| self.reversed());
        let range = match reverse.offsets.get(n..n + 2) {
            Some(&[start, end]) => start as usize..end as usize,
            _ => 0..0,
        };
        reverse.sources[range.clone()]
            .iter()
            .copied()
            .zip(reverse.lengths[range].iter().copied())
    }

    /// The edges grouped by head (a counting sort, stable in the tails' order).
    fn reversed(&self) -> Reverse {
        let span = self.span();
        let mut offsets = vec![0u32; span + 1];
        for &head in &self.targets {
            offsets[head as usize + 1] += 1;
        }
        for n in 0..span {
            offsets[n + 1] += offsets[n];
        }
        let mut next = offsets[..span].to_vec();
        let mut sources = vec![0; self.targets.len()];
        let mut lengths = vec![0.0; self.targets.len()];
        for tail in 0..span as Node {
            for (head, length) in self.edges(tail) {
                let slot = &mut next[head as usize];
                sources[*slot as usize] = tail;
                lengths[*slot as usize] = length;
                *slot += 1;
            }
        }
        Reverse {
            offsets,
            sources,
            lengths,
        }
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
    /// admissible and consistent on exactly this graph. Computes in **O(E)** time.
    pub fn straight_line_factor(&self) -> f64 {
        let mut factor = 1.0f64;
        if self.coordinates.is_empty() {
            return factor;
        }
        for node in 0..self.span() as Node {
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

fn bad_coordinates(node: Node, coordinates: (f64, f64)) -> GraphError {
    GraphError::new(GraphErrorKind::BadCoordinates { node, coordinates })
}

/// Whether each edge given is one road or two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    OneWay,
    BothWays,
}

/// A graph being built from its edges, one at a time, for [`Graph::directed`],
/// [`Graph::undirected`] and the road-network parser: each edge is checked as it comes, and the
/// memory grows with the edges given, never with a node count alone.
struct Builder {
    nodes: usize,
    direction: Direction,
    /// The directed edges, in input order.
    list: Vec<(Node, Node, f64)>,
    /// The edges given so far (an undirected edge once).
    given: usize,
    /// One more than the largest node at either end of an edge.
    span: usize,
}

impl Builder {
    fn new(nodes: usize, direction: Direction) -> Result<Builder, GraphError> {
        if nodes > MAX_NODES {
            return Err(GraphError::new(GraphErrorKind::TooManyNodes { nodes }));
        }
        Ok(Builder {
            nodes,
            direction,
            list: Vec::new(),
            given: 0,
            span: 0,
        })
    }

    /// Checks and adds the next edge: both ends are nodes, and its length is finite and ≥ 0.
    fn add(&mut self, from: Node, to: Node, length: f64) -> Result<(), GraphError> {
        for node in [from, to] {
            if node as usize >= self.nodes {
                return Err(GraphError::new(GraphErrorKind::UnknownNode {
                    node,
                    nodes: self.nodes,
                }));
            }
        }
        if !(length.is_finite() && length >= 0.0) {
            return Err(GraphError::new(GraphErrorKind::BadLength {
                edge: self.given,
                length,
            }));
        }
        let added = match self.direction {
            Direction::OneWay => 1,
            Direction::BothWays => 2,
        };
        let edges = self.list.len() + added;
        if edges > u32::MAX as usize {
            return Err(GraphError::new(GraphErrorKind::TooManyEdges { edges }));
        }
        self.list
            .try_reserve(added)
            .map_err(|_| too_large(self.span, edges))?;
        self.list.push((from, to, length));
        if self.direction == Direction::BothWays {
            self.list.push((to, from, length));
        }
        self.given += 1;
        self.span = self.span.max(from.max(to) as usize + 1);
        Ok(())
    }

    /// The adjacency arrays, each node's edges in input order (a counting sort, stable): results
    /// do not depend on the order of a node's edges, but a reader of `edges` may.
    fn finish(self) -> Result<Graph, GraphError> {
        let (span, edges) = (self.span, self.list.len());
        let too_large = || too_large(span, edges);
        let mut offsets = zeroed::<u32>(span + 1).ok_or_else(too_large)?;
        for &(from, _, _) in &self.list {
            offsets[from as usize + 1] += 1;
        }
        for n in 0..span {
            offsets[n + 1] += offsets[n];
        }
        let mut next = zeroed::<u32>(span).ok_or_else(too_large)?;
        next.copy_from_slice(&offsets[..span]);
        let mut targets = zeroed::<Node>(edges).ok_or_else(too_large)?;
        let mut lengths = zeroed::<f64>(edges).ok_or_else(too_large)?;
        for (from, to, length) in self.list {
            let slot = &mut next[from as usize];
            targets[*slot as usize] = to;
            lengths[*slot as usize] = length;
            *slot += 1;
        }
        Ok(Graph {
            nodes: self.nodes,
            offsets,
            targets,
            lengths,
            coordinates: Vec::new(),
            reverse: OnceLock::new(),
        })
    }
}

fn too_large(nodes: usize, edges: usize) -> GraphError {
    GraphError::new(GraphErrorKind::TooLarge { nodes, edges })
}

/// `len` default values, or `None` if they do not fit in memory.
fn zeroed<T: Clone + Default>(len: usize) -> Option<Vec<T>> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).ok()?;
    vec.resize(len, T::default());
    Some(vec)
}

/// A query on a [`Graph`]: from one node to another. Built by [`Graph::problem`].
#[derive(Clone, Copy, Debug)]
pub struct GraphProblem<'g> {
    graph: &'g Graph,
    from: Node,
    to: Node,
}

/// Nodes are their own numbers, so the best-first searches keep their node table in vectors,
/// without hashing (see [`SearchProblem::index_bound`]). The bound covers the nodes a search
/// can reach (the start, and the heads of edges), not every node of a graph whose top nodes
/// have no edges.
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
    fn successors(&self, node: &Node) -> impl IntoIterator<Item = (Node, f64)> {
        self.graph.edges(*node)
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.graph.span().max(self.from as usize + 1))
    }

    #[inline]
    fn index(&self, node: &Node) -> usize {
        *node as usize
    }
}

/// Searched backward from the goal node, by the edges into each node: bidirectional searches
/// and [`Landmarks`](crate::Landmarks) run on a graph. The first backward step builds the
/// graph's index of edges by head (see [`Graph::predecessors`]).
///
/// # Example
///
/// ```
/// use informed::graph::Graph;
///
/// let graph = Graph::directed(4, [(0, 1, 1.0), (1, 3, 1.0), (0, 2, 0.5), (2, 3, 2.0)])?;
/// let problem = graph.problem(0, 3)?;
/// let solution = informed::bidirectional_dijkstra(&problem)?;
/// assert_eq!(solution.path(), &[0, 1, 3]);
/// assert_eq!(solution.cost(), 2.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Bidirectional for GraphProblem<'_> {
    fn goals(&self) -> impl IntoIterator<Item = Node> {
        [self.to]
    }

    #[inline]
    fn predecessors(&self, node: &Node) -> impl IntoIterator<Item = (Node, f64)> {
        self.graph.predecessors(*node)
    }
}

/// A serialized [`Graph`]: its adjacency arrays, checked before they become one.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct GraphData {
    nodes: usize,
    offsets: Vec<u32>,
    targets: Vec<Node>,
    lengths: Vec<f64>,
    #[serde(default)]
    coordinates: Vec<(f64, f64)>,
}

/// Why a serialized graph was refused: bad offsets, or what the constructors refuse.
#[cfg(feature = "serde")]
#[derive(Debug)]
enum InvalidGraph {
    Offsets(String),
    Graph(GraphError),
}

#[cfg(feature = "serde")]
impl std::fmt::Display for InvalidGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InvalidGraph::Offsets(message) => write!(f, "bad graph offsets: {message}"),
            InvalidGraph::Graph(error) => error.fmt(f),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<GraphData> for Graph {
    type Error = InvalidGraph;

    fn try_from(data: GraphData) -> Result<Self, Self::Error> {
        let bad = |message: String| Err(InvalidGraph::Offsets(message));
        let edges = data.targets.len();
        if data.lengths.len() != edges {
            return bad(format!(
                "{edges} targets but {} lengths",
                data.lengths.len()
            ));
        }
        match (data.offsets.first(), data.offsets.last()) {
            (Some(0), Some(&last)) if last as usize == edges => {}
            (first, last) => {
                return bad(format!(
                    "they must run from 0 to the number of edges ({edges}), not from {first:?} \
                     to {last:?}"
                ));
            }
        }
        if let Some(k) = data.offsets.windows(2).position(|pair| pair[0] > pair[1]) {
            return bad(format!(
                "offset {} ({}) is below offset {k} ({})",
                k + 1,
                data.offsets[k + 1],
                data.offsets[k]
            ));
        }
        if data.offsets.len() - 1 > data.nodes {
            return bad(format!(
                "{} offsets for {} nodes: at most one more than the nodes",
                data.offsets.len(),
                data.nodes
            ));
        }
        let mut list = Vec::with_capacity(edges);
        for (from, pair) in data.offsets.windows(2).enumerate() {
            for k in pair[0] as usize..pair[1] as usize {
                list.push((from as Node, data.targets[k], data.lengths[k]));
            }
        }
        let graph = Graph::directed(data.nodes, list).map_err(InvalidGraph::Graph)?;
        if data.coordinates.is_empty() {
            Ok(graph)
        } else {
            graph
                .with_coordinates(data.coordinates)
                .map_err(InvalidGraph::Graph)
        }
    }
}
