//! `tafl puzzle --streak` and `tafl puzzle --storm`: the core's runs (`puzzles::runs`) at the
//! terminal. Puzzles rise in rating from the run's first; a streak ends at the first miss and
//! allows one skip, a storm ends when its time is up (the terminal's monotonic clock, read
//! at each line typed). The best score of each run and game is kept in the database, as the
//! apps keep it; a run moves no puzzle rating. See `docs/puzzles.md`.

use std::collections::HashSet;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use tafl_core::VariantKind;
use tafl_core::engine::notation::format_move;
use tafl_core::learning::puzzles::runs::{RunKind, Storm, Streak, TimeChange, run_rating};
use tafl_core::learning::puzzles::{self, Applied, Progress, Puzzle, PuzzleRun, format_line};
use tafl_core::store::Store;
use tafl_core::texts::Catalog;

use crate::args::{Args, Stop, Usage, exit};
use crate::board_text::board;
use crate::puzzle_play::{legal, prompt};
use crate::store_cmds::default_db_path;
use crate::words::{self, Command, say};

/// The puzzle of a run after `answered` puzzles (and `skipped` skips): of the game, near the
/// run's rating for it, new in this run and, while there are such, to the player; chosen by
/// the run's seed. The tests choose the same way.
pub fn run_puzzle(
    kind: VariantKind,
    rating: u32,
    done: &HashSet<String>,
    seed: u64,
    turn: u64,
) -> Option<&'static Puzzle> {
    puzzles::choose(kind, f64::from(rating), done, seed.wrapping_add(turn))
}

/// How a run's puzzle ended.
enum Outcome {
    Solved,
    Missed,
    Skipped,
    /// The player typed `quit` or the input ended.
    Quit,
}

/// One line the player typed: a move, or a word.
enum Typed {
    Move(tafl_core::Move),
    Skip,
    Quit,
}

/// A run as its arguments ask: which, of which game, where its best is kept.
pub fn play(args: &Args, run: RunKind, budget: u64) -> Result<u8, Stop> {
    let c = words::catalog(args)?;
    let kind = args.variant()?;
    if !puzzles::shipped()
        .iter()
        .any(|p| p.game.variant().kind == kind)
    {
        return Err(Usage(c.text("puzzle.none").to_string()).into());
    }
    let mut store = match (args.get("db"), args.flag("no-db")) {
        (Some(_), true) => return Err(Usage("--db and --no-db exclude each other".into()).into()),
        (None, true) => None,
        (path, false) => {
            let path = path.map_or_else(default_db_path, |p| Ok(PathBuf::from(p)))?;
            let (store, warning) =
                Store::open(&path).map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?;
            if let Some(w) = warning {
                eprintln!("tafl: warning: {w}");
            }
            Some((store, path))
        }
    };
    let seed =
        crate::ai_cmds::number::<u64>(args, "seed")?.unwrap_or_else(tafl_core::ai::fresh_game_seed);
    let best = match &store {
        Some((s, path)) => s
            .best_run(run, kind)
            .map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?,
        None => 0,
    };
    let mut done: HashSet<String> = match &store {
        Some((s, _)) => s.puzzles_played().unwrap_or_default(),
        None => HashSet::new(),
    };
    let title = match run {
        RunKind::Streak => "run.streak.title",
        RunKind::Storm => "run.storm.title",
    };
    say(&c.fill(title, &[("game", c.variant(kind))]));
    say(&rules(c, run));
    say(&c.fill("run.best", &[("best", &best.to_string())]));
    let player = Player {
        c,
        show_board: !args.flag("no-board"),
        budget,
        input: io::stdin().lock().lines(),
    };
    let score = match run {
        RunKind::Streak => streak(player, kind, seed, &mut done),
        RunKind::Storm => storm(player, kind, seed, &mut done),
    };
    say(&c.count("run.over", u64::from(score), &[]));
    if let Some((s, path)) = store.as_mut() {
        let higher = s
            .record_run(run, kind, score)
            .map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?;
        if higher {
            say(&c.fill("run.new_best", &[("score", &score.to_string())]));
        }
    }
    Ok(exit::OK)
}

