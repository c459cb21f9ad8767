//! The pocket cube (the 2×2×2 Rubik's cube) with one corner held fixed: 7! × 3⁶ = 3,674,160
//! positions, counted in half turns or quarter turns, with a corner pattern database heuristic.
//!
//! Holding the down-back-left corner in place (a 2×2×2 cube has no fixed centres, so each
//! position of the whole cube is one of 24 rotations of a position with that corner home), the
//! turns of the up (U), right (R) and front (F) faces reach every position. A [`Position`] is
//! numbered densely: the arrangement of the seven other corners (0 to 5,039) and their twists
//! (0 to 728). [`PocketCube`] holds the move tables and the [`Metric`]; [`PocketCube::problem`]
//! gives a [`SearchProblem`] (and [`Bidirectional`], [`InPlaceProblem`]) whose goal is the
//! solved cube.
//!
//! - [`Metric::HalfTurn`] (HTM): a quarter or a half turn of a face is one move, 9 moves a
//!   position; God's number is 11.
//! - [`Metric::QuarterTurn`] (QTM): only quarter turns are moves, 6 a position; God's number
//!   is 14.
//!
//! The distance histograms of both metrics are published (for example on Jaap Scherphuis's
//! puzzle pages and in OEIS A079761 for the half-turn metric) and checked by this crate's
//! tests: in HTM 1, 9, 54, 321, 1,847, 9,992, 50,136, 227,536, 870,072, 1,887,748, 623,800 and
//! 2,644 positions at 0 to 11 moves.
//!
//! The heuristic, [`CornerPdb`], is the larger of two pattern databases built with
//! [`pdb::PatternDatabase`](crate::pdb::PatternDatabase): the exact distance of the corners'
//! twists alone (729 abstract states) and of their arrangement alone (5,040), in the cube's
//! metric. Each is a projection of the cube, so both, and their maximum, are admissible and
//! consistent.
//!
//! # Example
//!
//! ```
//! use informed::cube::{Metric, PocketCube, Turns};
//!
//! let cube = PocketCube::new(Metric::HalfTurn);
//! let scramble: Turns = "R U2 F' R' U".parse()?;
//! let scrambled = cube.apply_all(PocketCube::SOLVED, &scramble.0);
//! let heuristic = cube.corner_pdb()?;
//! let solution = informed::astar_with(&cube.problem(scrambled), &heuristic)?;
//! assert!(solution.cost() <= 5);
//! let turns = cube.turns(solution.path());
//! assert_eq!(cube.apply_all(scrambled, &turns), PocketCube::SOLVED);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Reference
//!
//! R. E. Korf, "Finding optimal solutions to Rubik's Cube using pattern databases",
//! *Proceedings of AAAI-97* (1997), 700–705: corner pattern databases for the cube.

use std::fmt;
use std::str::FromStr;

use crate::heuristic::{Heuristic, heuristic_by_reference};
use crate::in_place::{InPlaceProblem, Moves};
use crate::pdb::{Abstraction, PatternDatabase, PdbError};
use crate::problem::{Bidirectional, SearchProblem};

/// The number of positions: 5,040 arrangements of the seven free corners times 729 twists.
pub const POSITIONS: usize = ARRANGEMENTS * TWISTS;

const ARRANGEMENTS: usize = 5040;
const TWISTS: usize = 729;

/// How moves are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// A quarter or a half turn of a face is one move: 9 moves a position (the default).
    #[default]
    HalfTurn,
    /// Only quarter turns are moves (a half turn is two): 6 moves a position.
    QuarterTurn,
}

/// A face that turns: the other three hold the fixed corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// The up face.
    Up,
    /// The right face.
    Right,
    /// The front face.
    Front,
}

/// A turn of a face by one, two or three quarters clockwise (seen facing the face): written
/// `U`, `U2`, `U'` in the usual notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Turn {
    /// The face turned.
    pub face: Face,
    /// Quarter turns clockwise: 1, 2 or 3 (3 is one counter-clockwise).
    pub quarters: u8,
}

