//! The app object and its database across restarts: what a person finds again when the app
//! comes back (the unfinished game, the records, the settings), and what happens when the saved
//! file is damaged. These are the behaviours the old per-object FFI tests held, now asked of the
//! one app object through its Rust API (the shells see the same through the FFI).

mod common;

use common::app::{App, config, quick_engine};
use std::path::Path;

use tafl_core::screens::types::Coord;
use tafl_core::screens::{
    AppConfig, ButtonView, Event, Frame, PageItem, ScreenKind, ScreenView, SettingKind, TableRow,
    TableView,
};
use tafl_core::texts::Language;
use tafl_core::{Level, Side, VariantKind};

/// The app on the database at `db`, once the store is open.
fn open(db: &Path) -> App {
    App::start(app_config(db))
}

fn app_config(db: &Path) -> AppConfig {
    config(Some(db), Language::English, quick_engine(500))
}

fn items(frame: &Frame) -> Vec<PageItem> {
    match &frame.screen {
        ScreenView::Page { page } => page.items.clone(),
        other => panic!("a page was expected, not {other:?}"),
    }
}

fn buttons(frame: &Frame) -> Vec<ButtonView> {
    items(frame)
        .into_iter()
        .flat_map(|item| match item {
            PageItem::Button { button } => vec![button],
            PageItem::Buttons { buttons } => buttons,
            _ => vec![],
        })
        .collect()
}

fn button(frame: &Frame, id: &str) -> Option<ButtonView> {
    buttons(frame).into_iter().find(|b| b.id == id)
}

fn table_rows(frame: &Frame) -> Vec<TableRow> {
    items(frame)
        .into_iter()
        .flat_map(|item| match item {
            PageItem::Table { table } => table.rows,
            _ => vec![],
        })
        .collect()
}

fn move_count(frame: &Frame) -> usize {
    match &frame.screen {
        ScreenView::Game { game } => game.moves.rows.iter().map(|r| r.cells.len()).sum(),
        other => panic!("the game screen was expected, not {other:?}"),
    }
}

fn c(name: &str) -> Coord {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().unwrap();
    Coord {
        file,
        rank: rank - 1,
    }
}

fn two_player_brandubh(app: &App) {
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: false });
    app.send(Event::NewGame);
}

fn play(app: &App, from: &str, to: &str) -> Frame {
    app.send(Event::ActivateSquare { square: c(from) });
    app.send(Event::ActivateSquare { square: c(to) })
}

#[test]
fn the_unfinished_game_comes_back_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = open(&db);
    let fresh = app.settled();
    assert!(
        button(&fresh, "resume").is_none_or(|b| !b.enabled),
        "nothing to resume on a new file"
    );
    two_player_brandubh(&app);
    play(&app, "d2", "b2");
    let after = play(&app, "c4", "c2");
    assert_eq!(move_count(&after), 2, "both moves were played");
    app.close();

    let again = open(&db);
    let start = again.settled();
    let resume = button(&start, "resume").expect("the start screen offers the game back");
    assert!(resume.enabled);
    let game = again.send(resume.event);
    assert_eq!(
        move_count(&game),
        2,
        "the game comes back with its two moves"
    );
}

#[test]
fn a_game_lost_to_the_computer_counts_in_the_records_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = open(&db);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::ChooseOpponent { vs_computer: true });
    app.send(Event::ChooseLevel { level: Level::Easy });
    app.send(Event::ChooseSide {
        side: Side::Attackers,
    });
    app.send(Event::NewGame);
    app.send(Event::Resign);
    app.send(Event::Answer { yes: true });
    app.close();

    let again = open(&db);
    let records = again.send(Event::Open {
        screen: ScreenKind::Records,
    });
    let row = table_rows(&records)
        .into_iter()
        .find(|r| r.id == "record-BRANDUBH-EASY-ATTACKERS")
        .expect("a row for easy, playing the attackers");
    assert_eq!(row.cells[1..], ["0", "1", "0"], "no win, one loss, no draw");
    let others: u32 = table_rows(&records)
        .iter()
        .filter(|r| r.id != "record-BRANDUBH-EASY-ATTACKERS")
        .flat_map(|r| r.cells[1..].iter().map(|n| n.parse::<u32>().unwrap()))
        .sum();
    assert_eq!(others, 0, "no other level or side has a game");
}