/// The run's rules in words, with the numbers of the core's.
fn rules(c: &Catalog, run: RunKind) -> String {
    use tafl_core::learning::puzzles::runs::{MISS_MS, STORM_MS};
    match run {
        RunKind::Streak => c.text("run.streak.rules").to_string(),
        RunKind::Storm => c.fill(
            "run.storm.rules",
            &[
                ("minutes", &(STORM_MS / 60_000).to_string()),
                ("penalty", &(MISS_MS / 1000).to_string()),
            ],
        ),
    }
}

/// The player at the terminal: the words, the input, and how puzzles are judged.
struct Player<I> {
    c: &'static Catalog,
    show_board: bool,
    budget: u64,
    input: I,
}

impl<I: Iterator<Item = io::Result<String>>> Player<I> {
    /// Shows `puzzle` and plays it to its end; `skip` says whether a skip is offered, and
    /// `status` is printed before each prompt (the storm's clock).
    fn puzzle(
        &mut self,
        puzzle: &Puzzle,
        skip: bool,
        mut status: impl FnMut() -> Option<String>,
    ) -> Outcome {
        let c = self.c;
        let g = &puzzle.game.variant().geometry;
        say(&format!(
            "{} · {}",
            c.fill("cli.puzzle.grade", &[("grade", &puzzle.rating.to_string())]),
            puzzles::words::theme(c, puzzle.theme)
        ));
        if self.show_board {
            print!("{}", board(&puzzle.game));
        }
        let mut run = PuzzleRun::new(puzzle.clone());
        loop {
            match status() {
                Some(line) => say(&line),
                None => return Outcome::Quit,
            }
            say(&prompt(c, &run));
            let mv = match self.next(&run, skip) {
                Typed::Quit => return Outcome::Quit,
                Typed::Skip => return Outcome::Skipped,
                Typed::Move(mv) => mv,
            };
            let verdict = run.judge(mv, self.budget);
            match run.apply(mv, verdict) {
                Applied::Unproven => say(c.text("puzzle.unproven")),
                Applied::Refused { refutation, .. } => {
                    let defence = run.winner().other();
                    say(&puzzles::words::wrong_move(
                        c,
                        g,
                        mv,
                        refutation,
                        defence,
                        run.left(),
                    ));
                    let line = format_line(&puzzle.game, &puzzle.solution);
                    say(&c.fill("cli.puzzle.gave_up", &[("line", &line)]));
                    return Outcome::Missed;
                }
                Applied::Played { reply } => {
                    if let Some(reply) = reply {
                        let reply = format_move(g, reply, Default::default());
                        say(&c.fill("puzzle.reply", &[("reply", &reply)]));
                    }
                    if let Progress::Solved { .. } = run.progress() {
                        say(c.text("run.solved"));
                        return Outcome::Solved;
                    }
                    if self.show_board {
                        print!("{}", board(run.game()));
                    }
                }
            }
        }
    }

    /// The next move, the skip (when offered) or the end; `board` and `help` are answered on
    /// the way.
    fn next(&mut self, run: &PuzzleRun, skip: bool) -> Typed {
        let c = self.c;
        loop {
            let _ = io::stdout().flush();
            let Some(Ok(line)) = self.input.next() else {
                return Typed::Quit;
            };
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            if words::is_skip(c, text) {
                if skip {
                    return Typed::Skip;
                }
                say(c.text("run.streak.no_skip"));
                continue;
            }
            match words::command(c, text) {
                Some(Command::Quit) => return Typed::Quit,
                Some(Command::Help | Command::Hint) => say(&c.fill(
                    "cli.run.help",
                    &[
                        ("skip", c.text("cli.word.skip")),
                        ("board", c.text(Command::Board.key())),
                        ("quit", c.text(Command::Quit.key())),
                    ],
                )),
                Some(Command::Board) => print!("{}", board(run.game())),
                None => match legal(c, run, text) {
                    Ok(mv) => return Typed::Move(mv),
                    Err(why) => say(&why),
                },
            }
        }
    }
}