impl Turn {
    /// The turn that undoes this one: the same face, the other way round.
    pub fn inverse(self) -> Turn {
        Turn {
            face: self.face,
            quarters: 4 - self.quarters,
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let face = match self.face {
            Face::Up => "U",
            Face::Right => "R",
            Face::Front => "F",
        };
        let suffix = match self.quarters {
            1 => "",
            2 => "2",
            _ => "'",
        };
        write!(f, "{face}{suffix}")
    }
}

/// A sequence of turns parsed from the usual notation (`"R U2 F'"`), separated by white space.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Turns(pub Vec<Turn>);

/// Why a turn could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTurnError {
    /// The text that is no turn.
    pub text: String,
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is no turn: expected U, R or F, then nothing, 2 or ' (as in R U2 F')",
            self.text
        )
    }
}

impl std::error::Error for ParseTurnError {}

impl FromStr for Turn {
    type Err = ParseTurnError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParseTurnError { text: text.into() };
        let mut chars = text.chars();
        let face = match chars.next() {
            Some('U') => Face::Up,
            Some('R') => Face::Right,
            Some('F') => Face::Front,
            _ => return Err(bad()),
        };
        let quarters = match chars.as_str() {
            "" => 1,
            "2" => 2,
            "'" => 3,
            _ => return Err(bad()),
        };
        Ok(Turn { face, quarters })
    }
}

impl FromStr for Turns {
    type Err = ParseTurnError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(Turns)
    }
}

/// A position of the pocket cube, its down-back-left corner home: `arrangement × 729 +
/// twist`, from 0 (solved) to [`POSITIONS`] − 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(u32);

impl Position {
    /// The position numbered `index`, if below [`POSITIONS`].
    pub fn from_index(index: usize) -> Option<Position> {
        (index < POSITIONS).then_some(Position(index as u32))
    }

    /// The position's number, below [`POSITIONS`]: a perfect rank.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank of the seven free corners' arrangement, 0 to 5,039.
    pub fn arrangement(self) -> usize {
        self.index() / TWISTS
    }

    /// The free corners' twists, 0 to 728 (six of them in base 3; the seventh follows).
    pub fn twist(self) -> usize {
        self.index() % TWISTS
    }

    fn of(arrangement: usize, twist: usize) -> Position {
        Position((arrangement * TWISTS + twist) as u32)
    }
}

/// The pocket cube's move tables, in one metric.
#[derive(Clone, PartialEq, Eq)]
pub struct PocketCube {
    metric: Metric,
    /// `arrangement[a][face]`: the arrangement after a clockwise quarter turn of the face.
    arrangement: Vec<[u16; 3]>,
    /// `twist[t][face]`: the twists after a clockwise quarter turn of the face.
    twist: Vec<[u16; 3]>,
    /// The turns of the metric, in the order tried.
    turns: Vec<Turn>,
}

impl fmt::Debug for PocketCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PocketCube")
            .field("metric", &self.metric)
            .finish_non_exhaustive()
    }
}

/// The corners, in Kociemba's order: URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB. DBL (6) stays.
const FIXED: usize = 6;
/// The clockwise quarter turns of U, R and F: the corner each position takes its cubie from,
/// and the twist it adds.
const QUARTER_TURNS: [([usize; 8], [u8; 8]); 3] = [
    ([3, 0, 1, 2, 4, 5, 6, 7], [0, 0, 0, 0, 0, 0, 0, 0]),
    ([4, 1, 2, 0, 7, 5, 6, 3], [2, 0, 0, 1, 1, 0, 0, 2]),
    ([1, 5, 2, 3, 0, 4, 6, 7], [1, 2, 0, 0, 2, 1, 0, 0]),
];
/// The seven corners that move, in the order the coordinates read them.
const FREE: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

impl PocketCube {
    /// The solved cube.
    pub const SOLVED: Position = Position(0);

