//! The features the apps build on: views in the player's language, selections, refusals,
//! hints, undo's moves, the end of a game, saving behind, review, import and analysis.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tafl_core::ffi::{
    AnalysisListener, CancelHandle, CaptureKind, Coord, EndingKind, Feedback, GameMode,
    GameSession, GameStatus, HintResult, ImportError, Language, Level, MoveProblem, Mover, Piece,
    Refusal, Side, TaflStore, Texts, TurnPrompt, Variant, WinReason, import_game,
    recommended_search_threads, resume_game,
};

fn c(name: &str) -> Coord {
    let b = name.as_bytes();
    Coord {
        file: b[0] - b'a',
        rank: name[1..].parse::<u8>().unwrap() - 1,
    }
}

fn two_players(v: Variant, store: Option<Arc<TaflStore>>) -> Arc<GameSession> {
    GameSession::new_game(v, GameMode::TwoPlayers, true, store).unwrap()
}

fn square<'a>(s: &'a tafl_core::ffi::GameSnapshot, name: &str) -> &'a tafl_core::ffi::SquareView {
    s.squares.iter().find(|q| q.name == name).unwrap()
}

fn play_all(g: &GameSession, moves: &str) {
    for m in moves.split_whitespace() {
        let (from, to) = m.split_once('-').unwrap();
        let to = to.split('x').next().unwrap();
        g.play(c(from), c(to))
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn the_view_speaks_the_players_language() {
    let g = two_players(Variant::Brandubh, None);
    assert_eq!(
        g.view(Language::English, None, true).texts.turn_bar,
        "Attackers to move"
    );
    let fr = g.view(Language::French, None, true);
    assert_eq!(fr.texts.turn_bar, "Aux attaquants de jouer");
    assert_eq!(fr.language, Language::French);
    assert_eq!(square(&fr, "d4").label, "d4, roi");
    let de = g.view(Language::German, Some(c("b4")), false);
    assert_eq!(square(&de, "b4").label, "b4, Angreifer, ausgewählt");
    assert_eq!(square(&de, "b3").label, "b3, leer, möglicher Zug");
    // English is the language of the plain snapshot.
    assert_eq!(g.snapshot().texts.board, "Board, 7 by 7");
}

#[test]
fn a_selection_marks_its_targets_and_a_stale_one_is_dropped() {
    let g = two_players(Variant::Brandubh, None);
    let s = g.view(Language::English, Some(c("b4")), true);
    assert_eq!(s.selected, Some(c("b4")));
    let targets: Vec<&str> = s
        .squares
        .iter()
        .filter(|q| q.target)
        .map(|q| q.name.as_str())
        .collect();
    assert_eq!(targets, vec!["b7", "b6", "b5", "b3", "b2", "b1"]);
    // A defender on the attackers' turn, an empty square: nothing is selected.
    for stale in ["d5", "c3"] {
        let s = g.view(Language::English, Some(c(stale)), true);
        assert_eq!(s.selected, None, "{stale}");
        assert!(s.squares.iter().all(|q| !q.target && !q.selected));
    }
}

#[test]
fn refused_selections_say_why() {
    let g = two_players(Variant::Copenhagen, None);
    assert_eq!(g.refusal(c("b6")).unwrap(), None);
    assert_eq!(g.refusal(c("c3")).unwrap(), Some(Refusal::Empty));
    assert_eq!(
        g.refusal(c("f4")).unwrap(),
        Some(Refusal::NotYourPiece {
            owner: Side::Defenders
        })
    );
    assert_eq!(g.refusal(c("f1")).unwrap(), Some(Refusal::Blocked));
    let texts = Texts::new(Language::English);
    assert_eq!(
        texts.refusal(Refusal::NotYourPiece {
            owner: Side::Defenders
        }),
        "That piece belongs to the defenders."
    );
    let vs = GameSession::new_game(
        Variant::Brandubh,
        GameMode::VsComputer {
            level: Level::Easy,
            human: Side::Defenders,
        },
        true,
        None,
    )
    .unwrap();
    assert_eq!(vs.refusal(c("d5")).unwrap(), Some(Refusal::ComputerToMove));
    let resigned = vs.resign().unwrap();
    assert_eq!(
        resigned.feedback,
        Feedback::Loss,
        "the person gave up against the computer"
    );
    assert_eq!(vs.refusal(c("d5")).unwrap(), Some(Refusal::GameOver));
    assert!(!vs.snapshot().can_undo, "a resignation is final");
}

#[test]
fn moves_come_back_with_who_made_them_and_how_they_captured() {
    let g = two_players(Variant::Brandubh, None);
    // Attackers take the defender on c4 against... set up with real moves: d5-e5 leaves c4's
    // neighbours; the attacker from b4 is next to c4, and a second attacker arrives on d4? The
    // king stands there. Take e4 instead: attacker g4-f4 next to e4 with the king behind: no.
    // Use the first recorded capture of the conformance data: d4-c4xc5 after these moves.
    play_all(&g, "d6-e6 c4-c6 b4-c4 d5-b5 c4-c5");
    let r = g.play(c("d4"), c("c4")).unwrap();
    assert_eq!(r.played.mover, Mover::Defenders);
    assert_eq!(r.played.piece, Piece::King);
    assert_eq!(r.played.captured, vec![c("c5")]);
    assert_eq!(r.played.captures[0].kind, CaptureKind::BetweenTwo);
    assert_eq!(r.played.captures[0].text, "c5: taken between two enemies.");
    assert_eq!(r.feedback, Feedback::Capture);
    let s = g.view(Language::English, None, true);
    assert_eq!(
        s.texts.last_move.as_deref(),
        Some("Defenders: d4-c4, takes c5")
    );
    let announce = s.texts.announcement.unwrap();
    assert!(
        announce.starts_with("Defenders: king from d4 to c4. Takes the piece on c5."),
        "{announce}"
    );
    assert!(
        announce.contains("c5: taken between two enemies."),
        "{announce}"
    );
    // Undo gives the move back with its capture, for the app to replay it backwards.
    let undone = g.undo().unwrap();
    assert_eq!(undone.len(), 1);
    assert_eq!(undone[0].captured, vec![c("c5")]);
    assert_eq!(square(&g.snapshot(), "c5").piece, Some(Piece::Attacker));
}

#[test]
fn a_hint_shows_until_the_game_changes_and_is_counted() {
    let dir = tempfile::tempdir().unwrap();
    let store = TaflStore::open(dir.path().join("h.db").display().to_string()).unwrap();
    let g = two_players(Variant::Brandubh, Some(store.clone()));
    let HintResult::Found { hint } = g.hint(CancelHandle::new(), Some(300)).unwrap() else {
        panic!("a hint is expected");
    };
    assert_eq!(hint.side, Side::Attackers);
    let s = g.view(Language::English, None, true);
    assert_eq!(s.hint.as_ref(), Some(&hint));
    assert_eq!(s.hints_used, 1);
    assert!(square(&s, &hint_name(&hint.from)).hint_from);
    assert!(square(&s, &hint_name(&hint.to)).hint_to);
    assert_eq!(
        s.texts.hint.as_deref(),
        Some(format!("Hint: {}", hint.notation).as_str())
    );
    assert_eq!(s.texts.hints_used.as_deref(), Some("1 hint used"));
    // Playing the move clears the hint; the count stays.
    g.play(hint.from, hint.to).unwrap();
    let s = g.snapshot();
    assert_eq!(s.hint, None);
    assert_eq!(s.hints_used, 1);
    assert!(s.squares.iter().all(|q| !q.hint_from && !q.hint_to));
    // A cancelled hint changes nothing.
    let cancel = CancelHandle::new();
    cancel.cancel();
    assert_eq!(g.hint(cancel, Some(5_000)).unwrap(), HintResult::Cancelled);
    assert_eq!(g.snapshot().hints_used, 1);
    // The count is saved with the game and goes with it into the history. Leaving the game
    // twice records it once, without a save error.
    assert_eq!(g.resign().unwrap().feedback, Feedback::Win);
    g.conclude();
    g.conclude();
    store.flush();
    assert_eq!(g.snapshot().save_error, None);
    let finished = store.finished_games().unwrap();
    assert_eq!(finished[0].hints_used, 1);
    let row = Texts::new(Language::English).history(finished[0].clone(), 0);
    assert_eq!(row.hints.as_deref(), Some("1 hint used"));
    assert!(row.label.contains("Two players"), "{}", row.label);
}

fn hint_name(c: &Coord) -> String {
    format!("{}{}", (b'a' + c.file) as char, c.rank + 1)
}

#[test]
fn hints_are_for_the_person_not_the_computer() {
    let g = GameSession::new_game(
        Variant::Brandubh,
        GameMode::VsComputer {
            level: Level::Easy,
            human: Side::Defenders,
        },
        true,
        None,
    )
    .unwrap();
    assert_eq!(
        g.hint(CancelHandle::new(), Some(100)),
        Err(tafl_core::ffi::TaflError::NotYourTurn)
    );
}

#[test]
fn a_finished_game_is_recorded_when_the_players_leave_it_or_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("end.db").display().to_string();
    let store = TaflStore::open(path.clone()).unwrap();
    let g = two_players(Variant::Brandubh, Some(store.clone()));
    play_all(
        &g,
        "b4-b3 d5-f5 b3-b4 d4-d5 b4-b3 d5-c5 b3-b4 c5-c7 b4-b3 c7-a7",
    );
    assert_eq!(g.snapshot().turn, TurnPrompt::GameOver);
    // Not recorded yet: it can still be taken back, and it is not offered to resume.
    assert!(store.finished_games().unwrap().is_empty());
    assert!(!store.has_unfinished_game().unwrap());
    store.flush();
    drop(g);
    drop(store);
    // The app stopped on the last screen: the next start records it with its result.
    let store = TaflStore::open(path).unwrap();
    let finished = store.finished_games().unwrap();
    assert_eq!(finished.len(), 1);
    assert_eq!(
        finished[0].status,
        GameStatus::Won {
            winner: Side::Defenders,
            reason: WinReason::KingEscaped
        }
    );
    assert!(resume_game(store).unwrap().is_none());
}

#[test]
fn moves_are_saved_behind_while_another_handle_holds_the_lock() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("busy.db");
    let store = TaflStore::open(path.display().to_string()).unwrap();
    let g = two_players(Variant::Copenhagen, Some(store.clone()));
    store.flush();
    // Another connection takes the write lock and holds it for a while.
    let holding = Arc::new(AtomicBool::new(true));
    let (taken_tx, taken_rx) = std::sync::mpsc::channel();
    let holder = {
        let holding = holding.clone();
        let path = path.clone();
        std::thread::spawn(move || {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch("BEGIN IMMEDIATE").unwrap();
            taken_tx.send(()).unwrap();
            std::thread::sleep(Duration::from_millis(1500));
            holding.store(false, Ordering::SeqCst);
            conn.execute_batch("COMMIT").unwrap();
        })
    };
    taken_rx.recv().unwrap();
    g.play(c("d1"), c("d3")).unwrap();
    g.play(c("f4"), c("c4")).unwrap();
    // Both moves are on the board while the other handle still holds the lock.
    assert!(holding.load(Ordering::SeqCst), "play waited for the lock");
    assert_eq!(g.snapshot().plies, 2);
    holder.join().unwrap();
    store.flush();
    assert_eq!(g.snapshot().save_error, None);
    drop(g);
    let resumed = resume_game(store).unwrap().unwrap();
    assert_eq!(resumed.snapshot().plies, 2);
}

