//! The lessons through the app object: the list of a game's lessons with the player's
//! progress, a lesson played step by step by taps on the board, a wrong move refused with its
//! reason, the progress kept across a restart, and the first lesson offered to a new player.

mod common;

use common::app::{App, buttons, control, game, info, page};
use tafl_core::VariantKind;
use tafl_core::engine::notation::parse_move;
use tafl_core::learning::lessons::{self, Lesson};
use tafl_core::screens::{
    ButtonView, EntryView, Event, Frame, InfoKind, PageItem, ScreenKind, ScreenView,
};
use tafl_core::texts::Language;

fn entries(frame: &Frame) -> Vec<EntryView> {
    page(frame)
        .items
        .iter()
        .filter_map(|item| match item {
            PageItem::Entry { entry } => Some(entry.clone()),
            _ => None,
        })
        .collect()
}

fn offer(frame: &Frame) -> Option<ButtonView> {
    buttons(frame).into_iter().find(|b| b.id == "lessonOffer")
}

fn first_lesson(kind: VariantKind) -> &'static Lesson {
    lessons::lessons(kind).next().expect("the game has lessons")
}

/// Plays every step of the lesson on show by its first answer, pressing "Next step" between
/// them, and "Finish" after the last.
fn play_to_the_end(app: &App, lesson: &Lesson) -> Frame {
    let kind = lesson.kind;
    let c = Language::English.catalog();
    for (i, step) in lesson.steps.iter().enumerate() {
        let frame = app.settled();
        assert_eq!(info(&frame, InfoKind::Prompt), vec![step.prompt(c, kind)]);
        assert!(
            game(&frame).turn.text.contains(&format!("Step {}", i + 1)),
            "{}",
            game(&frame).turn.text
        );
        let played = app.play(kind, step.answers[0]);
        assert!(
            info(&played, InfoKind::Wrong).is_empty(),
            "{}, step {}: {:?}",
            lesson.id(),
            i + 1,
            game(&played).info
        );
        let last = i + 1 == lesson.steps.len();
        let endings = info(&played, InfoKind::Ending);
        assert_eq!(
            endings,
            vec![
                c.text(if last {
                    "lesson.done"
                } else {
                    "lesson.correct"
                })
                .to_string()
            ]
        );
        let next = control(&played, if last { "finishLesson" } else { "nextStep" })
            .expect("the way on, once the step is solved");
        assert!(next.primary);
        app.send(next.event);
    }
    app.settled()
}

