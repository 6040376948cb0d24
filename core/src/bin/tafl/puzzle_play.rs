//! `tafl puzzle` without `--check` or `--mine`: one puzzle played at the terminal, the
//! player's moves read from standard input, one a line, with `board`, `help` and `quit`
//! besides. With the database (the one `tafl play` keeps, or `--db`), a puzzle near the
//! player's rating and new to the player, its result kept with the rating as the apps keep
//! it; with `--file`, `--theme`, `--rating`, `--seed` or `--line`, the puzzle asked for, and
//! nothing kept. A wrong move is answered by the longest defence, and the player may try
//! again. Every word is the apps' own, in the language of `--lang`. See `docs/puzzles.md`.

use std::collections::HashSet;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use tafl_core::engine::notation::{format_move, parse_move};
use tafl_core::learning::puzzles::dashboard::Dashboard;
use tafl_core::learning::puzzles::{
    self, Applied, Progress, Puzzle, PuzzleRun, Theme, format_line, is_skipped, parse_row,
};
use tafl_core::learning::rating::Rating;
use tafl_core::store::{Store, StoreError};
use tafl_core::texts::Catalog;
use tafl_core::{Move, VariantKind};

use crate::ai_cmds::number;
use crate::args::{Args, Stop, Usage, exit};
use crate::board_text::board;
use crate::store_cmds::{default_db_path, open_existing};
use crate::words::{self, Command, say};

/// Where the puzzle came from, and what its result does.
enum Choice {
    /// Chosen for the player of this database: the first result is kept and moves the rating
    /// (`rated` is false for a puzzle played before, which the apps do not count again).
    Kept {
        store: Store,
        path: PathBuf,
        rated: bool,
    },
    /// As the options asked: nothing is kept.
    Asked,
}

/// Whether the options choose the puzzle themselves (then nothing is kept).
fn asked(args: &Args) -> bool {
    ["file", "theme", "rating", "seed", "line"]
        .iter()
        .any(|o| args.get(o).is_some())
}

/// Plays one puzzle; `budget` bounds each judgement. Exits 0 once solved, 1 when the player
/// gives up or the input ends first.
pub fn play(args: &Args, budget: u64) -> Result<u8, Stop> {
    let c = words::catalog(args)?;
    let show_board = !args.flag("no-board");
    let db = match (args.get("db"), args.flag("no-db")) {
        (Some(_), true) => return Err(Usage("--db and --no-db exclude each other".into()).into()),
        (Some(_), false) if asked(args) => {
            return Err(Usage(
                "--db chooses the puzzle by the player's rating: it goes without --file, \
                 --theme, --rating, --seed and --line"
                    .into(),
            )
            .into());
        }
        (Some(path), false) => Some(PathBuf::from(path)),
        (None, true) => None,
        (None, false) if asked(args) => None,
        (None, false) => Some(default_db_path()?),
    };
    let (line, puzzle, mut choice, rating) = match db {
        Some(path) => {
            let (store, warning) =
                Store::open(&path).map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?;
            if let Some(w) = warning {
                eprintln!("tafl: warning: {w}");
            }
            let io = |e: StoreError| Stop::Io(format!("{}: {e}", path.display()));
            let rating = store.puzzle_stats().map_err(io)?.rating;
            let played = store.puzzles_played().map_err(io)?;
            let (line, puzzle) = rated(args.variant()?, rating, &played, c)?;
            let rated = !played.contains(&puzzle.key());
            let choice = Choice::Kept { store, path, rated };
            (line, puzzle, choice, Some(rating))
        }
        None => {
            let (line, puzzle) = asked_for(args)?;
            (line, puzzle, Choice::Asked, None)
        }
    };
    introduce(c, line, &puzzle, rating, &choice);
    if show_board {
        print!("{}", board(&puzzle.game));
    }
    let help_text = c.fill(
        "cli.puzzle.help",
        &[
            ("board", c.text(Command::Board.key())),
            ("quit", c.text(Command::Quit.key())),
        ],
    );
    let solution = format_line(&puzzle.game, &puzzle.solution);
    let mut run = PuzzleRun::new(puzzle.clone());
    let mut input = io::stdin().lock().lines();
    loop {
        say(&prompt(c, &run));
        let Some(mv) = next_move(c, &run, &mut input, &help_text) else {
            say(&c.fill("cli.puzzle.gave_up", &[("line", &solution)]));
            // The solution is seen: a puzzle not yet counted counts as missed.
            if run.progress() == Progress::Playing {
                record(c, &mut choice, &puzzle, false)?;
            }
            return Ok(exit::NO);
        };
        let g = &puzzle.game.variant().geometry;
        let verdict = run.judge(mv, budget);
        match run.apply(mv, verdict) {
            Applied::Unproven => say(c.text("puzzle.unproven")),
            Applied::Refused { refutation, counts } => {
                let defence = run.winner().other();
                say(&puzzles::words::wrong_move(
                    c,
                    g,
                    mv,
                    refutation,
                    defence,
                    run.left(),
                ));
                if counts {
                    record(c, &mut choice, &puzzle, false)?;
                }
                say(&c.fill("cli.puzzle.again", &[("quit", c.text(Command::Quit.key()))]));
            }
            Applied::Played { reply } => {
                if let Some(reply) = reply {
                    let reply = format_move(g, reply, Default::default());
                    say(&c.fill("puzzle.reply", &[("reply", &reply)]));
                }
                if show_board {
                    print!("{}", board(run.game()));
                }
                if let Progress::Solved { first_try } = run.progress() {
                    say(&c.fill("puzzle.solved", &[("line", &solution)]));
                    if first_try {
                        record(c, &mut choice, &puzzle, true)?;
                    }
                    return Ok(exit::OK);
                }
            }
        }
    }
}

