//! A whole game: the position, the moves played, repetition, the draw counter and the status.
//!
//! After every move the end of the game is checked in the order of the rules:
//! 1. king on an escape square (defenders win) or king captured (attackers win);
//! 2. exit fort (defenders win, when the option is on);
//! 3. encirclement (attackers win);
//! 4. a position occurring for the third time (as the variant says: in Copenhagen the defenders
//!    lose, whoever moved);
//! 5. [`DRAW_PLIES`] plies without a capture (draw);
//! 6. the side to move has no legal move (it loses).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::bits::{Bits19, Square};
use crate::engine::board::BitBoard;
use crate::engine::movegen;
use crate::engine::moves::Move;
use crate::engine::position::{Position, PositionOf, Side, UndoOf};
use crate::engine::rules;
use crate::engine::variant::{
    Compiled, PieceClass, Repetition, RuleOptions, VariantKind, VariantOf,
};

/// Plies (each side's move counted separately) without a capture that end the game in a draw
/// (each variant holds its own limit; this is the one they share).
pub use crate::engine::variant::DRAW_PLIES;

/// How many times a position may occur before the repetition rule applies (on its third
/// occurrence).
pub const REPETITION_LIMIT: u32 = 3;

/// Why a side won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// The king reached an escape square (a corner; any edge square in Tablut).
    KingEscaped,
    /// The attackers closed their trap on the king.
    KingCaptured,
    /// The king built an exit fort on the edge.
    ExitFort,
    /// The attackers surrounded the king and all his guards.
    Encircled,
    /// A position occurred for the third time; that loses for the defenders (or, where the
    /// rules say so, for the side that brought it about).
    Repetition,
    /// The loser had no legal move.
    NoMoves,
    /// The loser resigned.
    Resignation,
    /// The loser's time ran out (a game on a clock): a loss on time.
    Time,
}

impl WinReason {
    pub const fn name(self) -> &'static str {
        match self {
            WinReason::KingEscaped => "king-escaped",
            WinReason::KingCaptured => "king-captured",
            WinReason::ExitFort => "exit-fort",
            WinReason::Encircled => "encircled",
            WinReason::Repetition => "repetition",
            WinReason::NoMoves => "no-moves",
            WinReason::Resignation => "resignation",
            WinReason::Time => "time",
        }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// [`DRAW_PLIES`] plies without a capture.
    MoveLimit,
    /// A position occurred for the third time, where that is a draw.
    Repetition,
}

impl DrawReason {
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::MoveLimit => "move-limit",
            DrawReason::Repetition => "repetition",
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

/// Whether a game goes on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    #[default]
    Ongoing,
    Over(Outcome),
}

