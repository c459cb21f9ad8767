//! Explicit graphs and the road networks of `../shared/data/roads`.

mod common;

use informed::Heuristic;
use informed::graph::{Graph, GraphErrorKind};

#[test]
fn edges_keep_their_direction_unless_undirected() {
    let directed = Graph::directed(3, [(0, 1, 1.0), (1, 2, 1.0)]).unwrap();
    assert!(
        informed::dijkstra(&directed.problem(2, 0).unwrap())
            .unwrap_err()
            .is_no_path()
    );
    let undirected = Graph::undirected(3, [(0, 1, 1.0), (1, 2, 1.0)]).unwrap();
    assert_eq!(
        informed::dijkstra(&undirected.problem(2, 0).unwrap())
            .unwrap()
            .cost(),
        2.0
    );
    assert_eq!((undirected.node_count(), undirected.edge_count()), (3, 4));
}

#[test]
fn bad_graphs_are_refused_with_the_value() {
    let error = Graph::directed(2, [(0, 5, 1.0)]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "node 5 does not exist (the graph has 2 nodes)"
    );
    let error = Graph::directed(2, [(0, 1, 1.0), (1, 0, -2.0)]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "edge 1 has length -2: lengths must be finite and at least 0"
    );
    let error = Graph::directed(2, [])
        .unwrap()
        .with_coordinates(vec![(0.0, 0.0)])
        .unwrap_err();
    assert_eq!(error.to_string(), "1 coordinate pairs for 2 nodes");
    assert!(Graph::directed(2, []).unwrap().problem(0, 2).is_err());
}

