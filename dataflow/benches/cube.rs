//! The pocket cube's 3,674,160 positions enumerated: `informed::bfs_reach` in one thread (the
//! peer), and the layered search on one worker, on two worker threads, and on two processes
//! of one thread each, in one criterion group so that the ratios come from one run. Every
//! iteration checks the histogram against the published one.
//!
//! `cargo bench -p informed-dataflow --bench cube`; `docs/benchmarks.md` has the numbers.
//!
//! The two processes are this package's `informed-enumerate` binary on 127.0.0.1; their time
//! is the enumeration's as the processes report it (the slower of the two), without the
//! start of the processes and their connection (timely polls for connections once a
//! second), which a run pays once.

#[path = "../src/bin/informed-enumerate/cube.rs"]
mod cube;

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use cube::{Metric, PocketCube};
use informed_dataflow::{Cluster, LayeredBfs};

const HALF_TURN: [u64; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
];

fn bfs_reach(cube: &PocketCube) {
    let mut histogram = vec![0u64; HALF_TURN.len()];
    for (_, depth) in informed::bfs_reach(cube) {
        histogram[depth] += 1;
    }
    assert_eq!(histogram, HALF_TURN);
}

fn layered(threads: usize) {
    let cluster = Cluster::threads(threads).expect("threads");
    let run = LayeredBfs::new(|| PocketCube::new(Metric::HalfTurn))
        .run(&cluster)
        .expect("a run");
    assert_eq!(run.histogram(), HALF_TURN);
}

/// Two processes of the binary; the slower one's reported time.
fn two_processes() -> Duration {
    let listeners: Vec<TcpListener> = (0..2)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    let hosts: String = listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().expect("bound").port()))
        .collect();
    drop(listeners);
    let file = std::env::temp_dir().join(format!("informed-dataflow-bench-{}", std::process::id()));
    std::fs::write(&file, hosts).expect("a temporary file");
    let children: Vec<_> = (0..2)
        .map(|process| {
            Command::new(env!("CARGO_BIN_EXE_informed-enumerate"))
                .args(["-n", "2", "-p", &process.to_string(), "-h"])
                .arg(&file)
                .args(["cube", "--quiet"])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("the binary starts")
        })
        .collect();
    let mut slowest = Duration::ZERO;
    for child in children {
        let output = child.wait_with_output().expect("waited");
        assert!(output.status.success());
        let stdout = String::from_utf8_lossy(&output.stdout);
        let expected: Vec<String> = HALF_TURN.iter().map(u64::to_string).collect();
        assert!(stdout.contains(&format!("histogram: {}", expected.join(" "))));
        // "process 0 of 2, 2 workers in all, 0.589 s"
        let seconds: f64 = stdout
            .lines()
            .find(|line| line.contains("workers in all"))
            .and_then(|line| line.rsplit(", ").next())
            .and_then(|time| time.trim_end_matches(" s").parse().ok())
            .expect("a time line");
        slowest = slowest.max(Duration::from_secs_f64(seconds));
    }
    let _ = std::fs::remove_file(&file);
    slowest
}

fn cube(c: &mut Criterion) {
    let mut group = c.benchmark_group("pocket cube, half-turn, 3,674,160 positions");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let peer = PocketCube::new(Metric::HalfTurn);
    group.bench_function("bfs_reach", |b| b.iter(|| bfs_reach(&peer)));
    group.bench_function("layered, 1 worker", |b| b.iter(|| layered(1)));
    group.bench_function("layered, 2 threads", |b| b.iter(|| layered(2)));
    group.bench_function("layered, 2 processes", |b| {
        b.iter_custom(|iterations| (0..iterations).map(|_| two_processes()).sum())
    });
    group.finish();
}

criterion_group!(benches, cube);
criterion_main!(benches);
