//! From the core's state to what the apps draw: moves, squares and the game's snapshot, with
//! every sentence in the language the app asked for.

use crate::engine::bits::{Bits, Square};
use crate::engine::explain;
use crate::engine::game::{Game, Outcome, Status, WinReason};
use crate::engine::mode::Mode;
use crate::engine::movegen::Move;
use crate::engine::notation::{format_move, square_name};
use crate::engine::position::{Piece, Position};
use crate::engine::rules;
use crate::engine::session::Session;
use crate::engine::threats;
use crate::engine::variant::Geometry;
use crate::texts::{Catalog, Language, SquareState};

use super::types::{CaptureView, Coord, EndingKind, GameSnapshot, GameTexts, MoveView, SquareView};

/// How near the move-limit draw the counter appears, in plies.
pub const DRAW_COUNTDOWN_FROM: u16 = 40;

/// A move about to be played (or just played) from `before`, with how it captures.
pub(crate) fn move_view(before: &Position, mode: Mode, mv: Move, texts: &Catalog) -> MoveView {
    move_view_with(before, mode, mv, &explain::captures(before, mv), texts)
}

fn move_view_with(
    before: &Position,
    mode: Mode,
    mv: Move,
    captures: &[explain::Capture],
    texts: &Catalog,
) -> MoveView {
    let g = &before.variant().geometry;
    let captured: Bits = captures
        .iter()
        .filter(|c| !c.kind.is_king())
        .map(|c| c.square)
        .collect();
    let side = before.side_to_move();
    let piece = before.piece_at(mv.from).unwrap_or(Piece::Attacker);
    MoveView {
        from: Coord::of(g, mv.from),
        to: Coord::of(g, mv.to),
        captured: captured.iter().map(|s| Coord::of(g, s)).collect(),
        notation: format_move(g, mv, captured),
        piece,
        side,
        mover: mode.mover(side),
        captures: captures
            .iter()
            .map(|c| CaptureView {
                square: Coord::of(g, c.square),
                kind: c.kind,
                by: c.by.iter().map(|s| Coord::of(g, s)).collect(),
                text: texts.capture(g, c),
            })
            .collect(),
    }
}

/// The game's last move, the position before it, and how it captured.
pub(crate) struct LastMove {
    pub mv: Move,
    pub before: Position,
    pub captures: Vec<explain::Capture>,
}

impl LastMove {
    pub fn of(game: &Game) -> Option<LastMove> {
        let (mv, _) = game.last_move()?;
        let mut previous = game.clone();
        previous.unmake();
        let before = previous.position().clone();
        let captures = explain::captures(&before, mv);
        Some(LastMove {
            mv,
            before,
            captures,
        })
    }

    pub fn view(&self, mode: Mode, texts: &Catalog) -> MoveView {
        move_view_with(&self.before, mode, self.mv, &self.captures, texts)
    }
}

/// What the session's state adds to the board beyond the pieces.
pub(crate) struct Extras {
    pub language: Language,
    pub selected: Option<Square>,
    pub thinking: bool,
    pub hint: Option<Move>,
    /// The other side's answer to show as the hint's arrow, never played nor read as a move of
    /// the side to move: a puzzle's refutation of a refused move.
    pub refutation: Option<Move>,
    /// Mark the threats (the player's setting).
    pub show_threats: bool,
    /// The last automatic save failed.
    pub save_failed: bool,
}

/// The squares of a position, top rank first, with their marks and labels.
pub(crate) struct BoardMarks {
    pub selected: Bits,
    pub targets: Bits,
    pub hint: Option<Move>,
    /// The hint's move is the other side's answer that refutes the player's move (a puzzle's):
    /// drawn the same, named differently for screen readers.
    pub refuting: bool,
    pub threatened: Bits,
    pub escape_routes: Bits,
    pub ending: Bits,
    pub open_lines: Bits,
    pub movable: Bits,
    pub last: Option<(Move, Bits)>,
    pub king_taken: bool,
}

