//! A board picture: what a game's position looks like, described once by
//! the game's Forth (the picture words in `words/games.rs`) so that more
//! than one renderer can draw it. The terminal keeps the game's own text
//! board; `playforth serve`'s page draws the picture (`src/serve/page/
//! board.js`) and turns clicks into the text a player would type.
//!
//! Public, for the server: it reads [`Picture`] through
//! `Forth::picture` and encodes the fields as they are named here (the
//! JSON contract at the top of board.js mirrors this file). Everything in
//! a picture is bounded: the limits are the constants below, and a word
//! that would pass one throws instead.

use crate::throw::{ARG_TYPE, INVALID_NUMERIC_ARG, Throw};

/// At most this many files and this many ranks.
pub const MAX_SIDE: u8 = 16;
/// At most this many moves a player may click (chess has at most 218).
pub const MAX_MOVES: usize = 512;
/// At most this many choices (rock-paper-scissors has four).
pub const MAX_CHOICES: usize = 16;
/// At most this many bytes in a game kind's name.
pub const MAX_KIND: usize = 16;
/// At most this many bytes in a piece's text, a move's or a choice's.
pub const MAX_TEXT: usize = 16;
/// At most this many bytes in a choice's label.
pub const MAX_LABEL: usize = 32;
/// At most this many bytes in the caption.
pub const MAX_CAPTION: usize = 200;

/// One position of a game, as a page draws it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// The game, in lower case (`othello`, `chess`, `jungle`, `fivestep`,
    /// `rps`, `rps-team` …): a renderer styles pieces by it and falls back
    /// to drawing a piece's text for a kind it does not know.
    pub kind: String,
    /// Columns, named a, b, c … from the left; 0 when there is no board.
    pub files: u8,
    /// Rows, named 1, 2, 3 …; 0 when there is no board.
    pub ranks: u8,
    /// False: rank 1 is the bottom row, as chess draws it. True: rank 1
    /// is the top row and the ranks grow downwards, as Othello's are.
    pub ranks_down: bool,
    /// What squares are beneath any piece, where the game has kinds of
    /// ground (Jungle's dens, traps and water); at most one a square.
    pub grounds: Vec<Ground>,
    /// The pieces, at most one a square.
    pub pieces: Vec<Piece>,
    /// The moves the player may make by clicking, in the game's order;
    /// empty when nobody is asked (the computer's turn, the game over).
    pub moves: Vec<Move>,
    /// The move played last, if any.
    pub last: Option<LastMove>,
    /// Things to click that are not squares (rock-paper-scissors' hands).
    pub choices: Vec<Choice>,
    /// A line under the board, such as whose turn it is; may be empty.
    pub caption: String,
    /// How clicks become a move: worked out from the moves and choices.
    pub click: Click,
}

/// A square: `file` 0 is a, `rank` 0 is 1, so a1 is (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

/// A piece on its square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub square: Square,
    /// What the text board shows there: `X`, `K`, `r`, `1` …
    pub text: String,
    /// Whose it is: 1 the side that moves first, 2 the other, 0 nobody's.
    pub side: u8,
}

/// The ground of a square, beneath any piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ground {
    pub square: Square,
    /// The text board's mark for it on an empty square: `#`, `^`, `~`.
    pub text: String,
}

/// A move the player may make by clicking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The square the piece leaves, or None for a move that is one
    /// square (Othello's discs).
    pub from: Option<Square>,
    pub to: Square,
    /// What the move types at the game's prompt: `d3`, `e2e4`.
    pub text: String,
}

/// The move played last: its squares, as [`Move`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub from: Option<Square>,
    pub to: Square,
}

/// A thing to click beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What it shows: `Stone`.
    pub label: String,
    /// What clicking it types: `1`.
    pub text: String,
}

/// How clicks become a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Click {
    /// Nothing to click.
    #[default]
    None,
    /// One click on a square types its move (Othello: `d3`).
    Square,
    /// A click on a piece, then one on where it goes, types the move
    /// (chess: `e2e4`); the page remembers the first click.
    FromTo,
    /// A click on a choice types its text.
    Choice,
}

impl Click {
    /// The name a page reads: `none`, `square`, `from_to`, `choice`.
    pub fn name(self) -> &'static str {
        match self {
            Click::None => "none",
            Click::Square => "square",
            Click::FromTo => "from_to",
            Click::Choice => "choice",
        }
    }
}

