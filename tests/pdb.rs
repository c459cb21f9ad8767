//! Pattern databases against exact distances: a plain BFS over the whole 2×4 and 3×3 state
//! spaces and a plain 0-1 BFS over the abstract spaces of small patterns, both written on tile
//! vectors independently of the crate; save/load round trips and damaged files.

mod common;

use std::collections::{HashMap, VecDeque};

use common::{exact_distances, neighbours};

use informed::pdb::{Abstraction, PatternDatabase, PdbError, Placements, UNREACHABLE};
use informed::puzzle::{
    AdditivePdb, BuildOptions, MAGIC, Origin, Partition, PdbFileError, Reflection, SlidingPuzzle,
};
use informed::{Heuristic, Max};

/// The additive abstract distance of every placement of `pattern` (cells of its tiles, in
/// order), by a 0-1 BFS over (cells of the pattern's tiles, blank cell) from the goal: moving a
/// pattern tile costs 1, any other tile 0; the least over the blank's cells.
fn abstract_distances(
    width: usize,
    height: usize,
    goal: &[u8],
    pattern: &[u8],
) -> HashMap<Vec<u8>, u32> {
    let cell_of = |tile: u8| goal.iter().position(|&t| t == tile).unwrap() as u8;
    let mut start: Vec<u8> = pattern.iter().map(|&t| cell_of(t)).collect();
    start.push(cell_of(0));
    let mut best: HashMap<Vec<u8>, u32> = HashMap::from([(start.clone(), 0)]);
    let mut deque = VecDeque::from([(start, 0u32)]);
    while let Some((state, d)) = deque.pop_front() {
        if best[&state] < d {
            continue;
        }
        let blank = usize::from(*state.last().unwrap());
        for other in neighbours(width, height, blank) {
            let mut next = state.clone();
            let k = pattern.len();
            let cost = match state[..k].iter().position(|&c| usize::from(c) == other) {
                Some(i) => {
                    next[i] = blank as u8;
                    1
                }
                None => 0,
            };
            next[k] = other as u8;
            let reached = d + cost;
            if best.get(&next).is_none_or(|&b| reached < b) {
                best.insert(next.clone(), reached);
                if cost == 0 {
                    deque.push_front((next, reached));
                } else {
                    deque.push_back((next, reached));
                }
            }
        }
    }
    let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
    for (state, d) in best {
        let key = state[..pattern.len()].to_vec();
        let entry = least.entry(key).or_insert(d);
        *entry = (*entry).min(d);
    }
    least
}

fn ordered_goal(cells: usize) -> Vec<u8> {
    (1..cells as u8).chain([0]).collect()
}

fn blank_first_goal(cells: usize) -> Vec<u8> {
    (0..cells as u8).collect()
}

/// Checks `pdb` on every board of its (small) puzzle: admissible against `exact`, 0 at the
/// goal; returns how many boards it got exactly right and how many moves lower the estimate by
/// more than 1 (inconsistent steps).
fn audit_full_space(
    puzzle: &SlidingPuzzle,
    exact: &HashMap<Vec<u8>, u32>,
    h: &impl Heuristic<informed::puzzle::Board, u32>,
) -> (usize, usize) {
    let (w, ht) = (puzzle.width(), puzzle.height());
    let mut exact_hits = 0;
    let mut inconsistent = 0;
    for (tiles, &d) in exact {
        let board = puzzle.board(tiles).unwrap();
        let estimate = h.estimate(&board);
        assert!(
            estimate <= d,
            "{tiles:?}: estimate {estimate} > distance {d}"
        );
        if estimate == d {
            exact_hits += 1;
        }
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        for other in neighbours(w, ht, blank) {
            let mut next = tiles.clone();
            next.swap(blank, other);
            let after = h.estimate(&puzzle.board(&next).unwrap());
            inconsistent += usize::from(estimate > after + 1);
        }
    }
    assert_eq!(h.estimate(&puzzle.goal()), 0);
    (exact_hits, inconsistent)
}

