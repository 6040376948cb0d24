//! The text tables: one file per language in `core/texts/`, read once, looked up by key.
//!
//! The files are compiled into the library, so the apps need nothing else to speak every
//! language. Their syntax is explained at the top of `core/texts/en.txt` and in
//! `docs/texts.md`: `key = text` lines, `#` comments, `{name}` placeholders, and plural forms
//! under `key.one` / `key.other`. The tests check that every language has every key with the
//! same placeholders, so the fallbacks below (English, then the key itself) never show in a
//! shipped build; they only keep a broken table from taking the app down.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

/// A language the app speaks.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Debug,
    Default,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    English,
    French,
    German,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::French, Language::German];

    /// The ISO 639-1 code, as in the file names and the platforms' resource folders.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
            Language::German => "de",
        }
    }

    /// The first language of a preference list (BCP 47 tags such as `fr-CA`, or POSIX
    /// locales such as `de_DE.UTF-8`) that the app speaks; English when none is.
    pub fn from_tags<I, S>(tags: I) -> Language
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        tags.into_iter()
            .find_map(|tag| {
                let primary = tag.as_ref().trim().split(['-', '_', '.', '@']).next()?;
                Language::ALL
                    .into_iter()
                    .find(|l| l.code().eq_ignore_ascii_case(primary))
            })
            .unwrap_or(Language::English)
    }

    /// The table of this language.
    pub fn catalog(self) -> &'static Catalog {
        &CATALOGS[self as usize]
    }

    /// The file the table is written in.
    pub const fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../../texts/en.txt"),
            Language::French => include_str!("../../texts/fr.txt"),
            Language::German => include_str!("../../texts/de.txt"),
        }
    }

    /// Whether a count takes the singular form (`.one`): French counts 0 as singular too.
    pub const fn is_singular(self, n: u64) -> bool {
        match self {
            Language::French => n <= 1,
            Language::English | Language::German => n == 1,
        }
    }
}

static CATALOGS: LazyLock<[Catalog; 3]> =
    LazyLock::new(|| Language::ALL.map(|l| Catalog::parse(l, l.source()).0));

/// A line of a text file that is not a comment, a blank or `key = text`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SyntaxError {
    pub line: usize,
    pub text: String,
}

/// The texts of one language.
#[derive(Debug)]
pub struct Catalog {
    language: Language,
    entries: BTreeMap<&'static str, &'static str>,
}

impl Catalog {
    /// Reads a text file. Lines that cannot be read are returned apart (the tests require
    /// none) and skipped; a key given twice keeps its first text and counts as an error too.
    pub fn parse(language: Language, source: &'static str) -> (Catalog, Vec<SyntaxError>) {
        let mut entries = BTreeMap::new();
        let mut errors = Vec::new();
        for (i, raw) in source.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let parsed = line
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .filter(|(k, v)| is_key(k) && !v.is_empty());
            match parsed {
                Some((key, text)) if !entries.contains_key(key) => {
                    entries.insert(key, text);
                }
                _ => errors.push(SyntaxError {
                    line: i + 1,
                    text: raw.to_string(),
                }),
            }
        }
        (Catalog { language, entries }, errors)
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// Every key of the table, in order.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.entries.keys().copied()
    }

    /// The text of a key, if the table has it.
    pub fn get(&self, key: &str) -> Option<&'static str> {
        self.entries.get(key).copied()
    }

    /// The text of a key, with English (then the key) as a last resort.
    pub fn text(&self, key: &str) -> &'static str {
        self.get(key)
            .or_else(|| Language::English.catalog().get(key))
            .unwrap_or("")
    }

    /// The text of a key with its placeholders filled in. A placeholder without a value is
    /// left as written, which the tests would catch.
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        substitute(self.text(key), args)
    }

    /// The plural form of `key` for `count` (`key.one` or `key.other`), filled in, with the
    /// count as `{count}`.
    pub fn count(&self, key: &str, count: u64, args: &[(&str, &str)]) -> String {
        let form = if self.language.is_singular(count) {
            "one"
        } else {
            "other"
        };
        let n = count.to_string();
        let mut all: Vec<(&str, &str)> = vec![("count", &n)];
        all.extend_from_slice(args);
        substitute(self.text(&format!("{key}.{form}")), &all)
    }

    /// A list of items in the language's way: "e2, f2 and g2".
    pub fn list<S: AsRef<str>>(&self, items: &[S]) -> String {
        let mut out = String::new();
        for (i, item) in items.iter().enumerate() {
            let item = item.as_ref();
            out = match i {
                0 => item.to_string(),
                _ if i + 1 == items.len() => {
                    self.fill("list.last", &[("list", &out), ("item", item)])
                }
                _ => self.fill("list.join", &[("list", &out), ("item", item)]),
            };
        }
        out
    }

    /// Items joined with the language's comma, without a final "and" (for screen-reader
    /// descriptions such as "f6, king, selected").
    pub fn join<S: AsRef<str>>(&self, items: &[S]) -> String {
        items.iter().fold(String::new(), |acc, item| {
            if acc.is_empty() {
                item.as_ref().to_string()
            } else {
                self.fill("list.join", &[("list", &acc), ("item", item.as_ref())])
            }
        })
    }
}