/// What is wrong with something given to a picture: the throw code (a bad
/// number or a bad text) and a message that says what to do.
pub(crate) type Refusal = (Throw, String);

fn bad_number(msg: String) -> Refusal {
    (INVALID_NUMERIC_ARG, msg)
}

fn bad_text(msg: String) -> Refusal {
    (ARG_TYPE, msg)
}

impl Picture {
    /// A picture of `kind` with `files` x `ranks` squares and nothing on them.
    pub(crate) fn new(files: i64, ranks: i64, kind: &[u8]) -> Result<Picture, Refusal> {
        let side = 0..=i64::from(MAX_SIDE);
        if !side.contains(&files) || !side.contains(&ranks) || (files == 0) != (ranks == 0) {
            return Err(bad_number(format!(
                "a picture has 1 to {MAX_SIDE} files and 1 to {MAX_SIDE} ranks, or 0 0 for no \
                 board, not {files} {ranks}"
            )));
        }
        let name_char = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-';
        if kind.is_empty() || kind.len() > MAX_KIND || !kind.iter().all(name_char) {
            return Err(bad_text(format!(
                "name the game in 1 to {MAX_KIND} lower-case letters, digits or dashes, like \
                 s\" chess\""
            )));
        }
        Ok(Picture {
            kind: String::from_utf8_lossy(kind).into_owned(),
            files: files as u8,
            ranks: ranks as u8,
            ..Picture::default()
        })
    }

    /// Square number `sq` (rank * files + file) as a square.
    pub(crate) fn square(&self, sq: i64) -> Result<Square, Refusal> {
        let squares = i64::from(self.files) * i64::from(self.ranks);
        if !(0..squares).contains(&sq) {
            return Err(bad_number(if squares == 0 {
                "this picture has no board: picture with 0 0 has no squares".to_string()
            } else {
                format!(
                    "a square is rank * {} + file, 0 to {}, not {sq}",
                    self.files,
                    squares - 1
                )
            }));
        }
        let files = i64::from(self.files);
        Ok(Square {
            file: (sq % files) as u8,
            rank: (sq / files) as u8,
        })
    }

    /// Square number `sq`, or None for -1.
    fn maybe_square(&self, sq: i64) -> Result<Option<Square>, Refusal> {
        if sq == -1 {
            Ok(None)
        } else {
            self.square(sq).map(Some)
        }
    }

    pub(crate) fn add_piece(&mut self, sq: i64, side: i64, text: &[u8]) -> Result<(), Refusal> {
        let square = self.square(sq)?;
        if !(0..=2).contains(&side) {
            return Err(bad_number(format!(
                "a piece's side is 1 (moves first), 2 (the other) or 0 (nobody's), not {side}"
            )));
        }
        if self.pieces.iter().any(|p| p.square == square) {
            return Err(bad_number(format!(
                "{} has a piece already: one piece a square",
                name(square)
            )));
        }
        let text = checked_text(text, MAX_TEXT, "a piece's text")?;
        self.pieces.push(Piece {
            square,
            text,
            side: side as u8,
        });
        Ok(())
    }

    pub(crate) fn add_ground(&mut self, sq: i64, text: &[u8]) -> Result<(), Refusal> {
        let square = self.square(sq)?;
        if self.grounds.iter().any(|g| g.square == square) {
            return Err(bad_number(format!(
                "{} has its ground already: one ground a square",
                name(square)
            )));
        }
        let text = checked_text(text, MAX_TEXT, "a ground's text")?;
        self.grounds.push(Ground { square, text });
        Ok(())
    }

    pub(crate) fn add_move(&mut self, from: i64, to: i64, text: &[u8]) -> Result<(), Refusal> {
        let from = self.maybe_square(from)?;
        let to = self.square(to)?;
        if self.moves.len() >= MAX_MOVES {
            return Err(bad_number(format!(
                "a picture holds at most {MAX_MOVES} moves"
            )));
        }
        if let Some(first) = self.moves.first()
            && first.from.is_some() != from.is_some()
        {
            return Err(bad_number(
                "a picture's moves all start on a square or all are -1 (one square each), \
                 not some of each"
                    .to_string(),
            ));
        }
        let text = checked_text(text, MAX_TEXT, "a move's text")?;
        self.moves.push(Move { from, to, text });
        Ok(())
    }

