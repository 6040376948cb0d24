//! `tafl lesson`: lists the lessons, or plays one at the terminal, the player's moves read
//! from standard input, one a line, with `hint`, `board`, `help` and `quit` besides. Every
//! word is the catalog's, in the language of `--lang`. See `docs/lessons.md`.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use tafl_core::VariantKind;
use tafl_core::engine::notation::parse_move;
use tafl_core::learning::lessons::{self, Attempt, LessonRun};
use tafl_core::store::Store;
use tafl_core::texts::Catalog;

use crate::args::{Args, Stop, Usage, exit, help};
use crate::board_text::board;
use crate::store_cmds::{default_db_path, open_existing};
use crate::words::{self, Command, say};

pub const USAGE: &str = "tafl lesson [--variant V] [--lang en|fr|de] [--db PATH | --no-db]\n  \
                         tafl lesson LESSON [--step N] [--lang en|fr|de] [--no-board] \
                         [--db PATH | --no-db]";

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let args = Args::parse(
        args,
        &help(USAGE),
        &["no-db", "no-board"],
        &["variant", "lang", "db", "step"],
    )?;
    let c = words::catalog(&args)?;
    let db: Option<PathBuf> = match (args.get("db"), args.flag("no-db")) {
        (Some(_), true) => return Err(Usage("--db and --no-db exclude each other".into()).into()),
        (Some(path), false) => Some(path.into()),
        (None, true) => None,
        (None, false) => Some(default_db_path()?),
    };
    match args.positional.as_slice() {
        [] => {
            let kind = match args.get("variant") {
                Some(_) => Some(args.variant()?),
                None => None,
            };
            list(c, kind, db)
        }
        [id] => {
            let step = match args.get("step") {
                None => None,
                Some(n) => Some(
                    n.trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| {
                            Usage(format!("--step is a step number from 1, not '{n}'"))
                        })?
                        - 1,
                ),
            };
            play(c, id, step, !args.flag("no-board"), db)
        }
        _ => Err(Usage(format!("usage: {USAGE}")).into()),
    }
}

/// Every lesson of the games with lessons (or of one), with its steps and the player's
/// progress when the database exists (listing never creates one). A game without lessons
/// says so and exits with status 1.
fn list(c: &Catalog, kind: Option<VariantKind>, db: Option<PathBuf>) -> Result<u8, Stop> {
    if let Some(kind) = kind
        && !lessons::GAMES.contains(&kind)
    {
        let games: Vec<&str> = lessons::GAMES.iter().map(|&g| c.variant(g)).collect();
        say(&c.fill(
            "cli.lesson.none",
            &[("game", c.variant(kind)), ("games", &c.list(&games))],
        ));
        return Ok(exit::NO);
    }
    let progress = match &db {
        Some(path) if path.exists() => open_existing(path, c)?
            .lesson_progress()
            .map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?,
        _ => Vec::new(),
    };
    for game in lessons::GAMES {
        if kind.is_some_and(|k| k != game) {
            continue;
        }
        println!("{}", c.variant(game));
        for lesson in lessons::lessons(game) {
            let id = lesson.id();
            let steps = lesson.steps.len();
            let mark = match progress.iter().find(|p| p.lesson == id) {
                Some(p) if p.finished => c.text("lesson.status_done").to_string(),
                Some(p) => c.fill(
                    "lesson.status_steps",
                    &[
                        ("solved", &p.steps.len().to_string()),
                        ("steps", &steps.to_string()),
                    ],
                ),
                None => "-".to_string(),
            };
            println!(
                "  {id:<26} {:<10} {:<24} {}",
                c.count("cli.lesson.steps", steps as u64, &[]),
                mark,
                lesson.title(c)
            );
        }
    }
    Ok(exit::OK)
}

/// Plays a lesson from `step` (by default where the player left it): each step's board and
/// prompt, then the player's moves and commands until the right move. Exits 0 once the
/// lesson is done, 1 when the player quits or the input ends before.
fn play(
    c: &Catalog,
    id: &str,
    step: Option<usize>,
    show_board: bool,
    db: Option<PathBuf>,
) -> Result<u8, Stop> {
    let lesson = lessons::find(id)
        .ok_or_else(|| Usage(format!("no lesson '{id}' (tafl lesson lists them)")))?;
    let mut store = db.as_ref().map(open).transpose()?;
    // Without --step, a lesson begun before resumes at its first unsolved step.
    let step = match (step, &store) {
        (Some(step), _) => step,
        (None, Some(s)) => {
            let solved = s
                .lesson_progress()
                .map_err(|e| Stop::Io(e.to_string()))?
                .into_iter()
                .find(|p| p.lesson == lesson.id())
                .map(|p| p.steps)
                .unwrap_or_default();
            lessons::resume_step(lesson, &solved)
        }
        (None, None) => 0,
    };
    let mut run = LessonRun::start_at(lesson, step).map_err(|e| Usage(e.to_string()))?;
    let mut save = |f: &dyn Fn(&mut Store) -> Result<(), tafl_core::store::StoreError>| match (
        store.as_mut(),
        &db,
    ) {
        (Some(s), Some(path)) => f(s).map_err(|e| Stop::Io(format!("{}: {e}", path.display()))),
        _ => Ok(()),
    };
    let g = &lesson.kind.rules().geometry;
    say(&format!(
        "{}: {} ({})",
        c.variant(lesson.kind),
        lesson.title(c),
        lesson.id()
    ));
    let words = |cmd: Command| c.text(cmd.key());
    let help_text = c.fill(
        "cli.lesson.help",
        &[
            ("hint", words(Command::Hint)),
            ("board", words(Command::Board)),
            ("quit", words(Command::Quit)),
            ("help", words(Command::Help)),
        ],
    );
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    say(&help_text);
    loop {
        say("");
        say(&run.progress(c));
        if show_board {
            print!("{}", board(run.game()));
        }
        say(&run.prompt(c));
        let solved = loop {
            let _ = io::stdout().flush();
            let Some(Ok(line)) = input.next() else {
                say(c.text("cli.lesson.stopped"));
                return Ok(exit::NO);
            };
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            match words::command(c, text) {
                Some(Command::Quit) => {
                    say(c.text("cli.lesson.stopped"));
                    return Ok(exit::NO);
                }
                Some(Command::Help) => {
                    say(&help_text);
                    continue;
                }
                Some(Command::Hint) => {
                    say(&run.step().hint(c, lesson.kind));
                    continue;
                }
                Some(Command::Board) => {
                    print!("{}", board(run.game()));
                    continue;
                }
                None => {}
            }
            let Ok((mv, _)) = parse_move(g, text) else {
                say(&words::not_a_move(c, text));
                continue;
            };
            match run.try_move(mv) {
                Attempt::Wrong(wrong) => say(&run.wrong_text(c, wrong)),
                Attempt::Correct(s) | Attempt::LessonDone(s) => break s,
            }
        };
        let index = run.step_index() as u32;
        save(&|s| s.solve_lesson_step(&lesson.id(), index))?;
        for line in run.solved_text(c, &solved) {
            say(&line);
        }
        if run.is_last_step() {
            save(&|s| s.finish_lesson(&lesson.id()))?;
            return Ok(exit::OK);
        }
        run.next_step().map_err(|e| Usage(e.to_string()))?;
    }
}

fn open(db: &PathBuf) -> Result<Store, Stop> {
    Store::open(db)
        .map(|(store, _)| store)
        .map_err(|e| Stop::Io(format!("{}: {e}", db.display())))
}
