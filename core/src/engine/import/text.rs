//! Moves written by people and other programs, rewritten as this notation reads them: the
//! PGN that hnefatafl.org's client reads and writes (`1. h1h3 g5g2`), lists pasted from a web
//! page or a forum (move numbers, comments, results, odd spacing and case), and OpenTafl's
//! records, whose bracketed tags and comments are left for the record reader.
//!
//! Nothing here knows a rule: a word that is not a move stays as written, so that the replay
//! names it as the first bad move.

use crate::engine::variant::VariantKind;

/// The text with its moves written as `d1-d3` (captures `xd2/e2`, a resignation `---`), tags
/// and OpenTafl's bracketed comments kept, everything else that is not a move left out.
pub(super) fn clean(text: &str) -> String {
    let mut tags = String::new();
    let mut words = Vec::new();
    for part in split_brackets(text) {
        match part {
            Part::Bracket(inside) => {
                tags.push_str(&tag(inside));
                tags.push('\n');
            }
            Part::Moves(moves) => words.extend(tokens(&without_comments(moves))),
        }
    }
    let mut moves: Vec<String> = Vec::new();
    let (mut any_move, mut first_prose) = (false, None);
    for word in merge_split_moves(words) {
        match classify(&word) {
            Word::Move(m) => {
                any_move = true;
                moves.push(m);
            }
            Word::Kept(w) => {
                any_move = true;
                moves.push(w);
            }
            Word::Number(n) => moves.push(n),
            Word::Prose(w) => {
                first_prose.get_or_insert(w);
            }
            Word::Skipped => {}
            Word::Resigned => {
                moves.push("---".to_string());
                break;
            }
            Word::End => break,
        }
    }
    // Words alone and no move: the text is no game, and the replay names its first word
    // rather than finding nothing to replay.
    if let (false, Some(word)) = (any_move, first_prose) {
        moves.push(word);
    }
    format!("{tags}\n{}\n", moves.join(" "))
}

/// A piece of the text: inside `[...]` (a tag or OpenTafl's comment), or outside.
enum Part<'a> {
    Bracket(&'a str),
    Moves(&'a str),
}

/// The text cut at its brackets; a bracket never closed keeps the rest as moves (the record
/// reader then says so).
fn split_brackets(text: &str) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(len) = rest[open..].find(']') else {
            break;
        };
        parts.push(Part::Moves(&rest[..open]));
        parts.push(Part::Bracket(&rest[open..=open + len]));
        rest = &rest[open + len + 1..];
    }
    parts.push(Part::Moves(rest));
    parts
}

/// A bracketed part as the record reader takes it: PGN's capitalised `Variant` or `Game` tag
/// naming one of this app's games becomes its `variant` tag; anything else is kept.
fn tag(bracket: &str) -> String {
    let inside = bracket.trim_start_matches('[').trim_end_matches(']').trim();
    let (name, value) = match inside.split_once(char::is_whitespace) {
        Some((name, value)) => (name, value.trim().trim_matches('"')),
        None => return bracket.to_string(),
    };
    let named = ["variant", "game"]
        .iter()
        .any(|n| name.eq_ignore_ascii_case(n));
    match VariantKind::parse(value) {
        Some(kind) if named => format!("[variant \"{}\"]", kind.name()),
        _ => bracket.to_string(),
    }
}

/// Move text without PGN's comments: `{...}`, `;` to the end of the line, and variations in
/// parentheses.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut brace, mut paren, mut line_comment) = (false, 0usize, false);
    for c in text.chars() {
        match c {
            '\n' if line_comment => {
                line_comment = false;
                out.push('\n');
            }
            _ if line_comment => {}
            '{' if !brace => brace = true,
            '}' if brace => {
                brace = false;
                out.push(' ');
            }
            _ if brace => {}
            '(' => paren += 1,
            ')' if paren > 0 => {
                paren -= 1;
                out.push(' ');
            }
            _ if paren > 0 => {}
            ';' => line_comment = true,
            c => out.push(c),
        }
    }
    out
}