#[test]
fn threats_and_escape_routes_are_marked_for_the_players() {
    use tafl_core::notation::GameRecord;
    use tafl_core::threats;
    let g = two_players(Variant::Brandubh, None);
    let (mut seen_threat, mut seen_route) = (false, false);
    for ply in 0..60 {
        let s = g.snapshot();
        if s.status != GameStatus::Ongoing {
            break;
        }
        // The marks are the core's own threat functions, for the side to move.
        let game = GameRecord::parse_text(&g.export_otn())
            .unwrap()
            .replay()
            .unwrap();
        let pos = game.position();
        let geometry = &pos.variant().geometry;
        let names = |bits: tafl_core::Bits| -> Vec<String> {
            let mut v: Vec<String> = bits
                .iter()
                .map(|sq| tafl_core::notation::square_name(geometry, sq))
                .collect();
            v.sort();
            v
        };
        let marked = |f: fn(&tafl_core::ffi::SquareView) -> bool| -> Vec<String> {
            let mut v: Vec<String> = s
                .squares
                .iter()
                .filter(|q| f(q))
                .map(|q| q.name.clone())
                .collect();
            v.sort();
            v
        };
        let threatened = marked(|q| q.threatened);
        let routes = marked(|q| q.escape_route);
        assert_eq!(
            threatened,
            names(threats::capturable(pos, pos.side_to_move())),
            "ply {ply}"
        );
        assert_eq!(routes, names(threats::escape_routes(pos)), "ply {ply}");
        seen_threat |= !threatened.is_empty();
        seen_route |= !routes.is_empty();
        // A fixed, varied walk: the n-th movable piece to its last target.
        let movable: Vec<Coord> = s
            .squares
            .iter()
            .filter(|q| q.movable)
            .map(|q| q.coord)
            .collect();
        let from = movable[ply % movable.len()];
        let to = *g.targets(from).unwrap().last().unwrap();
        g.play(from, to).unwrap();
    }
    assert!(
        seen_threat && seen_route,
        "the walk met threats and escape routes"
    );
}

