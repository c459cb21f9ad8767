//! Road networks in the DIMACS-style `.cnode` / `.cedge` format.

use std::path::Path;

use super::error::read_text;
use super::{Graph, GraphError, GraphErrorKind, Node, check_edge};
use crate::location::{excerpt, numbered_lines};

impl Graph {
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
        let coordinates = parse_nodes(&read_text(nodes)?).map_err(|e| e.in_file(nodes))?;
        let list =
            parse_edges(&read_text(edges)?, coordinates.len()).map_err(|e| e.in_file(edges))?;
        Graph::undirected(coordinates.len(), list)
            .and_then(|graph| graph.with_coordinates(coordinates))
            .map_err(|e| e.in_file(edges))
    }
}

fn bad_line(line: usize, expected: &'static str, text: &str) -> GraphError {
    GraphError::new(GraphErrorKind::BadLine {
        expected,
        found: excerpt(text),
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
