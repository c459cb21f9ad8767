//! Helpers shared by the examples: command lines, JSON lines and timing.
//!
//! Flags are parsed with `lexopt`, a small parser without dependencies: each example lists its
//! flags in one `match` and its help text in one constant. JSON goes through `serde_json`.

#![allow(dead_code, unreachable_pub, unused_imports)]

use std::fmt::Display;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;

pub use lexopt::Arg::{Long, Short, Value};

/// One example's command line: its name, its usage line and its help text, and the parser.
///
/// Every error exits the process: `--help` with status 0 after printing the help on stdout,
/// a usage error (an unknown flag, a missing or unreadable value) with status 2 after printing
/// the message and the usage line on stderr.
pub struct Cli {
    usage: Usage,
    parser: lexopt::Parser,
}

/// What a usage error prints: the example's name and its usage line. `Copy`, so that an
/// unknown argument can be rejected while the parser is still borrowed by it.
#[derive(Clone, Copy)]
pub struct Usage {
    name: &'static str,
    usage: &'static str,
    help: &'static str,
}

impl Usage {
    /// Rejects an argument the example does not know (`arg.unexpected()`).
    pub fn reject(self, error: lexopt::Error) -> ! {
        self.error(error)
    }

    /// Prints `message` and the usage line on stderr and exits with status 2.
    pub fn error(self, message: impl Display) -> ! {
        eprintln!("{}: {message}", self.name);
        eprintln!("usage: {}", self.usage);
        eprintln!("(--help lists every flag)");
        std::process::exit(2)
    }
}

impl Cli {
    /// The process's command line. `usage` is one line (`maze [--json] [--svg FILE] ...`);
    /// `help` lists every flag with its default.
    pub fn new(name: &'static str, usage: &'static str, help: &'static str) -> Cli {
        Cli {
            usage: Usage { name, usage, help },
            parser: lexopt::Parser::from_env(),
        }
    }

    /// The name and usage line, to reject arguments with.
    pub fn usage(&self) -> Usage {
        self.usage
    }

    /// The next flag or positional argument; `--help` and `-h` print the help and exit.
    pub fn next(&mut self) -> Option<lexopt::Arg<'_>> {
        let usage = self.usage;
        match self.parser.next() {
            Ok(Some(Long("help") | Short('h'))) => {
                println!("usage: {}\n\n{}", usage.usage, usage.help.trim_end());
                std::process::exit(0)
            }
            Ok(arg) => arg,
            Err(error) => usage.error(error),
        }
    }

    /// The value of `flag`, read as a `T`: a missing or unreadable value is a usage error that
    /// names the flag and the value.
    pub fn value<T: FromStr>(&mut self, flag: &str) -> T
    where
        T::Err: Display,
    {
        let text = self.string(flag);
        match text.parse() {
            Ok(value) => value,
            Err(error) => self.usage_error(format!("--{flag}: cannot read {text:?}: {error}")),
        }
    }

    /// The value of `flag` as text.
    pub fn string(&mut self, flag: &str) -> String {
        match self.parser.value() {
            Ok(value) => match value.into_string() {
                Ok(text) => text,
                Err(raw) => self.usage_error(format!("--{flag}: {raw:?} is not valid UTF-8")),
            },
            Err(_) => self.usage_error(format!("--{flag} needs a value")),
        }
    }

    /// A positional argument as text.
    pub fn positional(&self, value: std::ffi::OsString) -> String {
        match value.into_string() {
            Ok(text) => text,
            Err(raw) => self.usage_error(format!("{raw:?} is not valid UTF-8")),
        }
    }

    /// Prints `message` and the usage line on stderr and exits with status 2.
    pub fn usage_error(&self, message: impl Display) -> ! {
        self.usage.error(message)
    }
}

/// Prints one JSON object on one line: `fields`, then every `Stats` field at the top level
/// (`expanded`, `generated`, `reopened`, `decrease_keys`, `pruned`, `max_open`, `stored`,
/// `iterations`), then `extra`.
pub fn print_json_line(
    fields: serde_json::Value,
    stats: Option<informed::Stats>,
    extra: serde_json::Value,
) {
    let mut object = match fields {
        serde_json::Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    if let Some(stats) = stats {
        if let serde_json::Value::Object(map) = stats_json(stats) {
            object.extend(map);
        }
    }
    if let serde_json::Value::Object(map) = extra {
        object.extend(map);
    }
    let mut out = std::io::stdout().lock();
    if let Err(error) = writeln!(out, "{}", serde_json::Value::Object(object)) {
        // A reader that stopped reading (`--json | head`) wants no more lines: stop quietly,
        // as command-line tools do, rather than panic on the closed pipe.
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("cannot write to standard output: {error}");
        std::process::exit(2);
    }
}

/// Every `Stats` field as one JSON object.
pub fn stats_json(stats: informed::Stats) -> serde_json::Value {
    serde_json::json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "reopened": stats.reopened,
        "decrease_keys": stats.decrease_keys,
        "pruned": stats.pruned,
        "max_open": stats.max_open,
        "stored": stats.stored,
        "iterations": stats.iterations,
        "expanded_before_last_layer": stats.expanded_before_last_layer,
    })
}

