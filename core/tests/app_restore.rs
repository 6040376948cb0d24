//! Process death on a lesson and on a puzzle: the app keeps its saved state, a new app on the
//! same database is started with it, and the screen comes back as it was (its parity trace
//! the same as before), to be played on from there; the store's results are not counted twice.
//! A saved state that does not read back falls back to the list or the start page.

mod common;

use common::app::{App, config, control, game, info, page, quick_engine};
use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;
use tafl_core::VariantKind;
use tafl_core::engine::notation::format_move;
use tafl_core::learning::lessons::{self, Lesson};
use tafl_core::learning::puzzles::{self, Puzzle, Verdict, judge};
use tafl_core::learning::rating::Rating;
use tafl_core::screens::{AppConfig, Event, Frame, InfoKind, ScreenKind, ScreenView, trace};
use tafl_core::texts::Language;

fn app_config(db: &Path, saved: Option<String>) -> AppConfig {
    AppConfig {
        saved_state: saved,
        ..config(Some(db), Language::English, quick_engine(300))
    }
}

/// What the parity scenarios compare of a frame: its screen, as the trace writes it, but for
/// the motion under way (an animation plays once; it does not come back).
fn screen(frame: &Frame) -> Value {
    let mut screen = trace::step(None, frame, &[])["screen"].clone();
    if let Some(board) = screen.pointer_mut("/game/board") {
        board["motion"] = Value::Null;
    }
    screen
}

/// The app ended in the background with its saved state kept, and a new one started on the
/// same file with it: the screen the new one settles on.
fn die_and_restore(app: App, db: &Path) -> (App, Frame) {
    let saved = app.saved_state();
    app.close();
    let again = App::start(app_config(db, Some(saved)));
    let frame = again.settled();
    assert!(!frame.starting);
    (again, frame)
}

fn lesson_with_steps(kind: VariantKind, at_least: usize) -> &'static Lesson {
    lessons::lessons(kind)
        .find(|l| l.steps.len() >= at_least)
        .expect("a lesson with enough steps")
}

#[test]
fn a_lesson_comes_back_on_its_step_solved_or_not_and_goes_on_from_there() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let lesson = lesson_with_steps(VariantKind::Copenhagen, 3);
    let app = App::start(app_config(&db, None));
    app.send(Event::OpenLesson {
        lesson: lesson.id(),
    });
    app.play(lesson.kind, lesson.steps[0].answers[0]);
    let on_step_two = app.send(Event::NextStep);
    assert!(game(&on_step_two).turn.text.contains("Step 2"));

    // Ended on step 2, not yet solved.
    let (app, back) = die_and_restore(app, &db);
    assert_eq!(screen(&back), screen(&on_step_two));

    // Ended on step 2 solved, before "Next step": it comes back solved, the way on offered.
    let solved = app.play(lesson.kind, lesson.steps[1].answers[0]);
    assert!(control(&solved, "nextStep").is_some());
    let (app, back) = die_and_restore(app, &db);
    assert_eq!(screen(&back), screen(&solved));
    let on_step_three = app.send(control(&back, "nextStep").unwrap().event);
    assert!(
        game(&on_step_three).turn.text.contains("Step 3"),
        "{}",
        game(&on_step_three).turn.text
    );
    let c = Language::English.catalog();
    assert_eq!(
        info(&on_step_three, InfoKind::Prompt),
        vec![lesson.steps[2].prompt(c, lesson.kind)]
    );
    // Back leads to the lesson's list, as from a lesson never ended.
    let list = app.send(Event::Back);
    assert_eq!(page(&list).kind, ScreenKind::Lessons);
    app.close();
}

fn name(p: &Puzzle, i: usize) -> String {
    format_move(
        &p.game.variant().geometry,
        p.solution[i],
        Default::default(),
    )
}

