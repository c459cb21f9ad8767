//! The `FILE:LINE: ` prefix of errors found in input files, as compilers print it.

use std::fmt;
use std::path::Path;

/// Writes `file:line: `, `file: `, `line N: ` or nothing, as much as is known.
pub(crate) fn write_location(
    f: &mut fmt::Formatter<'_>,
    file: Option<&Path>,
    line: Option<usize>,
) -> fmt::Result {
    match (file, line) {
        (Some(file), Some(line)) => write!(f, "{}:{line}: ", file.display()),
        (Some(file), None) => write!(f, "{}: ", file.display()),
        (None, Some(line)) => write!(f, "line {line}: "),
        (None, None) => Ok(()),
    }
}