/// Words separated by white space or commas, with a move number glued to its move (`1.d1-d3`)
/// cut off.
fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .flat_map(|w| {
            let digits = w.bytes().take_while(u8::is_ascii_digit).count();
            let dots = w[digits..].bytes().take_while(|&b| b == b'.').count();
            if digits > 0 && dots > 0 && digits + dots < w.len() {
                vec![
                    w[..digits + dots].to_string(),
                    w[digits + dots..].to_string(),
                ]
            } else {
                vec![w.to_string()]
            }
        })
        .collect()
}

/// Dashes typed apart from their squares (`d1 - d3`, `d1 -d3`, `d1- d3`) joined again; any
/// kind of dash is the hyphen.
fn merge_split_moves(words: Vec<String>) -> Vec<String> {
    let words: Vec<String> = words
        .into_iter()
        .map(|w| w.replace(['–', '—', '‐', '−'], "-"))
        .collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for word in words {
        let joins = match out.last() {
            Some(last) if word == "-" => is_square(last),
            Some(last) if last.ends_with('-') && last.len() > 1 => {
                is_square(last.trim_end_matches('-')) && starts_with_square(&word)
            }
            Some(last) if word.starts_with('-') && word.len() > 1 => {
                is_square(last) && starts_with_square(&word[1..])
            }
            _ => false,
        };
        match out.last_mut() {
            Some(last) if joins => last.push_str(&word),
            _ => out.push(word),
        }
    }
    out
}

/// What a word is.
enum Word {
    /// A move, rewritten.
    Move(String),
    /// Not a move nor anything known: kept, for the replay to name it.
    Kept(String),
    /// A move number, kept as `12.`.
    Number(String),
    /// A word without a digit (a name, a heading, "Attackers:"): left out where moves are
    /// found around it.
    Prose(String),
    /// A move number, a result, an annotation: left out.
    Skipped,
    /// The side to move resigned here.
    Resigned,
    /// The moves end here (a game lost on time).
    End,
}

fn classify(word: &str) -> Word {
    let lower = word.to_ascii_lowercase();
    let bare = lower.trim_end_matches(['.', '!', '?']);
    match bare {
        "" | "*" | "1-0" | "0-1" | "1/2-1/2" | "½-½" | "0-0" | "..." => return Word::Skipped,
        "---" | "resigned" | "resigns" | "resign" | "resignation" => return Word::Resigned,
        "timeout" | "time" => return Word::End,
        _ => {}
    }
    // "12.", "12..." and "12)" number moves: kept as "12.", since the record reader needs
    // them to tell the main line from OpenTafl's numbered variations ("2a.1.1a.").
    let number = word.trim_end_matches(['.', ')']);
    if number.len() < word.len() && number.bytes().all(|b| b.is_ascii_digit()) {
        return Word::Number(format!("{number}."));
    }
    // A word without a digit is never a move: a name, a heading, "Attackers:".
    if !word.bytes().any(|b| b.is_ascii_digit()) {
        return Word::Prose(word.to_string());
    }
    match rewrite_move(word) {
        Some(m) => Word::Move(m),
        None => Word::Kept(word.to_string()),
    }
}

/// A move in any of the spellings met (`d1-d3`, `D1-D3`, `d1d3`, `Kd4-d1`, `e7-g7:g6`,
/// `d3-d2xe2`, `h1h3!?`), written `d1-d3` with its captures; `None` when it is not one.
fn rewrite_move(word: &str) -> Option<String> {
    let word = word.trim_end_matches(['!', '?', '#', '+']);
    // The king's letter in front (OpenTafl, the forum's PGN), before any square letter.
    let word = match word.strip_prefix(['K', 'k']) {
        Some(rest) if starts_with_square(rest) => rest,
        _ => word,
    };
    let lower = word.to_ascii_lowercase().replace(':', "x");
    let (squares, captures) = match lower.split_once('x') {
        Some((s, c)) => (s, Some(c)),
        None => (lower.as_str(), None),
    };
    let (from, to) = match squares.split_once('-') {
        Some((from, to)) => (from.to_string(), to.to_string()),
        None => {
            // Without a dash: two squares back to back (`h1h3`, `a10a11`).
            let cut = 1 + squares[1..].find(|c: char| c.is_ascii_alphabetic())?;
            (squares[..cut].to_string(), squares[cut..].to_string())
        }
    };
    if !is_square(&from) || !is_square(&to) {
        return None;
    }
    let mut out = format!("{from}-{to}");
    if let Some(captures) = captures {
        let names: Vec<&str> = captures
            .split(['x', '/'])
            .filter(|c| !c.is_empty())
            .collect();
        if names.iter().any(|c| !is_square(c)) {
            return None;
        }
        if !names.is_empty() {
            out.push('x');
            out.push_str(&names.join("/"));
        }
    }
    Some(out)
}

