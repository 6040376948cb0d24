//! Iterative deepening principal variation search with a transposition table, killer moves and
//! the history heuristic, on one thread or several. The game itself knows every rule
//! (repetition and the draw counter included), so a node whose game is over is scored exactly.
//!
//! Several threads search the same root and share the table (Lazy SMP): each deepens on its
//! own, and what one thread stores the others read. At nodes searched deep enough, a thread
//! puts off the moves another thread is searching there (ABDADA), so that they split the work
//! instead of repeating it. The first thread to complete a depth publishes it; a thread still
//! on that depth drops its iteration and moves on. One thread searches exactly as a
//! single-threaded engine does, deterministically.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::engine::board::{BitBoard, MoveBuffer};
use crate::engine::game::{GameOf, Outcome, Status};
use crate::engine::lock::lock;
use crate::engine::movegen::Move;
use crate::engine::position::{PositionOf, Side};

use super::control::Control;
use super::eval::evaluate_with;
use super::path::PathState;
use super::score::{Score, highest_score_with_chance, winning_chance};
use super::tt::{Bound, Table};
use super::variety::Variety;
use super::weights::Weights;

/// Progress after each completed iteration of a search.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    /// From the point of view of the side to move.
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub best: Option<Move>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play: always legal, `None` only when cancelled or when there is no move.
    pub best: Option<Move>,
    /// From the point of view of the side to move; beyond [`MATE_BOUND`] a forced result.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The search was cancelled: nothing should be played.
    pub cancelled: bool,
    /// What the judged move ([`super::SearchSettings::judge`]) is worth, from the iteration
    /// of `score`, and from the iteration before it.
    pub judgement: Option<Judgement>,
    pub earlier: Option<Judgement>,
}

pub use super::score::{MATE, MATE_BOUND, MAX_PLY};
const INFINITY: Score = MATE + 1;

/// How often (in nodes) the clock, the cancel flag and the other threads are read.
const CHECK_EVERY: u64 = 512;

/// Helpers share out the moves of nodes searched at least this deep (see `Shared::busy`).
const SHARE_DEPTH: i32 = 2;
/// Slots of the table of moves being searched.
const BUSY_SLOTS: usize = 1 << 15;

/// Contempt: a side that stands at least this well at the root (by the evaluation) counts a
/// draw as a loss of [`CONTEMPT`], so that it plays on for the win instead of letting the draw
/// counter run out; its opponent counts the same draw as that much gained.
const CONTEMPT_FROM: Score = 50;
const CONTEMPT: Score = 100;

// A score at or past MATE_BOUND is read as a won or lost game; no evaluation may look like one.
const _: () = assert!(super::eval::MAX_EVAL + CONTEMPT < MATE_BOUND);

/// Null-move pruning tries a pass at nodes searched at least this deep: never within normal's
/// three plies, whose root moves are searched two deep.
const NULL_MOVE_DEPTH: i32 = 3;
/// ... and only where the side to move has this many moves, away from the blockades where
/// having to move is what loses (a side without a move loses).
const NULL_MOVE_MIN_MOVES: usize = 8;

/// The deepest completed iteration of a search.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub best: Option<Move>,
    pub score: Score,
    pub depth: u32,
    /// The judged move's worth, from the same iteration (when the root judges one) ...
    pub judgement: Option<Judgement>,
    /// ... and from the iteration before.
    pub earlier: Option<Judgement>,
}

/// The review's question at the root: what is the move the game played worth beside the best?
/// Asked within the search itself, so that both come from one iteration of one tree (the same
/// depth, table and bounds): two searches differ by more than most moves cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    /// The move the game played.
    pub played: Move,
    /// The best move stands out when every other costs at least this much of the mover's
    /// winning chance, in thousandths ...
    pub stands_out_per_mille: u16,
    /// ... and is the only move when every other costs at least this much (no less than
    /// `stands_out_per_mille`: an only move stands out).
    pub only_loss_per_mille: u16,
}

