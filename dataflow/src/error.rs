//! The error of every call of the crate.

use std::fmt;

use informed::pdb::PdbError;

/// Why a distributed computation did not give a result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DataflowError {
    /// The cluster's description is unusable: a bad flag or value, an unreadable host file,
    /// a process index out of range.
    BadCluster {
        /// What is wrong.
        reason: String,
    },
    /// The options of a run do not fit its problem: a [`VisitedSet::Ranked`] set asked for a
    /// problem without a numbering, or with a path.
    ///
    /// [`VisitedSet::Ranked`]: crate::VisitedSet::Ranked
    BadOptions {
        /// What is wrong.
        reason: String,
    },
    /// The processes could not be connected: a port that cannot be listened at, a process
    /// that did not connect within the connect timeout (the message names it, and any
    /// connections refused for not speaking the handshake), or a process whose handshake
    /// disagrees with this one's (another build, number of processes or of threads; the
    /// message names its address and the values).
    Network {
        /// What failed, naming the process or the address.
        reason: String,
    },
    /// A worker failed: a panic in it (in the problem's code, or an allocation the crate
    /// refused to make), or the loss of a connection to another process of the run, which
    /// is what a process that dies looks like to the others. No result is given: the
    /// states the failed worker owned are lost.
    WorkerFailed {
        /// The index of the worker whose failure was recorded first in this process, or
        /// `None` where none was recorded.
        worker: Option<usize>,
        /// Its message.
        message: String,
    },
    /// The abstraction of a pattern-database build is unusable (see [`PdbError`]).
    Pdb(PdbError),
}

impl DataflowError {
    pub(crate) fn worker_failed(worker: usize, message: String) -> Self {
        DataflowError::WorkerFailed {
            worker: (worker != usize::MAX).then_some(worker),
            message,
        }
    }

    /// Whether this is the loss of a connection to another process: what a worker of this
    /// process sees when a process of the run dies.
    pub fn is_lost_connection(&self) -> bool {
        matches!(self, DataflowError::WorkerFailed { message, .. }
            if message.contains("MergeQueue poisoned")
                || message.contains("timely communication error"))
    }
}

impl fmt::Display for DataflowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataflowError::BadCluster { reason } => write!(f, "bad cluster: {reason}"),
            DataflowError::BadOptions { reason } => write!(f, "bad options: {reason}"),
            DataflowError::Network { reason } => {
                write!(f, "could not connect the processes: {reason}")
            }
            DataflowError::WorkerFailed { worker, message } => {
                match worker {
                    Some(worker) => write!(f, "worker {worker} failed")?,
                    None => f.write_str("a worker failed")?,
                }
                if self.is_lost_connection() {
                    write!(
                        f,
                        ": the connection to another process was lost (did it die?): {message}"
                    )
                } else {
                    write!(f, ": {message}")
                }
            }
            DataflowError::Pdb(error) => write!(f, "pattern database: {error}"),
        }
    }
}

impl std::error::Error for DataflowError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataflowError::Pdb(error) => Some(error),
            _ => None,
        }
    }
}

impl From<PdbError> for DataflowError {
    fn from(error: PdbError) -> Self {
        DataflowError::Pdb(error)
    }
}