#[test]
fn full_spaces_admissible_and_where_promised_consistent() {
    for (w, h) in [(2, 4), (4, 2), (3, 3)] {
        for goal in [ordered_goal(w * h), blank_first_goal(w * h)] {
            let puzzle = SlidingPuzzle::new(w, h)
                .unwrap()
                .with_goal(&goal.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                .unwrap();
            let exact = exact_distances(w, h, &goal);
            assert_eq!(exact.len(), (1..=w * h).product::<usize>() / 2);
            // The standard partition of these boards is one group of every tile: exact.
            let standard = Partition::standard(&puzzle);
            assert_eq!(standard.groups().len(), 1);
            let pdb = AdditivePdb::build(&puzzle, &standard).unwrap();
            assert_eq!(audit_full_space(&puzzle, &exact, &pdb), (exact.len(), 0));
            // Single tiles never split the blank's cells: each group's entry is the distance of
            // the board's own abstract state, and the sum is consistent.
            let singles = Partition::parse(&puzzle, "1/2/3/4/5/6/7").unwrap();
            let pdb = AdditivePdb::build(&puzzle, &singles).unwrap();
            assert_eq!(audit_full_space(&puzzle, &exact, &pdb).1, 0);
            let texts: &[&str] = if w == h {
                &["1,2,3,4/5,6,7,8", "2,3,6/1,7"]
            } else {
                &["1,2,3,4/5,6,7", "1,3,5,7/2,4,6", "2,3,6/1,7"]
            };
            for text in texts {
                let partition = Partition::parse(&puzzle, text).unwrap();
                let pdb = AdditivePdb::build(&puzzle, &partition).unwrap();
                let (plain_hits, bad) = audit_full_space(&puzzle, &exact, &pdb);
                println!("{w}×{h} {text}: exact on {plain_hits} boards, {bad} inconsistent moves");
                if w == h {
                    // Both goals have the blank on the diagonal of a square board.
                    let reflected = pdb.clone().with_reflection(Reflection::Diagonal).unwrap();
                    let (hits, bad) = audit_full_space(&puzzle, &exact, &reflected);
                    println!("  reflected: exact on {hits}, {bad} inconsistent moves");
                    assert!(hits >= plain_hits);
                    let with_lc = Max::new(&reflected, puzzle.linear_conflict());
                    audit_full_space(&puzzle, &exact, &with_lc);
                }
            }
        }
    }
}

#[test]
fn each_group_is_its_exact_abstract_distance() {
    let cases: [(usize, usize, &str); 4] = [
        (3, 3, "1,2,3,4/5,6,7,8"),
        (2, 4, "1,4,5/2,3,6,7"),
        (4, 4, "1,2,3/4,5"),
        (4, 4, "15,11,12"),
    ];
    for (w, h, text) in cases {
        for goal in [ordered_goal(w * h), blank_first_goal(w * h)] {
            let puzzle = SlidingPuzzle::new(w, h)
                .unwrap()
                .with_goal(&goal.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                .unwrap();
            let partition = Partition::parse(&puzzle, text).unwrap();
            let pdb = AdditivePdb::build(&puzzle, &partition).unwrap();
            for (g, group) in partition.groups().iter().enumerate() {
                let reference = abstract_distances(w, h, &goal, group);
                let placements = Placements::new(w * h, group.len()).unwrap();
                let table = pdb.table(g).unwrap();
                assert_eq!(table.len(), placements.count());
                let mut slots = vec![0u8; group.len()];
                for (rank, &entry) in table.iter().enumerate() {
                    placements.unrank(rank, &mut slots);
                    let expected = reference.get(&slots).copied();
                    let found = (entry != UNREACHABLE).then_some(u32::from(entry));
                    assert_eq!(found, expected, "{w}×{h} group {group:?} at {slots:?}");
                }
            }
        }
    }
}

#[test]
fn additive_sum_admissible_on_4x4_boards_near_the_goal() {
    // 4×4 boards ten random moves from the goal: the sum of small groups never exceeds the
    // exact distance found by BFS, and equals the sum of the groups.
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let partition = Partition::parse(&puzzle, "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15").unwrap();
    let pdb = AdditivePdb::build(&puzzle, &partition)
        .unwrap()
        .with_reflection(Reflection::Diagonal)
        .unwrap();
    let plain = pdb.clone().with_reflection(Reflection::None).unwrap();
    for seed in 0..40u64 {
        let board = puzzle.random_board(seed);
        let sum: u32 = plain.group_estimates(board).iter().sum();
        assert_eq!(plain.estimate(&board), sum);
        assert!(pdb.estimate(&board) >= sum);
        assert!(pdb.estimate(&board) >= puzzle.manhattan().estimate(&board));
    }
    let problem = puzzle
        .problem(
            puzzle
                .parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")
                .unwrap(),
        )
        .unwrap();
    assert_eq!(informed::idastar_with(&problem, &pdb).unwrap().cost(), 9);
}

#[test]
fn threads_do_not_change_the_tables() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let partition = Partition::parse(&puzzle, "1,2,3,4,5/6,7,8").unwrap();
    let one = AdditivePdb::build_with(&puzzle, &partition, BuildOptions::new().threads(1));
    let four = AdditivePdb::build_with(&puzzle, &partition, BuildOptions::new().threads(4));
    assert_eq!(one.unwrap(), four.unwrap());
}

#[test]
fn progress_reports_every_layer() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let partition = Partition::standard(&puzzle);
    let mut depths = Vec::new();
    let mut report = |p: &informed::puzzle::BuildProgress| depths.push((p.depth, p.filled));
    let pdb = AdditivePdb::build_with(
        &puzzle,
        &partition,
        BuildOptions::new().on_progress(&mut report),
    )
    .unwrap();
    // The 8-puzzle's diameter is 31; half the placements of 8 tiles are reachable.
    assert_eq!(depths.last().unwrap(), &(31, 181_440));
    assert_eq!(pdb.table(0).unwrap().iter().max(), Some(&UNREACHABLE));
}