    /// The cube counted in `metric`, with its move tables (about 35 KB, built in well under a
    /// millisecond in release builds).
    pub fn new(metric: Metric) -> Self {
        let mut arrangement = vec![[0u16; 3]; ARRANGEMENTS];
        for (rank, moves) in arrangement.iter_mut().enumerate() {
            let cubies = unrank_arrangement(rank);
            for (face, (from, _)) in QUARTER_TURNS.iter().enumerate() {
                let mut turned = cubies;
                for position in FREE {
                    turned[position] = cubies[from[position]];
                }
                moves[face] = rank_arrangement(&turned) as u16;
            }
        }
        let mut twist = vec![[0u16; 3]; TWISTS];
        for (rank, moves) in twist.iter_mut().enumerate() {
            let twists = unrank_twist(rank);
            for (face, (from, add)) in QUARTER_TURNS.iter().enumerate() {
                let mut turned = twists;
                for position in FREE {
                    turned[position] = (twists[from[position]] + add[position]) % 3;
                }
                moves[face] = rank_twist(&turned) as u16;
            }
        }
        let quarters: &[u8] = match metric {
            Metric::HalfTurn => &[1, 2, 3],
            Metric::QuarterTurn => &[1, 3],
        };
        let turns = [Face::Up, Face::Right, Face::Front]
            .into_iter()
            .flat_map(|face| {
                quarters
                    .iter()
                    .map(move |&quarters| Turn { face, quarters })
            })
            .collect();
        PocketCube {
            metric,
            arrangement,
            twist,
            turns,
        }
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The turns that are one move in the metric: U, U2, U', R, R2, R', F, F2, F' (HTM) or
    /// U, U', R, R', F, F' (QTM), in that order.
    pub fn moves(&self) -> &[Turn] {
        &self.turns
    }

    /// `position` after `turn` (any turn, whatever the metric).
    ///
    /// Computes in **O(1)** time: two table lookups a quarter turn.
    #[inline]
    pub fn apply(&self, position: Position, turn: Turn) -> Position {
        let face = turn.face as usize;
        let (mut a, mut t) = (position.arrangement(), position.twist());
        for _ in 0..turn.quarters.min(3) {
            a = usize::from(self.arrangement[a][face]);
            t = usize::from(self.twist[t][face]);
        }
        Position::of(a, t)
    }

    /// `position` after each of `turns` in order.
    pub fn apply_all(&self, position: Position, turns: &[Turn]) -> Position {
        turns.iter().fold(position, |p, &turn| self.apply(p, turn))
    }

    /// The turns (of this metric) between consecutive positions of `path`, such as a solution's
    /// path; a step that is no move of the metric is left out.
    pub fn turns(&self, path: &[Position]) -> Vec<Turn> {
        path.windows(2)
            .filter_map(|pair| {
                self.turns
                    .iter()
                    .copied()
                    .find(|&turn| self.apply(pair[0], turn) == pair[1])
            })
            .collect()
    }

    /// A position `turns` random moves from the solved cube (the same for the same `seed` on
    /// every machine), or, with `turns` = 0, a position drawn uniformly from all
    /// [`POSITIONS`].
    pub fn scramble(&self, seed: u64, turns: usize) -> Position {
        let mut state = seed;
        let mut next = move || {
            // splitmix64
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        if turns == 0 {
            return Position((next() % POSITIONS as u64) as u32);
        }
        (0..turns).fold(Self::SOLVED, |p, _| {
            let turn = self.turns[(next() % self.turns.len() as u64) as usize];
            self.apply(p, turn)
        })
    }

    /// The problem of solving `start`.
    pub fn problem(&self, start: Position) -> CubeProblem<'_> {
        CubeProblem { cube: self, start }
    }

    /// The corner pattern database heuristic of this metric: the larger of the exact distances
    /// of the twists alone and of the arrangement alone (see the [module docs](self)).
    ///
    /// # Errors
    ///
    /// [`PdbError::OutOfMemory`] if the 5,769 bytes of tables cannot be allocated (the
    /// abstractions themselves are valid).
    ///
    /// # Complexity
    ///
    /// Two floods of 729 and 5,040 abstract states.
    pub fn corner_pdb(&self) -> Result<CornerPdb, PdbError> {
        Ok(CornerPdb {
            twist: PatternDatabase::build(&Twists(self))?,
            arrangement: PatternDatabase::build(&Arrangements(self))?,
        })
    }
}

/// The cubie at each position from the rank of the seven free corners' arrangement (the
/// fixed corner in its place).
fn unrank_arrangement(mut rank: usize) -> [usize; 8] {
    let mut free: Vec<usize> = FREE.to_vec();
    let mut cubies = [FIXED; 8];
    for (i, &position) in FREE.iter().enumerate() {
        let weight = (1..FREE.len() - i).product::<usize>();
        cubies[position] = free.remove(rank / weight);
        rank %= weight;
    }
    cubies
}

/// The rank (Lehmer code) of the free corners' arrangement.
fn rank_arrangement(cubies: &[usize; 8]) -> usize {
    let mut rank = 0;
    for (i, &position) in FREE.iter().enumerate() {
        let smaller_later = FREE[i + 1..]
            .iter()
            .filter(|&&later| cubies[later] < cubies[position])
            .count();
        rank = rank * (FREE.len() - i) + smaller_later;
    }
    rank
}

/// The twist of each position from the twist coordinate: the first six free corners in base
/// 3, the seventh making the sum a multiple of 3.
fn unrank_twist(mut rank: usize) -> [u8; 8] {
    let mut twists = [0u8; 8];
    let mut sum = 0;
    for &position in FREE[..6].iter().rev() {
        twists[position] = (rank % 3) as u8;
        sum += rank % 3;
        rank /= 3;
    }
    twists[FREE[6]] = ((3 - sum % 3) % 3) as u8;
    twists
}

fn rank_twist(twists: &[u8; 8]) -> usize {
    FREE[..6].iter().fold(0, |rank, &position| {
        rank * 3 + usize::from(twists[position])
    })
}

/// Solving one position of a [`PocketCube`]: made by [`PocketCube::problem`].
///
/// A [`SearchProblem`] numbered densely (`index_bound` is [`POSITIONS`], so the searches keep
/// their nodes in arrays), [`Bidirectional`] (every turn is undone by a turn of the same cost)
/// and an [`InPlaceProblem`] whose moves are the metric's [`Turn`]s.
#[derive(Clone, Copy, Debug)]
pub struct CubeProblem<'c> {
    cube: &'c PocketCube,
    start: Position,
}

