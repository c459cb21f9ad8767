//! Searching petgraph's graph types (`--features petgraph`): every graph type gives the costs
//! that petgraph's own Dijkstra and A* give, on random graphs.

#![cfg(feature = "petgraph")]

mod common;

use common::{Graph, config, graph};
use petgraph::csr::Csr;
use petgraph::graph::{DiGraph, NodeIndex, UnGraph};
use petgraph::stable_graph::StableDiGraph;
use proptest::prelude::*;

fn digraph(graph: &Graph<u32>) -> DiGraph<(), u32> {
    let mut g = DiGraph::new();
    for _ in 0..graph.len() {
        g.add_node(());
    }
    for (from, edges) in graph.adjacency.iter().enumerate() {
        for &(to, cost) in edges {
            g.add_edge(NodeIndex::new(from), NodeIndex::new(to), cost);
        }
    }
    g
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn costs_agree_with_petgraph_on_every_graph_type(graph in graph(20, 0..8u32), target in 0usize..20) {
        let target = target % graph.len();
        let start = graph.starts[0];
        let g = digraph(&graph);
        let (s, t) = (NodeIndex::new(start), NodeIndex::new(target));
        let expected = petgraph::algo::dijkstra(&g, s, Some(t), |e| *e.weight()).get(&t).copied();

        let problem = informed::petgraph::problem(&g, s, |n| n == t, |e| *e.weight());
        prop_assert_eq!(informed::dijkstra(&problem).ok().map(|s| s.cost()), expected);
        let astar = informed::astar(&problem, |_| 0).ok();
        prop_assert_eq!(astar.as_ref().map(|s| s.cost()), expected);
        let theirs = petgraph::algo::astar(&g, s, |n| n == t, |e| *e.weight(), |_| 0);
        prop_assert_eq!(theirs.map(|(cost, _)| cost), expected);
        if let Some(solution) = astar {
            // The path is made of the graph's edges and costs what it says.
            let mut cost = 0;
            for pair in solution.path().windows(2) {
                cost += g.edges_connecting(pair[0], pair[1]).map(|e| *e.weight()).min().unwrap();
            }
            prop_assert_eq!(cost, solution.cost());
        }

        // A StableGraph with a node removed and re-added keeps the same answers.
        let mut stable = StableDiGraph::<(), u32>::from(g.clone());
        let spare = stable.add_node(());
        stable.remove_node(spare);
        let problem = informed::petgraph::problem(&stable, s, |n| n == t, |e| *e.weight());
        prop_assert_eq!(informed::dijkstra(&problem).ok().map(|s| s.cost()), expected);

        // The compressed sparse rows of the same edges.
        let mut edges: Vec<(u32, u32, u32)> = graph.adjacency.iter().enumerate()
            .flat_map(|(from, es)| es.iter().map(move |&(to, c)| (from as u32, to as u32, c)))
            .collect();
        edges.sort();
        let csr = Csr::<(), u32>::from_sorted_edges(&edges).unwrap();
        if csr.node_count() > start.max(target) {
            let problem = informed::petgraph::problem(&csr, start as u32, |n| n == target as u32, |e| *e.weight());
            prop_assert_eq!(informed::dijkstra(&problem).ok().map(|s| s.cost()), expected);
        }
    }

    #[test]
    fn undirected_edges_are_steps_both_ways(graph in graph(16, 1..6u32), target in 0usize..16) {
        let target = target % graph.len();
        let mut g = UnGraph::<(), u32>::default();
        for _ in 0..graph.len() {
            g.add_node(());
        }
        for (from, edges) in graph.adjacency.iter().enumerate() {
            for &(to, cost) in edges {
                g.add_edge(NodeIndex::new(from), NodeIndex::new(to), cost);
            }
        }
        let (s, t) = (NodeIndex::new(graph.starts[0]), NodeIndex::new(target));
        let expected = petgraph::algo::dijkstra(&g, s, Some(t), |e| *e.weight()).get(&t).copied();
        let problem = informed::petgraph::problem(&g, s, |n| n == t, |e| *e.weight());
        prop_assert_eq!(informed::bfs(&problem).is_ok(), expected.is_some());
        prop_assert_eq!(informed::dijkstra(&problem).ok().map(|s| s.cost()), expected);
    }
}

#[test]
fn a_start_outside_the_graph_has_no_edges() {
    let csr = Csr::<(), u32>::from_sorted_edges(&[(0, 1, 1), (1, 2, 1)]).unwrap();
    let problem = informed::petgraph::problem(&csr, 7, |n| n == 2, |e| *e.weight());
    assert!(matches!(
        informed::dijkstra(&problem),
        Err(informed::SearchError::NoPath { .. })
    ));
    let problem = problem.with_starts([9, 0]);
    assert_eq!(informed::dijkstra(&problem).unwrap().path(), [0, 1, 2]);
}

#[test]
fn a_negative_edge_is_an_error() {
    let g = DiGraph::<(), i32>::from_edges([(0u32, 1, 2), (1, 2, -1)]);
    let problem = informed::petgraph::problem(&g, 0.into(), |n| n.index() == 2, |e| *e.weight());
    assert!(matches!(
        informed::dijkstra(&problem),
        Err(informed::SearchError::NegativeCost { .. })
    ));
}

