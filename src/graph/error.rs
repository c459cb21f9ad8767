//! Errors from building a graph and from reading road-network files.

use std::fmt;
use std::path::{Path, PathBuf};

use super::Node;

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
    pub(super) fn new(kind: GraphErrorKind) -> Self {
        GraphError {
            file: None,
            line: None,
            kind,
        }
    }

    pub(super) fn at_line(mut self, line: usize) -> Self {
        self.line.get_or_insert(line);
        self
    }

    pub(super) fn in_file(mut self, file: &Path) -> Self {
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
