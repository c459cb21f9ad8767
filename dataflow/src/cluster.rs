//! Where a computation runs: worker threads in this process, and the other processes.

use std::fmt;
use std::time::Duration;

use crate::error::DataflowError;

/// The connect timeout a cluster has unless told otherwise: long enough to start the
/// processes of a run by hand on several machines.
const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(300);

/// The workers of a run: `threads` worker threads in each of one or more processes, the
/// processes on one host or on many, connected over TCP.
///
/// Every process of a run is started with the same threads and the same list of addresses
/// (one `host:port` a process, in the order of their indices), and its own index. The
/// workers are numbered across the run, process 0's first: worker `w` is thread
/// `w % threads` of process `w / threads`.
///
/// The processes connect to each other before a run, each to those of lower index, and
/// check a handshake of this crate's on every connection (the same build, the same number
/// of processes and of threads, each process the index its address says). A connection
/// that does not speak it (a port scanner, a stray client) is dropped, and the wait goes
/// on; a process that speaks it but disagrees ends the run with
/// [`DataflowError::Network`], naming it. A run whose processes have not all connected
/// within the [connect timeout](Self::with_connect_timeout) ends with the same error,
/// naming the processes missing and the connections refused.
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
    connect_timeout: Duration,
}

impl fmt::Debug for Cluster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cluster")
            .field("threads", &self.threads)
            .field("process", &self.process)
            .field("addresses", &self.addresses)
            .field("connect_timeout", &self.connect_timeout)
            .finish()
    }
}

impl Cluster {
    /// The most processes a run may have: each process keeps a connection, and two of
    /// timely's network threads, for every other one, and 1,024 is the usual limit of the
    /// files (sockets) a process may hold open.
    pub const MAX_PROCESSES: usize = 1024;

    /// The most worker threads a process may have on this machine: 4 a core
    /// ([`std::thread::available_parallelism`]), and never fewer than 64.
    ///
    /// Timely connects every pair of a process's threads by channels, so a process's memory
    /// grows with the square of its threads: `informed-enumerate` measured 35 MB at 64
    /// threads, 383 MB at 256 and 5.2 GB at 1,024, where 100,000 threads ask for more than
    /// any machine has and abort the process. Four threads a core already gives a CPU-bound
    /// search nothing more; the floor keeps small machines able to run tests of a few
    /// threads.
    pub fn max_threads() -> usize {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        cores.saturating_mul(4).max(64)
    }

    /// `threads` worker threads in this process, and no other process.
    ///
    /// # Errors
    ///
    /// [`DataflowError::BadCluster`] for 0 threads, or more than
    /// [`max_threads`](Self::max_threads).
    pub fn threads(threads: usize) -> Result<Self, DataflowError> {
        Cluster::processes(threads, 0, Vec::new())
    }

