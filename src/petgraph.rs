//! Searching `petgraph` graphs (the `petgraph` feature): any graph type with its edges and a node
//! numbering — `Graph`, `StableGraph`, `csr::Csr`, `GraphMap`, directed or undirected, or a
//! filtered or reversed view of one — becomes a [`SearchProblem`] with a cost closure, and
//! every algorithm of the crate runs on it.
//!
//! # Example
//!
//! ```
//! use petgraph::graph::{Graph, NodeIndex};
//! use petgraph::visit::EdgeRef;
//!
//! let mut graph: Graph<(i32, i32), u32> = Graph::new();
//! let a = graph.add_node((0, 0));
//! let b = graph.add_node((1, 0));
//! let c = graph.add_node((1, 1));
//! let d = graph.add_node((2, 1));
//! graph.extend_with_edges([(a, b, 1), (b, c, 1), (a, c, 3), (c, d, 1)]);
//!
//! let problem = informed::petgraph::problem(&graph, a, |node| node == d, |edge| *edge.weight());
//! let manhattan = |&node: &NodeIndex| {
//!     let ((x, y), (gx, gy)) = (graph[node], graph[d]);
//!     x.abs_diff(gx) + y.abs_diff(gy)
//! };
//! let solution = informed::astar(&problem, manhattan)?;
//! assert_eq!(solution.path(), [a, b, c, d]);
//! assert_eq!(solution.cost(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::hash::Hash;

use ::petgraph::visit::{EdgeRef, IntoEdges, NodeIndexable};

use crate::cost::Cost;
use crate::problem::{SearchProblem, Successors};

/// A `petgraph` graph as a [`SearchProblem`]: built by [`problem`]; see there.
#[derive(Clone)]
pub struct PetgraphProblem<G: NodeIndexable, FG, FC> {
    graph: G,
    starts: Vec<G::NodeId>,
    is_goal: FG,
    edge_cost: FC,
}

/// A [`SearchProblem`] over a `petgraph` graph: its nodes are the states, its edges the steps,
/// and `edge_cost` gives each edge's cost. The arguments are those of `petgraph::algo::astar`
/// but the heuristic, which goes to the algorithm.
///
/// # Arguments
///
/// - `graph`: a reference to any graph that lists a node's edges and numbers its nodes
///   (`IntoEdges + NodeIndexable`: `&Graph`, `&StableGraph`, `&Csr`, `&GraphMap`, and views such
///   as `Reversed` or `EdgeFiltered`). In an undirected graph every edge is a step both ways.
/// - `start`: the start node.
/// - `is_goal`: whether a node is a goal.
/// - `edge_cost`: the cost of an edge, from its reference (`|edge| *edge.weight()` for a graph
///   whose weights are costs). Costs must not be negative; a negative or NaN cost is reported
///   as the search's error, never taken.
///
/// The node numbering (`NodeIndexable`) gives the searches a dense node table: no node is
/// hashed. A start that is not a node of the graph has no edges (it is found only if it is a
/// goal). [`PetgraphProblem::with_starts`] gives a search several start nodes.
///
/// # Example
///
/// ```
/// use petgraph::graph::UnGraph;
/// use petgraph::visit::EdgeRef;
///
/// // A square with one diagonal, undirected.
/// let graph = UnGraph::<(), f64>::from_edges([(0, 1, 1.0), (1, 2, 1.0), (2, 3, 1.0), (3, 0, 1.0), (0, 2, 1.5)]);
/// let goal = 2.into();
/// let problem = informed::petgraph::problem(&graph, 0.into(), |n| n == goal, |e| *e.weight());
/// assert_eq!(informed::dijkstra(&problem)?.cost(), 1.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn problem<G, C, FG, FC>(
    graph: G,
    start: G::NodeId,
    is_goal: FG,
    edge_cost: FC,
) -> PetgraphProblem<G, FG, FC>
where
    G: IntoEdges + NodeIndexable,
    G::NodeId: Eq + Hash,
    C: Cost,
    FG: Fn(G::NodeId) -> bool,
    FC: Fn(G::EdgeRef) -> C,
{
    PetgraphProblem {
        graph,
        starts: vec![start],
        is_goal,
        edge_cost,
    }
}

impl<G: NodeIndexable, FG, FC> PetgraphProblem<G, FG, FC> {
    /// Replaces the start node with several start nodes (a multi-source search).
    pub fn with_starts<I: IntoIterator<Item = G::NodeId>>(mut self, starts: I) -> Self {
        self.starts = starts.into_iter().collect();
        self
    }

    /// The graph searched.
    pub fn graph(&self) -> &G {
        &self.graph
    }
}

impl<G, C, FG, FC> SearchProblem for PetgraphProblem<G, FG, FC>
where
    G: IntoEdges + NodeIndexable,
    G::NodeId: Eq + Hash,
    C: Cost,
    FG: Fn(G::NodeId) -> bool,
    FC: Fn(G::EdgeRef) -> C,
{
    type State = G::NodeId;
    type Cost = C;

    fn starts(&self) -> impl IntoIterator<Item = G::NodeId> {
        self.starts.iter().copied()
    }

    fn is_goal(&self, node: &G::NodeId) -> bool {
        (self.is_goal)(*node)
    }

    fn successors(&self, node: &G::NodeId, out: &mut Successors<G::NodeId, C>) {
        // A start that is not a node of the graph has no edges; some graph types would panic
        // when asked for them.
        if self.graph.to_index(*node) >= self.graph.node_bound() {
            return;
        }
        for edge in self.graph.edges(*node) {
            out.push(edge.target(), (self.edge_cost)(edge));
        }
    }

    fn index_bound(&self) -> Option<usize> {
        let starts = self
            .starts
            .iter()
            .map(|&start| self.graph.to_index(start) + 1);
        Some(starts.fold(self.graph.node_bound(), usize::max))
    }

    fn index(&self, node: &G::NodeId) -> usize {
        self.graph.to_index(*node)
    }
}

impl<G: NodeIndexable, FG, FC> fmt::Debug for PetgraphProblem<G, FG, FC>
where
    G::NodeId: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PetgraphProblem")
            .field("starts", &self.starts)
            .field("node_bound", &self.graph.node_bound())
            .finish_non_exhaustive()
    }
}
