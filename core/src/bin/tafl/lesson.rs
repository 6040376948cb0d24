//! `tafl lesson`: lists the lessons, or plays one at the terminal, the player's moves read
//! from standard input, one a line. See `docs/lessons.md`.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use tafl_core::engine::notation::parse_move;
use tafl_core::learning::lessons::{self, Attempt, LessonRun};
use tafl_core::store::Store;
use tafl_core::texts::{Catalog, Language};

use crate::args::{Args, Stop, Usage, exit, help};
use crate::board_text::board;
use crate::store_cmds::default_db_path;

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
    let lang = match args.get("lang") {
        None => Language::English,
        Some(code) => Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
            .ok_or_else(|| Usage(format!("unknown language '{code}' (en, fr or de)")))?,
    };
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
            list(lang.catalog(), kind, db)
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
            play(lang.catalog(), id, step, !args.flag("no-board"), db)
        }
        _ => Err(Usage(format!("usage: {USAGE}")).into()),
    }
}

fn open(db: &PathBuf) -> Result<Store, Stop> {
    Store::open(db)
        .map(|(store, _)| store)
        .map_err(|e| Stop::Io(format!("{}: {e}", db.display())))
}

/// Every lesson of the games with lessons (or of one), with its steps and the player's
/// progress when a database is given.
fn list(
    c: &Catalog,
    kind: Option<tafl_core::VariantKind>,
    db: Option<PathBuf>,
) -> Result<u8, Stop> {
    let progress = match &db {
        Some(path) => open(path)?
            .lesson_progress()
            .map_err(|e| Stop::Io(format!("{}: {e}", path.display())))?,
        None => Vec::new(),
    };
    for game in lessons::GAMES {
        if kind.is_some_and(|k| k != game) {
            continue;
        }
        println!("{}", c.variant(game));
        for lesson in lessons::lessons(game) {
            let id = lesson.id();
            let mark = match progress.iter().find(|p| p.lesson == id) {
                Some(p) if p.finished => "done".to_string(),
                Some(p) => format!("{}/{}", p.steps.len(), lesson.steps.len()),
                None => "-".to_string(),
            };
            println!(
                "  {id:<26} {:>2} steps  {mark:<5} {}",
                lesson.steps.len(),
                lesson.title(c)
            );
        }
    }
    Ok(exit::OK)
}

/// Plays a lesson from `step` (by default where the player left it): each step's board and
/// prompt, then the player's moves until the right one. Exits 0 once the lesson is done, 1 if
/// the input ends before.
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
    let save = |store: &mut Option<Store>,
                f: &dyn Fn(&mut Store) -> Result<(), tafl_core::store::StoreError>|
     -> Result<(), Stop> {
        match (store.as_mut(), &db) {
            (Some(s), Some(path)) => f(s).map_err(|e| Stop::Io(format!("{}: {e}", path.display()))),
            _ => Ok(()),
        }
    };
    let g = &lesson.kind.rules().geometry;
    println!(
        "{}: {} ({})",
        c.variant(lesson.kind),
        lesson.title(c),
        lesson.id()
    );
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    loop {
        println!();
        println!("{}", run.progress(c));
        if show_board {
            print!("{}", board(run.game()));
        }
        println!("{}", run.prompt(c));
        let solved = loop {
            let _ = io::stdout().flush();
            let Some(Ok(line)) = input.next() else {
                println!("stopped");
                return Ok(exit::NO);
            };
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            let mv = match parse_move(g, text) {
                Ok((mv, _)) => mv,
                Err(e) => {
                    println!("{e}");
                    continue;
                }
            };
            match run.try_move(mv) {
                Attempt::Wrong(wrong) => println!("{}", run.wrong_text(c, wrong)),
                Attempt::Correct(s) | Attempt::LessonDone(s) => break s,
            }
        };
        let index = run.step_index() as u32;
        save(&mut store, &|s| s.solve_lesson_step(&lesson.id(), index))?;
        for line in run.solved_text(c, &solved) {
            println!("{line}");
        }
        if run.is_last_step() {
            save(&mut store, &|s| s.finish_lesson(&lesson.id()))?;
            return Ok(exit::OK);
        }
        run.next_step().map_err(|e| Usage(e.to_string()))?;
    }
}
