//! Games published as JSON, rewritten as a record this notation reads:
//!
//! - hnefatafl.org's "OpenTafl game format" (what its server answers `resume_game_json`
//!   with): `dim`, `start` (`A` attackers, `D` defenders, `K` the king) and `moves`, one string
//!   of moves in OpenTafl notation with captures, a resignation written `---` or `resigns`;
//! - PlayTaflOnline's games (as OpenTafl's downloader reads them): `Layout` names the game,
//!   `Move` lists the moves newest first, each `MoveX`/`MoveY` to `MoveXTo`/`MoveYTo` (files
//!   and ranks counted from 0, -1 for an entry that is not a move), the newest one's
//!   `EndState` telling how the game ended;
//! - aagenielsen.dk's games as published in scraped sets: `AageGameTypeName` names the game,
//!   `Moves` lists them in order, ended by `resigned` or `timeout`.

use serde_json::Value;

use crate::engine::notation::format_position;
use crate::engine::position::Position;
use crate::engine::variant::VariantKind;

use super::problem::ImportProblem;

/// The record text of a JSON game.
pub(super) fn rewrite(text: &str) -> Result<String, ImportProblem> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ImportProblem::BadRecord(format!("JSON that cannot be read: {e}")))?;
    let bad = |why: &str| ImportProblem::BadRecord(why.to_string());
    if value.get("dim").is_some() && value.get("moves").is_some() {
        hnefatafl_org(&value)
            .ok_or_else(|| bad("a hnefatafl.org game without its board size or moves"))
    } else if value.get("Move").is_some() && value.get("Layout").is_some() {
        playtaflonline(&value)
    } else if value.get("Moves").is_some() {
        aagenielsen(&value)
    } else {
        Err(bad(
            "JSON that is not a game of hnefatafl.org, PlayTaflOnline or aagenielsen.dk",
        ))
    }
}

/// A record: the game's tag, a start position when it is not the game's own, the moves.
fn record(kind: Option<VariantKind>, start: Option<String>, moves: &[String]) -> String {
    let mut out = String::new();
    if let Some(kind) = kind {
        out.push_str(&format!("[variant \"{}\"]\n", kind.name()));
    }
    if let Some(start) = start {
        out.push_str(&format!("[position \"{start}\"]\n"));
    }
    out.push('\n');
    out.push_str(&moves.join(" "));
    out.push('\n');
    out
}

fn hnefatafl_org(value: &Value) -> Option<String> {
    let dim = value.get("dim")?.as_u64()?;
    let moves = value.get("moves")?.as_str()?;
    // Its server plays Copenhagen on 11x11 and Brandubh on 7x7; a 13x13 board has no game
    // here, and the text will fail on its first move with the game the import picks.
    let kind = match dim {
        7 => Some(VariantKind::Brandubh),
        11 => Some(VariantKind::Copenhagen),
        _ => None,
    };
    // Its placement names the sides `A` and `D`; this notation `t` and `T`.
    let start = value
        .get("start")
        .and_then(Value::as_str)
        .map(|s| s.replace('A', "t").replace('D', "T"))
        .filter(|s| kind.is_none_or(|k| *s != format_position(&Position::initial(k.rules()))));
    let moves: Vec<String> = moves
        .split_whitespace()
        .map(|m| match m {
            "resigns" => "---".to_string(),
            m => m.to_string(),
        })
        .collect();
    Some(record(kind, start, &moves))
}

/// PlayTaflOnline's layouts with a game of the same rules here.
fn playtaflonline_game(layout: &str) -> Option<VariantKind> {
    Some(match layout.to_ascii_lowercase().as_str() {
        "copenhagen" => VariantKind::Copenhagen,
        "fetlar" => VariantKind::Fetlar,
        "brandubh" | "hhbrandubh" => VariantKind::Brandubh,
        "tablut" | "hhtablut" => VariantKind::Tablut,
        "seabattletablut" => VariantKind::SeaBattle,
        "tawlbwrdd" | "hhtawlbwrdd" => VariantKind::Tawlbwrdd,
        "ardri" | "hhardri" => VariantKind::ArdRi,
        "aleaevangelii" => VariantKind::AleaEvangelii,
        _ => return None,
    })
}

