//! A puzzle being played: the winner's moves judged by the prover, the longest defence played
//! in answer, and whether the player solved it at the first try. The terminal's `tafl puzzle`
//! and the apps' puzzle screen both play through this, so they judge a move alike.

use crate::ai::Control;
use crate::engine::game::Game;
use crate::engine::moves::Move;
use crate::engine::position::Side;

use super::{DEEPEN_BUDGET, OutOfBudget, Prover, Puzzle, Refutation};

/// What one of the winner's moves comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It does not force the win within the plies left: the defence that holds out longest
    /// and what it comes to (see [`Prover::longest_refutation`]); `None` when the move leaves
    /// no reply or the prover ran out of budget before it had weighed every reply.
    Wrong { refutation: Option<Refutation> },
    /// It wins the game.
    Solved,
    /// It keeps the forced win; the longest defence answers it.
    Holds { reply: Move },
    /// The proof ran over its budget, so the move can be called neither right nor wrong.
    Unproven,
}

/// Judges the winner's legal move `mv` in `game`, with `left` plies left to win in (`mv`
/// counted). The game is not changed: the apps run this away from their UI thread, on a copy.
pub fn judge(game: &Game, left: u32, mv: Move, budget: u64) -> Verdict {
    judge_until(game, left, mv, budget, &Control::new())
}

/// [`judge`], which gives up (the move is [`Verdict::Unproven`]) once `stop` is cancelled.
pub fn judge_until(game: &Game, left: u32, mv: Move, budget: u64, stop: &Control) -> Verdict {
    let me = game.side_to_move();
    let new_prover = |game: &Game| Prover::new(game, budget).stopping_on(stop.clone());
    let mut prover = new_prover(game);
    match prover.move_wins_within(mv, left) {
        Err(OutOfBudget) => return Verdict::Unproven,
        Ok(false) => {
            let refutation = prover
                .longest_refutation(mv, left, DEEPEN_BUDGET)
                .ok()
                .flatten();
            return Verdict::Wrong { refutation };
        }
        Ok(true) => {}
    }
    let mut after = game.clone();
    if after.play(mv).is_err() {
        return Verdict::Unproven;
    }
    if after.status().winner() == Some(me) {
        return Verdict::Solved;
    }
    let mut prover = new_prover(&after);
    match prover.longest_defence(left - 1) {
        Ok(Some((reply, _))) => Verdict::Holds { reply },
        Ok(None) | Err(OutOfBudget) => Verdict::Unproven,
    }
}

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The winner is to move, and has made no wrong move yet.
    Playing,
    /// A wrong move was made: the puzzle counts as failed, but the player may go on trying.
    Retrying,
    /// Won: `first_try` when no wrong move came before.
    Solved { first_try: bool },
}

/// What [`PuzzleRun::apply`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The move was refused (wrong); the refutation, to show. `counts` is true the first time,
    /// when the puzzle becomes failed.
    Refused {
        refutation: Option<Refutation>,
        counts: bool,
    },
    /// The move was played, and then the reply, when there was one.
    Played { reply: Option<Move> },
    /// Nothing was played: the judgement could not be made.
    Unproven,
}

/// A puzzle in play.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    puzzle: Puzzle,
    game: Game,
    left: u32,
    progress: Progress,
    /// The moves played so far, both sides'.
    played: Vec<Move>,
}

impl PuzzleRun {
    pub fn new(puzzle: Puzzle) -> PuzzleRun {
        PuzzleRun {
            game: puzzle.game.clone(),
            left: puzzle.plies,
            puzzle,
            progress: Progress::Playing,
            played: Vec::new(),
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The puzzle with `played` (both sides' moves, as [`PuzzleRun::played`] gave them) played
    /// again, and `missed` when a wrong move came before: a run brought back after the app was
    /// ended. `None` when a move is illegal there, or a move follows a finished game.
    pub fn replayed(puzzle: Puzzle, played: &[Move], missed: bool) -> Option<PuzzleRun> {
        let mut run = PuzzleRun::new(puzzle);
        if missed {
            run.progress = Progress::Retrying;
        }
        for &mv in played {
            if run.is_over() || run.game.play(mv).is_err() {
                return None;
            }
            run.played.push(mv);
            run.left = run.left.saturating_sub(1);
            if run.game.status().winner() == Some(run.winner()) {
                run.progress = Progress::Solved { first_try: !missed };
            }
        }
        Some(run)
    }

    /// The position now.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side that must win: the side to move at the start.
    pub fn winner(&self) -> Side {
        self.puzzle.game.side_to_move()
    }

    /// Plies left to win in, the winner's next move counted.
    pub fn left(&self) -> u32 {
        self.left
    }

    pub fn progress(&self) -> Progress {
        self.progress
    }

    pub fn is_over(&self) -> bool {
        matches!(self.progress, Progress::Solved { .. })
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// The verdict on `mv` that the puzzle's proven main line already gives, when the player
    /// has followed it so far and `mv` is its next move: no search needed (the file's lines
    /// are proven again by `tafl puzzle --check`, and the defence is the prover's longest).
    pub fn known(&self, mv: Move) -> Option<Verdict> {
        let line = &self.puzzle.solution;
        let n = self.played.len();
        if !line.starts_with(&self.played) || line.get(n) != Some(&mv) {
            return None;
        }
        Some(match line.get(n + 1) {
            Some(&reply) => Verdict::Holds { reply },
            None => Verdict::Solved,
        })
    }

    /// Judges `mv` here: from the main line when it follows it ([`PuzzleRun::known`]), by the
    /// prover otherwise (see [`judge`]).
    pub fn judge(&self, mv: Move, budget: u64) -> Verdict {
        self.known(mv)
            .unwrap_or_else(|| judge(&self.game, self.left, mv, budget))
    }

    /// Plays `mv` as `verdict` says (the verdict [`judge`] gave for `mv` in this position).
    pub fn apply(&mut self, mv: Move, verdict: Verdict) -> Applied {
        if self.is_over() {
            return Applied::Unproven;
        }
        match verdict {
            Verdict::Unproven => Applied::Unproven,
            Verdict::Wrong { refutation } => {
                let counts = self.progress == Progress::Playing;
                self.progress = Progress::Retrying;
                Applied::Refused { refutation, counts }
            }
            Verdict::Solved | Verdict::Holds { .. } => {
                if self.game.play(mv).is_err() {
                    return Applied::Unproven;
                }
                self.played.push(mv);
                self.left = self.left.saturating_sub(1);
                let reply = match verdict {
                    Verdict::Holds { reply } if !self.game.status().is_over() => {
                        if self.game.play(reply).is_err() {
                            return Applied::Unproven;
                        }
                        self.played.push(reply);
                        self.left = self.left.saturating_sub(1);
                        Some(reply)
                    }
                    _ => None,
                };
                if self.game.status().winner() == Some(self.winner()) {
                    self.progress = Progress::Solved {
                        first_try: self.progress == Progress::Playing,
                    };
                }
                Applied::Played { reply }
            }
        }
    }
}
