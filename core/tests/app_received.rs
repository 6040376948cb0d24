//! A text or a file from outside the app (Android's share sheet, iOS's "Open in") reaches the
//! core as `Event::Received` with its bytes: it opens the import with the text and imports it,
//! opening the review or naming the first bad move, and it ends nothing it should not.

mod common;

use common::app::{App, buttons, config, page, quick_engine, settle};
use tafl_core::engine::variant::VariantKind;
use tafl_core::screens::work::{Work, perform};
use tafl_core::screens::{
    AppConfig, Controller, Effect, Event, Frame, IMPORT_LIMIT, PageItem, ScreenKind, ScreenView,
};
use tafl_core::texts::Language;

const SAMPLES: [&str; 7] = [
    "hnefatafl-org.pgn",
    "playtafl-com.pgn",
    "hnefatafl-org.json",
    "playtaflonline.json",
    "aagenielsen.csv",
    "aagenielsen.json",
    "pasted.txt",
];

fn sample(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/imports/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn app(saved_state: Option<String>) -> Controller {
    Controller::new(AppConfig {
        saved_state,
        ..config(None, Language::English, quick_engine(300))
    })
}

/// Sends the bytes and runs the work they start, but for the review's analysis (seconds of
/// search that these tests do not look at).
fn received(app: &mut Controller, bytes: &[u8]) -> Frame {
    app.handle(Event::Received {
        bytes: Some(bytes.to_vec()),
    });
    loop {
        let jobs: Vec<Work> = app
            .take_work()
            .into_iter()
            .filter(|w| !matches!(w, Work::Analyse { .. }))
            .collect();
        if jobs.is_empty() {
            return app.frame();
        }
        app.started(jobs.len());
        for job in jobs {
            perform(job, &mut |done| app.finish(done));
        }
    }
}

/// The import page's text field and its error, if any.
fn import_page(frame: &Frame) -> (String, Option<String>) {
    let page = page(frame);
    assert_eq!(page.kind, ScreenKind::Import);
    let field = page.items.iter().find_map(|i| match i {
        PageItem::TextField { field } => Some(field.text.clone()),
        _ => None,
    });
    let error = page.items.iter().find_map(|i| match i {
        PageItem::Error { text } => Some(text.clone()),
        _ => None,
    });
    (field.expect("the import's text field"), error)
}

fn review_plies(frame: &Frame) -> usize {
    match &frame.screen {
        ScreenView::Review { review } => review.moves.rows.iter().map(|r| r.cells.len()).sum(),
        other => panic!("not a review: {other:?}"),
    }
}

#[test]
fn a_real_record_of_each_source_opens_its_review_and_back_shows_its_text() {
    for name in SAMPLES {
        let mut app = app(None);
        settle(&mut app);
        let bytes = sample(name);
        let frame = received(&mut app, &bytes);
        assert!(review_plies(&frame) > 0, "{name}");
        app.handle(Event::Back);
        let (text, error) = import_page(&settle(&mut app));
        assert_eq!(text.as_bytes(), bytes.as_slice(), "{name}");
        assert_eq!(error, None, "{name}");
    }
}

#[test]
fn a_damaged_record_names_its_first_bad_move_on_the_import_and_says_it() {
    let mut app = app(None);
    settle(&mut app);
    app.handle(Event::Received {
        bytes: Some(b"1. b4-b1 zz-c7".to_vec()),
    });
    let effects = app.frame().effects;
    let frame = settle(&mut app);
    let (text, error) = import_page(&frame);
    assert_eq!(text, "1. b4-b1 zz-c7");
    let error = error.expect("the error");
    assert!(error.starts_with("Move 2 (zz-c7)"), "{error}");
    let said: Vec<_> = effects
        .iter()
        .chain(&frame.effects)
        .filter_map(|e| match e {
            Effect::Announce { text, assertive } => Some((text.clone(), *assertive)),
            _ => None,
        })
        .collect();
    assert_eq!(said, vec![(error, true)]);
}

#[test]
fn a_file_in_an_old_encoding_or_with_a_mark_is_read_as_its_tool_wrote_it() {
    let moves = String::from_utf8(sample("pasted.txt")).unwrap();
    // Windows-1252, as an old tool writes it: the name's ö and the moves' en dash are one byte
    // each, invalid as UTF-8.
    let with_name = format!("[White \"Jörd\"]\n{moves}");
    let latin: Vec<u8> = with_name
        .chars()
        .map(|c| match c {
            'ö' => 0xF6,
            '–' => 0x96,
            c => u8::try_from(c).expect("ASCII"),
        })
        .collect();
    // UTF-16 with its mark, as Notepad saves "Unicode".
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(moves.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let utf8_bom = [&[0xEF, 0xBB, 0xBF][..], moves.as_bytes()].concat();
    let plies = {
        let mut app = app(None);
        settle(&mut app);
        review_plies(&received(&mut app, moves.as_bytes()))
    };
    for (what, bytes, text) in [
        ("Windows-1252", latin, with_name.clone()),
        ("UTF-16", utf16, moves.clone()),
        ("UTF-8 with its mark", utf8_bom, moves.clone()),
    ] {
        let mut app = app(None);
        settle(&mut app);
        assert_eq!(review_plies(&received(&mut app, &bytes)), plies, "{what}");
        app.handle(Event::Back);
        assert_eq!(import_page(&settle(&mut app)).0, text, "{what}");
    }
}

#[test]
fn hostile_input_gets_a_clear_error_and_the_field_keeps_what_it_had() {
    let mut app = app(None);
    settle(&mut app);
    app.handle(Event::Open {
        screen: ScreenKind::Import,
    });
    app.handle(Event::ImportText {
        text: "my notes".into(),
    });
    settle(&mut app);
    let too_big = "b4-b1 ".repeat(IMPORT_LIMIT / 6 + 1);
    let frame = received(&mut app, too_big.as_bytes());
    assert_eq!(
        import_page(&frame),
        (
            "my notes".to_string(),
            Some("This is too long to be a game: the import reads up to 64 KB.".into())
        )
    );
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0";
    let frame = received(&mut app, png);
    assert_eq!(
        import_page(&frame),
        (
            "my notes".to_string(),
            Some("This file is not text. Open a game record (.pgn, .txt or .json).".into())
        )
    );
    // A file the shell could not read at all.
    app.handle(Event::Received { bytes: None });
    assert_eq!(
        import_page(&settle(&mut app)),
        (
            "my notes".to_string(),
            Some("This file could not be read. Share it again, or paste its text.".into())
        )
    );
    // Up to the limit, any garbage is read and refused for what it is, quoted short.
    let garbage: String = (0..IMPORT_LIMIT)
        .map(|i| char::from(b"x9-q}{ \n:"[i * 7 % 9]))
        .collect();
    let frame = received(&mut app, garbage.as_bytes());
    let (text, error) = import_page(&frame);
    assert_eq!(text, garbage);
    assert!(error.as_ref().is_some_and(|e| e.len() < 200), "{error:?}");
    // A paste beyond the limit is refused by the import as the same error.
    app.handle(Event::ImportText { text: too_big });
    app.handle(Event::Import);
    let (_, error) = import_page(&settle(&mut app));
    assert_eq!(
        error.as_deref(),
        Some("This is too long to be a game: the import reads up to 64 KB.")
    );
}

#[test]
fn an_unfinished_game_is_kept_to_resume_and_goes_on_from_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let app = App::start(config(Some(&db), Language::English, quick_engine(300)));
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: false });
    app.send(Event::NewGame);
    app.play(VariantKind::Brandubh, "b4-b1");
    let frame = app.send(Event::Received {
        bytes: Some(sample("pasted.txt")),
    });
    assert!(review_plies(&frame) > 0);
    app.send(Event::Back);
    let start = app.send(Event::Back);
    assert!(
        buttons(&start).iter().any(|b| b.event == Event::Resume),
        "the start page offers the unfinished game"
    );
    let frame = app.send(Event::Resume);
    match &frame.screen {
        ScreenView::Game { game } => {
            let played: Vec<_> = game.moves.rows.iter().flat_map(|r| &r.cells).collect();
            assert_eq!(played.len(), 1, "{played:?}");
        }
        other => panic!("not the game: {other:?}"),
    }
    app.close();
}