/// The puzzle's title, theme and grades, and whether it counts.
fn introduce(c: &Catalog, line: usize, p: &Puzzle, rating: Option<Rating>, choice: &Choice) {
    let title = c.fill(
        "puzzle.title",
        &[("game", c.variant(p.game.variant().kind))],
    );
    let grade = match rating {
        Some(r) => c.fill(
            "puzzle.grade",
            &[
                ("grade", &p.rating.to_string()),
                ("rating", &rounded(r.rating)),
                ("deviation", &rounded(r.deviation)),
            ],
        ),
        None => c.fill("cli.puzzle.grade", &[("grade", &p.rating.to_string())]),
    };
    let line = c.fill("cli.puzzle.line", &[("line", &line.to_string())]);
    say(&format!(
        "{title} · {} · {grade} ({line})",
        puzzles::words::theme(c, p.theme)
    ));
    if let Choice::Kept { rated: false, .. } = choice {
        say(c.text("puzzle.unrated"));
    }
}

/// The player's next move: lines are read until one is a legal move; `board` and `help` are
/// answered on the way. `None` when the player quits or the input ends.
fn next_move(
    c: &Catalog,
    run: &PuzzleRun,
    input: &mut impl Iterator<Item = io::Result<String>>,
    help_text: &str,
) -> Option<Move> {
    loop {
        let _ = io::stdout().flush();
        let line = input.next()?.ok()?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match words::command(c, text) {
            Some(Command::Quit) => return None,
            Some(Command::Help | Command::Hint) => say(help_text),
            Some(Command::Board) => print!("{}", board(run.game())),
            None => match legal(c, run, text) {
                Ok(mv) => return Some(mv),
                Err(why) => say(&why),
            },
        }
    }
}

/// What is asked now: the apps' prompt, with the winner's moves left.
pub fn prompt(c: &Catalog, run: &PuzzleRun) -> String {
    let moves = u64::from(run.left().div_ceil(2));
    c.count(
        "puzzle.prompt",
        moves,
        &[("side", c.side_noun(run.winner()))],
    )
}

/// The move of `text` when it is legal here, or why not, in words.
pub fn legal(c: &Catalog, run: &PuzzleRun, text: &str) -> Result<Move, String> {
    let g = &run.game().variant().geometry;
    let Ok((mv, _)) = parse_move(g, text) else {
        return Err(words::not_a_move(c, text));
    };
    run.game()
        .check(mv)
        .map(|()| mv)
        .map_err(|e| c.move_error(e).to_string())
}

fn rounded(x: f64) -> String {
    format!("{}", x.round() as i64)
}

/// Keeps the first result of a puzzle chosen for the player, and says how the rating moved.
fn record(c: &Catalog, choice: &mut Choice, p: &Puzzle, solved: bool) -> Result<(), Stop> {
    let Choice::Kept {
        store,
        path,
        rated: true,
    } = choice
    else {
        return Ok(());
    };
    let io = |e: StoreError| Stop::Io(format!("{}: {e}", path.display()));
    let before = store.puzzle_stats().map_err(io)?.rating;
    let after = store
        .record_puzzle(&p.key(), p.rating, solved)
        .map_err(io)?;
    let key = if solved {
        "puzzle.rating_change"
    } else {
        "puzzle.missed"
    };
    say(&c.fill(
        key,
        &[
            ("before", &rounded(before.rating)),
            ("after", &rounded(after.rating)),
        ],
    ));
    Ok(())
}

