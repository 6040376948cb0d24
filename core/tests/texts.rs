//! The text tables: complete in every language, consistent placeholders, nothing left
//! untranslated, and the sentences the apps show built from the engine's own numbers.

use tafl_core::ai::verdicts::{Reason, Tally, Verdict};
use tafl_core::engine::explain::{self, CaptureKind};
use tafl_core::engine::game::{DrawReason, Outcome, WinReason};
use tafl_core::engine::mode::{Level, Mode};
use tafl_core::engine::notation::parse_move;
use tafl_core::engine::position::{Piece, Position, Side};
use tafl_core::engine::session::{Mover, Refusal, Turn};
use tafl_core::engine::variant::VariantKind;
use tafl_core::learning::puzzles::{Holds, Refutation, words};
use tafl_core::texts::{Catalog, Label, Language, SquareState, placeholders};

/// Texts that may read the same as in English: names, and words the languages share ("Menu"
/// in French, "Computer" in German). Formats made only of placeholders and punctuation are
/// recognised by themselves.
const MAY_MATCH_ENGLISH: &[&str] = &[
    "app.name",
    "action.menu",
    "variant.brandubh",
    "variant.tablut",
    "variant.fetlar",
    "variant.tawlbwrdd",
    "variant.ard_ri",
    "variant.hnefatafl_11",
    "variant.hnefatafl_13",
    "variant.alea_evangelii",
    "action.ok",
    "mover.computer",
    "history.vs_level",
    "piece.attacker",
    "piece.defender",
    "side.attackers.noun",
    "side.defenders.noun",
    "side.play_attackers",
    // Units French writes as English does ("5 min + 3 s").
    "clock.minutes_increment",
    "clock.minutes",
];

fn has_words(text: &str) -> bool {
    let mut rest = text.to_string();
    while let (Some(a), Some(b)) = (rest.find('{'), rest.find('}')) {
        if b < a {
            break;
        }
        rest.replace_range(a..=b, "");
    }
    rest.chars().filter(|c| c.is_alphabetic()).count() >= 2
}

#[test]
fn every_file_reads_without_a_bad_line() {
    for lang in Language::ALL {
        let (_, errors) = Catalog::parse(lang, lang.source());
        assert!(errors.is_empty(), "{}: {errors:?}", lang.code());
    }
}

/// A line may break at any plain space, and a phone's narrow column does break there: a number
/// must not be parted from its unit ("74 / %"), a board size from itself ("9 × / 9") or a
/// rating from its deviation ("1500 ± / 350").
#[test]
fn numbers_stay_with_their_units_and_sizes_in_one_piece() {
    for lang in Language::ALL {
        for (n, line) in lang.source().lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            for bad in [" %", " ×", "× ", " ±", "± "] {
                assert!(
                    !line.contains(bad),
                    "{} line {}: a plain space in {bad:?} lets the line break there; use a no-break space: {line}",
                    lang.code(),
                    n + 1
                );
            }
        }
    }
}

#[test]
fn every_language_has_every_key_with_the_same_placeholders() {
    let en = Language::English.catalog();
    for lang in [Language::French, Language::German] {
        let c = lang.catalog();
        let missing: Vec<_> = en.keys().filter(|k| c.get(k).is_none()).collect();
        let extra: Vec<_> = c.keys().filter(|k| en.get(k).is_none()).collect();
        assert!(missing.is_empty(), "{}: missing {missing:?}", lang.code());
        assert!(extra.is_empty(), "{}: unknown keys {extra:?}", lang.code());
        for key in en.keys() {
            let (a, b) = (en.text(key), c.text(key));
            assert_eq!(
                placeholders(a),
                placeholders(b),
                "{}: {key}: '{b}' against '{a}'",
                lang.code()
            );
            assert!(!b.trim().is_empty(), "{}: {key} is empty", lang.code());
        }
    }
}

#[test]
fn nothing_is_left_in_english() {
    let en = Language::English.catalog();
    for lang in [Language::French, Language::German] {
        let c = lang.catalog();
        let untranslated: Vec<&str> = en
            .keys()
            .filter(|k| !MAY_MATCH_ENGLISH.contains(k))
            .filter(|k| has_words(en.text(k)) && c.text(k) == en.text(k))
            .collect();
        assert!(
            untranslated.is_empty(),
            "{}: still in English: {untranslated:?}",
            lang.code()
        );
    }
}

