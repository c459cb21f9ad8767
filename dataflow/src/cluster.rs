//! Where a computation runs: worker threads in this process, and the other processes.

use std::fmt;

use crate::error::DataflowError;

/// The workers of a run: `threads` worker threads in each of one or more processes, the
/// processes on one host or on many, connected over TCP.
///
/// Every process of a run is started with the same threads and the same list of addresses
/// (one `host:port` a process, in the order of their indices), and its own index. The
/// workers are numbered across the run, process 0's first: worker `w` is thread
/// `w % threads` of process `w / threads`.
///
/// # Example
///
/// ```
/// use informed_dataflow::Cluster;
///
/// // Timely's own flags: 2 threads in each of 3 processes; this is process 1.
/// let args = ["-w", "2", "-n", "3", "-p", "1", "--depth", "9"].map(String::from);
/// let (cluster, rest) = Cluster::from_args(args)?;
/// assert_eq!(cluster.workers(), 6);
/// assert_eq!(cluster.addresses()[1], "localhost:2102");
/// assert_eq!(rest, ["--depth", "9"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Cluster {
    threads: usize,
    process: usize,
    /// Empty for a run of one process.
    addresses: Vec<String>,
}

impl fmt::Debug for Cluster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cluster")
            .field("threads", &self.threads)
            .field("process", &self.process)
            .field("addresses", &self.addresses)
            .finish()
    }
}

impl Cluster {
    /// `threads` worker threads in this process, and no other process.
    ///
    /// # Errors
    ///
    /// [`DataflowError::BadCluster`] for 0 threads.
    pub fn threads(threads: usize) -> Result<Self, DataflowError> {
        Cluster::processes(threads, 0, Vec::new())
    }

    /// `threads` worker threads in each process at `addresses` (`host:port`, one a
    /// process), of which this one is number `process`. One address, or none, is a run of
    /// this process alone.
    ///
    /// # Errors
    ///
    /// [`DataflowError::BadCluster`] for 0 threads, or a `process` that is not an index of
    /// `addresses`.
    pub fn processes(
        threads: usize,
        process: usize,
        addresses: Vec<String>,
    ) -> Result<Self, DataflowError> {
        if threads == 0 {
            return Err(bad("a process needs at least one worker thread".into()));
        }
        if process >= addresses.len().max(1) {
            return Err(bad(format!(
                "process {process} is not one of the {} processes (0 to {})",
                addresses.len().max(1),
                addresses.len().max(1) - 1
            )));
        }
        let addresses = if addresses.len() <= 1 {
            Vec::new()
        } else {
            addresses
        };
        Ok(Cluster {
            threads,
            process,
            addresses,
        })
    }

    /// The cluster that timely's flags describe, and the arguments that are not timely's,
    /// in their order: `-w`/`--threads N` worker threads a process (1),
    /// `-n`/`--processes N` processes (1), `-p`/`--process I` this one's index (0),
    /// `-h`/`--hostfile FILE` a file whose first N lines are the processes' `host:port`
    /// (without it, `localhost:2101`, `localhost:2102`, …, as timely's default). Values may
    /// follow the flag, be joined to it (`-w4`) or follow `=` (`--threads=4`).
    ///
    /// # Errors
    ///
    /// [`DataflowError::BadCluster`] for a flag without a value, a value that is not a
    /// number, a host file that cannot be read or has fewer than N lines, or a bad cluster
    /// (as for [`processes`](Self::processes)).
    pub fn from_args<I>(args: I) -> Result<(Self, Vec<String>), DataflowError>
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        let (mut threads, mut processes, mut process) = (1usize, 1usize, 0usize);
        let mut hostfile = None;
        let mut rest = Vec::new();
        let mut args = args.into_iter().map(Into::into);
        while let Some(arg) = args.next() {
            let (flag, joined) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => (flag.to_owned(), Some(value)),
                _ if arg.len() > 2 && !arg.starts_with("--") && arg.starts_with('-') => {
                    (arg[..2].to_owned(), Some(&arg[2..]))
                }
                _ => (arg.clone(), None),
            };
            let name = match flag.as_str() {
                "-w" | "--threads" => "threads",
                "-n" | "--processes" => "processes",
                "-p" | "--process" => "process",
                "-h" | "--hostfile" => "hostfile",
                _ => {
                    rest.push(arg);
                    continue;
                }
            };
            let value = match joined {
                Some(value) => value.to_owned(),
                None => args
                    .next()
                    .ok_or_else(|| bad(format!("{flag} needs a value")))?,
            };
            let number = || {
                value
                    .parse::<usize>()
                    .map_err(|_| bad(format!("{flag} takes a number, not {value:?}")))
            };
            match name {
                "threads" => threads = number()?,
                "processes" => processes = number()?,
                "process" => process = number()?,
                _ => hostfile = Some(value),
            }
        }
        if processes == 0 {
            return Err(bad("a run needs at least one process".into()));
        }
        let addresses = if processes == 1 {
            Vec::new()
        } else if let Some(file) = hostfile {
            let text = std::fs::read_to_string(&file)
                .map_err(|error| bad(format!("cannot read the host file {file}: {error}")))?;
            let lines: Vec<String> = text
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .take(processes)
                .map(str::to_owned)
                .collect();
            if lines.len() < processes {
                return Err(bad(format!(
                    "the host file {file} has {} addresses, and {processes} processes need one each",
                    lines.len()
                )));
            }
            lines
        } else {
            (0..processes)
                .map(|index| format!("localhost:{}", 2101 + index))
                .collect()
        };
        Ok((Cluster::processes(threads, process, addresses)?, rest))
    }

    /// The number of worker threads in each process.
    pub fn threads_per_process(&self) -> usize {
        self.threads
    }

    /// The number of processes.
    pub fn process_count(&self) -> usize {
        self.addresses.len().max(1)
    }

    /// The index of this process.
    pub fn process(&self) -> usize {
        self.process
    }

    /// The processes' addresses, in the order of their indices; empty for one process.
    pub fn addresses(&self) -> &[String] {
        &self.addresses
    }

    /// The number of workers of the run, over all its processes.
    pub fn workers(&self) -> usize {
        self.threads * self.process_count()
    }

    /// The configuration timely runs this cluster with.
    pub(crate) fn config(&self) -> timely::Config {
        let communication = if !self.addresses.is_empty() {
            timely::CommunicationConfig::Cluster {
                threads: self.threads,
                process: self.process,
                addresses: self.addresses.clone(),
                report: false,
                zerocopy: false,
            }
        } else if self.threads > 1 {
            timely::CommunicationConfig::Process(self.threads)
        } else {
            timely::CommunicationConfig::Thread
        };
        timely::Config {
            communication,
            worker: timely::WorkerConfig::default(),
        }
    }
}

fn bad(reason: String) -> DataflowError {
    DataflowError::BadCluster { reason }
}
