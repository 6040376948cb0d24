//! Every game of the family through the apps' one object: the start page lists it, the rules
//! page explains it, and a game of it starts, draws its board and is played by taps against the
//! computer, from Brandubh's 7 x 7 to Alea Evangelii's 19 x 19.

mod common;

use common::app::{config, game, page, quick_engine, settle};
use tafl_core::VariantKind;
use tafl_core::engine::position::Piece;
use tafl_core::engine::position::Position;
use tafl_core::screens::types::Coord;
use tafl_core::screens::{
    ChoiceGroup, Controller, DrawOp, Event, Frame, GameView, PageItem, PageView, ScreenKind,
};
use tafl_core::texts::Language;

fn app(language: Language) -> Controller {
    Controller::new(config(None, language, quick_engine(300)))
}

/// Sends an event and runs the work it starts (the computer's move) to the end.
fn send(app: &mut Controller, event: Event) -> Frame {
    app.handle(event);
    settle(app)
}

/// The group of choices whose ids start with `prefix`, and the item after it.
fn group<'a>(page: &'a PageView, prefix: &str) -> (&'a ChoiceGroup, Option<&'a PageItem>) {
    let at = page
        .items
        .iter()
        .position(
            |i| matches!(i, PageItem::Choices { group } if group.choices[0].id.starts_with(prefix)),
        )
        .unwrap_or_else(|| panic!("a group of {prefix} choices"));
    let PageItem::Choices { group } = &page.items[at] else {
        unreachable!()
    };
    (group, page.items.get(at + 1))
}

fn tag(prefix: &str, v: VariantKind) -> String {
    format!("{prefix}-{}", format!("{v:?}").to_uppercase())
}

/// The squares marked as targets of the selected piece: the target dots of the board's plan.
fn targets(frame: &Frame) -> Vec<Coord> {
    let g = game(frame);
    let (colour, radius) = (frame.look.board.target, frame.look.metrics.target_radius);
    g.board
        .plan
        .over
        .iter()
        .filter_map(|op| match op {
            DrawOp::FillCircle {
                centre,
                radius: r,
                colour: c,
            } if *c == colour && (*r - radius).abs() < 1e-6 => Some(*centre),
            _ => None,
        })
        .map(|centre| {
            g.board
                .squares
                .iter()
                .find(|n| {
                    (n.x + 0.5 - centre.x).abs() < 1e-4 && (n.y + 0.5 - centre.y).abs() < 1e-4
                })
                .expect("a dot on a square")
                .square
        })
        .collect()
}

fn plies(g: &GameView) -> usize {
    g.moves.rows.iter().map(|r| r.cells.len()).sum()
}

#[test]
fn events_and_traces_name_each_game_as_the_core_does() {
    for kind in VariantKind::ALL {
        let v = kind;
        assert_eq!(v, kind);
        assert_eq!(
            serde_json::to_value(v).unwrap(),
            serde_json::Value::from(kind.name())
        );
        let event: Event = serde_json::from_str(&format!(
            r#"{{"event": "choose-variant", "variant": "{}"}}"#,
            kind.name()
        ))
        .unwrap();
        assert_eq!(event, Event::ChooseVariant { variant: v });
    }
}

#[test]
fn the_start_page_offers_every_game_with_its_summary() {
    for language in Language::ALL {
        let mut app = app(language);
        let frame = settle(&mut app);
        let (games, _) = group(page(&frame), "variant-");
        let ids: Vec<String> = games.choices.iter().map(|c| c.id.clone()).collect();
        let expected: Vec<String> = VariantKind::ALL
            .iter()
            .map(|&k| tag("variant", k))
            .collect();
        assert_eq!(ids, expected, "{language:?}");
        // Two games share a name on two boards (Hnefatafl, the King's Table): the labels still
        // tell every game apart.
        let mut labels: Vec<&str> = games.choices.iter().map(|c| c.label.as_str()).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), VariantKind::ALL.len(), "{language:?}");

        let mut summaries = Vec::new();
        for kind in VariantKind::ALL {
            let frame = send(&mut app, Event::ChooseVariant { variant: kind });
            let (games, next) = group(page(&frame), "variant-");
            let chosen: Vec<&str> = games
                .choices
                .iter()
                .filter(|c| c.selected)
                .map(|c| c.id.as_str())
                .collect();
            assert_eq!(chosen, [tag("variant", kind)]);
            let Some(PageItem::Caption { text }) = next else {
                panic!("{kind:?}: the game's summary under the list, not {next:?}");
            };
            assert_eq!(text, language.catalog().variant_summary(kind));
            summaries.push(text.clone());
            // And the chosen game's starting position, small, to look at.
            let (board, small) = page(&frame)
                .items
                .iter()
                .find_map(|i| match i {
                    PageItem::Board { board, small } => Some((board, *small)),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("{kind:?}: a diagram in the picker"));
            assert!(small && !board.interactive, "{kind:?}");
            assert_eq!(board.plan.size, kind.rules().size(), "{kind:?}");
            let start = Position::start(kind);
            let on_board = start.pieces(tafl_core::Side::Attackers).count()
                + start.pieces(tafl_core::Side::Defenders).count();
            assert_eq!(board.plan.pieces.len(), on_board as usize, "{kind:?}");
        }
        summaries.sort();
        summaries.dedup();
        assert_eq!(summaries.len(), VariantKind::ALL.len(), "{language:?}");
    }
}