/// The puzzle for a player of this rating: of the game, near the rating, not played before
/// (the apps' choice, seeded by how many were played, so each run gives the next), with its
/// line in the shipped file.
fn rated(
    kind: VariantKind,
    rating: Rating,
    played: &HashSet<String>,
    c: &Catalog,
) -> Result<(usize, Puzzle), Stop> {
    let p = puzzles::choose(kind, rating.rating, played, played.len() as u64)
        .ok_or_else(|| Usage(c.text("puzzle.none").to_string()))?;
    // The shipped file's header is its line 1.
    let line = puzzles::shipped()
        .iter()
        .position(|q| std::ptr::eq(q, p))
        .map_or(0, |i| i + 2);
    Ok((line, p.clone()))
}

/// The puzzle the options ask for: of `--file` (the shipped file unless given), of the
/// variant, theme and rating asked, by `--seed` (1 unless given) or `--line`.
fn asked_for(args: &Args) -> Result<(usize, Puzzle), Stop> {
    let text = match args.get("file") {
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| Stop::Io(format!("{path}: {e}")))?
        }
        None => puzzles::SHIPPED_CSV.to_string(),
    };
    let kind = match args.get("variant") {
        Some(_) => Some(args.variant()?),
        None => None,
    };
    let theme = args
        .get("theme")
        .map(|t| {
            Theme::parse(t).ok_or_else(|| {
                let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
                Usage(format!("unknown theme '{t}' ({})", names.join(", ")))
            })
        })
        .transpose()?;
    let range = args.get("rating").map(rating_range).transpose()?;
    let wanted_line: Option<usize> = number(args, "line")?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if is_skipped(line) || wanted_line.is_some_and(|w| w != i + 1) {
            continue;
        }
        let Ok(row) = parse_row(i + 1, line) else {
            continue;
        };
        let Some(puzzle) = row.puzzle() else { continue };
        if kind.is_some_and(|k| k != row.kind())
            || theme.is_some_and(|t| t != puzzle.theme)
            || range.is_some_and(|(lo, hi)| !(lo..=hi).contains(&puzzle.rating))
        {
            continue;
        }
        rows.push((row.line, puzzle));
    }
    if rows.is_empty() {
        return Err(Usage("no puzzle matches".into()).into());
    }
    let seed: u64 = number(args, "seed")?.unwrap_or(1);
    let pick = (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11) as usize % rows.len();
    Ok(rows.swap_remove(pick))
}

/// The rating range of `--rating`: `N` is N-150..=N+150, `LO-HI` as given.
fn rating_range(text: &str) -> Result<(u32, u32), Usage> {
    let bad = || Usage(format!("--rating is N or LO-HI, not '{text}'"));
    match text.split_once('-') {
        Some((lo, hi)) => Ok((
            lo.trim().parse().map_err(|_| bad())?,
            hi.trim().parse().map_err(|_| bad())?,
        )),
        None => {
            let n: u32 = text.trim().parse().map_err(|_| bad())?;
            Ok((n.saturating_sub(150), n + 150))
        }
    }
}

/// `--dashboard`: the player's puzzles of each game with puzzles (or of `--variant`), read
/// from the database, which must be there.
pub fn dashboard(args: &Args) -> Result<u8, Stop> {
    let c = words::catalog(args)?;
    let path = match args.get("db") {
        Some(p) => PathBuf::from(p),
        None => default_db_path()?,
    };
    let store = open_existing(&path, c)?;
    let results = store
        .puzzle_results()
        .map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?;
    let kinds: Vec<VariantKind> = match args.get("variant") {
        Some(_) => vec![args.variant()?],
        None => VariantKind::ALL
            .into_iter()
            .filter(|&k| {
                puzzles::shipped()
                    .iter()
                    .any(|p| p.game.variant().kind == k)
            })
            .collect(),
    };
    for (i, kind) in kinds.into_iter().enumerate() {
        if i > 0 {
            say("");
        }
        for line in puzzles::words::dashboard(c, &Dashboard::of(kind, &results)) {
            say(&line);
        }
    }
    Ok(exit::OK)
}
