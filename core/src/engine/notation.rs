//! OpenTafl notation (OTN): squares (`f6`), moves with captures (`g3-e3xe2`,
//! `c3-c1xd1/e1/f1`), positions (`/3ttttt3/5t5/11/...`, top rank first; `t` attacker,
//! `T` defender, `K` king) and game records.

use std::fmt;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::engine::bits::Bits;
use crate::engine::game::Game;
use crate::engine::geometry::Geometry;
use crate::engine::moves::Move;
use crate::engine::otn_rules::{read_rules, variant_for, write_rules};
use crate::engine::position::{Piece, Position, PositionError, Side};
use crate::engine::variant::{RuleOptions, Variant, VariantKind};

pub use crate::engine::geometry::{parse_square, square_name};

/// Why a text is not valid notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotationError {
    /// A square that is not on this board (or not a square at all).
    BadSquare(String),
    /// A move that is not `FROM-TO` with optional `xSQUARE...` captures.
    BadMove(String),
    /// A position string that does not describe this board.
    BadPosition(String),
    /// A game record that cannot be read.
    BadRecord(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::BadSquare(s) => write!(f, "'{s}' is not a square of this board"),
            NotationError::BadMove(s) => {
                write!(f, "'{s}' is not a move (write it like d1-d3)")
            }
            NotationError::BadPosition(s) => write!(f, "bad position: {s}"),
            NotationError::BadRecord(s) => write!(f, "bad game record: {s}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Parses `FROM-TO` with optional captures (`xe2`, `xd1/e1/f1` or `xd1xe1xf1`). Returns the
/// move and the captures the text claims (`None` when it names none).
pub fn parse_move(g: &Geometry, text: &str) -> Result<(Move, Option<Bits>), NotationError> {
    let bad = || NotationError::BadMove(text.trim().to_string());
    let text = text.trim();
    let (squares, captures) = match text.find(['x', 'X']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (from, to) = squares.split_once('-').ok_or_else(bad)?;
    // A missing part (`-d3`, `d1-`, `d1-d3x`) is a badly written move, not a bad square.
    let square = |s: &str| match s {
        "" => Err(bad()),
        s => parse_square(g, s).ok_or_else(|| NotationError::BadSquare(s.into())),
    };
    let mv = Move::new(square(from)?, square(to)?);
    let captures = match captures {
        None => None,
        Some(list) => {
            let mut set = Bits::EMPTY;
            for name in list.split(['/', 'x', 'X']) {
                set.insert(square(name)?);
            }
            Some(set)
        }
    };
    Ok((mv, captures))
}

/// A move in OTN, with its captures if any: `c3-c1xd1/e1/f1`.
pub fn format_move(g: &Geometry, mv: Move, captured: Bits) -> String {
    let mut s = format!("{}-{}", square_name(g, mv.from), square_name(g, mv.to));
    for (i, sq) in captured.iter().enumerate() {
        s.push(if i == 0 { 'x' } else { '/' });
        s.push_str(&square_name(g, sq));
    }
    s
}

/// A position's piece placement, top rank first: `/3ttttt3/5t5/11/.../`.
pub fn format_position(pos: &Position) -> String {
    pos.placement()
}

/// Parses a piece placement for this variant, with the given side to move.
pub fn parse_position(
    variant: &'static Variant,
    text: &str,
    side: Side,
) -> Result<Position, NotationError> {
    let g = &variant.geometry;
    let bad = |why: String| NotationError::BadPosition(why);
    let rows: Vec<&str> = text.trim().trim_matches('/').split('/').collect();
    if rows.len() != g.size as usize {
        return Err(bad(format!(
            "{} ranks given, the {} board has {}",
            rows.len(),
            variant.kind.name(),
            g.size
        )));
    }
    let (mut attackers, mut defenders, mut king) = (Bits::EMPTY, Bits::EMPTY, None);
    for (i, row) in rows.iter().enumerate() {
        let rank = g.size - 1 - i as u8;
        let mut file: u32 = 0;
        let mut digits = String::new();
        let mut place = |c: char, file: &mut u32| -> Result<(), NotationError> {
            let sq = u8::try_from(*file)
                .ok()
                .and_then(|f| g.square(f, rank))
                .ok_or_else(|| bad(format!("rank {} is too long", rank + 1)))?;
            match Piece::from_letter(c) {
                Some(Piece::Attacker) => attackers.insert(sq),
                Some(Piece::Defender) => defenders.insert(sq),
                Some(Piece::King) if king.is_none() => king = Some(sq),
                Some(Piece::King) => return Err(bad("more than one king".into())),
                None => return Err(bad(format!("unknown piece '{c}'"))),
            }
            *file += 1;
            Ok(())
        };
        // A run of empty squares; any count beyond the board is refused, however many digits.
        let skip = |digits: &str, file: u32| {
            digits
                .parse::<u32>()
                .ok()
                .and_then(|n| file.checked_add(n))
                .filter(|&f| f <= g.size as u32)
                .ok_or_else(|| bad(format!("rank {} is too long", rank + 1)))
        };
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file = skip(&digits, file)?;
                digits.clear();
            }
            place(c, &mut file)?;
        }
        if !digits.is_empty() {
            file = skip(&digits, file)?;
        }
        if file != g.size as u32 {
            return Err(bad(format!(
                "rank {} has {file} squares, not {}",
                rank + 1,
                g.size
            )));
        }
    }
    let king = king.ok_or_else(|| bad("no king".into()))?;
    Position::from_parts(variant, attackers, defenders, king, side).map_err(|e| match e {
        // The squares come from this board, so none is off it; say so plainly if it happens.
        PositionError::OffBoard(_) => bad("a piece off the board".into()),
        PositionError::Overlap(sq) => bad(format!("two pieces on {}", square_name(g, sq))),
        PositionError::Restricted(sq) => {
            bad(format!("only the king may stand on {}", square_name(g, sq)))
        }
    })
}

/// A whole game, as stored and exchanged. Serializes with serde, and as OTN-style text with
/// [`GameRecord::to_text`] / [`GameRecord::parse_text`], which also reads OpenTafl's own game
/// records (`[rules:...]` and the other `[key:value]` tags, comments, variations).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub variant: VariantKind,
    pub options: RuleOptions,
    /// The game's rules as an OpenTafl rules string when they are not the variant's own (a
    /// game from another program's record, played under its rules and the variant's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The starting placement when it is not the variant's opening, with the side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
    /// The moves in OTN, captures included.
    pub moves: Vec<String>,
    /// `ongoing`, `attackers:REASON`, `defenders:REASON` or `draw:REASON`.
    pub result: String,
}

