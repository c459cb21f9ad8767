//! Several OS processes for real: the `informed-enumerate` binary started as timely's
//! `-n N -p I` on 127.0.0.1, each test with free ports of its own, against the histograms
//! one process gives; a process killed mid-run failing the others with a clear error; and
//! hostile input (stray connections, bad host files, impossible flags) refused with a clear
//! error and status 1, never a panic or a hang.

use std::io::Write;
use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_informed-enumerate");

/// How long a run may take before the test kills its processes and fails.
const TIMEOUT: Duration = Duration::from_secs(300);

/// A host file of `processes` free ports on 127.0.0.1, in a file of this test's own.
fn hostfile(processes: usize) -> PathBuf {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    // Held together, so that the ports differ; released for the processes to take.
    let listeners: Vec<TcpListener> = (0..processes)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    let lines: Vec<String> = listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().expect("bound").port()))
        .collect();
    let path = std::env::temp_dir().join(format!(
        "informed-dataflow-hosts-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::write(&path, lines.concat()).expect("a writable temporary directory");
    path
}

fn spawn(
    processes: usize,
    process: usize,
    hosts: &PathBuf,
    threads: usize,
    args: &[&str],
) -> Child {
    Command::new(BINARY)
        .args([
            "-w",
            &threads.to_string(),
            "-n",
            &processes.to_string(),
            "-p",
            &process.to_string(),
        ])
        .arg("-h")
        .arg(hosts)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the informed-enumerate binary starts")
}

/// What a finished process left: its status and its two outputs.
struct Finished {
    status: std::process::ExitStatus,
    stdout: String,
    stderr: String,
}

/// Reads a child's pipe to the end in a thread of its own, so that a child writing much
/// never blocks on a full pipe while the test waits for it.
fn drain(pipe: Option<impl std::io::Read + Send + 'static>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut pipe) = pipe {
            let _ = std::io::Read::read_to_string(&mut pipe, &mut text);
        }
        text
    })
}

/// Waits for every child, killing them all if one takes longer than [`TIMEOUT`].
fn wait_all(children: Vec<Child>) -> Vec<Finished> {
    wait_within(children, TIMEOUT)
}

