//! Puzzles through the app object: the start page's buttons, a puzzle chosen near the
//! player's rating, a wrong move refused with its refutation and the rating moved once, the
//! puzzle then solved to its whole line, the rating kept across a restart, and the day's
//! puzzle.

mod common;

use common::app::{App, buttons, control, game, info};
use std::collections::HashSet;
use tafl_core::VariantKind;
use tafl_core::engine::notation::format_move;
use tafl_core::learning::puzzles::{self, Puzzle, Verdict, judge};
use tafl_core::learning::rating::Rating;
use tafl_core::screens::{Event, Frame, InfoKind, ScreenView};
use tafl_core::texts::Language;

fn name(p: &Puzzle, i: usize) -> String {
    format_move(
        &p.game.variant().geometry,
        p.solution[i],
        Default::default(),
    )
}

/// The puzzle the app offers a player with this rating and history (the app's seed is the
/// number of puzzles played).
fn expected(kind: VariantKind, rating: Rating, played: &HashSet<String>) -> &'static Puzzle {
    puzzles::choose(kind, rating.rating, played, played.len() as u64).expect("a puzzle")
}

/// The winner's main-line moves from ply `from` on, by taps.
fn solve_from(app: &App, p: &Puzzle, from: usize) -> Frame {
    let kind = p.game.variant().kind;
    let mut frame = app.settled();
    for i in (from..p.solution.len()).step_by(2) {
        frame = app.play(kind, &name(p, i));
        assert!(
            info(&frame, InfoKind::Wrong).is_empty(),
            "{}: {:?}",
            p.key(),
            game(&frame).info
        );
    }
    frame
}

fn rounded(x: f64) -> String {
    format!("{}", x.round() as i64)
}

