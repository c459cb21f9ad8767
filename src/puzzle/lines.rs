//! Lookup tables of what each line of a sliding-puzzle board adds to an estimate, for the
//! heuristics that sum over lines. They know a board only as its bits, so that the puzzle can
//! keep them without this module knowing the puzzle.

/// What one line adds to an estimate: its index (row or column number) and its tiles in order.
pub(super) type LineValue<'a> = &'a dyn Fn(usize, &[u8]) -> u32;

/// Lookup tables of what each whole line (row or column) of a board adds to an estimate, for
/// puzzles whose lines fit in 16 bits: at most 4 cells of 4 bits, so up to the 15-puzzle.
///
/// A row's cells are adjacent in a board's bits, so a row's entry is found with one shift and
/// one mask; a column's cells are gathered first. An estimate is then a handful of lookups
/// instead of a pass over every tile. The tables take `2^(4 × width)` bytes a row and
/// `2^(4 × height)` a column: 24 KB in all for the 8-puzzle's linear conflict, 512 KB for the
/// 15-puzzle's.
#[derive(Clone, Debug)]
pub(super) struct LineTables {
    width: usize,
    height: usize,
    /// `rows[(row << (4 × width)) | the row's bits]`.
    rows: Vec<u8>,
    /// `columns[(column << (4 × height)) | the column's tiles, top one lowest]`; empty when the
    /// estimate has no per-column part.
    columns: Vec<u8>,
}

impl LineTables {
    /// Tables of `row(row, tiles)` for every row and of `column(column, tiles)` for every
    /// column (`tiles` in line order, blank 0), or no column tables when `column` is `None`.
    /// Bit patterns that are no line of a board (a tile number out of range) get 0.
    pub(super) fn new(
        width: usize,
        height: usize,
        row: LineValue<'_>,
        column: Option<LineValue<'_>>,
    ) -> LineTables {
        let cells = width * height;
        let table = |lines: usize, length: usize, value: LineValue<'_>| {
            let size = 1usize << (4 * length);
            let mut table = vec![0u8; lines * size];
            let mut tiles = [0u8; 4];
            for line in 0..lines {
                for bits in 0..size {
                    for (k, tile) in tiles.iter_mut().take(length).enumerate() {
                        *tile = (bits >> (4 * k) & 15) as u8;
                    }
                    if tiles[..length].iter().all(|&t| usize::from(t) < cells) {
                        let entry = value(line, &tiles[..length]);
                        table[line * size + bits] =
                            u8::try_from(entry).expect("a line adds at most 4 × 6 + 2 × 3");
                    }
                }
            }
            table
        };
        LineTables {
            width,
            height,
            rows: table(height, width, row),
            columns: column.map_or_else(Vec::new, |column| table(width, height, column)),
        }
    }

    /// The sum of the entries of the rows and columns of a board whose tiles, 4 bits each in
    /// row-major order, are `bits`.
    #[inline]
    pub(super) fn estimate(&self, bits: u64) -> u32 {
        let (row_bits, column_bits) = (4 * self.width, 4 * self.height);
        let row_mask = (1u64 << row_bits) - 1;
        let mut total = 0;
        for row in 0..self.height {
            let line = (bits >> (row * row_bits)) & row_mask;
            total += u32::from(self.rows[(row << row_bits) | line as usize]);
        }
        if !self.columns.is_empty() {
            for column in 0..self.width {
                let mut line = 0;
                for k in 0..self.height {
                    line |= ((bits >> (4 * (k * self.width + column))) & 15) << (4 * k);
                }
                total += u32::from(self.columns[(column << column_bits) | line as usize]);
            }
        }
        total
    }
}
