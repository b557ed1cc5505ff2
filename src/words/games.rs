//! Built-in words for the seed games, in their own word list (`games`),
//! so a program that defines its own `compete` or `choose` (as the gForth
//! blog does) simply shadows them, without a redefinition note.
//!
//! Randomness comes from a ChaCha8 generator (the rand_chacha crate): its
//! sequence for a given seed is fixed, so `--seed N` makes runs repeatable.

use super::primitives;
use crate::error::*;
use crate::vm::Forth;
use rand::{RngCore, SeedableRng};

/// The generator behind RANDOM, CHOOSE and RANDOMIZE.
pub type GameRng = rand_chacha::ChaCha8Rng;

pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// Rock-paper-scissors signs (GAMES.md section 1).
pub const STONE: i64 = 1;
pub const CLOTH: i64 = 2;
pub const SCISSOR: i64 = 3;

/// The winner of two signs, or None for a draw. Stone beats Scissor,
/// Scissor beats Cloth, Cloth beats Stone.
pub fn compete(a: i64, b: i64) -> Option<i64> {
    let beats =
        |x: i64, y: i64| matches!((x, y), (STONE, SCISSOR) | (SCISSOR, CLOTH) | (CLOTH, STONE));
    if a == b {
        None
    } else if beats(a, b) {
        Some(a)
    } else {
        Some(b)
    }
}

// ---- Othello on a 64-byte board: 0 empty, 1 black, 2 white, square = row*8+col ----

const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The squares flipped by `color` playing on `sq`, as a bit mask.
pub fn flip_mask(board: &[u8; 64], sq: usize, color: u8) -> u64 {
    if board[sq] != 0 {
        return 0;
    }
    let opp = 3 - color;
    let (r0, c0) = ((sq / 8) as i32, (sq % 8) as i32);
    let mut all = 0u64;
    for (dr, dc) in DIRECTIONS {
        let (mut r, mut c) = (r0 + dr, c0 + dc);
        let mut run = 0u64;
        while (0..8).contains(&r) && (0..8).contains(&c) && board[(r * 8 + c) as usize] == opp {
            run |= 1 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if run != 0
            && (0..8).contains(&r)
            && (0..8).contains(&c)
            && board[(r * 8 + c) as usize] == color
        {
            all |= run;
        }
    }
    all
}

/// Shift a bitboard one step in a direction, dropping squares that would
/// wrap around the board's edge.
fn shift(b: u64, d: i32) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let moved = if d > 0 { b << d } else { b >> -d };
    match d {
        1 | 9 | -7 => moved & NOT_A,
        -1 | -9 | 7 => moved & NOT_H,
        _ => moved,
    }
}

/// Every legal move of `color` as a bit mask: the bitwise method of seed
/// 000 applied to whole boards. From each own disc, runs of opponent discs
/// are followed in all eight directions at once; an empty square just past
/// a run is a move.
pub fn legal_mask(board: &[u8; 64], color: u8) -> u64 {
    let (mut own, mut opp, mut empty) = (0u64, 0u64, 0u64);
    for (sq, &cell) in board.iter().enumerate() {
        match cell {
            0 => empty |= 1 << sq,
            c if c == color => own |= 1 << sq,
            _ => opp |= 1 << sq,
        }
    }
    let mut moves = 0;
    for d in [1, -1, 8, -8, 9, -9, 7, -7] {
        let mut run = shift(own, d) & opp;
        for _ in 0..5 {
            run |= shift(run, d) & opp;
        }
        moves |= shift(run, d) & empty;
    }
    moves
}

impl Forth {
    /// Read and check an Othello board, a square and a color from the stack.
    fn othello_args(&mut self, with_square: bool) -> Res<(i64, [u8; 64], usize, u8)> {
        let color = self.pop()?;
        let sq = if with_square { self.pop()? } else { 0 };
        let addr = self.pop()?;
        if color != 1 && color != 2 {
            return Err(self.fail(
                INVALID_NUMERIC_ARG,
                format!("color must be 1 (black) or 2 (white), not {color}"),
            ));
        }
        if !(0..64).contains(&sq) {
            return Err(self.fail(
                INVALID_NUMERIC_ARG,
                format!("square must be 0..63, not {sq}"),
            ));
        }
        let cells = self.mem.slice(addr, 64)?;
        let mut board = [0u8; 64];
        board.copy_from_slice(cells);
        if let Some(bad) = board.iter().position(|&c| c > 2) {
            return Err(self.fail(
                INVALID_NUMERIC_ARG,
                format!("board square {bad} holds {}, not 0, 1 or 2", board[bad]),
            ));
        }
        Ok((addr, board, sq as usize, color as u8))
    }

    /// Seed the game generator.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }
}

