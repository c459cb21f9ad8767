//! The tables of an additive pattern database and their lookups.

use std::fmt;

use super::error::PdbFileError;
use super::partition::Partition;
use super::reflection::{self, Reflection};
use crate::heuristic::{Heuristic, IncrementalHeuristic, heuristic_by_reference};
use crate::pdb::{Placements, UNREACHABLE};
use crate::puzzle::{Board, MAX_CELLS, Slide, SlidingPuzzle};

heuristic_by_reference!([] AdditivePdb);

/// One group's table and how to rank a board's placement of its tiles.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Table {
    pub(super) tiles: Vec<u8>,
    pub(super) placements: Placements,
    pub(super) entries: Vec<u8>,
}

/// Disjoint additive pattern databases for a sliding-tile puzzle: for each group of a
/// [`Partition`], the least number of moves *of that group's tiles* that bring them to their
/// goal cells, the other tiles being free to move at no cost. Their sum is admissible; with
/// [`Reflection::Diagonal`] the larger of the sums for the board and its mirror image.
///
/// **It is not always consistent.** Each entry is the least cost over the blank's cells, and a
/// group's tiles can wall the blank into a part of the board from which its tiles need more
/// moves than from another part: one move of a tile can then lower the estimate by more than
/// 1 (on the 8-puzzle with the groups 1–4 and 5–8, 18,852 of the 483,840 moves do). IDA*
/// does not need consistency; A* stays optimal but may reopen boards. A group of one tile, or
/// one holding every tile, is consistent.
///
/// Build once with [`build`](Self::build) (seconds for the 8-puzzle, minutes for the 15-puzzle's
/// 7-8 partition), [`save`](Self::save) and [`load`](Self::load) afterwards. It is a
/// [`Heuristic`] for boards of its puzzle; stack it with others through [`Max`](crate::Max).
///
/// # Example
///
/// ```
/// use informed::puzzle::{AdditivePdb, Partition, Reflection, SlidingPuzzle};
///
/// let puzzle = SlidingPuzzle::new(3, 3)?;
/// let partition = Partition::parse(&puzzle, "1,2,3,4/5,6,7,8")?;
/// let pdb = AdditivePdb::build(&puzzle, &partition)?.with_reflection(Reflection::Diagonal)?;
/// let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
/// let solution = informed::idastar_with(&problem, &pdb)?;
/// assert_eq!(solution.cost(), 31);
///
/// let mut file = Vec::new();
/// pdb.save(&mut file)?;
/// let loaded = AdditivePdb::load(&puzzle, &mut file.as_slice())?;
/// assert_eq!(loaded.partition(), &partition);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// R. E. Korf and A. Felner, "Disjoint pattern database heuristics", *Artificial Intelligence*
/// 134 (2002), 9–22; A. Felner, R. E. Korf and S. Hanan, "Additive pattern database
/// heuristics", *JAIR* 22 (2004), 279–318.
#[derive(Clone)]
pub struct AdditivePdb {
    pub(super) puzzle: SlidingPuzzle,
    partition: Partition,
    pub(super) tables: Vec<Table>,
    reflection: Reflection,
    /// `mirror_cell[c]`: the cell mirrored about the diagonal; `mirror_tile[t]`: the tile whose
    /// goal cell mirrors t's.
    mirror_cell: [u8; MAX_CELLS],
    mirror_tile: [u8; MAX_CELLS],
    /// `group_of[t]`: the group of tile t, [`NO_GROUP`] for the blank.
    group_of: [u8; MAX_CELLS],
}

/// The group of a tile in no group (the blank).
const NO_GROUP: u8 = u8::MAX;

impl fmt::Debug for AdditivePdb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AdditivePdb")
            .field("width", &self.puzzle.width())
            .field("height", &self.puzzle.height())
            .field("partition", &self.partition.to_string())
            .field("entries", &self.entries())
            .field("reflection", &self.reflection)
            .finish()
    }
}

impl PartialEq for AdditivePdb {
    fn eq(&self, other: &Self) -> bool {
        (&self.puzzle, &self.partition, &self.tables, self.reflection)
            == (
                &other.puzzle,
                &other.partition,
                &other.tables,
                other.reflection,
            )
    }
}

impl Eq for AdditivePdb {}