fn playtaflonline(value: &Value) -> Result<String, ImportProblem> {
    let layout = value.get("Layout").and_then(Value::as_str).unwrap_or("");
    let kind = playtaflonline_game(layout).ok_or_else(|| {
        ImportProblem::BadRecord(format!(
            "PlayTaflOnline's layout '{layout}' is not a game this app plays"
        ))
    })?;
    let entries = value
        .get("Move")
        .and_then(Value::as_array)
        .ok_or_else(|| ImportProblem::BadRecord("PlayTaflOnline's moves are not a list".into()))?;
    let coordinate = |entry: &Value, key: &str| entry.get(key).and_then(Value::as_i64);
    let mut moves = Vec::with_capacity(entries.len());
    // Newest first in the file.
    for entry in entries.iter().rev() {
        let keys = ["MoveX", "MoveY", "MoveXTo", "MoveYTo"];
        let [Some(fx), Some(fy), Some(tx), Some(ty)] = keys.map(|k| coordinate(entry, k)) else {
            return Err(ImportProblem::BadRecord(
                "a PlayTaflOnline move without its squares".into(),
            ));
        };
        if [fx, fy, tx, ty].contains(&-1) {
            continue;
        }
        moves.push(format!("{}-{}", square(fx, fy), square(tx, ty)));
    }
    // How it ended: 4 the defenders resigned, 5 the attackers (the side to move after the
    // last move either way); the others the board shows, or the clock (not kept here).
    let end = entries
        .first()
        .and_then(|e| e.get("EndState"))
        .and_then(Value::as_i64);
    if matches!(end, Some(4 | 5)) {
        moves.push("---".to_string());
    }
    Ok(record(Some(kind), None, &moves))
}

/// A square from PlayTaflOnline's numbers: file and rank from 0 (ranks up from the first, as
/// OpenTafl reads them; the layouts it plays are the same upside down).
fn square(file: i64, rank: i64) -> String {
    let letter = u8::try_from(file)
        .ok()
        .filter(|f| *f < 26)
        .map_or('?', |f| (b'a' + f) as char);
    format!("{letter}{}", rank + 1)
}

/// aagenielsen.dk's game names with a game of the same rules here.
fn aagenielsen_game(name: &str) -> Option<VariantKind> {
    let name = name.to_ascii_lowercase();
    [
        ("copenhagen", VariantKind::Copenhagen),
        ("fetlar", VariantKind::Fetlar),
        ("brandubh", VariantKind::Brandubh),
        ("tablut", VariantKind::Tablut),
        ("sea battle", VariantKind::SeaBattle),
        ("alea evangelii", VariantKind::AleaEvangelii),
    ]
    .into_iter()
    .find(|(word, _)| name.contains(word))
    .map(|(_, kind)| kind)
}

fn aagenielsen(value: &Value) -> Result<String, ImportProblem> {
    let name = value
        .get("AageGameTypeName")
        .and_then(Value::as_str)
        .unwrap_or("");
    let kind = aagenielsen_game(name);
    if kind.is_none() && !name.is_empty() {
        return Err(ImportProblem::BadRecord(format!(
            "aagenielsen.dk's '{name}' is not a game this app plays"
        )));
    }
    let list = value
        .get("Moves")
        .and_then(Value::as_array)
        .ok_or_else(|| ImportProblem::BadRecord("the moves are not a list".into()))?;
    let mut moves = Vec::with_capacity(list.len());
    for m in list {
        let m = m.as_str().unwrap_or("?");
        match m {
            "resigned" => {
                moves.push("---".to_string());
                break;
            }
            "timeout" => break,
            m => moves.push(m.to_string()),
        }
    }
    Ok(record(kind, None, &moves))
}

/// An aagenielsen.dk game as a line of a CSV file (`moves,attackers' captures,defenders'
/// captures,result`, the format of the public sets), if the text is one.
pub(super) fn aagenielsen_line(text: &str) -> Option<Result<String, ImportProblem>> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let is_line = |line: &&str| {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        fields.len() == 4
            && fields[1].parse::<u32>().is_ok()
            && fields[2].parse::<u32>().is_ok()
            && ["White", "Black", "Draw", "Ongoing"].contains(&fields[3])
    };
    if lines.is_empty() || !lines.iter().all(is_line) {
        return None;
    }
    if lines.len() > 1 {
        return Some(Err(ImportProblem::BadRecord(format!(
            "the text holds {} games; import one at a time",
            lines.len()
        ))));
    }
    let fields: Vec<&str> = lines[0].split(',').map(str::trim).collect();
    let mut words: Vec<&str> = fields[0].split_whitespace().collect();
    let timed_out = words.last() == Some(&"timeout");
    if timed_out {
        words.pop();
    }
    let mut text = words.join(" ");
    // The site's result for a game its moves do not end: the loser resigned (one lost on time
    // ends with `timeout`, which is not kept here).
    let winner = match fields[3] {
        "White" => Some("defenders"),
        "Black" => Some("attackers"),
        _ => None,
    };
    let mut tags = String::new();
    if let (Some(winner), false) = (winner, timed_out) {
        tags = format!("[result \"{winner}:resignation\"]\n");
    }
    text = format!("{tags}\n{text}\n");
    Some(Ok(text))
}
