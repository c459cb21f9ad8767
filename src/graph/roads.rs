//! Road networks in the DIMACS-style `.cnode` / `.cedge` format: one node (`id x y`) or one
//! edge (`id from to length`) a line.

use std::path::Path;

use super::error::read_text;
use super::{Builder, Direction, Graph, GraphError, GraphErrorKind, MAX_NODES, Node};
use crate::location::{excerpt, numbered_lines};

impl Graph {
    /// Parses a road network from the texts of its `.cnode` file (`id x y` a line, ids 0, 1,
    /// 2, … in order) and its `.cedge` file (`id from to length` a line; the edge ids are not
    /// used). Edges are undirected. Lines may end in `\n`, `\r\n` or `\r`; blank lines are
    /// skipped.
    ///
    /// Takes memory in proportion to the texts.
    ///
    /// # Errors
    ///
    /// A [`GraphError`] with the line number: [`GraphErrorKind::BadLine`] for a line without
    /// the fields expected (or a node out of order), [`GraphErrorKind::BadCoordinates`] for an
    /// infinite or NaN coordinate, [`GraphErrorKind::UnknownNode`] for an edge to a node not in
    /// the node text, [`GraphErrorKind::BadLength`] for a negative, infinite or NaN length;
    /// [`GraphErrorKind::TooManyNodes`], [`GraphErrorKind::TooManyEdges`] and
    /// [`GraphErrorKind::TooLarge`] for networks too large.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::graph::Graph;
    ///
    /// let nodes = "0 0.0 0.0\n1 3.0 0.0\n2 3.0 4.0\n";
    /// let edges = "0 0 1 3.0\n1 1 2 4.0\n2 0 2 5.5\n";
    /// let graph = Graph::parse_road_network(nodes, edges)?;
    /// assert_eq!((graph.node_count(), graph.edge_count()), (3, 6));
    /// assert_eq!(informed::astar_with(&graph.problem(0, 2)?, graph.straight_line(2))?.cost(), 5.5);
    ///
    /// let error = Graph::parse_road_network(nodes, "0 0 1 3.0\n1 1 2 inf\n").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "line 2: edge 1 has length inf: lengths must be finite and at least 0"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_road_network(nodes: &str, edges: &str) -> Result<Graph, GraphError> {
        let coordinates = parse_nodes(nodes)?;
        parse_edges(edges, coordinates)
    }

    /// Reads a road network: a `.cnode` file and a `.cedge` file, as
    /// [`Graph::parse_road_network`] parses them.
    ///
    /// # Errors
    ///
    /// As for [`Graph::parse_road_network`], with the file's path, or [`GraphErrorKind::Io`] if
    /// a file cannot be read.
    pub fn load_road_network(
        nodes: impl AsRef<Path>,
        edges: impl AsRef<Path>,
    ) -> Result<Graph, GraphError> {
        let (nodes, edges) = (nodes.as_ref(), edges.as_ref());
        let coordinates = parse_nodes(&read_text(nodes)?).map_err(|e| e.in_file(nodes))?;
        parse_edges(&read_text(edges)?, coordinates).map_err(|e| e.in_file(edges))
    }
}

fn bad_line(line: usize, expected: &'static str, text: &str) -> GraphError {
    GraphError::new(GraphErrorKind::BadLine {
        expected,
        found: excerpt(text),
    })
    .at_line(line)
}

/// The non-blank lines of `text`, numbered, each split into exactly `N` fields (or `None`).
fn records<const N: usize>(text: &str) -> impl Iterator<Item = (usize, &str, Option<[&str; N]>)> {
    numbered_lines(text)
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            let mut fields = [""; N];
            let mut found = 0;
            for field in line.split_whitespace() {
                if let Some(slot) = fields.get_mut(found) {
                    *slot = field;
                }
                found += 1;
            }
            (number, line, (found == N).then_some(fields))
        })
}

/// The coordinates of the nodes of a `.cnode` text.
fn parse_nodes(text: &str) -> Result<Vec<(f64, f64)>, GraphError> {
    const EXPECTED: &str = "`id x y` with ids in order";
    let mut coordinates = Vec::new();
    for (number, line, fields) in records::<3>(text) {
        let node = coordinates.len();
        let parsed = fields.and_then(|[id, x, y]| {
            id.parse::<usize>()
                .ok()
                .filter(|&id| id == node)
                .and(x.parse::<f64>().ok().zip(y.parse::<f64>().ok()))
        });
        let (x, y) = parsed.ok_or_else(|| bad_line(number, EXPECTED, line))?;
        if node == MAX_NODES {
            return Err(
                GraphError::new(GraphErrorKind::TooManyNodes { nodes: node + 1 }).at_line(number),
            );
        }
        if !(x.is_finite() && y.is_finite()) {
            return Err(super::bad_coordinates(node as Node, (x, y)).at_line(number));
        }
        coordinates.push((x, y));
    }
    Ok(coordinates)
}

/// The graph of a `.cedge` text on nodes with these coordinates.
fn parse_edges(text: &str, coordinates: Vec<(f64, f64)>) -> Result<Graph, GraphError> {
    let mut builder = Builder::new(coordinates.len(), Direction::BothWays)?;
    for (number, line, fields) in records::<4>(text) {
        let parsed = fields.and_then(|[_, from, to, length]| {
            match (
                from.parse::<Node>(),
                to.parse::<Node>(),
                length.parse::<f64>(),
            ) {
                (Ok(from), Ok(to), Ok(length)) => Some((from, to, length)),
                _ => None,
            }
        });
        let (from, to, length) =
            parsed.ok_or_else(|| bad_line(number, "`id from to length`", line))?;
        builder
            .add(from, to, length)
            .map_err(|e| e.at_line(number))?;
    }
    let mut graph = builder.finish()?;
    // Checked by `parse_nodes`: one finite pair per node.
    graph.coordinates = coordinates;
    Ok(graph)
}