/// A finite number as JSON, or `null` (JSON has no infinity).
pub fn number(value: f64) -> serde_json::Value {
    serde_json::Number::from_f64(value).map_or(serde_json::Value::Null, serde_json::Value::Number)
}

/// The shared benchmark data directory (`../shared/data`, or `$INFORMED_DATA`), if present.
pub fn shared_data() -> Option<PathBuf> {
    let dir = std::env::var_os("INFORMED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    dir.exists().then_some(dir)
}

/// Milliseconds since `start`.
pub fn millis(start: std::time::Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

/// A one-line progress report on stderr, redrawn in place (`\r`), when stderr is a terminal;
/// nothing at all otherwise, so that logs and pipes stay clean.
///
/// Redraws at most ten times a second, so that it costs nothing next to the work it reports.
pub struct Progress {
    shown: bool,
    enabled: bool,
    last: Option<std::time::Instant>,
    width: usize,
}

impl Progress {
    /// Progress on stderr if it is a terminal.
    pub fn on_terminal() -> Progress {
        use std::io::IsTerminal;
        Progress::new(std::io::stderr().is_terminal())
    }

    /// Progress that draws only if `enabled`.
    pub fn new(enabled: bool) -> Progress {
        Progress {
            shown: false,
            enabled,
            last: None,
            width: 0,
        }
    }

    /// Shows `line` (made only when it will be drawn) unless the last redraw was under 0.1 s ago.
    pub fn update(&mut self, line: impl FnOnce() -> String) {
        if !self.enabled {
            return;
        }
        let now = std::time::Instant::now();
        if self
            .last
            .is_some_and(|last| now.duration_since(last).as_millis() < 100)
        {
            return;
        }
        self.last = Some(now);
        let line = line();
        let padding = self.width.saturating_sub(line.chars().count());
        eprint!("\r{line}{:padding$}", "");
        self.width = line.chars().count();
        self.shown = true;
    }

    /// Clears the line, so that what is printed next starts on a clean line.
    pub fn clear(&mut self) {
        if self.shown {
            eprint!("\r{:width$}\r", "", width = self.width);
            self.shown = false;
            self.width = 0;
            self.last = None;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

/// The longest line, in bytes, that the examples read from a file: far more than any board,
/// map row or road record, and small enough that an endless line (`/dev/zero`) is refused at
/// once instead of read until memory runs out.
pub const MAX_LINE: usize = 1 << 16;

/// The lines of a text file, read one at a time, so that a file of any length is processed as
/// it is read: each line at most [`MAX_LINE`] bytes and UTF-8, without its line end (`\n` or
/// `\r\n`). The first bad line ends the iteration with an error naming the file and the line;
/// nothing is read after it.
pub struct Lines {
    reader: BufReader<std::fs::File>,
    path: String,
    number: usize,
    buffer: Vec<u8>,
    done: bool,
}

impl Lines {
    /// The lines of the file at `path`, or why it cannot be opened.
    pub fn open(path: &str) -> Result<Lines, String> {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        Ok(Lines {
            reader: BufReader::new(file),
            path: path.to_owned(),
            number: 0,
            buffer: Vec::new(),
            done: false,
        })
    }

    /// The next line, or `None` at the end of the file.
    fn read_line(&mut self) -> Result<Option<String>, String> {
        self.buffer.clear();
        // Room for the longest line and its `\r\n`: a line that fills it without ending in
        // them is too long, and is refused without reading the rest of it.
        let limit = MAX_LINE as u64 + 2;
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|e| format!("cannot read {}: {e}", self.path))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let line = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() > MAX_LINE {
            return Err(format!(
                "{}:{}: the line is longer than {MAX_LINE} bytes (is this a text file?)",
                self.path, self.number
            ));
        }
        match std::str::from_utf8(line) {
            Ok(text) => Ok(Some(text.to_owned())),
            Err(error) => Err(format!(
                "{}:{}: the line is not UTF-8 text ({error})",
                self.path, self.number
            )),
        }
    }
}

impl Iterator for Lines {
    /// The line's number (from 1) and its text, or what was wrong with the file.
    type Item = Result<(usize, String), String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.read_line() {
            Ok(Some(line)) => Some(Ok((self.number, line))),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(message) => {
                self.done = true;
                Some(Err(message))
            }
        }
    }
}

/// Refuses a path that is not a regular file (a device such as `/dev/zero`, a pipe, a
/// directory) before a library loader reads it whole: such an input may never end, and the
/// loader would hold all of it.
pub fn regular_file(path: &Path) -> Result<(), String> {
    let metadata =
        std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if metadata.is_file() {
        Ok(())
    } else {
        Err(format!(
            "{}: not a regular file (a device, pipe or directory may never end)",
            path.display()
        ))
    }
}