#[test]
fn the_draw_countdown_appears_near_the_limit() {
    let g = two_players(Variant::Copenhagen, None);
    // Quiet, new positions only: walk pieces around without captures or repetitions.
    let mut plies = 0;
    while plies < 125 {
        let s = g.snapshot();
        let mut moved = false;
        'search: for from in s.squares.iter().filter(|q| q.movable) {
            for to in g.targets(from.coord).unwrap() {
                let r = g.play(from.coord, to).unwrap();
                let after = g.snapshot();
                if r.played.captured.is_empty()
                    && after.status == GameStatus::Ongoing
                    && after.repetitions == 1
                    && after.king_open_lines.is_empty()
                {
                    moved = true;
                    break 'search;
                }
                g.undo().unwrap();
            }
        }
        assert!(moved, "no quiet new move at ply {plies}");
        plies += 1;
        let s = g.snapshot();
        let left = 160 - s.plies_since_capture;
        if left > 40 {
            assert_eq!(s.draw_countdown, None);
            assert_eq!(s.texts.draw_countdown, None);
        } else {
            assert_eq!(s.draw_countdown, Some(left));
            assert_eq!(
                s.texts.draw_countdown,
                Some(format!("{left} moves left before a draw."))
            );
        }
    }
}

#[test]
fn the_defenders_are_warned_before_a_third_repetition() {
    let g = two_players(Variant::Brandubh, None);
    play_all(&g, "b4-b3 d5-e5 b3-b4 e5-d5 b4-b3 d5-e5");
    assert!(!g.snapshot().repetition_warning, "attackers to move");
    play_all(&g, "b3-b4");
    let s = g.snapshot();
    // e5-d5 would bring the starting position a third time.
    assert!(s.repetition_warning);
    assert!(s.texts.repetition_warning.is_some());
    play_all(&g, "e5-e6");
    assert!(!g.snapshot().repetition_warning);
}

