//! Hostile inputs to the pattern databases: abstractions too large for the memory there is,
//! absurd thread counts, distances first reached the long way round, every board shape's
//! standard partition, many threads saving one file, and forged files whose checksum was
//! recomputed. Each test failed before the fix it guards.

use std::sync::{Arc, Barrier, mpsc};
use std::time::{Duration, Instant};

use informed::Heuristic;
use informed::pdb::{Abstraction, PatternDatabase, PdbError};
use informed::puzzle::{
    AdditivePdb, BuildOptions, MAX_PATTERN_ENTRIES, Origin, Partition, PdbFileError, SlidingPuzzle,
};

/// The environment variable that makes a test run its child half: its value is the test's name.
#[cfg(all(unix, target_pointer_width = "64"))]
const CHILD: &str = "INFORMED_HOSTILE_PDB_CHILD";

/// Whether this process is the child of the test `name` (see `run_limited`).
#[cfg(all(unix, target_pointer_width = "64"))]
fn is_child(name: &str) -> bool {
    std::env::var(CHILD).is_ok_and(|value| value == name)
}

/// Runs the test `name` again in a child process of this test binary whose address space is
/// limited to `kilobytes`, and returns its output: the child finds `CHILD` set to `name` and
/// runs the child half. A limited address space makes large allocations fail for sure (an
/// unlimited one would overcommit), which is what the child exercises.
#[cfg(all(unix, target_pointer_width = "64"))]
fn run_limited(name: &str, kilobytes: u64) -> std::process::Output {
    let exe = std::env::current_exe().unwrap();
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kilobytes} && exec \"$0\" \"$@\""))
        .arg(exe)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .output()
        .unwrap()
}

/// Checks that the child of `name` ran its test, passed, and printed `expected`; says how it
/// ended otherwise (an abort shows as a signal).
#[cfg(all(unix, target_pointer_width = "64"))]
fn assert_child_printed(name: &str, output: &std::process::Output, expected: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains(expected),
        "child {name} ended with {:?}\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
        output.status
    );
}

/// An abstraction of 2³² states (the most `PatternDatabase::build` accepts) whose table alone
/// is 4 GiB; the flood never gets to its steps.
#[cfg(all(unix, target_pointer_width = "64"))]
struct Huge;

#[cfg(all(unix, target_pointer_width = "64"))]
impl Abstraction for Huge {
    type State = usize;
    fn size(&self) -> usize {
        1 << 32
    }
    fn rank(&self, state: &usize) -> usize {
        *state
    }
    fn unrank(&self, rank: usize) -> usize {
        rank
    }
    fn goals(&self) -> impl IntoIterator<Item = usize> {
        [0]
    }
    fn predecessors(&self, _: &usize) -> impl IntoIterator<Item = (usize, u32)> {
        []
    }
}

#[cfg(all(unix, target_pointer_width = "64"))]
#[test]
fn huge_generic_build_is_a_typed_error_when_memory_is_short() {
    const NAME: &str = "huge_generic_build_is_a_typed_error_when_memory_is_short";
    if is_child(NAME) {
        match PatternDatabase::build(&Huge) {
            Err(error @ PdbError::OutOfMemory { bytes }) => {
                assert_eq!(bytes, 1 << 32);
                assert!(error.to_string().contains("4294967296 bytes"), "{error}");
                println!("typed error: {error}");
            }
            other => panic!("expected OutOfMemory, got {other:?}"),
        }
        return;
    }
    // 3 GB of address space: the 4 GiB table cannot be had.
    let output = run_limited(NAME, 3_000_000);
    assert_child_printed(
        NAME,
        &output,
        "typed error: could not allocate 4294967296 bytes",
    );
}

