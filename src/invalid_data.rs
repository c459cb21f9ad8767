//! The error of a serialized value that the crate's constructors could not have made.

use std::fmt;

/// Why serialized data was refused: it breaks an invariant that the crate's constructors keep.
#[derive(Debug)]
pub(crate) struct InvalidData(pub(crate) String);

impl fmt::Display for InvalidData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
