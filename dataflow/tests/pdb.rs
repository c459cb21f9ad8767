//! Pattern databases built over worker threads, byte for byte against the single-process
//! builders: `PatternDatabase::build` on random abstractions with costs of 0 and more, and
//! `AdditivePdb`'s tables and file.

use std::sync::Arc;

use informed::pdb::{Abstraction, PatternDatabase, PdbError};
use informed::puzzle::{AdditivePdb, Partition, SlidingPuzzle};
use informed_dataflow::{AdditiveTables, Cluster, DataflowError, DistributedPdb, PuzzlePattern};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

type Result = std::result::Result<(), Box<dyn std::error::Error>>;

fn distributed<A, F>(threads: usize, make: F) -> std::result::Result<PatternDatabase, DataflowError>
where
    A: Abstraction + 'static,
    F: Fn() -> A + Send + Sync + 'static,
{
    let built = DistributedPdb::new(make).build(&Cluster::threads(threads).expect("threads"))?;
    Ok(built.expect("worker 0 is in this process"))
}

#[test]
fn puzzle_patterns_equal_the_single_process_build() -> Result {
    for (width, height, tiles) in [
        (3, 3, &[1u8, 2, 3, 4][..]),
        (3, 3, &[5, 6, 7, 8]),
        (4, 2, &[1, 2, 3, 4, 5, 6, 7]),
        (4, 4, &[1, 2, 3]),
        (4, 4, &[11, 14, 15]),
    ] {
        let puzzle = SlidingPuzzle::new(width, height)?;
        let pattern = PuzzlePattern::new(&puzzle, tiles)?;
        let single = PatternDatabase::build(&pattern)?;
        for threads in [1, 2, 3] {
            let pattern = pattern.clone();
            let db = distributed(threads, move || pattern.clone())?;
            assert!(
                db.as_bytes() == single.as_bytes(),
                "{width}x{height} {tiles:?}, {threads} threads"
            );
        }
    }
    Ok(())
}

#[test]
fn additive_tables_and_file_equal_additive_pdb() -> Result {
    for (width, height, groups) in [
        (3, 3, "1,2,3,4/5,6,7,8"),
        (3, 3, "1,2,3,4,5,6,7,8"),
        (4, 2, "1,2,3/4,5,6,7"),
        (4, 4, "1,2,3/4,5,6/7,8/9,10,11/12,13,14/15"),
    ] {
        let puzzle = SlidingPuzzle::new(width, height)?;
        let partition = Partition::parse(&puzzle, groups)?;
        let single = AdditivePdb::build(&puzzle, &partition)?;
        let mut expected = Vec::new();
        single.save(&mut expected)?;
        for threads in [1, 3] {
            let tables = AdditiveTables::build(&Cluster::threads(threads)?, &puzzle, &partition)?
                .expect("worker 0 is in this process");
            for group in 0..partition.groups().len() {
                assert!(
                    tables.table(group) == single.table(group),
                    "{groups}, group {group}"
                );
            }
            let mut file = Vec::new();
            tables.save(&mut file)?;
            assert!(
                file == expected,
                "{width}x{height} {groups}, {threads} threads"
            );
            assert_eq!(AdditivePdb::load(&puzzle, &mut file.as_slice())?, single);
        }
    }
    Ok(())
}

/// An abstraction over a random directed graph: `edges[n]` are the predecessors of n with
/// their costs, and `rank_shift` moves every rank, out of range if it is not 0.
#[derive(Clone, Debug)]
struct Random {
    edges: Arc<Vec<Vec<(u32, u32)>>>,
    goals: Vec<u32>,
    rank_shift: usize,
}

impl Abstraction for Random {
    type State = u32;

    fn size(&self) -> usize {
        self.edges.len()
    }

    fn rank(&self, state: &u32) -> usize {
        *state as usize + self.rank_shift
    }

    fn unrank(&self, rank: usize) -> u32 {
        rank as u32
    }

    fn goals(&self) -> impl IntoIterator<Item = u32> {
        self.goals.clone()
    }

    fn predecessors(&self, state: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        let mut out = Vec::new();
        for &(before, cost) in &self.edges[*state as usize] {
            out.push((before, cost));
        }
        out
    }
}

