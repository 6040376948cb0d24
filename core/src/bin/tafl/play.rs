//! `tafl play`: a game at the terminal, reading one command per line (works with pipes).
//! Two players share the keyboard, or one plays against the computer. The game is saved after
//! every move and undo, and offered for resumption at the next start.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use tafl_core::ai::{self, Control, SearchSettings};
use tafl_core::engine::notation::{format_move, parse_move};
use tafl_core::engine::session::Session;
use tafl_core::store::{GameToken, Store};
use tafl_core::{Level, Mode, RuleOptions, Side, VariantKind};

use crate::args::{Args, Stop, Usage, exit};
use crate::board_text::{board, last_move_line, turn_line};
use crate::store_cmds::{default_db_path, mode_text};

pub const USAGE: &str = "tafl play [--variant V (tafl variants lists them)] \
                         [--ai easy|normal|hard --side attackers|defenders] [--ms N] \
                         [--db PATH | --no-db] [--no-exit-forts]";

const HELP: &str = "\
Commands:
  d1-d3   move the piece on d1 to d3 (files a.., ranks 1.. from the bottom left)
  undo    take back the last move (against the computer: back to your previous turn)
  resign  give up the game
  board   show the board again
  help    show this help
  quit    leave (the game is saved and offered again next time)
Board: A attacker, D defender, K king, + throne or corner, * from, > to, x captured.";

struct Play {
    session: Session,
    store: Option<Store>,
    think_time: Option<Duration>,
}

/// `tafl play`, as its arguments ask.
pub struct PlayArgs {
    mode: Mode,
    kind: VariantKind,
    think_time: Option<Duration>,
    options: RuleOptions,
    /// The database to keep the game in, if any.
    db: Option<PathBuf>,
}

impl PlayArgs {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<PlayArgs, Stop> {
        let args = Args::parse(
            args,
            &format!("usage: {USAGE}\n\n{HELP}\n"),
            &["no-exit-forts", "no-db"],
            &["variant", "ai", "side", "ms", "db"],
        )?;
        if !args.positional.is_empty() {
            return Err(Usage(format!("usage: {USAGE}")).into());
        }
        let mode = match (args.get("ai"), args.side("side")?) {
            (None, None) => Mode::TwoPlayers,
            (None, Some(_)) => return Err(Usage("--side goes with --ai".into()).into()),
            (Some(level), side) => Mode::VsComputer {
                level: Level::parse(level).ok_or_else(|| {
                    Usage(format!("unknown level '{level}' (easy, normal or hard)"))
                })?,
                human: side.unwrap_or(Side::Attackers),
            },
        };
        let db = match (args.get("db"), args.flag("no-db")) {
            (Some(_), true) => {
                return Err(Usage("--db and --no-db exclude each other".into()).into());
            }
            (Some(path), false) => Some(path.into()),
            (None, true) => None,
            (None, false) => Some(default_db_path()?),
        };
        Ok(PlayArgs {
            mode,
            kind: args.variant()?,
            think_time: crate::ai_cmds::number::<u64>(&args, "ms")?.map(Duration::from_millis),
            options: RuleOptions {
                exit_forts: !args.flag("no-exit-forts"),
            },
            db,
        })
    }
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let PlayArgs {
        mode,
        kind,
        think_time,
        options,
        db,
    } = PlayArgs::from_args(args)?;
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let stdout = io::stdout();
    let mut out = stdout.lock();

    let mut store = match db {
        None => None,
        Some(path) => match Store::open(&path) {
            Ok((store, warning)) => {
                if let Some(w) = warning {
                    let _ = writeln!(out, "Note: {w}.");
                }
                Some(store)
            }
            Err(e) => return Err(Stop::Io(format!("cannot open {}: {e}", path.display()))),
        },
    };
    let resumed = match store.as_mut() {
        Some(store) => offer_resume(store, &mut lines, &mut out)?,
        None => None,
    };
    let mut play = match resumed {
        Some(session) => Play {
            session,
            store,
            think_time,
        },
        None => {
            let mut play = Play {
                session: Session::new(kind, options, mode),
                store,
                think_time,
            };
            play.begin(&mut out);
            play
        }
    };
    let _ = writeln!(out, "Type a move like d1-d3, or help.");
    play.show(&mut out);
    play.computer_turn(&mut out);

