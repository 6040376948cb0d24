//! The SQLite store: round trips, records, settings, schema versions, damaged files and two
//! handles on one file. The kill test is in `store_kill.rs`.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::Connection;
use tafl_core::ai::rng::Rng;
use tafl_core::engine::notation::{GameRecord, parse_position};
use tafl_core::engine::variant::{KingStrength, Reach};
use tafl_core::store::{ModeKind, SCHEMA_VERSION, Settings, Store, StoreError, StoreWarning};
use tafl_core::{Game, Level, Mode, RuleOptions, Side, Status, VariantKind, WinReason};

use common::finished_game;

fn db_in(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("tafl.db")
}

fn open(path: &Path) -> Store {
    let (store, warning) = Store::open(path).expect("the store opens");
    assert_eq!(warning, None);
    store
}

/// The first random Copenhagen game that ends in a draw.
fn drawn_game() -> Game {
    (0..)
        .map(|seed| finished_game(VariantKind::Copenhagen, seed))
        .find(|g| g.status().is_over() && g.status().winner().is_none())
        .expect("random Copenhagen games are often drawn")
}

/// Everything that must survive a save and a load.
fn assert_same_game(a: &Game, b: &Game) {
    assert_eq!(GameRecord::from_game(a), GameRecord::from_game(b));
    assert_eq!(a.position(), b.position());
    assert_eq!(a.position().hash(), b.position().hash());
    assert_eq!(a.plies(), b.plies());
    assert_eq!(a.plies_since_capture(), b.plies_since_capture());
    assert_eq!(a.repetitions(), b.repetitions());
    assert_eq!(a.status(), b.status());
    assert_eq!(a.options(), b.options());
    assert_eq!(a.start(), b.start());
    assert_eq!(&*a.legal_moves(), &*b.legal_moves());
}

const VS_HARD_DEFENDING: Mode = Mode::VsComputer {
    level: Level::Hard,
    human: Side::Defenders,
};

#[test]
fn unfinished_game_round_trips_exactly_after_moves_and_undos() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut rng = Rng::new(7);
    let mut game = Game::new(VariantKind::Copenhagen);
    let mut store = open(&path);
    assert!(store.load_current().unwrap().is_none());
    let mut captures = 0;
    for _ in 0..120 {
        if game.plies() > 0 && rng.below(4) == 0 {
            game.unmake();
        } else if !game.status().is_over() {
            let moves = game.legal_moves();
            game.make(moves[rng.below(moves.len())]);
            captures += usize::from(game.last_move().is_some_and(|(_, c)| c.any()));
        }
        store.save_current(VS_HARD_DEFENDING, &game).unwrap();
    }
    assert!(captures > 0, "the game should have captures to rebuild");
    drop(store);

    let store = open(&path);
    let saved = store.load_current().unwrap().expect("a saved game");
    assert_eq!(saved.mode, VS_HARD_DEFENDING);
    let mut restored = saved.game;
    assert_same_game(&game, &restored);
    // The undo history came back too: taking moves back walks the same positions.
    while game.plies() > 0 {
        assert_eq!(game.unmake(), restored.unmake());
        assert_same_game(&game, &restored);
    }
}

#[test]
fn an_undo_then_other_moves_saved_at_once_replace_the_stored_tail() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let mut game = finished_game(VariantKind::Brandubh, 3);
    while game.plies() > 12 {
        game.unmake();
    }
    store.save_current(Mode::TwoPlayers, &game).unwrap();
    for _ in 0..4 {
        game.unmake();
    }
    let mut rng = Rng::new(99);
    for _ in 0..3 {
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
    }
    store.save_current(Mode::TwoPlayers, &game).unwrap();
    let saved = store.load_current().unwrap().unwrap();
    assert_same_game(&game, &saved.game);
}

#[test]
fn a_game_from_a_set_position_with_options_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let v = VariantKind::Brandubh.rules();
    let start = parse_position(v, "/7/3t3/7/1tTKT2/7/3t3/7/", Side::Defenders).unwrap();
    let mut game = Game::from_position(start, RuleOptions { exit_forts: false });
    let moves = game.legal_moves();
    game.make(moves[0]);
    store.save_current(Mode::TwoPlayers, &game).unwrap();
    let saved = store.load_current().unwrap().unwrap();
    assert_same_game(&game, &saved.game);
}

#[test]
fn a_new_game_replaces_the_saved_one_and_clear_forgets_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let mut first = Game::new(VariantKind::Tablut);
    let moves = first.legal_moves();
    first.make(moves[3]);
    store.save_current(Mode::TwoPlayers, &first).unwrap();
    let second = Game::new(VariantKind::Brandubh);
    store.save_current(VS_HARD_DEFENDING, &second).unwrap();
    let saved = store.load_current().unwrap().unwrap();
    assert_eq!(saved.mode, VS_HARD_DEFENDING);
    assert_same_game(&second, &saved.game);
    store.clear_current().unwrap();
    assert!(store.load_current().unwrap().is_none());
}

