//! Disjoint additive pattern databases for the sliding-tile puzzle: build, look up, save, load.
//!
//! The file format is described on [`AdditivePdb::save`].

// Cells and tiles index several parallel arrays at once here; ranges read more plainly.
#![allow(clippy::needless_range_loop)]

mod error;
mod partition;
mod reflection;

// rustdoc lists `AdditivePdb`'s methods in the order of these modules' `impl` blocks: building,
// then looking up, then saving and loading. The blank lines keep rustfmt from sorting them.
mod build;

mod table;

mod file;

pub use self::build::{BuildOptions, BuildProgress};
pub use self::error::PdbFileError;
pub use self::file::Origin;
pub use self::partition::Partition;
pub use self::reflection::Reflection;
pub use self::table::{AdditivePdb, PdbContext};

/// The most abstract states one pattern may have: 2³⁰ (1 GiB of table, and 4 GiB of work space
/// while it is built). Eight tiles of the 15-puzzle (519 M) fit; seven of the 24-puzzle
/// (2.4 G) do not.
pub const MAX_PATTERN_ENTRIES: usize = 1 << 30;

/// The first bytes of a saved [`AdditivePdb`].
pub const MAGIC: [u8; 8] = *b"INFRMPDB";

/// The version of the file format that [`AdditivePdb::save`] writes.
pub const FORMAT_VERSION: u32 = 1;
