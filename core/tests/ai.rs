//! The computer opponent: tactics it must find, rules it must respect, and its controls.

mod common;

use std::time::Duration;

use common::{parse, play, setup};
use tafl_core::ai::rng::Rng;
use tafl_core::ai::{self, Control, DEFAULT_TABLE_BYTES, Engine, MATE_BOUND, SearchSettings};
use tafl_core::{Game, Level, Side, Status, VariantKind, WinReason};

const C: VariantKind = VariantKind::Copenhagen;

fn settings(level: Level) -> SearchSettings {
    // Generous time, bounded depth: results do not depend on the machine's speed.
    let mut s = SearchSettings::for_level(level).with_time(Duration::from_secs(20));
    if level == Level::Hard {
        s.max_depth = 5;
    }
    s
}

fn best(game: &Game, level: Level) -> tafl_core::Move {
    Engine::new(1 << 20)
        .think(game, &settings(level), &Control::new())
        .best
        .expect("a move")
}

#[test]
fn every_level_takes_a_king_escape_in_one() {
    // The king on a5 has a free run down the a-file to the corner a1.
    let game = setup(C, "e5 k9 j9", "h8", "a5", Side::Defenders);
    for level in Level::ALL {
        assert_eq!(best(&game, level), parse(&game, "a5-a1"), "{level}");
    }
}

#[test]
fn every_level_captures_the_king_when_it_can() {
    let game = setup(C, "c4 e4 d5 d2 k9", "j2", "d4", Side::Attackers);
    for level in Level::ALL {
        let mut g = game.clone();
        g.play(best(&game, level)).unwrap();
        assert_eq!(
            g.status(),
            Status::Over(tafl_core::Outcome::Win {
                winner: Side::Attackers,
                reason: WinReason::KingCaptured
            }),
            "{level}"
        );
    }
}

#[test]
fn hard_and_normal_find_a_forced_escape_in_two() {
    // King on f3 with rank 1 empty: f3-f1 opens both a1 and k1, and one move blocks only one.
    let game = setup(C, "c5 h5 k9 j9", "d9", "f3", Side::Defenders);
    for level in [Level::Normal, Level::Hard] {
        let result = Engine::new(1 << 20).think(&game, &settings(level), &Control::new());
        assert_eq!(result.best, Some(parse(&game, "f3-f1")), "{level}");
        assert!(
            result.score >= MATE_BOUND,
            "{level}: a forced win, got {}",
            result.score
        );
    }
}

#[test]
fn hard_blocks_a_double_threat_before_it_happens() {
    // Attackers to move; the king on f3 threatens f3-f1 with both corners open. After the
    // attackers' answer, f3-f1 must no longer win at once.
    let game = setup(C, "c5 h5 k9 j9 b2", "d9", "f3", Side::Attackers);
    let mv = best(&game, Level::Hard);
    let mut g = game.clone();
    g.play(mv).unwrap();
    let escape = parse(&g, "f3-f1");
    assert!(
        g.check(escape).is_err() || {
            g.play(escape).unwrap();
            g.status() == Status::Ongoing
        },
        "the attackers stopped the fork with {mv:?}"
    );
}

#[test]
fn search_never_returns_an_illegal_move() {
    for (i, kind) in VariantKind::ALL.into_iter().enumerate() {
        let mut rng = Rng::new(11 + i as u64);
        for _ in 0..6 {
            let mut game = Game::new(kind);
            let plies = rng.below(40);
            for _ in 0..plies {
                if game.status().is_over() {
                    break;
                }
                let moves = game.legal_moves();
                game.make(moves[rng.below(moves.len())]);
            }
            if game.status().is_over() {
                continue;
            }
            for level in Level::ALL {
                let mut s = settings(level);
                s.max_depth = s.max_depth.min(3);
                let mv = Engine::new(1 << 20)
                    .think(&game, &s, &Control::new())
                    .best
                    .unwrap();
                assert_eq!(game.check(mv), Ok(()), "{kind:?} {level}");
            }
        }
    }
}

