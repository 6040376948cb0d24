//! Time on screen and the clock for two players: the shell's ticks (`Event::Tick`), the
//! frame's request for them (`Frame::tick_ms`), what counts as time spent on screen, and a game
//! on a clock through moves, the background, its flag and the death of the app's process. Time
//! is fake throughout: the tests send the ticks a shell would, with the times they choose.

mod common;

use std::path::Path;

use common::app::{
    App, clocked_two_player_start, config, control, game, move_coords, page, play_two_player_game,
    quick_engine, settle,
};
use tafl_core::VariantKind;
use tafl_core::engine::game::{Outcome, WinReason};
use tafl_core::engine::position::Side;
use tafl_core::screens::{
    AppConfig, ClockView, Controller, Effect, Event, Frame, PageItem, ScreenKind, TimeControl,
};
use tafl_core::store::Store;
use tafl_core::texts::Language;

/// The tests' app on no database, in English, with a quick computer.
fn memory_config() -> AppConfig {
    config(None, Language::English, quick_engine(200))
}

/// Ticks a shell could send, hostile ones among them.
const HOSTILE_TICKS: [i64; 8] = [0, -1, i64::MIN, i64::MAX, 1_000, 999, i64::MAX - 1, 1 << 40];

/// Where nothing is timed (the pages, an untimed game), no frame asks for ticks, so the shells
/// run no timer; a tick sent anyway (late, or hostile) changes nothing on screen and sends
/// nothing to the shell.
#[test]
fn nothing_timed_asks_for_no_ticks_and_a_tick_changes_nothing() {
    let mut app = Controller::new(memory_config());
    let start = settle(&mut app);
    assert_eq!(start.tick_ms, None, "the start page");
    play_two_player_game(&mut app, VariantKind::Brandubh, &["d2-b2"]);
    let before = settle(&mut app);
    assert_eq!(before.tick_ms, None, "a game without a clock");
    assert!(game(&before).clock.is_none());
    for now_ms in HOSTILE_TICKS {
        app.handle(Event::Tick { now_ms });
        if let Some(sent) = app.update() {
            panic!("a tick with nothing timed sent {sent:?}");
        }
    }
    let mut after = settle(&mut app);
    after.revision = before.revision;
    assert_eq!(after, before, "the screen is as it was");
    for screen in [ScreenKind::Settings, ScreenKind::Records, ScreenKind::Start] {
        app.handle(Event::Open { screen });
        assert_eq!(settle(&mut app).tick_ms, None, "{screen:?}");
    }
}

/// The choices of the start page's group `title`, as "id" or "[id]" when chosen.
fn choices(frame: &Frame, title: &str) -> Option<Vec<String>> {
    page(frame).items.iter().find_map(|item| match item {
        PageItem::Choices { group } if group.title == title => Some(
            group
                .choices
                .iter()
                .map(|c| {
                    if c.selected {
                        format!("[{}]", c.id)
                    } else {
                        c.id.clone()
                    }
                })
                .collect(),
        ),
        _ => None,
    })
}