#[test]
fn straight_line_is_scaled_to_stay_admissible() {
    // The edge 0–1 is shorter (0.9) than the straight line between its ends (1.0).
    let graph = Graph::undirected(3, [(0, 1, 0.9), (1, 2, 1.0)])
        .unwrap()
        .with_coordinates(vec![(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])
        .unwrap();
    assert!((graph.straight_line_factor() - 0.9).abs() < 1e-12);
    let h = graph.straight_line(2);
    assert!((h.estimate(&0) - 1.8).abs() < 1e-12);
    let report = informed::audit_with(&graph.problem(0, 2).unwrap(), h, 100).unwrap();
    assert!(report.is_consistent() && report.is_admissible() == Some(true));
    // Unscaled, it overestimates.
    let raw = informed::graph::StraightLine::with_factor(&graph, 2, 1.0);
    assert_eq!(
        informed::audit_with(&graph.problem(0, 2).unwrap(), raw, 100)
            .unwrap()
            .is_admissible(),
        Some(false)
    );
}

#[test]
fn malformed_network_files_name_file_and_line() {
    let dir = std::env::temp_dir().join(format!("informed-graph-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (nodes, edges) = (dir.join("t.cnode"), dir.join("t.cedge"));
    std::fs::write(&nodes, "0 0.0 0.0\n1 1.0 0.0\n").unwrap();
    let cases = [
        (
            "0 0 1 1.0\n1 1 7 2.0\n",
            "t.cedge:2: node 7 does not exist (the graph has 2 nodes)",
        ),
        (
            "0 0 1\n",
            "t.cedge:1: expected `id from to length`, found \"0 0 1\"",
        ),
        (
            "0 0 1 -1.0\n",
            "t.cedge:1: edge 0 has length -1: lengths must be finite and at least 0",
        ),
    ];
    for (text, message) in cases {
        std::fs::write(&edges, text).unwrap();
        let error = Graph::load_road_network(&nodes, &edges).unwrap_err();
        assert!(error.to_string().ends_with(message), "{error} vs {message}");
        assert_eq!(error.file(), Some(edges.as_path()));
    }
    std::fs::write(&nodes, "0 0.0 0.0\n2 1.0 0.0\n").unwrap();
    let error = Graph::load_road_network(&nodes, &edges).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("t.cnode:2: expected `id x y` with ids in order, found \"2 1.0 0.0\""),
        "{error}"
    );
    let error = Graph::load_road_network(dir.join("missing.cnode"), &edges).unwrap_err();
    assert!(matches!(error.kind(), GraphErrorKind::Io(_)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn road_networks_astar_matches_dijkstra() {
    let Some(data) = common::shared_data("roads") else {
        return;
    };
    for name in ["OL", "TG", "cal"] {
        let roads = data.join("roads");
        let graph = Graph::load_road_network(
            roads.join(format!("{name}.cnode")),
            roads.join(format!("{name}.cedge")),
        )
        .unwrap();
        let factor = graph.straight_line_factor();
        assert!(factor > 0.99 && factor <= 1.0, "{name}: factor {factor}");
        let n = graph.node_count() as u64;
        let mut seed = 42u64;
        let mut next = || ((common::lcg(&mut seed) >> 33) % n) as u32;
        let (mut astar_work, mut dijkstra_work) = (0, 0);
        for _ in 0..10 {
            let (from, to) = (next(), next());
            let problem = graph.problem(from, to).unwrap();
            let dijkstra = informed::dijkstra(&problem);
            let astar = informed::astar_with(
                &problem,
                informed::graph::StraightLine::with_factor(&graph, to, factor),
            );
            match (&dijkstra, &astar) {
                (Ok(d), Ok(a)) => {
                    assert!(
                        (d.cost() - a.cost()).abs() <= 1e-9 * d.cost().max(1.0),
                        "{name} {from}→{to}"
                    );
                    assert_eq!(a.stats().reopened, 0);
                    astar_work += a.stats().expanded;
                    dijkstra_work += d.stats().expanded;
                }
                (Err(d), Err(a)) => assert!(d.is_no_path() && a.is_no_path()),
                _ => panic!("{name} {from}→{to}: {dijkstra:?} vs {astar:?}"),
            }
        }
        assert!(
            astar_work < dijkstra_work,
            "{name}: A* {astar_work} vs Dijkstra {dijkstra_work}"
        );
    }
}

#[test]
fn road_network_straight_line_passes_a_complete_audit() {
    let Some(data) = common::shared_data("roads") else {
        return;
    };
    let roads = data.join("roads");
    let graph = Graph::load_road_network(roads.join("OL.cnode"), roads.join("OL.cedge")).unwrap();
    let problem = graph.problem(0, 3000).unwrap();
    let report = informed::audit_with(&problem, graph.straight_line(3000), 10_000).unwrap();
    assert!(report.is_complete(), "{report}");
    assert!(
        report.is_consistent(),
        "{report}: {:?}",
        &report.violations()[..1]
    );
    assert_eq!(report.is_admissible(), Some(true));
    // Unscaled, rounding makes it inconsistent somewhere.
    let raw = informed::graph::StraightLine::with_factor(&graph, 3000, 1.0);
    assert!(
        !informed::audit_with(&problem, raw, 10_000)
            .unwrap()
            .is_consistent()
    );
}

#[test]
fn road_texts_with_non_finite_numbers_are_refused_at_their_line() {
    let nodes = "0 0.0 0.0\n1 1.0 0.0\n2 1.0 1.0\n";
    let cases = [
        (
            "0 0.0 0.0\n1 NaN 0.0\n",
            "0 0 1 1.0\n",
            "line 2: node 1 has coordinates (NaN, 0): coordinates must be finite",
        ),
        (
            "0 0.0 0.0\n\n1 1.0 -inf\n",
            "0 0 1 1.0\n",
            "line 3: node 1 has coordinates (1, -inf): coordinates must be finite",
        ),
        (
            nodes,
            "0 0 1 1.0\n1 1 2 inf\n",
            "line 2: edge 1 has length inf: lengths must be finite and at least 0",
        ),
        (
            nodes,
            "0 0 1 1.0\r1 1 2 NaN\r",
            "line 2: edge 1 has length NaN: lengths must be finite and at least 0",
        ),
        (
            nodes,
            "0 0 3 1.0\n",
            "line 1: node 3 does not exist (the graph has 3 nodes)",
        ),
    ];
    for (nodes, edges, message) in cases {
        let error = Graph::parse_road_network(nodes, edges).unwrap_err();
        assert_eq!(error.to_string(), message, "{nodes:?} {edges:?}");
        assert_eq!(error.file(), None);
    }
    let graph = Graph::parse_road_network(nodes, "0 0 1 1.0\n1 1 2 1.5\n").unwrap();
    assert_eq!((graph.node_count(), graph.edge_count()), (3, 4));
    assert_eq!(graph.coordinates(2), Some((1.0, 1.0)));
    assert_eq!(graph.edges(1).collect::<Vec<_>>(), [(0, 1.0), (2, 1.5)]);

    // Loaded from files, the same errors name the file as well.
    let dir = std::env::temp_dir().join(format!("informed-roads-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (node_file, edge_file) = (dir.join("r.cnode"), dir.join("r.cedge"));
    std::fs::write(&node_file, "0 0.0 0.0\n1 inf 0.0\n").unwrap();
    std::fs::write(&edge_file, "0 0 1 1.0\n").unwrap();
    let error = Graph::load_road_network(&node_file, &edge_file).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{}:2: node 1 has coordinates (inf, 0): coordinates must be finite",
            node_file.display()
        )
    );
    std::fs::write(&node_file, nodes).unwrap();
    std::fs::write(&edge_file, "0 0 1 1e400\n").unwrap();
    let error = Graph::load_road_network(&node_file, &edge_file).unwrap_err();
    assert_eq!(
        (error.file(), error.line()),
        (Some(edge_file.as_path()), Some(1))
    );
    assert!(matches!(
        error.kind(),
        GraphErrorKind::BadLength { edge: 0, .. }
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn graphs_built_in_code_refuse_non_finite_numbers() {
    let error = Graph::undirected(2, [(0, 1, f64::INFINITY)]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "edge 0 has length inf: lengths must be finite and at least 0"
    );
    assert!(Graph::directed(2, [(0, 1, 1.0), (1, 0, f64::NAN)]).is_err());
    let error = Graph::directed(3, [])
        .unwrap()
        .with_coordinates(vec![(0.0, 0.0), (1.0, 0.0), (f64::NAN, 2.0)])
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "node 2 has coordinates (NaN, 2): coordinates must be finite"
    );
    assert!(matches!(
        error.kind(),
        GraphErrorKind::BadCoordinates { node: 2, .. }
    ));
}

#[test]
fn node_counts_are_bounded_by_node_numbers_not_by_memory() {
    let error = Graph::directed(usize::MAX, []).unwrap_err();
    assert!(matches!(
        error.kind(),
        GraphErrorKind::TooManyNodes { nodes: usize::MAX }
    ));
    assert_eq!(
        error.to_string(),
        format!(
            "{} nodes is too many: nodes are numbered by u32, so at most 2^32",
            usize::MAX
        )
    );
    assert!(Graph::undirected((1 << 32) + 1, []).is_err());
    // Every node number may be used; nodes without edges take no room.
    let graph = Graph::directed(1 << 32, [(0, 1, 2.0)]).unwrap();
    assert_eq!(graph.edges(u32::MAX).count(), 0);
    let graph = Graph::directed(4_000_000_000, [(0, 1, 1.0)]).unwrap();
    assert_eq!(graph.node_count(), 4_000_000_000);
    assert_eq!(graph.edges(3_999_999_999).count(), 0);
    // A search's node table covers the nodes it can reach, not all four billion.
    let problem = graph.problem(0, 3_999_999_999).unwrap();
    assert_eq!(informed::SearchProblem::index_bound(&problem), Some(2));
    assert!(informed::dijkstra(&problem).unwrap_err().is_no_path());
    let far = graph.problem(3_000_000_000, 1).unwrap();
    assert_eq!(
        informed::SearchProblem::index_bound(&far),
        Some(3_000_000_001)
    );
}

#[test]
#[should_panic(expected = "Graph::edges: node 5 does not exist (the graph has 3 nodes)")]
fn edges_of_a_node_not_in_the_graph_panic_with_a_message() {
    let graph = Graph::directed(3, [(0, 1, 1.0)]).unwrap();
    let _ = graph.edges(5);
}
