//! Fuzzing the library's text entry points: OTN positions, moves, squares, game records (read
//! and replayed) and the conformance lines of `tafl replay`. Each gets arbitrary strings and
//! valid texts broken by random edits; none may panic, and whatever parses must write back
//! to a text that parses to the same thing. See `mutate.rs` for the long run's command.

mod mutate;

use mutate::{fuzz, random_game, text_input};
use proptest::prelude::*;
use tafl_core::engine::notation::{
    GameRecord, format_move, format_position, parse_move, parse_position, parse_square, square_name,
};
use tafl_core::engine::otn_rules::{read_rules, variant_for, write_rules};
use tafl_core::engine::replay::replay_line;
use tafl_core::{Bits, Game, Position, RuleOptions, Side, VariantKind};

fn sides() -> [Side; 2] {
    [Side::Attackers, Side::Defenders]
}

#[test]
fn fuzz_positions() {
    let valid = random_game().prop_map(|g| format_position(g.position()));
    fuzz("parse_position", text_input(valid), |text| {
        for kind in VariantKind::ALL {
            for side in sides() {
                if let Ok(pos) = parse_position(kind.rules(), &text, side) {
                    let again = parse_position(kind.rules(), &format_position(&pos), side);
                    assert_eq!(again.as_ref(), Ok(&pos), "{text:?}");
                }
            }
        }
    });
}

#[test]
fn fuzz_moves() {
    // Legal moves with what they capture, as the game writes them.
    let valid = random_game().prop_map(|g| {
        let geometry = &g.variant().geometry;
        match g.last_move() {
            Some((mv, captured)) => format_move(geometry, mv, captured),
            None => "d1-d3".to_string(),
        }
    });
    fuzz("parse_move", text_input(valid), |text| {
        for kind in VariantKind::ALL {
            let g = &kind.rules().geometry;
            if let Ok((mv, captures)) = parse_move(g, &text) {
                let written = format_move(g, mv, captures.unwrap_or(Bits::EMPTY));
                let again = parse_move(g, &written).expect("a written move parses");
                assert_eq!(again, (mv, captures), "{text:?}");
            }
        }
    });
}

#[test]
fn fuzz_squares() {
    let valid = (0..121u8, 0..3usize).prop_map(|(i, v)| {
        let g = &VariantKind::ALL[v].rules().geometry;
        let sq = g.board.iter().nth(i as usize % g.board.count() as usize);
        sq.map(|sq| square_name(g, sq)).unwrap_or_default()
    });
    fuzz("parse_square", text_input(valid), |text| {
        for kind in VariantKind::ALL {
            let g = &kind.rules().geometry;
            if let Some(sq) = parse_square(g, &text) {
                assert!(g.contains(sq), "{text:?}");
                assert_eq!(parse_square(g, &square_name(g, sq)), Some(sq));
            }
        }
    });
}

#[test]
fn fuzz_game_records() {
    // Records of random games, some from a position other than the opening.
    let valid = (random_game(), random_game(), any::<bool>()).prop_map(|(game, setup, moved)| {
        let game = if moved {
            let mut from = Game::from_position(setup.position().clone(), RuleOptions::default());
            let moves = from.legal_moves();
            if let Some(&mv) = moves.first() {
                from.make(mv);
            }
            from
        } else {
            game
        };
        GameRecord::from_game(&game).to_text()
    });
    fuzz(
        "GameRecord::parse_text + replay",
        text_input(valid),
        |text| {
            if let Ok(record) = GameRecord::parse_text(&text) {
                if let Ok(game) = record.replay() {
                    // A record that replays writes back to one that replays to the same game.
                    let again = GameRecord::parse_text(&GameRecord::from_game(&game).to_text())
                        .expect("a written record parses")
                        .replay()
                        .expect("a written record replays");
                    assert_eq!(again.position(), game.position(), "{text:?}");
                    assert_eq!(again.status(), game.status(), "{text:?}");
                }
            }
        },
    );
}

#[test]
fn fuzz_replay_lines() {
    // Lines as in the conformance data and `tafl replay`: the game's moves, space separated.
    let valid = random_game().prop_map(|g| GameRecord::from_game(&g).moves.join(" "));
    fuzz("replay_line", text_input(valid), |text| {
        for kind in VariantKind::ALL {
            let start = Position::start(kind);
            if let Ok(replayed) = replay_line(&start, RuleOptions::default(), &text) {
                assert!(replayed.game.plies() <= text.split_whitespace().count());
            }
        }
    });
}

#[test]
fn fuzz_rules_strings() {
    // Every game's rules string, some with an entry of OpenTafl's added or changed.
    let entries = [
        "",
        "esc:e",
        "esc:c",
        "surf:n",
        "atkf:n",
        "tfr:w",
        "tfr:l",
        "tfr:i",
        "ka:n",
        "ka:h",
        "ks:w",
        "ks:m",
        "ks:c",
        "cor:",
        "cor:a1,b2,",
        "cen:",
        "cen:c3,",
        "cens:tTK",
        "cenp:K",
        "corh:",
        "cenh:tT",
        "cenhe:K",
        "sw:s",
        "sw:w",
        "efe:y",
        "xkg:y",
        "xdraw:0",
        "nj:n",
        "ber:c",
        "spd:-1",
        "starti:/7/7/7/3K3/7/7/7/",
    ];
    let valid = (
        0..VariantKind::ALL.len(),
        proptest::sample::select(entries.to_vec()),
    )
        .prop_map(move |(v, entry)| {
            let kind = VariantKind::ALL[v];
            let text = write_rules(kind, kind.data());
            // An added entry goes before the starting position, which comes last.
            match text.find(" start:") {
                Some(i) if !entry.is_empty() => format!("{} {entry}{}", &text[..i], &text[i..]),
                _ => text,
            }
        });
    fuzz("read_rules", text_input(valid), |text| {
        if let Ok(read) = read_rules(&text) {
            // Whatever reads writes back to a string that reads to the same rules.
            let again = read_rules(&write_rules(VariantKind::Copenhagen, &read.rules))
                .expect("a written rules string reads");
            assert_eq!(again.rules, read.rules, "{text:?}");
            // And names a game, or a typed error (too many rule sets, pieces on one square).
            let _ = variant_for(&read, None);
        }
    });
}
