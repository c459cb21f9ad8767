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

use std::collections::HashSet;
use std::fmt;
use std::hash::Hash;

use ::petgraph::visit::{EdgeRef, IntoEdges, NodeIndexable};
use indexmap::IndexSet;

use crate::cost::Cost;
use crate::problem::SearchProblem;

/// A `petgraph` graph as a [`SearchProblem`]: built by [`problem`]; see there.
#[derive(Clone)]
pub struct PetgraphProblem<G: NodeIndexable, FG, FC> {
    graph: G,
    starts: Vec<G::NodeId>,
    /// The starts that are not nodes of the graph, each once: numbered after the graph's nodes
    /// (`node_bound + k` for the k-th), and without edges. Empty for almost every problem, so
    /// that the lookups in `index` and `successors` cost one test.
    outside: IndexSet<G::NodeId>,
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
/// hashed. A start that is not a node of the graph (an index past the last node, such as
/// `NodeIndex::end()`, or a key a `GraphMap` does not hold) has no edges: it is found only if it
/// is a goal, and it never panics. [`PetgraphProblem::with_starts`] gives a search several start
/// nodes.
///
/// # Complexity
///
/// To learn which starts are nodes without asking the graph about a node it may not have
/// (`GraphMap::to_index` panics there), the nodes are numbered from 0 up until every start has
/// been met: **O(i)** time for a start that is node number i, **O(V)** (V the graph's
/// `node_bound`) when a start is not a node. O(number of starts) extra space.
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
    let starts = vec![start];
    PetgraphProblem {
        outside: outside(&graph, &starts),
        graph,
        starts,
        is_goal,
        edge_cost,
    }
}

/// How many distinct starts [`outside`] compares with each node directly; beyond that it hashes.
const FEW_STARTS: usize = 8;

/// The starts that are not nodes of `graph`, each once, in the order given.
///
/// Found by numbering the nodes from 0 up (`from_index` is defined for every number below
/// `node_bound`) until every start has been met; `to_index` is never asked about a start, since
/// some graphs (`GraphMap`) panic when asked about a node they do not have.
fn outside<G>(graph: &G, starts: &[G::NodeId]) -> IndexSet<G::NodeId>
where
    G: NodeIndexable,
    G::NodeId: Eq + Hash,
{
    let mut missing: IndexSet<G::NodeId> = starts.iter().copied().collect();
    let bound = graph.node_bound();
    let nodes = (0..bound).map(|number| graph.from_index(number));
    if missing.len() <= FEW_STARTS {
        // A comparison or two a node: no hashing in the loop for the usual single start.
        let mut pending: Vec<G::NodeId> = missing.iter().copied().collect();
        for node in nodes {
            if pending.is_empty() {
                break;
            }
            if let Some(k) = pending.iter().position(|&start| start == node) {
                pending.swap_remove(k);
            }
        }
        missing.retain(|start| pending.contains(start));
    } else {
        let mut pending: HashSet<G::NodeId> = missing.iter().copied().collect();
        for node in nodes {
            if pending.is_empty() {
                break;
            }
            pending.remove(&node);
        }
        missing.retain(|start| pending.contains(start));
    }
    missing
}

impl<G: NodeIndexable, FG, FC> PetgraphProblem<G, FG, FC> {
    /// Replaces the start node with several start nodes (a multi-source search). Starts that
    /// are not nodes of the graph have no edges, as in [`problem`] (whose
    /// [complexity](problem#complexity) this shares).
    pub fn with_starts<I: IntoIterator<Item = G::NodeId>>(mut self, starts: I) -> Self
    where
        G::NodeId: Eq + Hash,
    {
        self.starts = starts.into_iter().collect();
        self.outside = outside(&self.graph, &self.starts);
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

    fn successors(&self, node: &G::NodeId) -> impl IntoIterator<Item = (G::NodeId, C)> {
        // A start that is not a node of the graph has no edges; some graph types would panic
        // when asked for them (`Csr` past its last node). Every other state is a node: a start
        // that is one, or the target of an edge.
        let inside = self.outside.is_empty() || !self.outside.contains(node);
        inside
            .then(|| self.graph.edges(*node))
            .into_iter()
            .flatten()
            .map(|edge| (edge.target(), (self.edge_cost)(edge)))
    }

    fn index_bound(&self) -> Option<usize> {
        // The starts outside the graph are numbered after its nodes, never by their own index
        // (`NodeIndex::end()` would ask for a table of 2^32 slots, or wrap past `usize::MAX`).
        self.graph.node_bound().checked_add(self.outside.len())
    }

    fn index(&self, node: &G::NodeId) -> usize {
        if !self.outside.is_empty() {
            if let Some(k) = self.outside.get_index_of(node) {
                return self.graph.node_bound() + k;
            }
        }
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
            .field("outside", &self.outside)
            .field("node_bound", &self.graph.node_bound())
            .finish_non_exhaustive()
    }
}
