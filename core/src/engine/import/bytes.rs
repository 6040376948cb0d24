//! A file's bytes as text, for the import: the one place that decides how a shared or opened
//! file is decoded, so that both apps read the same file the same way.
//!
//! Game records are ASCII but for names and comments; files come from every kind of tool:
//! - a byte order mark says the encoding: UTF-8 (the mark is dropped), UTF-16 little or big
//!   endian (as Windows' Notepad saves "Unicode");
//! - without a mark, text that is valid UTF-8 is UTF-8;
//! - anything else is read as Windows-1252 (what "Latin-1" means on the web and in old Windows
//!   tools), one character a byte: an old tool's accented names come out as they were
//!   written, and every move, being ASCII, is read right.
//!
//! What decodes to control characters other than tab, line and page breaks (a NUL, say) is
//! no text at all: an image or an archive shared by mistake is refused, not quoted as a move.

use super::ImportProblem;

const UTF8_BOM: &[u8] = &[0xEF, 0xBB, 0xBF];
const UTF16_LE_BOM: &[u8] = &[0xFF, 0xFE];
const UTF16_BE_BOM: &[u8] = &[0xFE, 0xFF];

/// The text of a file's bytes (see the module's notes), or [`ImportProblem::NotText`].
pub fn text_of_bytes(bytes: &[u8]) -> Result<String, ImportProblem> {
    let text = if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        String::from_utf8(rest.to_vec()).map_err(|_| ImportProblem::NotText)?
    } else if let Some(rest) = bytes.strip_prefix(UTF16_LE_BOM) {
        utf16(rest, u16::from_le_bytes)?
    } else if let Some(rest) = bytes.strip_prefix(UTF16_BE_BOM) {
        utf16(rest, u16::from_be_bytes)?
    } else {
        match std::str::from_utf8(bytes) {
            Ok(text) => text.to_string(),
            Err(_) => bytes.iter().map(|&b| windows_1252(b)).collect(),
        }
    };
    if text.chars().any(is_binary) {
        return Err(ImportProblem::NotText);
    }
    Ok(text)
}

/// UTF-16 in the byte order `unit` reads; an odd byte or a lone surrogate is no text.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, ImportProblem> {
    if bytes.len() % 2 != 0 {
        return Err(ImportProblem::NotText);
    }
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .map_err(|_| ImportProblem::NotText)
}

/// One byte of Windows-1252: Latin-1 but for 0x80-0x9F, which hold punctuation and a few
/// letters; the five bytes it leaves undefined stay C1 controls (no text), as browsers read them.
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// A character that text files do not hold: controls other than tab, line feed, carriage
/// return and form feed (C1 controls too: the bytes Windows-1252 leaves undefined).
fn is_binary(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_its_mark() {
        assert_eq!(text_of_bytes(b"1. b4-b1").unwrap(), "1. b4-b1");
        let marked = [UTF8_BOM, "[Black \"Jörð\"]\n1. b4-b1".as_bytes()].concat();
        assert_eq!(
            text_of_bytes(&marked).unwrap(),
            "[Black \"Jörð\"]\n1. b4-b1"
        );
    }

    #[test]
    fn utf16_in_both_byte_orders() {
        let text = "1. b4-b1 ü";
        let le: Vec<u8> = UTF16_LE_BOM
            .iter()
            .copied()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = UTF16_BE_BOM
            .iter()
            .copied()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(text_of_bytes(&le).unwrap(), text);
        assert_eq!(text_of_bytes(&be).unwrap(), text);
        assert_eq!(
            text_of_bytes(&le[..le.len() - 1]),
            Err(ImportProblem::NotText)
        );
    }

    #[test]
    fn other_bytes_are_windows_1252() {
        // "Jörð" as an old Windows tool writes it: ö is 0xF6, ð is 0xF0; 0x85 is its ellipsis.
        let bytes = b"[White \"J\xF6r\xF0\"] 1. b4-b1 \x85";
        assert_eq!(text_of_bytes(bytes).unwrap(), "[White \"Jörð\"] 1. b4-b1 …");
        assert_eq!(text_of_bytes(&[0x80, 0x9F]).unwrap(), "€Ÿ");
    }

    #[test]
    fn binary_files_are_no_text() {
        assert_eq!(
            text_of_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Err(ImportProblem::NotText)
        );
        assert_eq!(text_of_bytes(b"b4-b1\0"), Err(ImportProblem::NotText));
        // A byte that Windows-1252 leaves undefined.
        assert_eq!(text_of_bytes(b"b4-b1 \x81"), Err(ImportProblem::NotText));
        assert_eq!(
            text_of_bytes(b"b4-b1\t\r\n\x0c").unwrap(),
            "b4-b1\t\r\n\x0c"
        );
    }
}
