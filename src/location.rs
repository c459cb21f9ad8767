//! Lines of input files and the `FILE:LINE: ` prefix of errors found in them, as compilers
//! print it.

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

/// Lines without their line ends (`\n` or `\r\n`), numbered from 1.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .enumerate()
        .map(|(i, line)| (i + 1, line))
}