/// Waits for every child, killing them all if one takes longer than `timeout`.
fn wait_within(children: Vec<Child>, timeout: Duration) -> Vec<Finished> {
    let started = Instant::now();
    let mut running: Vec<_> = children
        .into_iter()
        .map(|mut child| {
            let (stdout, stderr) = (drain(child.stdout.take()), drain(child.stderr.take()));
            (child, stdout, stderr)
        })
        .collect();
    let mut timed_out = false;
    while running
        .iter_mut()
        .any(|(child, _, _)| matches!(child.try_wait(), Ok(None)))
    {
        if started.elapsed() > timeout {
            timed_out = true;
            for (child, _, _) in &mut running {
                let _ = child.kill();
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let finished: Vec<Finished> = running
        .into_iter()
        .map(|(mut child, stdout, stderr)| Finished {
            status: child.wait().expect("waited"),
            stdout: stdout.join().expect("read"),
            stderr: stderr.join().expect("read"),
        })
        .collect();
    if timed_out {
        let stderr: Vec<&str> = finished.iter().map(|f| f.stderr.as_str()).collect();
        panic!("the processes did not finish in {timeout:?}; their standard error:\n{stderr:#?}");
    }
    finished
}

/// Runs `args` as `processes` processes of `threads` threads each, and returns each one's
/// `histogram:` line. Fails, with their standard error, unless every process succeeds.
fn histograms(processes: usize, threads: usize, args: &[&str]) -> Vec<String> {
    outputs_of(processes, threads, args)
        .into_iter()
        .map(|stdout| {
            stdout
                .lines()
                .find_map(|line| line.strip_prefix("histogram: ").map(str::to_owned))
                .expect("a histogram line")
        })
        .collect()
}

/// Runs `args` as `processes` processes of `threads` threads each, and returns each one's
/// standard output. Fails, with their standard error, unless every process succeeds.
fn outputs_of(processes: usize, threads: usize, args: &[&str]) -> Vec<String> {
    for attempt in 0.. {
        let hosts = hostfile(processes);
        let children = (0..processes)
            .map(|p| spawn(processes, p, &hosts, threads, args))
            .collect();
        let outputs = wait_all(children);
        let _ = std::fs::remove_file(&hosts);
        // Another test may take a port between its release and the process's bind.
        if attempt < 3
            && outputs
                .iter()
                .any(|o| o.stderr.contains("Address already in use"))
        {
            continue;
        }
        for (process, output) in outputs.iter().enumerate() {
            assert!(
                output.status.success(),
                "process {process} of {processes} failed ({}):\n{}",
                output.status,
                output.stderr
            );
        }
        return outputs.into_iter().map(|o| o.stdout).collect();
    }
    unreachable!()
}

fn join(histogram: &[u64]) -> String {
    histogram
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn pocket_cube_on_two_processes() {
    let expected = join(&[
        1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
    ]);
    for histogram in histograms(2, 1, &["cube", "--quiet"]) {
        assert_eq!(histogram, expected);
    }
}

#[test]
fn eight_puzzle_on_two_processes_of_two_threads() {
    let expected = join(&[
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
        10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ]);
    for histogram in histograms(2, 2, &["3x3", "--quiet", "--hashed"]) {
        assert_eq!(histogram, expected);
    }
}

#[test]
fn three_processes_give_what_one_gives() {
    let alone = histograms(1, 1, &["2x4", "--quiet"]);
    for histogram in histograms(3, 1, &["2x4", "--quiet", "--hashed"]) {
        assert_eq!(histogram, alone[0]);
    }
}

#[test]
fn a_process_that_dies_fails_the_others() {
    let hosts = hostfile(2);
    let survivor = spawn(2, 0, &hosts, 1, &["cube"]);
    let mut victim = spawn(2, 1, &hosts, 1, &["cube"]);
    // Kill process 1 once it has finished depth 5: the run cannot be complete by then.
    let stderr = victim.stderr.take().expect("piped");
    let mut seen = String::new();
    for line in BufReader::new(stderr).lines() {
        let line = line.expect("text");
        seen.push_str(&line);
        seen.push('\n');
        if line.contains("depth   5:") {
            break;
        }
    }
    assert!(
        seen.contains("depth   5:"),
        "process 1 ended before depth 5:\n{seen}"
    );
    victim.kill().expect("killed");
    let _ = victim.wait();
    let output = wait_all(vec![survivor]).remove(0);
    let _ = std::fs::remove_file(&hosts);
    let (stdout, stderr) = (&output.stdout, &output.stderr);
    assert!(
        !output.status.success(),
        "the survivor succeeded:\n{stdout}"
    );
    assert!(
        !stdout.contains("histogram:"),
        "the survivor printed a histogram:\n{stdout}"
    );
    assert!(
        stderr.contains("the connection to another process was lost"),
        "no clear error:\n{stderr}"
    );
}

#[test]
fn additive_pdb_file_on_two_processes() -> Result<(), Box<dyn std::error::Error>> {
    use informed::puzzle::{AdditivePdb, Partition, SlidingPuzzle};

    let file = std::env::temp_dir().join(format!("informed-dataflow-pdb-{}", std::process::id()));
    let out = file.to_str().expect("a UTF-8 path");
    outputs_of(
        2,
        2,
        &["pdb", "3x3", "1,2,3/4,5,6,7,8", "--quiet", "--out", out],
    );
    let saved = std::fs::read(&file)?;
    std::fs::remove_file(&file)?;
    let puzzle = SlidingPuzzle::new(3, 3)?;
    let single = AdditivePdb::build(&puzzle, &Partition::parse(&puzzle, "1,2,3/4,5,6,7,8")?)?;
    let mut expected = Vec::new();
    single.save(&mut expected)?;
    assert!(
        saved == expected,
        "the file differs from AdditivePdb::save's"
    );
    Ok(())
}

/// The address of the first line of `hosts`.
fn first_address(hosts: &PathBuf) -> String {
    let text = std::fs::read_to_string(hosts).expect("the host file");
    text.lines().next().expect("a line").to_owned()
}

/// A connection to `address`, retried until the process there listens (or a minute passes).
fn connect(address: &str) -> TcpStream {
    let started = Instant::now();
    loop {
        match TcpStream::connect(address) {
            Ok(stream) => return stream,
            Err(error) if started.elapsed() > Duration::from_secs(60) => {
                panic!("nothing listens at {address}: {error}")
            }
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// Asserts that `output` is a clean failure: status 1, a message containing each of
/// `expected`, and no panic.
fn assert_refused(output: &Finished, expected: &[&str]) {
    let stderr = &output.stderr;
    assert_eq!(output.status.code(), Some(1), "not status 1:\n{stderr}");
    for text in expected {
        assert!(stderr.contains(text), "no {text:?} in:\n{stderr}");
    }
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "a panic:\n{stderr}"
    );
}

/// Runs the binary with `args` alone, expecting it to finish within ten seconds.
fn run_alone(args: &[&str]) -> Finished {
    let child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the informed-enumerate binary starts");
    wait_within(vec![child], Duration::from_secs(10)).remove(0)
}

#[test]
fn stray_connections_are_refused_and_the_run_goes_on() {
    let hosts = hostfile(2);
    let first = spawn(2, 0, &hosts, 1, &["2x3", "--quiet"]);
    let address = first_address(&hosts);
    // Garbage, an empty connection, and half of an HTTP request: none may kill process 0.
    let mut garbage = connect(&address);
    garbage.write_all(b"\x00\xff garbage").expect("sent");
    drop(garbage);
    drop(connect(&address));
    let mut http = connect(&address);
    http.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("sent");
    drop(http);
    let second = spawn(2, 1, &hosts, 1, &["2x3", "--quiet"]);
    let outputs = wait_all(vec![first, second]);
    let _ = std::fs::remove_file(&hosts);
    for (process, output) in outputs.iter().enumerate() {
        assert!(
            output.status.success(),
            "process {process} failed ({}):\n{}",
            output.status,
            output.stderr
        );
        assert!(
            output.stdout.contains("states: 360"),
            "process {process}:\n{}",
            output.stdout
        );
    }
}

#[test]
fn a_run_that_only_strays_reach_fails_naming_them() {
    let hosts = hostfile(2);
    let alone = spawn(
        2,
        0,
        &hosts,
        1,
        &["2x3", "--quiet", "--connect-timeout", "2"],
    );
    let address = first_address(&hosts);
    let mut stray = connect(&address);
    let stray_address = stray.local_addr().expect("bound").to_string();
    stray.write_all(b"hello?").expect("sent");
    // Held open, silent after those bytes, until process 0 gives up.
    let output = wait_within(vec![alone], Duration::from_secs(30)).remove(0);
    drop(stray);
    let _ = std::fs::remove_file(&hosts);
    assert_refused(
        &output,
        &["process 1 did not connect", &address, &stray_address],
    );
}

#[test]
fn processes_started_with_different_threads_refuse_each_other() {
    let hosts = hostfile(2);
    let one = spawn(2, 0, &hosts, 1, &["2x3", "--quiet"]);
    let two = spawn(2, 1, &hosts, 2, &["2x3", "--quiet"]);
    let outputs = wait_within(vec![one, two], Duration::from_secs(60));
    let _ = std::fs::remove_file(&hosts);
    for output in &outputs {
        assert_refused(output, &["worker threads", "the same -w"]);
    }
}

#[test]
fn a_host_file_with_a_bad_line_is_refused() {
    let hosts = std::env::temp_dir().join(format!(
        "informed-dataflow-bad-hosts-{}",
        std::process::id()
    ));
    std::fs::write(&hosts, "127.0.0.1:2101\n\nnot an address\n").expect("written");
    let path = hosts.to_str().expect("a UTF-8 path");
    let output = run_alone(&["-n", "2", "-p", "1", "-h", path, "2x3"]);
    assert_refused(&output, &["line 3", "\"not an address\""]);
    std::fs::write(&hosts, "127.0.0.1:2101\n127.0.0.1:70000\n").expect("written");
    let output = run_alone(&["-n", "2", "-p", "0", "-h", path, "2x3"]);
    assert_refused(&output, &["line 2", "70000"]);
    std::fs::write(&hosts, "127.0.0.1:2101\n").expect("written");
    let output = run_alone(&["-n", "2", "-p", "0", "-h", path, "2x3"]);
    assert_refused(&output, &["has 1 addresses", "2 processes"]);
    let _ = std::fs::remove_file(&hosts);
    // An endless host file is refused, not read until memory runs out.
    if std::path::Path::new("/dev/zero").exists() {
        let output = run_alone(&["-n", "2", "-h", "/dev/zero", "2x3"]);
        assert_refused(&output, &["/dev/zero is longer than"]);
    }
}

#[test]
fn impossible_flags_are_refused() {
    assert_refused(
        &run_alone(&["-w", "100000", "cube"]),
        &["100000 worker threads"],
    );
    assert_refused(&run_alone(&["-n", "100000", "cube"]), &["100000 processes"]);
    assert_refused(
        &run_alone(&["-n", "2", "-p", "5", "cube"]),
        &["process 5 is not one of the 2"],
    );
}
