//! The event stream of a replay: the records the page's script decodes (`page.html`), a few
//! bytes an event.
//!
//! The stream is a sequence of records; each expansion record is followed by the records of the
//! states it opened or moved up. States are numbered densely from 0 (a grid's cell index, or
//! the order a search of any other space first stored them).

/// Record types, the low three bits of a record's first byte.
pub(crate) mod tag {
    /// An expansion. Bits 3–6: how many successors the problem gave (15: a varint follows,
    /// which may be padded with 0x80 bytes: a count written after the search);
    /// bit 7: the g and h follow (they differ from those last recorded for the state). Then the
    /// zigzag varint of the state's number minus the previous expansion's.
    pub(crate) const EXPAND: u8 = 0;
    /// A successor of the cell expanded last, one grid step away: generated (+0), moved up
    /// (decrease-key, +1) or reopened (+2). Bits 3–5: the direction (see
    /// [`DIRECTIONS`](super::DIRECTIONS)); bit 6: g follows (it is not the parent's g plus the
    /// step the page computes).
    pub(crate) const NEIGHBOUR: u8 = 1;
    /// Any other generated (+0), moved-up (+1) or reopened (+2) state: bit 6 as above, then the
    /// varints of its number and of its parent's number + 1 (0: none).
    pub(crate) const OTHER: u8 = 4;
}

/// The grid directions, in the order their numbers (0 to 7) name them in a neighbour record.
pub(crate) const DIRECTIONS: [(i64, i64); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// What happened to a state put on the open set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opened {
    /// Generated: seen for the first time.
    Generated = 0,
    /// Moved up: reached by a cheaper path while open.
    Decreased = 1,
    /// Reopened: reached by a cheaper path after its expansion.
    Reopened = 2,
}

/// The records of one search, and what the writer needs to keep them short.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stream {
    bytes: Vec<u8>,
    /// The last g and h recorded for each state (NaN: none yet).
    g: Vec<f64>,
    h: Vec<f64>,
    /// Each generated state and its h, in order.
    generated: Vec<(usize, f64)>,
    /// The state expanded last, and the number the next expansion's delta counts from.
    current: Option<usize>,
    previous: usize,
    expansions: u64,
    /// Where each expansion's count of successors is, for a stream whose counts are set after
    /// the search ([`Stream::deferred`]); empty otherwise.
    counts_at: Vec<usize>,
    deferred: bool,
}

/// The bytes of a count written before it is known: a LEB128 varint padded to this length
/// (`0x80 0x80 0x80 0x80 0x00` is 0), room for any count below 2^35.
const PADDED: usize = 5;

impl Stream {
    /// A stream for states numbered below `states` (more can be added with [`Stream::grow`]).
    pub(crate) fn new(states: usize) -> Self {
        Stream {
            g: vec![f64::NAN; states],
            h: vec![f64::NAN; states],
            ..Stream::default()
        }
    }

    /// A stream whose expansions' successor counts are given after the search, by
    /// [`Stream::set_counts`]: those of a search that generates successors without an event
    /// each (jump point search, whose jumps find jump points the observer never hears of), and
    /// those of any search, whose successors are counted only once the search has taken them.
    pub(crate) fn deferred(mut self) -> Self {
        self.deferred = true;
        self
    }

    /// Whether the successor counts are given after the search ([`Stream::deferred`]).
    pub(crate) fn is_deferred(&self) -> bool {
        self.deferred
    }

    /// Sets the successor count of each expansion of a [`deferred`](Stream::deferred) stream:
    /// `count(k)` for the k-th (from 0).
    pub(crate) fn set_counts(&mut self, count: impl Fn(usize) -> u64) {
        for (k, &at) in self.counts_at.iter().enumerate() {
            let value = count(k);
            for (i, byte) in self.bytes[at..at + PADDED].iter_mut().enumerate() {
                let more = if i + 1 < PADDED { 0x80 } else { 0 };
                *byte = ((value >> (7 * i)) & 0x7f) as u8 | more;
            }
        }
    }

    /// Makes room for the state numbered `state`.
    pub(crate) fn grow(&mut self, state: usize) {
        if state >= self.g.len() {
            self.g.resize(state + 1, f64::NAN);
            self.h.resize(state + 1, f64::NAN);
        }
    }

    /// The records written.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Each generated state and its h, in the order generated.
    pub(crate) fn generated(&self) -> &[(usize, f64)] {
        &self.generated
    }

