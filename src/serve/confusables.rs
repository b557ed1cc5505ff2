//! Unicode's confusables skeleton (UTS #39, section 4): what a string
//! looks like, so that Cyrillic "а" and Latin "a" make the same key.
//!
//! The table (`confusables.txt`, one line per character: its code point,
//! then those of what it looks like, none for a character that does not
//! show) is the mapping of the unicode-security crate, written out by this
//! module's test, which also checks it against that crate for every
//! character. It is kept as text and read on first use, not as a table of
//! Rust slices: a static table of slices is 6,700 pointers that the loader
//! relocates in every process at start-up, 160 KB written into each
//! process (a student's session included) whether it ever compares a name
//! or not (ARCHITECTURE.md, "Peak memory").

use std::collections::HashMap;
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;

static TABLE: &str = playforth::text_in_section!(".rodata.cold", include_str!("confusables.txt"));

fn table() -> &'static HashMap<char, Box<[char]>> {
    static MAP: OnceLock<HashMap<char, Box<[char]>>> = OnceLock::new();
    MAP.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut chars = l
                    .split(' ')
                    .filter_map(|h| u32::from_str_radix(h, 16).ok().and_then(char::from_u32));
                Some((chars.next()?, chars.collect()))
            })
            .collect()
    })
}

/// The skeleton of `s`: decomposed (NFD), each character replaced by what
/// it looks like, decomposed again.
pub fn skeleton(s: &str) -> impl Iterator<Item = char> + '_ {
    let table = table();
    s.nfd()
        .flat_map(move |c| {
            // what it looks like, or itself (one iterator type for both)
            let (looks_like, itself) = match table.get(&c) {
                Some(looks_like) => (&looks_like[..], None),
                None => (&[][..], Some(c)),
            };
            looks_like.iter().copied().chain(itself)
        })
        .nfd()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What unicode-security maps a character to, as a line of the table
    /// (None where the character is itself, or is never met after NFD).
    fn line(c: char) -> Option<String> {
        let nfd: String = c.to_string().nfd().collect();
        if nfd != c.to_string() {
            return None;
        }
        let skeleton: Vec<char> = unicode_security::skeleton(&nfd).collect();
        if skeleton == [c] {
            return None;
        }
        let mut line = format!("{:04X}", c as u32);
        for d in skeleton {
            line += &format!(" {:04X}", d as u32);
        }
        Some(line)
    }

    /// The table is unicode-security's mapping, character for character
    /// (`PLAYFORTH_WRITE_CONFUSABLES=1 cargo test --bin playforth confusables` writes
    /// it again after an update of that crate).
    #[test]
    fn the_table_is_unicode_securitys_mapping() {
        let lines: Vec<String> = (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter_map(line)
            .collect();
        let want = format!(
            "# Unicode's confusables (UTS #39) as unicode-security {} maps them, for\n\
             # src/serve/confusables.rs: a character, then what it looks like, in hex.\n\
             # Unicode data: Copyright (c) Unicode, Inc., under the Unicode License v3\n\
             # (https://www.unicode.org/license.txt). Written by this module's test.\n{}\n",
            "0.1.3",
            lines.join("\n")
        );
        if std::env::var_os("PLAYFORTH_WRITE_CONFUSABLES").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/serve/confusables.txt");
            std::fs::write(path, &want).unwrap();
            return;
        }
        assert!(
            TABLE == want,
            "src/serve/confusables.txt is not unicode-security's mapping: run \
                PLAYFORTH_WRITE_CONFUSABLES=1 cargo test --bin playforth confusables"
        );
    }

    /// Skeletons agree with unicode-security's on every character and on
    /// strings that mix marks, look-alikes and invisible characters.
    #[test]
    fn skeletons_are_unicode_securitys() {
        let theirs = |s: &str| unicode_security::skeleton(s).collect::<String>();
        let ours = |s: &str| skeleton(s).collect::<String>();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let s = c.to_string();
            assert_eq!(ours(&s), theirs(&s), "U+{:04X}", c as u32);
        }
        for s in [
            "paypal",
            "раураl",
            "Ꭺlice",
            "ＡＢＣ",
            "e\u{301}te\u{0301}",
            "a\u{200b}b",
            "ǅ",
            "ﬁne",
            "Ναταλία",
            "\u{1d400}\u{1d401}",
            "ᄀ\u{1161}",
            "o\u{308}\u{323}",
            "",
        ] {
            assert_eq!(ours(s), theirs(s), "{s:?}");
        }
    }
}