#[test]
fn a_tampered_unfinished_game_is_a_typed_error_not_another_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    let mut game = finished_game(VariantKind::Brandubh, 5);
    while game.plies() > 10 {
        game.unmake();
    }
    store.save_current(Mode::TwoPlayers, &game).unwrap();

    // Lose the last two moves behind the store's back: what is left still replays, but not
    // to the saved checksum.
    let other = Connection::open(&path).unwrap();
    other
        .execute("DELETE FROM current_moves WHERE ply > 8", [])
        .unwrap();
    let err = store.load_current().unwrap_err();
    assert!(matches!(err, StoreError::InvalidData(_)), "{err:?}");
    // A move that cannot be played there (no piece on the corner).
    other
        .execute("INSERT INTO current_moves VALUES (9, 'a1-a2')", [])
        .unwrap();
    assert!(matches!(
        store.load_current(),
        Err(StoreError::InvalidData(_))
    ));
    // Abandoning it drops it instead of failing forever.
    assert_eq!(store.abandon_current().unwrap(), None);
    assert!(store.load_current().unwrap().is_none());
}

#[test]
fn finished_games_are_listed_and_export_as_otn_that_replays() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let mut ids = Vec::new();
    let mut games = Vec::new();
    for (i, kind) in VariantKind::ALL.into_iter().enumerate() {
        let game = finished_game(kind, 40 + i as u64);
        let mode = if i == 1 {
            Mode::TwoPlayers
        } else {
            VS_HARD_DEFENDING
        };
        // Saved first, as the app does after every move: recording clears it.
        store.save_current(mode, &game).unwrap();
        ids.push(store.record_finished(mode, &game).unwrap());
        assert!(store.load_current().unwrap().is_none());
        games.push((mode, game));
    }
    let list = store.finished_games().unwrap();
    assert_eq!(list.len(), VariantKind::ALL.len());
    // Most recent first.
    let listed: Vec<i64> = list.iter().map(|g| g.id).collect();
    let mut expected = ids.clone();
    expected.reverse();
    assert_eq!(listed, expected);
    for (id, (mode, game)) in ids.iter().zip(&games) {
        let summary = list.iter().find(|g| g.id == *id).unwrap();
        assert_eq!(summary.variant, game.variant().kind);
        assert_eq!(summary.mode, *mode);
        assert_eq!(summary.status, game.status());
        assert_eq!(summary.plies as usize, game.plies());
        assert!(summary.started_at.is_some());
        assert!(summary.finished_at > 1_600_000_000);

        let otn = store.export_otn(*id).unwrap();
        let record = GameRecord::parse_text(&otn).unwrap();
        assert_eq!(record, GameRecord::from_game(game));
        let replayed = record.replay().unwrap();
        assert_same_game(game, &replayed);
    }
    assert_eq!(store.export_otn(12345), Err(StoreError::NotFound(12345)));
}

#[test]
fn only_finished_games_can_be_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let game = Game::new(VariantKind::Brandubh);
    assert_eq!(
        store.record_finished(Mode::TwoPlayers, &game),
        Err(StoreError::GameNotOver)
    );
    assert!(store.finished_games().unwrap().is_empty());
}

#[test]
fn records_count_wins_losses_and_draws_per_level_and_side() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    let rows = store.records().unwrap();
    assert_eq!(rows.len(), 6);
    assert!(
        rows.iter()
            .all(|r| r.wins == 0 && r.losses == 0 && r.draws == 0)
    );

    let won = finished_game(VariantKind::Brandubh, 11);
    let winner = won.status().winner().unwrap();
    let vs = |level, human| Mode::VsComputer { level, human };
    // Two wins and a loss at easy for the winner's side, a loss at normal for the other side.
    store
        .record_finished(vs(Level::Easy, winner), &won)
        .unwrap();
    store
        .record_finished(vs(Level::Easy, winner), &won)
        .unwrap();
    store
        .record_finished(vs(Level::Normal, winner.other()), &won)
        .unwrap();
    // A draw at hard.
    let drawn = drawn_game();
    store
        .record_finished(vs(Level::Hard, Side::Attackers), &drawn)
        .unwrap();
    // Resigning is a loss, whatever the position.
    let mut resigned = Game::new(VariantKind::Tablut);
    let moves = resigned.legal_moves();
    resigned.make(moves[0]);
    resigned.resign(Side::Defenders).unwrap();
    store
        .record_finished(vs(Level::Hard, Side::Defenders), &resigned)
        .unwrap();
    // Two-player games go to the history only.
    store.record_finished(Mode::TwoPlayers, &won).unwrap();
    drop(store);

    let store = open(&path);
    let count = |level, side| {
        let r = store
            .records()
            .unwrap()
            .into_iter()
            .find(|r| r.level == level && r.side == side)
            .unwrap();
        (r.wins, r.losses, r.draws)
    };
    assert_eq!(count(Level::Easy, winner), (2, 0, 0));
    assert_eq!(count(Level::Normal, winner.other()), (0, 1, 0));
    assert_eq!(count(Level::Hard, Side::Attackers), (0, 0, 1));
    assert_eq!(count(Level::Hard, Side::Defenders), (0, 1, 0));
    assert_eq!(count(Level::Easy, winner.other()), (0, 0, 0));
    let total: u32 = store
        .records()
        .unwrap()
        .iter()
        .map(|r| r.wins + r.losses + r.draws)
        .sum();
    assert_eq!(total, 5);
    assert_eq!(store.finished_games().unwrap().len(), 6);
}

