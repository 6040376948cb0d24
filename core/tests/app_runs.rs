//! Puzzle streak and puzzle storm through the app object: the start page's way in, puzzles
//! rising in rating, the streak's one skip and its end at the first miss, the storm's clock
//! from the shell's ticks (a combo's bonus, a miss's penalty, no time charged in the
//! background, the time running out), the best kept in the store, and a run brought back
//! after the app's process ended.

mod common;

use std::collections::HashSet;
use std::path::Path;

use common::app::{App, buttons, config, control, game, info, quick_engine};
use common::puzzle_tries::refuted_move;
use tafl_core::VariantKind;
use tafl_core::engine::notation::format_move;
use tafl_core::learning::puzzles::runs::{RunKind, run_rating};
use tafl_core::learning::puzzles::{self, Puzzle};
use tafl_core::screens::{Event, Frame, InfoKind};
use tafl_core::store::Store;
use tafl_core::texts::Language;

const KIND: VariantKind = VariantKind::Brandubh;

/// The run's puzzles as the app chooses them with games that do not vary (seed 0): near the
/// rating asked for, new in the run, one turn of the seed for each puzzle chosen.
#[derive(Default)]
struct Chooser {
    done: HashSet<String>,
    turn: u64,
}

impl Chooser {
    fn choose(&mut self, rating: u32) -> &'static Puzzle {
        let p = puzzles::choose(KIND, f64::from(rating), &self.done, self.turn).expect("a puzzle");
        self.turn += 1;
        self.done.insert(p.key());
        p
    }
}

fn name(p: &Puzzle, mv: tafl_core::Move) -> String {
    format_move(&p.game.variant().geometry, mv, Default::default())
}

/// The winner's main-line moves, by taps.
fn solve(app: &App, p: &Puzzle) -> Frame {
    let mut frame = app.settled();
    for i in (0..p.solution.len()).step_by(2) {
        frame = app.play(KIND, &name(p, p.solution[i]));
    }
    frame
}

/// A first move that the prover refutes.
fn miss(app: &App, p: &Puzzle) -> Frame {
    app.play(KIND, &name(p, refuted_move(p, 50_000_000)))
}

fn run_lines(frame: &Frame) -> Vec<String> {
    info(frame, InfoKind::Run)
}

fn prompt_of(frame: &Frame) -> Vec<String> {
    info(frame, InfoKind::Prompt)
}

#[test]
fn a_streak_rises_skips_once_ends_at_the_first_miss_and_keeps_its_best() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::open(Some(&db), Language::English);
    let frame = app.send(Event::ChooseVariant { variant: KIND });
    let ids: Vec<String> = buttons(&frame).into_iter().map(|b| b.id).collect();
    assert!(
        ids.contains(&"puzzleStreak".into()) && ids.contains(&"puzzleStorm".into()),
        "{ids:?}"
    );
    let mut chooser = Chooser::default();
    let first = chooser.choose(run_rating(0));
    let frame = app.send(Event::StartRun {
        run: RunKind::Streak,
    });
    assert_eq!(game(&frame).turn.text, "Puzzle streak · Brandubh");
    assert_eq!(
        run_lines(&frame),
        [
            "Puzzles rise in rating; you may skip one; the first miss ends the streak.",
            "Solved so far: 0. You may skip one puzzle.",
        ]
    );
    assert!(
        info(&frame, InfoKind::Rating).is_empty(),
        "a run moves no rating"
    );
    assert!(control(&frame, "skipPuzzle").is_some());
    assert!(control(&frame, "nextPuzzle").is_none());

    let frame = solve(&app, first);
    assert_eq!(
        run_lines(&frame),
        ["Solved so far: 1. You may skip one puzzle.", "Solved."]
    );
    assert!(control(&frame, "nextPuzzle").is_some_and(|b| b.primary));
    assert!(
        control(&frame, "skipPuzzle").is_none(),
        "a solved puzzle is not skipped"
    );

    let second = chooser.choose(run_rating(1));
    assert!(second.rating >= first.rating, "puzzles rise in rating");
    let frame = app.send(Event::NextPuzzle);
    assert_eq!(
        run_lines(&frame),
        ["Solved so far: 1. You may skip one puzzle."]
    );
    assert_eq!(prompt_of(&frame).len(), 1);

    // The skip: another puzzle at the same rating, once.
    let third = chooser.choose(run_rating(1));
    let frame = app.send(Event::SkipPuzzle);
    assert_eq!(
        run_lines(&frame),
        [
            "Solved so far: 1. The skip is used up.",
            "Skipped: another puzzle of the same rating."
        ]
    );
    assert!(control(&frame, "skipPuzzle").is_none());
    let frame = app.send(Event::SkipPuzzle);
    assert_eq!(run_lines(&frame).len(), 2, "no second skip");

    // The first miss ends the streak: the result, a new best, the refutation's words.
    let frame = miss(&app, third);
    assert_eq!(
        info(&frame, InfoKind::Ending),
        ["The run is over: 1 puzzle solved."]
    );
    assert_eq!(run_lines(&frame), ["A new best: 1!"]);
    assert_eq!(info(&frame, InfoKind::Wrong).len(), 1);
    assert!(control(&frame, "runAgain").is_some_and(|b| b.primary));
    assert!(
        game(&frame).board.squares.iter().all(|s| !s.actionable),
        "the board takes no move once the run is over"
    );
    let said = frame.effects.iter().any(|e| {
        matches!(e, tafl_core::screens::Effect::Announce { text, .. } if text.contains("The run is over"))
    });
    assert!(said, "{:?}", frame.effects);

    // Again: a miss at once keeps the best.
    let frame = app.send(Event::StartRun {
        run: RunKind::Streak,
    });
    let again = Chooser::default().choose(run_rating(0));
    assert_eq!(run_lines(&frame).len(), 2);
    let frame = miss(&app, again);
    assert_eq!(
        info(&frame, InfoKind::Ending),
        ["The run is over: 0 puzzles solved."]
    );
    assert_eq!(run_lines(&frame), ["Your best: 1"]);
    app.send(Event::Back);
    app.close();

    let store = Store::open(&db).unwrap().0;
    assert_eq!(store.best_run(RunKind::Streak, KIND).unwrap(), 1);
    assert_eq!(store.best_run(RunKind::Storm, KIND).unwrap(), 0);
    assert!(
        store.puzzles_played().unwrap().is_empty(),
        "a run's puzzles move no rating and count as no puzzle played"
    );
}

