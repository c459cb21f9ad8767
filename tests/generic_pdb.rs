//! The generic pattern database given the sliding puzzle's care: `&PdbHeuristic` and clones
//! combine with `Max`, proven dead ends estimated infinite are pruned without losing
//! optimality, and the checked file format refuses damaged files.

use informed::pdb::{Abstraction, DeadEnds, PatternDatabase, PdbError, Placements, UNREACHABLE};
use informed::{Heuristic, Max, SearchError, SearchProblem};

const N: usize = 8;
const K: usize = 4;

/// The pancakes `first..first + K` of a stack of `N`, by where they lie: `slots[i]` is the slot
/// of pancake `first + i`.
struct Kept {
    first: u8,
    placements: Placements,
}

impl Kept {
    fn new(first: u8) -> Self {
        Kept {
            first,
            placements: Placements::new(N, K).unwrap(),
        }
    }

    fn project(&self, stack: &[u8; N]) -> usize {
        let mut slots = [0u8; K];
        for (slot, &pancake) in stack.iter().enumerate() {
            if (self.first..self.first + K as u8).contains(&pancake) {
                slots[usize::from(pancake - self.first)] = slot as u8;
            }
        }
        self.placements.rank(&slots)
    }
}

impl Abstraction for Kept {
    type State = [u8; K];
    fn size(&self) -> usize {
        self.placements.count()
    }
    fn rank(&self, slots: &[u8; K]) -> usize {
        self.placements.rank(slots)
    }
    fn unrank(&self, rank: usize) -> [u8; K] {
        let mut slots = [0; K];
        self.placements.unrank(rank, &mut slots);
        slots
    }
    fn goals(&self) -> impl IntoIterator<Item = [u8; K]> {
        [std::array::from_fn(|i| self.first + i as u8)]
    }
    fn predecessors(&self, slots: &[u8; K]) -> impl IntoIterator<Item = ([u8; K], u32)> {
        let slots = *slots;
        (2..=N as u8).map(move |k| (slots.map(|s| if s < k { k - 1 - s } else { s }), 1))
    }
}

struct Pancakes([u8; N]);

impl SearchProblem for Pancakes {
    type State = [u8; N];
    type Cost = u32;
    fn starts(&self) -> impl IntoIterator<Item = [u8; N]> {
        [self.0]
    }
    fn is_goal(&self, stack: &[u8; N]) -> bool {
        stack.is_sorted()
    }
    fn successors(&self, stack: &[u8; N]) -> impl IntoIterator<Item = ([u8; N], u32)> {
        let stack = *stack;
        (2..=N).map(move |k| {
            let mut next = stack;
            next[..k].reverse();
            (next, 1)
        })
    }
}

/// A seeded shuffle (xorshift), so that the stacks tested are the same on every run.
fn shuffled(seed: u64) -> [u8; N] {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut stack: [u8; N] = std::array::from_fn(|i| i as u8);
    for i in (1..N).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        stack.swap(i, (state % (i as u64 + 1)) as usize);
    }
    stack
}

/// A clone through a generic bound, as a user's code needing `H: Clone` would make.
fn clone_of<T: Clone>(value: &T) -> T {
    value.clone()
}

#[test]
// The references are the point: `&PdbHeuristic` must be a heuristic.
#[allow(clippy::needless_borrows_for_generic_args, clippy::needless_borrow)]
fn references_to_two_databases_combine_with_max() {
    let (low, high) = (Kept::new(0), Kept::new(4));
    let (db_low, db_high) = (
        PatternDatabase::build(&low).unwrap(),
        PatternDatabase::build(&high).unwrap(),
    );
    let a = db_low.heuristic(|s: &[u8; N]| low.project(s));
    let b = db_high.heuristic(|s: &[u8; N]| high.project(s));
    let both = Max::new(&a, &b);
    let cloned = Max::new(clone_of(&a), clone_of(&b));
    let mut stronger = 0;
    for seed in 0..40 {
        let start = shuffled(seed);
        let problem = Pancakes(start);
        let blind = informed::bfs(&problem).unwrap();
        let with_max = informed::astar_with(&problem, &both).unwrap();
        let with_low = informed::astar_with(&problem, &a).unwrap();
        assert_eq!(with_max.cost(), blind.steps() as u32, "{start:?}");
        assert_eq!(with_low.cost(), blind.steps() as u32, "{start:?}");
        let (ha, hb, hmax): (u32, u32, u32) = (
            a.estimate(&start),
            b.estimate(&start),
            (&both).estimate(&start),
        );
        assert_eq!(hmax, ha.max(hb));
        assert_eq!(Heuristic::<_, u32>::estimate(&cloned, &start), hmax);
        assert!(hmax <= blind.steps() as u32);
        stronger += u32::from(hmax > ha);
        assert!(with_max.stats().expanded <= with_low.stats().expanded + 1);
    }
    // The second database adds information on some stacks, or the test proves nothing.
    assert!(stronger > 0);
}

