//! OpenTafl notation rules strings: written for every game, as OpenTafl writes them, and read
//! from other programs' records.
//!
//! A rules string is a line of `key:value` entries: `dim:11 name:Copenhagen atkf:y sw:s efe:y
//! start:/3ttttt3/.../`. `dim` comes first and the starting position last; an entry left out
//! takes OpenTafl's default. What OpenTafl notation cannot say is written with keys of our own,
//! which other programs ignore: `xrep:defenders-lose` (a third repetition loses for the
//! defenders, whoever moved), `xkg:y` (the king is taken with the guards beside him), `xdraw:N`
//! (plies without a capture that draw; 160 when absent). docs/variants.md gives the reading of
//! every key and the traps found in OpenTafl 0.4.8.

use std::fmt;
use std::fmt::Write as _;
use std::num::NonZeroU8;

use crate::engine::bits::Square;
use crate::engine::geometry::{Geometry, parse_square, square_name};
use crate::engine::side::Side;
use crate::engine::variant::{
    DRAW_PLIES, Escape, KingArmed, KingStrength, Pieces, Reach, Repetition, Rules, RulesError,
    ShieldWalls, Variant, VariantKind,
};

/// Why a rules string cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RulesStringError {
    /// An entry the notation requires is missing (`dim`, or the starting position).
    Missing(&'static str),
    /// An entry's value is not one the notation allows.
    BadValue { key: String, value: String },
    /// A rule this engine cannot play, named, with the string's value for it.
    Unsupported { rule: &'static str, value: String },
    /// The rules are readable but cannot make a game (a piece off the board, two on a square).
    Rules(RulesError),
}

impl fmt::Display for RulesStringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesStringError::Missing(what) => write!(f, "the rules give no {what}"),
            RulesStringError::BadValue { key, value } => {
                write!(
                    f,
                    "'{key}:{value}' is not a value the rules notation allows"
                )
            }
            RulesStringError::Unsupported { rule, value } => {
                write!(f, "this app cannot play {rule} ({value})")
            }
            RulesStringError::Rules(e) => write!(f, "the rules cannot be played: {e}"),
        }
    }
}

impl std::error::Error for RulesStringError {}

/// A rules string, read: the rules, and the name the string gives them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadRules {
    pub rules: Rules,
    /// The `name` entry, underscores read as spaces.
    pub name: Option<String>,
}

/// The rules string of a game: OpenTafl's keys where it has them, ours where it has none.
pub fn write_rules(kind: VariantKind, r: &Rules) -> String {
    let g = Geometry::new(r.size);
    let mut out = String::new();
    let _ = write!(out, "dim:{} name:{}", r.size, kind.otn_name());
    if r.escape == Escape::Edge {
        out.push_str(" esc:e");
    }
    if !r.encirclement {
        out.push_str(" surf:n");
    }
    out.push_str(if r.first == Side::Attackers {
        " atkf:y"
    } else {
        " atkf:n"
    });
    match r.repetition {
        Repetition::MoverLoses => out.push_str(" tfr:w"),
        Repetition::MoverWins => out.push_str(" tfr:l"),
        Repetition::Ignored => out.push_str(" tfr:i"),
        Repetition::Draw | Repetition::DefendersLose => {}
    }
    match r.king_armed {
        KingArmed::Yes => {}
        KingArmed::HammerOnly => out.push_str(" ka:h"),
        KingArmed::AnvilOnly => out.push_str(" ka:a"),
        KingArmed::No => out.push_str(" ka:n"),
    }
    match r.king_strength {
        KingStrength::Strong => {}
        KingStrength::WeakAwayFromThrone => out.push_str(" ks:c"),
        KingStrength::StrongAgainstEdge => out.push_str(" ks:m"),
        KingStrength::Weak => out.push_str(" ks:w"),
    }
    if let Some(speeds) = write_reach(r.reach) {
        let _ = write!(out, " spd:{speeds}");
    }
    let mut corners = r.corners.clone();
    corners.sort();
    if corners != default_corners(r.size) {
        let _ = write!(out, " cor:{}", square_list(&g, &corners));
    }
    if r.throne != Some(default_centre(r.size)) {
        let _ = write!(out, " cen:{}", square_list(&g, r.throne.as_slice()));
    }
    for (key, value, default) in [
        ("corp", r.corner_pass, Pieces::KING),
        ("cenp", r.throne_pass, Pieces::ALL),
        ("cors", r.corner_stop, Pieces::KING),
        ("cens", r.throne_stop, Pieces::KING),
        ("corh", r.corner_hostile, Pieces::ALL),
        ("cenh", r.throne_hostile, Pieces::ATTACKERS),
        ("cenhe", r.empty_throne_hostile, Pieces::ALL),
    ] {
        if value != default {
            let _ = write!(out, " {key}:{}", piece_letters(value));
        }
    }
    match r.shield_walls {
        ShieldWalls::None => {}
        ShieldWalls::CornersClose => out.push_str(" sw:s"),
        ShieldWalls::CornersDoNotClose => out.push_str(" sw:w"),
    }
    if r.exit_forts {
        out.push_str(" efe:y");
    }
    if r.repetition == Repetition::DefendersLose {
        out.push_str(" xrep:defenders-lose");
    }
    if r.king_group {
        out.push_str(" xkg:y");
    }
    if r.draw_plies != DRAW_PLIES {
        let _ = write!(out, " xdraw:{}", r.draw_plies);
    }
    let _ = write!(out, " start:{}", layout_record(r));
    out
}

