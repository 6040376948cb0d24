//! Sentences of the screens that are built from the app's own records (a finished game, a
//! swing, an import's problem), in the catalog's language.

use crate::engine::game::Status;
use crate::engine::mode::Mode;
use crate::store::FinishedGameSummary;
use crate::texts::{Catalog, Label};

use super::reviewed_game::ImportError;

/// A row of the history list: its first line, its second line, and both as one sentence.
pub(crate) struct HistoryWords {
    pub title: String,
    pub detail: String,
    pub label: String,
}

/// The day of a moment (Unix seconds) in the device's time zone, counted from 1970-01-01.
pub(crate) fn local_day(unix_seconds: i64, utc_offset_minutes: i32) -> i64 {
    (unix_seconds + i64::from(utc_offset_minutes) * 60).div_euclid(86_400)
}

/// The words of a finished game in the history list. `utc_offset_minutes` is the device's
/// time zone and `today` the day now in it: a game of today or yesterday is named so.
pub(crate) fn history(
    c: &Catalog,
    game: &FinishedGameSummary,
    utc_offset_minutes: i32,
    today: i64,
) -> HistoryWords {
    let mode = game.mode;
    let date = c.day(local_day(game.finished_at, utc_offset_minutes), today);
    let name = c.variant(game.variant).to_string();
    let opponent = c.opponent(mode);
    let side = match mode {
        Mode::VsComputer { human, .. } => Some(c.as_side(human)),
        Mode::TwoPlayers => None,
    };
    let result = match game.status {
        Status::Over(outcome) => c.short_result(mode, outcome).to_string(),
        Status::Ongoing => String::new(),
    };
    let length = c.game_length(game.plies);
    let hints = (game.hints > 0).then(|| c.hints_used(game.hints));
    let title = c.fill(
        "history.row",
        &[("date", &date), ("game", &name), ("opponent", &opponent)],
    );
    let mut details: Vec<String> = Vec::new();
    details.extend(side.clone());
    details.push(result.clone());
    details.push(length.clone());
    details.extend(hints.clone());
    let mut parts = vec![date, name, opponent];
    parts.extend(details.iter().cloned());
    HistoryWords {
        title,
        detail: details.join(" · "),
        label: c.join(&parts),
    }
}

/// Why a pasted game could not be read, naming the first bad move.
pub(crate) fn import_error(c: &Catalog, error: &ImportError) -> String {
    match error {
        ImportError::Empty => c.label(Label::ImportEmpty).to_string(),
        ImportError::BadRecord { reason } => c.import_bad_record(reason),
        ImportError::BadMove {
            ply,
            notation,
            problem,
        } => c.fill(
            "import.bad_move",
            &[
                ("ply", &ply.to_string()),
                ("move", &quoted(notation)),
                ("reason", c.text(problem.text_key())),
            ],
        ),
        ImportError::BadCaptures { ply, notation } => {
            c.import_bad_captures(*ply as usize, &quoted(notation))
        }
        ImportError::TooLarge { limit_bytes } => c.fill(
            "import.too_large",
            &[("kib", &(limit_bytes / 1024).to_string())],
        ),
        ImportError::NotText => c.text("import.not_text").to_string(),
        ImportError::Unreadable => c.text("import.unreadable").to_string(),
    }
}

/// The longest piece of pasted text an error quotes: enough for any move, and a sentence that
/// a screen reader can still say when the "move" is a page of garbage.
const QUOTE_CHARS: usize = 24;

/// `text` as an error quotes it: cut after [`QUOTE_CHARS`] characters, with an ellipsis.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}