#[test]
fn every_label_and_square_state_has_a_text() {
    for lang in Language::ALL {
        let c = lang.catalog();
        for &label in Label::ALL {
            assert!(c.get(label.key()).is_some(), "{}: {label:?}", lang.code());
        }
    }
}

#[test]
fn no_sentence_leaves_a_placeholder_unfilled() {
    // Every builder, in every language, with every value it can take.
    for lang in Language::ALL {
        let c = lang.catalog();
        let mut out: Vec<String> = Vec::new();
        let modes = [
            Mode::TwoPlayers,
            Mode::VsComputer {
                level: Level::Hard,
                human: Side::Defenders,
            },
        ];
        for kind in VariantKind::ALL {
            let v = kind.rules();
            out.push(c.board_size(v));
            out.extend(c.rules(v, true));
            out.extend(c.rules(v, false));
            for n in 0..4 {
                out.extend(c.open_lines(kind, n));
            }
        }
        for side in [Side::Attackers, Side::Defenders] {
            for mode in modes {
                for turn in [
                    Turn::SideToMove(side),
                    Turn::YourMove(side),
                    Turn::ComputerToMove(side),
                ] {
                    out.push(c.turn_bar(turn, mode, false, 160));
                    out.push(c.turn_bar(turn, mode, true, 160));
                }
                for reason in [
                    WinReason::KingEscaped,
                    WinReason::KingCaptured,
                    WinReason::ExitFort,
                    WinReason::Encircled,
                    WinReason::Repetition,
                    WinReason::NoMoves,
                    WinReason::Resignation,
                    WinReason::Time,
                ] {
                    let outcome = Outcome::Win {
                        winner: side,
                        reason,
                    };
                    out.push(c.turn_bar(Turn::Over(outcome), mode, false, 160));
                    out.push(c.short_result(mode, outcome).to_string());
                }
                out.push(c.resign_text(mode, side));
                out.push(c.opponent(mode));
            }
            out.push(c.refusal(Refusal::NotYourPiece(side), false));
            out.push(c.as_side(side));
            for level in Level::ALL {
                out.push(c.record_row(level, side));
            }
            out.push(c.mistake(12, "d1-d3", side, 0.8, 0.3));
            for n in [0, 1, 2] {
                let tally = Tally {
                    best: n,
                    only_moves: n,
                    inaccuracies: n,
                    mistakes: n,
                    blunders: n,
                };
                out.push(c.verdict_summary(side, &tally));
                out.push(c.verdict_summary_shown(side, &tally));
            }
            let g = &VariantKind::Copenhagen.rules().geometry;
            let one = g.square(3, 0).unwrap().bit();
            let two = one | g.square(4, 0).unwrap().bit();
            for reason in [
                WinReason::KingEscaped,
                WinReason::KingCaptured,
                WinReason::ExitFort,
                WinReason::Encircled,
                WinReason::Repetition,
                WinReason::NoMoves,
                WinReason::Resignation,
            ] {
                out.push(c.verdict_reason(g, side, &Reason::MissedWin(reason), "d1-d3"));
                out.push(c.verdict_reason(g, side, &Reason::AllowedWin(reason), "d1-d3"));
            }
            for squares in [one, two] {
                for reason in [
                    Reason::MissedCapture(squares),
                    Reason::LeftToBeTaken(squares),
                    Reason::OpenedEscape(squares),
                ] {
                    out.push(c.verdict_reason(g, side, &reason, "d1-d3"));
                }
            }
        }
        for verdict in [
            Verdict::OnlyMove,
            Verdict::Best,
            Verdict::Inaccuracy,
            Verdict::Mistake,
            Verdict::Blunder,
        ] {
            out.extend(c.verdict(verdict).map(str::to_string));
            out.push(c.verdict_line(9, "d1-f1", verdict, "e1-e2"));
        }
        let draw = Outcome::Draw {
            reason: DrawReason::MoveLimit,
        };
        out.push(c.result(draw, Mode::TwoPlayers, 160));
        for r in [
            Refusal::Empty,
            Refusal::Blocked,
            Refusal::ComputerToMove,
            Refusal::GameOver,
        ] {
            out.push(c.refusal(r, true));
            out.push(c.refusal(r, false));
        }
        for n in [0, 1, 2, 40] {
            out.push(c.draw_countdown(n));
            out.push(c.hints_used(n));
            out.push(c.game_length(n));
        }
        let g = &VariantKind::Brandubh.rules().geometry;
        let (mv, _) = parse_move(g, "d3-e3").unwrap();
        let (reply, _) = parse_move(g, "c1-b1").unwrap();
        for side in [Side::Attackers, Side::Defenders] {
            let mut holds = vec![
                Holds::WinsNext,
                Holds::Draws,
                Holds::NoWinWithin { plies: 1 },
                Holds::NoWinWithin { plies: 5 },
                Holds::LosesIn { plies: 1 },
                Holds::LosesIn { plies: 7 },
            ];
            holds.extend(
                [
                    WinReason::KingEscaped,
                    WinReason::KingCaptured,
                    WinReason::ExitFort,
                    WinReason::Encircled,
                    WinReason::NoMoves,
                ]
                .map(Holds::Wins),
            );
            for h in holds {
                let r = Refutation { reply, holds: h };
                out.push(words::refutation(c, g, r, side, 3));
                out.push(words::refutation(c, g, r, side, 1));
                out.push(words::wrong_move(c, g, mv, Some(r), side, 3));
            }
            out.push(words::wrong_move(c, g, mv, None, side, 3));
        }
        out.push(c.board_label(11));
        out.push(c.engine_version("1.2.3"));
        out.push(c.review_position(0, 80));
        out.push(c.review_position(12, 80));
        out.push(c.analysing(0.4));
        out.push(c.chart_point(3, 0.25));
        out.push(c.chart_point(0, 0.5));
        out.push(c.chance(0.61));
        out.push(c.better_move("e5-e8"));
        out.push(c.import_bad_record("no variant"));
        out.push(c.import_bad_captures(3, "d1-d3"));
        for day in [0, 20_788, 20_800] {
            out.push(c.date(day));
        }
        let g = &VariantKind::Copenhagen.rules().geometry;
        let sq = g.square(5, 5).unwrap();
        out.push(c.square_label(
            g,
            sq,
            Some(Piece::King),
            &[
                SquareState::Selected,
                SquareState::LastMove,
                SquareState::Threatened,
            ],
        ));
        for text in out {
            assert!(!text.is_empty(), "{}: an empty text", lang.code());
            assert!(
                !text.contains('{') && !text.contains('}'),
                "{}: unfilled placeholder in '{text}'",
                lang.code()
            );
        }
    }
}

