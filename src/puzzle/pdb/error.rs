//! Why a pattern database could not be made, saved or loaded.

use std::fmt;
use std::io;

use super::{FORMAT_VERSION, MAX_PATTERN_ENTRIES};

/// Why a pattern database could not be made, saved or loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PdbFileError {
    /// A partition that is no set of disjoint groups of the puzzle's tiles.
    BadPartition {
        /// What is wrong.
        reason: String,
    },
    /// A group too large for a table (more than [`MAX_PATTERN_ENTRIES`] placements).
    PatternTooLarge {
        /// Tiles in the group.
        tiles: usize,
        /// Cells of the board.
        cells: usize,
    },
    /// [`Reflection::Diagonal`] on a board that is not square or whose goal blank is off the
    /// diagonal.
    ///
    /// [`Reflection::Diagonal`]: crate::puzzle::Reflection::Diagonal
    NoReflection {
        /// Width of the board.
        width: usize,
        /// Height of the board.
        height: usize,
        /// The goal's blank cell.
        blank: usize,
    },
    /// Reading or writing failed.
    Io {
        /// The kind of failure.
        kind: io::ErrorKind,
        /// The message.
        message: String,
    },
    /// The file does not start with [`MAGIC`]: not a saved pattern database.
    ///
    /// [`MAGIC`]: crate::puzzle::MAGIC
    BadMagic,
    /// A format version this crate does not read.
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// A header field that makes no sense.
    BadHeader {
        /// What is wrong.
        reason: String,
    },
    /// The file is for another puzzle or partition than the one asked for.
    Mismatch {
        /// Which field differs: "size", "goal" or "partition".
        field: &'static str,
        /// What the file has.
        file: String,
        /// What was asked for.
        expected: String,
    },
    /// The file ends before the data its header announces.
    Truncated {
        /// Bytes of table expected.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The file goes on after the checksum.
    TrailingData,
    /// The checksum does not match the data: the file is corrupt.
    Checksum {
        /// The checksum stored in the file.
        stored: u64,
        /// The checksum of the data read.
        computed: u64,
    },
    /// A table whose checksum matches but which no build computes: the file was edited (or
    /// written by something else) and its checksum recomputed. See [`AdditivePdb::load`] for
    /// what loading checks.
    ///
    /// [`AdditivePdb::load`]: crate::puzzle::AdditivePdb::load
    Implausible {
        /// The group whose table it is (0-based).
        group: usize,
        /// The placement rank where the table fails the check.
        rank: usize,
        /// The entry at that rank.
        entry: u8,
        /// What a built table would have there.
        reason: &'static str,
    },
    /// The memory to build a group's table could not be allocated: the group is too large for
    /// this machine (or for the process's memory limit).
    OutOfMemory {
        /// The group (0-based).
        group: usize,
        /// The bytes its build needs at once: table and work space.
        bytes: usize,
    },
}

impl fmt::Display for PdbFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbFileError::BadPartition { reason } => write!(f, "bad partition: {reason}"),
            PdbFileError::PatternTooLarge { tiles, cells } => write!(
                f,
                "a group of {tiles} tiles on {cells} cells has too many placements for a table \
                 (at most {MAX_PATTERN_ENTRIES})"
            ),
            PdbFileError::NoReflection {
                width,
                height,
                blank,
            } => write!(
                f,
                "no diagonal reflection on a {width}×{height} board whose goal blank is in cell \
                 {blank}: the board must be square and the blank on the main diagonal"
            ),
            PdbFileError::Io { kind, message } => write!(f, "i/o error ({kind:?}): {message}"),
            PdbFileError::BadMagic => f.write_str("not a pattern database file (bad magic bytes)"),
            PdbFileError::UnsupportedVersion { found } => write!(
                f,
                "pattern database format version {found} is not supported (this crate reads \
                 version {FORMAT_VERSION})"
            ),
            PdbFileError::BadHeader { reason } => {
                write!(f, "bad pattern database header: {reason}")
            }
            PdbFileError::Mismatch {
                field,
                file,
                expected,
            } => write!(
                f,
                "pattern database file is for another puzzle: its {field} is {file}, expected \
                 {expected}"
            ),
            PdbFileError::Truncated { expected, found } => write!(
                f,
                "pattern database file is truncated: {found} bytes of table where the header \
                 announces {expected}"
            ),
            PdbFileError::TrailingData => {
                f.write_str("pattern database file has data after its checksum")
            }
            PdbFileError::Checksum { stored, computed } => write!(
                f,
                "pattern database file is corrupt: checksum {computed:#018x} of the data, \
                 {stored:#018x} stored"
            ),
            PdbFileError::Implausible {
                group,
                rank,
                entry,
                reason,
            } => write!(
                f,
                "pattern database file has a table no build computes: group {group}, rank \
                 {rank} holds {entry}, but {reason}"
            ),
            PdbFileError::OutOfMemory { group, bytes } => write!(
                f,
                "could not allocate the {bytes} bytes of memory that building the table of \
                 group {group} needs"
            ),
        }
    }
}

impl std::error::Error for PdbFileError {}

impl From<io::Error> for PdbFileError {
    fn from(error: io::Error) -> Self {
        PdbFileError::Io {
            kind: error.kind(),
            message: error.to_string(),
        }
    }
}
