//! `tafl play`: a game at the terminal, reading one command per line (works with pipes).
//! Two players share the keyboard, or one plays against the computer. The game is saved after
//! every move and undo, and offered for resumption at the next start.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use tafl_core::ai::{self, Control, SearchSettings};
use tafl_core::engine::notation::{format_move, parse_move};
use tafl_core::engine::session::Session;
use tafl_core::store::{Abandoning, GameToken, SavedGame, Store};
use tafl_core::{Level, Mode, RuleOptions, Side, VariantKind};

use crate::args::{Args, Stop, Usage, exit};
use crate::board_text::{board, last_move_line, turn_line};
use crate::store_cmds::{default_db_path, mode_text};

pub const USAGE: &str = "tafl play [--variant V (tafl variants lists them)] \
                         [--ai easy|normal|hard --side attackers|defenders] [--ms N] \
                         [--seed S] [--db PATH | --no-db] [--no-exit-forts]";

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
    /// The finished game's number in the history, once it is recorded.
    recorded: Option<i64>,
}

/// `tafl play`, as its arguments ask.
pub struct PlayArgs {
    mode: Mode,
    kind: VariantKind,
    /// What the command line asked for by name (`--variant`, `--ai`): a saved game of
    /// another kind is not what was asked for.
    asked: Asked,
    think_time: Option<Duration>,
    options: RuleOptions,
    /// The new game's seed for the computer's choices; drawn from the system when not given.
    seed: Option<u64>,
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
            &["variant", "ai", "side", "ms", "seed", "db"],
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
        let asked = Asked {
            kind: args.get("variant").is_some().then_some(args.variant()?),
            mode: args.get("ai").is_some().then_some(mode),
        };
        Ok(PlayArgs {
            mode,
            kind: args.variant()?,
            asked,
            think_time: crate::ai_cmds::number::<u64>(&args, "ms")?.map(Duration::from_millis),
            options: RuleOptions {
                exit_forts: !args.flag("no-exit-forts"),
            },
            seed: crate::ai_cmds::number::<u64>(&args, "seed")?,
            db,
        })
    }
}

/// What the command line named explicitly.
#[derive(Clone, Copy, Debug)]
struct Asked {
    kind: Option<VariantKind>,
    mode: Option<Mode>,
}

impl Asked {
    /// Whether `saved` is another game than the one asked for.
    fn differs_from(&self, saved: &SavedGame) -> bool {
        self.kind.is_some_and(|k| k != saved.game.variant().kind)
            || self.mode.is_some_and(|m| m != saved.mode)
    }
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let PlayArgs {
        mode,
        kind,
        asked,
        think_time,
        options,
        seed,
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
        Some(store) => match offer_resume(store, asked, &mut lines, &mut out)? {
            Offer::Nothing => None,
            Offer::Resume(session) => Some(*session),
            Offer::Leave => return Ok(exit::OK),
        },
        None => None,
    };
    let mut play = match resumed {
        Some(session) => Play {
            session,
            store,
            think_time,
            recorded: None,
        },
        None => {
            let seed = seed.unwrap_or_else(ai::fresh_game_seed);
            let mut play = Play {
                session: Session::new(kind, options, mode).with_seed(seed),
                store,
                think_time,
                recorded: None,
            };
            play.begin(&mut out);
            play
        }
    };
    if matches!(play.session.mode(), Mode::VsComputer { .. }) {
        let seed = play.session.seed();
        let _ = writeln!(
            out,
            "The computer's choices follow seed {seed} (--seed {seed} plays them again)."
        );
    }
    let _ = writeln!(out, "Type a move like d1-d3, or help.");
    play.show(&mut out);
    play.computer_turn(&mut out);

