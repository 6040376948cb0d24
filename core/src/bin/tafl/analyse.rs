//! `tafl analyse`: the engine's judgement of every position of a game, as the apps' review
//! shows it: one line per ply, then the biggest swings.

use std::io::{self, Read, Write};

use tafl_core::ai::Control;
use tafl_core::ai::analysis::{self, Budget};
use tafl_core::engine::game::Game;
use tafl_core::engine::import::read_game;
use tafl_core::engine::notation::format_move;

use crate::args::{Args, Stop, Usage, help};

pub const USAGE: &str = "tafl analyse [--variant V] [--ms N] [FILE|-]
      the defenders' winning chance (0 to 1) after every ply of a game, one line each
      (`PLY MOVE SCORE`), then the three biggest swings; the game is OpenTafl text or a
      plain list of moves (--variant names its game when it has no [variant] tag); the
      engine looks at each position for a fixed node budget, or N ms with --ms";

/// `tafl analyse`, as its arguments ask.
pub struct AnalyseArgs {
    /// The game when the text names none.
    default: Option<tafl_core::VariantKind>,
    millis: Option<u64>,
    /// The file to read; `None` for the standard input.
    path: Option<String>,
}

impl AnalyseArgs {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<AnalyseArgs, Stop> {
        let args = Args::parse(args, &help(USAGE), &[], &["variant", "ms"])?;
        let default = match args.get("variant") {
            Some(_) => Some(args.variant()?),
            None => None,
        };
        let millis = crate::ai_cmds::number::<u64>(&args, "ms")?;
        let path = match args.positional.as_slice() {
            [] => None,
            [path] if path == "-" => None,
            [path] => Some(path.clone()),
            _ => return Err(Usage(format!("usage: {USAGE}")).into()),
        };
        Ok(AnalyseArgs {
            default,
            millis,
            path,
        })
    }
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let AnalyseArgs {
        default,
        millis,
        path,
    } = AnalyseArgs::from_args(args)?;
    let text = match path {
        None => read_stdin()?,
        Some(path) => std::fs::read_to_string(&path)
            .map_err(|e| Stop::Io(format!("cannot read {path}: {e}")))?,
    };
    // A game that cannot be read is a mistake in what was given, like a bad option.
    let game = read_game(&text, default).map_err(|e| Usage(format!("bad game: {e}")))?;
    let budget = Budget {
        millis,
        ..Budget::default()
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let names = move_names(&game);
    let result = analysis::analyse(&game, &budget, &Control::new(), &mut |ply, point| {
        if ply > 0 {
            let _ = writeln!(out, "{ply} {} {:.3}", names[ply - 1], point.defenders);
            let _ = out.flush();
        }
    });
    let swings = analysis::swings(&game, &result);
    let listed: Vec<String> = swings
        .iter()
        .map(|s| {
            let better = s.better.map_or(String::new(), |m| {
                format!(", better {}", annotated(&game, s.ply - 1, m))
            });
            format!(
                "{} {} ({} {:.2} -> {:.2}{better})",
                s.ply,
                names[s.ply - 1],
                s.mover,
                s.before,
                s.after
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "swings: {}",
        if listed.is_empty() {
            "none".to_string()
        } else {
            listed.join("; ")
        }
    );
    Ok(0)
}

fn read_stdin() -> Result<String, Stop> {
    let mut text = String::new();
    io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Stop::Io(format!("cannot read the standard input: {e}")))?;
    Ok(text)
}

/// A move in notation with what it would capture, played after `ply` plies of `game`.
fn annotated(game: &Game, ply: usize, mv: tafl_core::Move) -> String {
    let mut at = Game::from_position(game.start().clone(), game.options());
    for (played, _) in game.moves().take(ply) {
        at.make(played);
    }
    let captured = at.play(mv).map(|p| p.captured).unwrap_or_default();
    format_move(&game.variant().geometry, mv, captured)
}

/// The moves of the game in notation, captures included.
fn move_names(game: &Game) -> Vec<String> {
    let g = &game.variant().geometry;
    game.moves()
        .map(|(mv, captured)| format_move(g, mv, captured))
        .collect()
}