#[test]
fn every_level_plays_both_sides_of_every_game() {
    for kind in VariantKind::ALL {
        for level in Level::ALL {
            let mut game = Game::new(kind);
            let mut s = settings(level);
            s.max_depth = s.max_depth.min(3);
            for _ in 0..4 {
                let mv = Engine::new(1 << 20)
                    .think(&game, &s, &Control::new())
                    .best
                    .unwrap();
                game.play(mv).unwrap();
            }
            assert_eq!(game.plies(), 4);
        }
    }
}

#[test]
fn searches_are_deterministic_for_a_seed() {
    let game = Game::new(C);
    for level in Level::ALL {
        let s = settings(level).with_seed(42);
        let a = Engine::new(1 << 20).think(&game, &s, &Control::new());
        let b = Engine::new(1 << 20).think(&game, &s, &Control::new());
        assert_eq!(a.best, b.best, "{level}");
        assert_eq!(a.nodes, b.nodes, "{level}");
    }
    // The easy level varies with the seed (over a few seeds, more than one move comes up).
    let moves: std::collections::HashSet<_> = (0..12)
        .map(|seed| {
            Engine::new(1 << 20)
                .think(
                    &game,
                    &settings(Level::Easy).with_seed(seed),
                    &Control::new(),
                )
                .best
        })
        .collect();
    assert!(moves.len() > 1);
}

#[test]
fn hard_never_walks_the_defenders_into_a_third_repetition() {
    // The shuffle a4-b4 / b9-c9 / b4-a4 / c9-b9 twice: the defenders' c9-b9 would now make
    // the starting position occur a third time, which loses for them.
    let mut game = setup(C, "a4 k9 h2", "b9", "f6", Side::Attackers);
    for m in [
        "a4-b4", "b9-c9", "b4-a4", "c9-b9", "a4-b4", "b9-c9", "b4-a4",
    ] {
        play(&mut game, m);
    }
    let losing = parse(&game, "c9-b9");
    let mut g = game.clone();
    g.play(losing).unwrap();
    assert_eq!(
        g.status().winner(),
        Some(Side::Attackers),
        "the trap is real"
    );
    for level in [Level::Normal, Level::Hard] {
        assert_ne!(best(&game, level), losing, "{level}");
    }
}

/// The search reads the cancel flag every 512 nodes; a cancelled search stops within that many
/// more nodes (plus the unwinding of the current line), here rounded up to 1,024.
const CANCEL_SLACK: u64 = 1024;

/// Hard settings whose only limits are `max_nodes` and an hour: the node count is the clock.
fn node_limited(max_nodes: u64) -> SearchSettings {
    let mut s = SearchSettings::for_level(Level::Hard).with_time(Duration::from_secs(3600));
    s.max_nodes = max_nodes;
    s.table_bytes = 1 << 20;
    s
}

#[test]
fn a_search_cancelled_before_it_starts_visits_almost_nothing() {
    let game = Game::new(C);
    let control = Control::new();
    control.cancel();
    let result = Engine::new(1 << 20).think(&game, &node_limited(100_000), &control);
    assert!(result.cancelled);
    assert_eq!(result.best, None);
    assert!(result.nodes <= CANCEL_SLACK, "{} nodes", result.nodes);
}

#[test]
fn a_cancel_from_another_thread_stops_the_search_within_a_few_hundred_nodes() {
    use std::sync::mpsc;
    const LIMIT: u64 = 300_000;
    let game = Game::new(C);
    let settings = node_limited(LIMIT);
    // Uncancelled, the same search runs to its node limit.
    let full = Engine::new(1 << 20).think(&game, &settings, &Control::new());
    assert!(
        !full.cancelled && full.nodes >= LIMIT,
        "{} nodes",
        full.nodes
    );

    // The search pauses after its second iteration until another thread has cancelled it, so
    // the point of cancellation is the same on any machine.
    let control = Control::new();
    let (reached, told) = mpsc::channel::<u64>();
    let (cancelled, resume) = mpsc::channel::<()>();
    let worker = {
        let (game, settings, control) = (game.clone(), settings.clone(), control.clone());
        std::thread::spawn(move || {
            let mut engine = Engine::new(1 << 20);
            engine.think_with_progress(&game, &settings, &control, &mut |it| {
                if it.depth == 2 {
                    reached.send(it.nodes).expect("the test thread listens");
                    resume.recv().expect("the test thread answers");
                }
            })
        })
    };
    let nodes_at_cancel = told.recv().expect("the search reaches depth 2");
    control.cancel();
    cancelled.send(()).expect("the search waits");
    let result = worker.join().expect("the search thread ends");
    assert!(result.cancelled);
    assert_eq!(result.best, None);
    assert!(
        result.nodes <= nodes_at_cancel + CANCEL_SLACK,
        "cancelled at {nodes_at_cancel} nodes, stopped at {}",
        result.nodes
    );
    assert!(result.nodes < full.nodes / 10);
}

