//! `tafl records`, `tafl history` and `tafl export` on databases written through the library.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tafl_core::engine::notation::GameRecord;
use tafl_core::store::{SCHEMA_VERSION, Store};
use tafl_core::{Level, Mode, VariantKind};

use common::finished_game;

fn tafl(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tafl"));
    cmd.args(args).env_remove("XDG_DATA_HOME");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("tafl runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn records_history_and_export_show_what_the_store_holds() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db_arg = db.to_str().unwrap();
    drop(Store::open(&db).unwrap());

    // A fresh database: no records, and no games.
    let o = tafl(&["records", "--db", db_arg], &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "No games against the computer yet.\n");
    let o = tafl(&["history", "--db", db_arg], &[]);
    assert!(o.status.success());
    assert_eq!(text(&o.stdout), "No finished games yet.\n");

    let won = finished_game(VariantKind::Brandubh, 4);
    let winner = won.status().winner().unwrap();
    let two_players = finished_game(VariantKind::Tablut, 5);
    let (first, second) = {
        let (mut store, _) = Store::open(&db).unwrap();
        let mode = Mode::VsComputer {
            level: Level::Hard,
            human: winner,
        };
        (
            store.record_finished(mode, &won).unwrap(),
            store
                .record_finished(Mode::TwoPlayers, &two_players)
                .unwrap(),
        )
    };

    // The records of each game apart, as the apps keep them: Brandubh's only.
    let o = tafl(&["records", "--db", db_arg], &[]);
    let out = text(&o.stdout);
    assert_eq!(out.lines().next(), Some("Brandubh"), "{out}");
    assert_eq!(out.lines().count(), 8, "{out}");
    assert!(out.lines().nth(1).unwrap().contains("Wins"), "{out}");
    let row = out
        .lines()
        .find(|l| l.contains(&format!("Hard, playing the {}", winner.name())))
        .unwrap();
    let numbers: Vec<&str> = row.split_whitespace().rev().take(3).collect();
    assert_eq!(numbers, ["0", "0", "1"], "{out}");
    let o = tafl(&["records", "--db", db_arg, "--variant", "tablut"], &[]);
    assert_eq!(text(&o.stdout), "No games against the computer yet.\n");
    // In German.
    let o = tafl(&["records", "--db", db_arg, "--lang", "de"], &[]);
    let out = text(&o.stdout);
    assert!(out.contains("Siege") && out.contains("Schwer"), "{out}");

    let o = tafl(&["history", "--db", db_arg], &[]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].trim_start().starts_with(&second.to_string()));
    assert!(lines[0].contains("Tablut") && lines[0].contains("Two players"));
    assert!(lines[1].contains("Brandubh") && lines[1].contains("Computer (Hard)"));
    assert!(lines[1].contains("Won") && lines[1].contains(&format!("{} moves", won.plies())));
    let o = tafl(&["history", "--db", db_arg, "--lang", "fr"], &[]);
    assert!(text(&o.stdout).contains("À deux"), "{}", text(&o.stdout));

    let o = tafl(&["export", "--db", db_arg, &first.to_string()], &[]);
    assert!(o.status.success());
    let record = GameRecord::parse_text(&text(&o.stdout)).unwrap();
    assert_eq!(record, GameRecord::from_game(&won));
    assert_eq!(record.replay().unwrap().status(), won.status());

    let o = tafl(&["export", "--db", db_arg, "999"], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("no finished game with id 999"));
    let o = tafl(&["export", "--db", db_arg, "first"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let o = tafl(&["export", "--db", db_arg], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("tafl export"));
}

/// The reading commands read: a database that is not there is an error and stays not there.
#[test]
fn reading_a_missing_database_says_so_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("typo.db");
    for args in [
        vec!["records", "--db", db.to_str().unwrap()],
        vec!["history", "--db", db.to_str().unwrap()],
        vec!["export", "--db", db.to_str().unwrap(), "1"],
    ] {
        let o = tafl(&args, &[]);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(text(&o.stderr).contains("No database at"), "{args:?}");
    }
    let o = tafl(
        &["history", "--db", db.to_str().unwrap(), "--lang", "de"],
        &[],
    );
    assert!(
        text(&o.stderr).contains("Keine Datenbank"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing created"
    );
}

#[test]
fn without_db_the_user_data_folder_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let o = tafl(&["records"], &[("XDG_DATA_HOME", dir.path())]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        text(&o.stderr).contains("tafl/tafl.db"),
        "{}",
        text(&o.stderr)
    );
    assert!(!dir.path().join("tafl").exists(), "nothing created");
    drop(Store::open(dir.path().join("tafl/tafl.db")).unwrap());
    let o = tafl(&["records"], &[("XDG_DATA_HOME", dir.path())]);
    assert!(o.status.success(), "{}", text(&o.stderr));

    let home = tempfile::tempdir().unwrap();
    drop(Store::open(home.path().join(".local/share/tafl/tafl.db")).unwrap());
    let o = tafl(&["history"], &[("HOME", home.path())]);
    assert!(o.status.success(), "{}", text(&o.stderr));
}

/// Makes `path` unwritable, even for root where the file system allows (`chattr +i`), or
/// writable again; says whether it is now unwritable for this process.
fn unwritable(path: &Path, on: bool) -> bool {
    let chattr = || {
        let flag = if on { "+i" } else { "-i" };
        let _ = Command::new("chattr").arg(flag).arg(path).output();
    };
    if !on {
        chattr();
    }
    let mut perms = fs::metadata(path).unwrap().permissions();
    #[allow(clippy::permissions_set_readonly_false)]
    perms.set_readonly(on);
    fs::set_permissions(path, perms).unwrap();
    if on {
        chattr();
    }
    let probe = if path.is_dir() {
        fs::write(path.join("probe"), b"").map(|()| fs::remove_file(path.join("probe")))
    } else {
        fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map(Ok)
    };
    probe.is_err()
}

/// A database on read-only media, or without write permission: read as it is, and no file
/// is written beside it.
#[test]
fn a_read_only_database_can_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("media");
    fs::create_dir(&folder).unwrap();
    let db = folder.join("tafl.db");
    let won = finished_game(VariantKind::Brandubh, 4);
    {
        let (mut store, _) = Store::open(&db).unwrap();
        store.record_finished(Mode::TwoPlayers, &won).unwrap();
    }
    let before = fs::read(&db).unwrap();
    let locked = unwritable(&db, true) & unwritable(&folder, true);
    let o = tafl(&["history", "--db", db.to_str().unwrap()], &[]);
    let files: Vec<_> = fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    unwritable(&folder, false);
    unwritable(&db, false);
    if !locked {
        eprintln!("note: this file system lets the test write anyway: read as a writable file");
    }
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("Brandubh"), "{}", text(&o.stdout));
    assert_eq!(fs::read(&db).unwrap(), before, "the file is unchanged");
    assert_eq!(files, ["tafl.db"], "nothing beside it");
}

#[test]
fn a_damaged_file_is_reported_and_a_newer_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    fs::write(&db, b"garbage, not a database").unwrap();
    let o = tafl(&["records", "--db", db.to_str().unwrap()], &[]);
    // Reading moves nothing aside: the file stays for the app to deal with.
    assert_eq!(o.status.code(), Some(3));
    assert!(
        text(&o.stderr).contains("not an SQLite database"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(fs::read(&db).unwrap(), b"garbage, not a database");

    let newer = dir.path().join("newer.db");
    {
        let conn = rusqlite::Connection::open(&newer).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
    }
    let before = fs::read(&newer).unwrap();
    let o = tafl(&["history", "--db", newer.to_str().unwrap()], &[]);
    // A database this version cannot read: a storage error.
    assert_eq!(o.status.code(), Some(3));
    assert!(text(&o.stderr).contains("newer version"));
    assert_eq!(fs::read(&newer).unwrap(), before);
}

#[test]
fn help_lists_the_store_commands() {
    let o = tafl(&["help"], &[]);
    let out = text(&o.stdout);
    for cmd in ["tafl records", "tafl history", "tafl export"] {
        assert!(out.contains(cmd), "{out}");
    }
}