#[cfg(all(unix, target_pointer_width = "64"))]
#[test]
fn huge_additive_build_is_a_typed_error_when_memory_is_short() {
    const NAME: &str = "huge_additive_build_is_a_typed_error_when_memory_is_short";
    if is_child(NAME) {
        // Eight tiles of the 15-puzzle: 519 M placements, 2.7 GB while built.
        let puzzle = SlidingPuzzle::new(4, 4).unwrap();
        let partition = Partition::parse(&puzzle, "1,2/3,4,5,6,7,8,9,10").unwrap();
        let options = BuildOptions::new().threads(1);
        match AdditivePdb::build_with(&puzzle, &partition, options) {
            Err(error @ PdbFileError::OutOfMemory { group: 1, bytes }) => {
                // Table, regions (4 bytes a placement) and two bit maps.
                let placements = 518_918_400usize;
                assert_eq!(bytes, placements * 5 + placements.div_ceil(64) * 16);
                println!("typed error: {error}");
            }
            other => panic!("expected OutOfMemory for group 1, got {other:?}"),
        }
        return;
    }
    // 1.5 GB: enough for the first group and the table of the second, not its work space.
    let output = run_limited(NAME, 1_500_000);
    assert_child_printed(
        NAME,
        &output,
        "typed error: could not allocate the 2724321600 bytes of memory that building the \
         table of group 1 needs",
    );
}

/// Runs `build` on another thread and waits at most `limit` for it, so that a build that never
/// ends fails the test instead of hanging it.
fn within<T: Send + 'static>(limit: Duration, build: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(build()));
    receive
        .recv_timeout(limit)
        .unwrap_or_else(|_| panic!("the build took more than {limit:?}"))
}

#[test]
fn absurd_thread_counts_are_capped_at_the_cores() {
    let started = Instant::now();
    let (tiny, tiny_max, eight, eight_max) = within(Duration::from_secs(120), || {
        // 2×2 with all 3 tiles: a table of 24 entries, as small as a table gets.
        let tiny = SlidingPuzzle::new(2, 2).unwrap();
        let all = Partition::standard(&tiny);
        let eight = SlidingPuzzle::new(3, 3).unwrap();
        let halves = Partition::parse(&eight, "1,2,3,4/5,6,7,8").unwrap();
        let build = |puzzle: &SlidingPuzzle, partition: &Partition, threads: usize| {
            AdditivePdb::build_with(puzzle, partition, BuildOptions::new().threads(threads))
                .unwrap()
        };
        (
            build(&tiny, &all, 1),
            build(&tiny, &all, usize::MAX),
            build(&eight, &halves, 1),
            build(&eight, &halves, usize::MAX),
        )
    });
    assert_eq!(tiny.table(0).unwrap().len(), 24);
    assert_eq!(tiny, tiny_max);
    assert_eq!(eight, eight_max);
    // 20,000 threads took 15 s on the 24-entry table; capped, all four builds are quick.
    let twenty_thousand = within(Duration::from_secs(60), || {
        let tiny = SlidingPuzzle::new(2, 2).unwrap();
        let options = BuildOptions::new().threads(20_000);
        AdditivePdb::build_with(&tiny, &Partition::standard(&tiny), options).unwrap()
    });
    assert_eq!(twenty_thousand, tiny);
    println!("built in {:?}", started.elapsed());
}

/// A chain 0 ← 1 ← 2 ← … ← 251 of unit steps towards the goal 0, and a state `far` with two
/// steps towards the goal: one of cost 254 into state 1 (found first, when state 1 is
/// expanded at distance 1: 255 in all) and one of cost 1 into state 251 (found later: 252).
/// Its distance is 252, which fits a byte.
struct LongWayFirst {
    /// Also a step of cost 254 from `far` into a state `beyond`, with no other: 254 + 254.
    with_beyond: bool,
}

const FAR: usize = 252;
const BEYOND: usize = 253;