impl<'c> CubeProblem<'c> {
    /// The cube.
    pub fn cube(&self) -> &'c PocketCube {
        self.cube
    }

    /// The start position.
    pub fn start(&self) -> Position {
        self.start
    }
}

impl SearchProblem for CubeProblem<'_> {
    type State = Position;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Position> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, position: &Position) -> bool {
        *position == PocketCube::SOLVED
    }

    #[inline]
    fn successors(&self, &position: &Position) -> impl IntoIterator<Item = (Position, u32)> {
        // Quarter by quarter along each face, so a half or three-quarter turn costs no more
        // lookups than a quarter.
        let cube = self.cube;
        let mut out = [(PocketCube::SOLVED, 1); 9];
        let mut count = 0;
        for face in 0..3 {
            let (mut a, mut t) = (position.arrangement(), position.twist());
            for quarter in 1..=3 {
                a = usize::from(cube.arrangement[a][face]);
                t = usize::from(cube.twist[t][face]);
                if quarter != 2 || cube.metric == Metric::HalfTurn {
                    out[count].0 = Position::of(a, t);
                    count += 1;
                }
            }
        }
        out.into_iter().take(count)
    }

    fn index_bound(&self) -> Option<usize> {
        Some(POSITIONS)
    }

    #[inline]
    fn index(&self, position: &Position) -> usize {
        position.index()
    }
}

/// Every turn is undone by its inverse, a move of the same cost: the predecessors are the
/// successors.
impl Bidirectional for CubeProblem<'_> {
    fn goals(&self) -> impl IntoIterator<Item = Position> {
        [PocketCube::SOLVED]
    }

    #[inline]
    fn predecessors(&self, position: &Position) -> impl IntoIterator<Item = (Position, u32)> {
        self.successors(position)
    }
}