/// A corridor of `WIDTH` columns and `HEIGHT` rows: steps go right (one way) or up and down,
/// each costing 1. The goal is at column `GOAL`, row 0; every cell right of it is a dead end.
struct Corridor {
    start: (u8, u8),
}

const WIDTH: u8 = 24;
const HEIGHT: u8 = 12;
const GOAL: u8 = 12;

impl SearchProblem for Corridor {
    type State = (u8, u8);
    type Cost = f64;
    fn starts(&self) -> impl IntoIterator<Item = (u8, u8)> {
        [self.start]
    }
    fn is_goal(&self, &(x, y): &(u8, u8)) -> bool {
        (x, y) == (GOAL, 0)
    }
    fn successors(&self, &(x, y): &(u8, u8)) -> impl IntoIterator<Item = ((u8, u8), f64)> {
        [
            (x + 1 < WIDTH).then(|| (x + 1, y)),
            y.checked_sub(1).map(|y| (x, y)),
            (y + 1 < HEIGHT).then(|| (x, y + 1)),
        ]
        .into_iter()
        .flatten()
        .map(|s| (s, 1.0))
    }
}

/// The corridor seen by its column only: up and down stay in place.
struct Columns;

impl Abstraction for Columns {
    type State = u8;
    fn size(&self) -> usize {
        usize::from(WIDTH)
    }
    fn rank(&self, &x: &u8) -> usize {
        usize::from(x)
    }
    fn unrank(&self, rank: usize) -> u8 {
        rank as u8
    }
    fn goals(&self) -> impl IntoIterator<Item = u8> {
        [GOAL]
    }
    fn predecessors(&self, &x: &u8) -> impl IntoIterator<Item = (u8, u32)> {
        x.checked_sub(1).map(|x| (x, 1))
    }
}

#[test]
fn infinite_dead_ends_are_pruned_and_the_cost_stays_optimal() {
    let db = PatternDatabase::build(&Columns).unwrap();
    assert_eq!(db.as_bytes()[usize::from(GOAL) + 1], UNREACHABLE);
    let column = |&(x, _): &(u8, u8)| usize::from(x);
    let zero = db.heuristic(column);
    let infinite = db.heuristic(column).dead_ends(DeadEnds::Infinite);
    let (mut expanded_zero, mut expanded_infinite) = (0, 0);
    let mut dead_zero = 0;
    for x in 0..WIDTH {
        for y in 0..HEIGHT {
            let problem = Corridor { start: (x, y) };
            let reference = informed::dijkstra(&problem);
            let with_zero = informed::astar_with(&problem, zero);
            let with_infinite = informed::astar_with(&problem, infinite);
            match reference {
                Ok(reference) => {
                    let (a, b) = (with_zero.unwrap(), with_infinite.unwrap());
                    assert_eq!(a.cost(), reference.cost(), "from {:?}", (x, y));
                    assert_eq!(b.cost(), reference.cost(), "from {:?}", (x, y));
                    expanded_zero += a.stats().expanded;
                    expanded_infinite += b.stats().expanded;
                }
                Err(SearchError::NoPath { .. }) => {
                    let a = with_zero.unwrap_err();
                    let b = with_infinite.unwrap_err();
                    let (
                        SearchError::NoPath { stats: a, .. },
                        SearchError::NoPath { stats: b, .. },
                    ) = (&a, &b)
                    else {
                        panic!("expected NoPath from {:?}: {a:?}, {b:?}", (x, y));
                    };
                    // Zero explores the whole dead region; infinity prunes its start.
                    assert!(a.expanded > 0);
                    dead_zero += a.expanded;
                    assert_eq!(b.expanded, 0, "from {:?}", (x, y));
                }
                Err(other) => panic!("{other:?}"),
            }
        }
    }
    println!(
        "expanded over the starts with a path: {expanded_zero} estimating 0, \
         {expanded_infinite} pruning; over the dead starts: {dead_zero} estimating 0, 0 pruning"
    );
    // With a path, the searches estimating 0 wander into the dead region; pruning does not.
    assert!(
        expanded_infinite < expanded_zero,
        "{expanded_infinite} ≥ {expanded_zero}"
    );
}

#[test]
fn infinite_dead_ends_with_integer_costs_estimate_zero() {
    let db = PatternDatabase::from_table(vec![0, UNREACHABLE]);
    let h = db.heuristic(|&s: &usize| s).dead_ends(DeadEnds::Infinite);
    assert_eq!(Heuristic::<usize, u32>::estimate(&h, &1), 0);
    assert_eq!(Heuristic::<usize, f32>::estimate(&h, &1), f32::INFINITY);
    // Out of range proves nothing.
    assert_eq!(Heuristic::<usize, f32>::estimate(&h, &7), 0.0);
}

