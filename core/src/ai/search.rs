//! Iterative deepening principal variation search with a transposition table, killer moves and
//! the history heuristic. The game itself knows every rule (repetition and the draw counter
//! included), so a node whose game is over is scored exactly.

use std::time::{Duration, Instant};

use crate::game::{Game, Outcome, Status};
use crate::movegen::{Move, MoveList};

use super::eval::{Score, evaluate};
use super::tt::{Bound, Table};
use super::{Control, Iteration};

/// A won game: better than any evaluation. Wins sooner score higher.
pub const MATE: Score = 1_000_000;
pub const MAX_PLY: usize = 128;
/// Scores beyond this are forced wins or losses.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
const INFINITY: Score = MATE + 1;

/// How often (in nodes) the clock and the cancel flag are read.
const CHECK_EVERY: u64 = 512;

pub struct Searcher<'a> {
    game: Game,
    tt: &'a mut Table,
    control: &'a Control,
    deadline: Instant,
    node_limit: u64,
    pub nodes: u64,
    aborted: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
}

/// The outcome of one call to [`Searcher::run`].
pub struct Found {
    pub best: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub aborted: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(
        game: Game,
        tt: &'a mut Table,
        control: &'a Control,
        deadline: Instant,
        node_limit: u64,
    ) -> Searcher<'a> {
        Searcher {
            game,
            tt,
            control,
            deadline,
            node_limit,
            nodes: 0,
            aborted: false,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 128 * 128],
        }
    }

    /// Deepens one ply at a time up to `max_depth`, while time allows (a new iteration is not
    /// started past `soft_limit`), and stops early once the result is forced.
    pub fn run(
        &mut self,
        max_depth: u32,
        start: Instant,
        soft_limit: Duration,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Found {
        let mut root_moves: Vec<Move> = self.game.legal_moves().to_vec();
        let mut found = Found {
            best: root_moves.first().copied(),
            score: 0,
            depth: 0,
            aborted: false,
        };
        if root_moves.len() <= 1 {
            return found; // nothing to think about
        }
        for depth in 1..=max_depth {
            let (best, score, completed) = self.root(depth, &mut root_moves);
            if let Some(best) = best {
                // A move that beat the previous best within a cut-short iteration was searched
                // completely, so it is safe to prefer it.
                found.best = Some(best);
                found.score = score;
            }
            if !completed {
                found.aborted = true;
                break;
            }
            found.depth = depth;
            on_iteration(&Iteration {
                depth,
                score,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                best: found.best,
            });
            if score.abs() >= MATE_BOUND || start.elapsed() >= soft_limit {
                break;
            }
        }
        found
    }

    /// Searches every root move; the best goes to the front for the next iteration. Returns the
    /// best move whose search completed, its score, and whether the whole iteration completed.
    fn root(&mut self, depth: u32, moves: &mut [Move]) -> (Option<Move>, Score, bool) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(usize, Score)> = None;
        for (i, &mv) in moves.iter().enumerate() {
            self.game.make(mv);
            let score = if i == 0 {
                -self.negamax(depth as i32 - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(depth as i32 - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.aborted {
                    -self.negamax(depth as i32 - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            self.game.unmake();
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((i, score));
            }
        }
        let Some((i, score)) = best else {
            return (None, 0, false);
        };
        // Keep the best first; the rest keep their order (stable across iterations).
        moves[..=i].rotate_right(1);
        let key = self.game.position().hash();
        if !self.aborted {
            self.tt
                .store(key, depth, score, Bound::Exact, Some(moves[0]));
        }
        (Some(moves[0]), score, !self.aborted)
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes % CHECK_EVERY == 0
            && (self.control.is_cancelled()
                || Instant::now() >= self.deadline
                || self.nodes >= self.node_limit)
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(&mut self, depth: i32, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Status::Over(outcome) = self.game.status() {
            return match outcome {
                Outcome::Draw { .. } => 0,
                Outcome::Win { winner, .. } if winner == self.game.side_to_move() => {
                    MATE - ply as Score
                }
                Outcome::Win { .. } => -(MATE - ply as Score),
            };
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return evaluate(self.game.position());
        }

        let key = self.game.position().hash();
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.best;
            if hit.depth >= depth as u32 {
                let score = from_tt(hit.score, ply);
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        let mut moves = MoveList::new();
        crate::movegen::generate(self.game.position(), &mut moves);
        let mut keys = [0i32; crate::movegen::MAX_MOVES];
        self.order(&moves, tt_move, ply, &mut keys);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection sort step: the next best-ordered move.
            let j = (i..moves.len()).max_by_key(|&j| keys[j]).unwrap_or(i);
            let mv = moves[j];
            keys.swap(i, j);
            moves.as_mut_slice().swap(i, j);
            let quiet = keys[i] < KILLER_KEY;

            self.game.make(mv);
            let score = if i == 0 {
                -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late, quiet moves are searched shallower first (late move reduction).
                let reduction = if depth >= 3 && i >= 4 && quiet {
                    if i >= 12 { 2 } else { 1 }
                } else {
                    0
                };
                let mut s = -self.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduction > 0 && !self.aborted {
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            self.game.unmake();
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    if quiet {
                        self.remember_cutoff(mv, depth, ply);
                    }
                    break;
                }
            }
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, depth as u32, to_tt(best_score, ply), bound, best_move);
        best_score
    }

    fn order(&self, moves: &MoveList, tt_move: Option<Move>, ply: usize, keys: &mut [i32]) {
        let pos = self.game.position();
        let killers = self.killers[ply];
        for (i, &mv) in moves.iter().enumerate() {
            keys[i] = if Some(mv) == tt_move {
                TT_KEY
            } else if pos.captures_with(mv) {
                CAPTURE_KEY
            } else if killers[0] == Some(mv) {
                KILLER_KEY + 1
            } else if killers[1] == Some(mv) {
                KILLER_KEY
            } else {
                self.history[history_index(mv)].min(KILLER_KEY - 1)
            };
        }
    }

    fn remember_cutoff(&mut self, mv: Move, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[history_index(mv)];
        *h = (*h + depth * depth).min(KILLER_KEY - 1);
    }
}

const TT_KEY: i32 = 1 << 30;
const CAPTURE_KEY: i32 = 1 << 29;
const KILLER_KEY: i32 = 1 << 28;

#[inline]
fn history_index(mv: Move) -> usize {
    mv.from.index() * 128 + mv.to.index()
}

/// Mate scores are stored relative to the node, so that they stay right at other depths.
fn to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}
