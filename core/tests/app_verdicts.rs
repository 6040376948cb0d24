//! The review's move verdicts as the apps show them: each side's verdicts counted, every
//! inaccuracy, mistake and blunder in words with the better move and why (a button that opens
//! its position), the verdict of the position's move under the board, and the chart's marks
//! with their words for screen readers; in English, French and German.

mod common;

use common::app::{config, play_two_player_game, quick_engine, settle};
use tafl_core::engine::variant::VariantKind;
use tafl_core::screens::plan::DrawOp;
use tafl_core::screens::{Controller, Event, Frame, ReviewView, ScreenView};
use tafl_core::texts::Language;

/// A two-player Brandubh game in which each of the first three moves leaves a piece to be
/// taken, the third a way for the king too (the analysis calls them an inaccuracy, a mistake
/// and a blunder), reviewed and analysed to its end, in `language`.
fn analysed(language: Language) -> Controller {
    reviewed(
        language,
        &["b4-b1", "c4-c7", "a4-a3", "d4-a4", "d7-e7", "a4-a7"],
    )
}

/// A two-player Brandubh game of `moves` (resigned by the side to move if it goes on),
/// reviewed at its last move and analysed to its end.
fn reviewed(language: Language, moves: &[&str]) -> Controller {
    let mut app = Controller::new(config(None, language, quick_engine(2000)));
    settle(&mut app);
    play_two_player_game(&mut app, VariantKind::Brandubh, moves);
    for event in [Event::Resign, Event::Answer { yes: true }] {
        app.handle(event);
        settle(&mut app);
    }
    app.handle(Event::ReviewMove {
        ply: moves.len() as u32,
    });
    settle(&mut app);
    app
}

fn review(frame: &Frame) -> &ReviewView {
    match &frame.screen {
        ScreenView::Review { review } => review,
        other => panic!("the review, not {other:?}"),
    }
}