fn is_key(k: &str) -> bool {
    !k.is_empty()
        && k.split('.').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
}

/// The placeholder names of a text, lower-cased: `{Side}` and `{side}` are one argument in two
/// spellings (the capitalised form starts a sentence).
pub fn placeholders(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                names.insert(after[..close].to_ascii_lowercase());
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    names
}

/// Replaces every `{name}` that has a value. `{Name}` takes the value of `name` with its first
/// letter in upper case.
fn substitute(text: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            rest = &rest[open..];
            break;
        };
        let name = &after[..close];
        let value = args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| (*v).to_string())
            .or_else(|| {
                args.iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name) && name != *n)
                    .map(|(_, v)| capitalise(v))
            });
        match value {
            Some(v) => out.push_str(&v),
            None => {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_fill_in_with_either_spelling() {
        assert_eq!(
            substitute("{Side} to move, {side}!", &[("side", "attackers")]),
            "Attackers to move, attackers!"
        );
        assert_eq!(substitute("{missing} stays", &[]), "{missing} stays");
        assert_eq!(substitute("open { brace", &[]), "open { brace");
        assert_eq!(
            placeholders("{Side} moved {count} of {side}"),
            BTreeSet::from(["side".to_string(), "count".to_string()])
        );
    }

    #[test]
    fn languages_come_from_the_first_supported_tag() {
        assert_eq!(Language::from_tags(["fr-CA", "en"]), Language::French);
        assert_eq!(
            Language::from_tags(["es-ES", "de_DE.UTF-8"]),
            Language::German
        );
        assert_eq!(Language::from_tags(["ja"]), Language::English);
        assert_eq!(Language::from_tags(Vec::<String>::new()), Language::English);
        assert_eq!(Language::from_tags([" EN-gb "]), Language::English);
    }

    #[test]
    fn bad_lines_are_reported_and_skipped() {
        let (c, errors) = Catalog::parse(
            Language::English,
            "# comment\n\na.b = one\nno equals sign\nBad.Key = x\na.b = again\nc = \n",
        );
        assert_eq!(c.get("a.b"), Some("one"));
        assert_eq!(
            errors.iter().map(|e| e.line).collect::<Vec<_>>(),
            vec![4, 5, 6, 7]
        );
    }

    #[test]
    fn plurals_follow_each_language() {
        let en = Language::English.catalog();
        let fr = Language::French.catalog();
        assert_eq!(en.count("history.length", 1, &[]), "1 move");
        assert_eq!(en.count("history.length", 0, &[]), "0 moves");
        assert_eq!(fr.count("history.length", 0, &[]), "0 coup");
        assert_eq!(fr.count("history.length", 2, &[]), "2 coups");
    }

    #[test]
    fn lists_read_naturally() {
        let en = Language::English.catalog();
        assert_eq!(en.list(&["e2"]), "e2");
        assert_eq!(en.list(&["e2", "f2"]), "e2 and f2");
        assert_eq!(en.list(&["e2", "f2", "g2"]), "e2, f2 and g2");
        assert_eq!(
            Language::German.catalog().list(&["a", "b", "c"]),
            "a, b und c"
        );
        assert_eq!(en.join(&["f6", "king", "selected"]), "f6, king, selected");
    }
}