    /// `threads` worker threads in each process at `addresses` (`host:port`, one a
    /// process), of which this one is number `process`. One address, or none, is a run of
    /// this process alone.
    ///
    /// # Errors
    ///
    /// [`DataflowError::BadCluster`] for 0 threads or more than
    /// [`max_threads`](Self::max_threads), more than [`MAX_PROCESSES`](Self::MAX_PROCESSES)
    /// addresses, an address that is not `host:port` (with a port from 1 to 65535), the
    /// same address twice, or a `process` that is not an index of `addresses`.
    pub fn processes(
        threads: usize,
        process: usize,
        addresses: Vec<String>,
    ) -> Result<Self, DataflowError> {
        if threads == 0 {
            return Err(bad("a process needs at least one worker thread".into()));
        }
        let most = Cluster::max_threads();
        if threads > most {
            return Err(bad(format!(
                "{threads} worker threads are more than this machine can run: at most {most} \
                 (4 a core, at least 64)"
            )));
        }
        if addresses.len() > Cluster::MAX_PROCESSES {
            return Err(bad(format!(
                "{} processes are more than a run may have: at most {}",
                addresses.len(),
                Cluster::MAX_PROCESSES
            )));
        }
        for (index, address) in addresses.iter().enumerate() {
            check_address(address).map_err(|reason| bad(format!("process {index}: {reason}")))?;
            if let Some(first) = addresses[..index].iter().position(|a| a == address) {
                return Err(bad(format!(
                    "processes {first} and {index} have the same address {address}"
                )));
            }
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
            connect_timeout: DEFAULT_CONNECT_TIMEOUT,
        })
    }

    /// This cluster, with its processes waiting at most `timeout` for each other to connect
    /// (5 minutes unless told otherwise). The wait ends early on an error; past it, a run
    /// ends with [`DataflowError::Network`], naming the processes that did not connect.
    pub fn with_connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// How long the processes wait for each other to connect.
    pub fn connect_timeout(&self) -> Duration {
        self.connect_timeout
    }

    /// The cluster that timely's flags describe, and the arguments that are not timely's,
    /// in their order: `-w`/`--threads N` worker threads a process (1),
    /// `-n`/`--processes N` processes (1), `-p`/`--process I` this one's index (0),
    /// `-h`/`--hostfile FILE` a file whose first N lines are the processes' `host:port`
    /// (without it, `localhost:2101`, `localhost:2102`, …, as timely's default). Values may
    /// follow the flag, be joined to it (`-w4`) or follow `=` (`--threads=4`). Blank lines
    /// of the host file are skipped; every other line must be an address, even past the
    /// first N.
    ///
    /// # Errors
    ///
    /// [`DataflowError::BadCluster`] for a flag without a value, a value that is not a
    /// number, more than [`MAX_PROCESSES`](Self::MAX_PROCESSES) processes, a host file that
    /// cannot be read, is longer than a mebibyte, has a line that is not `host:port` (the error gives its number and
    /// text) or has fewer than N lines, or a bad cluster (as for
    /// [`processes`](Self::processes)).
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
        if processes > Cluster::MAX_PROCESSES {
            return Err(bad(format!(
                "{processes} processes are more than a run may have: at most {}",
                Cluster::MAX_PROCESSES
            )));
        }
        let addresses = if processes == 1 {
            Vec::new()
        } else if let Some(file) = hostfile {
            let text = read_hostfile(&file)?;
            let mut lines = Vec::new();
            for (number, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                check_address(line).map_err(|reason| {
                    bad(format!(
                        "the host file {file}, line {}: {reason}",
                        number + 1
                    ))
                })?;
                lines.push(line.to_owned());
            }
            lines.truncate(processes);
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

    /// The configuration timely runs this cluster with, if it is of one process: the
    /// connections of several are made by `engine::connect`.
    pub(crate) fn config(&self) -> timely::Config {
        let communication = if self.threads > 1 {
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

/// The most bytes a host file may have: a line for each of [`Cluster::MAX_PROCESSES`]
/// processes, with room to spare. Reading stops there, so that `-h /dev/zero` is refused
/// rather than read until memory runs out.
const MAX_HOSTFILE_BYTES: u64 = 1 << 20;

/// The text of the host file `file`, which must be at most [`MAX_HOSTFILE_BYTES`] long.
fn read_hostfile(file: &str) -> Result<String, DataflowError> {
    use std::io::Read;

    let cannot = |error: std::io::Error| bad(format!("cannot read the host file {file}: {error}"));
    let mut text = String::new();
    std::fs::File::open(file)
        .and_then(|opened| {
            opened
                .take(MAX_HOSTFILE_BYTES + 1)
                .read_to_string(&mut text)
        })
        .map_err(cannot)?;
    if text.len() as u64 > MAX_HOSTFILE_BYTES {
        return Err(bad(format!(
            "the host file {file} is longer than {MAX_HOSTFILE_BYTES} bytes: it should be a \
             line host:port for each process"
        )));
    }
    Ok(text)
}

/// Whether `address` is `host:port`, with a port a process can be reached at; `Err` says
/// why not. The host is not looked up here: that waits for the connection.
fn check_address(address: &str) -> Result<(), String> {
    let not = || format!("{address:?} is not an address host:port");
    let (host, port) = address.rsplit_once(':').ok_or_else(not)?;
    let bracketed = host.starts_with('[') && host.ends_with(']') && host.len() > 2;
    if host.is_empty()
        || host.chars().any(char::is_whitespace)
        || (host.contains(':') && !bracketed)
    {
        return Err(not());
    }
    match port.parse::<u16>() {
        Ok(0) | Err(_) => Err(format!(
            "{address:?} has the port {port:?}, and a port is a number from 1 to 65535"
        )),
        Ok(_) => Ok(()),
    }
}

fn bad(reason: String) -> DataflowError {
    DataflowError::BadCluster { reason }
}