    while !play.session.game().status().is_over() {
        let Some(Ok(line)) = lines.next() else {
            break;
        };
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "quit" | "exit" => break,
            "help" | "?" => {
                let _ = writeln!(out, "{HELP}");
            }
            "board" => play.show(&mut out),
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
    if play.session.game().status().is_over() {
        let _ = match play.recorded {
            Some(id) => writeln!(
                out,
                "The game is over; it is recorded as game {id} (tafl export {id} prints it)."
            ),
            None => writeln!(out, "The game is over."),
        };
    }
    Ok(exit::OK)
}

/// What the player chose at the start, when a game was saved.
enum Offer {
    /// No saved game, or the player ended it: a new game begins.
    Nothing,
    Resume(Box<Session>),
    /// The input ended before an answer: nothing is changed.
    Leave,
}

/// Offers the saved game, saying first what ending it would do. The default is to resume it,
/// unless the command line asked by name for another game or opponent.
fn offer_resume(
    store: &mut Store,
    asked: Asked,
    lines: &mut impl Iterator<Item = io::Result<String>>,
    out: &mut impl Write,
) -> Result<Offer, Stop> {
    // A game that ended before it was recorded (the terminal was closed at the last move) is
    // recorded now, never offered.
    match store.conclude_stale() {
        Ok(Some(_)) => {
            let _ = writeln!(
                out,
                "The saved game had ended; it is now recorded (tafl history lists it)."
            );
        }
        Ok(None) => {}
        Err(e) => {
            let _ = writeln!(out, "Note: the saved game cannot be read ({e}).");
        }
    }
    let saved = match store.resume(*TOKEN) {
        Ok(Some(saved)) => saved,
        Ok(None) => return Ok(Offer::Nothing),
        Err(e) => {
            let _ = writeln!(out, "Note: the saved game cannot be read ({e}).");
            return Ok(Offer::Nothing);
        }
    };
    let other = asked.differs_from(&saved);
    let _ = writeln!(
        out,
        "An unfinished game is saved: {}, {}, {} plies.",
        saved.game.variant().kind.name(),
        mode_text(saved.mode),
        saved.game.plies()
    );
    let ending = match saved.abandoning() {
        Abandoning::RecordsItsResult => "it is recorded with its result",
        Abandoning::CountsAsResignation => "it counts as your resignation, a loss in the records",
        Abandoning::LeavesNoTrace => "it is dropped and nothing is recorded",
    };
    let question = if other {
        "You asked for another game. Resume the saved one instead? [y/N]"
    } else {
        "Resume it? [Y/n]"
    };
    let _ = writeln!(out, "{question} (Not resuming ends it: {ending}.)");
    let _ = out.flush();
    let resume = loop {
        let Some(Ok(answer)) = lines.next() else {
            let _ = writeln!(out, "No answer: the saved game is kept as it was.");
            return Ok(Offer::Leave);
        };
        match answer.trim().to_ascii_lowercase().as_str() {
            "" => break !other,
            "y" | "yes" => break true,
            "n" | "no" => break false,
            _ => {
                let _ = writeln!(out, "Please answer y or n.");
                let _ = out.flush();
            }
        }
    };
    if resume {
        return Ok(Offer::Resume(Box::new(
            Session::from_game(saved.game, saved.mode)
                .with_hints(saved.hints)
                .with_seed(saved.seed),
        )));
    }
    match store.abandon_current() {
        Ok(Some(_)) => {
            let _ = writeln!(
                out,
                "The saved game is ended: {ending} (tafl history lists it)."
            );
        }
        Ok(None) => {
            let _ = writeln!(out, "The saved game is ended: {ending}.");
        }
        Err(e) => {
            let _ = writeln!(out, "Note: could not end the saved game ({e}).");
        }
    }
    Ok(Offer::Nothing)
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
            result = store
                .conclude(*TOKEN, &self.session)
                .map(|id| self.recorded = id);
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
            // The game's own seed and the ply: the same game replays the same choices.
            let mut settings = SearchSettings::for_game_move(
                level,
                self.session.seed(),
                self.session.game().plies(),
            );
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