#[test]
fn what_arrives_while_the_app_comes_back_wins_over_the_screen_it_would_restore() {
    // The app was killed in the background on an unfinished game; a shared record starts it
    // again. Whether the record comes while the store opens or while the game is read back,
    // the review opens, and the game is still there to resume.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let with_db = |saved_state| {
        Controller::new(AppConfig {
            saved_state,
            ..config(Some(&db), Language::English, quick_engine(300))
        })
    };
    let mut first = with_db(None);
    settle(&mut first);
    common::app::play_two_player_game(&mut first, VariantKind::Brandubh, &["b4-b1"]);
    let saved = first.saved_state();
    first.handle(Event::Background);
    settle(&mut first);
    drop(first);
    for when in ["the store opens", "the game is read back"] {
        let mut again = with_db(Some(saved.clone()));
        if when == "the game is read back" {
            // The store opens; the read of the game it asks for is not done yet.
            for job in again.take_work() {
                again.started(1);
                perform(job, &mut |done| again.finish(done));
            }
            assert!(again.frame().starting, "{when}");
        }
        let frame = received(&mut again, &sample("hnefatafl-org.pgn"));
        assert!(review_plies(&frame) > 0, "{when}");
        assert!(!frame.starting, "{when}");
        let frame = settle(&mut again);
        assert!(
            review_plies(&frame) > 0,
            "{when}: the restore came after all"
        );
        again.handle(Event::Back);
        again.handle(Event::Back);
        let start = settle(&mut again);
        assert!(
            buttons(&start).iter().any(|b| b.event == Event::Resume),
            "{when}: the unfinished game is offered"
        );
    }
}

#[test]
fn a_received_text_on_the_import_comes_back_after_the_process_is_killed() {
    let mut app = app(None);
    settle(&mut app);
    received(&mut app, b"1. b4-b1 zz-c7");
    let mut again = self::app(Some(app.saved_state()));
    let (text, _) = import_page(&settle(&mut again));
    assert_eq!(text, "1. b4-b1 zz-c7");
}