#[test]
fn the_start_page_opens_the_lessons_of_the_chosen_game() {
    for language in Language::ALL {
        let app = App::open(None, language);
        app.send(Event::ChooseVariant {
            variant: VariantKind::Brandubh,
        });
        let list = app.send(Event::Open {
            screen: ScreenKind::Lessons,
        });
        assert_eq!(page(&list).kind, ScreenKind::Lessons);
        let expected: Vec<String> = lessons::lessons(VariantKind::Brandubh)
            .map(|l| l.id())
            .collect();
        let found: Vec<String> = entries(&list)
            .iter()
            .map(|e| match &e.event {
                Event::OpenLesson { lesson } => lesson.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(found, expected, "{language:?}");
        for e in entries(&list) {
            assert!(!e.title.is_empty() && !e.detail.is_empty(), "{e:?}");
        }
        let back = app.send(Event::Back);
        assert_eq!(page(&back).kind, ScreenKind::Start);
    }
}

#[test]
fn a_lesson_is_played_to_its_end_by_taps_and_the_list_shows_it_done() {
    let app = App::open(None, Language::English);
    let lesson = first_lesson(VariantKind::Brandubh);
    let opened = app.send(Event::OpenLesson {
        lesson: lesson.id(),
    });
    assert!(matches!(opened.screen, ScreenView::Game { .. }));
    let list = play_to_the_end(&app, lesson);
    assert_eq!(page(&list).kind, ScreenKind::Lessons);
    let entry = entries(&list)
        .into_iter()
        .find(|e| {
            e.event
                == Event::OpenLesson {
                    lesson: lesson.id(),
                }
        })
        .expect("the lesson is listed");
    assert_eq!(entry.detail, "Done");
    // The start page shows the progress of the chosen game's lessons on its button.
    let label = |frame: &Frame| {
        buttons(frame)
            .into_iter()
            .find(|b| b.id == "lessons")
            .expect("the lessons button")
            .label
    };
    let start = app.send(Event::Back);
    let count = lessons::lessons(VariantKind::Brandubh).count();
    assert_eq!(label(&start), format!("Lessons (1 of {count} done)"));
    // Another game's button counts that game's lessons.
    let start = app.send(Event::ChooseVariant {
        variant: VariantKind::Tablut,
    });
    assert_eq!(label(&start), "Lessons");
}

#[test]
fn a_wrong_move_is_refused_with_its_reason_and_the_board_stays() {
    let app = App::open(None, Language::English);
    let c = Language::English.catalog();
    // Every lesson's sample wrong moves: each is refused, with the engine's reason when it is
    // illegal and the step's hint when it is legal.
    for lesson in lessons::lessons(VariantKind::Copenhagen).take(3) {
        let opened = app.send(Event::OpenLesson {
            lesson: lesson.id(),
        });
        let step = &lesson.steps[0];
        for wrong in step.wrong {
            let refused = app.play(lesson.kind, wrong);
            let lines = info(&refused, InfoKind::Wrong);
            assert_eq!(lines.len(), 1, "{} {wrong}: {:?}", lesson.id(), lines);
            let game_before = step.game(lesson.kind).unwrap();
            let (mv, _) = parse_move(&lesson.kind.rules().geometry, wrong).unwrap();
            let expected_reason = match game_before.check(mv) {
                Err(e) => c.move_error(e).to_string(),
                Ok(()) => step.hint(c, lesson.kind),
            };
            assert!(
                lines[0].contains(&expected_reason),
                "{}: {} lacks {expected_reason}",
                lesson.id(),
                lines[0]
            );
            let flash = game(&refused).flash.clone().expect("the refusal flashes");
            assert_eq!(flash.text, lines[0]);
            assert_eq!(
                game(&refused).board.plan.pieces,
                game(&opened).board.plan.pieces,
                "the board is unchanged"
            );
            assert!(control(&refused, "nextStep").is_none());
        }
        // The right move after the wrong ones.
        let right = app.play(lesson.kind, step.answers[0]);
        assert!(info(&right, InfoKind::Wrong).is_empty());
        assert!(control(&right, "nextStep").is_some() || control(&right, "finishLesson").is_some());
        let list = app.send(Event::Back);
        assert_eq!(page(&list).kind, ScreenKind::Lessons);
    }
}

#[test]
fn progress_is_kept_after_a_restart_and_the_lesson_resumes_where_it_was_left() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let lesson = first_lesson(VariantKind::Copenhagen);
    assert!(lesson.steps.len() >= 2);
    {
        let app = App::open(Some(&db), Language::English);
        app.send(Event::OpenLesson {
            lesson: lesson.id(),
        });
        let solved = app.play(lesson.kind, lesson.steps[0].answers[0]);
        assert!(control(&solved, "nextStep").is_some());
        app.send(Event::Back);
        app.close();
    }
    let app = App::open(Some(&db), Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Copenhagen,
    });
    let list = app.send(Event::Open {
        screen: ScreenKind::Lessons,
    });
    let entry = entries(&list)
        .into_iter()
        .find(|e| {
            e.event
                == Event::OpenLesson {
                    lesson: lesson.id(),
                }
        })
        .expect("the lesson is listed");
    assert_eq!(
        entry.detail,
        format!("1 of {} steps solved", lesson.steps.len())
    );
    let resumed = app.send(entry.event);
    assert!(
        game(&resumed).turn.text.contains("Step 2"),
        "{}",
        game(&resumed).turn.text
    );
    // Finished, and kept finished.
    let c = Language::English.catalog();
    assert_eq!(
        info(&resumed, InfoKind::Prompt),
        vec![lesson.steps[1].prompt(c, lesson.kind)]
    );
    for (i, step) in lesson.steps.iter().enumerate().skip(1) {
        let played = app.play(lesson.kind, step.answers[0]);
        let last = i + 1 == lesson.steps.len();
        let next = control(&played, if last { "finishLesson" } else { "nextStep" }).unwrap();
        app.send(next.event);
    }
    app.close();
    let app = App::open(Some(&db), Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Copenhagen,
    });
    let list = app.send(Event::Open {
        screen: ScreenKind::Lessons,
    });
    let entry = entries(&list)
        .into_iter()
        .find(|e| {
            e.event
                == Event::OpenLesson {
                    lesson: lesson.id(),
                }
        })
        .unwrap();
    assert_eq!(entry.detail, "Done");
    app.close();
}