#[test]
fn the_rules_state_the_numbers_of_the_variant_data() {
    let en = Language::English.catalog();
    let v = VariantKind::Brandubh.rules();
    let text = en.rules(v, true).join(" ");
    assert!(text.contains("7 by 7"), "{text}");
    assert!(text.contains("8 attackers"), "{text}");
    assert!(text.contains("4 defenders"), "{text}");
    assert!(text.contains(&format!("{} moves", v.draw_plies)), "{text}");
    let de = Language::German
        .catalog()
        .rules(VariantKind::Copenhagen.rules(), true)
        .join(" ");
    assert!(
        de.contains("11 mal 11") && de.contains("24 Angreifer") && de.contains("12 Verteidigern"),
        "{de}"
    );
    // Every paragraph once, the note on hints last.
    for lang in Language::ALL {
        for kind in VariantKind::ALL {
            let paragraphs = lang.catalog().rules(kind.rules(), true);
            let distinct: std::collections::BTreeSet<&String> = paragraphs.iter().collect();
            assert_eq!(distinct.len(), paragraphs.len(), "{kind:?} {}", lang.code());
            assert_eq!(
                paragraphs.last().map(String::as_str),
                Some(lang.catalog().label(tafl_core::texts::Label::RulesAppHints))
            );
        }
    }
    // Every game whose sources left something open says where we had to choose, last before
    // the hints; the three games of RULES.md follow it and have nothing to choose.
    for (lang, opening) in [
        (Language::English, "Where we had to choose: "),
        (Language::French, "Là où il a fallu choisir : "),
        (Language::German, "Wo wir wählen mussten: "),
    ] {
        for kind in VariantKind::ALL {
            let paragraphs = lang.catalog().rules(kind.rules(), true);
            let chose = paragraphs[paragraphs.len() - 2].starts_with(opening);
            let from_rules_md = matches!(
                kind,
                VariantKind::Copenhagen | VariantKind::Brandubh | VariantKind::Tablut
            );
            assert_eq!(chose, !from_rules_md, "{kind:?} {}", lang.code());
        }
    }
    // No rule's number is written into the files themselves.
    for lang in Language::ALL {
        for key in lang.catalog().keys().filter(|k| k.starts_with("rules.")) {
            let t = lang.catalog().text(key);
            for number in ["160", " 11 ", " 24 ", " 12 ", " 7 ", " 9 ", " 16 "] {
                assert!(
                    !t.contains(number),
                    "{}: {key} states {number}",
                    lang.code()
                );
            }
        }
    }
}

