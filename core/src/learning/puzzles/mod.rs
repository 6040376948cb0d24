//! Puzzles proven by exhaustive search: positions in which the side to move forces a win, with
//! one first move that wins fastest, the whole main line against the longest defence, a theme
//! and a difficulty grade (see `docs/puzzles.md`).
//!
//! Everything here is decided by a plain AND-OR search over every legal move of both sides,
//! through [`Game::make`], so that every rule of the game decides (no evaluation, no pruning
//! beyond "this move already wins"). A puzzle's game starts at its position: no history, draw
//! counter 0. Within the few plies of a puzzle no position can occur a third time, and the
//! draw counter cannot run out, so a puzzle's answer never depends on a game's past.
//!
//! A puzzle file has the columns of the tactics suite (`core/tests/data/tactics.csv`) followed
//! by `solution`, `theme` and `rating`:
//! `variant,position,turn,plies,move,source,solution,theme,rating`. [`check_line`] re-proves a
//! line of either format.

use std::collections::HashSet;
use std::fmt;
use std::sync::LazyLock;

use crate::engine::explain::{self, CaptureKind};
use crate::engine::game::{Game, Outcome, Status, WinReason};
use crate::engine::moves::Move;
use crate::engine::notation::{format_move, parse_move, parse_position};
use crate::engine::position::Side;
use crate::engine::variant::{RuleOptions, VariantKind};

pub mod dashboard;
mod refute;
mod run;
pub mod runs;
pub mod words;

pub use crate::ai::proof::{OutOfBudget, Prover};
pub use refute::{DEEPEN_BUDGET, Holds, MAX_HORIZON, Refutation};
pub use run::{Applied, Progress, PuzzleRun, Verdict, judge, judge_until};

/// The puzzles that ship with the app (`core/data/puzzles.csv`).
pub const SHIPPED_CSV: &str = include_str!("../../../data/puzzles.csv");

/// The shipped puzzles, read once. A line that does not read is left out (the test suite
/// proves that none is).
static SHIPPED: LazyLock<Vec<Puzzle>> = LazyLock::new(|| {
    SHIPPED_CSV
        .lines()
        .enumerate()
        .filter(|(_, line)| !is_skipped(line))
        .filter_map(|(i, line)| parse_row(i + 1, line).ok()?.puzzle())
        .collect()
});

/// The shipped puzzles, in the file's order.
pub fn shipped() -> &'static [Puzzle] {
    &SHIPPED
}

/// The shipped puzzle with this [`Puzzle::key`].
pub fn find(key: &str) -> Option<&'static Puzzle> {
    shipped().iter().find(|p| p.key() == key)
}

/// How far from the player's rating a puzzle is first looked for; the window doubles until a
/// puzzle is found.
const WINDOW: u32 = 150;

/// A puzzle of `kind` near `rating` that is not in `done` (keys), chosen by `seed` among the
/// nearest: within 150 points if there are any, else 300, and so on. When every puzzle of the
/// game is done, the done ones are offered again.
pub fn choose(
    kind: VariantKind,
    rating: f64,
    done: &HashSet<String>,
    seed: u64,
) -> Option<&'static Puzzle> {
    let of_game: Vec<&Puzzle> = shipped()
        .iter()
        .filter(|p| p.game.variant().kind == kind)
        .collect();
    let fresh: Vec<&Puzzle> = of_game
        .iter()
        .copied()
        .filter(|p| !done.contains(&p.key()))
        .collect();
    let pool = if fresh.is_empty() { of_game } else { fresh };
    let rating = rating.max(0.0);
    let mut window = f64::from(WINDOW);
    loop {
        let near: Vec<&Puzzle> = pool
            .iter()
            .copied()
            .filter(|p| (f64::from(p.rating) - rating).abs() <= window)
            .collect();
        if !near.is_empty() {
            return Some(near[pick(seed, near.len())]);
        }
        if pool.is_empty() || window > 10_000.0 {
            return None;
        }
        window *= 2.0;
    }
}

