//! A game as the apps and the terminal play it: the rules' [`Game`] plus who plays which side,
//! and undo shaped for people (against the computer, undo goes back to the human's turn).

use std::fmt;

use crate::engine::bits::{Bits, Square};
use crate::engine::clock::GameClock;
use crate::engine::game::{Game, MoveError, Outcome, Played, Status, WinReason};
use crate::engine::mode::Mode;
pub use crate::engine::mode::Mover;
use crate::engine::movegen::Move;
use crate::engine::position::{Position, Side};
use crate::engine::variant::{RuleOptions, VariantKind};

/// Why a session refused an action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SessionError {
    /// The move breaks the rules (or the game is over).
    Move(MoveError),
    /// It is the computer's turn, not the human's.
    NotYourTurn,
    /// No move of the human's to take back.
    NothingToUndo,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Move(e) => e.fmt(f),
            SessionError::NotYourTurn => f.write_str("it is the computer's turn"),
            SessionError::NothingToUndo => f.write_str("there is no move to take back"),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<MoveError> for SessionError {
    fn from(e: MoveError) -> SessionError {
        SessionError::Move(e)
    }
}

/// Whose turn it is, from the point of view of the people at the device.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// Two players: this side moves.
    SideToMove(Side),
    /// Against the computer: the person moves, playing this side.
    YourMove(Side),
    /// Against the computer: the computer moves, playing this side.
    ComputerToMove(Side),
    /// The game has ended.
    Over(Outcome),
}

/// What the players should feel and hear after a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "lowercase")]
pub enum Feedback {
    /// A quiet move.
    Move,
    /// A move that took pieces, the game going on.
    Capture,
    /// The game ended with a winner: the person against the computer, or either side of two
    /// players.
    Win,
    /// The computer won.
    Loss,
    Draw,
}

/// Why a piece cannot be picked up now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// Nothing stands on the square.
    Empty,
    /// The piece belongs to this side, which is not to move (or is the computer's).
    NotYourPiece(Side),
    /// The piece has nowhere to go.
    Blocked,
    /// The computer is to move.
    ComputerToMove,
    /// The game has ended.
    GameOver,
}

/// A game with its players.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    mode: Mode,
    /// How many hints the players asked for in this game.
    hints: u32,
    /// The game's own seed for the computer's choices, drawn when the game began and kept
    /// with it, so that a resumed game goes on as it would have (see
    /// `SearchSettings::for_game_move`).
    seed: u64,
    /// The game's clock, in a game between two players on one: kept with the game (saved
    /// with it), and given each mover's increment as it moves.
    clock: Option<GameClock>,
}

impl Session {
    /// A new game from the variant's opening.
    pub fn new(kind: VariantKind, options: RuleOptions, mode: Mode) -> Session {
        Session::from_game(Game::from_position(Position::start(kind), options), mode)
    }

    /// A session around an existing game (a resumed one, say).
    pub fn from_game(game: Game, mode: Mode) -> Session {
        Session {
            game,
            mode,
            hints: 0,
            seed: 0,
            clock: None,
        }
    }

    /// The same, with the game's seed for the computer's choices.
    pub fn with_seed(mut self, seed: u64) -> Session {
        self.seed = seed;
        self
    }

    /// The game's seed for the computer's choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The same game on `clock` (a new game's, or one brought back).
    pub fn with_clock(mut self, clock: Option<GameClock>) -> Session {
        self.clock = clock;
        self
    }

    /// The game's clock, if it is played on one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The clock, for time to run on it.
    pub fn clock_mut(&mut self) -> Option<&mut GameClock> {
        self.clock.as_mut()
    }

    /// The same, remembering how many hints were used before.
    pub fn with_hints(mut self, hints: u32) -> Session {
        self.hints = hints;
        self
    }