#[test]
fn each_game_has_its_own_table_of_records() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = open(&db);
    for (variant, level) in [
        (VariantKind::Tablut, Level::Hard),
        (VariantKind::Brandubh, Level::Easy),
    ] {
        app.send(Event::ChooseVariant { variant });
        app.send(Event::ChooseOpponent { vs_computer: true });
        app.send(Event::ChooseLevel { level });
        app.send(Event::ChooseSide {
            side: Side::Defenders,
        });
        app.send(Event::NewGame);
        app.send(Event::Resign);
        app.send(Event::Answer { yes: true });
        app.send(Event::Back);
    }
    app.close();

    let again = open(&db);
    let records = again.send(Event::Open {
        screen: ScreenKind::Records,
    });
    let tables: Vec<TableView> = items(&records)
        .into_iter()
        .filter_map(|item| match item {
            PageItem::Table { table } => Some(table),
            _ => None,
        })
        .collect();
    assert_eq!(tables.len(), 2, "one table per game played");
    // In the games' order, each headed by its game, each with its six rows.
    assert!(
        tables[0].header[0].starts_with("Brandubh"),
        "{:?}",
        tables[0].header
    );
    assert!(
        tables[1].header[0].starts_with("Tablut"),
        "{:?}",
        tables[1].header
    );
    assert!(tables.iter().all(|t| t.rows.len() == 6));
    let losses: Vec<&str> = tables
        .iter()
        .flat_map(|t| &t.rows)
        .filter(|r| r.cells[2] == "1")
        .map(|r| r.id.as_str())
        .collect();
    assert_eq!(
        losses,
        [
            "record-BRANDUBH-EASY-DEFENDERS",
            "record-TABLUT-HARD-DEFENDERS"
        ]
    );
    // A screen reader hears the game with each row.
    assert!(
        tables[1].rows[5].label.starts_with("Tablut"),
        "{}",
        tables[1].rows[5].label
    );
}

#[test]
fn a_setting_changed_before_the_store_opens_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = App::launch(app_config(&db));
    // At once, while the database may still be opening behind.
    app.send_now(Event::SetSetting {
        setting: SettingKind::Sound,
        on: false,
    });
    app.close();

    let again = open(&db);
    let settings = again.send(Event::Open {
        screen: ScreenKind::Settings,
    });
    let sound = items(&settings)
        .into_iter()
        .find_map(|item| match item {
            PageItem::Toggle { toggle } if toggle.setting == SettingKind::Sound => Some(toggle),
            _ => None,
        })
        .expect("the sound toggle");
    assert!(
        !sound.on,
        "the change made before the store opened was saved"
    );
}

#[test]
fn a_damaged_file_is_kept_aside_and_the_app_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    std::fs::write(
        &db,
        b"this is no SQLite database, but text written over it".repeat(200),
    )
    .unwrap();
    let app = open(&db);
    let start = app.settled();
    let notice = start
        .notice
        .clone()
        .expect("a notice says the data was reset");
    assert!(!notice.text.is_empty());
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "hnefi.db" && !n.starts_with("hnefi.db-"))
        .collect();
    assert!(
        !kept.is_empty(),
        "the damaged file is kept under another name"
    );
    // The app works on the new file, and the notice goes once dismissed.
    let dismissed = app.send(notice.dismiss.event);
    assert!(dismissed.notice.is_none());
    two_player_brandubh(&app);
    play(&app, "d2", "b2");
    app.close();
    let again = open(&db);
    let start = again.settled();
    assert!(
        start.notice.is_none(),
        "the new file opens without a notice"
    );
    assert!(button(&start, "resume").is_some_and(|b| b.enabled));
}

