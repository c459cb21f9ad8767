//! The default hasher of node tables.

use std::hash::Hasher;

/// A fast, non-cryptographic hasher for node tables (the multiply-rotate scheme of Firefox and
/// rustc). Search states come from the program's own successor function, so hash flooding is
/// rarely a concern; where it is, choose [`Hashing::Std`](crate::Hashing::Std).
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher {
    hash: u64,
}

const MULTIPLIER: u64 = 0xf135_7aea_2e62_a9c5;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = self.hash.wrapping_add(word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The multiplication leaves its best-mixed bits at the top; the table indexes buckets by
        // the low bits, so bring the top down.
        self.hash.rotate_left(26)
    }
}

/// Builds [`FastHasher`]s: the default hasher of node tables, a [`BuildHasher`](std::hash::BuildHasher)
/// for a `HashMap` or `IndexMap` of your own (`HashMap<K, V, FastBuildHasher>`).
pub type FastBuildHasher = std::hash::BuildHasherDefault<FastHasher>;