#[test]
fn the_rules_page_explains_every_game_and_tells_of_the_family() {
    let mut app = app(Language::English);
    settle(&mut app);
    let (about_title, about) = Language::English.catalog().about();
    let mut first_paragraphs = Vec::new();
    for kind in VariantKind::ALL {
        send(
            &mut app,
            Event::Open {
                screen: ScreenKind::Rules,
            },
        );
        let frame = send(&mut app, Event::ShowRules { variant: kind });
        let page = page(&frame);
        assert_eq!(page.kind, ScreenKind::Rules);
        let (games, _) = group(page, "rules-");
        assert_eq!(games.choices.len(), VariantKind::ALL.len());
        assert!(
            games
                .choices
                .iter()
                .any(|c| c.selected && c.id == tag("rules", kind))
        );
        let texts: Vec<String> = page
            .items
            .iter()
            .filter_map(|i| match i {
                PageItem::Paragraph { text } | PageItem::Heading { text } => Some(text.clone()),
                _ => None,
            })
            .collect();
        // The game's own rules first, then "About these games".
        let heading = texts
            .iter()
            .position(|t| t == about_title)
            .unwrap_or_else(|| panic!("{kind:?}: the family's history"));
        assert!(heading >= 4, "{kind:?}: the game's rules come first");
        assert_eq!(texts[heading + 1..], about[..], "{kind:?}");
        // The game's starting position, drawn to look at: the same pieces as the engine's.
        let diagram = page
            .items
            .iter()
            .find_map(|i| match i {
                PageItem::Board {
                    board,
                    small: false,
                } => Some(board),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{kind:?}: a diagram of the start"));
        assert!(
            !diagram.interactive,
            "{kind:?}: the diagram is not played on"
        );
        assert_eq!(diagram.plan.size, kind.rules().size(), "{kind:?}");
        let start = Position::start(kind);
        let g = &start.variant().geometry;
        let pieces: Vec<(u8, u8, Piece)> = diagram
            .plan
            .pieces
            .iter()
            .map(|p| (p.square.file, p.square.rank, p.piece))
            .collect();
        let mut expected = Vec::new();
        for rank in 0..g.size {
            for file in 0..g.size {
                if let Some(p) = g.square(file, rank).and_then(|sq| start.piece_at(sq)) {
                    expected.push((file, rank, p));
                }
            }
        }
        let mut sorted = pieces.clone();
        sorted.sort_by_key(|&(f, r, _)| (r, f));
        assert_eq!(sorted, expected, "{kind:?}: the diagram's pieces");
        let attackers = pieces.iter().filter(|p| p.2 == Piece::Attacker).count();
        assert!(
            diagram.label.contains(&attackers.to_string()),
            "{kind:?}: {}",
            diagram.label
        );
        // Numbers of the game's own data, never a placeholder left unfilled.
        let size = kind.rules().size().to_string();
        assert!(texts[0].contains(&size), "{kind:?}: {}", texts[0]);
        assert!(texts.iter().all(|t| !t.contains('{')), "{kind:?}");
        first_paragraphs.push(texts[0].clone());
        send(&mut app, Event::Back);
    }
    first_paragraphs.sort();
    first_paragraphs.dedup();
    assert_eq!(first_paragraphs.len(), VariantKind::ALL.len());
}

#[test]
fn every_game_is_played_by_taps_against_the_computer() {
    for kind in VariantKind::ALL {
        let mut app = app(Language::English);
        settle(&mut app);
        send(&mut app, Event::ChooseVariant { variant: kind });
        send(&mut app, Event::ChooseOpponent { vs_computer: true });
        send(
            &mut app,
            Event::ChooseSide {
                side: tafl_core::Side::Defenders,
            },
        );
        // The attackers (the computer) move first, so the game opens with their move made.
        let frame = send(&mut app, Event::NewGame);
        let g = game(&frame);
        let start = Position::start(kind);
        let size = start.variant().size();
        assert_eq!(g.board.plan.size, size, "{kind:?}");
        assert_eq!(g.board.squares.len(), usize::from(size).pow(2), "{kind:?}");
        assert_eq!(plies(g), 1, "{kind:?}: the computer's first move");
        let pieces = start.occupied().count() as usize;
        assert!(
            (pieces - 1..=pieces).contains(&g.board.plan.pieces.len()),
            "{kind:?}: {} pieces drawn",
            g.board.plan.pieces.len()
        );

        // A defender that can move (its targets show), then one of its targets, by the
        // squares' own activation.
        let ours: Vec<Coord> = g
            .board
            .plan
            .pieces
            .iter()
            .filter(|p| p.piece != Piece::Attacker)
            .map(|p| p.square)
            .collect();
        let (piece, targets) = ours
            .into_iter()
            .find_map(|square| {
                let frame = send(&mut app, Event::ActivateSquare { square });
                let targets = targets(&frame);
                (!targets.is_empty()).then_some((square, targets))
            })
            .unwrap_or_else(|| panic!("{kind:?}: a defender that can move"));
        assert!(!targets.contains(&piece));
        let target = targets[0];
        let frame = send(&mut app, Event::ActivateSquare { square: target });
        let g = game(&frame);
        assert_eq!(plies(g), 3, "{kind:?}: our move and the computer's answer");
        assert!(
            g.board
                .plan
                .pieces
                .iter()
                .all(|p| p.square.file < size && p.square.rank < size)
        );
    }
}