/// A starting position other than the opening.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StartPosition {
    pub position: String,
    pub turn: Side,
}

impl GameRecord {
    /// The record of a game.
    pub fn from_game(game: &Game) -> GameRecord {
        let v = game.variant();
        let g = &v.geometry;
        let start = game.start();
        let standard = *start == Position::initial(v);
        GameRecord {
            variant: v.kind,
            options: game.options(),
            rules: (!v.is_preset()).then(|| write_rules(v.kind, v.data)),
            start: (!standard).then(|| StartPosition {
                position: format_position(start),
                turn: start.side_to_move(),
            }),
            moves: game
                .moves()
                .map(|(mv, captured)| format_move(g, mv, captured))
                .collect(),
            result: game.status().to_string(),
        }
    }

    /// The rules this record's game is played by: its rules string's, or its variant's.
    pub fn game_variant(&self) -> Result<&'static Variant, NotationError> {
        match &self.rules {
            None => Ok(self.variant.rules()),
            Some(text) => read_rules(text)
                .and_then(|read| variant_for(&read, Some(self.variant)))
                .map_err(|e| NotationError::BadRecord(e.to_string())),
        }
    }

    /// OTN-style text: tag lines (the rules string among them), then numbered move pairs.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[variant \"{}\"]", self.variant.name());
        let rules = self
            .rules
            .clone()
            .unwrap_or_else(|| write_rules(self.variant, self.variant.data()));
        let _ = writeln!(out, "[rules \"{rules}\"]");
        let _ = writeln!(
            out,
            "[exit-forts \"{}\"]",
            if self.options.exit_forts { "on" } else { "off" }
        );
        if let Some(s) = &self.start {
            let _ = writeln!(out, "[position \"{}\"]", s.position);
            let _ = writeln!(out, "[turn \"{}\"]", s.turn.name());
        }
        let _ = writeln!(out, "[result \"{}\"]", self.result);
        let first_mover = match &self.start {
            Some(s) => s.turn,
            None => self
                .game_variant()
                .map_or(self.variant.data().first, |v| v.data.first),
        };
        let mut moves = self.moves.iter();
        let mut number = 1;
        if first_mover == Side::Defenders {
            if let Some(m) = moves.next() {
                let _ = writeln!(out, "{number}. ... {m}");
                number += 1;
            }
        }
        let rest: Vec<&String> = moves.collect();
        for pair in rest.chunks(2) {
            let _ = write!(out, "{number}.");
            for m in pair {
                let _ = write!(out, " {m}");
            }
            out.push('\n');
            number += 1;
        }
        out
    }

    /// Reads the text written by [`GameRecord::to_text`], and OpenTafl's game records: their
    /// `[rules:...]` tag gives the rules (the game is the preset they are, or those rules under
    /// the closest game's name), comments in brackets and variations are skipped, and the
    /// marks OpenTafl adds to moves (`K` before a king's move, `+`, `-`, `++`, `--` after a
    /// threat or a win, the king listed among the captures) are read away. A record that ends
    /// unfinished but names a winner (`[result:1]` or `-1`, or `---`) is the loser's
    /// resignation.
    pub fn parse_text(text: &str) -> Result<GameRecord, NotationError> {
        let bad = |why: &str| NotationError::BadRecord(why.chars().take(200).collect());
        let (tags, tokens) = split_record(text).ok_or_else(|| bad("a '[' that is never closed"))?;
        let tag = |name: &str| {
            tags.iter()
                .rev()
                .find(|t| t.name == name)
                .map(|t| (t.value.as_str(), t.otn))
        };
        let named = tag("variant").and_then(|(v, _)| VariantKind::parse(v));
        let (variant, rules) = match tag("rules") {
            Some((text, _)) => {
                let read = read_rules(text).map_err(|e| NotationError::BadRecord(e.to_string()))?;
                let v = variant_for(&read, named)
                    .map_err(|e| NotationError::BadRecord(e.to_string()))?;
                (
                    v.kind,
                    (!v.is_preset()).then(|| write_rules(v.kind, v.data)),
                )
            }
            None => (
                named.ok_or_else(|| bad("missing or unknown variant"))?,
                None,
            ),
        };
        let exit_forts = !matches!(tag("exit-forts"), Some(("off", _)));
        let start = match (tag("position"), tag("turn")) {
            (Some((position, otn)), turn) => Some(StartPosition {
                // OpenTafl writes positions from rank 1 up; this notation from the top rank.
                position: if otn {
                    reverse_ranks(position)
                } else {
                    position.to_string()
                },
                turn: turn
                    .and_then(|(t, _)| Side::parse(t))
                    .unwrap_or(Side::Attackers),
            }),
            (None, _) => None,
        };
        let mut moves = Vec::new();
        let mut in_variation = false;
        let mut resigned = false;
        for token in tokens {
            if token == "..." || token == "....." {
                continue; // "1. ... d5-e5": the first mover's move left out
            }
            if let Some(number) = token.strip_suffix('.') {
                // A move number; OpenTafl's variations are numbered with letters ("2a.1.1a.").
                in_variation = !number.bytes().all(|b| b.is_ascii_digit());
                continue;
            }
            if in_variation {
                continue;
            }
            if token == "---" {
                resigned = true;
                break;
            }
            if token.contains(['^', '=']) {
                return Err(bad("jumps and berserk moves cannot be played here"));
            }
            moves.push(plain_move(token));
        }
        let mut result = tag("result").map_or("ongoing", |(r, _)| r).to_string();
        if let Some((r, true)) = tag("result") {
            // OpenTafl: 1 the attackers won, -1 the defenders, 0 a draw; anything else unknown.
            let winner = match r {
                "1" => Some(Side::Attackers),
                "-1" => Some(Side::Defenders),
                _ => None,
            };
            result = winner.map_or("ongoing".to_string(), |w| {
                format!("{}:resignation", w.name())
            });
        }
        if resigned && result == "ongoing" {
            // The side to move after the last move resigned.
            let first = match &start {
                Some(s) => s.turn,
                None => variant.data().first,
            };
            let to_move = if moves.len() % 2 == 0 {
                first
            } else {
                first.other()
            };
            result = format!("{}:resignation", to_move.other().name());
        }
        Ok(GameRecord {
            variant,
            options: RuleOptions { exit_forts },
            rules,
            start,
            moves,
            result,
        })
    }
}

