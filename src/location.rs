//! Where an error in an input text was found: the file and line, written as the `FILE:LINE: `
//! prefix compilers print; and the lines of a text, numbered as such errors count them.

use std::fmt;
use std::path::{Path, PathBuf};

/// An error of kind `K` with the file and line it was found at, as far as they are known.
///
/// The domain errors ([`GridError`](crate::grid::GridError),
/// [`GraphError`](crate::graph::GraphError)) wrap one: the parsers set the line, the loaders
/// the file, and `Display` writes `FILE:LINE: ` before the kind.
#[derive(Debug)]
pub(crate) struct Located<K> {
    kind: K,
    file: Option<PathBuf>,
    line: Option<usize>,
}

impl<K> Located<K> {
    /// `kind`, found nowhere in particular yet.
    pub(crate) fn new(kind: K) -> Self {
        Located {
            kind,
            file: None,
            line: None,
        }
    }

    /// Found at `line` (from 1), unless a line is already known: the innermost parser knows best.
    pub(crate) fn at_line(mut self, line: usize) -> Self {
        self.line.get_or_insert(line);
        self
    }

    /// Found in `file`, unless a file is already known.
    pub(crate) fn in_file(mut self, file: &Path) -> Self {
        self.file.get_or_insert_with(|| file.to_owned());
        self
    }

    pub(crate) fn kind(&self) -> &K {
        &self.kind
    }

    pub(crate) fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    pub(crate) fn line(&self) -> Option<usize> {
        self.line
    }
}

/// `file:line: kind`, `file: kind`, `line N: kind` or `kind`, as much as is known.
impl<K: fmt::Display> fmt::Display for Located<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{}:{line}: ", file.display())?,
            (Some(file), None) => write!(f, "{}: ", file.display())?,
            (None, Some(line)) => write!(f, "line {line}: ")?,
            (None, None) => {}
        }
        self.kind.fmt(f)
    }
}

/// Reads the text file at `path`; a failure becomes `io(error)`, located in that file.
pub(crate) fn read_text<K>(
    path: &Path,
    io: impl FnOnce(std::io::Error) -> K,
) -> Result<String, Located<K>> {
    std::fs::read_to_string(path).map_err(|error| Located::new(io(error)).in_file(path))
}

/// The most characters of an input line that an error message quotes.
pub(crate) const EXCERPT_CHARS: usize = 80;

/// `text` to quote in an error message: all of it, or its first [`EXCERPT_CHARS`] characters
/// and `…` (an error about a line of a megabyte need not copy it).
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// The lines of `text`, numbered from 1, without their line ends: `\n`, `\r\n` and a lone `\r`
/// each end a line (files from every system). As with [`str::lines`], a final line end does not
/// start another, empty, line.
pub(crate) fn numbered_lines(text: &str) -> NumberedLines<'_> {
    NumberedLines {
        rest: text,
        number: 0,
    }
}

/// The iterator of [`numbered_lines`]; [`NumberedLines::number`] is the last line's number.
#[derive(Clone, Debug)]
pub(crate) struct NumberedLines<'t> {
    rest: &'t str,
    number: usize,
}

impl NumberedLines<'_> {
    /// The number of the line returned last (0 before the first).
    pub(crate) fn number(&self) -> usize {
        self.number
    }
}

impl<'t> Iterator for NumberedLines<'t> {
    type Item = (usize, &'t str);

    fn next(&mut self) -> Option<(usize, &'t str)> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match self.rest.find(['\n', '\r']) {
            Some(end) => {
                let after = if self.rest[end..].starts_with("\r\n") {
                    end + 2
                } else {
                    end + 1
                };
                (&self.rest[..end], &self.rest[after..])
            }
            None => (self.rest, ""),
        };
        self.rest = rest;
        self.number += 1;
        Some((self.number, line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(usize, &str)> {
        numbered_lines(text).collect()
    }

    #[test]
    fn every_line_end_ends_a_line() {
        assert_eq!(
            lines("a\nb\r\nc\rd"),
            [(1, "a"), (2, "b"), (3, "c"), (4, "d")]
        );
        assert_eq!(lines("a\r\r\nb\n"), [(1, "a"), (2, ""), (3, "b")]);
        assert_eq!(lines("\n\n"), [(1, ""), (2, "")]);
        assert_eq!(lines(""), []);
        assert_eq!(lines("\r"), [(1, "")]);
    }

    #[test]
    fn long_excerpts_are_cut() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(EXCERPT_CHARS + 5);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS + 1);
        assert!(cut.ends_with("é…"));
        assert_eq!(
            excerpt(&long[..2 * EXCERPT_CHARS]),
            long[..2 * EXCERPT_CHARS]
        );
    }

    #[test]
    fn the_prefix_says_what_is_known() {
        let error = Located::new("bad").at_line(3).at_line(9);
        assert_eq!(error.to_string(), "line 3: bad");
        let error = error.in_file(Path::new("a.map"));
        assert_eq!(error.to_string(), "a.map:3: bad");
        assert_eq!(
            Located::new("bad").in_file(Path::new("a")).to_string(),
            "a: bad"
        );
        assert_eq!(Located::new("bad").to_string(), "bad");
    }
}