/// The day's puzzle of `kind`: the same for every player on day `day` (days since 1970-01-01),
/// a different one the next day, with no network.
pub fn daily(kind: VariantKind, day: i64) -> Option<&'static Puzzle> {
    let of_game: Vec<&Puzzle> = shipped()
        .iter()
        .filter(|p| p.game.variant().kind == kind)
        .collect();
    if of_game.is_empty() {
        return None;
    }
    Some(of_game[pick(day as u64, of_game.len())])
}

/// An index below `n` spread from `seed` (a multiplicative hash, so that neighbouring seeds
/// land far apart).
fn pick(seed: u64, n: usize) -> usize {
    ((seed.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11) % n as u64) as usize
}

/// The header line of a puzzle file.
pub const HEADER: &str = "variant,position,turn,plies,move,source,solution,theme,rating";

/// The header line of the tactics suite: the first six columns.
pub const SUITE_HEADER: &str = "variant,position,turn,plies,move,source";

/// What a puzzle teaches, from how its main line ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Theme {
    /// The king reaches an escape square.
    Escape,
    /// The attackers capture the king.
    KingCapture,
    /// The winner takes pieces with a shield wall on the way.
    ShieldWall,
    /// The king builds an exit fort.
    Fort,
    /// The attackers close an encirclement.
    Encirclement,
    /// The loser is left without a legal move (his pieces taken or blocked).
    Material,
}

impl Theme {
    pub const ALL: [Theme; 6] = [
        Theme::Escape,
        Theme::KingCapture,
        Theme::ShieldWall,
        Theme::Fort,
        Theme::Encirclement,
        Theme::Material,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Theme::Escape => "escape",
            Theme::KingCapture => "king-capture",
            Theme::ShieldWall => "shield-wall",
            Theme::Fort => "fort",
            Theme::Encirclement => "encirclement",
            Theme::Material => "material",
        }
    }

    pub fn parse(s: &str) -> Option<Theme> {
        let s = s.trim().replace(' ', "-");
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(&s))
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The puzzle walks over a proof: refutations, other wins, defences and main lines.
impl Prover {
    /// Every first move other than `except` that wins within `plies` plies, at most `limit`
    /// of them.
    pub fn other_wins(
        &mut self,
        except: Move,
        plies: u32,
        limit: usize,
    ) -> Result<Vec<Move>, OutOfBudget> {
        let mut found = Vec::new();
        for mv in self.legal_moves() {
            if mv != except && self.move_wins_within(mv, plies)? {
                found.push(mv);
                if found.len() >= limit {
                    break;
                }
            }
        }
        Ok(found)
    }

    /// For the losing side to move, with the winner to win within `plies` plies (this reply
    /// counted): how long each reply holds out, as the winner's shortest win after it (0 when
    /// the reply itself ends the game). In the order of the move generator.
    fn defences(&mut self, plies: u32) -> Result<Vec<(Move, u32)>, OutOfBudget> {
        let mut out = Vec::new();
        for reply in self.legal_moves() {
            self.make(reply)?;
            let held = if self.game().status().is_over() {
                Some(0)
            } else {
                self.shortest_win(plies.saturating_sub(1))?.map(|(p, _)| p)
            };
            self.unmake();
            // A reply after which the winner does not win in time: the line is no proof.
            out.push((reply, held.unwrap_or(u32::MAX)));
        }
        Ok(out)
    }

    /// The reply that holds out longest (the first of them in the generator's order), and how
    /// long the winner then needs.
    pub fn longest_defence(&mut self, plies: u32) -> Result<Option<(Move, u32)>, OutOfBudget> {
        let defences = self.defences(plies)?;
        let mut best: Option<(Move, u32)> = None;
        for (mv, held) in defences {
            if best.is_none_or(|(_, b)| held > b) {
                best = Some((mv, held));
            }
        }
        Ok(best)
    }