fn randoms() -> impl Strategy<Value = Random> {
    (1usize..40).prop_flat_map(|nodes| {
        let cost =
            prop_oneof![4 => 0u32..3, 1 => Just(130u32), 1 => Just(254u32), 1 => Just(255u32)];
        let edges = proptest::collection::vec(
            proptest::collection::vec((0..nodes as u32, cost), 0..4),
            nodes,
        );
        let goals = proptest::collection::vec(0..nodes as u32, 0..3);
        let shift = prop_oneof![9 => Just(0usize), 1 => 0..3usize];
        (edges, goals, shift).prop_map(|(edges, goals, rank_shift)| Random {
            edges: Arc::new(edges),
            goals,
            rank_shift,
        })
    })
}

fn config() -> Config {
    let mut config = Config {
        cases: 64,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    };
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x5ea7c4);
    }
    config
}

/// The kind of a build's error, without the rank or cost it names (the builds may find
/// different offenders first).
fn kind(error: &PdbError) -> std::mem::Discriminant<PdbError> {
    std::mem::discriminant(error)
}

proptest! {
    #![proptest_config(config())]

    /// Random abstractions, with steps of cost 0, small costs, and costs that make distances
    /// of 255 or more, or do not fit: the same table, or the same kind of error.
    #[test]
    fn random_abstractions_equal_the_single_process_build(random in randoms(), threads in 1usize..5) {
        let single = PatternDatabase::build(&random);
        let make = { let random = random.clone(); move || random.clone() };
        match (single, distributed(threads, make)) {
            (Ok(single), Ok(db)) => prop_assert_eq!(db.as_bytes(), single.as_bytes()),
            (Err(single), Err(DataflowError::Pdb(error))) => prop_assert_eq!(kind(&error), kind(&single)),
            (single, db) => prop_assert!(false, "single-process {:?}, distributed {:?}", single, db),
        }
    }
}

#[test]
fn each_error_of_the_single_process_build_is_found() {
    let chain = |costs: &[u32], goals: Vec<u32>, rank_shift| Random {
        // Node i + 1 is a predecessor of node i at costs[i].
        edges: Arc::new(
            (0..=costs.len())
                .map(|i| {
                    costs
                        .get(i)
                        .map(|&cost| vec![(i as u32 + 1, cost)])
                        .unwrap_or_default()
                })
                .collect(),
        ),
        goals,
        rank_shift,
    };
    let cases = [
        (chain(&[1, 1], vec![0], 0), None),
        (chain(&[200, 54], vec![0], 0), None),
        (
            chain(&[200, 55], vec![0], 0),
            Some(PdbError::DistanceTooLarge { rank: 2 }),
        ),
        (
            chain(&[1, 255], vec![0], 0),
            Some(PdbError::CostTooLarge { cost: 255 }),
        ),
        (
            chain(&[1], vec![1], 1),
            Some(PdbError::RankOutOfRange { rank: 2, size: 2 }),
        ),
        (chain(&[0, 0, 3, 0], vec![0], 0), None),
    ];
    for (random, expected) in cases {
        let single = PatternDatabase::build(&random);
        assert_eq!(single.as_ref().err(), expected.as_ref(), "{random:?}");
        for threads in [1, 2] {
            let make = {
                let random = random.clone();
                move || random.clone()
            };
            match (&single, distributed(threads, make)) {
                (Ok(single), Ok(db)) => assert_eq!(db.as_bytes(), single.as_bytes()),
                (Err(single), Err(DataflowError::Pdb(error))) => assert_eq!(&error, single),
                (single, db) => panic!("single-process {single:?}, distributed {db:?}"),
            }
        }
    }
}

#[test]
fn an_abstraction_too_large_is_refused() {
    struct Huge;
    impl Abstraction for Huge {
        type State = u64;
        fn size(&self) -> usize {
            usize::MAX
        }
        fn rank(&self, state: &u64) -> usize {
            *state as usize
        }
        fn unrank(&self, rank: usize) -> u64 {
            rank as u64
        }
        fn goals(&self) -> impl IntoIterator<Item = u64> {
            [0]
        }
        fn predecessors(&self, _: &u64) -> impl IntoIterator<Item = (u64, u32)> {
            []
        }
    }
    let error = distributed(2, || Huge).unwrap_err();
    assert!(
        matches!(error, DataflowError::Pdb(PdbError::TooLarge { .. })),
        "{error:?}"
    );
}

#[test]
fn a_bad_group_is_refused() -> Result {
    let puzzle = SlidingPuzzle::new(3, 3)?;
    for tiles in [&[][..], &[0, 1], &[1, 1], &[9]] {
        let error = PuzzlePattern::new(&puzzle, tiles).unwrap_err();
        assert!(
            matches!(error, DataflowError::BadOptions { .. }),
            "{tiles:?}: {error:?}"
        );
    }
    Ok(())
}
