//! Korf's 100 random 15-puzzle instances, read from `../shared/data/puzzles/korf100.txt` in
//! place (or `$INFORMED_DATA/puzzles/korf100.txt`), for the IDA* bench and the `korf100` runner.

#![allow(dead_code, unreachable_pub)]

pub mod hand_written;

use std::path::PathBuf;

use informed::puzzle::{Board, SlidingPuzzle};

/// The goal of Korf's instances: the blank top-left, tile t in cell t.
pub const GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// One of Korf's instances with what the file says about it.
#[derive(Clone, Debug)]
pub struct Instance {
    /// Korf's number, 1 to 100.
    pub id: u32,
    /// The start board.
    pub board: Board,
    /// The optimal solution length.
    pub optimal: u32,
    /// The node count in Korf (1985).
    pub published: u64,
    /// The node count of a plain recount (see the file's header).
    pub recomputed: u64,
}

/// The 15-puzzle with Korf's goal.
pub fn puzzle() -> SlidingPuzzle {
    SlidingPuzzle::new(4, 4)
        .and_then(|p| p.with_goal(GOAL))
        .expect("Korf's goal is a board")
}

/// The file, or `None` with a note when it is absent.
pub fn file() -> Option<PathBuf> {
    let candidates = match std::env::var_os("INFORMED_DATA") {
        Some(dir) => vec![PathBuf::from(dir)],
        None => {
            let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
            vec![
                manifest.join("../../shared/data"),
                manifest.join("../shared/data"),
            ]
        }
    };
    let found = candidates
        .iter()
        .map(|dir| dir.join("puzzles/korf100.txt"))
        .find(|path| path.exists());
    if found.is_none() {
        println!("skipped: puzzles/korf100.txt not found under {candidates:?}");
    }
    found
}

/// Every instance of the file, or `None` with a note when it is absent.
pub fn instances(puzzle: &SlidingPuzzle) -> Option<Vec<Instance>> {
    let text = std::fs::read_to_string(file()?).expect("korf100.txt is readable");
    let mut all = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let numbers: Vec<u64> = line
            .split_whitespace()
            .map(|n| n.parse().expect("korf100.txt holds numbers"))
            .collect();
        assert!(numbers.len() >= 20, "korf100.txt: short line {line:?}");
        let tiles: Vec<u8> = numbers[1..17].iter().map(|&t| t as u8).collect();
        all.push(Instance {
            id: numbers[0] as u32,
            board: puzzle.board(&tiles).expect("korf100.txt holds boards"),
            optimal: numbers[17] as u32,
            published: numbers[18],
            recomputed: numbers[19],
        });
    }
    Some(all)
}