#[test]
fn a_new_player_is_offered_the_first_lesson_until_they_begin_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let app = App::open(Some(&db), Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Tablut,
    });
    let start = app.settled();
    let offer = offer(&start).expect("a new player is offered a lesson");
    let first = first_lesson(VariantKind::Tablut);
    assert_eq!(offer.event, Event::OpenLesson { lesson: first.id() });
    assert!(
        offer
            .label
            .contains(first.title(Language::English.catalog()))
    );
    app.send(offer.event.clone());
    let list = play_to_the_end(&app, first);
    assert_eq!(page(&list).kind, ScreenKind::Lessons);
}

#[test]
fn the_offer_goes_once_a_lesson_is_begun_and_stays_gone_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let app = App::open(Some(&db), Language::English);
    let offered = offer(&app.settled()).expect("offered");
    let Event::OpenLesson { lesson } = &offered.event else {
        panic!("{offered:?}")
    };
    let lesson = lessons::find(lesson).unwrap();
    assert_eq!(lesson.index(), 0, "the first lesson");
    app.send(offered.event.clone());
    app.play(lesson.kind, lesson.steps[0].answers[0]);
    app.send(Event::Back);
    let start = app.send(Event::Back);
    assert_eq!(page(&start).kind, ScreenKind::Start);
    assert!(offer(&start).is_none(), "no offer once a lesson is begun");
    app.close();
    let app = App::open(Some(&db), Language::English);
    assert!(offer(&app.settled()).is_none(), "nor after a restart");
    app.close();
}

#[test]
fn the_offer_goes_once_a_game_is_played_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let app = App::open(Some(&db), Language::English);
    assert!(offer(&app.settled()).is_some());
    // A two-player game of Brandubh, resigned: a finished game.
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: false });
    app.send(Event::NewGame);
    app.send(Event::Resign);
    app.send(Event::Answer { yes: true });
    let start = app.send(Event::Back);
    assert_eq!(page(&start).kind, ScreenKind::Start);
    assert!(offer(&start).is_none(), "no offer once a game is finished");
    app.close();
    let app = App::open(Some(&db), Language::English);
    assert!(offer(&app.settled()).is_none(), "nor after a restart");
    app.close();
}

#[test]
fn a_lesson_leaves_the_unfinished_game_to_resume_and_is_not_saved_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let app = App::open(Some(&db), Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: false });
    app.send(Event::NewGame);
    app.send(Event::Back);
    let lesson = first_lesson(VariantKind::Copenhagen);
    app.send(Event::OpenLesson {
        lesson: lesson.id(),
    });
    app.play(lesson.kind, lesson.steps[0].answers[0]);
    app.send(Event::Back);
    let start = app.send(Event::Back);
    let resume = buttons(&start)
        .into_iter()
        .find(|b| b.id == "resume")
        .expect("the game can be resumed");
    let game_frame = app.send(resume.event);
    let g = game(&game_frame);
    assert_eq!(
        g.board.plan.size, 7,
        "the Brandubh game, not the lesson's board"
    );
    app.close();
}

#[test]
fn no_offer_shows_while_the_store_is_still_opening() {
    use tafl_core::screens::Controller;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let mut app = Controller::new(common::app::config(
        Some(&db),
        Language::English,
        Default::default(),
    ));
    assert!(
        offer(&app.frame()).is_none(),
        "not before the store has opened"
    );
    assert!(
        offer(&common::app::settle(&mut app)).is_some(),
        "a new player, once it has"
    );
}

/// The screen stays on while something is in play (a game against a person or the computer, a
/// lesson), and may sleep on the pages, in a review and once a game is over: the shells set
/// the phone's idle timer from `keep_awake` alone.
#[test]
fn the_screen_stays_on_while_a_game_or_a_lesson_is_in_play_and_nowhere_else() {
    let app = App::open(None, Language::English);
    assert!(!app.settled().keep_awake, "the start page");
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: true });
    let playing = app.send(Event::NewGame);
    assert!(playing.keep_awake, "a game against the computer");
    app.send(Event::Resign);
    let over = app.send(Event::Answer { yes: true });
    assert!(game(&over).controls.iter().any(|b| b.id == "playAgain"));
    assert!(!over.keep_awake, "a game that is over");
    let start = app.send(Event::Back);
    assert!(!start.keep_awake, "back on the start page");
    let lesson = first_lesson(VariantKind::Copenhagen);
    let step = app.send(Event::OpenLesson {
        lesson: lesson.id(),
    });
    assert!(step.keep_awake, "a lesson's step");
    app.send(Event::Back);
    let list = app.send(Event::Back);
    assert!(!list.keep_awake, "the lessons' list and the pages");
    app.close();
}