/// Counts of one game's level and side, from `records_by_game`.
fn game_count(store: &Store, variant: VariantKind, level: Level, side: Side) -> (u32, u32, u32) {
    let games = store.records_by_game().unwrap();
    let game = games
        .iter()
        .find(|g| g.variant == variant)
        .unwrap_or_else(|| panic!("{variant:?} has records"));
    assert_eq!(game.rows.len(), 6, "six rows for every game");
    let r = game
        .rows
        .iter()
        .find(|r| r.level == level && r.side == side)
        .unwrap();
    (r.wins, r.losses, r.draws)
}

/// A Brandubh win twice, a Copenhagen draw and a Tablut resignation against the computer.
fn record_three_games(store: &mut Store) -> Side {
    let won = finished_game(VariantKind::Brandubh, 11);
    let winner = won.status().winner().unwrap();
    let vs = |level, human| Mode::VsComputer { level, human };
    store
        .record_finished(vs(Level::Easy, winner), &won)
        .unwrap();
    store
        .record_finished(vs(Level::Easy, winner), &won)
        .unwrap();
    store
        .record_finished(vs(Level::Hard, Side::Attackers), &drawn_game())
        .unwrap();
    let mut resigned = Game::new(VariantKind::Tablut);
    let moves = resigned.legal_moves();
    resigned.make(moves[0]);
    resigned.resign(Side::Defenders).unwrap();
    store
        .record_finished(vs(Level::Normal, Side::Defenders), &resigned)
        .unwrap();
    store.record_finished(Mode::TwoPlayers, &won).unwrap();
    winner
}

#[test]
fn records_are_kept_per_game_in_the_order_of_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    assert!(store.records_by_game().unwrap().is_empty(), "no game yet");
    assert!(!store.has_finished_games().unwrap());
    let winner = record_three_games(&mut store);
    assert!(store.has_finished_games().unwrap());
    drop(store);

    let store = open(&path);
    let games: Vec<VariantKind> = store
        .records_by_game()
        .unwrap()
        .iter()
        .map(|g| g.variant)
        .collect();
    assert_eq!(
        games,
        [
            VariantKind::Copenhagen,
            VariantKind::Brandubh,
            VariantKind::Tablut
        ],
        "only the games played against the computer, in the games' order"
    );
    assert_eq!(
        game_count(&store, VariantKind::Brandubh, Level::Easy, winner),
        (2, 0, 0)
    );
    assert_eq!(
        game_count(&store, VariantKind::Brandubh, Level::Easy, winner.other()),
        (0, 0, 0)
    );
    assert_eq!(
        game_count(
            &store,
            VariantKind::Copenhagen,
            Level::Hard,
            Side::Attackers
        ),
        (0, 0, 1)
    );
    assert_eq!(
        game_count(&store, VariantKind::Tablut, Level::Normal, Side::Defenders),
        (0, 1, 0)
    );
    // The totals over the games are what `records` gives.
    for total in store.records().unwrap() {
        let summed = store
            .records_by_game()
            .unwrap()
            .iter()
            .flat_map(|g| g.rows.iter())
            .filter(|r| r.level == total.level && r.side == total.side)
            .fold((0, 0, 0), |(w, l, d), r| {
                (w + r.wins, l + r.losses, d + r.draws)
            });
        assert_eq!((total.wins, total.losses, total.draws), summed);
    }
}

#[test]
fn a_version_4_file_gets_its_records_per_game_from_its_finished_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    let winner = record_three_games(&mut store);
    drop(store);
    // The file as version 4 left it: one table of records per level and side (the totals),
    // no table per game.
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP TABLE game_records;
             DROP TABLE puzzle_results;
             ALTER TABLE current_game DROP COLUMN seed;
             ALTER TABLE current_game DROP COLUMN clock_control;
             ALTER TABLE current_game DROP COLUMN clock_attackers_ms;
             ALTER TABLE current_game DROP COLUMN clock_defenders_ms;
             ALTER TABLE current_game DROP COLUMN clock_warned;
             CREATE TABLE records (
                 level TEXT NOT NULL, side TEXT NOT NULL,
                 wins INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0,
                 draws INTEGER NOT NULL DEFAULT 0,
                 PRIMARY KEY (level, side)) WITHOUT ROWID;
             INSERT INTO finished_games (variant, mode, status, plies, otn, finished_at)
                 VALUES ('brandubh', 'not json', '{}', 0, '', 0),
                        ('tablut', '{\"kind\":\"vs-computer\"}', 'nor this', 0, '', 0);",
        )
        .unwrap();
        conn.pragma_update(None, "user_version", 4).unwrap();
    }
    let store = open(&path);
    assert_eq!(
        game_count(&store, VariantKind::Brandubh, Level::Easy, winner),
        (2, 0, 0)
    );
    assert_eq!(
        game_count(
            &store,
            VariantKind::Copenhagen,
            Level::Hard,
            Side::Attackers
        ),
        (0, 0, 1)
    );
    assert_eq!(
        game_count(&store, VariantKind::Tablut, Level::Normal, Side::Defenders),
        (0, 1, 0),
        "rows whose JSON cannot be read count nothing"
    );
    let total: u32 = store
        .records()
        .unwrap()
        .iter()
        .map(|r| r.wins + r.losses + r.draws)
        .sum();
    assert_eq!(total, 4, "the two-player game is not a record");
    let conn = Connection::open(&path).unwrap();
    let kept: i64 = conn
        .query_row("SELECT count(*) FROM finished_games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(kept, 7, "the history keeps every row");
}