impl BoardMarks {
    /// A board with no marks but the last move (the review's frames).
    pub fn plain(last: Option<(Move, Bits)>, king_taken: bool) -> BoardMarks {
        BoardMarks {
            selected: Bits::EMPTY,
            targets: Bits::EMPTY,
            hint: None,
            refuting: false,
            threatened: Bits::EMPTY,
            escape_routes: Bits::EMPTY,
            ending: Bits::EMPTY,
            open_lines: Bits::EMPTY,
            movable: Bits::EMPTY,
            last,
            king_taken,
        }
    }
}

pub(crate) fn squares(pos: &Position, marks: &BoardMarks, texts: &Catalog) -> Vec<SquareView> {
    let v = pos.variant();
    let g = &v.geometry;
    let mut out = Vec::with_capacity(g.size as usize * g.size as usize);
    for rank in (0..g.size).rev() {
        for file in 0..g.size {
            let Some(sq) = g.square(file, rank) else {
                continue;
            };
            let piece = pos.piece_at(sq);
            let view = SquareView {
                coord: Coord { file, rank },
                name: square_name(g, sq),
                piece,
                movable: marks.movable.contains(sq),
                restricted: v.restricted.contains(sq),
                escape: v.escape.contains(sq),
                last_move_from: marks.last.is_some_and(|(m, _)| m.from == sq),
                last_move_to: marks.last.is_some_and(|(m, _)| m.to == sq),
                captured: marks.last.is_some_and(|(_, c)| c.contains(sq))
                    || (marks.king_taken && sq == pos.king()),
                king_open_line: marks.open_lines.contains(sq),
                selected: marks.selected.contains(sq),
                target: marks.targets.contains(sq),
                hint_from: marks.hint.is_some_and(|m| m.from == sq),
                hint_to: marks.hint.is_some_and(|m| m.to == sq),
                threatened: marks.threatened.contains(sq),
                escape_route: marks.escape_routes.contains(sq),
                ending: marks.ending.contains(sq),
                label: String::new(),
            };
            let label = texts.square_label(g, sq, piece, &states(&view, marks.refuting));
            out.push(SquareView { label, ..view });
        }
    }
    out
}

/// The marks a screen reader mentions, in a fixed order; `refuting`: the hint's squares hold a
/// refutation, not a hint.
fn states(s: &SquareView, refuting: bool) -> Vec<SquareState> {
    let mut states = Vec::new();
    let mut add = |on: bool, state: SquareState| {
        if on {
            states.push(state);
        }
    };
    add(s.selected, SquareState::Selected);
    add(s.target, SquareState::Target);
    let hint = if refuting {
        SquareState::Refutation
    } else {
        SquareState::Hint
    };
    add(s.hint_from || s.hint_to, hint);
    add(s.last_move_from || s.last_move_to, SquareState::LastMove);
    add(s.captured, SquareState::Captured);
    add(s.ending, SquareState::Ending);
    add(s.threatened, SquareState::Threatened);
    add(s.escape_route, SquareState::EscapeRoute);
    if s.king_open_line {
        states.push(SquareState::OpenLine);
    } else if s.escape {
        states.push(SquareState::Escape);
    } else if s.restricted && s.piece.is_none() {
        states.push(SquareState::Restricted);
    }
    states
}

/// How a finished game ended on the board, with the pieces to mark.
pub(crate) fn ending(game: &Game) -> Option<(EndingKind, Bits)> {
    match game.status() {
        Status::Over(Outcome::Win {
            reason: WinReason::Encircled,
            ..
        }) => Some((EndingKind::Ring, rules::encirclement_ring(game.position()))),
        Status::Over(Outcome::Win {
            reason: WinReason::ExitFort,
            ..
        }) => Some((EndingKind::Fort, rules::fort_pieces(game.position()))),
        _ => None,
    }
}

/// The last move in words, for screen readers: who moved what where, how each piece was
/// taken, and how the game ended when it did. Read off the session alone (no snapshot is
/// built for it: a move builds the game's view once, for its frame).
pub(crate) fn announcement(session: &Session, texts: &Catalog) -> Option<String> {
    let game = session.game();
    let last = LastMove::of(game)?;
    let mode = session.mode();
    let v = game.position().variant();
    let m = last.view(mode, texts);
    let mut words = texts.announce_move(&v.geometry, m.mover, m.piece, last.mv, &last.captures);
    for c in &m.captures {
        words.push(' ');
        words.push_str(&c.text);
    }
    if game.status().is_over() {
        words.push(' ');
        words.push_str(&texts.turn_bar(session.turn(), mode, false, v.draw_plies));
    }
    Some(words)
}