    /// The main line of a win within `plies` plies starting with `first`: the winner's
    /// shortest wins against the longest defence, up to the winning move.
    pub fn main_line(&mut self, first: Move, plies: u32) -> Result<Vec<Move>, OutOfBudget> {
        let root = self.game().plies();
        let mut line = vec![first];
        self.make(first)?;
        let mut left = plies - 1;
        let result = loop {
            if self.game().status().is_over() {
                break Ok(());
            }
            let Some((reply, held)) = self.longest_defence(left)? else {
                break Ok(());
            };
            line.push(reply);
            self.make(reply)?;
            if held == 0 || held == u32::MAX || self.game().status().is_over() {
                break Ok(());
            }
            let Some((_, mv)) = self.shortest_win(held)? else {
                break Ok(());
            };
            line.push(mv);
            self.make(mv)?;
            left = held - 1;
        };
        while self.game().plies() > root {
            self.unmake();
        }
        result.map(|()| line)
    }
}

/// A proven puzzle, as a line of a puzzle file.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub game: Game,
    /// The shortest win, in plies (the winning move counted).
    pub plies: u32,
    /// The only first move that wins that fast.
    pub first: Move,
    pub source: String,
    /// The main line: the first move, then the longest defence and the shortest wins.
    pub solution: Vec<Move>,
    pub theme: Theme,
    pub rating: u32,
}

/// What the mining of one position found.
#[derive(Clone, Debug)]
pub enum Mined {
    /// A puzzle.
    Puzzle(Box<Puzzle>),
    /// No forced win within the plies asked for.
    NoWin,
    /// A forced win, but another first move wins as fast (how many found, up to a few).
    NotUnique { plies: u32, winning: usize },
    /// The proof ran over its budget.
    OutOfBudget,
}

/// The measurable things a rating is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The shortest win, in plies.
    pub plies: u32,
    /// Legal first moves.
    pub branching: usize,
    /// Moves the prover played to prove that the first move wins (fresh prover, generator
    /// order).
    pub nodes: u64,
}

impl Difficulty {
    /// The grade: 600 for a win in one, 350 more for each further move of the winner, 120
    /// for each factor of ten in the proof's size, and 60 for each doubling of the choice of
    /// first moves beyond 16; rounded to tens and kept within 400..=2800.
    pub fn rating(self) -> u32 {
        let moves = f64::from(self.plies.div_ceil(2));
        let nodes = (self.nodes.max(1) as f64).log10();
        let choice = ((self.branching.max(1) as f64) / 16.0).log2().max(0.0);
        let r = 600.0 + 350.0 * (moves - 1.0) + 120.0 * nodes + 60.0 * choice;
        ((r / 10.0).round() as u32 * 10).clamp(400, 2800)
    }
}

/// Proves a position: its shortest win within `max_plies`, that the first move is the only
/// one that fast, the main line, the theme and the rating. `budget` bounds each of the proofs.
pub fn mine(game: &Game, max_plies: u32, budget: u64, source: &str) -> Mined {
    match mine_inner(game, max_plies, budget, source) {
        Ok(m) => m,
        Err(OutOfBudget) => Mined::OutOfBudget,
    }
}

fn mine_inner(
    game: &Game,
    max_plies: u32,
    budget: u64,
    source: &str,
) -> Result<Mined, OutOfBudget> {
    if game.status().is_over() {
        return Ok(Mined::NoWin);
    }
    let mut prover = Prover::new(game, budget);
    let Some((plies, first)) = prover.shortest_win(max_plies)? else {
        return Ok(Mined::NoWin);
    };
    let others = prover.other_wins(first, plies, 3)?;
    if !others.is_empty() {
        return Ok(Mined::NotUnique {
            plies,
            winning: 1 + others.len(),
        });
    }
    let solution = prover.main_line(first, plies)?;
    let mut fresh = Prover::new(game, budget);
    if !fresh.move_wins_within(first, plies)? {
        return Ok(Mined::NoWin);
    }
    let difficulty = Difficulty {
        plies,
        branching: game.legal_moves().len(),
        nodes: fresh.nodes(),
    };
    let Some(theme) = theme_of(game, &solution) else {
        return Ok(Mined::NoWin);
    };
    Ok(Mined::Puzzle(Box::new(Puzzle {
        game: game.clone(),
        plies,
        first,
        source: source.to_string(),
        solution,
        theme,
        rating: difficulty.rating(),
    })))
}