#[test]
fn abandoning_a_game_against_the_computer_is_a_resignation() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let mode = Mode::VsComputer {
        level: Level::Normal,
        human: Side::Defenders,
    };
    // The computer (attackers) has moved, the person not yet: dropped, nothing counted.
    let mut game = Game::new(VariantKind::Copenhagen);
    let moves = game.legal_moves();
    game.make(moves[0]);
    store.save_current(mode, &game).unwrap();
    assert_eq!(store.abandon_current().unwrap(), None);
    assert!(store.load_current().unwrap().is_none());
    assert!(store.finished_games().unwrap().is_empty());

    // Once the person has moved, leaving is resigning.
    let moves = game.legal_moves();
    game.make(moves[0]);
    store.save_current(mode, &game).unwrap();
    let id = store.abandon_current().unwrap().expect("recorded");
    assert!(store.load_current().unwrap().is_none());
    let row = store
        .records()
        .unwrap()
        .into_iter()
        .find(|r| r.level == Level::Normal && r.side == Side::Defenders)
        .unwrap();
    assert_eq!((row.wins, row.losses, row.draws), (0, 1, 0));
    let summary = &store.finished_games().unwrap()[0];
    assert_eq!(summary.id, id);
    assert_eq!(summary.plies, 2);
    let expected_status = {
        let mut g = game.clone();
        g.resign(Side::Defenders).unwrap();
        g.status()
    };
    assert_eq!(summary.status, expected_status);
    assert!(matches!(
        summary.status,
        Status::Over(tafl_core::Outcome::Win {
            winner: Side::Attackers,
            reason: WinReason::Resignation
        })
    ));
    let exported = GameRecord::parse_text(&store.export_otn(id).unwrap()).unwrap();
    assert_eq!(exported.replay().unwrap().resigned(), Some(Side::Defenders));

    // Nothing to abandon.
    assert_eq!(store.abandon_current().unwrap(), None);
}

#[test]
fn abandoning_a_two_player_game_drops_it_and_a_finished_one_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let mut game = Game::new(VariantKind::Brandubh);
    for _ in 0..4 {
        let moves = game.legal_moves();
        game.make(moves[0]);
    }
    store.save_current(Mode::TwoPlayers, &game).unwrap();
    assert_eq!(store.abandon_current().unwrap(), None);
    assert!(store.finished_games().unwrap().is_empty());

    // A game saved after its last move but never recorded (the app died in between) keeps
    // its real result.
    let over = finished_game(VariantKind::Brandubh, 21);
    let human = over.status().winner().unwrap();
    let mode = Mode::VsComputer {
        level: Level::Easy,
        human,
    };
    store.save_current(mode, &over).unwrap();
    store.abandon_current().unwrap().expect("recorded");
    assert_eq!(store.finished_games().unwrap()[0].status, over.status());
    let row = store
        .records()
        .unwrap()
        .into_iter()
        .find(|r| r.level == Level::Easy && r.side == human)
        .unwrap();
    assert_eq!((row.wins, row.losses), (1, 0));
}

#[test]
fn settings_round_trip_and_default() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    assert_eq!(store.settings().unwrap(), Settings::default());
    assert!(Settings::default().exit_forts);
    let chosen = Settings {
        exit_forts: false,
        last_variant: VariantKind::Tablut,
        last_mode: ModeKind::TwoPlayers,
        last_level: Level::Hard,
        last_side: Side::Attackers,
        sound: false,
        haptics: false,
        colour_blind_palette: true,
        show_threats: true,
        coordinates: false,
        face_to_face: true,
        last_time_control: tafl_core::engine::clock::TimeControl::Rapid,
    };
    store.save_settings(&chosen).unwrap();
    drop(store);
    let mut store = open(&path);
    assert_eq!(store.settings().unwrap(), chosen);
    assert_eq!(chosen.mode(), Mode::TwoPlayers);
    let again = Settings {
        last_mode: ModeKind::VsComputer,
        ..chosen
    };
    store.save_settings(&again).unwrap();
    assert_eq!(store.settings().unwrap(), again);
    assert_eq!(
        again.mode(),
        Mode::VsComputer {
            level: Level::Hard,
            human: Side::Attackers
        }
    );

    // Settings written by an older version (fewer fields) read with defaults for the rest.
    let conn = Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE settings SET value = '{\"sound\":false}' WHERE key = 'settings'",
        [],
    )
    .unwrap();
    assert_eq!(
        store.settings().unwrap(),
        Settings {
            sound: false,
            ..Settings::default()
        }
    );
}

#[test]
fn a_new_database_is_migrated_from_an_empty_file_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    fs::write(&path, b"").unwrap();
    let store = open(&path);
    assert_eq!(store.records().unwrap().len(), 6);
    store.check_integrity().unwrap();
    let conn = Connection::open(&path).unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for table in [
        "current_game",
        "current_moves",
        "finished_games",
        "game_records",
        "settings",
        "lesson_steps",
        "lessons_finished",
    ] {
        assert!(tables.iter().any(|t| t == table), "{table} in {tables:?}");
    }
    // Opening again does not migrate twice (a second CREATE TABLE would fail the open).
    drop(store);
    let store = open(&path);
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    drop(store);
    // The folder is created when missing.
    let nested = dir.path().join("a/b/tafl.db");
    open(&nested);
    assert!(nested.exists());
}

