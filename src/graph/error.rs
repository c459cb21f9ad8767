//! Errors from building a graph and from reading road-network files.

use std::fmt;
use std::path::Path;

use super::Node;
use crate::location::Located;

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
        /// The line (its first 80 characters, if longer).
        found: String,
    },
    /// A node number outside the graph.
    UnknownNode {
        /// The node.
        node: Node,
        /// The number of nodes.
        nodes: usize,
    },
    /// A negative, infinite or NaN edge length.
    BadLength {
        /// The edge's position in the input (from 0).
        edge: usize,
        /// Its length.
        length: f64,
    },
    /// An infinite or NaN coordinate.
    BadCoordinates {
        /// The node.
        node: Node,
        /// Its coordinates.
        coordinates: (f64, f64),
    },
    /// Not one coordinate pair per node.
    CoordinateCount {
        /// The number of nodes.
        nodes: usize,
        /// The pairs given.
        found: usize,
    },
    /// More nodes than node numbers ([`Node`] is `u32`: at most 2³² nodes).
    TooManyNodes {
        /// The number of nodes asked for.
        nodes: usize,
    },
    /// More directed edges than the graph's adjacency arrays can index (2³² − 1; an undirected
    /// edge counts twice).
    TooManyEdges {
        /// The number of directed edges given, at least (counting stopped there).
        edges: usize,
    },
    /// A graph whose adjacency arrays do not fit in memory.
    TooLarge {
        /// The nodes the arrays were to index.
        nodes: usize,
        /// The directed edges they were to hold.
        edges: usize,
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
                    "edge {edge} has length {length}: lengths must be finite and at least 0"
                )
            }
            GraphErrorKind::BadCoordinates {
                node,
                coordinates: (x, y),
            } => write!(
                f,
                "node {node} has coordinates ({x}, {y}): coordinates must be finite"
            ),
            GraphErrorKind::CoordinateCount { nodes, found } => {
                write!(f, "{found} coordinate pairs for {nodes} nodes")
            }
            GraphErrorKind::TooManyNodes { nodes } => write!(
                f,
                "{nodes} nodes is too many: nodes are numbered by u32, so at most 2^32"
            ),
            GraphErrorKind::TooManyEdges { edges } => write!(
                f,
                "{edges} directed edges is too many: a graph holds at most 2^32 - 1"
            ),
            GraphErrorKind::TooLarge { nodes, edges } => write!(
                f,
                "a graph of {nodes} nodes and {edges} directed edges does not fit in memory"
            ),
        }
    }
}

/// An error building or reading a graph: what was wrong and, where known, the file and line.
///
/// Its `Display` reads `FILE:LINE: what was wrong`, as compilers print it.
#[derive(Debug)]
pub struct GraphError(Located<GraphErrorKind>);

impl GraphError {
    pub(super) fn new(kind: GraphErrorKind) -> Self {
        GraphError(Located::new(kind))
    }

    pub(super) fn at_line(self, line: usize) -> Self {
        GraphError(self.0.at_line(line))
    }

    pub(super) fn in_file(self, file: &Path) -> Self {
        GraphError(self.0.in_file(file))
    }

    /// What was wrong.
    pub fn kind(&self) -> &GraphErrorKind {
        self.0.kind()
    }

    /// The file, for errors from a file.
    pub fn file(&self) -> Option<&Path> {
        self.0.file()
    }

    /// The line (from 1), for errors in a text.
    pub fn line(&self) -> Option<usize> {
        self.0.line()
    }
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for GraphError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self.kind() {
            GraphErrorKind::Io(error) => Some(error),
            _ => None,
        }
    }
}

/// Reads the text file at `path`, or says why it cannot.
pub(super) fn read_text(path: &Path) -> Result<String, GraphError> {
    crate::location::read_text(path, GraphErrorKind::Io).map_err(GraphError)
}
