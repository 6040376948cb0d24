//! Two analyses of one game that overlap. "Analyse" pressed while an analysis runs stops it and
//! pressed again starts another, but the first one's thread may still be running, and its
//! points and its result then arrive while the second runs. The scenario
//! `analyse-pressed-again-runs-again` cannot show that: both shells and the core replay it one
//! settled step at a time, so its two analyses never overlap. Here the work is run by hand and
//! the first analysis' results are handed in the middle of the second's.
//! And a review left for another screen: its analysis stops with it.

mod common;

use common::app::{config, play_two_player_game, quick_engine, settle};
use tafl_core::engine::variant::VariantKind;
use tafl_core::screens::work::{Done, perform};
use tafl_core::screens::{Controller, Event, Frame, ReviewView, ScreenKind, ScreenView};
use tafl_core::texts::Language;

/// The Brandubh game in which the king escapes to a7, opened for review at its end; the
/// analysis that the review starts by itself is returned as work not yet run.
fn reviewed() -> (Controller, Vec<Done>) {
    let mut app = Controller::new(config(None, Language::English, quick_engine(2000)));
    settle(&mut app);
    play_two_player_game(
        &mut app,
        VariantKind::Brandubh,
        &["b4-b1", "c4-c7", "a4-a3", "d4-a4", "d7-e7", "a4-a7"],
    );
    app.handle(Event::ReviewMove { ply: 6 });
    let analysis = run(&mut app);
    (app, analysis)
}

/// Takes the work the controller asked for and runs it to the end, keeping what came of it
/// instead of handing it back: results still on their way.
fn run(app: &mut Controller) -> Vec<Done> {
    let jobs = app.take_work();
    assert_eq!(1, jobs.len(), "one analysis");
    app.started(jobs.len());
    let mut out = Vec::new();
    for job in jobs {
        perform(job, &mut |done| out.push(done));
    }
    assert!(out.len() > 2, "an analysis gives points, then its result");
    out
}

fn review(frame: &Frame) -> &ReviewView {
    match &frame.screen {
        ScreenView::Review { review } => review,
        other => panic!("the review, not {other:?}"),
    }
}

#[test]
fn an_analysis_stopped_while_its_thread_runs_on_changes_nothing_of_the_next() {
    // The same review, analysed once and undisturbed: what the screen must show at each point.
    let (mut clean, clean_results) = reviewed();
    let mut clean_results = clean_results.into_iter();
    clean.finish(clean_results.next().expect("a first point"));
    let after_one_point = review(&clean.frame()).clone();
    for done in clean_results {
        clean.finish(done);
    }
    let analysed = review(&clean.frame()).clone();
    assert_eq!(None, analysed.analysis.progress, "the analysis is complete");

    // Now the first analysis runs to its end on its thread, but before its results arrive the
    // player stops it and starts another.
    let (mut app, first) = reviewed();
    app.handle(Event::Analyse);
    app.handle(Event::Analyse);
    let second = run(&mut app);
    let mut second = second.into_iter();
    app.finish(second.next().expect("a first point"));
    // Every result of the first, its final one among them, arrives now, in the middle of the
    // second: none of them counts.
    for done in first {
        app.finish(done);
    }
    assert_eq!(
        after_one_point,
        review(&app.frame()).clone(),
        "the first analysis' points and result are dropped"
    );
    assert!(app.frame().busy, "the second analysis still runs");
    for done in second {
        app.finish(done);
    }
    let frame = app.frame();
    assert_eq!(analysed, review(&frame).clone());
    assert!(!frame.busy);
}

#[test]
fn a_review_left_for_another_screen_stops_its_analysis() {
    // An analysis started anew on the review, its work run once the review is still on screen
    // (it gives a point for every position) or once it was left for the settings (it was
    // stopped: no point comes of it, nothing runs on behind a screen that is gone).
    let points_after = |leave: bool| {
        let (mut app, _) = reviewed();
        app.handle(Event::Analyse); // stops the analysis under way
        app.handle(Event::Analyse); // and starts one anew
        let jobs = app.take_work();
        assert_eq!(1, jobs.len(), "one analysis");
        if leave {
            app.handle(Event::Open {
                screen: ScreenKind::Settings,
            });
            assert!(matches!(app.frame().screen, ScreenView::Page { .. }));
        }
        let mut results = Vec::new();
        for job in jobs {
            perform(job, &mut |done| results.push(done));
        }
        results
            .iter()
            .filter(|d| matches!(d, Done::AnalysisPoint { .. }))
            .count()
    };
    assert!(
        points_after(false) > 1,
        "the review's own analysis gives points"
    );
    assert_eq!(
        0,
        points_after(true),
        "the analysis ran on after the review was left"
    );
}