/// The chart's round dots (lines of no length): the analysis' lone points and the marks.
fn dots(review: &ReviewView) -> Vec<f32> {
    review
        .chart
        .plan
        .ops
        .iter()
        .filter_map(|op| match op {
            DrawOp::Polyline { points, width, .. }
                if points.len() == 2 && points[0] == points[1] =>
            {
                Some(*width)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_review_counts_names_and_marks_each_error() {
    let mut app = analysed(Language::English);
    let frame = app.frame();
    let r = review(&frame);
    assert_eq!(None, r.analysis.progress, "the analysis is complete");
    assert_eq!(
        r.summary,
        [
            "Attackers: 1 inaccuracy and 1 blunder",
            "Defenders: 2 best moves, 2 only moves and 1 mistake",
        ]
    );
    assert_eq!(r.errors_title, "Inaccuracies, mistakes and blunders");
    let labels: Vec<&str> = r.errors.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    assert_eq!(
        labels[0],
        "Move 1, b4-b1: Inaccuracy. Better: d2-e2. It left the piece on b1 to be taken."
    );
    assert!(
        labels[2].starts_with("Move 3, a4-a3: Blunder. Better: b1-b7xc7. "),
        "{}",
        labels[2]
    );
    assert!(
        labels[2].contains("it let the king reach a4, one move from escaping"),
        "{}",
        labels[2]
    );
    // Each error is marked on the chart by a dot, the worse the larger: the blunder's is the
    // largest, the mistake's next, the inaccuracy's the smallest.
    let mut marks: Vec<f32> = dots(r).into_iter().filter(|&w| w >= 7.0).collect();
    marks.sort_by(f32::total_cmp);
    assert_eq!(marks, [7.0, 10.0, 13.0]);

    // An error's button opens its position, which shows the verdict under the board and says
    // it in the chart's value.
    assert_eq!(r.errors[1].event, Event::ReviewGoTo { ply: 2 });
    app.handle(r.errors[1].event.clone());
    let frame = app.frame();
    let at = review(&frame);
    assert_eq!(at.verdict.as_deref(), Some(labels[1]));
    let value = at.chart.value.as_deref().unwrap_or_default();
    assert!(
        value.starts_with("After move 2: defenders ") && value.ends_with("%. Mistake"),
        "{value}"
    );
    // A good move has no line: d7-e7 is the engine's own move, but with the king one move
    // from escaping every move loses alike, so none stands out as the best.
    app.handle(Event::ReviewGoTo { ply: 5 });
    assert_eq!(review(&app.frame()).verdict, None);
    // An only move is named; the starting position has no move to judge.
    app.handle(Event::ReviewGoTo { ply: 4 });
    assert_eq!(
        review(&app.frame()).verdict.as_deref(),
        Some("Move 4, d4-a4: Only move.")
    );
    app.handle(Event::ReviewGoTo { ply: 0 });
    assert_eq!(review(&app.frame()).verdict, None);
}

#[test]
fn verdicts_are_said_in_french_and_german() {
    let mut french = analysed(Language::French);
    let frame = french.frame();
    let r = review(&frame);
    assert_eq!(
        r.summary,
        [
            "Attaquants\u{202f}: 1 imprécision et 1 gaffe",
            "Défenseurs\u{202f}: 2 meilleurs coups, 2 seuls coups et 1 erreur",
        ]
    );
    assert_eq!(r.errors_title, "Imprécisions, erreurs et gaffes");
    assert!(
        r.errors[0]
            .label
            .starts_with("Coup 1, b4-b1\u{202f}: Imprécision. Mieux\u{202f}: d2-e2."),
        "{}",
        r.errors[0].label
    );
    let mut german = analysed(Language::German);
    let frame = german.frame();
    let r = review(&frame);
    assert_eq!(
        r.summary,
        [
            "Angreifer: 1 Ungenauigkeit und 1 grober Fehler",
            "Verteidiger: 2 beste Züge, 2 einzige Züge und 1 Fehler",
        ]
    );
    assert!(
        r.errors[0]
            .label
            .starts_with("Zug 1, b4-b1: Ungenauigkeit. Besser: d2-e2."),
        "{}",
        r.errors[0].label
    );
}

/// A side that has none of the counted kinds (here the defenders, who resigned before their
/// first move) is said
/// in words, not as a row of zeros, in each language.
#[test]
fn a_side_with_nothing_counted_is_said_in_words() {
    for (language, none) in [
        (Language::English, "Defenders: no best moves and no errors"),
        (
            Language::French,
            "Défenseurs\u{202f}: aucun meilleur coup et aucune erreur",
        ),
        (
            Language::German,
            "Verteidiger: kein bester Zug und kein Fehler",
        ),
    ] {
        let mut app = reviewed(language, &["b4-b1"]);
        let frame = app.frame();
        let r = review(&frame);
        assert_eq!(r.summary.len(), 2, "{:?}", r.summary);
        assert!(!r.summary[0].contains('0'), "{:?}", r.summary);
        assert_eq!(r.summary[1], none);
    }
}

/// The best move is the engine's own where it stands out: after the defenders' c4-c7 the
/// attackers' b1-b7 takes the piece on c7, and every other move costs them more than the
/// analysis's margin. Named under the board and counted, in each language.
#[test]
fn a_move_that_stands_out_is_the_best() {
    for (language, summary, line) in [
        (
            Language::English,
            "Attackers: 1 best move and 1 inaccuracy",
            "Move 3, b1-b7xc7: Best move.",
        ),
        (
            Language::French,
            "Attaquants\u{202f}: 1 meilleur coup et 1 imprécision",
            "Coup 3, b1-b7xc7\u{202f}: Meilleur coup.",
        ),
        (
            Language::German,
            "Angreifer: 1 bester Zug und 1 Ungenauigkeit",
            "Zug 3, b1-b7xc7: Bester Zug.",
        ),
    ] {
        let mut app = reviewed(language, &["b4-b1", "c4-c7", "b1-b7"]);
        let frame = app.frame();
        let r = review(&frame);
        assert_eq!(r.summary[0], summary, "{:?}", r.summary);
        assert_eq!(r.verdict.as_deref(), Some(line));
        // The chart's value marks errors only: it names the point, not a best move.
        let value = r.chart.value.clone().unwrap_or_default();
        let word = line
            .rsplit(": ")
            .next()
            .unwrap_or(line)
            .trim_end_matches('.');
        assert!(!value.is_empty() && !value.contains(word), "{value}");
    }
}