primitives! {
    /// Words for the seed games.
    enum Games;

    Random "random" "( -- u )" Games "" "A random cell. Example: random 6 mod . ( a number 0..5 )" |f| {
        let r = f.rng.next_u64();
        f.push(r as i64)
    }
    Choose "choose" "( u -- 0..u-1 )" Games "" "A random number below u, as Starting FORTH's CHOOSE. Example: 3 choose 1+ ( a sign 1..3 )" |f| {
        let u = f.pop()? as u64;
        if u == 0 {
            return Err(f.fail(INVALID_NUMERIC_ARG, "choose needs a limit above 0"));
        }
        let r = f.rng.next_u64();
        // The top cell of RANDOM * u, as the blog's `RND um* nip`.
        f.push(((r as u128 * u as u128) >> 64) as i64)
    }
    Randomize "randomize" "( u -- )" Games "" "Seed the generator: the same seed gives the same numbers. Example: 42 randomize" |f| {
        let seed = f.pop()? as u64;
        f.set_seed(seed);
        Ok(())
    }
    Stone "stone" "( -- 1 )" Games "" "The rock-paper-scissors sign Stone. Example: Stone Scissor compete ( 1 false )" |f| { f.push(STONE) }
    Cloth "cloth" "( -- 2 )" Games "" "The rock-paper-scissors sign Cloth (paper)." |f| { f.push(CLOTH) }
    Scissor "scissor" "( -- 3 )" Games "" "The rock-paper-scissors sign Scissor." |f| { f.push(SCISSOR) }
    Compete "compete" "( s1 s2 -- winner draw? )" Games "" "The winning sign and false, or the sign and true on a draw. Example: Scissor Cloth compete ( 3 false )" |f| {
        let b = f.pop()?;
        let a = f.pop()?;
        for s in [a, b] {
            if !(STONE..=SCISSOR).contains(&s) {
                return Err(f.fail(INVALID_NUMERIC_ARG, format!("signs are 1 (Stone), 2 (Cloth) or 3 (Scissor), not {s}")));
            }
        }
        match compete(a, b) {
            Some(w) => { f.push(w)?; f.push(0) }
            None => { f.push(a)?; f.push(-1) }
        }
    }
    Flip "flip" "( board sq color -- n )" Games "" "Othello: play color (1 black, 2 white) on sq of a 64-byte board, flipping every bracketed run; n discs turned, 0 = illegal (board unchanged). Example: board 20 1 flip ( 1 )" |f| {
        let (addr, board, sq, color) = f.othello_args(true)?;
        let mask = flip_mask(&board, sq, color);
        if mask != 0 {
            for s in (0..64).filter(|s| mask >> s & 1 == 1).chain([sq]) {
                f.mem.set_byte(addr + s as i64, color)?;
            }
        }
        f.push(mask.count_ones() as i64)
    }
    Flips "flips" "( board sq color -- n )" Games "" "Othello: how many discs color would flip by playing on sq (0 = illegal); the board is not changed. Example: board 20 1 flips ( 1 )" |f| {
        let (_, board, sq, color) = f.othello_args(true)?;
        f.push(flip_mask(&board, sq, color).count_ones() as i64)
    }
    LegalMoves "legal-moves" "( board color -- mask )" Games "" "Othello: a cell with bit sq set for every legal move of color. Example: board 1 legal-moves ( bits 20 29 34 43 at the start )" |f| {
        let (_, board, _, color) = f.othello_args(false)?;
        f.push(legal_mask(&board, color) as i64)
    }
    LowestBit "lowest-bit" "( x -- n )" Games "" "The index of the lowest set bit of x (-1 if x is 0), to walk a move mask. Example: %10100 lowest-bit ( 2 )" |f| {
        let x = f.pop()?;
        f.push(if x == 0 { -1 } else { x.trailing_zeros() as i64 })
    }
    BitCount "bit-count" "( x -- n )" Games "" "How many bits of x are set (counts discs or moves in a mask). Example: %10110 bit-count ( 3 )" |f| {
        let x = f.pop()?;
        f.push(x.count_ones() as i64)
    }
    ScriptQ "script?" "( -- flag )" Games "" "True while the file named on the command line runs as the main script, false when it is INCLUDEd. Example: script? [if] play [then]" |f| {
        let main = f.is_main_script();
        f.push_bool(main)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> [u8; 64] {
        let mut b = [0; 64];
        b[27] = 1;
        b[36] = 1;
        b[28] = 2;
        b[35] = 2;
        b
    }

    #[test]
    fn compete_follows_the_rules() {
        assert_eq!(compete(SCISSOR, CLOTH), Some(SCISSOR));
        assert_eq!(compete(CLOTH, SCISSOR), Some(SCISSOR));
        assert_eq!(compete(STONE, CLOTH), Some(CLOTH));
        assert_eq!(compete(STONE, SCISSOR), Some(STONE));
        assert_eq!(compete(CLOTH, CLOTH), None);
    }

    #[test]
    fn bitwise_moves_match_the_slow_rule() {
        // Every position of a few random games: the two methods agree.
        let mut rng = rng_from_seed(7);
        for _ in 0..50 {
            let mut b = start();
            let mut color = 1u8;
            for _ in 0..60 {
                let fast = legal_mask(&b, color);
                let slow = (0..64)
                    .filter(|&s| flip_mask(&b, s, color) != 0)
                    .fold(0u64, |m, s| m | 1 << s);
                assert_eq!(fast, slow);
                if fast == 0 {
                    color = 3 - color;
                    if legal_mask(&b, color) == 0 {
                        break;
                    }
                    continue;
                }
                let moves: Vec<usize> = (0..64).filter(|s| fast >> s & 1 == 1).collect();
                let sq = moves[(rng.next_u64() % moves.len() as u64) as usize];
                let m = flip_mask(&b, sq, color);
                for (s, cell) in b.iter_mut().enumerate() {
                    if m >> s & 1 == 1 {
                        *cell = color;
                    }
                }
                b[sq] = color;
                color = 3 - color;
            }
        }
    }

    #[test]
    fn the_start_has_four_moves() {
        let m = legal_mask(&start(), 1);
        assert_eq!(m, 1 << 20 | 1 << 29 | 1 << 34 | 1 << 43);
        assert_eq!(
            legal_mask(&start(), 2),
            1 << 19 | 1 << 26 | 1 << 37 | 1 << 44
        );
    }
}