#[test]
fn partitions_are_checked() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let err = |text: &str| Partition::parse(&puzzle, text).unwrap_err().to_string();
    assert!(
        err("1,2,3/3,4").contains("tile 3 is in two groups"),
        "{}",
        err("1,2/2")
    );
    assert!(err("0,1").contains("blank"));
    assert!(err("1,16").contains("tile 16 is out of range"));
    assert!(err("1,x").contains("\"x\" is not a tile number"));
    assert!(err("1,2//3").contains("empty group"));
    assert!(err("1,2,3,4,5,6,7,8,9").contains("too many placements"));
    let standard = Partition::standard(&puzzle);
    assert_eq!(standard.to_string(), "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15");
    let korf = SlidingPuzzle::new(4, 4)
        .unwrap()
        .with_goal("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
        .unwrap();
    assert_eq!(
        Partition::standard(&korf).to_string(),
        "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15"
    );
    let five = SlidingPuzzle::new(5, 5)
        .unwrap()
        .with_goal(
            &(0..25)
                .map(|t: u8| t.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        )
        .unwrap();
    assert_eq!(
        Partition::standard(&five).to_string(),
        "1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24"
    );
    let wide = SlidingPuzzle::new(3, 2).unwrap();
    assert!(
        AdditivePdb::build(&wide, &Partition::standard(&wide))
            .unwrap()
            .with_reflection(Reflection::Diagonal)
            .unwrap_err()
            .to_string()
            .contains("no diagonal reflection on a 3×2 board")
    );
}

fn small_pdb() -> (SlidingPuzzle, Partition, AdditivePdb, Vec<u8>) {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let partition = Partition::parse(&puzzle, "1,2,3,4/5,6,7,8").unwrap();
    let pdb = AdditivePdb::build(&puzzle, &partition).unwrap();
    let mut file = Vec::new();
    pdb.save(&mut file).unwrap();
    (puzzle, partition, pdb, file)
}

#[test]
fn save_and_load_round_trip() {
    let (puzzle, partition, pdb, file) = small_pdb();
    assert_eq!(&file[..8], &MAGIC);
    // Header: 8 + 4 + 2 + 9 + 1 + (1 + 4) × 2 + 8 × 2; tables 3024 × 2; checksum 8.
    assert_eq!(file.len(), 8 + 4 + 2 + 9 + 1 + 10 + 16 + 2 * 3024 + 8);
    let loaded = AdditivePdb::load(&puzzle, &mut file.as_slice()).unwrap();
    assert_eq!(loaded, pdb);
    let expecting = AdditivePdb::load_expecting(&puzzle, &partition, &mut file.as_slice());
    assert_eq!(expecting.unwrap(), pdb);
    // Through a real file too.
    let path = std::env::temp_dir().join(format!("informed-pdb-test-{}.pdb", std::process::id()));
    pdb.save(&mut std::fs::File::create(&path).unwrap())
        .unwrap();
    let from_disk = AdditivePdb::load(&puzzle, &mut std::fs::File::open(&path).unwrap());
    std::fs::remove_file(&path).unwrap();
    assert_eq!(from_disk.unwrap(), pdb);
}

#[test]
fn load_or_build_builds_once() {
    let (puzzle, partition, pdb, _) = small_pdb();
    let dir = std::env::temp_dir().join(format!("informed-pdb-dir-{}", std::process::id()));
    let first = AdditivePdb::load_or_build(&puzzle, &partition, &dir, BuildOptions::new());
    let (built, origin) = first.unwrap();
    assert_eq!((origin, &built), (Origin::Built, &pdb));
    let again = AdditivePdb::load_or_build(&puzzle, &partition, &dir, BuildOptions::new());
    let (loaded, origin) = again.unwrap();
    assert_eq!((origin, &loaded), (Origin::Loaded, &pdb));
    let name = AdditivePdb::file_name(&puzzle, &partition);
    assert!(
        name.starts_with("3x3-g") && name.ends_with("-1_2_3_4-5_6_7_8.pdb"),
        "{name}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_files_are_refused() {
    let (puzzle, _, _, file) = small_pdb();
    let load = |bytes: &[u8]| AdditivePdb::load(&puzzle, &mut &bytes[..]).unwrap_err();

    // Every single flipped bit of the tables or the checksum is caught.
    for at in [60, 500, 3000, 6000, file.len() - 20, file.len() - 1] {
        let mut bad = file.clone();
        bad[at] ^= 0x10;
        assert!(
            matches!(load(&bad), PdbFileError::Checksum { .. }),
            "{at}: {}",
            load(&bad)
        );
    }
    // Cut anywhere: a typed error, never a panic or a table.
    for len in (0..file.len())
        .step_by(97)
        .chain([file.len() - 1, file.len() - 8])
    {
        let error = load(&file[..len]);
        assert!(
            matches!(
                error,
                PdbFileError::BadMagic
                    | PdbFileError::BadHeader { .. }
                    | PdbFileError::Truncated { .. }
            ),
            "{len}: {error}"
        );
    }
    assert!(load(&file[..100]).to_string().contains("truncated"));
    let mut long = file.clone();
    long.push(0);
    assert_eq!(load(&long), PdbFileError::TrailingData);
    let mut magic = file.clone();
    magic[0] = b'X';
    assert_eq!(load(&magic), PdbFileError::BadMagic);
    let mut version = file.clone();
    version[8] = 9;
    assert_eq!(
        load(&version),
        PdbFileError::UnsupportedVersion { found: 9 }
    );
    // A header announcing a huge table: refused before anything is allocated for it.
    let mut lying = file.clone();
    let lengths = 8 + 4 + 2 + 9 + 1 + 10;
    lying[lengths..lengths + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    let error = load(&lying);
    assert!(
        error
            .to_string()
            .contains("a table of 18446744073709551615 bytes"),
        "{error}"
    );
    // A partition that makes no sense.
    let mut groups = file.clone();
    groups[8 + 4 + 2 + 9 + 1 + 1] = 0; // the first group's first tile becomes the blank
    assert!(
        load(&groups).to_string().contains("blank"),
        "{}",
        load(&groups)
    );
}

#[test]
fn mismatched_files_are_refused() {
    let (puzzle, _, _, file) = small_pdb();
    let other_goal = puzzle.clone().with_goal("0 1 2 3 4 5 6 7 8").unwrap();
    let error = AdditivePdb::load(&other_goal, &mut file.as_slice()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "pattern database file is for another puzzle: its goal is 1 2 3 4 5 6 7 8 0, expected \
         0 1 2 3 4 5 6 7 8"
    );
    let other_size = SlidingPuzzle::new(4, 4).unwrap();
    let error = AdditivePdb::load(&other_size, &mut file.as_slice()).unwrap_err();
    assert!(
        matches!(error, PdbFileError::Mismatch { field: "size", .. }),
        "{error}"
    );
    let other_partition = Partition::parse(&puzzle, "1,2,3/4,5,6,7,8").unwrap();
    let error =
        AdditivePdb::load_expecting(&puzzle, &other_partition, &mut file.as_slice()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "pattern database file is for another puzzle: its partition is 1,2,3,4/5,6,7,8, \
         expected 1,2,3/4,5,6,7,8"
    );
}

/// The whole 2×4 puzzle as an abstraction of itself: the generic builder must reproduce BFS.
struct Whole {
    placements: Placements,
}

impl Abstraction for Whole {
    type State = Vec<u8>; // cell of each tile 0..8 (0 the blank)
    fn size(&self) -> usize {
        self.placements.count()
    }
    fn rank(&self, cells: &Vec<u8>) -> usize {
        self.placements.rank(cells)
    }
    fn unrank(&self, rank: usize) -> Vec<u8> {
        let mut cells = vec![0; 8];
        self.placements.unrank(rank, &mut cells);
        cells
    }
    fn goals(&self) -> impl IntoIterator<Item = Vec<u8>> {
        [(0..8).collect()]
    }
    fn predecessors(&self, cells: &Vec<u8>) -> impl IntoIterator<Item = (Vec<u8>, u32)> {
        let mut out = Vec::new();
        let blank = usize::from(cells[0]);
        for other in neighbours(4, 2, blank) {
            let mut next = cells.clone();
            let tile = next.iter().position(|&c| usize::from(c) == other).unwrap();
            next[tile] = blank as u8;
            next[0] = other as u8;
            // Weighted: moving an odd tile costs 2, an even one 1.
            out.push((next, if tile % 2 == 1 { 2 } else { 1 }));
        }
        out
    }
}

#[test]
fn generic_builder_matches_dijkstra() {
    let whole = Whole {
        placements: Placements::new(8, 8).unwrap(),
    };
    let db = PatternDatabase::build(&whole).unwrap();
    // Reference: Dijkstra over tile vectors with the same costs.
    let goal: Vec<u8> = (0..8).collect();
    let mut best: HashMap<Vec<u8>, u32> = HashMap::from([(goal.clone(), 0)]);
    let mut heap = std::collections::BinaryHeap::from([std::cmp::Reverse((0u32, goal))]);
    while let Some(std::cmp::Reverse((d, board))) = heap.pop() {
        if best[&board] < d {
            continue;
        }
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for other in neighbours(4, 2, blank) {
            let tile = board[other];
            let mut next = board.clone();
            next.swap(blank, other);
            let reached = d + if tile % 2 == 1 { 2 } else { 1 };
            if best.get(&next).is_none_or(|&b| reached < b) {
                best.insert(next.clone(), reached);
                heap.push(std::cmp::Reverse((reached, next)));
            }
        }
    }
    let mut reachable = 0;
    for rank in 0..db.len() {
        let cells = whole.unrank(rank);
        let mut board = vec![0u8; 8];
        for (tile, &cell) in cells.iter().enumerate() {
            board[usize::from(cell)] = tile as u8;
        }
        let expected = best.get(&board).map(|&d| d as u8);
        assert_eq!(db.distance(rank), expected, "{board:?}");
        reachable += usize::from(expected.is_some());
    }
    assert_eq!(reachable, 20_160);
}

#[test]
fn generic_builder_errors() {
    struct Bad(u32, usize);
    impl Abstraction for Bad {
        type State = usize;
        fn size(&self) -> usize {
            4
        }
        fn rank(&self, s: &usize) -> usize {
            *s
        }
        fn unrank(&self, r: usize) -> usize {
            r
        }
        fn goals(&self) -> impl IntoIterator<Item = usize> {
            [0]
        }
        fn predecessors(&self, s: &usize) -> impl IntoIterator<Item = (usize, u32)> {
            [((*s + 1) % self.1, self.0)]
        }
    }
    assert_eq!(
        PatternDatabase::build(&Bad(255, 4)).unwrap_err(),
        PdbError::CostTooLarge { cost: 255 }
    );
    assert_eq!(
        PatternDatabase::build(&Bad(1, 9)).unwrap_err(),
        PdbError::RankOutOfRange { rank: 4, size: 4 }
    );
    assert_eq!(
        PatternDatabase::build(&Bad(100, 4)).unwrap_err(),
        PdbError::DistanceTooLarge { rank: 3 }
    );
    let db = PatternDatabase::build(&Bad(3, 4)).unwrap();
    assert_eq!(db.as_bytes(), &[0, 3, 6, 9]);
    assert!(Placements::new(4, 5).is_err());
    assert!(
        Placements::new(25, 8)
            .unwrap_err()
            .to_string()
            .contains("too large")
    );
}

/// Korf's 100 read in place where ../shared is present: a few easy instances solved with small
/// patterns (the 7-8 build is left to the benchmark binary).
#[test]
fn easy_korf_instances_with_small_patterns() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/puzzles/korf100.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} is absent", path.display());
        return;
    };
    let puzzle = SlidingPuzzle::new(4, 4)
        .unwrap()
        .with_goal("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
        .unwrap();
    let partition = Partition::parse(&puzzle, "1,4,5/2,3,6,7/8,9,12,13/10,11,14,15").unwrap();
    let pdb = AdditivePdb::build(&puzzle, &partition)
        .unwrap()
        .with_reflection(Reflection::Diagonal)
        .unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if !["79", "12", "42"].contains(&fields[0]) {
            continue;
        }
        let board = puzzle.parse(&fields[1..17].join(" ")).unwrap();
        let optimal: u32 = fields[17].parse().unwrap();
        let solution = informed::idastar_with(&puzzle.problem(board).unwrap(), &pdb).unwrap();
        assert_eq!(solution.cost(), optimal, "instance {}", fields[0]);
    }
}

#[test]
fn public_types_are_send_sync_and_unwind_safe() {
    fn check<T: Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>() {}
    check::<AdditivePdb>();
    check::<Partition>();
    check::<PdbFileError>();
    check::<Reflection>();
    check::<Origin>();
    check::<PatternDatabase>();
    check::<Placements>();
    check::<PdbError>();
}