#[test]
fn a_puzzle_comes_back_with_its_moves_its_last_answer_and_its_rating_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let kind = VariantKind::Brandubh;
    let p = puzzles::choose(kind, Rating::NEW.rating, &HashSet::new(), 0).expect("a puzzle");
    assert!(p.solution.len() >= 3, "{}: a line to go on with", p.key());
    let app = App::start(app_config(&db, None));
    app.send(Event::ChooseVariant { variant: kind });
    app.send(Event::OpenPuzzle { daily: false });

    // A wrong move first (the rating moves down once), then the main line's first move.
    let wrong = p
        .game
        .legal_moves()
        .iter()
        .find(|&&m| {
            matches!(
                judge(&p.game, p.plies, m, 50_000_000),
                Verdict::Wrong { .. }
            )
        })
        .copied()
        .expect("a losing try");
    let wrong_text = format_move(&p.game.variant().geometry, wrong, Default::default());
    let refuted = app.play(kind, &wrong_text);
    assert_eq!(info(&refuted, InfoKind::Wrong).len(), 1);
    let (app, back) = die_and_restore(app, &db);
    assert_eq!(
        screen(&back),
        screen(&refuted),
        "the refutation and the rating's change come back"
    );

    let answered = app.play(kind, &name(p, 0));
    assert_eq!(info(&answered, InfoKind::LastMove).len(), 1);
    let (app, back) = die_and_restore(app, &db);
    assert_eq!(screen(&back), screen(&answered));

    // Solved from where it came back: the line is the whole line, the rating moved once only.
    let mut frame = back;
    for i in (2..p.solution.len()).step_by(2) {
        frame = app.play(kind, &name(p, i));
        assert!(info(&frame, InfoKind::Wrong).is_empty());
    }
    assert!(control(&frame, "nextPuzzle").is_some());
    let missed = Rating::NEW.after_puzzle(p.rating, false);
    let rounded = |x: f64| format!("{}", x.round() as i64);
    let change = info(&frame, InfoKind::Rating);
    assert!(
        change
            .iter()
            .any(|l| l.contains("1500") && l.contains(&rounded(missed.rating))),
        "{change:?}"
    );
    app.close();
    let app = App::start(app_config(&db, None));
    app.send(Event::ChooseVariant { variant: kind });
    let next = app.send(Event::OpenPuzzle { daily: false });
    let grade = info(&next, InfoKind::Rating);
    assert!(
        grade[0].contains(&format!("your rating {}", rounded(missed.rating))),
        "the store counted the miss once: {grade:?}"
    );
    app.close();
}

#[test]
fn the_days_puzzle_comes_back_as_the_days_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::start(app_config(&db, None));
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    let daily = app.send(Event::OpenPuzzle { daily: true });
    let (app, back) = die_and_restore(app, &db);
    assert_eq!(screen(&back), screen(&daily));
    app.close();
}

/// A saved state with a lesson or a puzzle that does not read back (edited, or from another
/// version) brings the lessons' list or the start page, and nothing breaks.
#[test]
fn a_saved_lesson_or_puzzle_that_does_not_read_back_falls_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let lesson = lesson_with_steps(VariantKind::Copenhagen, 2);
    let p = puzzles::choose(VariantKind::Brandubh, 1500.0, &HashSet::new(), 0).unwrap();
    let broken = [
        (
            r#"{"screen":"lesson","lesson":{"id":"no-such-lesson","step":0,"answer":null}}"#
                .to_string(),
            ScreenKind::Lessons,
        ),
        (
            format!(
                r#"{{"screen":"lesson","lesson":{{"id":"{}","step":999,"answer":null}}}}"#,
                lesson.id()
            ),
            ScreenKind::Lessons,
        ),
        (
            format!(
                r#"{{"screen":"lesson","lesson":{{"id":"{}","step":0,"answer":"a1-a1"}}}}"#,
                lesson.id()
            ),
            ScreenKind::Lessons,
        ),
        (
            format!(
                r#"{{"screen":"puzzle","puzzle":{{"key":"{}","daily":null,"played":["a1-a2"],"missed":false,"last":null,"rating":[1500.0,350.0,0.06],"after":null,"rated":true}}}}"#,
                p.key()
            ),
            ScreenKind::Start,
        ),
        (
            format!(
                r#"{{"screen":"puzzle","puzzle":{{"key":"{}","daily":null,"played":[],"missed":false,"last":null,"rating":[1e300,350.0,0.06],"after":null,"rated":true}}}}"#,
                p.key()
            ),
            ScreenKind::Start,
        ),
        (
            r#"{"screen":"puzzle","puzzle":7}"#.to_string(),
            ScreenKind::Start,
        ),
    ];
    for (saved, kind) in broken {
        let app = App::start(app_config(&db, Some(saved.clone())));
        let frame = app.settled();
        match &frame.screen {
            ScreenView::Page { page } => assert_eq!(page.kind, kind, "{saved}"),
            other => panic!("{saved}: {other:?}"),
        }
        app.close();
    }
}
