//! Tokens of the input stream. Forth's syntax is one rule: a token is a run
//! of non-blank characters. Blanks are ASCII white space and control
//! characters, and also the no-break space (U+00A0) that code copied from a
//! web page is full of. The lexer finds the next one in the parse area;
//! it also sorts tokens into rough classes that the REPL uses for colour.
//! Parsing words (`(`, `S"`, `PARSE`) read the same buffer through `>IN`.

use logos::Logos;

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(utf8 = false)]
#[logos(skip br"(?-u:([\x00-\x20\x7f]|\xc2\xa0)+)")]
pub enum Token {
    /// Something that looks like a number in base 10 or with a base prefix.
    #[regex(br"[#$%]?-?[0-9a-fA-F]+\.?", priority = 3)]
    #[regex(br"(?-u:'[^\x00-\x20]')", priority = 3)]
    Number,
    /// Any other run of non-blank characters.
    #[regex(br"(?-u:([^\x00-\x20\x7f\xc2]|\xc2[^\xa0])+)", priority = 1)]
    Word,
}

/// Is this character a blank between tokens? The same rule as the lexer's
/// (a test holds them together), for code that works on characters: the
/// REPL's cursor, which sits between or inside tokens.
pub fn is_blank(c: char) -> bool {
    c <= ' ' || c == '\x7f' || c == '\u{a0}'
}

/// The first token of `text` (after any blanks): its class and byte
/// range. Blanks are whole characters, so the range falls on character
/// boundaries.
pub fn first_token(text: &str) -> Option<(Token, std::ops::Range<usize>)> {
    next_token(text.as_bytes())
}

/// Where the token starting at the beginning of `text` ends (its length;
/// 0 when `text` starts with a blank).
pub fn token_len(text: &str) -> usize {
    match first_token(text) {
        Some((_, r)) if r.start == 0 => r.end,
        _ => 0,
    }
}

/// The tokens of `text`, as text.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    Token::lexer(text.as_bytes())
        .spanned()
        .map(move |(_, r)| &text[r])
}

/// The next token in `area`: its class and byte range, or None when only
/// blanks remain.
pub fn next_token(area: &[u8]) -> Option<(Token, std::ops::Range<usize>)> {
    let mut lex = Token::lexer(area);
    let tok = lex.next()?.unwrap_or(Token::Word);
    Some((tok, lex.span()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_blank_separated() {
        assert_eq!(next_token(b"  dup\tswap"), Some((Token::Word, 2..5)));
        assert_eq!(next_token(b"\t42 x"), Some((Token::Number, 1..3)));
        assert_eq!(next_token(b"   "), None);
        assert_eq!(next_token(b"$ff."), Some((Token::Number, 0..4)));
        assert_eq!(next_token(b"2dup"), Some((Token::Word, 0..4)));
        assert_eq!(next_token("é+ x".as_bytes()), Some((Token::Word, 0..3)));
        assert_eq!(
            next_token("\u{a0}\u{a0}dup\u{a0}".as_bytes()),
            Some((Token::Word, 4..7))
        );
        assert_eq!(
            next_token("+ \u{a0}\n".as_bytes()),
            Some((Token::Word, 0..1))
        );
        assert_eq!(
            next_token(" \u{a0}\n x".as_bytes()),
            Some((Token::Word, 5..6))
        );
        assert_eq!(next_token("\u{c2}x".as_bytes()), Some((Token::Word, 0..3)));
    }

    #[test]
    fn blanks_are_the_interpreters_blanks() {
        let chars = (0..0x3100u32)
            .chain([0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0xfeff, 0x1f600])
            .filter_map(char::from_u32);
        for c in chars {
            let mut b = [0; 4];
            let lexed_as_blank = next_token(c.encode_utf8(&mut b).as_bytes()).is_none();
            assert_eq!(is_blank(c), lexed_as_blank, "U+{:04X}", c as u32);
        }
        assert!(is_blank('\u{a0}'));
        assert!(!is_blank('\u{3000}'));
    }
}