#[test]
fn a_folder_where_the_file_should_be_gives_a_notice_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    std::fs::create_dir(&db).unwrap();
    let app = open(&db);
    let start = app.settled();
    assert!(
        start.notice.is_some(),
        "the person is told the games cannot be kept"
    );
    // Playing still works, in memory.
    two_player_brandubh(&app);
    assert_eq!(move_count(&play(&app, "d2", "b2")), 1);
}

/// A cold launch (issue 45, item 8): every frame before the store is open and the saved screen
/// read back says `starting`, and the first that does not is the screen the person left, with
/// their settings, not the start page with the default ones (the shells showed the defaults,
/// then the saved settings, then the game).
#[test]
fn a_cold_launch_shows_nothing_until_the_saved_screen_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let app = open(&db);
    two_player_brandubh(&app);
    play(&app, "d2", "b2");
    let saved = app.saved_state();
    app.close();

    let again = App::launch(AppConfig {
        saved_state: Some(saved),
        ..app_config(&db)
    });
    let last = again.settled();
    assert!(!last.starting);
    let frames = again.frames();
    let first_shown = frames
        .iter()
        .position(|f| !f.starting)
        .expect("the app has started");
    assert!(
        first_shown > 0,
        "the first frame comes before the store is open"
    );
    assert!(
        frames[first_shown..].iter().all(|f| !f.starting),
        "once started, it stays started"
    );
    match &frames[first_shown].screen {
        ScreenView::Game { game } => assert_eq!(
            game.moves.rows.iter().map(|r| r.cells.len()).sum::<usize>(),
            1,
            "the game comes back with its move"
        ),
        other => panic!("the first screen shown is the game, not {other:?}"),
    }

    // Without a saved screen: the start page, with the settings saved (Brandubh chosen), first.
    let fresh = App::launch(app_config(&db));
    fresh.settled();
    let frames = fresh.frames();
    let first = frames.iter().find(|f| !f.starting).expect("started");
    let chosen = items(first).into_iter().find_map(|item| match item {
        PageItem::Choices { group } => group.choices.into_iter().find(|c| c.selected).map(|c| c.id),
        _ => None,
    });
    assert_eq!(chosen.as_deref(), Some("variant-BRANDUBH"));
    assert!(frames.iter().take_while(|f| f.starting).count() >= 1);
}

/// The puzzle records (results and the best streak and storm, as `tafl puzzle` keeps them in
/// the same file) show on the records page, each game under its dashboard's heading; a game
/// with none shows nothing of it.
#[test]
fn the_records_page_shows_each_games_puzzle_dashboard_and_bests() {
    use tafl_core::learning::puzzles::{self, runs::RunKind};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let first = |kind: VariantKind| {
        puzzles::shipped()
            .iter()
            .find(|p| p.game.variant().kind == kind)
            .expect("a puzzle")
    };
    {
        let (mut store, _) = tafl_core::store::Store::open(&db).unwrap();
        let p = first(VariantKind::Brandubh);
        store.record_puzzle(&p.key(), p.rating, true).unwrap();
        store
            .record_run(RunKind::Storm, VariantKind::Tablut, 7)
            .unwrap();
    }
    let app = open(&db);
    let records = app.send(Event::Open {
        screen: ScreenKind::Records,
    });
    let texts: Vec<String> = items(&records)
        .into_iter()
        .filter_map(|item| match item {
            PageItem::Heading { text } | PageItem::Caption { text } => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(
        texts,
        [
            "Puzzles · Brandubh",
            "Solved at the first try: 1 · missed: 0",
            &format!("Your rating after each: {}", app_rating(&db).round() as i64),
            &format!(
                "Weakest theme: {} (1 of 1 solved)",
                puzzles::words::theme(
                    Language::English.catalog(),
                    first(VariantKind::Brandubh).theme
                )
            ),
            "Puzzles · Tablut",
            "No puzzle of this game played yet.",
            "Best streak: 0 · best storm: 7",
        ]
        .map(String::from),
        "Copenhagen has none: nothing of it"
    );
}

/// The player's puzzle rating in the file.
fn app_rating(db: &Path) -> f64 {
    let (store, _) = tafl_core::store::Store::open(db).unwrap();
    store.puzzle_stats().unwrap().rating.rating
}