/// Every file in the folder with its bytes, to show nothing was written.
fn folder_snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            let bytes = fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_database_from_a_newer_schema_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    store
        .record_finished(Mode::TwoPlayers, &finished_game(VariantKind::Brandubh, 1))
        .unwrap();
    drop(store);
    let newer = SCHEMA_VERSION + 1;
    {
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", newer).unwrap();
    }
    let before = folder_snapshot(dir.path());
    let err = Store::open(&path).unwrap_err();
    assert_eq!(
        err,
        StoreError::NewerSchema {
            found: newer,
            supported: SCHEMA_VERSION
        }
    );
    assert!(err.to_string().contains("newer version"), "{err}");
    assert_eq!(folder_snapshot(dir.path()), before);
}

#[test]
fn a_newer_schema_still_in_the_wal_is_refused_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    drop(open(&path));
    // Another connection bumps the version and keeps the change in the WAL (no checkpoint),
    // so the file's header still shows the old version.
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 5)
        .unwrap();
    let main_before = fs::read(&path).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert_eq!(
        err,
        StoreError::NewerSchema {
            found: SCHEMA_VERSION + 5,
            supported: SCHEMA_VERSION
        }
    );
    assert_eq!(fs::read(&path).unwrap(), main_before);
}

fn assert_moved_aside(path: &Path, original: &[u8]) {
    let (mut store, warning) = Store::open(path).expect("a fresh store");
    let Some(StoreWarning::CorruptFileMovedAside { moved_to, reason }) = warning.clone() else {
        panic!("expected a warning, got {warning:?}");
    };
    assert!(!reason.is_empty());
    assert!(
        warning.unwrap().to_string().contains("kept as"),
        "a message for the UI"
    );
    assert!(
        moved_to
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("tafl.db.corrupt-"),
        "{moved_to:?}"
    );
    assert_eq!(
        fs::read(&moved_to).unwrap(),
        original,
        "the old file is kept"
    );
    // The fresh database works.
    assert!(store.load_current().unwrap().is_none());
    assert!(store.finished_games().unwrap().is_empty());
    store
        .save_current(Mode::TwoPlayers, &Game::new(VariantKind::Brandubh))
        .unwrap();
    store.check_integrity().unwrap();
    drop(store);
    // And opens again without a warning.
    open(path);
}

#[test]
fn a_file_of_random_bytes_is_moved_aside_with_a_warning() {
    for (i, size) in [10_000usize, 50, 4096].into_iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let path = db_in(&dir);
        let mut rng = Rng::new(i as u64);
        let bytes: Vec<u8> = (0..size).map(|_| rng.next_u64() as u8).collect();
        fs::write(&path, &bytes).unwrap();
        assert_moved_aside(&path, &bytes);
    }
}

#[test]
fn a_text_file_and_a_forged_header_are_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    fs::write(&path, b"my shopping list\n").unwrap();
    assert_moved_aside(&path, b"my shopping list\n");

    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut bytes = b"SQLite format 3\0".to_vec();
    bytes.resize(8192, 0xAB);
    fs::write(&path, &bytes).unwrap();
    assert_moved_aside(&path, &bytes);
}

#[test]
fn a_truncated_database_is_moved_aside_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    // Enough games for many pages.
    for seed in 0..40 {
        let game = finished_game(VariantKind::Copenhagen, seed);
        store.record_finished(Mode::TwoPlayers, &game).unwrap();
    }
    drop(store);
    let full = fs::read(&path).unwrap();
    assert!(full.len() > 8 * 4096, "{} bytes", full.len());
    let truncated = &full[..full.len() / 2];
    fs::write(&path, truncated).unwrap();
    assert_moved_aside(&path, truncated);
}

#[test]
fn a_wal_left_by_a_damaged_file_moves_aside_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let wal = dir.path().join("tafl.db-wal");
    fs::write(&path, b"not a database at all").unwrap();
    fs::write(&wal, b"stale log").unwrap();
    let (_store, warning) = Store::open(&path).unwrap();
    let Some(StoreWarning::CorruptFileMovedAside { moved_to, .. }) = warning else {
        panic!("expected a warning");
    };
    let mut moved_wal = moved_to.into_os_string();
    moved_wal.push("-wal");
    assert_eq!(fs::read(moved_wal).unwrap(), b"stale log");
}