#[test]
fn the_start_page_offers_puzzles_for_the_games_that_have_them() {
    let app = App::open(None, Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    let ids: Vec<String> = buttons(&app.settled()).into_iter().map(|b| b.id).collect();
    assert!(
        ids.contains(&"puzzles".into()) && ids.contains(&"dailyPuzzle".into()),
        "{ids:?}"
    );
    let frame = app.send(Event::ChooseVariant {
        variant: VariantKind::Fetlar,
    });
    assert!(!buttons(&frame).iter().any(|b| b.id.contains("uzzle")));
    // Asked for all the same, a game without puzzles opens nothing.
    let frame = app.send(Event::OpenPuzzle { daily: false });
    assert!(matches!(frame.screen, ScreenView::Page { .. }));
}

#[test]
fn a_wrong_move_is_refuted_the_rating_moves_once_and_the_puzzle_is_then_solved() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hnefi.db");
    let kind = VariantKind::Brandubh;
    let p = expected(kind, Rating::NEW, &HashSet::new());
    let app = App::open(Some(&db), Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    let frame = app.send(Event::OpenPuzzle { daily: false });
    assert_eq!(game(&frame).turn.text, "Puzzle · Brandubh");
    let prompt = info(&frame, InfoKind::Prompt);
    assert_eq!(prompt.len(), 1, "{:?}", game(&frame).info);
    assert!(prompt[0].starts_with("You play the "), "{prompt:?}");
    let grade = format!(
        "Puzzle rated {} · your rating 1500\u{a0}±\u{a0}350",
        p.rating
    );
    assert_eq!(info(&frame, InfoKind::Rating), vec![grade.clone()]);
    assert!(control(&frame, "undo").is_none() && control(&frame, "hint-button").is_none());

    // A legal move that does not win in time.
    let (wrong, refutation) = p
        .game
        .legal_moves()
        .iter()
        .find_map(|&m| match judge(&p.game, p.plies, m, 50_000_000) {
            Verdict::Wrong { refutation } => Some((m, refutation)),
            _ => None,
        })
        .expect("a losing try");
    let g = &p.game.variant().geometry;
    let wrong_text = format_move(g, wrong, Default::default());
    let before = game(&frame).board.plan.pieces.clone();
    let over_before = game(&frame).board.plan.over.len();
    let frame = app.play(kind, &wrong_text);
    let said = info(&frame, InfoKind::Wrong);
    assert_eq!(said.len(), 1, "{:?}", game(&frame).info);
    assert!(
        said[0].starts_with(&format!("{wrong_text} does not force the win")),
        "{said:?}"
    );
    assert_eq!(
        game(&frame).board.plan.pieces,
        before,
        "a refused move is not played"
    );
    // The refutation, when there is one, is named with what it comes to and drawn as an
    // arrow over the board.
    if let Some(r) = refutation {
        let reply = format_move(g, r.reply, Default::default());
        assert!(said[0].contains(&reply), "{said:?} names {reply}");
        assert!(
            game(&frame).board.plan.over.len() > over_before,
            "the refutation is drawn"
        );
        // And named as one for screen readers, not as a hint.
        let named = game(&frame)
            .board
            .squares
            .iter()
            .filter(|n| n.label.contains("the answer that refutes your move"))
            .count();
        assert_eq!(named, 2, "the refutation's two squares");
        assert!(
            game(&frame)
                .board
                .squares
                .iter()
                .all(|n| !n.label.contains("hinted"))
        );
    }
    let missed = Rating::NEW.after_puzzle(p.rating, false);
    let change = info(&frame, InfoKind::Rating);
    assert_eq!(change.len(), 2, "{change:?}");
    assert!(
        change[1].contains(&format!("from 1500 to {}", rounded(missed.rating))),
        "{change:?}"
    );
    let announced: Vec<String> = frame
        .effects
        .iter()
        .filter_map(|e| match e {
            tafl_core::screens::Effect::Announce { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(
        announced.iter().any(|a| a.contains("does not force")),
        "{announced:?}"
    );

    // Tried again, the wrong move changes the rating no more.
    let frame = app.play(kind, &wrong_text);
    assert!(info(&frame, InfoKind::Rating)[1].contains(&rounded(missed.rating)));

    let frame = solve_from(&app, p, 0);
    let ending = info(&frame, InfoKind::Ending);
    let line = puzzles::format_line(&p.game, &p.solution);
    assert_eq!(ending, vec![format!("Solved. The whole line: {line}")]);
    assert!(info(&frame, InfoKind::Prompt).is_empty());
    assert!(control(&frame, "nextPuzzle").is_some_and(|b| b.primary));
    // The board takes no more moves.
    assert!(game(&frame).board.squares.iter().all(|n| !n.actionable));
    app.close();

    // The rating and the puzzle played are kept: the next app offers another puzzle, graded
    // against the rating after the miss.
    let app = App::open(Some(&db), Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    let frame = app.send(Event::OpenPuzzle { daily: false });
    let played: HashSet<String> = [p.key()].into();
    let next = expected(kind, missed, &played);
    assert_ne!(next.key(), p.key());
    let grade = format!(
        "Puzzle rated {} · your rating {}\u{a0}±\u{a0}{}",
        next.rating,
        rounded(missed.rating),
        rounded(missed.deviation)
    );
    assert_eq!(info(&frame, InfoKind::Rating), vec![grade]);
}

#[test]
fn a_puzzle_solved_at_the_first_try_raises_the_rating_and_next_puzzle_follows() {
    let kind = VariantKind::Tablut;
    let p = expected(kind, Rating::NEW, &HashSet::new());
    let app = App::open(None, Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Tablut,
    });
    app.send(Event::OpenPuzzle { daily: false });
    let frame = solve_from(&app, p, 0);
    let won = Rating::NEW.after_puzzle(p.rating, true);
    let rating = info(&frame, InfoKind::Rating);
    assert_eq!(
        rating.last().unwrap(),
        &format!("Your rating goes from 1500 to {}.", rounded(won.rating))
    );
    assert!(won.rating > 1500.0);
    let frame = app.send(Event::NextPuzzle);
    let next = expected(kind, won, &[p.key()].into());
    assert_eq!(
        info(&frame, InfoKind::Rating),
        vec![format!(
            "Puzzle rated {} · your rating {}\u{a0}±\u{a0}{}",
            next.rating,
            rounded(won.rating),
            rounded(won.deviation)
        )]
    );
    // Back goes to the start page.
    let frame = app.send(Event::Back);
    assert!(matches!(frame.screen, ScreenView::Page { .. }));
}

#[test]
fn the_days_puzzle_played_again_leaves_the_rating_alone() {
    let day = (std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64)
        .div_euclid(86_400);
    let p = puzzles::daily(VariantKind::Brandubh, day).unwrap();
    let app = App::open(None, Language::English);
    app.send(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.send(Event::OpenPuzzle { daily: true });
    let frame = solve_from(&app, p, 0);
    let won = Rating::NEW.after_puzzle(p.rating, true);
    assert_eq!(
        info(&frame, InfoKind::Rating).last().unwrap(),
        &format!("Your rating goes from 1500 to {}.", rounded(won.rating))
    );
    app.send(Event::Back);
    let frame = app.send(Event::OpenPuzzle { daily: true });
    let again = info(&frame, InfoKind::Rating);
    assert_eq!(
        again,
        vec![
            format!(
                "Puzzle rated {} · your rating {}\u{a0}±\u{a0}{}",
                p.rating,
                rounded(won.rating),
                rounded(won.deviation)
            ),
            "Played before: this time your rating stays as it is.".to_string(),
        ]
    );
    let frame = solve_from(&app, p, 0);
    assert!(
        !info(&frame, InfoKind::Rating)
            .iter()
            .any(|l| l.contains("goes from")),
        "{:?}",
        game(&frame).info
    );
    app.send(Event::Back);
    let frame = app.send(Event::OpenPuzzle { daily: false });
    assert!(
        info(&frame, InfoKind::Rating)[0].contains(&format!("your rating {}", rounded(won.rating)))
    );
}

#[test]
fn the_daily_puzzle_is_the_days_and_says_so_in_three_languages() {
    let day = (std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64)
        .div_euclid(86_400);
    for (language, title) in [
        (Language::English, "Daily puzzle · Today"),
        (Language::French, "Problème du jour · Aujourd'hui"),
        (Language::German, "Aufgabe des Tages · Heute"),
    ] {
        let app = App::open(None, language);
        app.send(Event::ChooseVariant {
            variant: VariantKind::Copenhagen,
        });
        let frame = app.send(Event::OpenPuzzle { daily: true });
        assert_eq!(game(&frame).turn.text, title);
        let p = puzzles::daily(VariantKind::Copenhagen, day).unwrap();
        let on_board = game(&frame).board.plan.pieces.len();
        let in_puzzle: usize = p
            .game
            .position()
            .placement()
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .count();
        assert_eq!(on_board, in_puzzle, "the day's puzzle is on the board");
    }
}

#[test]
fn leaving_a_puzzle_stops_the_proof_of_the_move_it_was_judging() {
    use tafl_core::screens::Controller;
    use tafl_core::screens::work::Work;
    let mut app = Controller::new(common::app::config(
        None,
        Language::English,
        common::app::quick_engine(300),
    ));
    common::app::settle(&mut app);
    app.handle(Event::ChooseVariant {
        variant: VariantKind::Brandubh,
    });
    app.handle(Event::OpenPuzzle { daily: false });
    let frame = common::app::settle(&mut app);
    let p = expected(VariantKind::Brandubh, Rating::NEW, &HashSet::new());
    let wrong = p
        .game
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != p.first)
        .expect("a move off the puzzle's line");
    let text = format_move(&p.game.variant().geometry, wrong, Default::default());
    let (from, to) = common::app::move_coords(VariantKind::Brandubh, &text);
    app.handle(common::app::tap_on(&frame, from));
    let selected = app.frame();
    app.handle(common::app::tap_on(&selected, to));
    // The move is off the line the puzzle knows: the prover is asked, behind.
    let control = app
        .take_work()
        .into_iter()
        .find_map(|job| match job {
            Work::Judge { control, .. } => Some(control),
            _ => None,
        })
        .expect("the move goes to the prover");
    assert!(!control.is_cancelled());
    app.handle(Event::Back);
    assert!(
        control.is_cancelled(),
        "the proof stops once the puzzle is left"
    );
}

/// The days come from the clock the app is given, not from one it reads itself: on two fixed
/// days the day's puzzle is the one `puzzles::daily` names for that day.
#[test]
fn the_daily_puzzle_is_the_one_of_the_day_the_clock_gives() {
    use tafl_core::engine::position::Piece;
    use tafl_core::screens::Controller;
    const DAY: i64 = 20_500;
    fn one_day() -> i64 {
        DAY * 86_400 + 3_600
    }
    fn the_next() -> i64 {
        (DAY + 1) * 86_400 + 3_600
    }
    for (clock, day) in [(one_day as fn() -> i64, DAY), (the_next, DAY + 1)] {
        let mut app = Controller::with_clock(
            common::app::config(None, Language::English, common::app::quick_engine(300)),
            clock,
        );
        common::app::settle(&mut app);
        app.handle(Event::ChooseVariant {
            variant: VariantKind::Copenhagen,
        });
        app.handle(Event::OpenPuzzle { daily: true });
        let frame = common::app::settle(&mut app);
        let p = puzzles::daily(VariantKind::Copenhagen, day).unwrap();
        let position = p.game.position();
        let g = &position.variant().geometry;
        let mut expected: Vec<(u8, u8, Piece)> = Vec::new();
        for rank in 0..g.size {
            for file in 0..g.size {
                if let Some(piece) = g.square(file, rank).and_then(|sq| position.piece_at(sq)) {
                    expected.push((file, rank, piece));
                }
            }
        }
        let mut on_board: Vec<(u8, u8, Piece)> = game(&frame)
            .board
            .plan
            .pieces
            .iter()
            .map(|p| (p.square.file, p.square.rank, p.piece))
            .collect();
        on_board.sort_by_key(|&(f, r, _)| (r, f));
        assert_eq!(
            on_board, expected,
            "day {day}: the day's puzzle is on the board"
        );
    }
}