/// The four corners of a board of `size`, lowest index first.
fn default_corners(size: u8) -> Vec<Square> {
    let (n, last) = (size as u16, size as u16 - 1);
    [0, last, last * n, last * n + last]
        .map(Square::from_index)
        .to_vec()
}

/// OpenTafl's default centre: file and rank `(size - 1) / 2`.
fn default_centre(size: u8) -> Square {
    let c = (size as u16 - 1) / 2;
    Square::from_index(c * size as u16 + c)
}

/// `a1,a2,` as OpenTafl writes a list of squares (a comma after each).
fn square_list(g: &Geometry, squares: &[Square]) -> String {
    squares
        .iter()
        .map(|&sq| format!("{},", square_name(g, sq)))
        .collect()
}

/// The letters of a piece list, in OpenTafl's preferred order (`t`, `T`, `K`).
fn piece_letters(p: Pieces) -> String {
    [(p.attackers, 't'), (p.defenders, 'T'), (p.king, 'K')]
        .into_iter()
        .filter_map(|(yes, c)| yes.then_some(c))
        .collect()
}

/// The starting layout as an OpenTafl position record: rank 1 first (what OpenTafl's `start`
/// entry holds; `starti` would hold the top rank first).
fn layout_record(r: &Rules) -> String {
    let n = r.size as u16;
    let at = |sq: Square| {
        if sq == r.king {
            Some('K')
        } else if r.attackers.contains(&sq) {
            Some('t')
        } else if r.defenders.contains(&sq) {
            Some('T')
        } else {
            None
        }
    };
    let mut out = String::from("/");
    for rank in 0..n {
        let mut empty = 0;
        for file in 0..n {
            match at(Square::from_index(rank * n + file)) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        out.push('/');
    }
    out
}

/// Reads a rules string. Every entry must be one this engine can play (or one that only
/// concerns pieces the string's position does not have); the first that is not is named.
pub fn read_rules(text: &str) -> Result<ReadRules, RulesStringError> {
    // OpenTafl reads entries as `key:value` split at the first colon; a key without a colon
    // has an empty value. A later entry of the same key replaces an earlier one.
    let mut entries: Vec<(&str, &str)> = Vec::new();
    for token in text.split_whitespace() {
        let (key, value) = token.split_once(':').unwrap_or((token, ""));
        entries.retain(|(k, _)| *k != key);
        entries.push((key, value));
    }
    let get = |key: &str| entries.iter().find(|(k, _)| *k == key).map(|&(_, v)| v);
    let bad = |key: &str, value: &str| RulesStringError::BadValue {
        key: key.chars().take(40).collect(),
        value: value.chars().take(80).collect(),
    };
    let unsupported = |rule: &'static str, key: &str, value: &str| RulesStringError::Unsupported {
        rule,
        value: format!("{key}:{}", value.chars().take(80).collect::<String>()),
    };

    let dim = get("dim").ok_or(RulesStringError::Missing("board size (dim)"))?;
    let size: u32 = dim.parse().map_err(|_| bad("dim", dim))?;
    if !(3..=19).contains(&size) {
        return Err(unsupported("a board of that size (3 to 19)", "dim", dim));
    }
    let size = size as u8;
    let g = Geometry::new(size);

    let yes_no = |key: &str, default: bool| -> Result<bool, RulesStringError> {
        match get(key) {
            None => Ok(default),
            Some("y") => Ok(true),
            Some("n") => Ok(false),
            Some(v) => Err(bad(key, v)),
        }
    };
    let pieces = |key: &str, default: Pieces| -> Result<Pieces, RulesStringError> {
        let Some(value) = get(key) else {
            return Ok(default);
        };
        let mut p = Pieces::NONE;
        for c in value.chars() {
            match c {
                't' => p.attackers = true,
                'T' => p.defenders = true,
                'K' => p.king = true,
                // Commanders, knights, mercenaries, guards and an attacking king: pieces the
                // position cannot hold (it is refused if it does), so their rights do not matter.
                'c' | 'n' | 'k' | 'm' | 'g' | 'C' | 'N' | 'M' | 'G' => {}
                _ => return Err(bad(key, value)),
            }
        }
        Ok(p)
    };
    let squares = |key: &str, value: &str| -> Result<Vec<Square>, RulesStringError> {
        value
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| parse_square(&g, s).ok_or_else(|| bad(key, value)))
            .collect()
    };

    // Every key the notation has, and ours; anything else is a rule we do not know.
    for &(key, value) in &entries {
        match key {
            "dim" | "name" | "esc" | "surf" | "atkf" | "tfr" | "ka" | "ks" | "cor" | "cen"
            | "corh" | "cenh" | "cenhe" | "corp" | "cenp" | "cors" | "cens" | "corre" | "cenre"
            | "sw" | "swf" | "efe" | "spd" | "start" | "starti" | "xrep" | "xkg" | "xdraw" => {}
            // Rules of pieces and squares the position does not have.
            "nj" | "cj" | "mj" | "gj" | "aforh" | "dforh" | "aforp" | "dforp" | "afors"
            | "dfors" | "aforre" | "dforre" => {}
            "kj" if value == "n" => {}
            "kj" => return Err(unsupported("a king who jumps", key, value)),
            "afor" | "dfor" if value.is_empty() => {}
            "afor" | "dfor" => return Err(unsupported("fortress squares of one side", key, value)),
            "linc" if value == "n" => {}
            "linc" => return Err(unsupported("Linnaean captures", key, value)),
            "ber" if value == "n" => {}
            "ber" => return Err(unsupported("berserk moves", key, value)),
            _ => return Err(unsupported("a rule it does not know", key, value)),
        }
    }

    let escape = match get("esc") {
        None | Some("c") => Escape::Corners,
        Some("e") => Escape::Edge,
        Some(v) => return Err(bad("esc", v)),
    };
    let encirclement = yes_no("surf", true)?;
    let first = if yes_no("atkf", true)? {
        Side::Attackers
    } else {
        Side::Defenders
    };
    // OpenTafl decides the third repetition after the move, for the side to move: `w` gives
    // it the win (the side that repeated loses), `l` the loss. Its documentation says the
    // opposite; its games play this way.
    let mut repetition = match get("tfr") {
        None | Some("d") => Repetition::Draw,
        Some("w") => Repetition::MoverLoses,
        Some("l") => Repetition::MoverWins,
        Some("i") => Repetition::Ignored,
        Some(v) => return Err(bad("tfr", v)),
    };
    match get("xrep") {
        None => {}
        Some("defenders-lose") => repetition = Repetition::DefendersLose,
        Some(v) => return Err(bad("xrep", v)),
    }
    let king_armed = match get("ka") {
        None | Some("y") => KingArmed::Yes,
        Some("n") => KingArmed::No,
        Some("h") => KingArmed::HammerOnly,
        Some("a") => KingArmed::AnvilOnly,
        Some(v) => return Err(bad("ka", v)),
    };
    let king_strength = match get("ks") {
        None | Some("s") | Some("y") => KingStrength::Strong,
        Some("c") => KingStrength::WeakAwayFromThrone,
        Some("m") => KingStrength::StrongAgainstEdge,
        Some("w") | Some("n") => KingStrength::Weak,
        Some(v) => return Err(bad("ks", v)),
    };
    let corners = match get("cor") {
        None | Some("default") => default_corners(size),
        Some(v) => squares("cor", v)?,
    };
    let throne = match get("cen") {
        None | Some("default") => Some(default_centre(size)),
        Some(v) => {
            let list = squares("cen", v)?;
            if list.len() > 1 {
                return Err(unsupported("a throne of several squares", "cen", v));
            }
            list.first().copied()
        }
    };
    // Who may come back onto the throne or a corner from elsewhere limits who may stop there.
    let reentry = |key: &str| pieces(key, Pieces::ALL);
    let both = |a: Pieces, b: Pieces| Pieces {
        attackers: a.attackers && b.attackers,
        defenders: a.defenders && b.defenders,
        king: a.king && b.king,
    };
    let shield_walls = match get("sw") {
        None | Some("n") => ShieldWalls::None,
        Some("s") => ShieldWalls::CornersClose,
        Some("w") => ShieldWalls::CornersDoNotClose,
        Some(v) => return Err(bad("sw", v)),
    };
    if !yes_no("swf", true)? {
        return Err(unsupported(
            "shield walls closed by a move that is not onto the edge",
            "swf",
            "n",
        ));
    }
    let reach = match get("spd") {
        None => Reach::ANY,
        Some(v) => read_reach(v, size).map_err(|e| match e {
            Some(rule) => unsupported(rule, "spd", v),
            None => bad("spd", v),
        })?,
    };
    let draw_plies = match get("xdraw") {
        None => DRAW_PLIES,
        Some(v) => v.parse().map_err(|_| bad("xdraw", v))?,
    };

    let (attackers, defenders, king) = match (get("start"), get("starti")) {
        (Some(v), _) => {
            read_layout(&g, v, false).map_err(|e| e.unwrap_or_else(|| bad("start", v)))?
        }
        (None, Some(v)) => {
            read_layout(&g, v, true).map_err(|e| e.unwrap_or_else(|| bad("starti", v)))?
        }
        (None, None) => return Err(RulesStringError::Missing("starting position (start)")),
    };

    let rules = Rules {
        size,
        attackers,
        defenders,
        king,
        first,
        reach,
        escape,
        corners,
        throne,
        corner_stop: both(pieces("cors", Pieces::KING)?, reentry("corre")?),
        corner_pass: pieces("corp", Pieces::KING)?,
        throne_stop: both(pieces("cens", Pieces::KING)?, reentry("cenre")?),
        throne_pass: pieces("cenp", Pieces::ALL)?,
        corner_hostile: pieces("corh", Pieces::ALL)?,
        throne_hostile: pieces("cenh", Pieces::ATTACKERS)?,
        empty_throne_hostile: pieces("cenhe", Pieces::ALL)?,
        king_armed,
        king_strength,
        king_group: yes_no("xkg", false)?,
        shield_walls,
        exit_forts: yes_no("efe", false)?,
        encirclement,
        repetition,
        draw_plies,
    };
    Ok(ReadRules {
        rules: rules.normalized(),
        name: get("name").map(|n| n.replace('_', " ")),
    })
}