    /// How many hints were asked for in this game.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// A hint was shown to a player.
    pub fn note_hint(&mut self) {
        self.hints = self.hints.saturating_add(1);
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the computer should move now.
    pub fn computer_to_move(&self) -> bool {
        !self.game.status().is_over() && self.mode.computer_side() == Some(self.game.side_to_move())
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        let side = self.game.side_to_move();
        match (self.game.status(), self.mode) {
            (Status::Over(outcome), _) => Turn::Over(outcome),
            (Status::Ongoing, Mode::TwoPlayers) => Turn::SideToMove(side),
            (Status::Ongoing, Mode::VsComputer { human, .. }) if human == side => {
                Turn::YourMove(side)
            }
            (Status::Ongoing, Mode::VsComputer { .. }) => Turn::ComputerToMove(side),
        }
    }

    /// Who a move of `side` is, for the people at the device.
    pub fn mover(&self, side: Side) -> Mover {
        self.mode.mover(side)
    }

    /// What a move that took `captured` (and left the game as it is now) should feel like.
    pub fn feedback(&self, captured: Bits) -> Feedback {
        match (self.game.status(), self.mode) {
            (Status::Ongoing, _) if captured.any() => Feedback::Capture,
            (Status::Ongoing, _) => Feedback::Move,
            (Status::Over(Outcome::Draw { .. }), _) => Feedback::Draw,
            (Status::Over(Outcome::Win { winner, .. }), Mode::VsComputer { human, .. })
                if winner != human =>
            {
                Feedback::Loss
            }
            (Status::Over(Outcome::Win { .. }), _) => Feedback::Win,
        }
    }

    /// Why the piece on `sq` cannot be picked up now, or `None` when it can.
    pub fn refusal(&self, sq: Square) -> Option<Refusal> {
        if self.game.status().is_over() {
            return Some(Refusal::GameOver);
        }
        let Some(piece) = self.game.position().piece_at(sq) else {
            return Some(Refusal::Empty);
        };
        if self.computer_to_move() {
            return Some(Refusal::ComputerToMove);
        }
        if piece.side() != self.game.side_to_move() {
            return Some(Refusal::NotYourPiece(piece.side()));
        }
        if self.game.targets(sq).is_empty() {
            return Some(Refusal::Blocked);
        }
        None
    }

    /// Where the piece on `from` may go, when a person may move it now.
    pub fn targets(&self, from: Square) -> Bits {
        if self.computer_to_move() {
            Bits::EMPTY
        } else {
            self.game.targets(from)
        }
    }

    /// The pieces a person may move now (none while the computer is to move).
    pub fn movable(&self) -> Bits {
        if self.computer_to_move() {
            Bits::EMPTY
        } else {
            self.game.movable()
        }
    }

    /// A person's move.
    pub fn play(&mut self, mv: Move) -> Result<Played, SessionError> {
        if self.computer_to_move() {
            return Err(SessionError::NotYourTurn);
        }
        self.play_any(mv)
    }

    /// The computer's move (checked like any other).
    pub fn play_computer(&mut self, mv: Move) -> Result<Played, SessionError> {
        if !self.computer_to_move() {
            return Err(SessionError::NotYourTurn);
        }
        self.play_any(mv)
    }

    /// A move of whoever is to move; on a clock, the mover's increment is added.
    fn play_any(&mut self, mv: Move) -> Result<Played, SessionError> {
        let side = self.game.side_to_move();
        let played = self.game.play(mv)?;
        if let Some(clock) = &mut self.clock {
            clock.moved(side);
        }
        Ok(played)
    }

    /// Whether [`Session::undo`] would take anything back. A game that ended on the board can
    /// be taken back too (a slip should not cost the game); a resignation is final, since the
    /// app asked before, and so is a loss on time (the clock decided, not a move). Nothing is
    /// taken back in a game on a clock: the time the move took and the time the other side
    /// spent on the position it made cannot be given back fairly (chess clocks have no
    /// takebacks either).
    pub fn can_undo(&self) -> bool {
        if self.clock.is_some() {
            return false;
        }
        if let Status::Over(Outcome::Win {
            reason: WinReason::Resignation | WinReason::Time,
            ..
        }) = self.game.status()
        {
            return false;
        }
        match self.mode {
            Mode::TwoPlayers => self.game.plies() > 0,
            Mode::VsComputer { human, .. } => self.game.moves_by(human) > 0,
        }
    }

    /// Two players: takes back one move. Against the computer: takes back moves until it is the
    /// human's turn again, with one of the human's moves taken back. Returns the moves undone.
    pub fn undo(&mut self) -> Result<Vec<Move>, SessionError> {
        if !self.can_undo() {
            return Err(SessionError::NothingToUndo);
        }
        let mut undone = Vec::new();
        match self.mode {
            Mode::TwoPlayers => undone.extend(self.game.unmake()),
            Mode::VsComputer { human, .. } => {
                while let Some(mv) = self.game.unmake() {
                    undone.push(mv);
                    // Stop once a human move came off and the human is to move.
                    if self.game.side_to_move() == human {
                        break;
                    }
                }
            }
        }
        Ok(undone)
    }

    /// The side to move ran out of time: the other side wins on time.
    pub fn lose_on_time(&mut self) -> Result<(), SessionError> {
        let side = self.game.side_to_move();
        Ok(self.game.lose_on_time(side)?)
    }

    /// The human (or, with two players, the side to move) gives up.
    pub fn resign(&mut self) -> Result<(), SessionError> {
        let side = match self.mode {
            Mode::TwoPlayers => self.game.side_to_move(),
            Mode::VsComputer { human, .. } => human,
        };
        Ok(self.game.resign(side)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::mode::Level;
    use crate::engine::notation::parse_move;
    use crate::engine::position::Side;

    fn mv(s: &Session, text: &str) -> Move {
        parse_move(&s.game().variant().geometry, text).unwrap().0
    }

    #[test]
    fn two_players_undo_one_move_at_a_time() {
        let mut s = Session::new(
            VariantKind::Brandubh,
            RuleOptions::default(),
            Mode::TwoPlayers,
        );
        assert!(!s.can_undo());
        assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
        s.play(mv(&s, "b4-b3")).unwrap();
        s.play(mv(&s, "d5-f5")).unwrap();
        assert_eq!(s.undo().unwrap().len(), 1);
        assert_eq!(s.game().plies(), 1);
    }

    #[test]
    fn against_the_computer_undo_returns_to_the_humans_turn() {
        let mode = Mode::VsComputer {
            level: Level::Easy,
            human: Side::Defenders,
        };
        let mut s = Session::new(VariantKind::Brandubh, RuleOptions::default(), mode);
        assert!(s.computer_to_move());
        assert_eq!(s.play(mv(&s, "b4-b3")), Err(SessionError::NotYourTurn));
        s.play_computer(mv(&s, "b4-b3")).unwrap();
        // Only the computer has moved: nothing of the human's to take back.
        assert!(!s.can_undo());
        s.play(mv(&s, "d5-f5")).unwrap();
        // The computer is thinking: undo takes back the human's move only.
        assert_eq!(s.undo().unwrap().len(), 1);
        assert!(!s.computer_to_move());
        s.play(mv(&s, "d5-f5")).unwrap();
        s.play_computer(mv(&s, "b3-b4")).unwrap();
        // Both the computer's answer and the human's move come off.
        assert_eq!(s.undo().unwrap().len(), 2);
        assert_eq!(s.game().plies(), 1);
        assert_eq!(s.game().side_to_move(), Side::Defenders);
    }

    #[test]
    fn resigning_ends_the_game_for_the_human() {
        let mode = Mode::VsComputer {
            level: Level::Hard,
            human: Side::Attackers,
        };
        let mut s = Session::new(VariantKind::Tablut, RuleOptions::default(), mode);
        s.resign().unwrap();
        assert_eq!(s.game().status().winner(), Some(Side::Defenders));
        assert!(!s.can_undo());
        assert_eq!(s.resign(), Err(SessionError::Move(MoveError::GameOver)));
    }
}