impl Abstraction for LongWayFirst {
    type State = usize;
    fn size(&self) -> usize {
        254
    }
    fn rank(&self, state: &usize) -> usize {
        *state
    }
    fn unrank(&self, rank: usize) -> usize {
        rank
    }
    fn goals(&self) -> impl IntoIterator<Item = usize> {
        [0]
    }
    fn predecessors(&self, state: &usize) -> impl IntoIterator<Item = (usize, u32)> {
        let mut out = Vec::new();
        match *state {
            1 => {
                out.push((FAR, 254));
                out.push((2, 1));
            }
            251 => out.push((FAR, 1)),
            FAR if self.with_beyond => out.push((BEYOND, 254)),
            FAR | BEYOND => {}
            s => out.push((s + 1, 1)),
        }
        out
    }
}

#[test]
fn generic_distance_is_judged_by_the_shortest_path_not_the_first() {
    let db = PatternDatabase::build(&LongWayFirst { with_beyond: false }).unwrap();
    assert_eq!(db.distance(FAR), Some(252));
    assert_eq!(db.distance(251), Some(251));
    assert_eq!(db.distance(BEYOND), None);
    assert_eq!(db.max_distance(), 252);
    // A state that is truly 255 or more away is still refused, and named.
    assert_eq!(
        PatternDatabase::build(&LongWayFirst { with_beyond: true }).unwrap_err(),
        PdbError::DistanceTooLarge { rank: BEYOND }
    );
}

#[test]
fn every_board_shape_has_a_standard_partition_that_is_accepted() {
    let mut shapes = 0;
    for width in 2..=12 {
        for height in 2..=12 {
            let Ok(puzzle) = SlidingPuzzle::new(width, height) else {
                continue;
            };
            shapes += 1;
            let cells = width * height;
            let blank_first = (0..cells)
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            for puzzle in [puzzle.clone(), puzzle.with_goal(&blank_first).unwrap()] {
                let standard = Partition::standard(&puzzle);
                let accepted = Partition::new(&puzzle, standard.groups().to_vec())
                    .unwrap_or_else(|e| panic!("{width}×{height} {standard}: {e}"));
                assert_eq!(accepted, standard);
                // Every tile in exactly one group, none over 8 tiles or the table limit.
                let mut tiles: Vec<u8> = standard.groups().concat();
                tiles.sort_unstable();
                assert_eq!(tiles, (1..cells as u8).collect::<Vec<_>>());
                for group in standard.groups() {
                    assert!(group.len() <= 8, "{width}×{height} {standard}");
                    let placements = informed::pdb::Placements::new(cells, group.len()).unwrap();
                    assert!(placements.count() <= MAX_PATTERN_ENTRIES);
                }
                if cells == 24 {
                    let sizes: Vec<usize> = standard.groups().iter().map(Vec::len).collect();
                    assert_eq!(sizes, [5, 6, 6, 6], "{width}×{height}");
                }
                if cells <= 10 {
                    let pdb = AdditivePdb::build(&puzzle, &standard).unwrap();
                    assert_eq!(pdb.estimate(&puzzle.goal()), 0);
                }
            }
        }
    }
    // Every width and height of at least 2 with at most 25 cells, 2×2 to 12×2.
    assert_eq!(shapes, 38);
}