/// German puts a plural noun after "mit den" and "gehört den" in the dative: "mit den
/// Angreifern", never "mit den Angreifer".
#[test]
fn german_sides_take_the_dative_after_mit_den_and_gehoert_den() {
    let de = Language::German.catalog();
    assert_eq!(
        de.record_row(Level::Hard, Side::Attackers),
        "Schwer, mit den Angreifern"
    );
    assert_eq!(de.as_side(Side::Defenders), "mit den Verteidigern");
    assert_eq!(
        de.refusal(Refusal::NotYourPiece(Side::Attackers), false),
        "Diese Figur gehört den Angreifern."
    );
    // Every German sentence with "den" before a side's name has the dative.
    for side in [Side::Attackers, Side::Defenders] {
        let nominative = de.side_noun(side);
        for text in [
            de.record_row(Level::Easy, side),
            de.as_side(side),
            de.refusal(Refusal::NotYourPiece(side), false),
        ] {
            assert!(
                !text.contains(&format!("den {nominative} "))
                    && !text.ends_with(&format!("den {nominative}"))
                    && !text.contains(&format!("den {nominative}.")),
                "{text}"
            );
        }
    }
    // English and French keep their one plural.
    let en = Language::English.catalog();
    assert_eq!(en.as_side(Side::Attackers), "as the attackers");
    let fr = Language::French.catalog();
    assert_eq!(
        fr.record_row(Level::Easy, Side::Defenders),
        "Facile, avec les défenseurs"
    );
}

#[test]
fn turn_bars_and_results_read_as_in_the_apps() {
    let en = Language::English.catalog();
    let fr = Language::French.catalog();
    let vs = Mode::VsComputer {
        level: Level::Easy,
        human: Side::Defenders,
    };
    let escaped = Outcome::Win {
        winner: Side::Defenders,
        reason: WinReason::KingEscaped,
    };
    assert_eq!(
        en.turn_bar(
            Turn::SideToMove(Side::Attackers),
            Mode::TwoPlayers,
            false,
            160
        ),
        "Attackers to move"
    );
    assert_eq!(
        fr.turn_bar(
            Turn::SideToMove(Side::Attackers),
            Mode::TwoPlayers,
            false,
            160
        ),
        "Aux attaquants de jouer"
    );
    assert_eq!(
        en.turn_bar(Turn::Over(escaped), vs, false, 160),
        "You win: the king escaped"
    );
    assert_eq!(
        en.turn_bar(Turn::Over(escaped), Mode::TwoPlayers, false, 160),
        "The defenders win: the king escaped"
    );
    assert_eq!(
        en.turn_bar(Turn::ComputerToMove(Side::Attackers), vs, true, 160),
        "The computer is thinking…"
    );
}

#[test]
fn the_last_move_says_who_moved_and_what_it_took() {
    // Brandubh: attackers b4-b3... set up a capture against the corner: a defender on b1, an
    // attacker arriving on c1 takes it against a1.
    let v = VariantKind::Brandubh.rules();
    let pos =
        tafl_core::engine::notation::parse_position(v, "/7/7/7/3K3/7/7/1T1t3/", Side::Attackers)
            .unwrap();
    let (mv, _) = parse_move(&v.geometry, "d1-c1").unwrap();
    let caps = explain::captures(&pos, mv);
    assert_eq!(caps.len(), 1);
    assert_eq!(caps[0].kind, CaptureKind::AgainstCorner);
    let en = Language::English.catalog();
    let g = &v.geometry;
    assert_eq!(
        en.move_line(g, Mover::Computer, mv, &caps),
        "Computer: d1-c1, takes b1"
    );
    assert_eq!(en.capture(g, &caps[0]), "b1: taken against a corner.");
    assert_eq!(
        en.announce_move(g, Mover::You, Piece::Attacker, mv, &caps),
        "You: attacker from d1 to c1. Takes the piece on b1."
    );
    let de = Language::German.catalog();
    assert_eq!(
        de.move_line(g, Mover::Computer, mv, &caps),
        "Computer: d1-c1, schlägt b1"
    );
    let _ = Position::start(VariantKind::Brandubh);
}
