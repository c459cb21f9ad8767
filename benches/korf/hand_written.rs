//! A plain IDA* for the 4×4 puzzle with the blank's goal in cell 0 and tile t's in cell t: one
//! board in place, incremental Manhattan distance, no move back to the parent, recursion (the C
//! reference's algorithm in Rust). The rate the in-place engine is held to, in the `idastar`
//! bench and in the instruction counts (`scripts/instructions.sh`).

/// The solver of one board.
pub struct HandWritten {
    tiles: [u8; 16],
    blank: usize,
    /// `distance[tile][cell]`.
    distance: [[u8; 16]; 16],
    /// Nodes expanded over all iterations (the goal not counted).
    pub expanded: u64,
}

/// The cells the blank can move to, in the reference's order: up, left, right, down.
fn moves(blank: usize) -> [Option<usize>; 4] {
    let (row, column) = (blank / 4, blank % 4);
    [
        (row > 0).then(|| blank - 4),
        (column > 0).then(|| blank - 1),
        (column < 3).then(|| blank + 1),
        (row < 3).then(|| blank + 4),
    ]
}

impl HandWritten {
    /// The solver of `start`, tiles in row-major order, 0 the blank.
    pub fn new(start: &[u8; 16]) -> Self {
        let mut distance = [[0u8; 16]; 16];
        for (tile, row) in distance.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                *d = ((cell / 4).abs_diff(tile / 4) + (cell % 4).abs_diff(tile % 4)) as u8;
            }
        }
        let blank = start
            .iter()
            .position(|&t| t == 0)
            .expect("a board has a blank");
        HandWritten {
            tiles: *start,
            blank,
            distance,
            expanded: 0,
        }
    }

    fn manhattan(&self) -> u32 {
        (0..16)
            .map(|cell| u32::from(self.distance[usize::from(self.tiles[cell])][cell]))
            .sum()
    }

    /// The optimal solution length.
    pub fn solve(&mut self) -> u32 {
        let mut bound = self.manhattan();
        loop {
            let h = self.manhattan();
            match self.probe(0, h, bound, usize::MAX) {
                Ok(()) => return bound,
                Err(next) => bound = next,
            }
        }
    }

    /// `Ok` at a goal within `bound`; otherwise the least f beyond it.
    fn probe(&mut self, g: u32, h: u32, bound: u32, previous: usize) -> Result<(), u32> {
        if h == 0 {
            return Ok(());
        }
        self.expanded += 1;
        let mut least = u32::MAX;
        let blank = self.blank;
        for from in moves(blank).into_iter().flatten() {
            if from == previous {
                continue;
            }
            let tile = usize::from(self.tiles[from]);
            let child_h =
                h + u32::from(self.distance[tile][blank]) - u32::from(self.distance[tile][from]);
            let f = g + 1 + child_h;
            if f > bound {
                least = least.min(f);
                continue;
            }
            self.tiles.swap(blank, from);
            self.blank = from;
            let found = self.probe(g + 1, child_h, bound, blank);
            self.tiles.swap(blank, from);
            self.blank = blank;
            match found {
                Ok(()) => return Ok(()),
                Err(f) => least = least.min(f),
            }
        }
        Err(least)
    }
}
