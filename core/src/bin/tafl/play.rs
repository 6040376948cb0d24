//! `tafl play`: a game at the terminal, reading one command per line (works with pipes).
//! Two players share the keyboard, or one plays against the computer. The game is saved after
//! every move and undo, and offered for resumption at the next start.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use tafl_core::ai::{self, Control, SearchSettings};
use tafl_core::engine::notation::{NotationError, format_move, parse_move};
use tafl_core::engine::session::Session;
use tafl_core::store::{Abandoning, GameToken, SavedGame, Store};
use tafl_core::texts::{Catalog, Language};
use tafl_core::{Level, Mode, RuleOptions, Side, VariantKind};

use crate::args::{Args, Stop, Usage, exit};
use crate::board_text::{board, last_move_line};
use crate::store_cmds::default_db_path;
use crate::words::{self, PlayWord};

pub const USAGE: &str = "tafl play [--variant V (tafl variants lists them)] \
                         [--ai easy|normal|hard --side attackers|defenders] [--ms N] \
                         [--seed S] [--db PATH | --no-db] [--no-exit-forts] [--lang en|fr|de]";

/// The commands, in the catalog's language: each line names its word (`help` at the prompt).
fn help_text(c: &Catalog) -> String {
    let rows = [
        ("d1-d3", "cli.play.help.move"),
        (c.text(PlayWord::Undo.key()), "cli.play.help.undo"),
        (c.text(PlayWord::Resign.key()), "cli.play.help.resign"),
        (c.text("cli.word.board"), "cli.play.help.board"),
        (c.text("cli.word.help"), "cli.play.help.help"),
        (c.text("cli.word.quit"), "cli.play.help.quit"),
    ];
    let width = rows
        .iter()
        .map(|(w, _)| w.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = format!("{}\n", c.text("cli.play.help.title"));
    for (word, key) in rows {
        let pad = width - word.chars().count();
        out.push_str(&format!("  {word}{}   {}\n", " ".repeat(pad), c.text(key)));
    }
    out.push_str(c.text("cli.play.help.legend"));
    out
}

struct Play {
    session: Session,
    /// The words of `--lang`.
    c: &'static Catalog,
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
    language: Language,
}

impl PlayArgs {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<PlayArgs, Stop> {
        let args = Args::parse(
            args,
            &format!(
                "usage: {USAGE}\n\n{}\n",
                help_text(Language::English.catalog())
            ),
            &["no-exit-forts", "no-db"],
            &["variant", "ai", "side", "ms", "seed", "db", "lang"],
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
            language: words::language(&args)?,
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
        language,
    } = PlayArgs::from_args(args)?;
    let c = language.catalog();
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let stdout = io::stdout();
    let mut out = stdout.lock();

    let mut store = match db {
        None => None,
        Some(path) => match Store::open(&path) {
            Ok((store, warning)) => {
                if let Some(w) = warning {
                    let _ = writeln!(
                        out,
                        "{}",
                        c.fill("cli.play.note", &[("note", &w.to_string())])
                    );
                }
                Some(store)
            }
            Err(e) => return Err(Stop::Io(format!("cannot open {}: {e}", path.display()))),
        },
    };
    let resumed = match store.as_mut() {
        Some(store) => match offer_resume(c, store, asked, &mut lines, &mut out)? {
            Offer::Nothing => None,
            Offer::Resume(session) => Some(*session),
            Offer::Leave => return Ok(exit::OK),
        },
        None => None,
    };
    let mut play = match resumed {
        Some(session) => Play {
            session,
            c,
            store,
            think_time,
            recorded: None,
        },
        None => {
            let seed = seed.unwrap_or_else(ai::fresh_game_seed);
            let mut play = Play {
                session: Session::new(kind, options, mode).with_seed(seed),
                c,
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
        let seed = seed.to_string();
        let _ = writeln!(out, "{}", c.fill("cli.play.seed", &[("seed", &seed)]));
    }
    let help = c.text("cli.word.help");
    let _ = writeln!(out, "{}", c.fill("cli.play.start", &[("help", help)]));
    play.show(&mut out);
    play.computer_turn(&mut out);

    while !play.session.game().status().is_over() {
        let Some(Ok(line)) = lines.next() else {
            break;
        };
        let cmd = line.trim();
        if cmd.is_empty() {
            continue;
        }
        match words::play_word(c, cmd) {
            Some(PlayWord::Quit) => break,
            Some(PlayWord::Help) => {
                let _ = writeln!(out, "{}", help_text(c));
            }
            Some(PlayWord::Board) => play.show(&mut out),
            Some(PlayWord::Undo) => match play.session.undo() {
                Ok(_) => {
                    play.save(&mut out);
                    play.show(&mut out);
                }
                Err(e) => {
                    let _ = writeln!(out, "{}", c.session_error(e));
                }
            },
            Some(PlayWord::Resign) => match play.session.resign() {
                Ok(()) => {
                    play.save(&mut out);
                    play.show(&mut out);
                }
                Err(e) => {
                    let _ = writeln!(out, "{}", c.session_error(e));
                }
            },
            None => match parse_move(&play.session.game().variant().geometry, cmd) {
                Err(e) => {
                    let _ = writeln!(out, "{}", not_a_move(c, cmd, &e));
                }
                Ok((mv, _)) => match play.session.play(mv) {
                    Ok(_) => {
                        play.save(&mut out);
                        play.show(&mut out);
                        play.computer_turn(&mut out);
                    }
                    Err(e) => {
                        let reason = c.session_error(e);
                        let _ = writeln!(
                            out,
                            "{}",
                            c.fill("cli.play.illegal", &[("move", cmd), ("reason", reason)])
                        );
                    }
                },
            },
        }
        let _ = out.flush();
    }
    if play.session.game().status().is_over() {
        let line = match play.recorded {
            Some(id) => c.fill("cli.play.recorded", &[("id", &id.to_string())]),
            None => c.text("error.game_over").to_string(),
        };
        let _ = writeln!(out, "{line}");
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

/// What a line that is not a command and not a move gets: what is wrong with it.
fn not_a_move(c: &Catalog, text: &str, error: &NotationError) -> String {
    match error {
        NotationError::BadSquare(square) => c.fill(
            "cli.play.not_a_square",
            &[("square", square), ("help", c.text("cli.word.help"))],
        ),
        _ => words::not_a_move(c, text),
    }
}

/// Offers the saved game, saying first what ending it would do. The default is to resume it,
/// unless the command line asked by name for another game or opponent.
fn offer_resume(
    c: &Catalog,
    store: &mut Store,
    asked: Asked,
    lines: &mut impl Iterator<Item = io::Result<String>>,
    out: &mut impl Write,
) -> Result<Offer, Stop> {
    let unreadable = |e: &dyn std::fmt::Display| {
        c.fill("cli.play.saved_unreadable", &[("error", &e.to_string())])
    };
    // A game that ended before it was recorded (the terminal was closed at the last move) is
    // recorded now, never offered.
    match store.conclude_stale() {
        Ok(Some(_)) => {
            let _ = writeln!(out, "{}", c.text("cli.play.stale_recorded"));
        }
        Ok(None) => {}
        Err(e) => {
            let _ = writeln!(out, "{}", unreadable(&e));
        }
    }
    let saved = match store.resume(*TOKEN) {
        Ok(Some(saved)) => saved,
        Ok(None) => return Ok(Offer::Nothing),
        Err(e) => {
            let _ = writeln!(out, "{}", unreadable(&e));
            return Ok(Offer::Nothing);
        }
    };
    let other = asked.differs_from(&saved);
    let _ = writeln!(
        out,
        "{}",
        c.fill(
            "cli.play.saved",
            &[
                ("game", c.variant(saved.game.variant().kind)),
                ("opponent", &opponent(c, saved.mode)),
                ("length", &c.game_length(saved.game.plies() as u32)),
            ],
        )
    );
    let ending = c.text(match saved.abandoning() {
        Abandoning::RecordsItsResult => "cli.play.ending.recorded",
        Abandoning::CountsAsResignation => "cli.play.ending.resignation",
        Abandoning::LeavesNoTrace => "cli.play.ending.no_trace",
    });
    let question = c.text(if other {
        "cli.play.ask_other"
    } else {
        "cli.play.ask"
    });
    let offer = c.fill(
        "cli.play.offer",
        &[("question", question), ("ending", ending)],
    );
    let _ = writeln!(out, "{offer}");
    let _ = out.flush();
    let resume = loop {
        let Some(Ok(answer)) = lines.next() else {
            let _ = writeln!(out, "{}", c.text("cli.play.no_answer"));
            return Ok(Offer::Leave);
        };
        match words::yes_no(c, &answer) {
            Some(yes) => break yes,
            None if answer.trim().is_empty() => break !other,
            None => {
                let yes_no = [
                    ("yes", c.text("cli.word.yes")),
                    ("no", c.text("cli.word.no")),
                ];
                let _ = writeln!(out, "{}", c.fill("cli.play.answer_yes_no", &yes_no));
                let _ = out.flush();
            }
        }
    };
    if resume {
        return Ok(Offer::Resume(Box::new(
            Session::from_game(saved.game, saved.mode)
                .with_hints(saved.hints)
                .with_seed(saved.seed)
                // The terminal keeps no time: the clock is kept as it was, for the apps.
                .with_clock(saved.clock),
        )));
    }
    let ended = match store.abandon_current() {
        Ok(Some(_)) => c.fill("cli.play.ended_recorded", &[("ending", ending)]),
        Ok(None) => c.fill("cli.play.ended", &[("ending", ending)]),
        Err(e) => c.fill("cli.play.cannot_end", &[("error", &e.to_string())]),
    };
    let _ = writeln!(out, "{ended}");
    Ok(Offer::Nothing)
}

/// Who the saved game is against, as the history says it: "Computer (Easy) as the attackers".
fn opponent(c: &Catalog, mode: Mode) -> String {
    match mode {
        Mode::TwoPlayers => c.opponent(mode),
        Mode::VsComputer { human, .. } => format!("{} {}", c.opponent(mode), c.as_side(human)),
    }
}

/// The terminal plays one game at a time: one token for the process, drawn so that another
/// process on the same file (an app, a second terminal) never holds the same.
static TOKEN: std::sync::LazyLock<GameToken> = std::sync::LazyLock::new(GameToken::fresh);

impl Play {
    fn show(&self, out: &mut impl Write) {
        let game = self.session.game();
        let mode = self.session.mode();
        let _ = write!(out, "\n{}", board(game));
        if let Some(line) = last_move_line(self.c, game, mode) {
            let _ = writeln!(out, "{line}");
        }
        let draw_limit = game.variant().draw_plies;
        let turn = self
            .c
            .turn_bar(self.session.turn(), mode, false, draw_limit);
        let _ = writeln!(out, "{turn}");
    }

    /// Makes the new game the stored unfinished one (ending the one stored before).
    fn begin(&mut self, out: &mut impl Write) {
        if let Some(store) = self.store.as_mut() {
            if let Err(e) = store.begin(*TOKEN, &self.session) {
                let _ = writeln!(out, "{}", self.cannot_save(&e));
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
            let _ = writeln!(out, "{}", self.cannot_save(&e));
        }
    }

    fn cannot_save(&self, error: &dyn std::fmt::Display) -> String {
        let error = error.to_string();
        self.c.fill("cli.play.cannot_save", &[("error", &error)])
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
            let thinking = self
                .c
                .fill("cli.play.thinking", &[("level", self.c.level(level))]);
            let _ = writeln!(out, "{thinking}");
            let _ = out.flush();
            let handle = ai::spawn(self.session.game().clone(), settings, Control::new());
            let Some(mv) = handle.join().ok().and_then(|r| r.best) else {
                let _ = writeln!(out, "{}", self.c.text("cli.play.computer_stuck"));
                return;
            };
            let g = &self.session.game().variant().geometry;
            let text = format_move(g, mv, Default::default());
            if self.session.play_computer(mv).is_err() {
                return;
            }
            let plays = self.c.fill("cli.play.computer_plays", &[("move", &text)]);
            let _ = writeln!(out, "{plays}");
            self.save(out);
            self.show(out);
        }
    }
}
