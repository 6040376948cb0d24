//! The API exported to the apps, exercised from Rust (the Kotlin and Swift suites in tests/
//! drive the same API through the generated bindings).

use std::sync::Arc;
use std::time::Duration;

use tafl_core::ffi::{
    CancelHandle, ComputerMove, Coord, GameMode, GameSession, GameStatus, Level, Mover, Piece,
    Side, StoreNotice, TaflError, TaflStore, TurnPrompt, Variant, WinReason, default_settings,
    resume_game,
};

fn c(name: &str) -> Coord {
    let b = name.as_bytes();
    Coord {
        file: b[0] - b'a',
        rank: name[1..].parse::<u8>().unwrap() - 1,
    }
}

fn two_players(v: Variant) -> Arc<GameSession> {
    GameSession::new_game(v, GameMode::TwoPlayers, true, None).unwrap()
}

#[test]
fn the_snapshot_lists_squares_from_the_top_rank_down() {
    let s = two_players(Variant::Copenhagen).snapshot();
    assert_eq!(s.size, 11);
    assert_eq!(s.squares.len(), 121);
    assert_eq!(s.squares[0].name, "a11");
    assert_eq!(s.squares[120].name, "k1");
    let king = s
        .squares
        .iter()
        .find(|q| q.piece == Some(Piece::King))
        .unwrap();
    assert_eq!(king.name, "f6");
    assert!(king.restricted);
    assert_eq!(
        s.turn,
        TurnPrompt::SideToMove {
            side: Side::Attackers
        }
    );
    assert!(!s.can_undo);
    assert_eq!(s.draw_limit, 160);
    assert_eq!(s.repetitions, 1);
}

fn movable(g: &GameSession) -> Vec<String> {
    let s = g.snapshot();
    s.squares
        .into_iter()
        .filter(|q| q.movable)
        .map(|q| q.name)
        .collect()
}

#[test]
fn movable_pieces_are_those_the_person_may_pick_up_now() {
    let g = two_players(Variant::Copenhagen);
    let names = movable(&g);
    // 24 attackers; the middle one of each edge group (a6, f1, f11, k6) is boxed in.
    assert_eq!(names.len(), 20, "{names:?}");
    for blocked in ["a6", "f1", "f11", "k6", "f6"] {
        assert!(!names.contains(&blocked.to_string()), "{blocked}");
    }
    // Each movable square has targets, and every square with targets is movable.
    for q in g.snapshot().squares {
        assert_eq!(
            q.movable,
            !g.targets(q.coord).unwrap().is_empty(),
            "{}",
            q.name
        );
    }
    g.play(c("d1"), c("d3")).unwrap();
    let names = movable(&g);
    // The defenders' turn: the king is boxed in by his guards, the outer guards can move.
    assert!(!names.contains(&"f6".to_string()), "{names:?}");
    assert!(names.contains(&"f4".to_string()) && !names.contains(&"d1".to_string()));

    // Against the computer: nothing is movable on the computer's turn.
    let mode = GameMode::VsComputer {
        level: Level::Easy,
        human: Side::Defenders,
    };
    let vs = GameSession::new_game(Variant::Brandubh, mode, true, None).unwrap();
    assert!(movable(&vs).is_empty());
    vs.computer_move(CancelHandle::new(), None).unwrap();
    assert!(!movable(&vs).is_empty());

    // Nor once the game is over.
    vs.resign().unwrap();
    assert!(movable(&vs).is_empty());
}