/// OpenTafl's piece letters in the order of its longest speed list (`tcnkmgTCNKMG`).
const SPEED_ORDER: &str = "tcnkmgTCNKMG";

/// Reads OpenTafl's speed limits: one number for every piece, or one per kind of piece in the
/// order `tcnkmgTCNKMG` (or, from older versions, `tcnkmTCNKM` or `tcnkTCNK`), -1 for no limit.
/// Only the soldiers' (`t`, `T`) and the king's (`K`) count: the layout reader refuses the
/// other pieces. `Err(None)` for a malformed list, `Err(Some(rule))` for one we cannot play.
fn read_reach(value: &str, size: u8) -> Result<Reach, Option<&'static str>> {
    let limits: Vec<Option<NonZeroU8>> = value
        .split(',')
        .map(|s| match s.parse::<i32>() {
            Ok(-1) => Ok(None),
            // A limit the board's side cannot reach is no limit.
            Ok(n) if n >= i32::from(size) - 1 => Ok(None),
            Ok(n) => u8::try_from(n)
                .ok()
                .and_then(NonZeroU8::new)
                .map(Some)
                .ok_or(None),
            Err(_) => Err(None),
        })
        .collect::<Result<_, _>>()?;
    let (t, big_t, big_k) = match limits.len() {
        1 => return Ok(Reach::all(limits[0])),
        // Documented as the attackers' and the defenders' limits, but OpenTafl 0.4.8 plays
        // such games without any limit: a record could mean either, unless both say none.
        2 if limits.iter().all(Option::is_none) => return Ok(Reach::ANY),
        2 => {
            return Err(Some(
                "speed limits by side (OpenTafl plays them as no limit)",
            ));
        }
        8 => (0, 4, 7),
        10 => (0, 5, 8),
        12 => (0, 6, 9),
        _ => return Err(None),
    };
    Ok(Reach {
        attackers: limits[t],
        defenders: limits[big_t],
        king: limits[big_k],
    })
}