impl InPlaceProblem for CubeProblem<'_> {
    type State = Position;
    type Move = Turn;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Position> {
        [self.start]
    }

    #[inline]
    fn is_goal(&self, position: &Position) -> bool {
        *position == PocketCube::SOLVED
    }

    fn moves(&self, _: &Position, out: &mut Moves<'_, Turn>) {
        out.extend(self.cube.turns.iter().copied());
    }

    #[inline]
    fn apply(&self, position: &mut Position, turn: Turn) -> u32 {
        *position = self.cube.apply(*position, turn);
        1
    }

    #[inline]
    fn undo(&self, position: &mut Position, turn: Turn) {
        *position = self.cube.apply(*position, turn.inverse());
    }

    #[inline]
    fn inverse(&self, turn: Turn) -> Option<Turn> {
        Some(turn.inverse())
    }

    #[inline]
    fn move_table(&self, _: &Position) -> Option<&[Turn]> {
        Some(&self.cube.turns)
    }

    #[inline]
    fn fixed_cost(&self) -> Option<u32> {
        Some(1)
    }
}

/// The corners' twists alone, as an abstraction of the cube.
struct Twists<'c>(&'c PocketCube);

impl Abstraction for Twists<'_> {
    type State = usize;
    fn size(&self) -> usize {
        TWISTS
    }
    fn rank(&self, &twist: &usize) -> usize {
        twist
    }
    fn unrank(&self, rank: usize) -> usize {
        rank
    }
    fn goals(&self) -> impl IntoIterator<Item = usize> {
        [0]
    }
    /// The metric's moves are closed under inverses, at equal costs.
    fn predecessors(&self, &twist: &usize) -> impl IntoIterator<Item = (usize, u32)> {
        let cube = self.0;
        cube.turns.iter().map(move |&turn| {
            let moved = cube.apply(Position::of(0, twist), turn);
            (moved.twist(), 1)
        })
    }
}

/// The corners' arrangement alone, as an abstraction of the cube.
struct Arrangements<'c>(&'c PocketCube);

impl Abstraction for Arrangements<'_> {
    type State = usize;
    fn size(&self) -> usize {
        ARRANGEMENTS
    }
    fn rank(&self, &arrangement: &usize) -> usize {
        arrangement
    }
    fn unrank(&self, rank: usize) -> usize {
        rank
    }
    fn goals(&self) -> impl IntoIterator<Item = usize> {
        [0]
    }
    fn predecessors(&self, &arrangement: &usize) -> impl IntoIterator<Item = (usize, u32)> {
        let cube = self.0;
        cube.turns.iter().map(move |&turn| {
            let moved = cube.apply(Position::of(arrangement, 0), turn);
            (moved.arrangement(), 1)
        })
    }
}

/// The pocket cube's corner pattern databases: the larger of the exact distances of the
/// twists alone and of the arrangement alone, in the cube's metric. Admissible and consistent.
/// Made by [`PocketCube::corner_pdb`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CornerPdb {
    twist: PatternDatabase,
    arrangement: PatternDatabase,
}

impl CornerPdb {
    /// The twists' database, indexed by [`Position::twist`].
    pub fn twist(&self) -> &PatternDatabase {
        &self.twist
    }

    /// The arrangement's database, indexed by [`Position::arrangement`].
    pub fn arrangement(&self) -> &PatternDatabase {
        &self.arrangement
    }
}

impl Heuristic<Position, u32> for CornerPdb {
    #[inline]
    fn estimate(&self, position: &Position) -> u32 {
        // Every abstract state reaches its goal (the cube is one connected space), so no
        // entry is unreachable; one would read as 0.
        let twist = self.twist.distance(position.twist()).unwrap_or(0);
        let arrangement = self
            .arrangement
            .distance(position.arrangement())
            .unwrap_or(0);
        u32::from(twist.max(arrangement))
    }
}

heuristic_by_reference!([] CornerPdb);
