//! How late a deadline can stop a best-first search: the longest time between two of its
//! checks of the limits, while the node table grows to 1, 4 and 16 million states:
//! `cargo run --release -p informed-bench --bin deadline`.
//!
//! A best-first search reads the clock before every expansion, so it returns at most one
//! expansion's time after its deadline. Most expansions take well under a microsecond; the
//! expansion that stores the state that makes the node table grow also moves the whole table
//! (a rehash of the hashed table's index and a copy of its entries, or a copy of a dense
//! table's vectors), and that one is the worst case. The cancel callback, asked before every
//! expansion as the clock is, measures the gaps.
//!
//! The workload: Dijkstra flooding an open 8,192 × 8,192 grid of unit steps from its centre,
//! stopped by a cap on stored states; `--table hashed` (the default) keeps it in the hashed
//! table, `--table dense` numbers the cells. Times are wall-clock times, so they depend on the
//! machine and its load: `--runs N` repeats each size and keeps the worst.

mod args;

use std::cell::Cell;
use std::time::{Duration, Instant};

use informed::{NodeTable, Search, SearchProblem};

use args::Args;

/// The side of the grid: large enough for 16 M stored states.
const SIDE: i32 = 8192;

/// An open grid, flooded from its centre: no goal.
struct Open;

impl SearchProblem for Open {
    type State = (i32, i32);
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = (i32, i32)> {
        [(SIDE / 2, SIDE / 2)]
    }

    fn is_goal(&self, _: &(i32, i32)) -> bool {
        false
    }

    fn successors(&self, &(x, y): &(i32, i32)) -> impl IntoIterator<Item = ((i32, i32), u32)> {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|&(x, y)| (0..SIDE).contains(&x) && (0..SIDE).contains(&y))
            .map(|cell| (cell, 1))
    }

    fn index_bound(&self) -> Option<usize> {
        Some((SIDE as usize) * (SIDE as usize))
    }

    fn index(&self, &(x, y): &(i32, i32)) -> usize {
        y as usize * SIDE as usize + x as usize
    }
}

/// The processor time this process has used (user and system), from `/proc/self/stat`; zero
/// where it cannot be read. On a loaded machine the wall-clock gaps stretch by about the ratio
/// of wall time to processor time, which the table prints beside them.
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // The fields after the command name (in parentheses, which may hold spaces): utime and
    // stime are the 14th and 15th fields, in clock ticks (100 a second on Linux).
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    Duration::from_millis(fields.iter().sum::<u64>() * 10)
}

/// The longest gap between two checks of the limits, and the expansions before it, of one
/// flood to `cap` stored states, with the flood's wall and processor times.
fn longest_gap(cap: u64, table: NodeTable) -> (Duration, u64, Duration, Duration) {
    let last = Cell::new(Instant::now());
    let longest = Cell::new((Duration::ZERO, 0u64));
    let checks = Cell::new(0u64);
    let started = Instant::now();
    let cpu_started = cpu_time();
    let outcome = Search::new(&Open)
        .node_table(table)
        .max_stored(cap)
        .cancel_when(|| {
            let now = Instant::now();
            let gap = now - last.get();
            if gap > longest.get().0 {
                longest.set((gap, checks.get()));
            }
            last.set(now);
            checks.set(checks.get() + 1);
            false
        })
        .dijkstra();
    let total = started.elapsed();
    let cpu = cpu_time().saturating_sub(cpu_started);
    let error = outcome.expect_err("the flood has no goal");
    assert_eq!(error.stats().stored as u64, cap, "the cap stops the flood");
    let (gap, at) = longest.get();
    (gap, at, total, cpu)
}

fn main() {
    let mut args = Args::from_env();
    let read = |args: &mut Args| -> Result<_, String> {
        let table = match args.choice("--table", &["hashed", "dense"])?.as_deref() {
            Some("dense") => NodeTable::Auto,
            _ => NodeTable::Hashed,
        };
        let runs = args
            .parsed::<u32>("--runs", "a number of runs")?
            .unwrap_or(3);
        let sizes = args
            .list("--millions", "numbers of millions of states", |m| {
                m.parse::<u64>().ok().filter(|&m| (1..=64).contains(&m))
            })?
            .unwrap_or_else(|| vec![1, 4, 16]);
        Ok((table, runs.max(1), sizes))
    };
    let (table, runs, sizes) = match read(&mut args).and_then(|read| args.rest().map(|_| read)) {
        Ok(read) => read,
        Err(message) => args::exit("deadline", &message),
    };
    println!(
        "| stored states | table | longest gap between checks | at expansion | whole flood | its processor time |"
    );
    println!("|---:|---|---:|---:|---:|---:|");
    for millions in sizes {
        let cap = millions << 20;
        let mut worst = (Duration::ZERO, 0, Duration::ZERO, Duration::ZERO);
        for _ in 0..runs {
            let run = longest_gap(cap, table);
            if run.0 > worst.0 {
                worst = run;
            }
        }
        let (gap, at, total, cpu) = worst;
        println!(
            "| {} Mi | {table:?} | {:.1} ms | {at} | {:.0} ms | {:.0} ms |",
            millions,
            gap.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3,
            cpu.as_secs_f64() * 1e3
        );
    }
}
