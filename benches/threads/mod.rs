//! A rayon pool for parallel IDA* (`--threads` of the `korf100` and `pdb` binaries) whose
//! threads' CPU time is read at every iteration, so that a run on a shared, loaded machine can
//! still say how long it would have taken on idle cores.
//!
//! On a machine busy with other work, the wall time of a run on two threads says little: its
//! threads wait for a core. The CPU time of each thread (Linux's
//! `/proc/self/task/TID/schedstat`, in nanoseconds) does not count that wait. An iteration of
//! parallel IDA* ends when its last thread ends (the next one starts after a barrier), so on
//! idle cores the run takes about the sum, over the iterations, of the CPU time of the thread
//! that worked longest in each: the **CPU makespan**. The sequential search's estimate is its
//! thread's CPU time.

#![allow(dead_code, unreachable_pub)]

use std::sync::{Arc, Mutex};

/// The id of the calling thread, from `/proc/thread-self` (Linux).
pub fn current_tid() -> Option<String> {
    let link = std::fs::read_link("/proc/thread-self").ok()?;
    Some(link.file_name()?.to_str()?.to_owned())
}

/// The CPU time of thread `tid` of this process so far, in seconds (Linux), or 0.
pub fn cpu_seconds(tid: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/self/task/{tid}/schedstat"))
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

/// The CPU time of the calling thread so far, in seconds (Linux), or 0.
pub fn own_cpu_seconds() -> f64 {
    // The kernel brings a running thread's count up to date when it schedules: a yield does.
    std::thread::yield_now();
    current_tid().map_or(0.0, |tid| cpu_seconds(&tid))
}

/// A rayon pool of a given size, with its threads' ids.
pub struct Pool {
    pub pool: rayon::ThreadPool,
    tids: Vec<String>,
}

impl Pool {
    /// A pool of `threads` threads.
    pub fn new(threads: usize) -> Result<Pool, rayon::ThreadPoolBuildError> {
        let tids = Arc::new(Mutex::new(Vec::new()));
        let recorded = Arc::clone(&tids);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .start_handler(move |_| {
                if let Some(tid) = current_tid() {
                    recorded.lock().unwrap().push(tid);
                }
            })
            .build()?;
        // The threads record themselves as they start.
        for _ in 0..1000 {
            if tids.lock().unwrap().len() == threads {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let tids = tids.lock().unwrap().clone();
        Ok(Pool { pool, tids })
    }

    /// The CPU time of each of the pool's threads so far (called on one of them, whose count
    /// a yield brings up to date; the others are asleep between iterations, their counts
    /// brought up to date as they went to sleep).
    pub fn mark(&self) -> Vec<f64> {
        std::thread::yield_now();
        self.tids.iter().map(|tid| cpu_seconds(tid)).collect()
    }
}

/// The CPU makespan of a run whose pool's CPU times were `marks` at each iteration's start and
/// at its end: the sum over iterations of the largest CPU time a thread spent in it.
pub fn makespan(marks: &[Vec<f64>]) -> f64 {
    marks
        .windows(2)
        .map(|pair| {
            pair[0]
                .iter()
                .zip(&pair[1])
                .map(|(before, after)| after - before)
                .fold(0.0, f64::max)
        })
        .sum()
}