#[test]
fn a_two_player_brandubh_game_to_the_king_escape() {
    let g = two_players(Variant::Brandubh);
    for (from, to) in [
        ("b4", "b3"),
        ("d5", "f5"),
        ("b3", "b4"),
        ("d4", "d5"),
        ("b4", "b3"),
        ("d5", "c5"),
        ("b3", "b4"),
        ("c5", "c7"),
        ("b4", "b3"),
    ] {
        g.play(c(from), c(to)).unwrap();
    }
    let s = g.snapshot();
    assert!(
        s.king_open_lines.contains(&c("a7")),
        "the king sees the corner"
    );
    let r = g.play(c("c7"), c("a7")).unwrap();
    assert_eq!(
        r.status,
        GameStatus::Won {
            winner: Side::Defenders,
            reason: WinReason::KingEscaped
        }
    );
    let s = g.snapshot();
    assert_eq!(s.turn, TurnPrompt::GameOver);
    assert_eq!(s.last_move.unwrap().notation, "c7-a7");
    assert_eq!(g.play(c("b3"), c("b4")), Err(TaflError::GameOver));
    assert!(g.export_otn().contains("defenders:king-escaped"));
    // A game that ended on the board can be taken back: a slip should not cost the game.
    assert!(s.can_undo);
    let undone = g.undo().unwrap();
    assert_eq!(undone.len(), 1);
    assert_eq!((undone[0].from, undone[0].to), (c("c7"), c("a7")));
    assert_eq!(g.snapshot().status, GameStatus::Ongoing);
    g.play(c("c7"), c("a7")).unwrap();
    assert_eq!(g.snapshot().turn, TurnPrompt::GameOver);
}

#[test]
fn bad_input_gets_typed_errors() {
    let g = two_players(Variant::Copenhagen);
    assert_eq!(g.play(c("f4"), c("f3")), Err(TaflError::NotYourPiece));
    assert_eq!(g.play(c("d1"), c("e2")), Err(TaflError::NotInLine));
    assert_eq!(g.play(c("f2"), c("f5")), Err(TaflError::Blocked));
    assert_eq!(g.play(c("c3"), c("c4")), Err(TaflError::NoPiece));
    let off = Coord {
        file: 40,
        rank: 200,
    };
    assert_eq!(g.play(off, c("a1")), Err(TaflError::OffBoard));
    assert_eq!(g.targets(off), Err(TaflError::OffBoard));
    assert_eq!(g.undo(), Err(TaflError::NothingToUndo));
    assert!(!TaflError::Blocked.to_string().is_empty());
    let cancel = CancelHandle::new();
    assert_eq!(
        g.computer_move(cancel, None),
        Err(TaflError::NotComputersTurn)
    );
}

#[test]
fn the_computer_moves_and_undo_returns_to_the_human() {
    let mode = GameMode::VsComputer {
        level: Level::Normal,
        human: Side::Defenders,
    };
    let g = GameSession::new_game(Variant::Brandubh, mode, true, None).unwrap();
    assert_eq!(
        g.snapshot().turn,
        TurnPrompt::ComputerToMove {
            side: Side::Attackers
        }
    );
    assert_eq!(g.play(c("b4"), c("b3")), Err(TaflError::NotYourTurn));
    let r = g.computer_move(CancelHandle::new(), Some(200)).unwrap();
    assert!(matches!(r, ComputerMove::Played { .. }));
    let moves = g
        .snapshot()
        .squares
        .iter()
        .filter(|q| q.piece == Some(Piece::King))
        .count();
    assert_eq!(moves, 1);
    let target = g.targets(c("d5")).unwrap()[0];
    g.play(c("d5"), target).unwrap();
    g.computer_move(CancelHandle::new(), Some(200)).unwrap();
    assert_eq!(g.snapshot().plies, 3);
    let undone = g.undo().unwrap();
    assert_eq!(undone.len(), 2);
    assert_eq!(undone[0].mover, Mover::Computer, "the latest move first");
    assert_eq!(undone[1].mover, Mover::You);
    assert_eq!(g.snapshot().plies, 1);
    assert_eq!(
        g.snapshot().turn,
        TurnPrompt::YourMove {
            side: Side::Defenders
        }
    );
}

#[test]
fn a_cancelled_computer_move_changes_nothing() {
    let mode = GameMode::VsComputer {
        level: Level::Hard,
        human: Side::Defenders,
    };
    let g = GameSession::new_game(Variant::Copenhagen, mode, true, None).unwrap();
    let cancel = CancelHandle::new();
    let (g2, c2) = (g.clone(), cancel.clone());
    // A ten-minute budget: only the cancellation can end this search within the wait below.
    // (How fast a cancel returns is measured by `cargo bench --bench ai -- cancel`: 1.6 ms.)
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(g2.computer_move(c2, Some(600_000))));
    while !g.snapshot().thinking {
        std::thread::yield_now();
    }
    // The UI thread can read the game while the computer thinks.
    assert_eq!(g.snapshot().plies, 0);
    cancel.cancel();
    let answer = result
        .recv_timeout(Duration::from_secs(20))
        .expect("the cancelled search returns instead of thinking for ten minutes");
    assert_eq!(answer, Ok(ComputerMove::Cancelled));
    assert_eq!(g.snapshot().plies, 0);
    assert!(!g.snapshot().thinking);
}