impl AdditivePdb {
    /// The databases of `tables`, built or loaded for `partition` of `puzzle`, without
    /// reflection.
    pub(super) fn assemble(
        puzzle: &SlidingPuzzle,
        partition: Partition,
        tables: Vec<Table>,
    ) -> Self {
        let (mirror_cell, mirror_tile) = reflection::mirrors(puzzle);
        let mut group_of = [NO_GROUP; MAX_CELLS];
        for (group, tiles) in partition.groups().iter().enumerate() {
            for &tile in tiles {
                group_of[usize::from(tile) % MAX_CELLS] = group as u8;
            }
        }
        AdditivePdb {
            puzzle: puzzle.clone(),
            partition,
            tables,
            reflection: Reflection::None,
            mirror_cell,
            mirror_tile,
            group_of,
        }
    }

    /// The same databases, looked up with or without the diagonal reflection.
    ///
    /// # Errors
    ///
    /// [`PdbFileError::NoReflection`] for [`Reflection::Diagonal`] on a board that is not
    /// square or whose goal's blank is not on the main diagonal (the mirrored goal would not be
    /// the goal).
    pub fn with_reflection(mut self, reflection: Reflection) -> Result<Self, PdbFileError> {
        reflection::check(&self.puzzle, reflection)?;
        self.reflection = reflection;
        Ok(self)
    }

    /// The reflection in use.
    pub fn reflection(&self) -> Reflection {
        self.reflection
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The puzzle the databases were built for.
    pub fn puzzle(&self) -> &SlidingPuzzle {
        &self.puzzle
    }

    /// The number of entries (bytes of table) over all groups.
    pub fn entries(&self) -> usize {
        self.tables.iter().map(|t| t.entries.len()).sum()
    }

    /// The table of group `group`: one byte per placement of its tiles (in the order of
    /// [`Placements`] with item i the group's i-th tile), [`UNREACHABLE`] for placements no
    /// board has; `None` past the last group.
    pub fn table(&self, group: usize) -> Option<&[u8]> {
        self.tables.get(group).map(|t| t.entries.as_slice())
    }

    /// The estimate of each group for `board` (no reflection), in partition order.
    pub fn group_estimates(&self, board: Board) -> Vec<u32> {
        let cell_of = self.cells_of_tiles(board);
        self.tables
            .iter()
            .map(|table| lookup(table, &cell_of))
            .collect()
    }

    /// `cell_of[t]`: the cell of tile t on `board`.
    #[inline]
    fn cells_of_tiles(&self, board: Board) -> [u8; MAX_CELLS] {
        let tiles = self.puzzle.decode(board);
        let mut cell_of = [0u8; MAX_CELLS];
        for (cell, &tile) in tiles.iter().enumerate().take(self.puzzle.cells()) {
            cell_of[usize::from(tile) % MAX_CELLS] = cell as u8;
        }
        cell_of
    }

    /// The sum over the groups for the board whose tile t is in cell `cell_of[t]`.
    #[inline]
    fn sum(&self, cell_of: &[u8; MAX_CELLS]) -> u32 {
        self.tables.iter().map(|table| lookup(table, cell_of)).sum()
    }
}

/// The entry of `table` for the board whose tile t is in cell `cell_of[t]` (0 for a placement
/// no board has).
#[inline]
fn lookup(table: &Table, cell_of: &[u8; MAX_CELLS]) -> u32 {
    let mut slots = [0u8; MAX_CELLS];
    for (slot, &tile) in slots.iter_mut().zip(&table.tiles) {
        *slot = cell_of[usize::from(tile) % MAX_CELLS];
    }
    let rank = table.placements.rank(&slots);
    match table.entries.get(rank) {
        Some(&d) if d != UNREACHABLE => u32::from(d),
        _ => 0,
    }
}

impl Heuristic<Board, u32> for AdditivePdb {
    #[inline]
    fn estimate(&self, board: &Board) -> u32 {
        let cell_of = self.cells_of_tiles(*board);
        let direct = self.sum(&cell_of);
        if self.reflection == Reflection::None {
            return direct;
        }
        let mut mirrored = [0u8; MAX_CELLS];
        for tile in 0..self.puzzle.cells() {
            let to = usize::from(self.mirror_tile[tile]) % MAX_CELLS;
            mirrored[to] = self.mirror_cell[usize::from(cell_of[tile]) % MAX_CELLS];
        }
        direct.max(self.sum(&mirrored))
    }
}

/// What an [`AdditivePdb`] keeps beside each board of an in-place search
/// ([`idastar_in_place_with`](crate::idastar_in_place_with)): where each tile is, on the board
/// and on its mirror image, and each group's value for both, so that a move looks up only the
/// moved tile's group (and, with the reflection, its mirror's).
#[derive(Clone, Copy, Debug)]
pub struct PdbContext {
    cell_of: [u8; MAX_CELLS],
    mirrored: [u8; MAX_CELLS],
    direct: [u8; MAX_CELLS],
    reflected: [u8; MAX_CELLS],
    direct_sum: u32,
    reflected_sum: u32,
}

impl AdditivePdb {
    /// The value of each group for `cell_of`, and their sum.
    fn groups_of(&self, cell_of: &[u8; MAX_CELLS]) -> ([u8; MAX_CELLS], u32) {
        let mut values = [0u8; MAX_CELLS];
        let mut sum = 0;
        for (value, table) in values.iter_mut().zip(&self.tables) {
            let entry = lookup(table, cell_of);
            *value = entry as u8;
            sum += entry;
        }
        (values, sum)
    }