/// A tag of a game record: ours (`[name "value"]`) or OpenTafl's (`[name:value]`).
struct Tag {
    name: String,
    value: String,
    otn: bool,
}

/// The tags of a record and the words outside brackets. Bracketed text that is not a tag is a
/// comment (OpenTafl's, which may span lines). `None` for a bracket never closed.
fn split_record(text: &str) -> Option<(Vec<Tag>, Vec<&str>)> {
    let (mut tags, mut tokens) = (Vec::new(), Vec::new());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        tokens.extend(rest[..open].split_whitespace());
        let close = open + rest[open..].find(']')?;
        let inside = rest[open + 1..close].trim();
        let name_end = inside
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(inside.len());
        let (name, after) = inside.split_at(name_end);
        if !name.is_empty() && name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            if let Some(value) = after.strip_prefix(':') {
                tags.push(Tag {
                    name: name.to_string(),
                    value: value.trim().to_string(),
                    otn: true,
                });
            } else if after.starts_with(' ') && after.trim().starts_with('"') {
                tags.push(Tag {
                    name: name.to_string(),
                    value: after.trim().trim_matches('"').to_string(),
                    otn: false,
                });
            }
        }
        rest = &rest[close + 1..];
    }
    tokens.extend(rest.split_whitespace());
    Some((tags, tokens))
}