/// The answer to a [`Judge`], from one iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// That iteration's best move and its score.
    pub best: Move,
    pub score: Score,
    /// The played move's own score (searched with a full window, so exact).
    pub played: Score,
    /// The played move is the best and every other costs at least the judge's margin ...
    pub stands_out: bool,
    /// ... or even its only move's loss.
    pub only: bool,
}

/// What the threads of one search share.
pub struct Shared<'a> {
    table: &'a Table,
    control: &'a Control,
    /// The evaluation's weights for the game searched.
    weights: &'a Weights,
    deadline: Instant,
    node_limit: u64,
    max_depth: u32,
    /// Nodes of every thread, added in batches of [`CHECK_EVERY`].
    nodes: AtomicU64,
    /// The search is over: every thread returns.
    stop: AtomicBool,
    /// `found.depth`, readable without the lock.
    completed: AtomicU32,
    found: Mutex<Found>,
    /// With several threads: the moves being searched, as hashes of node and move, so that
    /// the others can search something else first. A lost or overwritten mark only costs a
    /// little duplicated work.
    busy: Option<Vec<AtomicU64>>,
    /// How the root chooses among its moves (variety, the judged move).
    root: RootChoice,
}

/// How the root chooses: among the moves nearly as good as the best (variety), and what it
/// judges beside its choice (the review's played move).
#[derive(Clone, Copy, Debug, Default)]
pub struct RootChoice {
    pub variety: Option<Variety>,
    pub judge: Option<Judge>,
}

impl RootChoice {
    /// The bonus a root move gets: a number from 0 to the margin drawn from the seed, the
    /// position and the move, so that the same seed in the same position always gives the
    /// same bonus. The root then plays the move whose score plus bonus is highest: always one
    /// within the margin of the best.
    fn bonus(&self, position: u64, mv: Move) -> Score {
        let Some(Variety { seed, margin }) = self.variety else {
            return 0;
        };
        if margin <= 0 {
            return 0;
        }
        let code = (u64::from(mv.from.index() as u16) << 16) | u64::from(mv.to.index() as u16);
        let mut z = seed ^ position.rotate_left(17) ^ code.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % (margin as u64 + 1)) as Score
    }
}

impl<'a> Shared<'a> {
    pub fn new(
        table: &'a Table,
        control: &'a Control,
        deadline: Instant,
        node_limit: u64,
        max_depth: u32,
        threads: usize,
        weights: &'a Weights,
    ) -> Shared<'a> {
        Shared {
            busy: (threads > 1).then(|| {
                std::iter::repeat_with(|| AtomicU64::new(0))
                    .take(BUSY_SLOTS)
                    .collect()
            }),
            table,
            control,
            weights,
            deadline,
            node_limit,
            max_depth,
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            completed: AtomicU32::new(0),
            found: Mutex::new(Found {
                best: None,
                score: 0,
                depth: 0,
                judgement: None,
                earlier: None,
            }),
            root: RootChoice::default(),
        }
    }

    /// The root chooses as `root` says.
    pub fn with_root(mut self, root: RootChoice) -> Shared<'a> {
        self.root = root;
        self
    }

    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub fn found(&self) -> Found {
        *lock(&self.found)
    }

    /// Ends the search for every thread.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Marks a move as being searched at a node; `leave` removes the mark.
    fn enter(&self, node: u64, mv: Move) -> Option<(usize, u64)> {
        let busy = self.busy.as_ref()?;
        let mark = busy_mark(node, mv);
        let slot = mark as usize & (BUSY_SLOTS - 1);
        busy[slot].store(mark, Ordering::Relaxed);
        Some((slot, mark))
    }

    fn leave(&self, (slot, mark): (usize, u64)) {
        if let Some(busy) = &self.busy {
            let _ = busy[slot].compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    fn is_busy(&self, node: u64, mv: Move) -> bool {
        self.busy.as_ref().is_some_and(|busy| {
            let mark = busy_mark(node, mv);
            busy[mark as usize & (BUSY_SLOTS - 1)].load(Ordering::Relaxed) == mark
        })
    }

    /// Records a completed iteration if it is the deepest yet. A forced result ends the search.
    fn publish(&self, depth: u32, best: Move, score: Score, judgement: Option<Judgement>) {
        let mut found = lock(&self.found);
        if depth > found.depth || found.best.is_none() {
            let earlier = found.judgement.filter(|_| found.depth + 1 == depth);
            *found = Found {
                best: Some(best),
                score,
                depth,
                judgement,
                earlier,
            };
            self.completed.store(depth, Ordering::Relaxed);
        }
        if score.abs() >= MATE_BOUND {
            self.stop();
        }
    }
}

/// Why a thread left its iteration.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Abort {
    /// Another thread completed this depth first: go on with the next.
    Overtaken,
    /// Time, nodes, cancel or the end of the search: return.
    Stop,
}

