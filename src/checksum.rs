//! A checksum of what a reader or writer passes through, for the files the crate saves and
//! loads (pattern databases, landmarks): it catches files cut short or damaged by accident.

use std::io::{self, Read, Write};

/// Reads until `buf` is full or the input ends; the bytes read.
pub(crate) fn read_full<R: Read + ?Sized>(input: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut done = 0;
    while done < buf.len() {
        match input.read(&mut buf[done..]) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// A reader or writer that checksums what passes through it: FNV-1a over 64-bit little-endian
/// words (the last padded with zeros), then the length in bytes (see
/// [`AdditivePdb::save`](crate::puzzle::AdditivePdb::save)).
pub(crate) struct Checksummed<T> {
    /// The reader or writer checksummed; what is read or written through it directly (the
    /// stored checksum itself) is not.
    pub(crate) inner: T,
    hash: u64,
    length: u64,
    word: [u8; 8],
    filled: usize,
}

impl<T> Checksummed<T> {
    pub(crate) fn new(inner: T) -> Self {
        Checksummed {
            inner,
            hash: FNV_OFFSET,
            length: 0,
            word: [0; 8],
            filled: 0,
        }
    }

    pub(crate) fn absorb(&mut self, mut bytes: &[u8]) {
        self.length += bytes.len() as u64;
        while self.filled > 0 && !bytes.is_empty() {
            self.word[self.filled] = bytes[0];
            self.filled = (self.filled + 1) % 8;
            bytes = &bytes[1..];
            if self.filled == 0 {
                self.fold(u64::from_le_bytes(self.word));
            }
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut w = [0u8; 8];
            w.copy_from_slice(word);
            self.fold(u64::from_le_bytes(w));
        }
        for &byte in words.remainder() {
            self.word[self.filled] = byte;
            self.filled += 1;
        }
    }

    #[inline]
    fn fold(&mut self, word: u64) {
        self.hash = (self.hash ^ word).wrapping_mul(FNV_PRIME);
    }

    /// The checksum of everything so far.
    pub(crate) fn finish(&mut self) -> u64 {
        if self.filled > 0 {
            self.word[self.filled..].fill(0);
            self.fold(u64::from_le_bytes(self.word));
            self.filled = 0;
        }
        self.fold(self.length);
        self.hash
    }
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.absorb(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Checksummed<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.absorb(&buf[..n]);
        Ok(n)
    }
}

/// How reading a file's header field, table or trailer went, for the file formats that share
/// this checksum (the errors are each format's own).
#[derive(Debug)]
pub(crate) enum Reading<T> {
    /// Read whole.
    Read(T),
    /// The input ended first, after `found` of the `expected` bytes.
    Short {
        /// Bytes wanted.
        expected: u64,
        /// Bytes there were.
        found: u64,
    },
}

impl<R: Read> Checksummed<R> {
    /// Reads `N` header bytes.
    pub(crate) fn header<const N: usize>(&mut self) -> io::Result<Reading<[u8; N]>> {
        let mut buf = [0u8; N];
        let found = read_full(self, &mut buf)?;
        Ok(if found < N {
            Reading::Short {
                expected: N as u64,
                found: found as u64,
            }
        } else {
            Reading::Read(buf)
        })
    }

    /// Fills `buf` from the header.
    pub(crate) fn header_into(&mut self, buf: &mut [u8]) -> io::Result<Reading<()>> {
        let found = read_full(self, buf)?;
        Ok(if found < buf.len() {
            Reading::Short {
                expected: buf.len() as u64,
                found: found as u64,
            }
        } else {
            Reading::Read(())
        })
    }

    /// Reads a table of `expected` bytes. Memory grows with the bytes the input actually
    /// holds, never with `expected` (a number from a header, which may lie).
    pub(crate) fn table(&mut self, expected: u64) -> io::Result<Reading<Vec<u8>>> {
        let mut entries = Vec::new();
        let found = self.take(expected).read_to_end(&mut entries)? as u64;
        Ok(if found != expected {
            Reading::Short { expected, found }
        } else {
            Reading::Read(entries)
        })
    }

    /// Reads the stored checksum after everything read so far, and checks that nothing
    /// follows it.
    pub(crate) fn trailer(&mut self) -> io::Result<Trailer> {
        let computed = self.finish();
        let mut stored = [0u8; 8];
        let found = read_full(&mut self.inner, &mut stored)?;
        if found < 8 {
            return Ok(Trailer::Short {
                found: found as u64,
            });
        }
        let stored = u64::from_le_bytes(stored);
        if stored != computed {
            return Ok(Trailer::Mismatch { stored, computed });
        }
        if read_full(&mut self.inner, &mut [0u8; 1])? != 0 {
            return Ok(Trailer::Trailing);
        }
        Ok(Trailer::Sound)
    }
}

/// What [`Checksummed::trailer`] found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Trailer {
    /// The checksum matches and the input ends after it.
    Sound,
    /// The input ends inside the 8 bytes of checksum, after `found`.
    Short {
        /// Bytes of checksum there were.
        found: u64,
    },
    /// The stored checksum is not the data's.
    Mismatch {
        /// The checksum stored.
        stored: u64,
        /// The checksum of the data read.
        computed: u64,
    },
    /// Bytes follow the checksum.
    Trailing,
}