/// A streak: until the first miss (or `quit`); returns the score.
fn streak<I: Iterator<Item = io::Result<String>>>(
    mut player: Player<I>,
    kind: VariantKind,
    seed: u64,
    done: &mut HashSet<String>,
) -> u32 {
    let c = player.c;
    let mut streak = Streak::new();
    let mut turn = 0u64;
    while !streak.is_over() {
        let Some(puzzle) = run_puzzle(kind, streak.next_rating(), done, seed, turn) else {
            break;
        };
        turn += 1;
        done.insert(puzzle.key());
        let skip = streak.can_skip();
        let score = streak.score();
        let status = || {
            let mut line = c.fill("run.streak.status", &[("score", &score.to_string())]);
            if skip {
                line.push(' ');
                line.push_str(&c.fill("run.streak.skip", &[("skip", c.text("cli.word.skip"))]));
            }
            Some(line)
        };
        match player.puzzle(puzzle, skip, status) {
            Outcome::Solved => streak.answer(true),
            Outcome::Missed => streak.answer(false),
            Outcome::Skipped => {
                streak.skip();
            }
            Outcome::Quit => break,
        }
    }
    streak.score()
}

/// A storm: until the time is up (or `quit`); returns the score. The clock is read at every
/// line typed; the terminal has no background to pause in.
fn storm<I: Iterator<Item = io::Result<String>>>(
    mut player: Player<I>,
    kind: VariantKind,
    seed: u64,
    done: &mut HashSet<String>,
) -> u32 {
    let c = player.c;
    let started = Instant::now();
    let now = || started.elapsed().as_millis() as u64;
    let mut storm = Storm::start(now());
    let mut turn = 0u64;
    // The next puzzle is chosen before the one on show is answered (`next_rating`).
    let mut next = run_puzzle(kind, run_rating(0), done, seed, turn);
    while let Some(puzzle) = next {
        turn += 1;
        done.insert(puzzle.key());
        next = run_puzzle(kind, storm.next_rating(), done, seed, turn);
        let shown = std::cell::Cell::new(storm);
        let status = || {
            let mut s = shown.get();
            s.tick(now());
            shown.set(s);
            (!s.is_over()).then(|| storm_status(c, &s))
        };
        let outcome = player.puzzle(puzzle, false, status);
        let change = match outcome {
            Outcome::Solved => storm.answer(true, now()),
            Outcome::Missed => storm.answer(false, now()),
            Outcome::Skipped => TimeChange::None,
            Outcome::Quit => {
                storm.tick(now());
                if !storm.is_over() {
                    break;
                }
                TimeChange::None
            }
        };
        match change {
            TimeChange::Bonus(ms) => say(&c.fill(
                "run.storm.bonus",
                &[
                    ("combo", &storm.combo().to_string()),
                    ("seconds", &(ms / 1000).to_string()),
                ],
            )),
            TimeChange::Penalty(ms) => say(&c.fill(
                "run.storm.penalty",
                &[("seconds", &(ms / 1000).to_string())],
            )),
            TimeChange::None => {}
        }
        if storm.is_over() {
            say(c.text("run.storm.time_up"));
            break;
        }
    }
    storm.score()
}

/// "2:41 left · 3 solved · 2 in a row".
fn storm_status(c: &Catalog, storm: &Storm) -> String {
    let secs = storm.left_ms().div_ceil(1000);
    c.fill(
        "run.storm.status",
        &[
            ("time", &format!("{}:{:02}", secs / 60, secs % 60)),
            ("score", &storm.score().to_string()),
            ("combo", &storm.combo().to_string()),
        ],
    )
}
