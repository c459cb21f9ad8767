//! The connections between the processes of a run, made and checked here before timely is
//! given them.
//!
//! Timely's own set-up reads a bare worker index from every socket it accepts and panics on
//! anything else, so any program that reaches a process's port could kill the run. Here each
//! process listens at its own address and connects to every process of a lower index (as
//! timely does); the two ends of each connection then exchange a [`Hello`] and check it,
//! with timeouts, before the sockets go to timely's
//! [`initialize_networking_from_sockets`], which expects exactly this: one connected
//! stream for every other process, in index order, and nothing read from them.
//!
//! A connection that does not open with the handshake's magic (a port scanner, a stray
//! client, a program that closes at once or sends nothing for [`HELLO_TIMEOUT`]) is a
//! stranger: it is dropped and the wait goes on, so that stray traffic cannot end a run. If
//! the run's processes have not all connected by the cluster's connect timeout, the error
//! names the processes missing and the strangers refused. A peer that does speak the
//! handshake but disagrees (another version, another number of processes or threads, an
//! index that is not its own) is a misconfigured run, which waiting cannot mend: the run
//! ends at once, with an error naming the peer and the values.

use std::any::Any;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use timely::communication::Hooks;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};

use crate::cluster::Cluster;
use crate::error::DataflowError;

/// How long an accepted connection has to send its handshake. A process of the run sends
/// it as soon as it connects, so this only bounds how long a silent stranger holds up the
/// connections queued behind it.
pub(crate) const HELLO_TIMEOUT: Duration = Duration::from_secs(5);

/// Opens every handshake; bytes a stray client is unlikely to send.
const MAGIC: [u8; 8] = *b"infdflow";
/// The layout of [`Hello`]; bumped when it changes.
const PROTOCOL: u32 = 1;
const VERSION_BYTES: usize = 16;
const HELLO_BYTES: usize = MAGIC.len() + 4 + VERSION_BYTES + 3 * 8;
/// At most this many strangers are named in an error; the rest are counted.
const STRANGERS_NAMED: usize = 8;

/// What each end of a connection tells the other: who it is and the run it belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Hello {
    protocol: u32,
    /// The package's version, NUL-padded: timely's messages carry this package's types, so
    /// two builds of different versions must not exchange them.
    version: [u8; VERSION_BYTES],
    processes: u64,
    process: u64,
    threads: u64,
}

impl Hello {
    fn of(cluster: &Cluster) -> Self {
        let mut version = [0u8; VERSION_BYTES];
        let ours = env!("CARGO_PKG_VERSION").as_bytes();
        let length = ours.len().min(VERSION_BYTES);
        version[..length].copy_from_slice(&ours[..length]);
        Hello {
            protocol: PROTOCOL,
            version,
            processes: cluster.process_count() as u64,
            process: cluster.process() as u64,
            threads: cluster.threads_per_process() as u64,
        }
    }

    fn to_bytes(self) -> [u8; HELLO_BYTES] {
        let mut bytes = [0u8; HELLO_BYTES];
        let mut at = 0;
        let mut put = |field: &[u8]| {
            bytes[at..at + field.len()].copy_from_slice(field);
            at += field.len();
        };
        put(&MAGIC);
        put(&self.protocol.to_be_bytes());
        put(&self.version);
        put(&self.processes.to_be_bytes());
        put(&self.process.to_be_bytes());
        put(&self.threads.to_be_bytes());
        bytes
    }

