//! The 2×2×2 Rubik's cube (the pocket cube) with one corner held fixed, as a
//! [`SearchProblem`] over plain numbers: 7! × 3⁶ = 3,674,160 positions, each numbered densely.
//!
//! The move tables are [`informed::cube`]'s; this wrapper owns them (every worker builds its
//! own problem, and [`informed::cube::CubeProblem`] borrows its cube) and passes positions as
//! their `u32` numbers, which travel between processes as they are and print as the
//! `--keep` files' lines.
//!
//! Shared by the `informed-enumerate` binary and the package's tests.

use informed::SearchProblem;
use informed::cube::{Face, Position, Turn};

pub(crate) use informed::cube::{Metric, POSITIONS};

/// The pocket cube with its down-back-left corner fixed, solved at position 0: the turns of
/// the up, right and front faces move the other seven corners.
#[derive(Clone, Debug)]
pub(crate) struct PocketCube(informed::cube::PocketCube);

impl PocketCube {
    /// The cube counted in `metric`, with its move tables (well under a millisecond to build).
    pub(crate) fn new(metric: Metric) -> Self {
        PocketCube(informed::cube::PocketCube::new(metric))
    }
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
        // At most nine successors, held on the stack. Quarter by quarter along each face, so
        // that a half or three-quarter turn costs no more lookups than a quarter.
        let mut out = [(0, 1); 9];
        let mut count = 0;
        // Only the problem's own numbers reach here; a number past the last position has no
        // moves.
        if let Some(position) = Position::from_index(position as usize) {
            let half_turns = self.0.metric() == Metric::HalfTurn;
            for face in [Face::Up, Face::Right, Face::Front] {
                let quarter = Turn { face, quarters: 1 };
                let mut turned = position;
                for quarters in 1..=3 {
                    turned = self.0.apply(turned, quarter);
                    if quarters != 2 || half_turns {
                        out[count].0 = turned.index() as u32;
                        count += 1;
                    }
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