/// A move as this notation writes it, from OpenTafl's: without the king's letter in front,
/// without the threat and win marks at the end, and without the king among the captures.
fn plain_move(token: &str) -> String {
    let token = token
        .strip_prefix('K')
        .filter(|t| t.starts_with(|c: char| c.is_ascii_lowercase()))
        .unwrap_or(token);
    let token = token.trim_end_matches(['+', '-']);
    match token.split_once(['x', 'X']) {
        None => token.to_string(),
        Some((squares, captures)) => {
            let kept: Vec<&str> = captures
                .split(['/', 'x', 'X'])
                .filter(|c| !c.starts_with('K') && !c.is_empty())
                .collect();
            if kept.is_empty() && !captures.is_empty() {
                squares.to_string()
            } else {
                format!("{squares}x{}", kept.join("/"))
            }
        }
    }
}

/// A placement with its ranks in the other order.
fn reverse_ranks(position: &str) -> String {
    let rows: Vec<&str> = position.trim().trim_matches('/').split('/').collect();
    let mut out = String::from("/");
    for row in rows.iter().rev() {
        out.push_str(row);
        out.push('/');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_on_every_board() {
        for kind in VariantKind::ALL {
            let g = &kind.rules().geometry;
            for sq in g.board {
                assert_eq!(parse_square(g, &square_name(g, sq)), Some(sq));
            }
        }
        let g = &VariantKind::Brandubh.rules().geometry;
        for bad in ["h1", "a8", "a0", "a", "", "1a", "a-1", "a01x"] {
            assert_eq!(parse_square(g, bad), None, "{bad}");
        }
    }

    #[test]
    fn moves_parse_with_both_capture_styles() {
        let g = &VariantKind::Copenhagen.rules().geometry;
        let sq = |s| parse_square(g, s).unwrap();
        let (mv, caps) = parse_move(g, "c3-c1xd1/e1/f1").unwrap();
        assert_eq!(mv, Move::new(sq("c3"), sq("c1")));
        let expected: Bits = [sq("d1"), sq("e1"), sq("f1")].into_iter().collect();
        assert_eq!(caps, Some(expected));
        assert_eq!(parse_move(g, "c3-c1xd1xe1xf1").unwrap().1, Some(expected));
        assert_eq!(format_move(g, mv, expected), "c3-c1xd1/e1/f1");
        assert_eq!(parse_move(g, "d1-d3").unwrap().1, None);
        assert!(parse_move(g, "d1d3").is_err());
        assert!(parse_move(g, "d1-z3").is_err());
    }

    #[test]
    fn a_move_with_a_missing_part_is_a_badly_written_move() {
        let g = &VariantKind::Copenhagen.rules().geometry;
        for text in ["e5-e3x", "-e3", "e5-", "e5-e3xd3/", "e5-e3xx"] {
            assert_eq!(
                parse_move(g, text),
                Err(NotationError::BadMove(text.into())),
                "{text}"
            );
        }
        // A square that is written but not on the board is named.
        assert_eq!(
            parse_move(g, "e5-e3xz9"),
            Err(NotationError::BadSquare("z9".into()))
        );
    }

    #[test]
    fn opening_positions_round_trip() {
        for kind in VariantKind::ALL {
            let pos = Position::start(kind);
            let text = format_position(&pos);
            assert_eq!(
                parse_position(kind.rules(), &text, Side::Attackers).unwrap(),
                pos
            );
        }
        assert_eq!(
            format_position(&Position::start(VariantKind::Copenhagen)),
            "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
        );
    }

    #[test]
    fn bad_positions_are_refused() {
        let v = VariantKind::Brandubh.rules();
        for bad in ["/7/7/7/7/7/7/7/", "/7/7/7/3K3/7/7/", "/7/7/7/3K4/7/7/7/"] {
            assert!(parse_position(v, bad, Side::Attackers).is_err(), "{bad}");
        }
        // A soldier on a corner.
        assert!(parse_position(v, "/t6/7/7/3K3/7/7/7/", Side::Attackers).is_err());
        // Two kings: refused as such, not read as the last one.
        assert_eq!(
            parse_position(v, "/7/7/7/3K3/7/1K5/7/", Side::Attackers),
            Err(NotationError::BadPosition("more than one king".into()))
        );
    }

    #[test]
    fn records_number_their_moves_in_pairs_from_the_first_mover() {
        let v = VariantKind::Brandubh.rules();
        let play = |game: &mut Game, moves: &str| {
            for text in moves.split_whitespace() {
                let (mv, _) = parse_move(&v.geometry, text).expect("a move");
                game.play(mv).expect("legal");
            }
        };
        let moves_of = |game: &Game| -> Vec<String> {
            GameRecord::from_game(game)
                .to_text()
                .lines()
                .filter(|l| !l.starts_with('['))
                .map(str::to_string)
                .collect()
        };
        // From the opening the attackers move first: whole pairs, the last one half full.
        let mut game = Game::new(VariantKind::Brandubh);
        play(&mut game, "b4-b3 d5-e5 b3-b4 e5-d5 b4-b3");
        assert_eq!(
            moves_of(&game),
            ["1. b4-b3 d5-e5", "2. b3-b4 e5-d5", "3. b4-b3"]
        );
        // From a set-up position with the defenders to move, their first move stands alone.
        let start =
            parse_position(v, "/3t3/3t3/3T3/tt1KTtt/3T3/3t3/3t3/", Side::Defenders).expect("ok");
        let mut game = Game::from_position(start, RuleOptions::default());
        play(&mut game, "d5-e5 b4-b3 e5-d5 b3-b4");
        assert_eq!(
            moves_of(&game),
            ["1. ... d5-e5", "2. b4-b3 e5-d5", "3. b3-b4"]
        );
    }

    #[test]
    fn long_runs_of_digits_are_refused_without_overflow() {
        let v = VariantKind::Brandubh.rules();
        for bad in [
            // After a piece, a count that wraps a 32-bit file counter back to the same file.
            "/t4294967295T5/7/7/3K3/7/7/7/",
            "/4294967295/7/7/3K3/7/7/7/",
            "/99999999999999999999999999/7/7/3K3/7/7/7/",
            "/3K3/18446744073709551616t/7/7/7/7/7/",
        ] {
            assert!(parse_position(v, bad, Side::Attackers).is_err(), "{bad}");
        }
        // Counts that add up to the board's width are fine, however they are split.
        assert!(parse_position(v, "/007/7/7/3K3/7/7/7/", Side::Attackers).is_ok());
    }
}