#[test]
fn the_start_page_offers_the_clock_between_two_players_none_chosen_at_first() {
    for (language, title, labels) in [
        (
            Language::English,
            "Clock",
            [
                "No clock",
                "5\u{a0}min + 3\u{a0}s",
                "10\u{a0}min + 5\u{a0}s",
                "30\u{a0}min",
            ],
        ),
        (
            Language::French,
            "Pendule",
            [
                "Sans pendule",
                "5\u{a0}min + 3\u{a0}s",
                "10\u{a0}min + 5\u{a0}s",
                "30\u{a0}min",
            ],
        ),
        (
            Language::German,
            "Bedenkzeit",
            [
                "Ohne Uhr",
                "5\u{a0}Min. + 3\u{a0}s",
                "10\u{a0}Min. + 5\u{a0}s",
                "30\u{a0}Min.",
            ],
        ),
    ] {
        let mut app = Controller::new(AppConfig {
            language,
            ..memory_config()
        });
        settle(&mut app);
        app.handle(Event::ChooseOpponent { vs_computer: true });
        assert_eq!(
            choices(&settle(&mut app), title),
            None,
            "not against the computer"
        );
        app.handle(Event::ChooseOpponent { vs_computer: false });
        let start = settle(&mut app);
        assert_eq!(
            choices(&start, title).unwrap(),
            [
                "[clock-OFF]",
                "clock-BLITZ",
                "clock-RAPID",
                "clock-CLASSICAL"
            ]
        );
        let shown: Vec<String> = page(&start)
            .items
            .iter()
            .find_map(|item| match item {
                PageItem::Choices { group } if group.title == title => {
                    Some(group.choices.iter().map(|c| c.label.clone()).collect())
                }
                _ => None,
            })
            .unwrap();
        assert_eq!(shown, labels);
        app.handle(Event::ChooseClock {
            clock: TimeControl::Rapid,
        });
        assert_eq!(
            choices(&settle(&mut app), title).unwrap()[2],
            "[clock-RAPID]"
        );
    }
}

/// A clocked game between two players of `kind`, started on `control`.
fn clocked_game(app: &mut Controller, kind: VariantKind, control: TimeControl) -> Frame {
    for event in [
        Event::ChooseVariant { variant: kind },
        Event::ChooseOpponent { vs_computer: false },
        Event::ChooseClock { clock: control },
        Event::NewGame,
    ] {
        app.handle(event);
        settle(app);
    }
    settle(app)
}

fn tick(app: &mut Controller, now_ms: i64) -> Frame {
    app.handle(Event::Tick { now_ms });
    settle(app)
}

fn clock(frame: &Frame) -> &ClockView {
    game(frame)
        .clock
        .as_ref()
        .expect("a clock on the game screen")
}

/// Each face as "time" with a star on the running one: ["*5:00", "5:00"].
fn faces(frame: &Frame) -> Vec<String> {
    clock(frame)
        .faces
        .iter()
        .map(|f| format!("{}{}", if f.running { "*" } else { "" }, f.time))
        .collect()
}

fn play(app: &mut Controller, kind: VariantKind, text: &str) -> Frame {
    let (from, to) = move_coords(kind, text);
    app.handle(Event::ActivateSquare { square: from });
    app.handle(Event::ActivateSquare { square: to });
    settle(app)
}