    /// The number of expansions recorded.
    pub(crate) fn expansions(&self) -> u64 {
        self.expansions
    }

    /// Records the expansion of `state`, with `g` and `h`, which gave `successors` successors
    /// (ignored in a [`deferred`](Stream::deferred) stream).
    pub(crate) fn expand(&mut self, state: usize, successors: usize, g: f64, h: f64) {
        let explicit = !same(g, self.g[state]) || !same(h, self.h[state]);
        let field = if self.deferred {
            15
        } else {
            successors.min(15) as u8
        };
        let mut first = tag::EXPAND | (field << 3);
        if explicit {
            first |= 0x80;
        }
        self.bytes.push(first);
        if self.deferred {
            self.counts_at.push(self.bytes.len());
            self.bytes.extend_from_slice(&[0x80; PADDED - 1]);
            self.bytes.push(0);
        } else if successors >= 15 {
            varint(&mut self.bytes, successors as u64);
        }
        let delta = state as i64 - self.previous as i64;
        varint(&mut self.bytes, ((delta << 1) ^ (delta >> 63)) as u64);
        if explicit {
            self.bytes.extend_from_slice(&g.to_le_bytes());
            self.bytes.extend_from_slice(&h.to_le_bytes());
            self.g[state] = g;
            self.h[state] = h;
        }
        self.previous = state;
        self.current = Some(state);
        self.expansions += 1;
    }

    /// Records that `state` entered the open set or moved up on it, from `parent`, with `g` (and,
    /// when generated, `h`). `step` is, for a grid cell one step from the state expanded last,
    /// the direction of the step and its cost as the page computes it.
    pub(crate) fn open(
        &mut self,
        what: Opened,
        state: usize,
        parent: Option<usize>,
        step: Option<(usize, f64)>,
        g: f64,
        h: Option<f64>,
    ) {
        let kind = what as u8;
        let neighbour = step.filter(|_| parent.is_some() && parent == self.current);
        match (neighbour, parent) {
            (Some((direction, length)), Some(at)) => {
                let explicit = !same(g, self.g[at] + length);
                self.bytes.push(
                    (tag::NEIGHBOUR + kind) | ((direction as u8) << 3) | (u8::from(explicit) << 6),
                );
                if explicit {
                    self.bytes.extend_from_slice(&g.to_le_bytes());
                }
            }
            _ => {
                let explicit = parent.is_some() || !same(g, 0.0);
                self.bytes
                    .push((tag::OTHER + kind) | (u8::from(explicit) << 6));
                varint(&mut self.bytes, state as u64);
                varint(&mut self.bytes, parent.map_or(0, |at| at as u64 + 1));
                if explicit {
                    self.bytes.extend_from_slice(&g.to_le_bytes());
                }
            }
        }
        self.g[state] = g;
        if let Some(h) = h {
            self.h[state] = h;
            self.generated.push((state, h));
        }
    }
}

/// Whether two costs are the same number (bit for bit, so that the page computes the same).
pub(crate) fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}

/// Appends `value` as a LEB128 varint.
pub(crate) fn varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

#[cfg(test)]
mod tests {
    use super::{Stream, varint};

    #[test]
    fn deferred_counts_are_padded_varints_set_after_the_search() {
        let mut stream = Stream::new(4).deferred();
        stream.expand(2, 99, 0.0, 1.0);
        stream.expand(3, 99, 1.0, 0.0);
        stream.set_counts(|k| [3, 300][k]);
        // Tag 0 with count field 15 and bit 7 (g and h follow), the padded count, the state's
        // zigzag delta, g and h.
        let first = &stream.bytes()[..7];
        assert_eq!(first, [0x80 | 15 << 3, 0x83, 0x80, 0x80, 0x80, 0x00, 4]);
        let second = &stream.bytes()[23..29];
        assert_eq!(second, [0x80 | 15 << 3, 0xac, 0x82, 0x80, 0x80, 0x00]);
    }

    #[test]
    fn varints_are_leb128() {
        let mut out = Vec::new();
        for value in [0, 1, 127, 128, 300, u64::from(u32::MAX)] {
            varint(&mut out, value);
        }
        assert_eq!(
            out,
            [0, 1, 127, 0x80, 1, 0xac, 2, 0xff, 0xff, 0xff, 0xff, 0x0f]
        );
    }
}