/// `NodeIndex::end()` is the largest index of its type: numbering the dense node table by it
/// wrapped `usize` (for `usize` indices) or asked for 2^32 slots (for `u32`); it is no node, so
/// it has no edges, and is found only as a goal.
#[test]
fn a_start_of_node_index_end_is_outside_the_graph() {
    let small = DiGraph::<(), u32>::from_edges([(0u32, 1, 1), (1, 2, 1)]);
    let end = NodeIndex::end();
    let problem = informed::petgraph::problem(&small, end, |n| n.index() == 2, |e| *e.weight());
    assert!(matches!(
        informed::dijkstra(&problem),
        Err(informed::SearchError::NoPath { .. })
    ));
    let problem = problem.with_starts([end, 0.into()]);
    assert_eq!(informed::dijkstra(&problem).unwrap().cost(), 2);
    let found = informed::petgraph::problem(&small, end, |n| n == end, |e| *e.weight());
    assert_eq!(informed::bfs(&found).unwrap().path(), [end]);

    let mut wide = petgraph::Graph::<(), u32, petgraph::Directed, usize>::default();
    let a = wide.add_node(());
    let b = wide.add_node(());
    wide.add_edge(a, b, 5);
    let end = NodeIndex::<usize>::end();
    let problem = informed::petgraph::problem(&wide, end, |n| n == b, |e| *e.weight());
    assert!(matches!(
        informed::astar(&problem, |_| 0),
        Err(informed::SearchError::NoPath { .. })
    ));
    let problem = problem.with_starts([end, a, end]);
    assert_eq!(informed::dijkstra(&problem).unwrap().path(), [a, b]);
    let found = informed::petgraph::problem(&wide, end, |n| n == end, |e| *e.weight());
    assert_eq!(informed::dijkstra(&found).unwrap().path(), [end]);
}

/// A graph keyed by node names, numbered as `GraphMap` numbers its nodes: `to_index` panics
/// ("node not found") for a key it does not hold, as `GraphMap`'s does. (`GraphMap` itself is
/// behind petgraph's `graphmap` feature, which this crate does not turn on.)
struct Keyed {
    keys: Vec<u32>,
    edges: Vec<(u32, u32, u32)>,
}

impl petgraph::visit::GraphBase for Keyed {
    type NodeId = u32;
    type EdgeId = (u32, u32);
}

impl petgraph::visit::Data for Keyed {
    type NodeWeight = ();
    type EdgeWeight = u32;
}

impl petgraph::visit::NodeIndexable for Keyed {
    fn node_bound(&self) -> usize {
        self.keys.len()
    }

    fn to_index(&self, key: u32) -> usize {
        self.keys
            .iter()
            .position(|&k| k == key)
            .expect("node not found")
    }

    fn from_index(&self, number: usize) -> u32 {
        self.keys[number]
    }
}

impl petgraph::visit::IntoNeighbors for &Keyed {
    type Neighbors = std::vec::IntoIter<u32>;

    fn neighbors(self, key: u32) -> Self::Neighbors {
        let targets: Vec<u32> = self
            .edges
            .iter()
            .filter(|e| e.0 == key)
            .map(|e| e.1)
            .collect();
        targets.into_iter()
    }
}

impl<'a> petgraph::visit::IntoEdgeReferences for &'a Keyed {
    type EdgeRef = (u32, u32, &'a u32);
    type EdgeReferences = std::vec::IntoIter<(u32, u32, &'a u32)>;

    fn edge_references(self) -> Self::EdgeReferences {
        let all: Vec<_> = self.edges.iter().map(|(a, b, w)| (*a, *b, w)).collect();
        all.into_iter()
    }
}

impl<'a> petgraph::visit::IntoEdges for &'a Keyed {
    type Edges = std::vec::IntoIter<(u32, u32, &'a u32)>;

    fn edges(self, key: u32) -> Self::Edges {
        // As `GraphMap::edges`: none for a key the map does not hold.
        let from: Vec<_> = self
            .edges
            .iter()
            .filter(|e| e.0 == key)
            .map(|(a, b, w)| (*a, *b, w))
            .collect();
        from.into_iter()
    }
}

/// A start that a map-like graph does not hold (`GraphMap` panicked inside petgraph, "node not
/// found") has no edges, like any start outside its graph.
#[test]
fn a_start_that_a_keyed_graph_does_not_hold_has_no_edges() {
    use petgraph::visit::EdgeRef;

    let map = Keyed {
        keys: vec![10, 20, 30],
        edges: vec![(10, 20, 1), (20, 30, 2)],
    };
    let problem = informed::petgraph::problem(&map, 99, |n| n == 30, |e| *e.weight());
    assert!(matches!(
        informed::dijkstra(&problem),
        Err(informed::SearchError::NoPath { .. })
    ));
    let problem = problem.with_starts([99, 10]);
    assert_eq!(informed::dijkstra(&problem).unwrap().path(), [10, 20, 30]);
    assert_eq!(informed::bfs(&problem).unwrap().cost(), 3);
    let found = informed::petgraph::problem(&map, 99, |n| n == 99, |e| *e.weight());
    assert_eq!(informed::dijkstra(&found).unwrap().path(), [99]);

    // Many starts, all but one strangers (the starts are then looked up by hashing).
    let line = Keyed {
        keys: (0..=50).rev().collect(),
        edges: (0..50).map(|k| (k, k + 1, 1)).collect(),
    };
    let starts: Vec<u32> = (1000..1100).chain([40]).collect();
    let problem =
        informed::petgraph::problem(&line, 0, |n| n == 50, |e| *e.weight()).with_starts(starts);
    let solution = informed::astar(&problem, |_| 0).unwrap();
    assert_eq!((solution.cost(), *solution.start()), (10, 40));
}
