//! The words `tafl` prints for people: the language of `--lang` (English unless asked), the
//! catalog's texts (`core/texts`, the apps' own words), and lines wrapped at word boundaries
//! for the terminal's width.

use std::io::{self, Write};

use tafl_core::texts::{Catalog, Language};

use crate::args::{Args, Usage};

/// The language asked for with `--lang` (English when absent).
pub fn language(args: &Args) -> Result<Language, Usage> {
    match args.get("lang") {
        None => Ok(Language::English),
        Some(code) => Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
            .ok_or_else(|| Usage(format!("unknown language '{code}' (en, fr or de)"))),
    }
}

/// The catalog of `--lang`.
pub fn catalog(args: &Args) -> Result<&'static Catalog, Usage> {
    Ok(language(args)?.catalog())
}

/// The width lines are wrapped to: `$COLUMNS` when it is a number from 20, else 80.
pub fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&w| w >= 20)
        .unwrap_or(80)
}

/// `text` in lines of at most `width` characters, broken at spaces only (a word longer than
/// the width stands alone on its line). No-break spaces stay: French keeps "d1-d3 :" together.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for paragraph in text.split('\n') {
        if !out.is_empty() {
            out.push('\n');
        }
        let mut line = 0;
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let len = word.chars().count();
            if line > 0 && line + 1 + len > width {
                out.push('\n');
                line = 0;
            } else if line > 0 {
                out.push(' ');
                line += 1;
            }
            out.push_str(word);
            line += len;
        }
    }
    out
}

/// Prints `text` wrapped to the terminal's width. A closed pipe (`tafl rules | head`) is no
/// error: what is left is not printed.
pub fn say(text: &str) {
    let _ = writeln!(io::stdout().lock(), "{}", wrap(text, width()));
}

/// What a line that is neither a move nor a command gets: how to write a move, and `help`.
pub fn not_a_move(c: &Catalog, text: &str) -> String {
    c.fill(
        "cli.not_a_move",
        &[("text", text), ("help", c.text(Command::Help.key()))],
    )
}

/// The command a line of input is, in English or in the catalog's language: `quit`, `help`,
/// `hint` or `board`; `None` for anything else (a move, or a mistake).
pub fn command(c: &Catalog, line: &str) -> Option<Command> {
    let word = line.trim().to_lowercase();
    Command::ALL.into_iter().find(|cmd| {
        cmd.english().contains(&word.as_str()) || c.text(cmd.key()).to_lowercase() == word
    })
}

/// A word the interactive commands take besides moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
    Quit,
    Help,
    Hint,
    Board,
}

impl Command {
    const ALL: [Command; 4] = [Command::Quit, Command::Help, Command::Hint, Command::Board];

    /// The English words, always understood.
    fn english(self) -> &'static [&'static str] {
        match self {
            Command::Quit => &["quit", "exit", "q"],
            Command::Help => &["help", "?"],
            Command::Hint => &["hint"],
            Command::Board => &["board"],
        }
    }

    /// The key of the word in the chosen language.
    pub fn key(self) -> &'static str {
        match self {
            Command::Quit => "cli.word.quit",
            Command::Help => "cli.word.help",
            Command::Hint => "cli.word.hint",
            Command::Board => "cli.word.board",
        }
    }
}

/// Whether a line is the run's skip, in English or in the catalog's language.
pub fn is_skip(c: &Catalog, line: &str) -> bool {
    let word = line.trim().to_lowercase();
    word == "skip" || word == c.text("cli.word.skip").to_lowercase()
}

/// A word `tafl play` takes besides moves, in English or in the catalog's language.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayWord {
    Quit,
    Help,
    Board,
    Undo,
    Resign,
}

impl PlayWord {
    const ALL: [PlayWord; 5] = [
        PlayWord::Quit,
        PlayWord::Help,
        PlayWord::Board,
        PlayWord::Undo,
        PlayWord::Resign,
    ];

    fn english(self) -> &'static [&'static str] {
        match self {
            PlayWord::Quit => &["quit", "exit", "q"],
            PlayWord::Help => &["help", "?"],
            PlayWord::Board => &["board"],
            PlayWord::Undo => &["undo"],
            PlayWord::Resign => &["resign"],
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            PlayWord::Quit => Command::Quit.key(),
            PlayWord::Help => Command::Help.key(),
            PlayWord::Board => Command::Board.key(),
            PlayWord::Undo => "cli.word.undo",
            PlayWord::Resign => "cli.word.resign",
        }
    }
}

/// The word of `tafl play` a line is, if any.
pub fn play_word(c: &Catalog, line: &str) -> Option<PlayWord> {
    let word = line.trim().to_lowercase();
    PlayWord::ALL
        .into_iter()
        .find(|w| w.english().contains(&word.as_str()) || c.text(w.key()).to_lowercase() == word)
}

/// A yes or a no, in English or in the catalog's language, whole or by its first letter;
/// `None` for anything else (an empty line too: the question's default decides).
pub fn yes_no(c: &Catalog, line: &str) -> Option<bool> {
    let word = line.trim().to_lowercase();
    let first = |w: &str| w.chars().next().map(String::from).unwrap_or_default();
    let matches = |english: &str, key: &str| {
        let local = c.text(key).to_lowercase();
        !word.is_empty()
            && [english.to_string(), first(english), first(&local), local].contains(&word)
    };
    if matches("yes", "cli.word.yes") {
        Some(true)
    } else if matches("no", "cli.word.no") {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_break_between_words_only() {
        let text = "The king stepped in between two attackers himself, so they did not take him.";
        let wrapped = wrap(text, 20);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 20),
            "{wrapped}"
        );
        assert_eq!(wrapped.replace('\n', " "), text);
        assert_eq!(
            wrap("abcdefghijklmnopqrstuvwxyz ab", 10),
            "abcdefghijklmnopqrstuvwxyz\nab"
        );
    }

    #[test]
    fn commands_are_understood_in_english_and_in_the_language() {
        let fr = Language::French.catalog();
        assert_eq!(command(fr, "quit"), Some(Command::Quit));
        assert_eq!(command(fr, fr.text("cli.word.hint")), Some(Command::Hint));
        assert_eq!(command(fr, "d1-d3"), None);
    }

    #[test]
    fn play_words_and_answers_are_understood_in_english_and_in_the_language() {
        for lang in Language::ALL {
            let c = lang.catalog();
            assert_eq!(play_word(c, "undo"), Some(PlayWord::Undo));
            assert_eq!(
                play_word(c, c.text("cli.word.resign")),
                Some(PlayWord::Resign)
            );
            assert_eq!(play_word(c, "d1-d3"), None);
            assert_eq!(yes_no(c, "y"), Some(true));
            assert_eq!(yes_no(c, "NO"), Some(false));
            assert_eq!(yes_no(c, c.text("cli.word.yes")), Some(true));
            assert_eq!(yes_no(c, c.text("cli.word.no")), Some(false));
            assert_eq!(yes_no(c, ""), None);
            assert_eq!(yes_no(c, "maybe"), None);
        }
    }
}