/// An app on `db` in `language` whose streak solved its first puzzle and shows the second,
/// with the chooser that knows which one that is.
fn streak_at_its_second_puzzle(db: &Path, language: Language) -> (App, Chooser) {
    let app = App::open(Some(db), language);
    app.send(Event::ChooseVariant { variant: KIND });
    app.send(Event::StartRun {
        run: RunKind::Streak,
    });
    let mut chooser = Chooser::default();
    solve(&app, chooser.choose(run_rating(0)));
    app.send(Event::NextPuzzle);
    (app, chooser)
}

#[test]
fn leaving_a_streak_keeps_its_score_and_a_new_app_shows_the_best() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let (app, mut chooser) = streak_at_its_second_puzzle(&db, Language::French);
    solve(&app, chooser.choose(run_rating(1)));
    let frame = app.send(Event::Back);
    assert!(matches!(
        frame.screen,
        tafl_core::screens::ScreenView::Page { .. }
    ));
    app.close();

    let app = App::open(Some(&db), Language::French);
    app.send(Event::ChooseVariant { variant: KIND });
    let frame = app.send(Event::StartRun {
        run: RunKind::Streak,
    });
    assert_eq!(game(&frame).turn.text, "Série de problèmes · Brandubh");
    let frame = miss(&app, Chooser::default().choose(run_rating(0)));
    assert_eq!(run_lines(&frame), ["Votre record\u{202f}: 2"]);
}

#[test]
fn a_streak_comes_back_after_the_process_ended() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let (app, mut chooser) = streak_at_its_second_puzzle(&db, Language::German);
    let second = chooser.choose(run_rating(1));
    let before = app.send(Event::Background);
    let saved = app.saved_state();
    drop(app);

    let mut cfg = config(Some(&db), Language::German, quick_engine(300));
    cfg.saved_state = Some(saved);
    let app = App::start(cfg);
    let frame = app.settled();
    assert_eq!(game(&frame).turn.text, "Aufgabenserie · Brandubh");
    assert_eq!(game(&frame).info, game(&before).info);
    let frame = miss(&app, second);
    assert_eq!(
        info(&frame, InfoKind::Ending),
        ["Der Lauf ist zu Ende: 1 Aufgabe gelöst."]
    );
    assert_eq!(run_lines(&frame), ["Neuer Rekord: 1!"]);
}

/// The storm's line: "2:41 left · 3 solved · 2 in a row".
fn storm_line(frame: &Frame) -> String {
    run_lines(frame)
        .into_iter()
        .find(|l| l.contains(" left · "))
        .unwrap_or_else(|| panic!("no storm line in {:?}", game(frame).info))
}

fn tick(app: &App, now_ms: i64) -> Frame {
    app.send(Event::Tick { now_ms })
}