/// The theme of a line from `game`: a shield wall if one of the winner's moves takes pieces
/// by a shield wall, else what the last move wins by (an escape, the king's capture, an exit
/// fort, an encirclement; a loser left without moves is `material`). `None` if the line is
/// illegal or does not end in a win of the side to move.
pub fn theme_of(game: &Game, line: &[Move]) -> Option<Theme> {
    let mut g = game.clone();
    let winner = g.side_to_move();
    let mut shield_wall = false;
    for &mv in line {
        if g.side_to_move() == winner
            && explain::captures(g.position(), mv)
                .iter()
                .any(|c| c.kind == CaptureKind::ShieldWall)
        {
            shield_wall = true;
        }
        g.play(mv).ok()?;
    }
    let Status::Over(Outcome::Win { winner: w, reason }) = g.status() else {
        return None;
    };
    if w != winner {
        return None;
    }
    if shield_wall {
        return Some(Theme::ShieldWall);
    }
    Some(match reason {
        WinReason::KingEscaped => Theme::Escape,
        WinReason::KingCaptured => Theme::KingCapture,
        WinReason::ExitFort => Theme::Fort,
        WinReason::Encircled => Theme::Encirclement,
        WinReason::NoMoves => Theme::Material,
        WinReason::Repetition | WinReason::Resignation | WinReason::Time => return None,
    })
}

/// A line of moves in OTN with their captures, separated by spaces: `e2-e1 d4-d1xd2 ...`.
pub fn format_line(game: &Game, line: &[Move]) -> String {
    let mut g = game.clone();
    let mut out = Vec::new();
    for &mv in line {
        match g.play(mv) {
            Ok(played) => out.push(format_move(&g.variant().geometry, mv, played.captured)),
            Err(_) => out.push(format_move(&g.variant().geometry, mv, Default::default())),
        }
    }
    out.join(" ")
}

impl Puzzle {
    /// A name for the puzzle that stays when the file is reordered: its game, position and
    /// side to move, as in the file.
    pub fn key(&self) -> String {
        let pos = self.game.position();
        format!(
            "{}:{}:{}",
            pos.variant().kind.name(),
            pos.placement(),
            pos.side_to_move()
        )
    }

    /// The puzzle's line in a puzzle file.
    pub fn to_line(&self) -> String {
        let pos = self.game.position();
        let g = &pos.variant().geometry;
        format!(
            "{},{},{},{},{},{},{},{},{}",
            pos.variant().kind.name(),
            pos.placement(),
            pos.side_to_move(),
            self.plies,
            format_move(g, self.first, Default::default()),
            self.source,
            format_line(&self.game, &self.solution),
            self.theme,
            self.rating
        )
    }
}

/// One line of a puzzle file or of the tactics suite, read but not proven.
#[derive(Clone, Debug)]
pub struct Row {
    /// The line number in its file (1 for the first line).
    pub line: usize,
    pub game: Game,
    pub plies: u32,
    pub first: Move,
    pub source: String,
    /// The solution, theme and rating of a puzzle file (absent in the tactics suite).
    pub solution: Option<Vec<Move>>,
    pub theme: Option<Theme>,
    pub rating: Option<u32>,
}

impl Row {
    pub fn kind(&self) -> VariantKind {
        self.game.variant().kind
    }

    /// The row as a [`Puzzle`] (a puzzle file's row; `None` for the tactics suite's).
    pub fn puzzle(&self) -> Option<Puzzle> {
        Some(Puzzle {
            game: self.game.clone(),
            plies: self.plies,
            first: self.first,
            source: self.source.clone(),
            solution: self.solution.clone()?,
            theme: self.theme?,
            rating: self.rating?,
        })
    }
}