#[test]
fn load_or_build_from_many_threads_on_one_path() {
    let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    let partition = Partition::standard(&puzzle);
    let reference = AdditivePdb::build(&puzzle, &partition).unwrap();
    let root = std::env::temp_dir().join(format!(
        "informed-hostile-pdb-{}-load-or-build",
        std::process::id()
    ));
    const THREADS: usize = 12;
    const ROUNDS: usize = 8;
    let mut built = 0;
    for round in 0..ROUNDS {
        // A fresh directory each round, so that every round races to build the file.
        let dir = root.join(round.to_string());
        let start = Arc::new(Barrier::new(THREADS));
        let results: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..THREADS)
                .map(|_| {
                    let (start, dir, puzzle, partition) = (&start, &dir, &puzzle, &partition);
                    scope.spawn(move || {
                        start.wait();
                        let options = BuildOptions::new().threads(1);
                        AdditivePdb::load_or_build(puzzle, partition, dir, options)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for result in results {
            let (pdb, origin) = result.unwrap_or_else(|e| panic!("round {round}: {e}"));
            assert_eq!(pdb, reference);
            built += usize::from(origin == Origin::Built);
        }
        // One whole file, no temporary files left behind.
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, [AdditivePdb::file_name(&puzzle, &partition)]);
        let (loaded, origin) =
            AdditivePdb::load_or_build(&puzzle, &partition, &dir, BuildOptions::new()).unwrap();
        assert_eq!((origin, loaded), (Origin::Loaded, reference.clone()));
    }
    assert!(built >= ROUNDS, "{built}");
    std::fs::remove_dir_all(&root).unwrap();
}

/// The checksum as `AdditivePdb::save` documents it: FNV-1a over little-endian 64-bit words,
/// the last padded with zeros, then the length.
fn checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        hash = (hash ^ u64::from_le_bytes(word)).wrapping_mul(PRIME);
    }
    (hash ^ bytes.len() as u64).wrapping_mul(PRIME)
}

/// `file` with its table bytes of `group` replaced by `forge` of them, and the checksum
/// recomputed as the loader computes it: a forgery the checksum cannot see.
fn forged(pdb: &AdditivePdb, file: &[u8], group: usize, forge: impl Fn(&mut [u8])) -> Vec<u8> {
    let tables_end = file.len() - 8;
    let tables_len: usize = (0..pdb.partition().groups().len())
        .map(|g| pdb.table(g).unwrap().len())
        .sum();
    let offset: usize = (0..group).map(|g| pdb.table(g).unwrap().len()).sum();
    let start = tables_end - tables_len + offset;
    let len = pdb.table(group).unwrap().len();
    let mut out = file.to_vec();
    assert_eq!(&out[start..start + len], pdb.table(group).unwrap());
    forge(&mut out[start..start + len]);
    let sum = checksum(&out[..tables_end]);
    out[tables_end..].copy_from_slice(&sum.to_le_bytes());
    out
}

/// A seeded shuffle (xorshift), so that a failure can be reproduced.
fn shuffle(bytes: &mut [u8], mut seed: u64) {
    for i in (1..bytes.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        bytes.swap(i, (seed % (i as u64 + 1)) as usize);
    }
}

/// Shuffles the entries from 2 up (and unreachable) among themselves, leaving every 0 and 1
/// where it was.
fn shuffle_above_one(table: &mut [u8]) {
    let mut high: Vec<u8> = table.iter().copied().filter(|&d| d > 1).collect();
    shuffle(&mut high, 5);
    for (d, h) in table.iter_mut().filter(|d| **d > 1).zip(high) {
        *d = h;
    }
}