/// Writes speed limits as OpenTafl reads them: one number when every piece has the same, the
/// full `tcnkmgTCNKMG` list otherwise (-1 for no limit).
fn write_reach(r: Reach) -> Option<String> {
    let text = |limit: Option<NonZeroU8>| limit.map_or("-1".to_string(), |n| n.to_string());
    if r == Reach::ANY {
        None
    } else if r == Reach::all(r.king) {
        Some(text(r.king))
    } else {
        let list: Vec<String> = SPEED_ORDER
            .chars()
            .map(|c| match c {
                't' => text(r.attackers),
                'T' => text(r.defenders),
                'K' => text(r.king),
                _ => text(None),
            })
            .collect();
        Some(list.join(","))
    }
}

/// Reads a position record: `/row/row/.../`, rank 1 first (or the top rank first when
/// `inverted`). `None` for a malformed record; an error for a piece this engine does not have.
fn read_layout(
    g: &Geometry,
    text: &str,
    inverted: bool,
) -> Result<(Vec<Square>, Vec<Square>, Square), Option<RulesStringError>> {
    let rows: Vec<&str> = text.trim_matches('/').split('/').collect();
    if rows.len() != g.size as usize {
        return Err(None);
    }
    let (mut attackers, mut defenders, mut kings) = (Vec::new(), Vec::new(), Vec::new());
    for (i, row) in rows.iter().enumerate() {
        let rank = if inverted { g.size as usize - 1 - i } else { i } as u8;
        let mut file: usize = 0;
        let mut digits = 0usize;
        let flush = |digits: &mut usize, file: &mut usize| {
            *file = file.saturating_add(*digits);
            *digits = 0;
        };
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits.saturating_mul(10).saturating_add(d as usize);
                continue;
            }
            flush(&mut digits, &mut file);
            let sq = u8::try_from(file)
                .ok()
                .and_then(|f| g.square(f, rank))
                .ok_or(None)?;
            match c {
                't' => attackers.push(sq),
                'T' => defenders.push(sq),
                'K' => kings.push(sq),
                'c' | 'n' | 'k' | 'm' | 'g' | 'C' | 'N' | 'M' | 'G' => {
                    return Err(Some(RulesStringError::Unsupported {
                        rule: "pieces other than soldiers and one king",
                        value: c.to_string(),
                    }));
                }
                _ => return Err(None),
            }
            file += 1;
        }
        flush(&mut digits, &mut file);
        if file != g.size as usize {
            return Err(None);
        }
    }
    match kings.as_slice() {
        [king] => Ok((attackers, defenders, *king)),
        _ => Err(Some(RulesStringError::Unsupported {
            rule: "a game without exactly one king",
            value: format!("{} kings", kings.len()),
        })),
    }
}