    /// The hello in `bytes`, or `None` if they do not open with the magic.
    fn from_bytes(bytes: &[u8; HELLO_BYTES]) -> Option<Self> {
        let (magic, rest) = bytes.split_at(MAGIC.len());
        if magic != MAGIC {
            return None;
        }
        let (protocol, rest) = rest.split_at(4);
        let (version, rest) = rest.split_at(VERSION_BYTES);
        let word =
            |i: usize| u64::from_be_bytes(rest[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        Some(Hello {
            protocol: u32::from_be_bytes(protocol.try_into().expect("4 bytes")),
            version: version.try_into().expect("VERSION_BYTES bytes"),
            processes: word(0),
            process: word(1),
            threads: word(2),
        })
    }

    fn version_text(&self) -> String {
        let end = self
            .version
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(VERSION_BYTES);
        String::from_utf8_lossy(&self.version[..end]).into_owned()
    }

    /// Why a peer that sent `self` cannot be in the run `ours` describes, if it cannot.
    fn disagreement(&self, ours: &Hello) -> Option<String> {
        if self.protocol != ours.protocol || self.version != ours.version {
            return Some(format!(
                "it runs informed-dataflow {} (handshake {}), this process {} (handshake {}): \
                 every process of a run must be the same build",
                self.version_text(),
                self.protocol,
                ours.version_text(),
                ours.protocol
            ));
        }
        if self.processes != ours.processes {
            return Some(format!(
                "it was started for a run of {} processes, this process for {}: every process \
                 must be given the same -n",
                self.processes, ours.processes
            ));
        }
        if self.threads != ours.threads {
            return Some(format!(
                "it has {} worker threads, this process {}: every process must be given the \
                 same -w",
                self.threads, ours.threads
            ));
        }
        None
    }
}

/// Why a connection was not taken.
enum Refusal {
    /// It does not speak the handshake: dropped, and the wait goes on.
    Stranger(String),
    /// A process of a run that this one cannot run with: the run ends.
    Fatal(DataflowError),
}

/// Connects this process to every other process of `cluster` (which has more than one),
/// checks the handshake on every connection, and builds timely's allocators on them: what
/// `timely::execute::execute_from` takes.
pub(crate) fn connect(
    cluster: &Cluster,
) -> Result<(Vec<AllocatorBuilder>, Box<dyn Any + Send>), DataflowError> {
    let me = cluster.process();
    let started = Instant::now();
    // A timeout too large for the clock is as good as none.
    let deadline = started
        .checked_add(cluster.connect_timeout())
        .unwrap_or(started + Duration::from_secs(100 * 365 * 24 * 3600));
    // Bound before connecting, so that no lower process waits on a port not yet open; the
    // last process accepts nobody and needs none.
    let listener = if me + 1 < cluster.process_count() {
        let address = &cluster.addresses()[me];
        let listener = TcpListener::bind(address.as_str()).map_err(|error| {
            network(format!("process {me} cannot listen at {address}: {error}"))
        })?;
        listener.set_nonblocking(true).map_err(|error| {
            network(format!(
                "process {me} cannot poll its port {address}: {error}"
            ))
        })?;
        Some(listener)
    } else {
        None
    };
    let stop = AtomicBool::new(false);
    let (lower, higher) = std::thread::scope(|scope| {
        let accepting = listener.as_ref().map(|listener| {
            let stop = &stop;
            scope.spawn(move || {
                let accepted = accept_all(listener, cluster, deadline, stop);
                if accepted.is_err() {
                    stop.store(true, Ordering::SeqCst);
                }
                accepted
            })
        });
        let connected = connect_all(cluster, deadline, &stop);
        if connected.is_err() {
            stop.store(true, Ordering::SeqCst);
        }
        let accepted = match accepting {
            Some(thread) => thread.join().unwrap_or_else(|_| {
                Err(Some(network(
                    "the thread accepting connections failed".into(),
                )))
            }),
            None => Ok(Vec::new()),
        };
        (connected, accepted)
    });
    // The first real error wins; `None` is a side that stopped because the other failed.
    let (lower, higher) = match (lower, higher) {
        (Ok(lower), Ok(higher)) => (lower, higher),
        (Err(Some(error)), _) | (_, Err(Some(error))) => return Err(error),
        (Err(None), _) | (_, Err(None)) => {
            return Err(network("the connection set-up stopped".into()));
        }
    };
    let mut sockets: Vec<Option<TcpStream>> = lower.into_iter().map(Some).collect();
    sockets.push(None);
    sockets.extend(higher.into_iter().map(Some));
    for socket in sockets.iter().flatten() {
        // Timely's network threads block on their sockets for the whole run: the
        // handshake's timeouts must not outlive it.
        socket
            .set_read_timeout(None)
            .and_then(|()| socket.set_write_timeout(None))
            .and_then(|()| socket.set_nodelay(true))
            .map_err(|error| network(format!("cannot set up a connection: {error}")))?;
    }
    let hooks = Hooks::default();
    let threads = cluster.threads_per_process();
    let local =
        ProcessBuilder::new_typed_vector(threads, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) = initialize_networking_from_sockets(local, sockets, me, threads, hooks)
        .map_err(|error| network(format!("cannot start timely's network threads: {error}")))?;
    Ok((
        builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        Box::new(guard),
    ))
}

fn network(reason: String) -> DataflowError {
    DataflowError::Network { reason }
}

/// The time left before `deadline`, at least a millisecond (a zero timeout is refused by
/// the sockets).
fn left(deadline: Instant) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1))
}