/// A square's name on a board up to 19x19: a letter and one or two digits.
fn is_square(text: &str) -> bool {
    let mut chars = text.chars();
    let Some(file) = chars.next() else {
        return false;
    };
    let rank = chars.as_str();
    file.is_ascii_alphabetic()
        && ('a'..='s').contains(&file.to_ascii_lowercase())
        && (1..=2).contains(&rank.len())
        && rank.bytes().all(|b| b.is_ascii_digit())
}

/// Whether the text begins with a square's name.
fn starts_with_square(text: &str) -> bool {
    let end = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    is_square(&text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves of the cleaned text, without the move numbers the record reader skips.
    fn moves(text: &str) -> String {
        let cleaned = clean(text);
        let words: Vec<&str> = cleaned
            .split_whitespace()
            .filter(|w| !(w.ends_with('.') && w[..w.len() - 1].bytes().all(|b| b.is_ascii_digit())))
            .collect();
        words.join(" ")
    }

    #[test]
    fn every_spelling_of_a_move_is_read() {
        assert_eq!(moves("h1h3 g5g2 a10a11"), "h1-h3 g5-g2 a10-a11");
        assert_eq!(
            moves("D1-D3  E5 - E2 g1 -g3 f4- c4"),
            "d1-d3 e5-e2 g1-g3 f4-c4"
        );
        assert_eq!(
            moves("g3-e3XE2 Kf6-f7 e7-g7:g6 c3–c1xd1xe1"),
            "g3-e3xe2 f6-f7 e7-g7xg6 c3-c1xd1/e1"
        );
        assert_eq!(moves("d1-d3! e5-e2?! g1-g3+"), "d1-d3 e5-e2 g1-g3");
    }

    #[test]
    fn numbers_results_and_comments_are_left_out() {
        let text = "1. d1-d3 e5-e2 {the Millar gambit} 2.g1-g3 ; declined\n\
                    f4-c4 (2... f4-f5) 3. g3-e3xe2 1-0";
        assert_eq!(moves(text), "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2");
        assert_eq!(moves("1. d1-d3 2... e5-e2 *"), "d1-d3 e5-e2");
    }

    #[test]
    fn a_resignation_ends_the_moves_and_a_lost_time_too() {
        assert_eq!(moves("d1-d3 e5-e2 resigned d4-d5"), "d1-d3 e5-e2 ---");
        assert_eq!(moves("d1-d3 e5-e2 timeout"), "d1-d3 e5-e2");
    }

    #[test]
    fn tags_stay_and_a_named_game_becomes_the_variant_tag() {
        let text =
            "[Event \"Game 12\"]\n[Site \"hnefatafl.org\"]\n[Variant \"Brandubh\"]\n\n1. b4b3";
        let out = clean(text);
        assert!(out.contains("[Site \"hnefatafl.org\"]"), "{out}");
        assert!(out.contains("[variant \"brandubh\"]"), "{out}");
        assert!(out.trim_end().ends_with("1. b4-b3"), "{out}");
        // OpenTafl's tags and comments are the record reader's.
        let otn = "[rules:dim:7 name:Brandubh]\n1. b4-b3 [a comment] d5-b5";
        assert_eq!(
            clean(otn),
            "[rules:dim:7 name:Brandubh]\n[a comment]\n\n1. b4-b3 d5-b5\n"
        );
    }

    #[test]
    fn words_with_digits_that_are_not_moves_are_kept_for_the_replay_to_name() {
        assert_eq!(moves("d1-d3 zz9-a1 e5-e2"), "d1-d3 zz9-a1 e5-e2");
        assert_eq!(moves("d1-d3 e5e2q 2026-05-01"), "d1-d3 e5e2q 2026-05-01");
        // A word without a digit is never a move.
        assert_eq!(moves("Attackers: Bob 1) d1-d3"), "d1-d3");
        // Words alone are no game: the first is kept for the replay to name.
        assert_eq!(moves("1. hello world"), "hello");
    }
}