#[test]
fn an_encirclement_marks_the_ring_that_closed() {
    // The king and a guard shut in by six attackers with one gap at d6, which d7-d6 closes.
    let text = "[variant \"brandubh\"]\n[position \"/3t3/7/2tTt2/2tKt2/3t3/7/7/\"]\n[turn \"attackers\"]\nd7-d6\n";
    let review = import_game(text.into()).unwrap();
    assert_eq!(
        review.info().status,
        GameStatus::Won {
            winner: Side::Attackers,
            reason: WinReason::Encircled
        }
    );
    let end = review.frame(1, Language::English);
    assert_eq!(end.ending, Some(EndingKind::Ring));
    let mut ring: Vec<&str> = end
        .squares
        .iter()
        .filter(|q| q.ending)
        .map(|q| q.name.as_str())
        .collect();
    ring.sort();
    assert_eq!(ring, vec!["c4", "c5", "d3", "d6", "e4", "e5"]);
    assert!(
        end.squares
            .iter()
            .find(|q| q.name == "d6")
            .unwrap()
            .label
            .contains("part of the ending")
    );
    assert_eq!(review.frame(0, Language::English).ending, None);
}

#[test]
fn search_threads_suit_the_device() {
    assert_eq!(recommended_search_threads(1), 1);
    assert_eq!(recommended_search_threads(2), 1);
    assert_eq!(recommended_search_threads(6), 4);
    assert_eq!(recommended_search_threads(8), 4);
}

const ESCAPE_GAME: &str = "b4-b3 d5-b5 f4-f5 c4-c2 d6-d5 e4-e2xd2 d7-c7 e2-e5 d1-f1 b5-c5xd5 f5-f6 e5-e1xf1 g4-e4 d3-f3 a4-c4 d4-d1 b3-b1 d1-c1xb1 c4-b4 c1-a1";

fn brandubh_text(moves: &str) -> String {
    format!("[variant \"brandubh\"]\n{moves}\n")
}