/// Connects to processes `0..me`, in order, retrying each until it listens or the deadline
/// passes, and checks each one's handshake. `Err(None)`: stopped because the accepting side
/// failed.
fn connect_all(
    cluster: &Cluster,
    deadline: Instant,
    stop: &AtomicBool,
) -> Result<Vec<TcpStream>, Option<DataflowError>> {
    let me = cluster.process();
    let ours = Hello::of(cluster);
    let mut streams = Vec::with_capacity(me);
    for (index, address) in cluster.addresses()[..me].iter().enumerate() {
        let peer = format!("process {index} at {address}");
        let targets: Vec<SocketAddr> = address
            .to_socket_addrs()
            .map_err(|error| Some(network(format!("cannot resolve {peer}: {error}"))))?
            .collect();
        let mut stream = dial(&targets, deadline, stop).map_err(|error| {
            error.map(|error| {
                network(format!(
                    "{peer} did not accept a connection within {:?} (the connect timeout): {error}",
                    cluster.connect_timeout()
                ))
            })
        })?;
        let fatal = |reason: String| Some(network(format!("{peer}: {reason}")));
        stream
            .set_nodelay(true)
            .and_then(|()| stream.set_write_timeout(Some(left(deadline))))
            .and_then(|()| stream.write_all(&ours.to_bytes()))
            .map_err(|error| fatal(format!("cannot send the handshake: {error}")))?;
        // The process there answers as soon as it accepts, which a few strangers ahead of
        // this connection may delay, but not past the deadline.
        let theirs = read_hello(&mut stream, left(deadline)).map_err(fatal)?;
        if let Some(reason) = theirs.disagreement(&ours) {
            return Err(fatal(reason));
        }
        if theirs.process != index as u64 {
            return Err(fatal(format!(
                "it says it is process {}: are the host files the same on every machine?",
                theirs.process
            )));
        }
        streams.push(stream);
    }
    Ok(streams)
}

/// A connection to the first of `targets` that accepts one, retried with a growing pause
/// until the deadline. `Err(None)`: stopped; `Err(Some(_))`: the last failure at the
/// deadline.
fn dial(
    targets: &[SocketAddr],
    deadline: Instant,
    stop: &AtomicBool,
) -> Result<TcpStream, Option<std::io::Error>> {
    let mut pause = Duration::from_millis(10);
    loop {
        let mut last = None;
        for target in targets {
            match TcpStream::connect_timeout(target, left(deadline).min(Duration::from_secs(1))) {
                Ok(stream) => return Ok(stream),
                Err(error) => last = Some(error),
            }
        }
        if stop.load(Ordering::SeqCst) {
            return Err(None);
        }
        if Instant::now() >= deadline {
            return Err(Some(last.unwrap_or_else(|| {
                std::io::Error::new(ErrorKind::NotFound, "the address resolves to nothing")
            })));
        }
        std::thread::sleep(pause.min(left(deadline)));
        pause = (pause * 2).min(Duration::from_millis(500));
    }
}

/// Reads a hello from `stream` within `timeout`: `Err` says why there is none.
fn read_hello(stream: &mut TcpStream, timeout: Duration) -> Result<Hello, String> {
    stream
        .set_read_timeout(Some(timeout))
        .map_err(|error| format!("cannot wait for its handshake: {error}"))?;
    let mut bytes = [0u8; HELLO_BYTES];
    let mut read = 0;
    while read < HELLO_BYTES {
        match stream.read(&mut bytes[read..]) {
            Ok(0) => {
                return Err(format!(
                    "it closed the connection after {read} bytes, before a whole handshake \
                     ({HELLO_BYTES} bytes){}",
                    sent(&bytes[..read])
                ));
            }
            Ok(count) => read += count,
            Err(error) if error.kind() == ErrorKind::Interrupted => {}
            Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(format!(
                    "it sent {read} bytes of a handshake of {HELLO_BYTES} in {timeout:.1?}{}",
                    sent(&bytes[..read])
                ));
            }
            Err(error) => return Err(format!("cannot read its handshake: {error}")),
        }
        if read >= MAGIC.len() && bytes[..MAGIC.len()] != MAGIC {
            return Err(format!(
                "it does not speak informed-dataflow's handshake{}",
                sent(&bytes[..read])
            ));
        }
    }
    Hello::from_bytes(&bytes).ok_or_else(|| "it does not speak the handshake".into())
}

/// The first bytes a peer sent, for an error, or nothing if it sent none.
fn sent(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return String::new();
    }
    let shown = &bytes[..bytes.len().min(MAGIC.len())];
    format!(" (it sent {:?}…)", String::from_utf8_lossy(shown))
}