#[test]
fn forged_tables_with_a_recomputed_checksum_are_refused() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let partition = Partition::parse(&puzzle, "1,2,3,4/5,6,7,8").unwrap();
    let pdb = AdditivePdb::build(&puzzle, &partition).unwrap();
    let mut file = Vec::new();
    pdb.save(&mut file).unwrap();
    assert_eq!(
        checksum(&file[..file.len() - 8]).to_le_bytes(),
        file[file.len() - 8..]
    );
    let goal_rank = |group: usize| pdb.table(group).unwrap().iter().position(|&d| d == 0);

    let forgeries: Vec<(&str, Vec<u8>)> = vec![
        ("shuffled", forged(&pdb, &file, 0, |t| shuffle(t, 7))),
        ("reversed", forged(&pdb, &file, 1, |t| t.reverse())),
        (
            "shuffled, goal kept at 0",
            forged(&pdb, &file, 0, |t| {
                let goal = goal_rank(0).unwrap();
                shuffle(t, 11);
                let zero = t.iter().position(|&d| d == 0).unwrap();
                t.swap(goal, zero);
            }),
        ),
        (
            "raised by one",
            forged(&pdb, &file, 1, |t| {
                for d in t.iter_mut().filter(|d| **d != 0 && **d < 254) {
                    *d += 1;
                }
            }),
        ),
        ("rotated", forged(&pdb, &file, 0, |t| t.rotate_left(1))),
        // The goal, its neighbours and every 0 and 1 in place: left to the descent check.
        (
            "shuffled above 1",
            forged(&pdb, &file, 1, shuffle_above_one),
        ),
    ];
    // A table of 524,160 entries, of which the descent check samples 4,096.
    let fifteen = SlidingPuzzle::new(4, 4).unwrap();
    let big = AdditivePdb::build(
        &fifteen,
        &Partition::parse(&fifteen, "1,2,3,4,5/6,7").unwrap(),
    )
    .unwrap();
    let mut big_file = Vec::new();
    big.save(&mut big_file).unwrap();
    let big_forgeries = vec![(
        "large, shuffled above 1",
        forged(&big, &big_file, 0, shuffle_above_one),
    )];

    for (puzzle, forgeries) in [(&puzzle, forgeries), (&fifteen, big_forgeries)] {
        for (what, bytes) in &forgeries {
            let error = AdditivePdb::load(puzzle, &mut bytes.as_slice()).unwrap_err();
            assert!(
                matches!(error, PdbFileError::Implausible { .. }),
                "{what}: {error}"
            );
            assert!(
                error.to_string().contains("a table no build computes"),
                "{what}: {error}"
            );
            println!("{what}: {error}");
        }
    }

    // Built tables pass, whatever the board, goal and groups.
    for (width, height, text) in [
        (3, 3, "1,2,3,4/5,6,7,8"),
        (3, 3, "8/1,3,5,7/2,4,6"),
        (2, 4, "1,4,5/2,3,6,7"),
        (4, 2, "1,2,3,4,5,6,7"),
        (4, 4, "1,2,3/4,5/6,7,8,9/15"),
        (5, 5, "1,2,3/24,23/12"),
    ] {
        for blank_first in [false, true] {
            let mut puzzle = SlidingPuzzle::new(width, height).unwrap();
            if blank_first {
                let goal: Vec<String> = (0..width * height).map(|t| t.to_string()).collect();
                puzzle = puzzle.with_goal(&goal.join(" ")).unwrap();
            }
            let partition = Partition::parse(&puzzle, text).unwrap();
            let pdb = AdditivePdb::build(&puzzle, &partition).unwrap();
            let mut file = Vec::new();
            pdb.save(&mut file).unwrap();
            let loaded = AdditivePdb::load(&puzzle, &mut file.as_slice())
                .unwrap_or_else(|e| panic!("{width}×{height} {text}: {e}"));
            assert_eq!(loaded, pdb);
        }
    }
}

#[cfg(all(unix, target_pointer_width = "64"))]
#[test]
fn a_generic_file_announcing_four_gib_allocates_only_what_it_holds() {
    const NAME: &str = "a_generic_file_announcing_four_gib_allocates_only_what_it_holds";
    if is_child(NAME) {
        let mut file = Vec::new();
        file.extend_from_slice(&informed::pdb::MAGIC);
        file.extend_from_slice(&informed::pdb::FORMAT_VERSION.to_le_bytes());
        file.extend_from_slice(&(1u64 << 32).to_le_bytes());
        file.extend_from_slice(&[0; 100]);
        match PatternDatabase::load(&mut file.as_slice()) {
            Err(error @ PdbError::Truncated { found: 100, .. }) => println!("typed error: {error}"),
            other => panic!("expected Truncated, got {other:?}"),
        }
        return;
    }
    // 1 GB of address space: a table of the announced 4 GiB cannot be had.
    let output = run_limited(NAME, 1_000_000);
    assert_child_printed(
        NAME,
        &output,
        "typed error: pattern database file is truncated: 100 bytes of its table",
    );
}
