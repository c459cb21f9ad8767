//! What both jump point searches ([`JumpPointSearcher`](super::JumpPointSearcher) and its
//! [`JumpTable`](super::JumpTable)) jump with: the directions, the grid as bits, and the
//! [`Jumper`] trait that plain JPS implements by scanning those bits and JPS+ by looking up its
//! table.

use super::sealed::Goals;
use super::{Cell, DIAGONAL, Grid};

/// The step of each direction: 0 east, then clockwise (y grows downward): even directions are
/// straight, odd ones diagonal.
pub(super) const DX: [i64; 8] = [1, 1, 0, -1, -1, -1, 0, 1];
/// See [`DX`].
pub(super) const DY: [i64; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

/// The blocked cells of a grid as bits, a line of cells after another, with a border of blocked
/// cells around it: one line before the first and one after the last, and at least 64 cells
/// before each line and 128 after it, so that a window of 64 cells can be read anywhere a jump
/// goes without a bounds test.
#[derive(Clone, Debug)]
pub(super) struct Lines {
    /// Words a line.
    words: usize,
    bits: Vec<u64>,
}

impl Lines {
    /// `count` lines of `length` cells, blocked where `blocked(line, position)`.
    fn new(count: u32, length: u32, blocked: impl Fn(u32, u32) -> bool) -> Self {
        let mut lines = Lines {
            words: 0,
            bits: Vec::new(),
        };
        lines.fill(count, length, blocked);
        lines
    }

    /// Makes these `count` lines of `length` cells, blocked where `blocked(line, position)`,
    /// in the memory they had.
    fn fill(&mut self, count: u32, length: u32, blocked: impl Fn(u32, u32) -> bool) {
        let words = length as usize / 64 + 4;
        self.words = words;
        self.bits.clear();
        self.bits.resize((count as usize + 2) * words, u64::MAX);
        for line in 0..count {
            let base = (line as usize + 1) * words;
            for position in 0..length {
                if !blocked(line, position) {
                    let offset = position as usize + 64;
                    self.bits[base + offset / 64] &= !(1 << (offset % 64));
                }
            }
        }
    }

    /// Blocks or frees the cell at `position` of `line` (both on the grid): whether it was
    /// blocked.
    #[inline]
    fn set(&mut self, line: u32, position: u32, blocked: bool) -> bool {
        let offset = position as usize + 64;
        let word = &mut self.bits[(line as usize + 1) * self.words + offset / 64];
        let bit = 1u64 << (offset % 64);
        let was = *word & bit != 0;
        if blocked {
            *word |= bit;
        } else {
            *word &= !bit;
        }
        was
    }

    /// The 64 cells of the line whose words start at `base`, from the one at bit offset `offset`
    /// (the cell's position + 64) on: bit k is that cell + k, set where blocked.
    #[inline(always)]
    fn read(&self, base: usize, offset: usize) -> u64 {
        let word = base + offset / 64;
        let shift = (offset % 64) as u32;
        let low = self.bits[word] >> shift;
        // Two shifts, so that a shift of 0 does not shift by 64.
        let high = (self.bits[word + 1] << 1) << (63 - shift);
        low | high
    }

    /// Whether the cell at `position` of `line` is blocked; both may be one past either end.
    #[inline(always)]
    pub(super) fn blocked(&self, line: i64, position: i64) -> bool {
        let offset = (position + 64) as usize;
        let word = self.bits[(line + 1) as usize * self.words + offset / 64];
        word >> (offset % 64) & 1 != 0
    }

    /// The stops of a straight jump in three windows of lines: a blocked cell of the line
    /// itself, or a free cell beside it whose predecessor in its line is blocked (bit 0, the
    /// cell the window starts from, never stops).
    #[inline(always)]
    fn stops(before: u64, line: u64, after: u64) -> u64 {
        let forced = (!before & (before << 1)) | (!after & (after << 1));
        (forced | line) & !1
    }

    /// Jumps from `from` toward higher positions along `line`: the first jump point, or `goal`
    /// (a position on this line) if it comes first; `None` at a dead end.
    #[inline]
    fn forward(&self, line: u32, from: u32, goal: Option<u32>) -> Option<u32> {
        let before = line as usize * self.words;
        let (this, after) = (before + self.words, before + 2 * self.words);
        let mut offset = from as usize + 64;
        loop {
            let here = self.read(this, offset);
            let stops = Lines::stops(self.read(before, offset), here, self.read(after, offset));
            let reach = if stops == 0 {
                63
            } else {
                stops.trailing_zeros() as usize
            };
            if let Some(goal) = goal {
                let goal = goal as usize + 64;
                if goal > from as usize + 64 && goal <= offset + reach {
                    return Some((goal - 64) as u32);
                }
            }
            if stops != 0 {
                return (here >> reach & 1 == 0).then(|| (offset + reach - 64) as u32);
            }
            offset += 63;
        }
    }

    /// [`forward`](Self::forward) toward lower positions.
    #[inline]
    fn backward(&self, line: u32, from: u32, goal: Option<u32>) -> Option<u32> {
        let before = line as usize * self.words;
        let (this, after) = (before + self.words, before + 2 * self.words);
        // The windows are read reversed: bit k is the cell at offset − k. An offset stays at
        // 63 or more, since the border stops every jump at position −1.
        let mut offset = from as usize + 64;
        let read = |base: usize, offset: usize| self.read(base, offset - 63).reverse_bits();
        loop {
            let here = read(this, offset);
            let stops = Lines::stops(read(before, offset), here, read(after, offset));
            let reach = if stops == 0 {
                63
            } else {
                stops.trailing_zeros() as usize
            };
            if let Some(goal) = goal {
                let goal = goal as usize + 64;
                if goal < from as usize + 64 && goal + reach >= offset {
                    return Some((goal - 64) as u32);
                }
            }
            if stops != 0 {
                return (here >> reach & 1 == 0).then(|| (offset - reach - 64) as u32);
            }
            offset -= 63;
        }
    }
}

/// A grid as bits: its rows, and its columns (for the vertical jumps).
#[derive(Clone, Debug)]
pub(super) struct BitGrid {
    pub(super) rows: Lines,
    columns: Lines,
}

impl BitGrid {
    pub(super) fn new(grid: &Grid) -> Self {
        let (width, height) = (grid.width(), grid.height());
        BitGrid {
            rows: Lines::new(height, width, |y, x| !grid.is_free(Cell::new(x, y))),
            columns: Lines::new(width, height, |x, y| !grid.is_free(Cell::new(x, y))),
        }
    }

    /// Packs `grid` again, into the memory these bits had.
    pub(super) fn refill(&mut self, grid: &Grid) {
        let (width, height) = (grid.width(), grid.height());
        self.rows
            .fill(height, width, |y, x| !grid.is_free(Cell::new(x, y)));
        self.columns
            .fill(width, height, |x, y| !grid.is_free(Cell::new(x, y)));
    }

    /// Blocks or frees `cell` (on the grid): whether it was blocked.
    #[inline]
    pub(super) fn set(&mut self, cell: Cell, blocked: bool) -> bool {
        self.columns.set(cell.x, cell.y, blocked);
        self.rows.set(cell.y, cell.x, blocked)
    }

    /// Whether the cell at `(x, y)` is blocked; either may be one past the grid's edge.
    #[inline(always)]
    pub(super) fn blocked(&self, x: i64, y: i64) -> bool {
        self.rows.blocked(y, x)
    }

    /// The bytes the bits take.
    pub(super) fn bytes(&self) -> usize {
        (self.rows.bits.len() + self.columns.bits.len()) * 8
    }

    /// Whether a diagonal step in direction `d` (odd) from `(x, y)` is allowed: its target and
    /// both cells beside it free.
    #[inline(always)]
    pub(super) fn diagonal_step(&self, x: i64, y: i64, d: usize) -> bool {
        let (dx, dy) = (DX[d], DY[d]);
        !(self.blocked(x + dx, y) || self.blocked(x, y + dy) || self.blocked(x + dx, y + dy))
    }

    /// A straight jump from `cell` in direction `d` (even): the position reached along it.
    #[inline]
    fn straight<G: Goals>(&self, cell: Cell, d: usize, goals: &G) -> Option<u32> {
        // The nearest goal ahead on the line, as a position along it.
        let goal = goal_ahead(goals, cell, d).map(|along| {
            let along = along as u32;
            match d {
                0 => cell.x + along,
                4 => cell.x - along,
                2 => cell.y + along,
                _ => cell.y - along,
            }
        });
        match d {
            0 => self.rows.forward(cell.y, cell.x, goal),
            4 => self.rows.backward(cell.y, cell.x, goal),
            2 => self.columns.forward(cell.x, cell.y, goal),
            _ => self.columns.backward(cell.x, cell.y, goal),
        }
    }

    /// A straight jump from `cell` in direction `d` (even): the cell reached and its distance.
    #[inline]
    fn straight_to<G: Goals>(&self, cell: Cell, d: usize, goals: &G) -> Option<(Cell, u32)> {
        let to = self.straight(cell, d, goals)?;
        Some(if d % 4 == 0 {
            (Cell::new(to, cell.y), to.abs_diff(cell.x))
        } else {
            (Cell::new(cell.x, to), to.abs_diff(cell.y))
        })
    }
}

/// How far ahead of `cell` in direction `d` (even) the nearest goal on its line lies, if one
/// does.
#[inline(always)]
pub(super) fn goal_ahead<G: Goals>(goals: &G, cell: Cell, d: usize) -> Option<i64> {
    let mut nearest: Option<i64> = None;
    for goal in goals.cells() {
        let gx = i64::from(goal.x) - i64::from(cell.x);
        let gy = i64::from(goal.y) - i64::from(cell.y);
        let along = if DX[d] != 0 {
            (gy == 0).then_some(gx * DX[d])
        } else {
            (gx == 0).then_some(gy * DY[d])
        };
        if let Some(along) = along {
            if along > 0 && nearest.is_none_or(|nearest| along < nearest) {
                nearest = Some(along);
            }
        }
    }
    nearest
}

/// Where the jumps from a cell in a direction land.
///
/// A diagonal jump does not stop at the cells from which a straight jump finds a jump point
/// (the "intermediate" jump points of Harabor and Grastien, 2014): it reports what those
/// straight jumps find, reached diagonally then straight, and goes on along its diagonal. The
/// search stores and expands fewer points, and the turn is recovered from the two ends, since
/// the diagonal part of a move is as long as the smaller of its two sides.
///
/// `found` receives each jump point found, the cost of reaching it and the direction of the
/// move that enters it; its error stops the jump. A jump stops at a goal it meets: with one
/// goal it looks no further, with several it goes on for the others.
pub(super) trait Jumper {
    fn jump<G: Goals, E, F>(&self, cell: Cell, d: usize, goals: &G, found: F) -> Result<(), E>
    where
        F: FnMut(Cell, f64, usize) -> Result<(), E>;
}

/// The components of diagonal direction `d`: its horizontal and its vertical direction.
#[inline(always)]
pub(super) fn components(d: usize) -> (usize, usize) {
    (if DX[d] > 0 { 0 } else { 4 }, if DY[d] > 0 { 2 } else { 6 })
}

/// The jumps of plain JPS, scanning the grid's bits.
impl Jumper for BitGrid {
    #[inline]
    fn jump<G: Goals, E, F>(&self, cell: Cell, d: usize, goals: &G, mut found: F) -> Result<(), E>
    where
        F: FnMut(Cell, f64, usize) -> Result<(), E>,
    {
        if d % 2 == 0 {
            if let Some((next, steps)) = self.straight_to(cell, d, goals) {
                found(next, f64::from(steps), d)?;
            }
            return Ok(());
        }
        let (mut x, mut y) = (i64::from(cell.x), i64::from(cell.y));
        let (horizontal, vertical) = components(d);
        let mut steps = 0u32;
        while self.diagonal_step(x, y, d) {
            x += DX[d];
            y += DY[d];
            steps += 1;
            let here = Cell::new(x as u32, y as u32);
            let diagonal = f64::from(steps) * DIAGONAL;
            if goals.is_goal(here) {
                found(here, diagonal, d)?;
                if G::ONE {
                    return Ok(());
                }
            }
            for side in [horizontal, vertical] {
                if let Some((next, straight)) = self.straight_to(here, side, goals) {
                    found(next, diagonal + f64::from(straight), side)?;
                }
            }
        }
        Ok(())
    }
}