pub struct Searcher<'s, 'a, B: BitBoard> {
    game: GameOf<B>,
    shared: &'s Shared<'a>,
    /// 0 for the thread that reports and decides when to stop; helpers count from 1.
    id: usize,
    nodes: u64,
    /// The depth of the iteration under way.
    iteration: u32,
    /// The side to move at the root, and what a draw is worth to it.
    root_side: Side,
    draw: Score,
    abort: Option<Abort>,
    /// The judged root move's exact score in the iteration under way, once searched.
    judged_score: Option<Score>,
    path: [PathState; MAX_PLY + 1],
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
}

impl<'s, 'a, B: BitBoard> Searcher<'s, 'a, B> {
    pub fn new(game: GameOf<B>, shared: &'s Shared<'a>, id: usize) -> Searcher<'s, 'a, B> {
        let mut path = [PathState::default(); MAX_PLY + 1];
        path[0] = PathState::of_game(&game);
        let draw = draw_value(game.position(), shared.weights);
        Searcher {
            root_side: game.side_to_move(),
            draw,
            game,
            shared,
            id,
            nodes: 0,
            iteration: 0,
            abort: None,
            judged_score: None,
            path,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; B::CAPACITY * B::CAPACITY],
        }
    }

    /// Deepens one ply at a time up to the maximum depth, while time allows. The main thread
    /// (id 0) does not start a new iteration past `soft_limit`, stops once the result is
    /// forced, reports each completed depth, and returns the best move found; helpers search
    /// until it stops them.
    pub fn run(
        &mut self,
        start: Instant,
        soft_limit: Duration,
        mut on_iteration: Option<&mut dyn FnMut(&Iteration)>,
    ) -> Found {
        let shared = self.shared;
        let judging = shared.root.judge.is_some();
        let mut root_moves: Vec<Move> = self.game.legal_moves().iter().copied().collect();
        if root_moves.len() <= 1 && !judging {
            // Nothing to think about (a judged position still wants its score).
            if let Some(&only) = root_moves.first() {
                shared.publish(0, only, 0, None);
            }
            return self.finish();
        }
        let main = self.id == 0;
        // A move that beat the previous best within a cut-short iteration was searched
        // completely, so the main thread may prefer it to the last completed iteration's.
        let mut improvement: Option<(u32, Move, Score)> = None;
        let mut reported = 0;
        loop {
            let next = shared.completed.load(Ordering::Relaxed) + 1;
            // Odd helpers search one ply ahead of the others, so that the deeper results they
            // leave in the table guide the rest instead of repeating the same iteration.
            let depth = if self.id % 2 == 1 && next < shared.max_depth {
                next + 1
            } else {
                next
            };
            if depth > shared.max_depth || shared.stop.load(Ordering::Relaxed) {
                break;
            }
            self.iteration = depth;
            self.abort = None;
            let (best, score, judgement) = self.root(depth, &mut root_moves);
            match (self.abort, best) {
                (None, Some(best)) => shared.publish(depth, best, score, judgement),
                // (A judgement needs the whole iteration.)
                (Some(Abort::Stop), Some(best)) if main && !judging => {
                    improvement = Some((depth, best, score))
                }
                _ => {}
            }
            if main {
                let found = shared.found();
                if found.depth > reported {
                    reported = found.depth;
                    if let Some(report) = on_iteration.as_mut() {
                        report(&Iteration {
                            depth: found.depth,
                            score: found.score,
                            nodes: shared.nodes() + self.nodes % CHECK_EVERY,
                            elapsed: start.elapsed(),
                            best: found.best,
                        });
                    }
                }
                if self.abort == Some(Abort::Stop)
                    || found.score.abs() >= MATE_BOUND
                    || start.elapsed() >= soft_limit
                {
                    break;
                }
            } else if self.abort == Some(Abort::Stop) {
                break;
            }
        }
        if main {
            shared.stop();
        }
        let mut found = self.finish();
        if let Some((depth, best, score)) = improvement {
            // (Never over a forced result that a helper published.)
            if depth == found.depth + 1 && found.score.abs() < MATE_BOUND {
                found.best = Some(best);
                found.score = score;
            }
        }
        // Even an iteration cut short before its first move has a legal move to play.
        found.best = found.best.or(root_moves.first().copied());
        found
    }

    /// Adds this thread's last nodes to the total and returns the deepest completed iteration.
    fn finish(&mut self) -> Found {
        self.shared
            .nodes
            .fetch_add(self.nodes % CHECK_EVERY, Ordering::Relaxed);
        self.shared.found()
    }

    /// Searches every root move; the best goes to the front for the next iteration. Returns the
    /// best move whose search completed, its score, and the judged move's worth beside it;
    /// `self.abort` tells whether the whole iteration completed.
    fn root(&mut self, depth: u32, moves: &mut [Move]) -> (Option<Move>, Score, Option<Judgement>) {
        self.judged_score = None;
        // `alpha` and the scores compared with it include each move's bonus (see
        // `RootChoice::bonus`); what is published and stored is the move's own score.
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(usize, Score, Score)> = None;
        // With helpers, root moves another thread is on come last, as at any node.
        let node = self.path[0].key(&self.game, depth as i32);
        let share = self.shared.busy.is_some();
        let mut deferred = Vec::new();
        let order: Vec<usize> = (0..moves.len()).collect();
        for (n, i) in order.into_iter().enumerate() {
            if share && n > 0 && self.shared.is_busy(node, moves[i]) {
                deferred.push(i);
                continue;
            }
            if !self.root_move(depth, moves, i, node, &mut alpha, beta, &mut best) {
                deferred.clear();
                break;
            }
        }
        for i in deferred {
            if !self.root_move(depth, moves, i, node, &mut alpha, beta, &mut best) {
                break;
            }
        }
        let Some((i, _, score)) = best else {
            return (None, 0, None);
        };
        // Keep the best first; the rest keep their order (stable across iterations).
        moves[..=i].rotate_right(1);
        if self.abort.is_some() {
            return (Some(moves[0]), score, None);
        }
        let key = self.path[0].key(&self.game, depth as i32);
        self.shared
            .table
            .store(key, depth, score, Bound::Exact, Some(moves[0]));
        let judgement = match (self.shared.root.judge, self.judged_score) {
            (Some(judge), Some(played)) => {
                // The wider look only where the narrower one passed (an only move stands out).
                let stands_out = judge.played == moves[0]
                    && moves.len() > 1
                    && self.others_cost(depth, moves, score, judge.stands_out_per_mille);
                let only =
                    stands_out && self.others_cost(depth, moves, score, judge.only_loss_per_mille);
                // (An abort within those looks leaves the iteration incomplete.)
                Some(Judgement {
                    best: moves[0],
                    score,
                    played,
                    stands_out,
                    only,
                })
            }
            _ => None,
        };
        (Some(moves[0]), score, judgement)
    }

    /// Whether every root move but the first (the best, scoring `best`) costs at least
    /// `loss_per_mille` of the winning chance: one null-window look at each against the highest
    /// score that costs that much, in the same iteration and table as the best's own score.
    fn others_cost(
        &mut self,
        depth: u32,
        moves: &[Move],
        best: Score,
        loss_per_mille: u16,
    ) -> bool {
        let chance = winning_chance(best) - f64::from(loss_per_mille) / 1000.0;
        let Some(bar) = highest_score_with_chance(chance) else {
            // No move can lose that much from here.
            return false;
        };
        for &mv in &moves[1..] {
            self.game.make(mv);
            let score = -self.negamax(depth as i32 - 1, -bar - 1, -bar, 1, true);
            self.game.unmake();
            if self.abort.is_some() || score > bar {
                return false;
            }
        }
        true
    }

    /// Searches root move `i`, raising `alpha` and `best`; false once the search is aborted.
    #[allow(clippy::too_many_arguments)]
    fn root_move(
        &mut self,
        depth: u32,
        moves: &[Move],
        i: usize,
        node: u64,
        alpha: &mut Score,
        beta: Score,
        best: &mut Option<(usize, Score, Score)>,
    ) -> bool {
        let mv = moves[i];
        // Once a forced result is in hand, moves are compared by their own scores.
        let bonus = if alpha.abs() >= MATE_BOUND {
            0
        } else {
            self.shared.root.bonus(self.game.position().hash(), mv)
        };
        let mark = self.shared.enter(node, mv);
        self.game.make(mv);
        // The move's own score beats `alpha` when it beats `alpha - bonus`.
        let target = (*alpha - bonus).max(-INFINITY);
        let judged = self.shared.root.judge.is_some_and(|j| j.played == mv);
        let score = if judged {
            // The judged move gets the whole window, below alpha too: an exact score.
            -self.negamax(depth as i32 - 1, -beta, INFINITY, 1, true)
        } else if best.is_none() {
            -self.negamax(depth as i32 - 1, -beta, -target, 1, true)
        } else {
            let s = -self.negamax(depth as i32 - 1, -target - 1, -target, 1, true);
            if s > target && self.abort.is_none() {
                -self.negamax(depth as i32 - 1, -beta, -target, 1, true)
            } else {
                s
            }
        };
        self.game.unmake();
        if let Some(mark) = mark {
            self.shared.leave(mark);
        }
        if self.abort.is_some() {
            return false;
        }
        if judged {
            self.judged_score = Some(score);
        }
        if score + bonus > *alpha {
            *alpha = score + bonus;
            *best = Some((i, score + bonus, score));
        }
        true
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes % CHECK_EVERY == 0 {
            let shared = self.shared;
            let total = shared.nodes.fetch_add(CHECK_EVERY, Ordering::Relaxed) + CHECK_EVERY;
            if shared.stop.load(Ordering::Relaxed)
                || shared.control.is_cancelled()
                || Instant::now() >= shared.deadline
                || total >= shared.node_limit
            {
                self.abort = Some(Abort::Stop);
            } else if shared.completed.load(Ordering::Relaxed) >= self.iteration {
                self.abort = Some(Abort::Overtaken);
            }
        }
        self.abort.is_some()
    }

    fn negamax(
        &mut self,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        may_pass: bool,
    ) -> Score {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Status::Over(outcome) = self.game.status() {
            return match outcome {
                Outcome::Draw { .. } if self.game.side_to_move() == self.root_side => self.draw,
                Outcome::Draw { .. } => -self.draw,
                Outcome::Win { winner, .. } if winner == self.game.side_to_move() => {
                    MATE - ply as Score
                }
                Outcome::Win { .. } => -(MATE - ply as Score),
            };
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return evaluate_with(self.game.position(), self.shared.weights);
        }

        self.path[ply] = self.path[ply - 1].after(&self.game);
        let key = self.path[ply].key(&self.game, depth);
        let mut tt_move = None;
        if let Some(hit) = self.shared.table.probe(key) {
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

        let mut moves = B::Moves::default();
        crate::engine::movegen::generate(self.game.position(), &mut moves);
        if may_pass
            && depth >= NULL_MOVE_DEPTH
            && beta - alpha == 1
            && beta.abs() < MATE_BOUND
            && moves.len() >= NULL_MOVE_MIN_MOVES
            && evaluate_with(self.game.position(), self.shared.weights) >= beta
        {
            // Null-move pruning: if the side to move, standing at or above beta, could pass
            // and still hold beta against a shallower search, its real moves (almost always
            // better than passing in tafl) will too.
            let reduction = if depth >= 6 { 3 } else { 2 };
            let passed = self.game.passed();
            let game = std::mem::replace(&mut self.game, passed);
            let score = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
            self.game = game;
            if self.abort.is_some() {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }
        let mut keys = B::keys();
        let keys = keys.as_mut();
        self.order(&moves, tt_move, ply, keys);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        // With helpers, a move another thread is searching here is put off to the end
        // (ABDADA): by then its result is likely in the table.
        let share = self.shared.busy.is_some() && depth >= SHARE_DEPTH;
        let mut deferred = B::indices();
        let deferred = deferred.as_mut();
        let (mut next, mut n_deferred, mut next_deferred) = (0, 0, 0);
        let mut searched = 0;
        loop {
            let k = if next < moves.len() {
                // Selection sort step: the next best-ordered move.
                let i = next;
                next += 1;
                let j = (i..moves.len()).max_by_key(|&j| keys[j]).unwrap_or(i);
                keys.swap(i, j);
                moves.as_mut_slice().swap(i, j);
                if share && searched > 0 && self.shared.is_busy(key, moves[i]) {
                    deferred[n_deferred] = i as u16;
                    n_deferred += 1;
                    continue;
                }
                i
            } else if next_deferred < n_deferred {
                next_deferred += 1;
                deferred[next_deferred - 1] as usize
            } else {
                break;
            };
            let mv = moves[k];
            let quiet = keys[k] < KILLER_KEY;
            let i = searched;
            searched += 1;

            let mark = if share {
                self.shared.enter(key, mv)
            } else {
                None
            };
            self.game.make(mv);
            let score = if i == 0 {
                -self.negamax(depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                // Late, quiet moves are searched shallower first (late move reduction), except
                // the king's moves and moves next to him: the ones that win or lose games.
                let reduction = if depth >= 3 && i >= 4 && quiet && !near_king(&self.game, mv) {
                    if i >= 12 { 2 } else { 1 }
                } else {
                    0
                };
                let mut s = -self.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && reduction > 0 && self.abort.is_none() {
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta && self.abort.is_none() {
                    s = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.game.unmake();
            if let Some(mark) = mark {
                self.shared.leave(mark);
            }
            if self.abort.is_some() {
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
        self.shared
            .table
            .store(key, depth as u32, to_tt(best_score, ply), bound, best_move);
        best_score
    }

    fn order(&self, moves: &[Move], tt_move: Option<Move>, ply: usize, keys: &mut [i32]) {
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
                self.history[history_index::<B>(mv)].min(KILLER_KEY - 1)
            };
        }
    }

    fn remember_cutoff(&mut self, mv: Move, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[history_index::<B>(mv)];
        *h = (*h + depth * depth).min(KILLER_KEY - 1);
    }
}

/// What a draw is worth to the side to move at the root: nothing, or a loss of [`CONTEMPT`]
/// where the evaluation (its level included) has that side standing well.
fn draw_value<B: BitBoard>(root: &PositionOf<B>, weights: &Weights) -> Score {
    if evaluate_with(root, weights) >= CONTEMPT_FROM {
        -CONTEMPT
    } else {
        0
    }
}

const TT_KEY: i32 = 1 << 30;
const CAPTURE_KEY: i32 = 1 << 29;
const KILLER_KEY: i32 = 1 << 28;

/// A move of the king, or to a square beside him (the position after the move is on the board).
fn near_king<B: BitBoard>(game: &GameOf<B>, mv: Move) -> bool {
    let pos = game.position();
    let king = pos.king();
    mv.to == king
        || pos
            .variant()
            .geometry
            .neighbours(B::square(king))
            .contains(mv.to)
}

/// A node and a move as one non-zero word.
fn busy_mark(node: u64, mv: Move) -> u64 {
    let index = mv.from.index() * crate::engine::bits::MAX_SQUARES + mv.to.index();
    (node ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
}

#[inline]
fn history_index<B: BitBoard>(mv: Move) -> usize {
    mv.from.index() * B::CAPACITY + mv.to.index()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::proof;
    use crate::engine::notation::{parse_move, parse_square};
    use crate::engine::position::Position;
    use crate::engine::variant::{RuleOptions, VariantKind};

    use crate::engine::bits::Bits11;
    use crate::engine::game::Game;

    /// Copenhagen: a lone king on a6 beside attackers on a7, c6 and a4, and an attacker on j2
    /// that shuffles. After c6-b6 the king's only move is a6-a5.
    fn start() -> Game {
        let v = VariantKind::Copenhagen.rules();
        let sq = |s| parse_square(&v.geometry, s).expect("square");
        let attackers = ["a7", "c6", "a4", "j2"].into_iter().map(sq).collect();
        let pos = Position::from_parts(v, attackers, Default::default(), sq("a6"), Side::Attackers)
            .expect("valid");
        Game::from_position(pos, RuleOptions::default())
    }

    fn play(game: &mut Game, moves: &str) {
        for text in moves.split_whitespace() {
            let (mv, _) = parse_move(&game.variant().geometry, text).expect("move");
            game.play(mv).expect("legal");
        }
    }

    fn search(game: &Game, table: &Table, depth: u32) -> Found {
        let control = Control::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        let weights = crate::ai::weights::shipped().get(game.variant().kind);
        let shared = Shared::new(table, &control, deadline, u64::MAX, depth, 1, weights);
        let small = game.narrow::<Bits11>().expect("an 11x11 board");
        Searcher::new(small, &shared, 0).run(Instant::now(), Duration::MAX, None)
    }

    #[test]
    fn the_level_decides_whether_a_side_plays_on_rather_than_draw() {
        // A level for the side to move makes it count a draw as a loss; one against it, not.
        for kind in [VariantKind::Copenhagen, VariantKind::Hnefatafl13] {
            let start = Position::start(kind);
            let mut w = crate::ai::weights::shipped().get(kind).clone();
            let for_mover = match start.side_to_move() {
                Side::Defenders => 2_000,
                Side::Attackers => -2_000,
            };
            w.level = for_mover;
            assert_eq!(draw_value(&start, &w), -CONTEMPT, "{kind:?}");
            w.level = -for_mover;
            assert_eq!(draw_value(&start, &w), 0, "{kind:?}");
        }
    }

    #[test]
    fn a_result_that_rests_on_a_repetition_stays_on_its_path() {
        // With this history the position after the king's a6-a5 has occurred twice, so after
        // c6-b6 the king's forced a6-a5 is a third occurrence: the attackers win.
        let mut shuffled = start();
        play(
            &mut shuffled,
            "c6-b6 a6-a5 j2-j3 a5-b5 j3-j2 b5-a5 b6-c6 a5-a6",
        );
        let fresh = start();
        assert_eq!(shuffled.position(), fresh.position());
        let c6b6 = parse_move(&fresh.variant().geometry, "c6-b6")
            .expect("move")
            .0;
        let table = Table::new(1 << 20);
        let found = search(&shuffled, &table, 4);
        assert_eq!(found.best, Some(c6b6));
        assert!(found.score >= MATE_BOUND, "a forced win: {}", found.score);
        assert!(proof::move_wins_within(&shuffled, c6b6, 3));

        // The same position without that history, on the same table: c6-b6 wins nothing.
        assert!(!proof::move_wins_within(&fresh, c6b6, 5));
        let found = search(&fresh, &table, 4);
        if found.score >= MATE_BOUND {
            let plies = (MATE - found.score) as u32;
            let best = found.best.expect("a move");
            assert!(
                proof::move_wins_within(&fresh, best, plies),
                "a forced win in {plies} with {best:?} that does not exist"
            );
        }
    }
}
