//! A small command-line parser: positional arguments and `--name value` options, with every
//! mistake reported as a usage error (exit status 2).

use std::collections::HashMap;
use std::fmt;

use tafl_core::notation::parse_position;
use tafl_core::{Position, Side, VariantKind};

/// A usage error: the message is printed and the program exits with status 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub fn usage<T>(msg: impl Into<String>) -> Result<T, Usage> {
    Err(Usage(msg.into()))
}

pub struct Args {
    pub positional: Vec<String>,
    options: HashMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    /// Splits `args`; `flags` lists the options that take no value.
    pub fn parse(args: &[String], flags: &[&str], options: &[&str]) -> Result<Args, Usage> {
        let mut out = Args {
            positional: Vec::new(),
            options: HashMap::new(),
            flags: Vec::new(),
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            if arg == "-" || !arg.starts_with("--") {
                out.positional.push(arg.clone());
                continue;
            }
            let name = &arg[2..];
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (name, None),
            };
            if flags.contains(&name) {
                out.flags.push(name.to_string());
            } else if options.contains(&name) {
                let value = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .cloned()
                        .ok_or_else(|| Usage(format!("--{name} needs a value")))?,
                };
                out.options.insert(name.to_string(), value);
            } else {
                return usage(format!("unknown option --{name}"));
            }
        }
        Ok(out)
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    pub fn variant(&self) -> Result<VariantKind, Usage> {
        match self.get("variant") {
            None => Ok(VariantKind::Copenhagen),
            Some(v) => VariantKind::parse(v).ok_or_else(|| {
                Usage(format!(
                    "unknown variant '{v}' (copenhagen, brandubh or tablut)"
                ))
            }),
        }
    }

    pub fn side(&self, name: &str) -> Result<Option<Side>, Usage> {
        self.get(name)
            .map(|v| {
                Side::parse(v)
                    .ok_or_else(|| Usage(format!("--{name} is attackers or defenders, not '{v}'")))
            })
            .transpose()
    }

    /// The starting position: the variant's opening, or `--position OTN --turn SIDE`.
    pub fn start_position(&self) -> Result<Position, Usage> {
        let kind = self.variant()?;
        let turn = self.side("turn")?;
        match self.get("position") {
            None if turn.is_some() => usage("--turn goes with --position"),
            None => Ok(Position::start(kind)),
            Some(otn) => parse_position(kind.rules(), otn, turn.unwrap_or(Side::Attackers))
                .map_err(|e| Usage(e.to_string())),
        }
    }
}