#[test]
fn a_spawned_search_can_be_cancelled() {
    let control = Control::new();
    control.cancel();
    let handle = ai::spawn(Game::new(C), node_limited(100_000), control);
    let result = handle.join().expect("the search thread ends");
    assert!(result.cancelled && result.best.is_none());
    assert!(result.nodes <= CANCEL_SLACK, "{} nodes", result.nodes);
}

#[test]
fn a_search_with_a_time_budget_returns_a_move() {
    // A loaded middlegame position; the overrun is measured by the benchmark.
    let mut game = Game::new(C);
    let mut rng = Rng::new(5);
    for _ in 0..30 {
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
    }
    let s = SearchSettings::for_level(Level::Hard).with_time(Duration::from_millis(300));
    let result = Engine::default().think(&game, &s, &Control::new());
    assert!(result.best.is_some() && !result.cancelled);
}

#[test]
fn the_table_stays_within_its_memory_budget() {
    assert!(Engine::default().table_bytes() <= DEFAULT_TABLE_BYTES);
    assert!(Engine::new(1 << 20).table_bytes() <= 1 << 20);
    assert!(Engine::new(5_000_000).table_bytes() <= 5_000_000);
}

#[test]
fn a_forced_result_stops_the_search_early() {
    let game = setup(C, "e5 k9 j9", "h8", "a5", Side::Defenders);
    let s = SearchSettings::for_level(Level::Hard).with_time(Duration::from_secs(30));
    let result = Engine::new(1 << 20).think(&game, &s, &Control::new());
    assert!(result.score >= MATE_BOUND);
    assert!(result.depth <= 2, "stopped at depth {}", result.depth);
}

#[test]
fn two_threads_find_the_forced_escape_too() {
    let game = setup(C, "c5 h5 k9 j9", "d9", "f3", Side::Defenders);
    let s = settings(Level::Hard).with_threads(2);
    let result = Engine::new(1 << 20).think(&game, &s, &Control::new());
    assert_eq!(result.best, Some(parse(&game, "f3-f1")));
    assert!(result.score >= MATE_BOUND, "{}", result.score);
}

#[test]
fn every_thread_keeps_the_node_budget() {
    let s = SearchSettings::for_level(Level::Hard)
        .with_time(Duration::from_secs(60))
        .with_nodes(60_000)
        .with_threads(3);
    let result = Engine::new(1 << 20).think(&Game::new(C), &s, &Control::new());
    assert!(result.best.is_some() && !result.cancelled);
    // Each thread notices the spent budget at its next check, every 512 nodes.
    assert!(
        (60_000..60_000 + 3 * 1024).contains(&result.nodes),
        "{}",
        result.nodes
    );
}

#[test]
fn a_search_on_several_threads_stops_when_cancelled() {
    let control = Control::new();
    let settings = SearchSettings::for_level(Level::Hard)
        .with_time(Duration::from_secs(60))
        .with_threads(2);
    let handle = ai::spawn(Game::new(C), settings, control.clone());
    std::thread::sleep(Duration::from_millis(50));
    control.cancel();
    let result = handle.join().expect("the search thread ends");
    assert!(result.cancelled);
    assert_eq!(result.best, None);
}

#[test]
fn one_engine_thinks_about_many_positions_as_a_new_one_would() {
    // The table is reused, never its contents: each answer is the one a fresh engine gives.
    let mut rng = Rng::new(3);
    let mut game = Game::new(C);
    let mut engine = Engine::new(1 << 20);
    let s = settings(Level::Hard).with_depth(4);
    for _ in 0..6 {
        let reused = engine.think(&game, &s, &Control::new());
        let fresh = Engine::new(1 << 20).think(&game, &s, &Control::new());
        assert_eq!(
            (reused.best, reused.score, reused.nodes),
            (fresh.best, fresh.score, fresh.nodes)
        );
        let moves = game.legal_moves();
        game.make(moves[rng.below(moves.len())]);
    }
}