    while let Some(Ok(line)) = lines.next() {
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "quit" | "exit" => break,
            "help" | "?" => {
                let _ = writeln!(out, "{HELP}");
            }
            "board" => play.show(&mut out),
            "undo" if play.session.game().status().is_over() => {
                let _ = writeln!(out, "The game is over and recorded.");
            }
            "undo" => match play.session.undo() {
                Ok(_) => {
                    play.save(&mut out);
                    play.show(&mut out);
                }
                Err(e) => {
                    let _ = writeln!(out, "Cannot undo: {e}.");
                }
            },
            "resign" => match play.session.resign() {
                Ok(()) => {
                    play.save(&mut out);
                    play.show(&mut out);
                }
                Err(e) => {
                    let _ = writeln!(out, "Cannot resign: {e}.");
                }
            },
            text => match parse_move(&play.session.game().variant().geometry, text) {
                Err(e) => {
                    let _ = writeln!(out, "{e}; type help for the commands.");
                }
                Ok((mv, _)) => match play.session.play(mv) {
                    Ok(_) => {
                        play.save(&mut out);
                        play.show(&mut out);
                        play.computer_turn(&mut out);
                    }
                    Err(e) => {
                        let _ = writeln!(out, "Illegal move {text}: {e}.");
                    }
                },
            },
        }
        let _ = out.flush();
    }
    Ok(exit::OK)
}

/// Offers the saved game; a "no" ends it (a resignation when against the computer).
fn offer_resume(
    store: &mut Store,
    lines: &mut impl Iterator<Item = io::Result<String>>,
    out: &mut impl Write,
) -> Result<Option<Session>, Stop> {
    let saved = match store.resume(*TOKEN) {
        Ok(Some(saved)) => saved,
        Ok(None) => return Ok(None),
        Err(e) => {
            let _ = writeln!(out, "Note: the saved game cannot be read ({e}).");
            return Ok(None);
        }
    };
    let _ = writeln!(
        out,
        "An unfinished game is saved: {}, {}, {} plies. Resume it? [Y/n]",
        saved.game.variant().kind.name(),
        mode_text(saved.mode),
        saved.game.plies()
    );
    let _ = out.flush();
    let answer = lines.next().and_then(Result::ok).unwrap_or_default();
    if answer.trim().to_ascii_lowercase().starts_with('n') {
        if let Err(e) = store.abandon_current() {
            let _ = writeln!(out, "Note: could not end the saved game ({e}).");
        }
        return Ok(None);
    }
    Ok(Some(
        Session::from_game(saved.game, saved.mode).with_hints(saved.hints),
    ))
}

/// The terminal plays one game at a time: one token for the process, drawn so that another
/// process on the same file (an app, a second terminal) never holds the same.
static TOKEN: std::sync::LazyLock<GameToken> = std::sync::LazyLock::new(GameToken::fresh);

impl Play {
    fn show(&self, out: &mut impl Write) {
        let game = self.session.game();
        let _ = write!(out, "\n{}", board(game));
        if let Some(line) = last_move_line(game) {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(out, "{}", turn_line(game));
    }

    /// Makes the new game the stored unfinished one (ending the one stored before).
    fn begin(&mut self, out: &mut impl Write) {
        if let Some(store) = self.store.as_mut() {
            if let Err(e) = store.begin(*TOKEN, &self.session) {
                let _ = writeln!(out, "Note: the game could not be saved ({e}).");
            }
        }
    }

    /// Saves after every change, as the apps do; at the terminal a finished game is recorded at
    /// once (the history and the records), since the terminal offers no undo after the end.
    fn save(&mut self, out: &mut impl Write) {
        let Some(store) = self.store.as_mut() else {
            return;
        };
        let mut result = store.persist(*TOKEN, &self.session);
        if result.is_ok() && self.session.game().status().is_over() {
            result = store.conclude(*TOKEN, &self.session).map(|_| ());
        }
        if let Err(e) = result {
            let _ = writeln!(out, "Note: the game could not be saved ({e}).");
        }
    }

    /// Lets the computer move (on its own thread) while it is its turn.
    fn computer_turn(&mut self, out: &mut impl Write) {
        while self.session.computer_to_move() {
            let Mode::VsComputer { level, .. } = self.session.mode() else {
                return;
            };
            let mut settings =
                SearchSettings::for_level(level).with_seed(self.session.game().plies() as u64);
            if let Some(t) = self.think_time {
                settings = settings.with_time(t);
            }
            let _ = writeln!(out, "The computer ({level}) is thinking...");
            let _ = out.flush();
            let handle = ai::spawn(self.session.game().clone(), settings, Control::new());
            let Some(mv) = handle.join().ok().and_then(|r| r.best) else {
                let _ = writeln!(out, "The computer could not move.");
                return;
            };
            let g = &self.session.game().variant().geometry;
            let text = format_move(g, mv, Default::default());
            if self.session.play_computer(mv).is_err() {
                return;
            }
            let _ = writeln!(out, "The computer plays {text}.");
            self.save(out);
            self.show(out);
        }
    }
}
