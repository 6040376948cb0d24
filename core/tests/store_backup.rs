//! Backups of the store: the one-file copy a platform's backup carries holds every commit
//! (those still in the write-ahead log too), stands alone (no log beside it, a rollback
//! journal in its header), and put back on another device gives the same records, settings,
//! lesson progress and puzzle rating. A copy that is no sound database of the app is refused
//! with a typed error and the live data is not touched.

mod common;

use std::fs;
use std::path::Path;

use common::finished_game;
use tafl_core::store::{SCHEMA_VERSION, Settings, Store, StoreError, restore_backup, write_backup};
use tafl_core::{Level, Mode, Side, VariantKind};

/// What the backup must keep, read from a store.
fn kept(store: &Store) -> (Settings, String, f64, usize, String) {
    (
        store.settings().unwrap(),
        format!("{:?}", store.lesson_progress().unwrap()),
        store.puzzle_stats().unwrap().rating.rating,
        store.finished_games().unwrap().len(),
        format!("{:?}", store.records_by_game().unwrap()),
    )
}

/// A store with a finished game against the computer, settings changed, a lesson step solved
/// and a puzzle played; left open, so that its last commits are still in the log.
fn played_store(path: &Path) -> Store {
    let (mut store, _) = Store::open(path).unwrap();
    let game = (0..)
        .map(|seed| finished_game(VariantKind::Brandubh, seed))
        .find(|g| g.status().is_over())
        .unwrap();
    let mode = Mode::VsComputer {
        level: Level::Easy,
        human: Side::Defenders,
    };
    store.record_finished(mode, &game).unwrap();
    let settings = Settings {
        sound: false,
        coordinates: false,
        last_variant: VariantKind::Brandubh,
        ..Settings::default()
    };
    store.save_settings(&settings).unwrap();
    store.solve_lesson_step("copenhagen/moving", 0).unwrap();
    store.record_puzzle("brandubh:test", 1400, false).unwrap();
    store
}

#[test]
fn the_copy_holds_every_commit_stands_alone_and_comes_back_on_another_device() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let store = played_store(&db);
    let before = kept(&store);
    assert!(
        fs::metadata(dir.path().join("hnefi.db-wal")).is_ok_and(|m| m.len() > 0),
        "the live database has commits in its log"
    );

    let copy = dir.path().join("backup").join("hnefi-backup.db");
    fs::create_dir_all(copy.parent().unwrap()).unwrap();
    assert!(write_backup(&db, &copy).unwrap());
    let names: Vec<String> = fs::read_dir(copy.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["hnefi-backup.db"], "one file, no log beside it");
    let header = fs::read(&copy).unwrap();
    assert_eq!(
        (header[18], header[19]),
        (1, 1),
        "a rollback-journal file, not a WAL one"
    );
    drop(store);

    // Another device: the copy arrives alone, and is put back where the app keeps its data.
    let other = tempfile::tempdir().unwrap();
    let arrived = other.path().join("hnefi-backup.db");
    fs::copy(&copy, &arrived).unwrap();
    let new_db = other.path().join("files").join("hnefi.db");
    restore_backup(&arrived, &new_db).unwrap();
    let (restored, warning) = Store::open(&new_db).unwrap();
    assert_eq!(warning, None);
    assert_eq!(kept(&restored), before);
    assert!(!before.0.sound, "the setting changed is kept");
    assert!(before.2 < 1500.0, "the puzzle missed moved the rating");
}

#[test]
fn a_copy_replaces_what_a_fresh_install_made_and_a_store_open_on_it_sees_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let store = played_store(&db);
    let before = kept(&store);
    let copy = dir.path().join("copy.db");
    write_backup(&db, &copy).unwrap();
    drop(store);

    // The new phone's app ran once: an empty database is there, and stays open.
    let new_db = dir.path().join("new").join("hnefi.db");
    let (fresh, _) = Store::open(&new_db).unwrap();
    assert_eq!(fresh.finished_games().unwrap().len(), 0);
    restore_backup(&copy, &new_db).unwrap();
    assert_eq!(
        kept(&fresh),
        before,
        "the open handle reads the restored data"
    );
}

#[test]
fn no_database_yet_writes_no_copy() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    assert!(!write_backup(&dir.path().join("none.db"), &copy).unwrap());
    assert!(!copy.exists());
}

#[test]
fn a_copy_that_is_no_sound_database_of_the_app_is_refused_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let store = played_store(&db);
    let before = kept(&store);
    drop(store);

    let garbage = dir.path().join("garbage.db");
    fs::write(
        &garbage,
        b"this is not a database, just some words ".repeat(200),
    )
    .unwrap();
    let other_app = dir.path().join("other.db");
    rusqlite::Connection::open(&other_app)
        .unwrap()
        .execute_batch("CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('hi'); PRAGMA user_version = 3;")
        .unwrap();
    let newer = dir.path().join("newer.db");
    write_backup(&db, &newer).unwrap();
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    let damaged = dir.path().join("damaged.db");
    write_backup(&db, &damaged).unwrap();
    let mut bytes = fs::read(&damaged).unwrap();
    let len = bytes.len();
    for b in &mut bytes[4096..len.min(3 * 4096)] {
        *b = 0x5a;
    }
    fs::write(&damaged, &bytes).unwrap();
    let empty = dir.path().join("empty.db");
    fs::write(&empty, b"").unwrap();

    let refusals = [
        (&garbage, "invalid"),
        (&other_app, "invalid"),
        (&newer, "newer"),
        (&damaged, "corrupt"),
        (&empty, "invalid"),
        (&dir.path().join("missing.db"), "io"),
    ];
    for (copy, kind) in refusals {
        let error = restore_backup(copy, &db).expect_err("refused");
        let got = match &error {
            StoreError::InvalidData(_) => "invalid",
            StoreError::NewerSchema { .. } => "newer",
            StoreError::Corrupt(_) => "corrupt",
            StoreError::Io(_) => "io",
            _ => "other",
        };
        assert_eq!(got, kind, "{}: {error}", copy.display());
        let (store, warning) = Store::open(&db).unwrap();
        assert_eq!(warning, None);
        assert_eq!(
            kept(&store),
            before,
            "{}: the live data is as it was",
            copy.display()
        );
    }
}
