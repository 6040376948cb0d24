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
}
