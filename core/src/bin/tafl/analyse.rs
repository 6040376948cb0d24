//! `tafl analyse`: the engine's judgement of every position of a game, as the apps' review
//! shows it: one line per ply with the move's verdict, each side's verdicts counted, the
//! errors with the better move and why, then the biggest swings.

use std::io::{self, Read, Write};

use tafl_core::ai::Control;
use tafl_core::ai::analysis::{self, Budget, Point};
use tafl_core::ai::verdicts::{self, Judged, Tally};
use tafl_core::engine::game::Game;
use tafl_core::engine::import::read_game;
use tafl_core::engine::notation::format_move;
use tafl_core::texts::{JudgedMove, Language};
use tafl_core::{Move, Side};

use crate::args::{Args, Stop, Usage, help};

pub const USAGE: &str = "tafl analyse [--variant V] [--nodes N | --ms N] [--lang en|fr|de] [FILE|-]
      the defenders' winning chance (0 to 1) after every ply of a game and the move's
      verdict, one line each (`PLY MOVE SCORE VERDICT`, the verdict one of best, only-move,
      good, inaccuracy, mistake, blunder), then one line per side counting them, one line
      per inaccuracy, mistake or blunder with the better move and why, and the three biggest
      swings; the game is any record the import reads (--variant names its game when the
      text does not); the engine looks at each position for a fixed node budget (the
      review's, or N nodes with --nodes), or N ms with --ms; the per-ply lines are the same
      in every language, the rest is in the language of --lang";

/// `tafl analyse`, as its arguments ask.
pub struct AnalyseArgs {
    /// The game when the text names none.
    default: Option<tafl_core::VariantKind>,
    budget: Budget,
    /// The file to read; `None` for the standard input.
    path: Option<String>,
    language: Language,
}

impl AnalyseArgs {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<AnalyseArgs, Stop> {
        let args = Args::parse(args, &help(USAGE), &[], &["variant", "ms", "nodes", "lang"])?;
        let default = match args.get("variant") {
            Some(_) => Some(args.variant()?),
            None => None,
        };
        let millis = crate::ai_cmds::number::<u64>(&args, "ms")?;
        let nodes = crate::ai_cmds::number::<u64>(&args, "nodes")?;
        let budget = match (millis, nodes) {
            (Some(_), Some(_)) => {
                return Err(Usage("--nodes and --ms exclude each other".into()).into());
            }
            (millis, nodes) => Budget {
                nodes: nodes.unwrap_or(analysis::DEFAULT_NODES),
                millis,
            },
        };
        let path = match args.positional.as_slice() {
            [] => None,
            [path] if path == "-" => None,
            [path] => Some(path.clone()),
            _ => return Err(Usage(format!("usage: {USAGE}")).into()),
        };
        Ok(AnalyseArgs {
            default,
            budget,
            path,
            language: crate::words::language(&args)?,
        })
    }
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let AnalyseArgs {
        default,
        budget,
        path,
        language,
    } = AnalyseArgs::from_args(args)?;
    let text = match path {
        None => read_stdin()?,
        Some(path) => std::fs::read_to_string(&path)
            .map_err(|e| Stop::Io(format!("cannot read {path}: {e}")))?,
    };
    // A game that cannot be read is a mistake in what was given, like a bad option.
    let game = read_game(&text, default).map_err(|e| Usage(format!("bad game: {e}")))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let names = move_names(&game);
    let moves: Vec<Move> = game.moves().map(|(mv, _)| mv).collect();
    // Each move is judged as soon as the position after it is known.
    let mut replay = Game::from_position(game.start().clone(), game.options());
    let mut judged: Vec<Judged> = Vec::new();
    let mut previous: Option<Point> = None;
    let result = analysis::analyse(&game, &budget, &Control::new(), &mut |ply, point| {
        if let (Some(before), Some(&played)) =
            (previous, ply.checked_sub(1).and_then(|i| moves.get(i)))
        {
            let j = verdicts::judge_move(&replay, played, &before, &point);
            let _ = writeln!(
                out,
                "{ply} {} {:.3} {}",
                names[ply - 1],
                point.defenders,
                j.verdict.name()
            );
            let _ = out.flush();
            judged.push(j);
            let _ = replay.play(played);
        }
        previous = Some(point);
    });
    let words = language.catalog();
    for side in [Side::Attackers, Side::Defenders] {
        let _ = writeln!(
            out,
            "{}",
            words.verdict_summary(side, &Tally::of(&judged, side))
        );
    }
    for j in judged.iter().filter(|j| j.verdict.is_error()) {
        let better = j.better.map(|m| annotated(&game, j.ply - 1, m));
        let line = words.verdict_explained(
            &game.variant().geometry,
            &JudgedMove {
                ply: j.ply,
                notation: &names[j.ply - 1],
                mover: j.mover,
                verdict: j.verdict,
                better: Some(better.as_deref().unwrap_or_default()),
                why: &j.why,
            },
        );
        let _ = writeln!(out, "{}", line.unwrap_or_default());
    }
    let swings = analysis::swings(&game, &result);
    let listed: Vec<String> = swings
        .iter()
        .map(|s| {
            let better = s.better.map_or(String::new(), |m| {
                let better = annotated(&game, s.ply - 1, m);
                words.fill("cli.analyse.better", &[("move", &better)])
            });
            words.fill(
                "cli.analyse.swing",
                &[
                    ("ply", &s.ply.to_string()),
                    ("move", &names[s.ply - 1]),
                    ("side", words.side_noun(s.mover)),
                    ("before", &format!("{:.2}", s.before)),
                    ("after", &format!("{:.2}", s.after)),
                    ("better", &better),
                ],
            )
        })
        .collect();
    let swings = if listed.is_empty() {
        words.text("cli.analyse.no_swings").to_string()
    } else {
        words.fill("cli.analyse.swings", &[("list", &listed.join("; "))])
    };
    let _ = writeln!(out, "{swings}");
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