fn announced(frame: &Frame) -> Vec<String> {
    frame
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Announce { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_side_to_moves_clock_runs_by_the_ticks_and_gains_the_increment_after_its_move() {
    let kind = VariantKind::Brandubh;
    let mut app = Controller::new(memory_config());
    settle(&mut app);
    let start = clocked_game(&mut app, kind, TimeControl::Blitz);
    assert_eq!(start.tick_ms, Some(100), "a running clock asks for ticks");
    assert_eq!(faces(&start), ["*5:00", "5:00"]);
    let labels: Vec<&str> = clock(&start)
        .faces
        .iter()
        .map(|f| f.label.as_str())
        .collect();
    assert_eq!(labels, ["Attackers 5:00, running", "Defenders 5:00"]);
    tick(&mut app, 50_000); // the baseline: nothing charged
    assert_eq!(faces(&tick(&mut app, 54_000)), ["*4:56", "5:00"]);
    let after = play(&mut app, kind, "d2-b2");
    assert_eq!(
        faces(&after),
        ["4:59", "*5:00"],
        "3 s added to the attackers"
    );
    assert_eq!(faces(&tick(&mut app, 55_500)), ["4:59", "*4:58"]);
    // Undo is off in a game on a clock: the button says so and the event does nothing.
    assert!(!control(&after, "undo").unwrap().enabled);
    app.handle(Event::Undo);
    let still = settle(&mut app);
    assert_eq!(game(&still).moves.rows.len(), 1, "the move stays");
}

#[test]
fn time_in_the_background_or_off_the_game_screen_is_never_charged() {
    let kind = VariantKind::Brandubh;
    let mut app = Controller::new(memory_config());
    settle(&mut app);
    clocked_game(&mut app, kind, TimeControl::Rapid);
    tick(&mut app, 1_000);
    assert_eq!(faces(&tick(&mut app, 2_000)), ["*9:59", "10:00"]);
    app.handle(Event::Background);
    let away = settle(&mut app);
    assert_eq!(away.tick_ms, None, "no ticks asked for in the background");
    // A tick that slips through in the background, then the way back.
    tick(&mut app, 100_000);
    app.handle(Event::Foreground);
    assert_eq!(settle(&mut app).tick_ms, Some(100));
    assert_eq!(
        faces(&tick(&mut app, 900_000)),
        ["*9:59", "10:00"],
        "the first tick back sets the baseline"
    );
    assert_eq!(faces(&tick(&mut app, 901_000)), ["*9:58", "10:00"]);
    // The menu: the clock stops while the game is not on screen, and goes on when resumed.
    app.handle(Event::Back);
    assert_eq!(settle(&mut app).tick_ms, None);
    tick(&mut app, 950_000);
    app.handle(Event::Resume);
    settle(&mut app);
    tick(&mut app, 990_000);
    assert_eq!(faces(&tick(&mut app, 991_000)), ["*9:57", "10:00"]);
}

#[test]
fn hostile_ticks_never_make_time_negative_nor_take_it_all_at_once() {
    let kind = VariantKind::Brandubh;
    let mut app = Controller::new(memory_config());
    settle(&mut app);
    clocked_game(&mut app, kind, TimeControl::Blitz);
    for now_ms in HOSTILE_TICKS
        .into_iter()
        .chain(HOSTILE_TICKS.into_iter().rev())
    {
        tick(&mut app, now_ms);
    }
    // Of all these, two steps counted: 999 → 1_000 and -1 → 0, a millisecond each; every step
    // back, every overflow and every jump counted nothing.
    let frame = tick(&mut app, i64::MIN);
    assert_eq!(faces(&frame), ["*4:59", "5:00"]);
    assert!(!game(&frame).turn.text.contains("win"));
}

#[test]
fn low_time_is_said_once_per_side_and_the_flag_ends_the_game_as_a_loss_on_time() {
    let kind = VariantKind::Brandubh;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let mut app = Controller::new(AppConfig {
        database_path: Some(db.display().to_string()),
        ..memory_config()
    });
    settle(&mut app);
    clocked_game(&mut app, kind, TimeControl::Blitz);
    play(&mut app, kind, "d2-b2");
    // The defenders think for 4:50 in steps of 10 s: "10 seconds left" is said once.
    let mut now = 0;
    tick(&mut app, now);
    let mut said = Vec::new();
    for _ in 0..29 {
        now += 10_000;
        said.extend(announced(&tick(&mut app, now)));
    }
    assert_eq!(said, ["Defenders: 10 seconds left"]);
    let low = tick(&mut app, now + 600);
    assert_eq!(faces(&low), ["5:03", "*9.4"]);
    assert!(clock(&low).faces[1].low && !clock(&low).faces[0].low);
    let f = play(&mut app, kind, "e4-e6");
    assert_eq!(faces(&f), ["*5:03", "0:12"], "3 s added to the defenders");
    let mut said = Vec::new();
    for _ in 0..30 {
        now += 1_000;
        said.extend(announced(&tick(&mut app, now)));
    }
    assert!(said.is_empty(), "the attackers still have plenty: {said:?}");
    // The attackers' flag falls.
    for _ in 0..30 {
        now += 10_000;
        tick(&mut app, now);
    }
    let over = settle(&mut app);
    assert_eq!(over.tick_ms, None, "the clock stopped");
    assert_eq!(
        game(&over).turn.text,
        "The defenders win: the attackers ran out of time"
    );
    assert_eq!(faces(&over), ["0.0", "0:12"]);
    assert!(control(&over, "playAgain").is_some());
    // Recorded as other results are, once the players leave the game.
    app.handle(Event::Back);
    settle(&mut app);
    drop(app);
    let (store, _) = Store::open(&db).unwrap();
    let history = store.finished_games().unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(
        history[0].status,
        tafl_core::engine::game::Status::Over(Outcome::Win {
            winner: Side::Defenders,
            reason: WinReason::Time
        })
    );
    // And it reads back as it ended (the result restores what the board cannot show).
    let record = store.finished_record(history[0].id).unwrap();
    assert_eq!(record.replay().unwrap().status(), history[0].status);
}

#[test]
fn the_flag_falling_is_said_in_each_language() {
    for (language, said) in [
        (
            Language::English,
            "The defenders win: the attackers ran out of time",
        ),
        (
            Language::French,
            "Les défenseurs gagnent\u{202f}: les attaquants ont dépassé leur temps",
        ),
        (
            Language::German,
            "Die Verteidiger gewinnen: die Angreifer haben die Zeit überschritten",
        ),
    ] {
        let mut app = Controller::new(AppConfig {
            language,
            ..memory_config()
        });
        settle(&mut app);
        clocked_game(&mut app, VariantKind::Brandubh, TimeControl::Blitz);
        let mut now = 0;
        tick(&mut app, now);
        let mut all = Vec::new();
        for _ in 0..31 {
            now += 10_000;
            all.extend(announced(&tick(&mut app, now)));
        }
        assert_eq!(
            all.last().map(String::as_str),
            Some(said),
            "{language:?}: {all:?}"
        );
    }
}

#[test]
fn face_to_face_turns_the_clock_of_the_player_across_the_table() {
    let kind = VariantKind::Brandubh;
    let mut app = Controller::new(memory_config());
    settle(&mut app);
    app.handle(Event::SetSetting {
        setting: tafl_core::screens::SettingKind::FaceToFace,
        on: true,
    });
    let start = clocked_game(&mut app, kind, TimeControl::Classical);
    let turned: Vec<bool> = clock(&start).faces.iter().map(|f| f.turned).collect();
    assert_eq!(
        turned,
        [false, true],
        "the attackers move first and sit at the bottom"
    );
    let after = play(&mut app, kind, "d2-b2");
    let turned: Vec<bool> = clock(&after).faces.iter().map(|f| f.turned).collect();
    assert_eq!(
        turned,
        [false, true],
        "the seats do not change with the turn"
    );
}

fn db_config(db: &Path, saved: Option<String>) -> AppConfig {
    AppConfig {
        saved_state: saved,
        ..config(Some(db), Language::English, quick_engine(300))
    }
}

/// The app is ended in the background and started again on the same database with its saved
/// state: the game comes back with both clocks as they were, the same side's running, and
/// goes on from there; the time the app was dead is not charged.
#[test]
fn the_clock_comes_back_after_the_process_died() {
    let kind = VariantKind::Brandubh;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::start(db_config(&db, None));
    assert_eq!(
        clocked_game_on(&app, kind, TimeControl::Blitz),
        ["4:56", "*4:46"]
    );
    app.send(Event::Background);
    let saved = app.saved_state();
    app.close();
    let again = App::start(db_config(&db, Some(saved)));
    let back = again.settled();
    assert_eq!(faces(&back), ["4:56", "*4:46"]);
    assert_eq!(back.tick_ms, Some(100));
    // A new process's monotonic clock starts anywhere: the first tick is the baseline.
    again.send(Event::Tick { now_ms: 5 });
    assert_eq!(
        faces(&again.send(Event::Tick { now_ms: 2_005 })),
        ["4:56", "*4:44"]
    );
    // Left for the start page and ended there, the clock still comes back with the game.
    again.send(Event::Back);
    let saved = again.saved_state();
    again.close();
    let third = App::start(db_config(&db, Some(saved)));
    let resumed = third.send(Event::Resume);
    assert_eq!(faces(&resumed), ["4:56", "*4:44"]);
}

/// A clocked game from a fresh start of `kind` on `db`: a few seconds for each side and one
/// move; returns the faces as they stand.
fn clocked_game_on(app: &App, kind: VariantKind, control: TimeControl) -> Vec<String> {
    for event in clocked_two_player_start(kind, control) {
        app.send(event);
    }
    for now_ms in [10_000, 17_000] {
        app.send(Event::Tick { now_ms });
    }
    app.play(kind, "d2-b2");
    app.send(Event::Tick { now_ms: 18_000 });
    app.send(Event::Tick { now_ms: 25_000 });
    faces(&app.send(Event::Tick { now_ms: 30_500 }))
}

/// The app is closed for good (swiped away: it goes to the background, then its process ends
/// with no saved state to come back with) or started afresh: the game resumes from the
/// database alone with both clocks as they were when it left the screen, and the clock does
/// not run until the game is on screen again.
#[test]
fn a_clocked_game_resumes_from_the_database_with_its_times_when_no_saved_state_came_back() {
    let kind = VariantKind::Brandubh;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::start(db_config(&db, None));
    let kept = clocked_game_on(&app, kind, TimeControl::Blitz);
    assert_eq!(kept, ["4:56", "*4:46"]);
    app.send(Event::Background);
    app.close();

    let again = App::start(db_config(&db, None));
    let start = again.settled();
    assert_eq!(start.tick_ms, None, "nothing runs on the start page");
    again.send(Event::Tick { now_ms: 1_000 });
    let resumed = again.send(Event::Resume);
    assert_eq!(faces(&resumed), kept);
    assert_eq!(resumed.tick_ms, Some(100));
    assert!(
        !control(&resumed, "undo").unwrap().enabled,
        "still a game on a clock"
    );
    // The tick before the game came back was never charged: the first one now is the baseline.
    again.send(Event::Tick { now_ms: 60_000 });
    assert_eq!(
        faces(&again.send(Event::Tick { now_ms: 61_000 })),
        ["4:56", "*4:45"]
    );
    // Left for the menu and closed from there: the second charged is kept too, and a move
    // made after it adds its increment as before.
    again.send(Event::Back);
    again.close();
    let third = App::start(db_config(&db, None));
    third.settled();
    third.send(Event::Resume);
    assert_eq!(faces(&third.play(kind, "e4-e6")), ["*4:56", "4:48"]);
    third.close();
    let fourth = App::start(db_config(&db, None));
    fourth.settled();
    assert_eq!(faces(&fourth.send(Event::Resume)), ["*4:56", "4:48"]);
}

/// The clock chosen for the last game between two players is chosen again on the next start.
#[test]
fn the_chosen_clock_is_offered_again_after_the_app_is_started_anew() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::start(db_config(&db, None));
    let first = app.settled();
    assert_eq!(
        choices(&first, "Clock"),
        None,
        "against the computer at first"
    );
    clocked_game_on(&app, VariantKind::Brandubh, TimeControl::Rapid);
    app.close();
    let again = App::start(db_config(&db, None));
    let start = again.settled();
    assert_eq!(
        choices(&start, "Clock").unwrap(),
        [
            "clock-OFF",
            "clock-BLITZ",
            "[clock-RAPID]",
            "clock-CLASSICAL"
        ]
    );
    // A new game from there is on that clock.
    again.send(Event::NewGame);
    let f = again.send(Event::Answer { yes: true });
    assert_eq!(faces(&f), ["*10:00", "10:00"]);
}

/// A database written before clocks were kept (schema 7: no clock columns) opens, and its
/// unfinished game resumes without a clock (undo on, nothing ticks); and a stored clock with
/// times the app never writes (below zero, of years, text) is not brought back either: the
/// game resumes, without its clock, rather than panicking or losing the game.
#[test]
fn an_old_database_or_a_tampered_clock_resumes_the_game_without_a_clock() {
    let kind = VariantKind::Brandubh;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::start(db_config(&db, None));
    clocked_game_on(&app, kind, TimeControl::Blitz);
    app.send(Event::Background);
    app.close();
    let tamper = |sql: &str| {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(sql).unwrap();
    };
    let resumes_unclocked = |why: &str| {
        let app = App::start(db_config(&db, None));
        app.settled();
        let f = app.send(Event::Resume);
        assert!(game(&f).clock.is_none(), "{why}: no clock");
        assert_eq!(f.tick_ms, None, "{why}: nothing ticks");
        assert_eq!(game(&f).moves.rows.len(), 1, "{why}: the game is there");
        app.close();
    };
    for (sql, why) in [
        (
            "UPDATE current_game SET clock_attackers_ms = -1",
            "below zero",
        ),
        (
            "UPDATE current_game SET clock_defenders_ms = 9223372036854775807",
            "of years",
        ),
        (
            "UPDATE current_game SET clock_defenders_ms = 'soon'",
            "text",
        ),
        (
            "UPDATE current_game SET clock_attackers_ms = 1.5",
            "a fraction",
        ),
        (
            "UPDATE current_game SET clock_control = 'bullet'",
            "no such preset",
        ),
        (
            "UPDATE current_game SET clock_warned = 'x'",
            "warnings as text",
        ),
    ] {
        tamper(
            "UPDATE current_game SET clock_control = 'blitz', clock_attackers_ms = 296000,
                 clock_defenders_ms = 286000, clock_warned = 0",
        );
        tamper(sql);
        if why == "warnings as text" {
            // Only the warnings are unreadable: the times are sound, so the clock comes back
            // with no warning given.
            let app = App::start(db_config(&db, None));
            app.settled();
            assert_eq!(faces(&app.send(Event::Resume)), ["4:56", "*4:46"]);
            app.close();
            continue;
        }
        resumes_unclocked(why);
    }
    // The file as schema 7 left it: no clock columns.
    tamper(
        "ALTER TABLE current_game DROP COLUMN clock_control;
         ALTER TABLE current_game DROP COLUMN clock_attackers_ms;
         ALTER TABLE current_game DROP COLUMN clock_defenders_ms;
         ALTER TABLE current_game DROP COLUMN clock_warned;
         PRAGMA user_version = 7;",
    );
    let app = App::start(db_config(&db, None));
    app.settled();
    let f = app.send(Event::Resume);
    assert!(game(&f).clock.is_none(), "schema 7: no clock");
    assert!(control(&f, "undo").unwrap().enabled, "undo is back");
    app.close();
    let (store, _) = Store::open(&db).unwrap();
    assert!(
        store.load_current().unwrap().is_some(),
        "migrated, the game kept"
    );
}

/// Each face says whose it is on screen (not by its place or colour alone), in the app's
/// language; the screen reader's label is as before.
#[test]
fn each_face_names_its_side_in_each_language() {
    for (language, names, label) in [
        (
            Language::English,
            ["Attackers", "Defenders"],
            "Attackers 5:00, running",
        ),
        (
            Language::French,
            ["Attaquants", "Défenseurs"],
            "Attaquants 5:00, en marche",
        ),
        (
            Language::German,
            ["Angreifer", "Verteidiger"],
            "Angreifer 5:00, läuft",
        ),
    ] {
        let mut app = Controller::new(AppConfig {
            language,
            ..memory_config()
        });
        settle(&mut app);
        let start = clocked_game(&mut app, VariantKind::Brandubh, TimeControl::Blitz);
        let faces = &clock(&start).faces;
        let shown: Vec<&str> = faces.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(shown, names, "{language:?}");
        assert_eq!(faces[0].label, label, "{language:?}");
    }
}
