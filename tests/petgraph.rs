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
