//! `tafl tune`: Texel tuning of one game's evaluation weights on recorded games
//! ([`tafl_core::ai::tune`]), with every fifth game held out to show whether the fit
//! generalises. It writes a weights file in the format of `core/data/weights.json`.

use std::io::{self, Write};
use std::path::PathBuf;

use tafl_core::VariantKind;
use tafl_core::ai::tune::{self, Sample};
use tafl_core::ai::weights::{WeightSet, shipped};

use crate::ai_cmds::number;
use crate::args::{Args, Stop, Usage, exit, help};

pub const USAGE: &str = "tafl tune [--variant V] [--games N] [--iterations N] [--from FILE] \
                         [--out FILE] [GAMES-FILE...]";

/// The default number of optimisation steps.
const DEFAULT_ITERATIONS: u32 = 300;

/// The repository's games for a variant, when no file is named: the public games (copies of
/// `shared/conformance` in `core/tests/data`) and the engine's own games (`core/data`).
fn default_files(kind: VariantKind) -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let names: &[&str] = match kind {
        VariantKind::Copenhagen => &["tests/data/copenhagen-games.csv"],
        VariantKind::Brandubh => &[
            "tests/data/brandubh-games.csv",
            "data/selfplay-brandubh.txt",
        ],
        VariantKind::Tablut => &[
            "data/selfplay-tablut.txt",
            "tests/data/tablut-engine-games.csv",
        ],
        _ => &[],
    };
    names.iter().map(|n| root.join(n)).collect()
}

/// `tafl tune`, as its arguments ask.
pub struct Tune {
    kind: VariantKind,
    games: usize,
    iterations: u32,
    from: Option<String>,
    out: Option<String>,
    files: Vec<PathBuf>,
}

impl Tune {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<Tune, Stop> {
        let args = Args::parse(
            args,
            &help(USAGE),
            &[],
            &["variant", "games", "iterations", "from", "out"],
        )?;
        let kind = args.variant()?;
        let files: Vec<PathBuf> = if args.positional.is_empty() {
            default_files(kind)
        } else {
            args.positional.iter().map(PathBuf::from).collect()
        };
        if files.is_empty() {
            return Err(Usage(format!(
                "no games of {} in the repository: name the files of games to tune on",
                kind.name()
            ))
            .into());
        }
        Ok(Tune {
            kind,
            games: number::<usize>(&args, "games")?.unwrap_or(usize::MAX),
            iterations: number::<u32>(&args, "iterations")?.unwrap_or(DEFAULT_ITERATIONS),
            from: args.get("from").map(String::from),
            out: args.get("out").map(String::from),
            files,
        })
    }
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let Tune {
        kind,
        games,
        iterations,
        from,
        out,
        files,
    } = Tune::from_args(args)?;
    let mut set = match &from {
        None => shipped().clone(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Stop::Io(format!("cannot read {path}: {e}")))?;
            WeightSet::parse(&text).map_err(|e| Usage(format!("{path}: {e}")))?
        }
    };
    let (mut train, mut held) = (Vec::<Sample>::new(), Vec::<Sample>::new());
    let (mut read, mut skipped, mut train_games, mut held_games) = (0usize, 0usize, 0, 0);
    'files: for path in &files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Stop::Io(format!("cannot read {}: {e}", path.display())))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if read >= games {
                break 'files;
            }
            read += 1;
            match tune::game_samples(kind, line) {
                Ok(g) if tune::held_out(read - 1) => {
                    held_games += 1;
                    held.extend(g.samples);
                }
                Ok(g) => {
                    train_games += 1;
                    train.extend(g.samples);
                }
                Err(_) => skipped += 1,
            }
        }
    }
    if train.is_empty() {
        return Err(Usage(format!(
            "no positions to tune on ({read} games read, {skipped} without a usable result)"
        ))
        .into());
    }
    let stdout = io::stdout();
    let mut o = stdout.lock();
    let _ = writeln!(
        o,
        "tune {}: {read} games read ({skipped} skipped), {train_games} for training ({} positions), \
         {held_games} held out ({} positions)",
        kind.name(),
        train.len(),
        held.len()
    );
    let _ = o.flush();
    let report = tune::tune(set.get(kind), &train, &held, iterations);
    let _ = writeln!(
        o,
        "scale k {:.6} per hundredth of a soldier",
        report.scale.k
    );
    // The constant the engine leaves out (see `tafl_core::ai::tune`): a new line, after the
    // scale, so that scripts reading the others still find them.
    let _ = writeln!(
        o,
        "level before {:+.0} after {:+.0} hundredths for the defenders (not written: the search has no use for a constant)",
        report.scale.level, report.level_after
    );
    let _ = writeln!(
        o,
        "training loss before {:.6} after {:.6}",
        report.train_before, report.train_after
    );
    let _ = writeln!(
        o,
        "held-out loss before {:.6} after {:.6}",
        report.held_before, report.held_after
    );
    if !report.improved {
        let _ = writeln!(
            o,
            "no gain on the training games: the weights are unchanged"
        );
    }
    let before = set.get(kind).clone();
    for (name, (b, a)) in tune::TERMS.iter().zip(
        tune::to_vector(&before)
            .iter()
            .zip(tune::to_vector(&report.weights).iter()),
    ) {
        let _ = writeln!(o, "  {name:<18} {b:>6} -> {a:>6}");
    }
    set.set(kind, report.weights);
    if let Some(path) = out {
        std::fs::write(&path, set.to_json())
            .map_err(|e| Stop::Io(format!("cannot write {path}: {e}")))?;
        let _ = writeln!(o, "wrote {path}");
    }
    Ok(exit::OK)
}