/// The game a string's rules are: the preset whose rules they are, or else those rules under
/// the name of the closest game (the one its `name` names, or `hint`, or the one with the most
/// rules alike on a board of the same size).
pub fn variant_for(
    read: &ReadRules,
    hint: Option<VariantKind>,
) -> Result<&'static Variant, RulesStringError> {
    let rules = &read.rules;
    if let Some(kind) = VariantKind::ALL
        .into_iter()
        .find(|k| k.data() == rules && Some(*k) == hint)
        .or_else(|| VariantKind::ALL.into_iter().find(|k| k.data() == rules))
    {
        return Ok(kind.rules());
    }
    let named = read.name.as_deref().and_then(|name| {
        let norm = |s: &str| {
            s.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let name = norm(name);
        // The longest name that the string's begins with ("Tablut_Corners" before "Tablut").
        VariantKind::ALL
            .into_iter()
            .filter(|k| name.starts_with(&norm(k.otn_name())))
            .max_by_key(|k| k.otn_name().len())
    });
    let kind = named.or(hint).unwrap_or_else(|| closest(rules));
    Variant::custom(kind, rules.clone()).map_err(RulesStringError::Rules)
}

/// The preset with the most rules alike (a board of another size counting most against it).
fn closest(rules: &Rules) -> VariantKind {
    let differences = |k: VariantKind| {
        let p = k.data();
        let mut n = 0;
        n += 100 * usize::from(p.size != rules.size);
        n += 10 * usize::from(p.attackers != rules.attackers || p.defenders != rules.defenders);
        n += usize::from(p.escape != rules.escape);
        n += usize::from(p.corners != rules.corners);
        n += usize::from(p.throne != rules.throne);
        n += usize::from(p.king_armed != rules.king_armed);
        n += usize::from(p.king_strength != rules.king_strength);
        n += usize::from(p.shield_walls != rules.shield_walls);
        n += usize::from(p.exit_forts != rules.exit_forts);
        n += usize::from(p.encirclement != rules.encirclement);
        n += usize::from(p.repetition != rules.repetition);
        n += usize::from(p.corner_hostile != rules.corner_hostile);
        n += usize::from(p.empty_throne_hostile != rules.empty_throne_hostile);
        n
    };
    VariantKind::ALL
        .into_iter()
        .min_by_key(|&k| differences(k))
        .unwrap_or(VariantKind::Copenhagen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_back_as_itself() {
        for kind in VariantKind::ALL {
            let text = write_rules(kind, kind.data());
            let read = read_rules(&text).unwrap_or_else(|e| panic!("{kind:?}: {e}\n{text}"));
            assert_eq!(&read.rules, kind.data(), "{kind:?}: {text}");
            let v = variant_for(&read, None).expect("a game");
            assert_eq!(v.kind, kind, "{text}");
            assert!(v.is_preset());
        }
    }

    #[test]
    fn defaults_are_opentafls() {
        // The shortest string: a 7x7 board, everything else as OpenTafl assumes.
        let read = read_rules("dim:7 start:/7/7/7/3K3/7/7/7/").expect("reads");
        let r = read.rules;
        assert_eq!(r.escape, Escape::Corners);
        assert_eq!(r.king_strength, KingStrength::Strong);
        assert_eq!(r.repetition, Repetition::Draw);
        assert!(r.encirclement && !r.exit_forts);
        assert_eq!(r.corners.len(), 4);
        assert_eq!(r.throne, Some(Square::from_index(24)));
        assert_eq!(r.first, Side::Attackers);
        assert_eq!(r.draw_plies, DRAW_PLIES);
    }

    #[test]
    fn speed_limits_are_read_in_every_form_opentafl_writes() {
        let start = "start:/7/7/7/3K3/7/7/7/";
        let reach =
            |spd: &str| read_rules(&format!("dim:7 spd:{spd} {start}")).map(|r| r.rules.reach);
        let n = |k: u8| NonZeroU8::new(k);
        assert_eq!(reach("1"), Ok(Reach::ONE));
        assert_eq!(reach("-1"), Ok(Reach::ANY));
        assert_eq!(reach("-1,-1"), Ok(Reach::ANY));
        // Six squares is as far as any piece goes on seven: no limit.
        assert_eq!(reach("6"), Ok(Reach::ANY));
        assert_eq!(reach("3"), Ok(Reach::all(n(3))));
        // Soldiers one square, the king two: tcnkmgTCNKMG, tcnkmTCNKM and tcnkTCNK.
        let king_two = Reach {
            attackers: n(1),
            defenders: n(1),
            king: n(2),
        };
        assert_eq!(reach("1,-1,-1,-1,-1,-1,1,-1,-1,2,-1,-1"), Ok(king_two));
        assert_eq!(reach("1,-1,-1,-1,-1,1,-1,-1,2,-1"), Ok(king_two));
        assert_eq!(reach("1,-1,-1,-1,1,-1,-1,2"), Ok(king_two));
        for bad in ["0", "-2", "x", "1,1,1", ""] {
            assert!(
                matches!(reach(bad), Err(RulesStringError::BadValue { .. })),
                "spd:{bad}: {:?}",
                reach(bad)
            );
        }
    }

    #[test]
    fn speed_limits_are_written_so_that_they_read_back() {
        let ard_ri = write_rules(VariantKind::ArdRi, VariantKind::ArdRi.data());
        assert!(ard_ri.contains(" spd:1 "), "{ard_ri}");
        let copenhagen = write_rules(VariantKind::Copenhagen, VariantKind::Copenhagen.data());
        assert!(!copenhagen.contains("spd"), "{copenhagen}");
        let mixed = Rules {
            reach: Reach {
                attackers: None,
                defenders: NonZeroU8::new(2),
                king: NonZeroU8::new(1),
            },
            ..VariantKind::ArdRi.data().clone()
        };
        let text = write_rules(VariantKind::ArdRi, &mixed);
        assert!(
            text.contains(" spd:-1,-1,-1,-1,-1,-1,2,-1,-1,1,-1,-1 "),
            "{text}"
        );
        assert_eq!(read_rules(&text).map(|r| r.rules), Ok(mixed));
    }

    #[test]
    fn unplayable_rules_are_named() {
        let start = "start:/7/7/7/3K3/7/7/7/";
        for (entry, rule) in [
            ("ber:c", "berserk moves"),
            ("kj:r", "a king who jumps"),
            (
                "spd:1,2",
                "speed limits by side (OpenTafl plays them as no limit)",
            ),
            ("linc:y", "Linnaean captures"),
            ("afor:a1,", "fortress squares of one side"),
            (
                "swf:n",
                "shield walls closed by a move that is not onto the edge",
            ),
            ("cen:c3,e5,", "a throne of several squares"),
            ("zzz:1", "a rule it does not know"),
        ] {
            let err = read_rules(&format!("dim:7 {entry} {start}")).unwrap_err();
            assert!(
                matches!(&err, RulesStringError::Unsupported { rule: r, .. } if *r == rule),
                "{entry}: {err:?}"
            );
            assert!(err.to_string().contains(rule), "{err}");
        }
        let err = read_rules("dim:7 start:/7/7/7/3c3/7/7/7/").unwrap_err();
        assert!(
            matches!(err, RulesStringError::Unsupported { .. }),
            "{err:?}"
        );
        assert_eq!(
            read_rules("dim:23 start:/").unwrap_err().to_string(),
            "this app cannot play a board of that size (3 to 19) (dim:23)"
        );
        assert_eq!(
            read_rules("dim:7").unwrap_err(),
            RulesStringError::Missing("starting position (start)")
        );
        assert!(matches!(
            read_rules("dim:7 ks:q start:/7/7/7/3K3/7/7/7/"),
            Err(RulesStringError::BadValue { .. })
        ));
    }
}