fn saved(db: &PatternDatabase) -> Vec<u8> {
    let mut file = Vec::new();
    db.save(&mut file).unwrap();
    file
}

#[test]
fn files_round_trip_and_check_their_abstraction() {
    let kept = Kept::new(0);
    let db = PatternDatabase::build(&kept).unwrap();
    let file = saved(&db);
    assert_eq!(file.len(), 8 + 4 + 8 + db.len() + 8);
    assert_eq!(&file[..8], b"INFRMGPD");
    assert_eq!(PatternDatabase::load(&mut file.as_slice()).unwrap(), db);
    assert_eq!(
        PatternDatabase::load_for(&kept, &mut file.as_slice()).unwrap(),
        db
    );
    // The right size for another abstraction: its goal is not at 0.
    let other = Kept::new(4);
    let error = PatternDatabase::load_for(&other, &mut file.as_slice()).unwrap_err();
    assert!(matches!(error, PdbError::Mismatch { .. }), "{error}");
}

/// A file of `body` (header and table, edited) sealed with its checksum recomputed.
fn resealed(body: Vec<u8>) -> Vec<u8> {
    let sum = checksum(&body);
    [body, sum.to_le_bytes().to_vec()].concat()
}

/// The format's checksum (FNV-1a over little-endian 64-bit words, then the length), as
/// documented on `AdditivePdb::save`.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0x100_0000_01b3);
    }
    (h ^ bytes.len() as u64).wrapping_mul(0x100_0000_01b3)
}

#[test]
fn damaged_files_are_refused() {
    let kept = Kept::new(0);
    let db = PatternDatabase::build(&kept).unwrap();
    let file = saved(&db);
    assert_eq!(
        checksum(&file[..file.len() - 8]).to_le_bytes(),
        file[file.len() - 8..]
    );
    // Every prefix.
    for len in 0..file.len() {
        let error = PatternDatabase::load(&mut &file[..len]).unwrap_err();
        assert!(
            matches!(error, PdbError::Truncated { .. }),
            "{len} bytes: {error}"
        );
    }
    // A flipped bit anywhere.
    for at in (0..file.len()).step_by(7) {
        let mut bad = file.clone();
        bad[at] ^= 0x10;
        let error = PatternDatabase::load(&mut bad.as_slice()).unwrap_err();
        let expected = match at {
            0..8 => matches!(error, PdbError::BadMagic { .. }),
            8..12 => matches!(error, PdbError::UnsupportedVersion { .. }),
            // A count changed: the table and the checksum land elsewhere.
            12..20 => matches!(
                error,
                PdbError::Truncated { .. } | PdbError::Checksum { .. } | PdbError::TrailingData
            ),
            _ => matches!(error, PdbError::Checksum { .. }),
        };
        assert!(expected, "byte {at}: {error}");
    }
    // Trailing garbage.
    let mut long = file.clone();
    long.push(0);
    assert_eq!(
        PatternDatabase::load(&mut long.as_slice()),
        Err(PdbError::TrailingData)
    );
    // A count beyond what a table may hold.
    let mut huge = file[..20].to_vec();
    huge[12..20].copy_from_slice(&(u64::MAX).to_le_bytes());
    let error = PatternDatabase::load(&mut huge.as_slice()).unwrap_err();
    assert!(matches!(error, PdbError::TooLarge { .. }), "{error}");
    // A forged table, its checksum recomputed: `load` trusts it, `load_for` does not.
    let mut forged = file[..file.len() - 8].to_vec();
    let far = db
        .as_bytes()
        .iter()
        .position(|&d| d == db.max_distance())
        .unwrap();
    forged[20 + far] = 0;
    let forged = resealed(forged);
    assert!(PatternDatabase::load(&mut forged.as_slice()).is_ok());
    let error = PatternDatabase::load_for(&kept, &mut forged.as_slice()).unwrap_err();
    assert!(matches!(error, PdbError::Mismatch { .. }), "{error}");
    assert!(
        error.to_string().contains("but a step of cost 1 to rank"),
        "{error}"
    );
}

#[test]
fn a_huge_count_in_a_tiny_file_reads_only_the_file() {
    // 2³² entries announced, 3 present: the error names what was found, and memory followed
    // the 3 bytes (tests/hostile_pdb.rs checks the same under a small address-space limit).
    let mut file = Vec::new();
    file.extend_from_slice(b"INFRMGPD");
    file.extend_from_slice(&1u32.to_le_bytes());
    file.extend_from_slice(&(1u64 << 32).to_le_bytes());
    file.extend_from_slice(&[0, 1, 2]);
    let error = PatternDatabase::load(&mut file.as_slice()).unwrap_err();
    assert_eq!(
        error,
        PdbError::Truncated {
            part: "table",
            expected: 1 << 32,
            found: 3
        }
    );
    assert!(
        error.to_string().contains("3 bytes of its table"),
        "{error}"
    );
}
