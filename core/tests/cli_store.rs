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

    // A fresh database: six rows of zeros, and no games.
    let o = tafl(&["records", "--db", db_arg], &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(out.lines().count(), 7, "{out}");
    assert!(out.lines().next().unwrap().contains("wins"));
    assert!(out.contains("easy") && out.contains("hard") && out.contains("defenders"));
    let o = tafl(&["history", "--db", db_arg], &[]);
    assert!(o.status.success());
    assert_eq!(text(&o.stdout), "No finished games.\n");

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

    let o = tafl(&["records", "--db", db_arg], &[]);
    let out = text(&o.stdout);
    let row = out
        .lines()
        .find(|l| l.starts_with("hard") && l.contains(winner.name()))
        .unwrap();
    let numbers: Vec<&str> = row.split_whitespace().skip(2).collect();
    assert_eq!(numbers, ["1", "0", "0"], "{out}");

    let o = tafl(&["history", "--db", db_arg], &[]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[1].trim_start().starts_with(&second.to_string()));
    assert!(lines[1].contains("tablut") && lines[1].contains("two players"));
    assert!(lines[1].contains(&two_players.status().to_string()));
    assert!(lines[2].contains("brandubh") && lines[2].contains("vs hard as"));
    assert!(lines[2].contains(&won.plies().to_string()));

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

#[test]
fn without_db_the_user_data_folder_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let o = tafl(&["records"], &[("XDG_DATA_HOME", dir.path())]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(dir.path().join("tafl/tafl.db").exists());

    let home = tempfile::tempdir().unwrap();
    let o = tafl(&["history"], &[("HOME", home.path())]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(home.path().join(".local/share/tafl/tafl.db").exists());
}

#[test]
fn a_damaged_file_is_reported_and_a_newer_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    fs::write(&db, b"garbage, not a database").unwrap();
    let o = tafl(&["records", "--db", db.to_str().unwrap()], &[]);
    assert!(o.status.success());
    assert!(text(&o.stderr).contains("warning"), "{}", text(&o.stderr));
    let kept = fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .any(|e| e.file_name().to_string_lossy().contains(".corrupt-"));
    assert!(kept);

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
