//! `tafl play`: a game at the terminal, reading one command per line (works with pipes).

use std::io::{self, BufRead, Write};

use tafl_core::notation::parse_move;
use tafl_core::{Game, RuleOptions};

use crate::args::{Args, Usage};
use crate::board_text::{board, last_move_line, turn_line};

pub const USAGE: &str = "tafl play [--variant copenhagen|brandubh|tablut] [--no-exit-forts]";

const HELP: &str = "\
Commands:
  d1-d3   move the piece on d1 to d3 (files a.., ranks 1.. from the bottom left)
  undo    take back the last move
  board   show the board again
  help    show this help
  quit    leave the game
Board: A attacker, D defender, K king, + throne or corner, * from, > to, x captured.";

pub fn command(args: &[String]) -> Result<i32, Usage> {
    let args = Args::parse(args, &["no-exit-forts"], &["variant"])?;
    if !args.positional.is_empty() {
        return Err(Usage(format!("usage: {USAGE}")));
    }
    let options = RuleOptions {
        exit_forts: !args.flag("no-exit-forts"),
    };
    let mut game = Game::with_options(args.variant()?, options);
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "Type a move like d1-d3, or help.");
    show(&mut out, &game);
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "quit" | "exit" => break,
            "help" | "?" => {
                let _ = writeln!(out, "{HELP}");
            }
            "board" => show(&mut out, &game),
            "undo" => {
                if game.unmake().is_some() {
                    show(&mut out, &game);
                } else {
                    let _ = writeln!(out, "Nothing to undo.");
                }
            }
            text => match parse_move(&game.variant().geometry, text) {
                Err(e) => {
                    let _ = writeln!(out, "{e}; type help for the commands.");
                }
                Ok((mv, _)) => match game.play(mv) {
                    Ok(_) => show(&mut out, &game),
                    Err(e) => {
                        let _ = writeln!(out, "Illegal move {text}: {e}.");
                    }
                },
            },
        }
        let _ = out.flush();
    }
    Ok(0)
}

fn show(out: &mut impl Write, game: &Game) {
    let _ = write!(out, "\n{}", board(game));
    if let Some(line) = last_move_line(game) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", turn_line(game));
}