#[test]
fn two_handles_on_one_file_interleave_without_damage() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut a = open(&path);
    let mut b = open(&path);
    let game = finished_game(VariantKind::Brandubh, 8);
    let mut progress = Game::new(VariantKind::Brandubh);
    for i in 0..20 {
        a.record_finished(Mode::TwoPlayers, &game).unwrap();
        let moves = progress.legal_moves();
        progress.make(moves[i % moves.len()]);
        b.save_current(Mode::TwoPlayers, &progress).unwrap();
        // Each sees the other's writes.
        assert_same_game(&a.load_current().unwrap().unwrap().game, &progress);
        assert_eq!(b.finished_games().unwrap().len(), i + 1);
        b.save_settings(&Settings {
            sound: i % 2 == 0,
            ..Settings::default()
        })
        .unwrap();
        assert_eq!(a.settings().unwrap().sound, i % 2 == 0);
    }
    drop((a, b));

    // Two threads writing at once: every write waits its turn, none is lost.
    let threads: Vec<_> = (0..2u64)
        .map(|t| {
            let path = path.clone();
            std::thread::spawn(move || {
                let (mut store, _) = Store::open(&path).unwrap();
                let mode = Mode::VsComputer {
                    level: Level::Easy,
                    human: if t == 0 {
                        Side::Attackers
                    } else {
                        Side::Defenders
                    },
                };
                let mut rng = Rng::new(t);
                for _ in 0..50 {
                    let mut g = Game::new(VariantKind::Tablut);
                    for _ in 0..6 {
                        let moves = g.legal_moves();
                        g.make(moves[rng.below(moves.len())]);
                        store.save_current(mode, &g).unwrap();
                    }
                    g.resign(g.side_to_move()).unwrap();
                    store.record_finished(mode, &g).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let store = open(&path);
    store.check_integrity().unwrap();
    assert_eq!(store.finished_games().unwrap().len(), 20 + 100);
    let counted: u32 = store
        .records()
        .unwrap()
        .iter()
        .map(|r| r.wins + r.losses + r.draws)
        .sum();
    assert_eq!(counted, 100);
    let conn = Connection::open(&path).unwrap();
    let check: String = conn
        .pragma_query_value(None, "quick_check", |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
}

#[test]
fn two_handles_creating_one_new_file_at_once_migrate_it_once() {
    for round in 0..30 {
        let dir = tempfile::tempdir().unwrap();
        let path = db_in(&dir);
        let threads: Vec<_> = (0..2)
            .map(|_| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let (store, warning) = Store::open(&path).unwrap();
                    assert_eq!(warning, None);
                    store.records().unwrap().len()
                })
            })
            .collect();
        for t in threads {
            assert_eq!(t.join().unwrap(), 6, "round {round}");
        }
        let conn = Connection::open(&path).unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION);
    }
}

/// The schema of version 1, as released: a database written by the first version of the app.
const SCHEMA_1: &str = "
    CREATE TABLE current_game (id INTEGER PRIMARY KEY CHECK (id = 1), variant TEXT NOT NULL,
        exit_forts INTEGER NOT NULL, start_position TEXT, start_turn TEXT, mode TEXT NOT NULL,
        plies INTEGER NOT NULL, hash INTEGER NOT NULL, status TEXT NOT NULL,
        started_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
    CREATE TABLE current_moves (ply INTEGER PRIMARY KEY, otn TEXT NOT NULL);
    CREATE TABLE finished_games (id INTEGER PRIMARY KEY AUTOINCREMENT, variant TEXT NOT NULL,
        mode TEXT NOT NULL, status TEXT NOT NULL, plies INTEGER NOT NULL, otn TEXT NOT NULL,
        started_at INTEGER, finished_at INTEGER NOT NULL);
    CREATE TABLE records (level TEXT NOT NULL, side TEXT NOT NULL,
        wins INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (level, side)) WITHOUT ROWID;
    INSERT INTO records (level, side) VALUES ('easy', 'attackers'), ('easy', 'defenders'),
        ('normal', 'attackers'), ('normal', 'defenders'), ('hard', 'attackers'),
        ('hard', 'defenders');
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    PRAGMA user_version = 1;
";

#[test]
fn a_version_1_database_is_migrated_with_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let finished = finished_game(VariantKind::Brandubh, 7);
    let record = GameRecord::from_game(&finished);
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(SCHEMA_1).unwrap();
        conn.execute(
            "INSERT INTO finished_games (variant, mode, status, plies, otn, finished_at)
             VALUES ('brandubh', '{\"kind\":\"two-players\"}', ?1, ?2, ?3, 1700000000)",
            rusqlite::params![
                serde_json::to_string(&finished.status()).unwrap(),
                record.moves.len() as i64,
                record.to_text()
            ],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO current_game (id, variant, exit_forts, mode, plies, hash, status,
                 started_at, updated_at)
             VALUES (1, 'tablut', 1, '{\"kind\":\"two-players\"}', 0, ?1, 'ongoing', 1, 1)",
            [i64::from_ne_bytes(
                Game::new(VariantKind::Tablut)
                    .position()
                    .hash()
                    .to_ne_bytes(),
            )],
        )
        .unwrap();
    }
    let mut store = open(&path);
    assert_eq!(SCHEMA_VERSION, 8);
    // The unfinished game and the finished one are still there, with no hints and the seed
    // every game had before games kept their own.
    let saved = store.load_current().unwrap().expect("the unfinished game");
    assert_eq!(saved.game.variant().kind, VariantKind::Tablut);
    assert_eq!((saved.hints, saved.seed, saved.clock), (0, 0, None));
    let games = store.finished_games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!((games[0].hints, games[0].analysed), (0, false));
    assert_eq!(store.finished_record(games[0].id).unwrap(), record);
    // The new table works.
    store.save_analysis(games[0].id, 1, "{}").unwrap();
    assert_eq!(
        store.analysis(games[0].id).unwrap(),
        Some((1, "{}".to_string()))
    );
    assert!(store.finished_games().unwrap()[0].analysed);
    assert_eq!(
        store.save_analysis(999, 1, "{}"),
        Err(StoreError::NotFound(999))
    );
    // The lessons' tables came with version 4: no progress yet, and progress is kept.
    assert_eq!(store.lesson_progress().unwrap(), vec![]);
    store.solve_lesson_step("tablut/moving", 0).unwrap();
    assert_eq!(store.lesson_progress().unwrap()[0].steps, vec![0]);
    store.check_integrity().unwrap();
}