#[test]
fn a_pasted_game_opens_for_review_and_round_trips() {
    let review = import_game(brandubh_text(ESCAPE_GAME)).unwrap();
    let info = review.info();
    assert_eq!(info.plies, 20);
    assert_eq!(info.mode, None);
    assert_eq!(
        info.status,
        GameStatus::Won {
            winner: Side::Defenders,
            reason: WinReason::KingEscaped
        }
    );
    let again = import_game(review.otn()).unwrap();
    assert_eq!(
        again.moves(Language::English),
        review.moves(Language::English)
    );
    // Frames: the start, a capture, the end with its result; past the end is the end.
    let start = review.frame(0, Language::English);
    assert_eq!(start.last_move, None);
    assert_eq!(start.position_text, "Starting position");
    let sixth = review.frame(6, Language::English);
    assert_eq!(sixth.last_move.unwrap().captured, vec![c("d2")]);
    assert_eq!(sixth.position_text, "Move 6 of 20");
    assert_eq!(
        sixth.last_move_text.as_deref(),
        Some("Defenders: e4-e2, takes d2")
    );
    let end = review.frame(99, Language::French);
    assert_eq!(end.ply, 20);
    assert_eq!(
        end.result_text.as_deref(),
        Some("Les défenseurs gagnent\u{202f}: le roi s'est échappé")
    );
    // Without a tag, the game whose rules replay it is found.
    assert_eq!(
        import_game(ESCAPE_GAME.to_string()).unwrap().info().variant,
        Variant::Brandubh
    );
}

#[test]
fn bad_pasted_text_names_the_first_bad_move_and_stores_nothing() {
    assert_eq!(import_game("  \n".into()).err(), Some(ImportError::Empty));
    let err = import_game(brandubh_text("b4-b3 d5-b5 f4-f9"))
        .err()
        .unwrap();
    assert_eq!(
        err,
        ImportError::BadMove {
            ply: 3,
            notation: "f4-f9".into(),
            problem: MoveProblem::BadSquare
        }
    );
    let err = import_game(brandubh_text("b4-b3 d5-b5 f4-f5 c4-c2 d6-d5 e4-e2")).map(|_| ());
    assert!(err.is_ok(), "a capture the text leaves out is filled in");
    let err = import_game(brandubh_text("b4-b3 d5-b5 b3-b6"))
        .err()
        .unwrap();
    assert_eq!(
        err,
        ImportError::BadMove {
            ply: 3,
            notation: "b3-b6".into(),
            problem: MoveProblem::Blocked
        }
    );
    let text = Texts::new(Language::English).import_error(err);
    assert_eq!(text, "Move 3 (b3-b6) cannot be played. The way is blocked.");
    let err = import_game(brandubh_text("b4-b3xc3")).err().unwrap();
    assert_eq!(
        err,
        ImportError::BadCaptures {
            ply: 1,
            notation: "b4-b3xc3".into()
        }
    );
    assert!(matches!(
        import_game("[variant \"chess\"]\ne2-e4".into()),
        Err(ImportError::BadRecord { .. })
    ));
}

/// Collects what the analysis reports.
struct Points(Mutex<Vec<(u32, f64)>>, AtomicU32);

impl AnalysisListener for Points {
    fn on_point(&self, ply: u32, defenders_chance: f64, analysed: u32, total: u32) {
        self.0.lock().unwrap().push((ply, defenders_chance));
        self.1.store(analysed, Ordering::SeqCst);
        assert!(analysed <= total);
    }
}

#[test]
fn an_analysis_ends_with_the_winner_and_is_kept_with_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let store = TaflStore::open(dir.path().join("a.db").display().to_string()).unwrap();
    let g = two_players(Variant::Brandubh, Some(store.clone()));
    play_all(&g, ESCAPE_GAME);
    g.conclude();
    let id = store.finished_games().unwrap()[0].id;
    let review = store.clone().review(id).unwrap();
    assert_eq!(review.analysis(), None);
    let points = Arc::new(Points(Mutex::new(Vec::new()), AtomicU32::new(0)));
    let result = review.analyse(points.clone(), CancelHandle::new());
    assert!(result.complete);
    assert_eq!(result.chances.len(), 21);
    assert_eq!(*result.chances.last().unwrap(), 1.0, "the king escaped");
    assert!(
        result.chances[19] > 0.8,
        "one move before: {}",
        result.chances[19]
    );
    let reported = points.0.lock().unwrap().clone();
    assert_eq!(reported.len(), 21);
    assert_eq!(
        reported.iter().map(|p| p.0).collect::<Vec<_>>(),
        (0..=20).collect::<Vec<_>>()
    );
    assert!(result.swings.len() <= 3);
    // Stored: a new review of the game opens with it.
    store.flush();
    let again = store.clone().review(id).unwrap();
    assert_eq!(again.analysis(), Some(result));
    assert!(store.finished_games().unwrap()[0].analysed);
}

