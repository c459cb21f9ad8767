//! The 2×2×2 Rubik's cube (the pocket cube) with one corner held fixed, as a
//! [`SearchProblem`]: 7! × 3⁶ = 3,674,160 positions, each numbered densely.
//!
//! Shared by the `informed-enumerate` binary and the package's tests.

use informed::SearchProblem;

/// The number of positions: 5,040 arrangements of the seven free corners times 729 twists.
pub(crate) const POSITIONS: usize = PERMUTATIONS * TWISTS;

const PERMUTATIONS: usize = 5040;
const TWISTS: usize = 729;

/// How a turn is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Metric {
    /// A quarter or a half turn of a face is one move: 9 moves a position.
    HalfTurn,
    /// Only quarter turns are moves (a half turn is two): 6 moves a position.
    QuarterTurn,
}

/// The pocket cube with its down-back-left corner fixed: the turns of the up, right and front
/// faces move the other seven corners.
///
/// A position is a `u32`, `arrangement × 729 + twist`: the rank of the seven corners'
/// arrangement (0 to 5,039) and their twists in base 3 (0 to 728; the seventh twist follows
/// from the other six). The solved cube is 0.
#[derive(Clone, Debug)]
pub(crate) struct PocketCube {
    metric: Metric,
    /// `arrangement[a][face]`: the arrangement after a quarter turn of the face, clockwise.
    arrangement: Vec<[u16; 3]>,
    /// `twist[t][face]`: the twists after a quarter turn of the face, clockwise.
    twist: Vec<[u16; 3]>,
}

/// The corners, in Kociemba's order: URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB. DBL (6) stays.
const FIXED: usize = 6;
/// The quarter turns of U, R and F: the corner each position takes its cubie from, and the
/// twist it adds.
const TURNS: [([usize; 8], [u8; 8]); 3] = [
    ([3, 0, 1, 2, 4, 5, 6, 7], [0, 0, 0, 0, 0, 0, 0, 0]),
    ([4, 1, 2, 0, 7, 5, 6, 3], [2, 0, 0, 1, 1, 0, 0, 2]),
    ([1, 5, 2, 3, 0, 4, 6, 7], [1, 2, 0, 0, 2, 1, 0, 0]),
];
/// The seven corners that move, in the order the coordinates read them.
const FREE: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

impl PocketCube {
    /// The cube counted in `metric`, with its move tables (a few milliseconds to build).
    pub(crate) fn new(metric: Metric) -> Self {
        let mut arrangement = vec![[0u16; 3]; PERMUTATIONS];
        for (rank, moves) in arrangement.iter_mut().enumerate() {
            let cubies = unrank_arrangement(rank);
            for (face, (from, _)) in TURNS.iter().enumerate() {
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
            for (face, (from, add)) in TURNS.iter().enumerate() {
                let mut turned = twists;
                for position in FREE {
                    turned[position] = (twists[from[position]] + add[position]) % 3;
                }
                moves[face] = rank_twist(&turned) as u16;
            }
        }
        PocketCube {
            metric,
            arrangement,
            twist,
        }
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

impl SearchProblem for PocketCube {
    type State = u32;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u32> {
        [0]
    }

    fn is_goal(&self, position: &u32) -> bool {
        *position == 0
    }

    fn successors(&self, &position: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        // At most nine successors, held on the stack.
        let mut out = [(0, 1); 9];
        let mut count = 0;
        let (arrangement, twist) = (position as usize / TWISTS, position as usize % TWISTS);
        for face in 0..3 {
            let (mut a, mut t) = (arrangement, twist);
            for quarter in 1..=3 {
                a = usize::from(self.arrangement[a][face]);
                t = usize::from(self.twist[t][face]);
                if quarter != 2 || self.metric == Metric::HalfTurn {
                    out[count].0 = (a * TWISTS + t) as u32;
                    count += 1;
                }
            }
        }
        out.into_iter().take(count)
    }

    fn index_bound(&self) -> Option<usize> {
        Some(POSITIONS)
    }

    fn index(&self, position: &u32) -> usize {
        *position as usize
    }
}