/// The whole snapshot of a session.
pub(crate) fn snapshot(session: &Session, extras: Extras) -> GameSnapshot {
    let texts = extras.language.catalog();
    let game = session.game();
    let pos = game.position();
    let v = pos.variant();
    let g: &Geometry = &v.geometry;
    let over = game.status().is_over();
    let mode = session.mode();
    let open = if over {
        Bits::EMPTY
    } else {
        rules::king_open_lines(pos)
    };
    let king_taken = matches!(
        game.status(),
        Status::Over(Outcome::Win {
            reason: WinReason::KingCaptured,
            ..
        })
    );
    let movable = session.movable();
    let selected = extras.selected.filter(|&s| movable.contains(s));
    let (threatened, escape_routes) = if over || !extras.show_threats {
        (Bits::EMPTY, Bits::EMPTY)
    } else {
        // The threats to the people at the device: against the computer, to the person's
        // pieces; between two players, to the side to move.
        let watched = match mode {
            Mode::VsComputer { human, .. } => human,
            Mode::TwoPlayers => game.side_to_move(),
        };
        (
            threats::capturable(pos, watched),
            threats::escape_routes(pos),
        )
    };
    let ending = ending(game);
    let marks = BoardMarks {
        selected: selected.map_or(Bits::EMPTY, Square::bit),
        targets: selected.map_or(Bits::EMPTY, |s| session.targets(s)),
        hint: extras.hint.or(extras.refutation),
        refuting: extras.hint.is_none() && extras.refutation.is_some(),
        threatened,
        escape_routes,
        ending: ending.map_or(Bits::EMPTY, |(_, b)| b),
        open_lines: open,
        movable,
        last: game.last_move(),
        king_taken,
    };
    let last = LastMove::of(game);
    let last_move = last.as_ref().map(|l| l.view(mode, texts));
    let hint = extras.hint.map(|mv| move_view(pos, mode, mv, texts));
    let turn = session.turn();
    let draw_countdown = (!over && game.plies_before_draw() <= DRAW_COUNTDOWN_FROM)
        .then(|| u32::from(game.plies_before_draw()));
    let repetition_warning = game.repetition_looms();
    let texts_view = GameTexts {
        turn_bar: texts.turn_bar(turn, mode, extras.thinking, v.draw_plies),
        last_move: last
            .as_ref()
            .map(|l| texts.move_line(g, mode.mover(l.before.side_to_move()), l.mv, &l.captures)),
        captures: last_move
            .as_ref()
            .map(|m| m.captures.iter().map(|c| c.text.clone()).collect())
            .unwrap_or_default(),
        open_lines: texts.open_lines(v.kind, open.count()),
        draw_countdown: draw_countdown.map(|n| texts.draw_countdown(n)),
        repetition_warning: repetition_warning
            .then(|| texts.repetition_warning(game.repetition_rule()).to_string()),
        hint: extras.hint.map(|mv| texts.hint_line(g, mv)),
        hint_announcement: hint
            .as_ref()
            .zip(extras.hint)
            .map(|(h, mv)| texts.hint_announce(g, h.piece, mv)),
        ending: ending.map(|(kind, _)| {
            texts
                .label(match kind {
                    EndingKind::Ring => crate::texts::Label::EndingRing,
                    EndingKind::Fort => crate::texts::Label::EndingFort,
                })
                .to_string()
        }),
        board: texts.board_label(g.size),
        resign_question: texts.resign_text(mode, game.side_to_move()),
        hints_used: (session.hints() > 0).then(|| texts.hints_used(session.hints())),
    };
    GameSnapshot {
        size: g.size,
        squares: squares(pos, &marks, texts),
        can_undo: session.can_undo(),
        save_failed: extras.save_failed,
        texts: texts_view,
    }
}