#[test]
fn lesson_progress_is_kept_and_survives_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    {
        let mut store = open(&path);
        assert_eq!(store.lesson_progress().unwrap(), vec![]);
        store.solve_lesson_step("copenhagen/capture", 1).unwrap();
        store.solve_lesson_step("copenhagen/capture", 0).unwrap();
        store.solve_lesson_step("copenhagen/capture", 1).unwrap(); // again: no change
        store.solve_lesson_step("brandubh/moving", 3).unwrap();
        store.finish_lesson("brandubh/moving").unwrap();
        store.finish_lesson("brandubh/moving").unwrap();
        // A lesson finished without a stored step (steps solved before an update, say).
        store.finish_lesson("tablut/escape").unwrap();
    }
    let mut store = open(&path);
    let progress = store.lesson_progress().unwrap();
    let summary: Vec<(&str, Vec<u32>, bool)> = progress
        .iter()
        .map(|p| (p.lesson.as_str(), p.steps.clone(), p.finished))
        .collect();
    assert_eq!(
        summary,
        vec![
            ("brandubh/moving", vec![3], true),
            ("copenhagen/capture", vec![0, 1], false),
            ("tablut/escape", vec![], true),
        ]
    );
    // Bad ids are typed errors and write nothing.
    for bad in ["", "   ", "a\nb", &"x".repeat(101)] {
        assert!(matches!(
            store.solve_lesson_step(bad, 0),
            Err(StoreError::InvalidData(_))
        ));
        assert!(matches!(
            store.finish_lesson(bad),
            Err(StoreError::InvalidData(_))
        ));
    }
    assert_eq!(store.lesson_progress().unwrap(), progress);
    // The games are untouched by the lessons, and the other way round.
    store
        .save_current(Mode::TwoPlayers, &Game::new(VariantKind::Brandubh))
        .unwrap();
    assert_eq!(store.lesson_progress().unwrap(), progress);
    store.reset_lessons().unwrap();
    assert_eq!(store.lesson_progress().unwrap(), vec![]);
    assert!(store.load_current().unwrap().is_some());
    drop(store);
    assert_eq!(open(&path).lesson_progress().unwrap(), vec![]);
}

#[test]
fn only_the_newest_game_saves_and_a_finished_game_is_recorded_once_concluded() {
    use tafl_core::engine::session::Session;
    use tafl_core::store::GameToken;
    let dir = tempfile::tempdir().unwrap();
    let mut store = open(&db_in(&dir));
    let (old, new) = (GameToken(1), GameToken(2));
    let mut first = Session::new(
        VariantKind::Brandubh,
        RuleOptions::default(),
        Mode::TwoPlayers,
    );
    store.begin(old, &first).unwrap();
    let second = Session::new(
        VariantKind::Tablut,
        RuleOptions::default(),
        Mode::TwoPlayers,
    );
    store.begin(new, &second).unwrap();
    first.play(common::parse(first.game(), "b4-b3")).unwrap();
    assert_eq!(store.persist(old, &first), Err(StoreError::Superseded));
    assert_eq!(
        store.load_current().unwrap().unwrap().game.variant().kind,
        VariantKind::Tablut
    );
    // A game that ends stays the unfinished one until it is concluded.
    let mut won = Session::from_game(finished_game(VariantKind::Tablut, 3), Mode::TwoPlayers);
    won.note_hint();
    store.begin(GameToken(3), &won).unwrap();
    store.persist(GameToken(3), &won).unwrap();
    assert!(store.finished_games().unwrap().is_empty());
    let id = store
        .conclude(GameToken(3), &won)
        .unwrap()
        .expect("recorded");
    let games = store.finished_games().unwrap();
    assert_eq!((games[0].id, games[0].hints), (id, 1));
    assert!(store.load_current().unwrap().is_none());
}

/// Two handles on one file (two app objects, or the app and the terminal game): the slot's
/// owner is kept in the file, so the handle whose game was superseded elsewhere neither saves
/// over the newer game nor records its own game a second time.
#[test]
fn a_game_superseded_through_another_handle_neither_saves_nor_records_twice() {
    use tafl_core::engine::session::Session;
    use tafl_core::store::GameToken;
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let (mut a, mut b) = (open(&path), open(&path));
    let (ta, tb) = (GameToken::fresh(), GameToken::fresh());
    assert_ne!(ta, tb);
    let mut first = Session::new(
        VariantKind::Brandubh,
        RuleOptions::default(),
        Mode::TwoPlayers,
    );
    a.begin(ta, &first).unwrap();
    first.play(common::parse(first.game(), "b4-b3")).unwrap();
    a.persist(ta, &first).unwrap();
    let second = Session::new(
        VariantKind::Tablut,
        RuleOptions::default(),
        Mode::TwoPlayers,
    );
    b.begin(tb, &second).unwrap();
    first.play(common::parse(first.game(), "c4-c2")).unwrap();
    assert_eq!(a.persist(ta, &first), Err(StoreError::Superseded));
    assert_eq!(
        open(&path)
            .load_current()
            .unwrap()
            .unwrap()
            .game
            .variant()
            .kind,
        VariantKind::Tablut,
        "the newer game is still the saved one"
    );

    // A finished game recorded by the other handle (its begin records what it replaces) is
    // not recorded again when its own handle concludes it.
    let won = Session::from_game(finished_game(VariantKind::Tablut, 3), Mode::TwoPlayers);
    let tc = GameToken::fresh();
    a.begin(tc, &won).unwrap();
    b.begin(GameToken::fresh(), &second).unwrap();
    assert_eq!(a.conclude(tc, &won), Err(StoreError::Superseded));
    assert_eq!(
        open(&path).finished_games().unwrap().len(),
        1,
        "recorded once"
    );
}