#[test]
fn only_hard_knows_a_games_level() {
    // 13x13 ships a level (its defenders do better than the terms say); hard plays with it,
    // easy and normal with the same weights less the level.
    let k = VariantKind::Hnefatafl13;
    let shipped = ai::weights::shipped().get(k);
    assert!(shipped.level > 0, "{shipped:?}");
    let without_level = ai::Weights {
        level: 0,
        ..shipped.clone()
    };
    assert_eq!(
        &SearchSettings::for_level(Level::Hard).weights_for(k),
        shipped
    );
    for level in [Level::Easy, Level::Normal] {
        assert_eq!(
            SearchSettings::for_level(level).weights_for(k),
            without_level
        );
    }
}

/// The review's settings: a node budget, the played move judged beside the best.
fn judging(played: tafl_core::Move) -> SearchSettings {
    node_limited(50_000).judging(ai::Judge {
        played,
        stands_out_per_mille: 50,
        only_loss_per_mille: 200,
    })
}

#[test]
fn the_played_move_is_scored_beside_the_best_in_the_same_search() {
    // Attackers to move, well ahead (every corner guarded); the king on a5, boxed in by b5 and
    // a8, runs down the a-file to the corner a1 unless e3-a3 shuts it.
    let game = setup(
        C,
        "a8 b5 e3 a10 b11 j11 k10 j1 k2 b1",
        "",
        "a5",
        Side::Attackers,
    );
    let block = parse(&game, "e3-a3");
    let idle = parse(&game, "k10-k9");
    let mut engine = Engine::new(1 << 20);

    let result = engine.think(&game, &judging(idle), &Control::new());
    assert_eq!(result.best, Some(block));
    let j = result.judgement.expect("the idle move judged");
    assert_eq!(
        (j.best, j.score),
        (block, result.score),
        "the same iteration"
    );
    assert!(
        j.played <= -MATE_BOUND,
        "k10-k9 lets the king escape: {}",
        j.played
    );
    assert!(!j.only && !j.stands_out, "the played move is not the best");

    // The block judged: it is the best, every other move loses at once, so it is the only move.
    let result = engine.think(&game, &judging(block), &Control::new());
    let j = result.judgement.expect("the block judged");
    assert_eq!((j.best, j.played), (block, result.score));
    assert!(
        j.only && j.stands_out,
        "every other move lets the king out: {j:?} {:?}",
        result.earlier
    );
    // A search that judges nothing answers nothing.
    let plain = engine.think(&game, &node_limited(50_000), &Control::new());
    assert_eq!(plain.judgement, None);
    assert_eq!(plain.best, Some(block));
}

#[test]
fn a_move_among_many_as_good_is_not_the_only_move() {
    let game = Game::new(VariantKind::Brandubh);
    let mut engine = Engine::new(1 << 20);
    let best = engine
        .think(&game, &node_limited(50_000), &Control::new())
        .best
        .expect("a move");
    let result = engine.think(&game, &judging(best), &Control::new());
    let j = result.judgement.expect("judged");
    // (The judged move's full window changes the tree, so the choice may change too.)
    assert!(j.played <= j.score);
    if j.best == best {
        assert_eq!(j.played, j.score);
    }
    assert!(!j.only, "the opening has many good moves");
    assert!(
        !j.stands_out,
        "the opening's moves come in mirror images, as good as each other"
    );
    // The iteration before is kept, for the analysis to smooth odd and even depths.
    let earlier = result.earlier.expect("more than one iteration");
    assert!(earlier.score.abs() < MATE_BOUND);
    // The same search twice: the same judgement (a node budget on one thread repeats).
    let again = Engine::new(1 << 20).think(&game, &judging(best), &Control::new());
    assert_eq!(
        (again.judgement, again.earlier),
        (result.judgement, result.earlier)
    );
}
