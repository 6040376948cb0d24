//! The `tafl` commands for every game of the family: `tafl variants` lists them with their rules
//! strings, `tafl perft` counts in each, `tafl play` plays each to its end, and the games `tafl
//! match` plays export with their rules and import back identical.

mod common;

use common::cli::{stdout, tafl};

use tafl_core::ai::rng::Rng;
use tafl_core::engine::notation::{GameRecord, format_move};
use tafl_core::engine::otn_rules::{read_rules, variant_for};
use tafl_core::engine::perft::perft;
use tafl_core::{Game, VariantKind};

#[test]
fn variants_lists_every_game_with_its_rules_string() {
    let o = tafl(&["variants"], "");
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), VariantKind::ALL.len());
    for (line, kind) in lines.iter().zip(VariantKind::ALL) {
        let fields: Vec<&str> = line.split('\t').collect();
        let size = kind.data().size;
        assert_eq!(
            fields[..2],
            [kind.name(), &format!("{size}x{size}")],
            "{line}"
        );
        let read = read_rules(fields[2]).expect("a rules string");
        assert_eq!(variant_for(&read, None).expect("a game").kind, kind);
    }
    assert_eq!(tafl(&["variants", "x"], "").status.code(), Some(2));
}

#[test]
fn perft_runs_for_every_game() {
    for kind in VariantKind::ALL {
        let o = tafl(&["perft", "--variant", kind.name(), "--depth", "2"], "");
        assert!(o.status.success(), "{kind:?}");
        let expected = perft(&mut Game::new(kind), 2);
        assert!(
            stdout(&o).contains(&format!("perft(2) = {expected}")),
            "{kind:?}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn play_plays_every_game_to_its_end() {
    for kind in VariantKind::ALL {
        // A game of random moves to its end, typed in by two players.
        let mut game = Game::new(kind);
        let mut rng = Rng::new(11);
        let mut typed = String::new();
        while !game.status().is_over() {
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len())];
            typed.push_str(&format_move(
                &game.variant().geometry,
                mv,
                Default::default(),
            ));
            typed.push('\n');
            game.make(mv);
        }
        let o = tafl(&["play", "--no-db", "--variant", kind.name()], &typed);
        assert!(o.status.success(), "{kind:?}");
        let out = stdout(&o);
        let ending = match game.status().winner() {
            Some(tafl_core::Side::Attackers) => "The attackers win",
            Some(tafl_core::Side::Defenders) => "The defenders win",
            None => "Draw",
        };
        assert!(
            out.contains(ending),
            "{kind:?}: {}",
            &out[out.len().saturating_sub(400)..]
        );
    }
}

#[test]
fn games_of_tafl_match_export_with_their_rules_and_import_identical() {
    for kind in VariantKind::ALL {
        let o = tafl(
            &[
                "match",
                "--a",
                "normal",
                "--b",
                "normal",
                "--games",
                "1",
                "--variant",
                kind.name(),
                "--nodes",
                "200",
                "--otn",
            ],
            "",
        );
        assert!(o.status.success(), "{kind:?}");
        let out = stdout(&o);
        let text: String = out
            .lines()
            .skip_while(|l| !l.starts_with("[variant"))
            .take_while(|l| l.starts_with('[') || l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(text.contains("[rules \"dim:"), "{kind:?}: {out}");
        let record = GameRecord::parse_text(&text).expect("the record parses");
        assert_eq!(record.variant, kind);
        assert_eq!(record.to_text(), text, "{kind:?}: written back identical");
        let game = record.replay().expect("the record replays");
        assert!(
            out.contains(&format!(": {} after {} plies", game.status(), game.plies())),
            "{kind:?}: {out}"
        );
    }
}