/// Accepts processes `me + 1..`, in any order, until all are in or the deadline passes,
/// refusing strangers. `Err(None)`: stopped because the connecting side failed.
fn accept_all(
    listener: &TcpListener,
    cluster: &Cluster,
    deadline: Instant,
    stop: &AtomicBool,
) -> Result<Vec<TcpStream>, Option<DataflowError>> {
    let (me, processes) = (cluster.process(), cluster.process_count());
    let ours = Hello::of(cluster);
    let mut higher: Vec<Option<(TcpStream, SocketAddr)>> =
        (me + 1..processes).map(|_| None).collect();
    let mut strangers: Vec<String> = Vec::new();
    let mut refused = 0usize;
    while higher.iter().any(Option::is_none) {
        if stop.load(Ordering::SeqCst) {
            return Err(None);
        }
        if Instant::now() >= deadline {
            let missing: Vec<String> = higher
                .iter()
                .enumerate()
                .filter(|(_, slot)| slot.is_none())
                .map(|(offset, _)| (me + 1 + offset).to_string())
                .collect();
            let mut reason = format!(
                "process {} did not connect to process {me} at {} within {:?} (the connect \
                 timeout)",
                missing.join(", process "),
                cluster.addresses()[me],
                cluster.connect_timeout()
            );
            if refused > 0 {
                reason.push_str(&format!(
                    "; refused {refused} connection{} that did not speak informed-dataflow's \
                     handshake: {}",
                    if refused == 1 { "" } else { "s" },
                    strangers.join("; ")
                ));
                if refused > strangers.len() {
                    reason.push_str(&format!("; and {} more", refused - strangers.len()));
                }
            }
            return Err(Some(network(reason)));
        }
        let (stream, peer) = match listener.accept() {
            Ok(accepted) => accepted,
            Err(error) if error.kind() == ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(10).min(left(deadline)));
                continue;
            }
            // A client gone before its connection was taken is no concern of the run's.
            Err(error)
                if matches!(
                    error.kind(),
                    ErrorKind::Interrupted
                        | ErrorKind::ConnectionAborted
                        | ErrorKind::ConnectionReset
                ) =>
            {
                continue;
            }
            Err(error) => {
                return Err(Some(network(format!(
                    "process {me} cannot accept connections at {}: {error}",
                    cluster.addresses()[me]
                ))));
            }
        };
        match greet(stream, peer, &ours, deadline) {
            Ok((index, stream)) => {
                let slot = &mut higher[index - me - 1];
                if let Some((_, first)) = slot {
                    return Err(Some(network(format!(
                        "{first} and {peer} both say they are process {index}: was -p {index} \
                         given twice?"
                    ))));
                }
                *slot = Some((stream, peer));
            }
            Err(Refusal::Stranger(why)) => {
                refused += 1;
                if strangers.len() < STRANGERS_NAMED {
                    strangers.push(format!("{peer}: {why}"));
                }
            }
            Err(Refusal::Fatal(error)) => return Err(Some(error)),
        }
    }
    Ok(higher
        .into_iter()
        .map(|slot| slot.expect("every slot is filled").0)
        .collect())
}

/// Reads the hello of a connection accepted from `peer` and answers it: the index of the
/// process that sent it, with its stream.
fn greet(
    mut stream: TcpStream,
    peer: SocketAddr,
    ours: &Hello,
    deadline: Instant,
) -> Result<(usize, TcpStream), Refusal> {
    // An accepted socket may inherit the listener's non-blocking mode on some systems.
    stream
        .set_nonblocking(false)
        .map_err(|error| Refusal::Stranger(format!("cannot read from it: {error}")))?;
    let theirs =
        read_hello(&mut stream, HELLO_TIMEOUT.min(left(deadline))).map_err(Refusal::Stranger)?;
    let fatal = |reason: String| {
        Refusal::Fatal(network(format!(
            "{peer}, which says it is process {}: {reason}",
            theirs.process
        )))
    };
    // Answered before it is checked, so that the peer sees the disagreement too and says
    // so, rather than only that its connection closed.
    stream
        .set_write_timeout(Some(left(deadline)))
        .and_then(|()| stream.write_all(&ours.to_bytes()))
        .map_err(|error| fatal(format!("cannot answer its handshake: {error}")))?;
    if let Some(reason) = theirs.disagreement(ours) {
        return Err(fatal(reason));
    }
    let (me, processes) = (ours.process, ours.processes);
    if theirs.process <= me || theirs.process >= processes {
        return Err(fatal(format!(
            "process {me} takes connections from processes {} to {} only (each process \
             connects to the lower ones): are -p and the host files the same on every machine?",
            me + 1,
            processes - 1
        )));
    }
    Ok((theirs.process as usize, stream))
}