/// Whether a line is no row: blank, a comment or a header.
pub fn is_skipped(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#') || line == HEADER || line == SUITE_HEADER
}

/// Reads a row of six columns (the tactics suite) or nine (a puzzle file). The error is the
/// reason the row cannot be read.
pub fn parse_row(line_no: usize, line: &str) -> Result<Row, String> {
    let fields: Vec<&str> = line.trim().split(',').collect();
    if fields.len() != 6 && fields.len() != 9 {
        return Err(format!("{} fields, not 6 or 9", fields.len()));
    }
    let kind =
        VariantKind::parse(fields[0]).ok_or_else(|| format!("unknown variant '{}'", fields[0]))?;
    let side = Side::parse(fields[2]).ok_or_else(|| format!("unknown side '{}'", fields[2]))?;
    let position = parse_position(kind.rules(), fields[1], side)
        .map_err(|e| format!("the position does not parse: {e}"))?;
    let game = Game::from_position(position, RuleOptions::default());
    if game.status().is_over() {
        return Err(format!(
            "the game is over at the position ({})",
            game.status()
        ));
    }
    let plies: u32 = fields[3]
        .parse()
        .map_err(|_| format!("plies '{}' is not a number", fields[3]))?;
    if plies % 2 == 0 {
        return Err(format!(
            "plies {plies} is even: a win ends on the winner's move"
        ));
    }
    let g = &game.variant().geometry;
    let first = parse_move(g, fields[4])
        .map_err(|e| format!("the move '{}' does not parse: {e}", fields[4]))?
        .0;
    if let Err(e) = game.check(first) {
        return Err(format!("the move {} is illegal: {e}", fields[4]));
    }
    let mut row = Row {
        line: line_no,
        game,
        plies,
        first,
        source: fields[5].to_string(),
        solution: None,
        theme: None,
        rating: None,
    };
    if fields.len() == 9 {
        let mut moves = Vec::new();
        for text in fields[6].split_whitespace() {
            let mv = parse_move(g, text)
                .map_err(|e| format!("the solution's move '{text}' does not parse: {e}"))?
                .0;
            moves.push(mv);
        }
        row.solution = Some(moves);
        row.theme =
            Some(Theme::parse(fields[7]).ok_or_else(|| format!("unknown theme '{}'", fields[7]))?);
        row.rating = Some(
            fields[8]
                .parse()
                .map_err(|_| format!("rating '{}' is not a number", fields[8]))?,
        );
    }
    Ok(row)
}

/// What the check of a row demands of the first move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// A puzzle: no other first move may win as fast.
    Required,
    /// The tactics suite: other first moves may win as fast (a search is asked to find *a*
    /// win), but not most of them: a position where more than half the first moves win within
    /// the distance tests nothing.
    Tolerated,
}

/// The check of one row: `Ok` with notes (things worth saying that are no failure), or the
/// reasons it fails.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    pub failures: Vec<String>,
    pub notes: Vec<String>,
    /// The shortest win found, when it differs from the row's (with a move achieving it), for
    /// a corrected row.
    pub corrected: Option<(u32, Move)>,
    /// Moves the check played.
    pub nodes: u64,
}

/// Re-proves a row: the stated first move wins within the stated plies and nothing wins
/// faster; no other first move wins as fast (see [`Uniqueness`]); and, for a puzzle file, the
/// solution is legal, starts with the first move, answers every move with a longest defence,
/// plays a shortest win at each of the winner's turns and ends in the win after exactly the
/// stated plies, and the theme is the one the line ends with.
pub fn check_row(row: &Row, uniqueness: Uniqueness, budget: u64) -> Checked {
    let mut out = Checked::default();
    let mut prover = Prover::new(&row.game, budget);
    if let Err(OutOfBudget) = check_inner(row, uniqueness, &mut prover, &mut out) {
        out.failures
            .push(format!("the proof ran over its budget of {budget} moves"));
    }
    out.nodes = prover.nodes();
    out
}

