//! Helpers shared by the examples: command-line arguments, JSON lines and timing.
//!
//! Kept dependency-free on purpose: the examples show the crate, not an argument parser.

#![allow(dead_code, unreachable_pub)]

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// `--name value` options, `--flag` switches and positional arguments.
pub struct Args {
    options: HashMap<String, String>,
    switches: Vec<String>,
    pub positional: Vec<String>,
}

impl Args {
    /// Parses the process's arguments; `switches` names the options that take no value.
    pub fn parse(switches: &[&str]) -> Result<Args, String> {
        let mut args = Args {
            options: HashMap::new(),
            switches: Vec::new(),
            positional: Vec::new(),
        };
        let mut raw = std::env::args().skip(1);
        while let Some(arg) = raw.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if switches.contains(&name) {
                    args.switches.push(name.to_owned());
                } else {
                    let value = raw
                        .next()
                        .ok_or_else(|| format!("--{name} needs a value"))?;
                    args.options.insert(name.to_owned(), value);
                }
            } else {
                args.positional.push(arg);
            }
        }
        Ok(args)
    }

    pub fn has(&self, switch: &str) -> bool {
        self.switches.iter().any(|s| s == switch)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    /// The option parsed as `T`, or `default` if absent.
    pub fn parse_or<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            None => Ok(default),
            Some(text) => text
                .parse()
                .map_err(|_| format!("--{name}: cannot read {text:?}")),
        }
    }
}

/// One JSON object, built field by field and printed on one line.
#[derive(Default)]
pub struct Json {
    fields: Vec<String>,
}

fn quote(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(quoted, "\\u{:04x}", c as u32);
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

impl Json {
    pub fn new() -> Json {
        Json::default()
    }

    pub fn text(mut self, key: &str, value: &str) -> Json {
        self.fields.push(format!("{}:{}", quote(key), quote(value)));
        self
    }

    pub fn number(mut self, key: &str, value: f64) -> Json {
        let value = if value.is_finite() {
            format!("{value}")
        } else {
            "null".to_owned()
        };
        self.fields.push(format!("{}:{value}", quote(key)));
        self
    }

    pub fn integer(mut self, key: &str, value: u64) -> Json {
        self.fields.push(format!("{}:{value}", quote(key)));
        self
    }

    pub fn boolean(mut self, key: &str, value: bool) -> Json {
        self.fields.push(format!("{}:{value}", quote(key)));
        self
    }

    /// A value that is already JSON (an array, say).
    pub fn raw(mut self, key: &str, json: &str) -> Json {
        self.fields.push(format!("{}:{json}", quote(key)));
        self
    }

    /// The statistics every example reports.
    pub fn stats(self, stats: informed::Stats) -> Json {
        self.integer("expanded", stats.expanded)
            .integer("generated", stats.generated)
            .integer("reopened", stats.reopened)
            .integer("max_open", stats.max_open as u64)
    }

    pub fn print(&self) {
        println!("{{{}}}", self.fields.join(","));
    }
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