#[test]
fn a_storm_runs_on_ticks_gives_time_for_a_combo_takes_it_for_a_miss_and_ends() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::open(Some(&db), Language::English);
    let frame = app.send(Event::ChooseVariant { variant: KIND });
    assert_eq!(frame.tick_ms, None, "nothing timed on the start page");
    let frame = app.send(Event::StartRun {
        run: RunKind::Storm,
    });
    assert_eq!(game(&frame).turn.text, "Puzzle storm · Brandubh");
    assert_eq!(frame.tick_ms, Some(250), "a storm asks for ticks");
    assert_eq!(
        run_lines(&frame),
        [
            "3 minutes of puzzles rising in rating: a miss costs 10 seconds, right answers in a row give time back.",
            "3:00 left · 0 solved · 0 in a row",
        ]
    );
    assert!(
        control(&frame, "skipPuzzle").is_none(),
        "a storm has no skip"
    );

    // The first tick only sets where the time runs from; then the differences count.
    tick(&app, 5_000_000);
    assert_eq!(
        storm_line(&tick(&app, 5_001_000)),
        "2:59 left · 0 solved · 0 in a row"
    );
    assert_eq!(
        storm_line(&tick(&app, 5_000_000)),
        "2:59 left · 0 solved · 0 in a row",
        "a tick that goes back counts nothing"
    );

    // Five right in a row: the combo gives 3 s; each next puzzle comes at once.
    let mut chooser = Chooser::default();
    let mut frame = app.settled();
    for i in 0..5 {
        let p = chooser.choose(run_rating(i));
        frame = solve(&app, p);
        assert!(
            info(&frame, InfoKind::Wrong).is_empty(),
            "{:?}",
            game(&frame).info
        );
    }
    assert_eq!(storm_line(&frame), "3:02 left · 5 solved · 5 in a row");
    assert!(
        run_lines(&frame).contains(&"5 in a row: 3\u{a0}s more.".to_string()),
        "{:?}",
        game(&frame).info
    );
    assert_eq!(prompt_of(&frame).len(), 1, "the next puzzle is on show");

    // A miss: 10 s less, the combo gone, on to the next puzzle.
    let frame = miss(&app, chooser.choose(run_rating(5)));
    assert_eq!(storm_line(&frame), "2:52 left · 5 solved · 0 in a row");
    assert_eq!(info(&frame, InfoKind::Wrong), ["Missed: 10\u{a0}s less."]);
    assert_eq!(prompt_of(&frame).len(), 1);

    // In the background no tick is asked for and none counts; the process then ends.
    let frame = app.send(Event::Background);
    assert_eq!(frame.tick_ms, None);
    tick(&app, 9_000_000);
    let saved = app.saved_state();
    drop(app);
    let store = Store::open(&db).unwrap().0;
    assert_eq!(
        store.best_run(RunKind::Storm, KIND).unwrap(),
        5,
        "the score so far is kept as the app leaves the screen"
    );
    drop(store);

    // The storm comes back with the time it had left, and goes on from the first tick.
    let mut cfg = config(Some(&db), Language::English, quick_engine(300));
    cfg.saved_state = Some(saved);
    let app = App::start(cfg);
    let frame = app.settled();
    assert_eq!(storm_line(&frame), "2:52 left · 5 solved · 0 in a row");
    assert_eq!(frame.tick_ms, Some(250));
    tick(&app, 100);
    assert_eq!(
        storm_line(&tick(&app, 1_100)),
        "2:51 left · 5 solved · 0 in a row"
    );
    let mut now = 1_100;
    for _ in 0..17 {
        now += 10_000;
        tick(&app, now);
    }
    assert_eq!(
        storm_line(&app.settled()),
        "0:01 left · 5 solved · 0 in a row"
    );
    let frame = tick(&app, now + 1_000);
    assert_eq!(
        info(&frame, InfoKind::Ending),
        ["Time is up.", "The run is over: 5 puzzles solved."]
    );
    assert_eq!(run_lines(&frame), ["A new best: 5!"]);
    assert_eq!(frame.tick_ms, None, "no clock runs once the time is up");
    assert!(control(&frame, "runAgain").is_some());
    let said = frame.effects.iter().any(|e| {
        matches!(e, tafl_core::screens::Effect::Announce { text, assertive: true } if text.starts_with("Time is up."))
    });
    assert!(said, "{:?}", frame.effects);
    app.send(Event::Back);
    app.close();
    let store = Store::open(&db).unwrap().0;
    assert_eq!(store.best_run(RunKind::Storm, KIND).unwrap(), 5);
}

#[test]
fn a_saved_run_puzzle_without_its_run_comes_back_as_a_puzzle_with_its_controls() {
    let app = App::open(None, Language::English);
    app.send(Event::ChooseVariant { variant: KIND });
    app.send(Event::StartRun {
        run: RunKind::Streak,
    });
    app.send(Event::Background);
    let mut saved: serde_json::Value = serde_json::from_str(&app.saved_state()).unwrap();
    saved.as_object_mut().unwrap().remove("run");
    drop(app);
    let mut cfg = config(None, Language::English, quick_engine(300));
    cfg.saved_state = Some(saved.to_string());
    let app = App::start(cfg);
    let frame = app.settled();
    assert_eq!(game(&frame).turn.text, "Puzzle · Brandubh");
    assert!(
        control(&frame, "menu").is_some(),
        "{:?}",
        game(&frame).controls
    );
}