fn check_inner(
    row: &Row,
    uniqueness: Uniqueness,
    prover: &mut Prover,
    out: &mut Checked,
) -> Result<(), OutOfBudget> {
    let g = &row.game.variant().geometry;
    let name = |mv: Move| format_move(g, mv, Default::default());
    let plies = row.plies;
    // Nothing faster.
    if plies >= 3
        && let Some((p, mv)) = prover.shortest_win(plies - 2)?
    {
        out.failures.push(format!(
            "wins faster: in {p} plies with {} (stated {plies})",
            name(mv)
        ));
        out.corrected = Some((p, mv));
        return Ok(());
    }
    // The stated move wins in time.
    if !prover.move_wins_within(row.first, plies)? {
        let longer = prover.shortest_win(plies + 4)?;
        match longer {
            Some((p, mv)) if p == plies => {
                out.failures.push(format!(
                    "{} does not win within {plies} plies; {} does",
                    name(row.first),
                    name(mv)
                ));
                out.corrected = Some((p, mv));
            }
            Some((p, mv)) => {
                out.failures.push(format!(
                    "no win within {plies} plies: the shortest is {p} with {}",
                    name(mv)
                ));
                out.corrected = Some((p, mv));
            }
            None => out.failures.push(format!(
                "{} does not win within {plies} plies, nor does any move within {}",
                name(row.first),
                plies + 4
            )),
        }
        return Ok(());
    }
    // The other first moves.
    let moves = row.game.legal_moves().len();
    let limit = match uniqueness {
        Uniqueness::Required => 5,
        Uniqueness::Tolerated => usize::MAX,
    };
    let others = prover.other_wins(row.first, plies, limit)?;
    if !others.is_empty() {
        let list: Vec<String> = others.iter().take(5).map(|&m| name(m)).collect();
        let more = if others.len() > 5 { " ..." } else { "" };
        match uniqueness {
            Uniqueness::Required => out.failures.push(format!(
                "not unique: {} also win{} within {plies} plies{more}",
                list.join(" "),
                if others.len() == 1 { "s" } else { "" }
            )),
            Uniqueness::Tolerated if 2 * (others.len() + 1) > moves => out.failures.push(format!(
                "no puzzle: {} of {moves} first moves win within {plies} plies",
                others.len() + 1
            )),
            Uniqueness::Tolerated => out.notes.push(format!(
                "{} of {moves} first moves win within {plies} plies (also {}{more})",
                others.len() + 1,
                list.join(" ")
            )),
        }
    }
    // The solution.
    let Some(solution) = &row.solution else {
        return Ok(());
    };
    if solution.first() != Some(&row.first) {
        out.failures
            .push("the solution does not start with the first move".into());
        return Ok(());
    }
    if solution.len() != plies as usize {
        out.failures.push(format!(
            "the solution has {} plies, not {plies}",
            solution.len()
        ));
        return Ok(());
    }
    let winner = row.game.side_to_move();
    let mut game = row.game.clone();
    for (i, &mv) in solution.iter().enumerate() {
        let left = plies - i as u32;
        if game.status().is_over() {
            out.failures
                .push(format!("the game is over before ply {}", i + 1));
            return Ok(());
        }
        if let Err(e) = game.check(mv) {
            out.failures.push(format!(
                "ply {} of the solution, {}, is illegal: {e}",
                i + 1,
                name(mv)
            ));
            return Ok(());
        }
        let mut here = Prover::new(&game, prover.budget_left());
        let verdict = if game.side_to_move() == winner {
            // A shortest win from here: the move wins within `left`, and nothing faster.
            if !here.move_wins_within(mv, left)? {
                Some(format!(
                    "ply {} ({}) does not win within {left}",
                    i + 1,
                    name(mv)
                ))
            } else if left >= 3 && here.shortest_win(left - 2)?.is_some() {
                Some(format!(
                    "ply {}: the winner can win faster than {left}",
                    i + 1
                ))
            } else {
                None
            }
        } else {
            // A longest defence: no reply holds out longer than this one.
            let defences = here.defences(left)?;
            let held = defences.iter().find(|(m, _)| *m == mv).map(|&(_, h)| h);
            let longest = defences.iter().map(|&(_, h)| h).max();
            if held != longest {
                Some(format!(
                    "ply {} ({}) is not a longest defence",
                    i + 1,
                    name(mv)
                ))
            } else {
                None
            }
        };
        prover.count(here.nodes());
        if let Some(v) = verdict {
            out.failures.push(v);
            return Ok(());
        }
        game.make(mv);
    }
    if game.status().winner() != Some(winner) {
        out.failures.push(format!(
            "the solution does not end in a win of the {} (status {})",
            winner,
            game.status()
        ));
        return Ok(());
    }
    match theme_of(&row.game, solution) {
        Some(t) if Some(t) == row.theme => {}
        Some(t) => out.failures.push(format!(
            "the theme is {}, not {}",
            t,
            row.theme.map_or("-", Theme::name)
        )),
        None => out.failures.push("the solution has no theme".into()),
    }
    Ok(())
}