    pub(crate) fn set_last(&mut self, from: i64, to: i64) -> Result<(), Refusal> {
        let from = self.maybe_square(from)?;
        let to = self.square(to)?;
        self.last = Some(LastMove { from, to });
        Ok(())
    }

    pub(crate) fn add_choice(&mut self, label: &[u8], text: &[u8]) -> Result<(), Refusal> {
        if self.choices.len() >= MAX_CHOICES {
            return Err(bad_number(format!(
                "a picture holds at most {MAX_CHOICES} choices"
            )));
        }
        let label = checked_text(label, MAX_LABEL, "a choice's label")?;
        let text = checked_text(text, MAX_TEXT, "a choice's text")?;
        self.choices.push(Choice { label, text });
        Ok(())
    }

    pub(crate) fn set_caption(&mut self, text: &[u8]) -> Result<(), Refusal> {
        self.caption = if text.is_empty() {
            String::new()
        } else {
            checked_text(text, MAX_CAPTION, "a caption")?
        };
        Ok(())
    }

    /// The picture as it is published: its click mode worked out.
    pub(crate) fn finished(mut self) -> Picture {
        self.click = if !self.choices.is_empty() {
            Click::Choice
        } else {
            match self.moves.first() {
                None => Click::None,
                Some(m) if m.from.is_some() => Click::FromTo,
                Some(_) => Click::Square,
            }
        };
        self
    }
}

/// A square's name: a1, h8.
pub fn name(sq: Square) -> String {
    format!("{}{}", char::from(b'a' + sq.file), sq.rank + 1)
}

/// Text for a picture: UTF-8, 1 to `max` bytes, no control characters (a
/// move's text is typed at a prompt, where a line break would end it).
fn checked_text(bytes: &[u8], max: usize, what: &str) -> Result<String, Refusal> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| bad_text(format!("{what} must be UTF-8 text")))?
        .to_string();
    if text.is_empty() || text.len() > max {
        return Err(bad_text(format!(
            "{what} is 1 to {max} bytes, not {}",
            text.len()
        )));
    }
    if text.chars().any(char::is_control) {
        return Err(bad_text(format!(
            "{what} may not hold a control character (a line break, a tab …)"
        )));
    }
    Ok(text)
}

/// The picture words' state: the picture being described and the one
/// published, with how many have been published.
#[derive(Default)]
pub(crate) struct PictureState {
    pub(crate) draft: Option<Picture>,
    pub(crate) shown: Option<Picture>,
    pub(crate) generation: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_count_from_a1_along_the_ranks() {
        let p = Picture::new(8, 8, b"chess").unwrap();
        assert_eq!(name(p.square(0).unwrap()), "a1");
        assert_eq!(name(p.square(12).unwrap()), "e2");
        assert_eq!(name(p.square(63).unwrap()), "h8");
        assert!(p.square(64).is_err());
        assert!(p.square(-1).is_err());
    }

    #[test]
    fn the_click_mode_follows_the_moves() {
        let mut p = Picture::new(8, 8, b"othello").unwrap();
        p.add_move(-1, 19, b"d3").unwrap();
        assert!(p.add_move(11, 19, b"d2d3").is_err());
        assert_eq!(p.clone().finished().click, Click::Square);
        let mut c = Picture::new(8, 8, b"chess").unwrap();
        c.add_move(12, 28, b"e2e4").unwrap();
        assert_eq!(c.finished().click, Click::FromTo);
        let mut r = Picture::new(0, 0, b"rps").unwrap();
        r.add_choice(b"Stone", b"1").unwrap();
        assert_eq!(r.finished().click, Click::Choice);
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(Picture::new(17, 8, b"chess").is_err());
        assert!(Picture::new(0, 8, b"chess").is_err());
        assert!(Picture::new(8, 8, b"Chess").is_err());
        let mut p = Picture::new(3, 3, b"x").unwrap();
        p.add_piece(0, 1, b"K").unwrap();
        assert!(p.add_piece(0, 1, b"K").is_err());
        assert!(p.add_piece(1, 3, b"K").is_err());
        assert!(p.add_move(-1, 1, b"a1\n").is_err());
        assert!(p.add_move(-1, 1, b"").is_err());
        assert!(p.add_move(-1, 1, &[0xff]).is_err());
    }
}