#[test]
fn lesson_steps_saved_behind_by_the_writer_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    {
        let writer = tafl_core::store::Writer::start(open(&path)).unwrap();
        writer.save_lesson_step("tablut/capture", 0, false);
        writer.save_lesson_step("tablut/capture", 1, false);
        writer.save_lesson_step("brandubh/no_moves", 1, true);
        writer.save_lesson_step("", 0, true); // a bad id writes nothing
        let progress = writer.call(|store| store.lesson_progress()).unwrap();
        assert_eq!(progress.len(), 2);
        // Dropping the writer finishes the queue and closes the file.
    }
    let progress = open(&path).lesson_progress().unwrap();
    let summary: Vec<(&str, Vec<u32>, bool)> = progress
        .iter()
        .map(|p| (p.lesson.as_str(), p.steps.clone(), p.finished))
        .collect();
    assert_eq!(
        summary,
        vec![
            ("brandubh/no_moves", vec![1], true),
            ("tablut/capture", vec![0, 1], false),
        ]
    );
}

#[test]
fn a_game_saved_under_a_former_reading_of_its_rules_resumes_under_it() {
    // An Ard Rí game saved before its pieces stepped one square: its first move slides two.
    let former_rules = VariantKind::ArdRi
        .former_rules()
        .pop()
        .expect("the oldest reading: rook moves");
    let former = tafl_core::Variant::custom(VariantKind::ArdRi, former_rules).unwrap();
    let mut game =
        Game::from_position(tafl_core::Position::initial(former), RuleOptions::default());
    let (slide, _) = tafl_core::engine::notation::parse_move(&former.geometry, "c7-a7").unwrap();
    assert!(Game::new(VariantKind::ArdRi).check(slide).is_err());
    game.play(slide).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    store.save_current(VS_HARD_DEFENDING, &game).unwrap();
    drop(store);

    let saved = open(&path)
        .load_current()
        .unwrap()
        .expect("the game resumes");
    assert_same_game(&game, &saved.game);
    assert!(!saved.game.variant().is_preset());
    assert_eq!(saved.game.variant().kind, VariantKind::ArdRi);
}

#[test]
fn an_ard_ri_game_won_under_the_king_taken_by_two_replays_under_that_reading() {
    // Played while Ard Rí's king was taken by two (2026-12-03): the king on c4 between an
    // attacker on c3 and one stepping c6-c5. Today he needs four captors, so the record
    // replays only under the reading it was played under.
    let start = "T6/2t4/7/2K4/2t4/7/7";
    let play = |variant: &'static tafl_core::Variant| {
        let position = parse_position(variant, start, Side::Attackers).unwrap();
        let mut game = Game::from_position(position, RuleOptions::default());
        let (step, _) =
            tafl_core::engine::notation::parse_move(&variant.geometry, "c6-c5").unwrap();
        game.play(step).unwrap();
        game
    };
    let today = play(VariantKind::ArdRi.rules());
    assert_eq!(
        today.status(),
        Status::Ongoing,
        "today the king needs four captors"
    );

    let by_two = VariantKind::ArdRi.former_rules().remove(0);
    let then = play(tafl_core::Variant::custom(VariantKind::ArdRi, by_two).unwrap());
    let won = Status::Over(tafl_core::Outcome::Win {
        winner: Side::Attackers,
        reason: WinReason::KingCaptured,
    });
    assert_eq!(then.status(), won);
    // The app's own records carry no rules string for a game of a preset.
    let record = GameRecord {
        rules: None,
        ..GameRecord::from_game(&then)
    };
    let replayed = record.replay().expect("replays under the former reading");
    assert_eq!(replayed.status(), won);
    assert_eq!(replayed.variant().data.king_strength, KingStrength::Weak);
    assert_eq!(replayed.variant().data.reach, Reach::ONE);
}

#[test]
fn the_unfinished_game_keeps_its_seed_through_every_save_and_a_reopened_file() {
    use tafl_core::engine::session::Session;
    use tafl_core::store::GameToken;
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let mut store = open(&path);
    // A seed with the top bit set: SQLite keeps signed integers.
    let seed = u64::MAX - 12_345;
    let mut session = Session::new(
        VariantKind::Brandubh,
        RuleOptions::default(),
        Mode::TwoPlayers,
    )
    .with_seed(seed);
    store.begin(GameToken(1), &session).unwrap();
    assert_eq!(store.load_current().unwrap().unwrap().seed, seed);
    // The first save after begin() appends moves; a later one rewrites the header.
    for m in ["b4-b3", "d5-b5"] {
        session.play(common::parse(session.game(), m)).unwrap();
        store.persist(GameToken(1), &session).unwrap();
    }
    drop(store);
    let saved = open(&path).load_current().unwrap().unwrap();
    assert_eq!((saved.seed, saved.game.plies()), (seed, 2));
}