/// The first 16 plies of a corpus game (number 57 of brandubh-games.csv, balanced there by
/// the engine's judgement), then a planted blunder: at ply 17 the attackers take b2 with
/// c1-b1, which opens the king's line from e1 to g1, and he escapes.
const PLANTED: &str = "d2-e2 c4-c2 d6-c6 d3-f3 e2-f2xf3 e4-e1 d1-c1 c2-b2 f2-e2 d4-d3 b4-b3 d3-e3xe2 f4-f2 e1-d1 f2-f3 e3-e1 c1-b1xb2 e1-g1";

#[test]
fn a_planted_blunder_is_among_the_biggest_swings() {
    let blunder_ply = 17;
    let review = import_game(brandubh_text(PLANTED)).unwrap();
    let result = review.analyse(
        Arc::new(Points(Mutex::new(Vec::new()), AtomicU32::new(0))),
        CancelHandle::new(),
    );
    let swings: Vec<u32> = result.swings.iter().map(|s| s.ply).collect();
    assert!(
        swings.contains(&blunder_ply),
        "{swings:?}: {:?}",
        result.chances
    );
    let blunder = result.swings.iter().find(|s| s.ply == blunder_ply).unwrap();
    assert_eq!(blunder.mover, Side::Attackers);
    assert!(blunder.after < 0.01, "{blunder:?}");
    assert!(blunder.before - blunder.after > 0.3, "{blunder:?}");
    let better = blunder
        .better
        .as_ref()
        .expect("the engine had a better move");
    assert_ne!(better.notation, blunder.notation);
    let words = Texts::new(Language::English).swing(blunder.clone());
    assert!(
        words.starts_with("Move 17, c1-b1xb2: the attackers dropped from"),
        "{words}"
    );
    assert!(
        words.contains(&format!("Better: {}", better.notation)),
        "{words}"
    );
}

#[test]
fn a_cancelled_analysis_stops_at_once_and_is_not_stored() {
    let review = import_game(brandubh_text(ESCAPE_GAME)).unwrap();
    let cancel = CancelHandle::new();
    cancel.cancel();
    let points = Arc::new(Points(Mutex::new(Vec::new()), AtomicU32::new(0)));
    let result = review.analyse(points.clone(), cancel);
    assert!(!result.complete);
    assert!(result.chances.is_empty());
    assert_eq!(review.analysis(), None);
}

#[test]
fn overlapping_computer_moves_keep_the_newest_cancellable() {
    // The first search is replaced by a second; when the first returns, the second must stay
    // in the game's search slot, so that a change to the game still stops it.
    let g = GameSession::new_game(
        Variant::Copenhagen,
        GameMode::VsComputer {
            level: Level::Hard,
            human: Side::Defenders,
        },
        true,
        None,
    )
    .unwrap();
    let (first, second) = (CancelHandle::new(), CancelHandle::new());
    let a = {
        let (g, h) = (g.clone(), first.clone());
        std::thread::spawn(move || g.computer_move(h, Some(60_000)))
    };
    while !g.snapshot().thinking {
        std::thread::yield_now();
    }
    let b = {
        let (g, h) = (g.clone(), second.clone());
        std::thread::spawn(move || g.computer_move(h, Some(60_000)))
    };
    // The second call cancels the first, which returns.
    assert_eq!(
        a.join().unwrap(),
        Ok(tafl_core::ffi::ComputerMove::Cancelled)
    );
    assert!(first.is_cancelled());
    assert!(
        g.snapshot().thinking,
        "the second search is still the game's"
    );
    // A change to the game stops the second search through its handle.
    g.resign().unwrap();
    assert!(second.is_cancelled());
    assert_eq!(
        b.join().unwrap(),
        Ok(tafl_core::ffi::ComputerMove::Cancelled)
    );
}

#[test]
fn closing_the_store_writes_what_was_queued() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("close.db").display().to_string();
    let store = TaflStore::open(path.clone()).unwrap();
    let g = two_players(Variant::Copenhagen, Some(store.clone()));
    g.play(c("d1"), c("d3")).unwrap();
    // No flush: dropping the last handle waits for the store's thread to write and close.
    drop(g);
    drop(store);
    let store = TaflStore::open(path).unwrap();
    assert_eq!(resume_game(store).unwrap().unwrap().snapshot().plies, 1);
}