/// The eight symmetries of the square, as maps of (file, rank) on a board of `size`.
pub fn symmetries(size: u8) -> [impl Fn(u8, u8) -> (u8, u8); 8] {
    let n = size - 1;
    [0u8, 1, 2, 3, 4, 5, 6, 7].map(move |s| {
        move |f: u8, r: u8| {
            let (f, r) = if s & 4 != 0 { (r, f) } else { (f, r) };
            let f = if s & 1 != 0 { n - f } else { f };
            let r = if s & 2 != 0 { n - r } else { r };
            (f, r)
        }
    })
}

/// The position's key up to the symmetries of the square: the smallest, over the eight, of
/// the variant, the side to move and the pieces' letters square by square.
pub fn symmetry_key(game: &Game) -> String {
    let pos = game.position();
    let g = &pos.variant().geometry;
    let n = g.size;
    let mut best: Option<String> = None;
    for map in symmetries(n) {
        let mut grid = vec!['.'; n as usize * n as usize];
        for rank in 0..n {
            for file in 0..n {
                let sq = g.square(file, rank).expect("on the board");
                if let Some(piece) = pos.piece_at(sq) {
                    let (f, r) = map(file, rank);
                    grid[r as usize * n as usize + f as usize] = piece.letter();
                }
            }
        }
        let key: String = grid.into_iter().collect();
        if best.as_ref().is_none_or(|b| key < *b) {
            best = Some(key);
        }
    }
    format!(
        "{}:{}:{}",
        pos.variant().kind.name(),
        pos.side_to_move(),
        best.unwrap_or_default()
    )
}

/// Whether the variant's rules look the same under every symmetry of the square: its layout,
/// throne, restricted and hostile squares and escape squares. Puzzles are deduplicated by
/// symmetry only where this holds.
pub fn rules_are_symmetric(kind: VariantKind) -> bool {
    let v = kind.rules();
    let g = &v.geometry;
    let n = g.size;
    let sets = [
        v.attackers,
        v.defenders,
        v.king.bit(),
        v.throne,
        v.restricted,
        v.corners,
        v.escape,
    ];
    symmetries(n).iter().all(|map| {
        sets.iter().all(|set| {
            (0..n).all(|rank| {
                (0..n).all(|file| {
                    let (f, r) = map(file, rank);
                    let a = g.square(file, rank).expect("on the board");
                    let b = g.square(f, r).expect("on the board");
                    set.contains(a) == set.contains(b)
                })
            })
        })
    })
}

/// The symmetry keys already in a file's rows, and which line each is on.
pub fn keys_of(rows: &[Row]) -> HashSet<String> {
    rows.iter().map(|r| symmetry_key(&r.game)).collect()
}