impl Status {
    pub const fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }

    pub const fn winner(self) -> Option<Side> {
        match self {
            Status::Over(Outcome::Win { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    const fn win(winner: Side, reason: WinReason) -> Status {
        Status::Over(Outcome::Win { winner, reason })
    }
}

impl fmt::Display for Status {
    /// `ongoing`, `attackers:REASON`, `defenders:REASON` or `draw:REASON`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Over(Outcome::Win { winner, reason }) => {
                write!(f, "{}:{}", winner.name(), reason.name())
            }
            Status::Over(Outcome::Draw { reason }) => write!(f, "draw:{}", reason.name()),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The game has ended.
    GameOver,
    /// A square outside the board.
    OffBoard,
    /// No piece stands on the starting square.
    NoPiece(Square),
    /// The piece belongs to the side that is not to move.
    NotYourPiece(Square),
    /// From and to are the same square, or not on one rank or file.
    NotInLine,
    /// A piece stands in the way (or on the target square).
    Blocked(Square),
    /// Only the king may stop on that square.
    Restricted(Square),
    /// Farther than a piece may move in this game (the most squares it may move).
    TooFar(u8),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::OffBoard => f.write_str("that square is not on the board"),
            MoveError::NoPiece(_) => f.write_str("there is no piece on that square"),
            MoveError::NotYourPiece(_) => f.write_str("not your piece"),
            MoveError::NotInLine => {
                f.write_str("pieces move in a straight line along a rank or file")
            }
            MoveError::Blocked(_) => f.write_str("the way is blocked"),
            MoveError::Restricted(_) => f.write_str("only the king may stop on that square"),
            MoveError::TooFar(1) => f.write_str("in this game a piece moves one square at a time"),
            MoveError::TooFar(n) => write!(f, "in this game a piece moves at most {n} squares"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A move as played, with what it did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayedOf<B: BitBoard> {
    pub mv: Move,
    /// Enemy pieces it took (the king is never removed; see the status).
    pub captured: B,
    /// The status right after it.
    pub status: Status,
}

/// A move as played, in the widest board.
pub type Played = PlayedOf<Bits19>;

#[derive(Clone, Copy, Debug)]
struct Ply<B: BitBoard> {
    undo: UndoOf<B>,
    plies_since_capture: u16,
}

/// A game in progress or finished, in one board width.
#[derive(Clone, Debug)]
pub struct GameOf<B: BitBoard> {
    options: RuleOptions,
    start: PositionOf<B>,
    position: PositionOf<B>,
    /// Plies since the last capture (or since the start).
    plies_since_capture: u16,
    history: Vec<Ply<B>>,
    /// `hashes[i]`: the hash after `i` plies (`hashes[0]` is the start). Only the positions since
    /// the last capture can repeat, so only that tail is ever searched.
    hashes: Vec<u64>,
    status: Status,
}

/// A game of any board, in the widest board width: what the layers above the engine use. The
/// search and perft work on [`Game::narrow`]ed copies.
pub type Game = GameOf<Bits19>;

impl Game {
    /// A new game from the variant's opening position with default options.
    pub fn new(kind: VariantKind) -> Game {
        Game::with_options(kind, RuleOptions::default())
    }

    pub fn with_options(kind: VariantKind, options: RuleOptions) -> Game {
        Game::from_position(Position::start(kind), options)
    }

    /// The same game (history included) in the board width `C`, if the board fits: the engine
    /// searches in the narrowest width that holds the board.
    pub fn narrow<C: Compiled>(&self) -> Option<GameOf<C>> {
        Some(GameOf {
            options: self.options,
            start: self.start.narrow()?,
            position: self.position.narrow()?,
            plies_since_capture: self.plies_since_capture,
            history: self
                .history
                .iter()
                .map(|p| Ply {
                    undo: p.undo.convert(),
                    plies_since_capture: p.plies_since_capture,
                })
                .collect(),
            hashes: self.hashes.clone(),
            status: self.status,
        })
    }
}

impl<B: BitBoard> GameOf<B> {
    /// A game starting from any position (analysis, puzzles, tests). The draw counter starts at
    /// zero. If the side to move has no legal move there, the game is already over.
    pub fn from_position(start: PositionOf<B>, options: RuleOptions) -> GameOf<B> {
        let mut game = GameOf {
            options,
            position: start.clone(),
            plies_since_capture: 0,
            history: Vec::with_capacity(256),
            hashes: Vec::with_capacity(257),
            status: Status::Ongoing,
            start,
        };
        game.hashes.push(game.position.hash());
        if !movegen::has_any(&game.position) {
            game.status = Status::win(game.position.side_to_move().other(), WinReason::NoMoves);
        }
        game
    }

    /// The same game with the draw counter already at `plies` quiet plies, as if that many
    /// moves without a capture had come before its start (the lessons show the move-limit
    /// draw this way). It is kept below the variant's limit, so the game is not drawn before
    /// a move; once a move has been played this changes nothing.
    pub fn with_quiet_plies(mut self, plies: u16) -> GameOf<B> {
        let limit = self.variant().draw_plies;
        if self.history.is_empty() && !self.status.is_over() {
            self.plies_since_capture = if limit > 0 {
                plies.min(limit - 1)
            } else {
                plies
            };
        }
        self
    }

    #[inline]
    pub fn variant(&self) -> &'static VariantOf<B> {
        self.position.variant()
    }

    #[inline]
    pub fn options(&self) -> RuleOptions {
        self.options
    }

    #[inline]
    pub fn position(&self) -> &PositionOf<B> {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &PositionOf<B> {
        &self.start
    }

    /// The repetition rule this game follows.
    #[inline]
    pub fn repetition_rule(&self) -> Repetition {
        self.variant().repetition
    }

    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    #[inline]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Plies played since the start.
    #[inline]
    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// How many moves `side` has made: plies alternate from the start's side to move.
    pub fn moves_by(&self, side: Side) -> usize {
        let plies = self.plies();
        if self.start.side_to_move() == side {
            plies.div_ceil(2)
        } else {
            plies / 2
        }
    }

    /// Plies since the last capture; the game is drawn when it reaches [`DRAW_PLIES`].
    #[inline]
    pub fn plies_since_capture(&self) -> u16 {
        self.plies_since_capture
    }

    /// The moves played, with their captures, from the first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (Move, B)> + '_ {
        self.history
            .iter()
            .map(|p| (p.undo.mv, p.undo.effect.captured))
    }

    /// The last move and what it captured.
    pub fn last_move(&self) -> Option<(Move, B)> {
        self.history
            .last()
            .map(|p| (p.undo.mv, p.undo.effect.captured))
    }

    /// How many times the current position (pieces and side to move) has occurred, this time
    /// included. Positions before the last capture cannot come back and are not counted.
    pub fn repetitions(&self) -> u32 {
        let current = self.position.hash();
        let window = self.plies_since_capture as usize + 1;
        self.hashes
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|&&h| h == current)
            .count() as u32
    }

    /// Plies left before the move-limit draw.
    pub fn plies_before_draw(&self) -> u16 {
        self.variant()
            .draw_plies
            .saturating_sub(self.plies_since_capture)
    }

    /// Whether the side to move has a move that would bring a position up for the third time
    /// when that loses for it (the app warns it): the defenders where a repetition loses for
    /// them, either side where it loses for the side that repeats.
    pub fn repetition_looms(&self) -> bool {
        let loses = match self.repetition_rule() {
            Repetition::DefendersLose => self.side_to_move() == Side::Defenders,
            Repetition::MoverLoses => true,
            Repetition::MoverWins | Repetition::Draw | Repetition::Ignored => false,
        };
        if self.status.is_over() || !loses {
            return false;
        }
        // Only quiet moves can repeat: a capture makes every earlier position unreachable.
        let earlier = self.reversible_hashes();
        let seen_twice = |hash: u64| {
            earlier.iter().filter(|&&h| h == hash).count() >= (REPETITION_LIMIT - 1) as usize
        };
        let mut pos = self.position.clone();
        self.legal_moves().iter().any(|&mv| {
            let undo = pos.make(mv);
            let repeats = undo.effect.captured.is_empty() && seen_twice(pos.hash());
            pos.unmake(&undo);
            repeats
        })
    }

    /// The hashes of the positions since the last capture (or the start), the current one
    /// last: the only positions that can still repeat. Their number is one more than
    /// [`Game::plies_since_capture`].
    pub fn reversible_hashes(&self) -> &[u64] {
        let window = (self.plies_since_capture as usize + 1).min(self.hashes.len());
        &self.hashes[self.hashes.len() - window..]
    }

    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> B::Moves {
        let mut list = B::Moves::default();
        if !self.status.is_over() {
            movegen::generate(&self.position, &mut list);
        }
        list
    }

    /// Where the piece on `from` may move (empty when it is not the mover's or the game is over).
    /// The squares of the pieces that can move now: the side to move's pieces with at least
    /// one destination (none once the game is over).
    pub fn movable(&self) -> B {
        if self.status.is_over() {
            return B::EMPTY;
        }
        let pos = &self.position;
        pos.pieces(pos.side_to_move())
            .into_iter()
            .filter(|&from| !movegen::destinations(pos, from).is_empty())
            .collect()
    }

    pub fn targets(&self, from: Square) -> B {
        let pos = &self.position;
        let g = &pos.variant().geometry;
        if self.status.is_over()
            || !g.contains(from)
            || !pos.pieces(pos.side_to_move()).contains(from)
        {
            return B::EMPTY;
        }
        movegen::destinations(pos, from)
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        let pos = &self.position;
        let v = pos.variant();
        let g = &v.geometry;
        if !g.contains(mv.from) || !g.contains(mv.to) {
            return Err(MoveError::OffBoard);
        }
        let Some(piece) = pos.piece_at(mv.from) else {
            return Err(MoveError::NoPiece(mv.from));
        };
        if piece.side() != pos.side_to_move() {
            return Err(MoveError::NotYourPiece(mv.from));
        }
        if g.direction(mv.from, mv.to).is_none() {
            return Err(MoveError::NotInLine);
        }
        let class = match piece {
            crate::engine::position::Piece::King => PieceClass::King,
            crate::engine::position::Piece::Attacker => PieceClass::Attacker,
            crate::engine::position::Piece::Defender => PieceClass::Defender,
        };
        let between = g.between(mv.from, mv.to);
        if let Some(limit) = v.reach(class)
            && between.count() >= u32::from(limit.get())
        {
            return Err(MoveError::TooFar(limit.get()));
        }
        let path = between | B::square(mv.to);
        if let Some(blocker) = ((path & pos.occupied()) | (between & v.no_pass(class))).first() {
            return Err(MoveError::Blocked(blocker));
        }
        if v.no_stop(class).contains(mv.to) {
            return Err(MoveError::Restricted(mv.to));
        }
        debug_assert!(movegen::destinations(pos, mv.from).contains(mv.to));
        Ok(())
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, mv: Move) -> Result<PlayedOf<B>, MoveError> {
        self.check(mv)?;
        self.make(mv);
        let (mv, captured) = self.last_move().expect("a move was just made");
        Ok(PlayedOf {
            mv,
            captured,
            status: self.status,
        })
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]) without checking it: the
    /// search's fast path. Updates the draw counter, repetition history and status.
    pub fn make(&mut self, mv: Move) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv:?}");
        let mover = self.side_to_move();
        let undo = self.position.make(mv);
        self.history.push(Ply {
            undo,
            plies_since_capture: self.plies_since_capture,
        });
        self.plies_since_capture = if undo.effect.captured.any() {
            0
        } else {
            self.plies_since_capture.saturating_add(1)
        };
        self.hashes.push(self.position.hash());
        self.status = self.decide(mover, undo.effect.king_captured);
    }

    /// The same position with the other side to move and the same draw counter, without the
    /// history: the search's null move (a pass, which the rules never allow), searched to see
    /// whether the side to move stands so well that even passing would hold.
    pub(crate) fn passed(&self) -> GameOf<B> {
        let side = self.side_to_move().other();
        GameOf::from_position(self.position.clone().with_side_to_move(side), self.options)
            .with_quiet_plies(self.plies_since_capture)
    }

    /// Takes back the last move; `None` at the start. A resignation is taken back with it.
    pub fn unmake(&mut self) -> Option<Move> {
        let ply = self.history.pop()?;
        self.position.unmake(&ply.undo);
        self.hashes.pop();
        self.plies_since_capture = ply.plies_since_capture;
        // No move is possible once the game is over, so the game was going on before this one.
        self.status = Status::Ongoing;
        Some(ply.undo.mv)
    }

    /// The side to move (or the given side) gives up: the other side wins.
    pub fn resign(&mut self, side: Side) -> Result<(), MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        self.status = Status::win(side.other(), WinReason::Resignation);
        Ok(())
    }

    /// `side`'s time ran out: the other side wins on time.
    pub fn lose_on_time(&mut self, side: Side) -> Result<(), MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        self.status = Status::win(side.other(), WinReason::Time);
        Ok(())
    }

    /// The side that resigned, if the game ended that way.
    pub fn resigned(&self) -> Option<Side> {
        match self.status {
            Status::Over(Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            }) => Some(winner.other()),
            _ => None,
        }
    }

    /// The status after `mover` played, in the order of the rules.
    fn decide(&self, mover: Side, king_captured: bool) -> Status {
        let v = self.variant();
        let pos = &self.position;
        if mover == Side::Defenders && v.escape.contains(pos.king()) {
            return Status::win(Side::Defenders, WinReason::KingEscaped);
        }
        if king_captured {
            return Status::win(Side::Attackers, WinReason::KingCaptured);
        }
        // Only a defender move can build a fort, and only an attacker move can close a ring.
        if mover == Side::Defenders
            && v.exit_forts
            && self.options.exit_forts
            && rules::is_exit_fort(pos)
        {
            return Status::win(Side::Defenders, WinReason::ExitFort);
        }
        if mover == Side::Attackers && v.encirclement && rules::is_encircled(pos) {
            return Status::win(Side::Attackers, WinReason::Encircled);
        }
        if self.repetitions() >= REPETITION_LIMIT {
            match self.repetition_rule() {
                Repetition::DefendersLose => {
                    return Status::win(Side::Attackers, WinReason::Repetition);
                }
                Repetition::MoverLoses => return Status::win(mover.other(), WinReason::Repetition),
                Repetition::MoverWins => return Status::win(mover, WinReason::Repetition),
                Repetition::Draw => {
                    return Status::Over(Outcome::Draw {
                        reason: DrawReason::Repetition,
                    });
                }
                Repetition::Ignored => {}
            }
        }
        if v.draw_plies > 0 && self.plies_since_capture >= v.draw_plies {
            return Status::Over(Outcome::Draw {
                reason: DrawReason::MoveLimit,
            });
        }
        if !movegen::has_any(pos) {
            return Status::win(mover, WinReason::NoMoves);
        }
        Status::Ongoing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_counted_per_side_from_whoever_starts() {
        let mut game = Game::new(VariantKind::Brandubh);
        let count = |g: &Game| (g.moves_by(Side::Attackers), g.moves_by(Side::Defenders));
        assert_eq!(count(&game), (0, 0));
        for expected in [(1, 0), (1, 1), (2, 1)] {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
            assert_eq!(count(&game), expected);
        }
        // From a position with the defenders to move, they have the odd plies.
        let start = Position::start(VariantKind::Brandubh).with_side_to_move(Side::Defenders);
        let mut game = Game::from_position(start, RuleOptions::default());
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
        assert_eq!(count(&game), (0, 1));
    }

    #[test]
    fn a_pass_changes_only_the_side_to_move() {
        let mut game = Game::new(VariantKind::Copenhagen);
        for _ in 0..3 {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        let passed = game.passed();
        assert_eq!(passed.side_to_move(), game.side_to_move().other());
        assert_eq!(passed.plies_since_capture(), game.plies_since_capture());
        let back = passed.passed();
        assert_eq!(
            back.position(),
            game.position(),
            "two passes give the position back"
        );
        assert_eq!(back.position().hash(), game.position().hash());
        assert_ne!(passed.position().hash(), game.position().hash());
        assert_eq!(passed.plies(), 0, "a pass keeps no history to repeat");
    }
}