#[test]
fn the_store_keeps_the_game_and_the_records() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hnefi.db").display().to_string();
    let store = TaflStore::open(path.clone()).unwrap();
    assert_eq!(store.notice(), None);
    assert!(resume_game(store.clone()).unwrap().is_none());
    // A fresh store and an app without one start from the same choices.
    assert_eq!(store.settings().unwrap(), default_settings());
    let mut changed = default_settings();
    changed.last_level = Level::Hard;
    changed.last_mode_vs_computer = !changed.last_mode_vs_computer;
    store.save_settings(changed);
    assert_eq!(store.settings().unwrap(), changed);
    let mode = GameMode::VsComputer {
        level: Level::Easy,
        human: Side::Attackers,
    };
    let g = GameSession::new_game(Variant::Tablut, mode, true, Some(store.clone())).unwrap();
    g.play(c("d1"), c("d3")).unwrap();
    let before = g.snapshot();
    // Saving happens behind; the app flushes when it goes to the background.
    store.flush();
    drop(g);
    drop(store);

    let store = TaflStore::open(path).unwrap();
    let g = resume_game(store.clone())
        .unwrap()
        .expect("the unfinished game");
    assert_eq!(g.snapshot(), before);
    g.resign().unwrap();
    // A resigned game is recorded when the player leaves it.
    assert_eq!(store.finished_games().unwrap().len(), 0);
    g.conclude();
    let records = store.records().unwrap();
    let easy_attackers = records
        .iter()
        .find(|r| r.level == Level::Easy && r.side == Side::Attackers)
        .unwrap();
    assert_eq!(easy_attackers.losses, 1);
    let finished = store.finished_games().unwrap();
    assert_eq!(finished.len(), 1);
    assert!(
        store
            .export_otn(finished[0].id)
            .unwrap()
            .contains("[variant \"tablut\"]")
    );
    assert_eq!(store.export_otn(9999), Err(TaflError::NotFound));
    let mut settings = store.settings().unwrap();
    settings.colour_blind_palette = true;
    settings.last_variant = Variant::Brandubh;
    store.save_settings(settings);
    assert_eq!(store.settings().unwrap(), settings);
}

#[test]
fn a_corrupt_file_is_kept_aside_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hnefi.db");
    std::fs::write(&path, b"this is not a database, just words").unwrap();
    let store = TaflStore::open(path.display().to_string()).unwrap();
    let Some(StoreNotice::CorruptFileMovedAside { kept_as, .. }) = store.notice() else {
        panic!("a notice is expected");
    };
    assert_eq!(
        std::fs::read(&kept_as).unwrap(),
        b"this is not a database, just words"
    );
    assert_eq!(store.records().unwrap().len(), 6);
}

#[test]
fn an_older_session_never_saves_over_a_newer_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hnefi.db").display().to_string();
    let store = TaflStore::open(path).unwrap();
    let old = GameSession::new_game(
        Variant::Copenhagen,
        GameMode::TwoPlayers,
        true,
        Some(store.clone()),
    )
    .unwrap();
    old.play(c("d1"), c("d3")).unwrap();
    let fresh = GameSession::new_game(
        Variant::Brandubh,
        GameMode::TwoPlayers,
        true,
        Some(store.clone()),
    )
    .unwrap();
    // The old game goes on in memory, but the store keeps the new one.
    old.play(c("f4"), c("c4")).unwrap();
    store.flush();
    assert!(old.snapshot().save_error.is_some());
    assert_eq!(fresh.snapshot().save_error, None);
    let resumed = resume_game(store.clone()).unwrap().unwrap().snapshot();
    assert_eq!(resumed.variant, Variant::Brandubh);
    assert_eq!(resumed.plies, 0);
}