    /// The estimate a context holds: its direct sum, or the larger of the two sums with the
    /// reflection.
    #[inline(always)]
    fn of_context(&self, context: &PdbContext) -> u32 {
        if self.reflection == Reflection::None {
            context.direct_sum
        } else {
            context.direct_sum.max(context.reflected_sum)
        }
    }
}

/// Updated by the slide: only the moved tile's group is looked up again (and, with the
/// reflection, the group of its mirror image); the blank is in no group.
impl IncrementalHeuristic<Board, Slide, u32> for AdditivePdb {
    type Context = PdbContext;

    fn begin(&self, board: &Board) -> (u32, PdbContext) {
        let cell_of = self.cells_of_tiles(*board);
        let mut mirrored = [0u8; MAX_CELLS];
        for tile in 0..self.puzzle.cells() {
            let to = usize::from(self.mirror_tile[tile]) % MAX_CELLS;
            mirrored[to] = self.mirror_cell[usize::from(cell_of[tile]) % MAX_CELLS];
        }
        let (direct, direct_sum) = self.groups_of(&cell_of);
        let (reflected, reflected_sum) = if self.reflection == Reflection::None {
            ([0; MAX_CELLS], 0)
        } else {
            self.groups_of(&mirrored)
        };
        let context = PdbContext {
            cell_of,
            mirrored,
            direct,
            reflected,
            direct_sum,
            reflected_sum,
        };
        (self.of_context(&context), context)
    }

    #[inline]
    fn update(&self, board: &Board, slide: Slide, _: u32, context: &mut PdbContext) -> u32 {
        // The tile is in the cell it entered.
        let tile = self.puzzle.tile_at(*board, slide.to());
        self.slid(tile, slide, context)
    }

    /// Before the slide, the tile is in the cell it leaves.
    #[inline]
    fn estimate_move(
        &self,
        board: &Board,
        slide: Slide,
        _: u32,
        context: &mut PdbContext,
    ) -> Option<u32> {
        let tile = self.puzzle.tile_at(*board, slide.from());
        Some(self.slid(tile, slide, context))
    }
}

impl AdditivePdb {
    /// The estimate after `tile` slides by `slide`, with `context` brought up to date.
    #[inline(always)]
    fn slid(&self, tile: u8, slide: Slide, context: &mut PdbContext) -> u32 {
        let tile = usize::from(tile) % MAX_CELLS;
        let to = slide.to() % MAX_CELLS;
        context.cell_of[tile] = to as u8;
        if let Some(table) = self.tables.get(usize::from(self.group_of[tile])) {
            let group = usize::from(self.group_of[tile]);
            let value = lookup(table, &context.cell_of);
            context.direct_sum = context.direct_sum + value - u32::from(context.direct[group]);
            context.direct[group] = value as u8;
        }
        if self.reflection != Reflection::None {
            let mirror = usize::from(self.mirror_tile[tile]) % MAX_CELLS;
            context.mirrored[mirror] = self.mirror_cell[to];
            if let Some(table) = self.tables.get(usize::from(self.group_of[mirror])) {
                let group = usize::from(self.group_of[mirror]);
                let value = lookup(table, &context.mirrored);
                context.reflected_sum =
                    context.reflected_sum + value - u32::from(context.reflected[group]);
                context.reflected[group] = value as u8;
            }
        }
        self.of_context(context)
    }
}
