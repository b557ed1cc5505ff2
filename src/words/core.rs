//! Stack, arithmetic, logic, memory and double-cell words: the hot
//! primitives. Bodies work on the stack array directly where that saves
//! checks; every path still fails with a throw code, never a panic.

use super::spec::primitives;
use crate::error::*;
use crate::instr::Instr;
use crate::kernel::Forth;

/// Replace the top two cells by `op(second, top)`.
#[inline(always)]
fn binary(f: &mut Forth, op: impl FnOnce(i64, i64) -> i64) -> Res<()> {
    let t = f.vm.stacks.top_mut(2)?;
    t[0] = op(t[0], t[1]);
    f.vm.stacks.drop_cells(1)
}

/// Replace the top cell by `op(top)`.
#[inline(always)]
fn unary(f: &mut Forth, op: impl FnOnce(i64) -> i64) -> Res<()> {
    let t = f.vm.stacks.top_mut(1)?;
    t[0] = op(t[0]);
    Ok(())
}

#[inline(always)]
fn flag(b: bool) -> i64 {
    if b { -1 } else { 0 }
}

/// Floored division of doubles: (quotient, remainder), or -10 / -11.
pub(crate) fn floored(n: i128, d: i128) -> Res<(i128, i128)> {
    if d == 0 {
        return Err(DIVISION_BY_ZERO);
    }
    let q = n.checked_div(d).ok_or(OUT_OF_RANGE)?;
    let r = n.checked_rem(d).ok_or(OUT_OF_RANGE)?;
    if r != 0 && ((r < 0) != (d < 0)) {
        Ok((q - 1, r + d))
    } else {
        Ok((q, r))
    }
}

/// Symmetric division of doubles: (quotient, remainder).
pub(crate) fn symmetric(n: i128, d: i128) -> Res<(i128, i128)> {
    if d == 0 {
        return Err(DIVISION_BY_ZERO);
    }
    Ok((
        n.checked_div(d).ok_or(OUT_OF_RANGE)?,
        n.checked_rem(d).ok_or(OUT_OF_RANGE)?,
    ))
}

/// A double-cell quotient that must fit one cell.
fn single(q: i128) -> Res<i64> {
    i64::try_from(q).map_err(|_| OUT_OF_RANGE)
}

fn divmod(f: &mut Forth) -> Res<(i64, i64)> {
    let d = f.pop()?;
    let n = f.pop()?;
    let (q, r) = floored(n as i128, d as i128)?;
    Ok((single(q)?, r as i64))
}

fn star_slash(f: &mut Forth) -> Res<(i64, i64)> {
    let d = f.pop()?;
    let b = f.pop()?;
    let a = f.pop()?;
    let (q, r) = floored(a as i128 * b as i128, d as i128)?;
    Ok((single(q)?, r as i64))
}

/// W@ and L@: the `n`-byte little-endian value at the address, unsigned.
fn fetch_le(f: &mut Forth, n: usize) -> Res<()> {
    let a = f.pop()?;
    let mut bytes = [0u8; 8];
    bytes[..n].copy_from_slice(f.vm.mem.slice(a, n as i64)?);
    f.push(u64::from_le_bytes(bytes) as i64)
}

/// W! and L!: store the low `n` bytes of x at the address, little-endian.
fn store_le(f: &mut Forth, n: usize) -> Res<()> {
    let a = f.pop()?;
    let x = f.pop()?;
    f.vm.mem.write(a, &x.to_le_bytes()[..n])
}

primitives! {
    /// Stack, arithmetic, logic, memory and double-cell words.
    enum Core;
    base = super::spec::CORE_BASE;

    Dup "dup" "( x -- x x )" Core Plain "Copy the top cell." example "5 dup * .  \\ 25" |f| {
        let x = f.peek(0)?;
        f.push(x)
    }
    Drop "drop" "( x -- )" Core Plain "Discard the top cell." example "1 2 drop .  \\ 1" |f| {
        f.vm.stacks.drop_cells(1)
    }
    Swap "swap" "( x1 x2 -- x2 x1 )" Core Plain "Exchange the top two cells." example "1 2 swap . .  \\ 1 2" |f| {
        f.vm.stacks.top_mut(2)?.swap(0, 1);
        Ok(())
    }
    Over "over" "( x1 x2 -- x1 x2 x1 )" Core Plain "Copy the second cell to the top." example "1 2 over . . .  \\ 1 2 1" |f| {
        let x = f.peek(1)?;
        f.push(x)
    }
    Rot "rot" "( x1 x2 x3 -- x2 x3 x1 )" Core Plain "Rotate the third cell to the top." example "1 2 3 rot . . .  \\ 1 3 2" |f| {
        f.vm.stacks.top_mut(3)?.rotate_left(1);
        Ok(())
    }
    MinusRot "-rot" "( x1 x2 x3 -- x3 x1 x2 )" Gforth Plain "Rotate the top cell under the next two." example "1 2 3 -rot . . .  \\ 2 1 3" |f| {
        f.vm.stacks.top_mut(3)?.rotate_right(1);
        Ok(())
    }
    Nip "nip" "( x1 x2 -- x2 )" CoreExt Plain "Drop the second cell." example "1 2 nip .  \\ 2" |f| {
        binary(f, |_, b| b)
    }
    Tuck "tuck" "( x1 x2 -- x2 x1 x2 )" CoreExt Plain "Copy the top cell under the second." example "1 2 tuck . . .  \\ 2 1 2" |f| {
        f.need(2)?;
        let (a, b) = (f.peek(1)?, f.peek(0)?);
        f.vm.stacks.top_mut(2)?.copy_from_slice(&[b, a]);
        f.push(b)
    }
    Pick "pick" "( xu ... x0 u -- xu ... x0 xu )" CoreExt Plain "Copy the u-th cell (0 = the one under u)." example "10 20 30 2 pick .  \\ 10" |f| {
        let u = f.pop()?;
        let x = f.peek(usize::try_from(u).map_err(|_| STACK_UNDERFLOW)?)?;
        f.push(x)
    }
    Roll "roll" "( xu xu-1 ... x0 u -- xu-1 ... x0 xu )" CoreExt Plain "Move the u-th cell to the top." example "1 2 3 2 roll . . .  \\ 1 3 2" |f| {
        let u = usize::try_from(f.pop()?).map_err(|_| STACK_UNDERFLOW)?;
        let n = u.checked_add(1).ok_or(STACK_UNDERFLOW)?;
        f.vm.stacks.top_mut(n)?.rotate_left(1);
        Ok(())
    }
    QDup "?dup" "( x -- 0 | x x )" Core Plain "Copy the top cell unless it is zero." example "0 ?dup depth .  \\ 1" |f| {
        let x = f.peek(0)?;
        if x != 0 { f.push(x) } else { Ok(()) }
    }
    TwoDup "2dup" "( x1 x2 -- x1 x2 x1 x2 )" Core Plain "Copy the top two cells." example "1 2 2dup .s  \\ <4> 1 2 1 2" |f| {
        let (a, b) = (f.peek(1)?, f.peek(0)?);
        f.push(a)?;
        f.push(b)
    }
    TwoDrop "2drop" "( x1 x2 -- )" Core Plain "Discard the top two cells." example "1 2 3 2drop .  \\ 1" |f| {
        f.vm.stacks.drop_cells(2)
    }
    TwoSwap "2swap" "( x1 x2 x3 x4 -- x3 x4 x1 x2 )" Core Plain "Exchange the top two pairs." example "1 2 3 4 2swap .s  \\ <4> 3 4 1 2" |f| {
        f.vm.stacks.top_mut(4)?.rotate_left(2);
        Ok(())
    }
    TwoOver "2over" "( x1 x2 x3 x4 -- x1 x2 x3 x4 x1 x2 )" Core Plain "Copy the second pair to the top." example "1 2 3 4 2over .s  \\ <6> 1 2 3 4 1 2" |f| {
        let (a, b) = (f.peek(3)?, f.peek(2)?);
        f.push(a)?;
        f.push(b)
    }
    TwoRot "2rot" "( x1 x2 x3 x4 x5 x6 -- x3 x4 x5 x6 x1 x2 )" Double Plain "Rotate the third pair to the top." example "1 2 3 4 5 6 2rot .s  \\ <6> 3 4 5 6 1 2" |f| {
        f.vm.stacks.top_mut(6)?.rotate_left(2);
        Ok(())
    }
    Depth "depth" "( -- +n )" Core Plain "The number of cells on the data stack." example "1 2 3 depth .  \\ 3" |f| {
        let d = f.depth() as i64;
        f.push(d)
    }
    ToR ">r" "( x -- ) ( R: -- x )" Core Plain "Move the top cell to the return stack." example ": under ( a b -- b ) >r drop r> ;  1 2 under .  \\ 2" |f| {
        let x = f.pop()?;
        f.rpush(x)
    }
    RFrom "r>" "( -- x ) ( R: x -- )" Core Plain "Move the top of the return stack to the data stack." example ": keep ( x -- x ) >r r> ;  5 keep .  \\ 5" |f| {
        // Check both stacks before changing either (as the hot `r>` does).
        f.rpeek(0)?;
        f.room(1)?;
        let x = f.rpop()?;
        f.push(x)
    }
    RFetch "r@" "( -- x ) ( R: x -- x )" Core Plain "Copy the top of the return stack." example ": twice ( x -- x x ) >r r@ r> ;  7 twice . .  \\ 7 7" |f| {
        let x = f.rpeek(0)?;
        f.push(x)
    }
    TwoToR "2>r" "( x1 x2 -- ) ( R: -- x1 x2 )" CoreExt Plain "Move a pair to the return stack." example ": pair ( a b -- a b ) 2>r 2r> ;  1 2 pair . .  \\ 2 1" |f| {
        f.need(2)?;
        f.rroom(2)?;
        let b = f.pop()?;
        let a = f.pop()?;
        f.rpush(a)?;
        f.rpush(b)
    }
    TwoRFrom "2r>" "( -- x1 x2 ) ( R: x1 x2 -- )" CoreExt Plain "Move a pair from the return stack." example ": pair ( a b -- a b ) 2>r 2r> ;  1 2 pair . .  \\ 2 1" |f| {
        // Checked before either stack changes; the report is the one
        // taking the cells one at a time would give.
        let own = f.rdepth_own();
        if own < 2 {
            return Err(f.reach_past_frame(own));
        }
        f.room(2)?;
        let b = f.rpop()?;
        let a = f.rpop()?;
        f.push(a)?;
        f.push(b)
    }
    TwoRFetch "2r@" "( -- x1 x2 ) ( R: x1 x2 -- x1 x2 )" CoreExt Plain "Copy a pair from the return stack." example ": peek2 ( a b -- a b a b ) 2>r 2r@ 2r> ;  1 2 peek2 .s  \\ <4> 1 2 1 2" |f| {
        let (a, b) = (f.rpeek(1)?, f.rpeek(0)?);
        f.push(a)?;
        f.push(b)
    }
    RDrop "rdrop" "( R: x -- )" Gforth Plain "Discard the top of the return stack." example ": discard ( x -- ) >r rdrop ;  5 discard" |f| {
        f.rpop().map(|_| ())
    }
    RTickFetch "r'@" "( -- x1 ) ( R: x1 x2 -- x1 x2 )" Gforth Plain "Copy the second cell of the return stack, the one under the top (as 2R@ DROP)." example ": t ( -- ) 1 2 2>r r'@ . 2r> 2drop ;  t  \\ 1" |f| {
        let x = f.rpeek(1)?;
        f.push(x)
    }
    I "i" "( -- n ) ( R: loop-sys -- loop-sys )" Core CompileOnly "The index of the innermost DO loop." example ": squares 4 0 do i i * . loop ;  squares  \\ 0 1 4 9" |f| {
        let x = f.rpeek(0)?;
        f.push(x)
    }
    J "j" "( -- n ) ( R: loop-sys1 loop-sys2 -- loop-sys1 loop-sys2 )" Core CompileOnly "The index of the next outer DO loop." example ": grid 2 0 do 3 0 do j . loop loop ;  grid  \\ 0 0 0 1 1 1" |f| {
        let x = f.rpeek(2)?;
        f.push(x)
    }
    K "k" "( -- n ) ( R: loop-sys1 loop-sys2 loop-sys3 -- same )" Gforth CompileOnly "The index of the third DO loop out." example ": cube 2 0 do 2 0 do 2 0 do k . loop loop loop ;  cube  \\ 0 0 0 0 1 1 1 1" |f| {
        let x = f.rpeek(4)?;
        f.push(x)
    }
    ITick "i'" "( -- n ) ( R: loop-sys -- loop-sys )" Gforth CompileOnly "The limit of the innermost DO loop." example ": t 3 0 do i' . loop ;  t  \\ 3 3 3" |f| {
        let x = f.rpeek(1)?;
        f.push(x)
    }
    Unloop "unloop" "( -- ) ( R: loop-sys -- )" Core CompileOnly "Drop the loop parameters, before EXIT inside a DO loop." example ": find3 ( -- n ) 10 0 do i 3 = if i unloop exit then loop -1 ;  find3 .  \\ 3" |f| {
        if !f.vm.stacks.rdrop_own(2) {
            return Err(NO_LOOP);
        }
        Ok(())
    }

    Plus "+" "( n1 n2 -- n3 )" Core Plain "Add." example "2 3 + .  \\ 5" |f| { binary(f, i64::wrapping_add) }
    Minus "-" "( n1 n2 -- n3 )" Core Plain "Subtract n2 from n1." example "10 3 - .  \\ 7" |f| { binary(f, i64::wrapping_sub) }
    Star "*" "( n1 n2 -- n3 )" Core Plain "Multiply." example "6 7 * .  \\ 42" |f| { binary(f, i64::wrapping_mul) }
    Slash "/" "( n1 n2 -- n3 )" Core Plain "Divide, rounding towards negative infinity (floored, as gforth)." example "-7 2 / .  \\ -4 (floored)" |f| {
        let (q, _) = divmod(f)?;
        f.push(q)
    }
    Mod "mod" "( n1 n2 -- n3 )" Core Plain "The remainder of floored division; it has the sign of n2." example "-7 2 mod .  \\ 1" |f| {
        let (_, r) = divmod(f)?;
        f.push(r)
    }
    SlashMod "/mod" "( n1 n2 -- rem quot )" Core Plain "Floored division: remainder and quotient." example "17 5 /mod . .  \\ 3 2" |f| {
        let (q, r) = divmod(f)?;
        f.push(r)?;
        f.push(q)
    }
    StarSlash "*/" "( n1 n2 n3 -- n4 )" Core Plain "n1*n2/n3 with a double-cell intermediate product." example "1000 3 4 */ .  \\ 750" |f| {
        let (q, _) = star_slash(f)?;
        f.push(q)
    }
    StarSlashMod "*/mod" "( n1 n2 n3 -- rem quot )" Core Plain "n1*n2/n3 with a double-cell product: remainder and quotient." example "10 3 4 */mod . .  \\ 7 2" |f| {
        let (q, r) = star_slash(f)?;
        f.push(r)?;
        f.push(q)
    }
    OnePlus "1+" "( n -- n+1 )" Core Plain "Add one." example "41 1+ .  \\ 42" |f| { unary(f, |a| a.wrapping_add(1)) }
    OneMinus "1-" "( n -- n-1 )" Core Plain "Subtract one." example "43 1- .  \\ 42" |f| { unary(f, |a| a.wrapping_sub(1)) }
    Negate "negate" "( n -- -n )" Core Plain "Change the sign." example "5 negate .  \\ -5" |f| { unary(f, i64::wrapping_neg) }
    Abs "abs" "( n -- u )" Core Plain "The absolute value." example "-5 abs .  \\ 5" |f| { unary(f, i64::wrapping_abs) }
    Min "min" "( n1 n2 -- n3 )" Core Plain "The smaller of two numbers." example "3 9 min .  \\ 3" |f| { binary(f, i64::min) }
    Max "max" "( n1 n2 -- n3 )" Core Plain "The larger of two numbers." example "3 9 max .  \\ 9" |f| { binary(f, i64::max) }
    TwoStar "2*" "( x -- x' )" Core Plain "Shift left by one bit." example "21 2* .  \\ 42" |f| { unary(f, |a| a.wrapping_shl(1)) }
    TwoSlash "2/" "( x -- x' )" Core Plain "Shift right by one bit, keeping the sign bit." example "85 2/ .  \\ 42" |f| { unary(f, |a| a >> 1) }
    LShift "lshift" "( x u -- x' )" Core Plain "Shift left by u bits (0 when u >= 64)." example "1 4 lshift .  \\ 16" |f| {
        binary(f, |a, b| if (0..64).contains(&b) { ((a as u64) << b) as i64 } else { 0 })
    }
    RShift "rshift" "( x u -- x' )" Core Plain "Shift right by u bits, filling with zeros." example "256 4 rshift .  \\ 16" |f| {
        binary(f, |a, b| if (0..64).contains(&b) { ((a as u64) >> b) as i64 } else { 0 })
    }
    And "and" "( x1 x2 -- x3 )" Core Plain "Bitwise and." example "12 10 and .  \\ 8" |f| { binary(f, |a, b| a & b) }
    Or "or" "( x1 x2 -- x3 )" Core Plain "Bitwise or." example "12 10 or .  \\ 14" |f| { binary(f, |a, b| a | b) }
    Xor "xor" "( x1 x2 -- x3 )" Core Plain "Bitwise exclusive or." example "12 10 xor .  \\ 6" |f| { binary(f, |a, b| a ^ b) }
    Invert "invert" "( x -- x' )" Core Plain "Flip every bit." example "0 invert .  \\ -1" |f| { unary(f, |a| !a) }
    Equal "=" "( x1 x2 -- flag )" Core Plain "True if equal." example "3 3 = .  \\ -1 (true)" |f| { binary(f, |a, b| flag(a == b)) }
    NotEqual "<>" "( x1 x2 -- flag )" CoreExt Plain "True if different." example "1 2 <> .  \\ -1" |f| { binary(f, |a, b| flag(a != b)) }
    Less "<" "( n1 n2 -- flag )" Core Plain "True if n1 < n2 (signed)." example "1 2 < .  \\ -1" |f| { binary(f, |a, b| flag(a < b)) }
    Greater ">" "( n1 n2 -- flag )" Core Plain "True if n1 > n2 (signed)." example "1 2 > .  \\ 0" |f| { binary(f, |a, b| flag(a > b)) }
    ULess "u<" "( u1 u2 -- flag )" Core Plain "True if u1 < u2 (unsigned)." example "-1 1 u< .  \\ 0 (-1 is the largest unsigned)" |f| { binary(f, |a, b| flag((a as u64) < b as u64)) }
    UGreater "u>" "( u1 u2 -- flag )" CoreExt Plain "True if u1 > u2 (unsigned)." example "-1 1 u> .  \\ -1" |f| { binary(f, |a, b| flag(a as u64 > b as u64)) }
    ZeroEqual "0=" "( x -- flag )" Core Plain "True if zero." example "0 0= .  \\ -1" |f| { unary(f, |a| flag(a == 0)) }
    ZeroNotEqual "0<>" "( x -- flag )" CoreExt Plain "True if not zero." example "5 0<> .  \\ -1" |f| { unary(f, |a| flag(a != 0)) }
    ZeroLess "0<" "( n -- flag )" Core Plain "True if negative." example "-5 0< .  \\ -1" |f| { unary(f, |a| flag(a < 0)) }
    ZeroGreater "0>" "( n -- flag )" CoreExt Plain "True if positive." example "5 0> .  \\ -1" |f| { unary(f, |a| flag(a > 0)) }
    Within "within" "( n lo hi -- flag )" CoreExt Plain "True if lo <= n < hi, with wrap-around as the standard defines." example "5 1 10 within .  \\ -1" |f| {
        let hi = f.pop()?;
        binary(f, |n, lo| flag((n.wrapping_sub(lo) as u64) < (hi.wrapping_sub(lo) as u64)))
    }
    UnderPlus "under+" "( n1 n2 n3 -- n1+n3 n2 )" Gforth Plain "Add the top cell to the third." example "1 2 10 under+ . .  \\ 2 11" |f| {
        let n = f.pop()?;
        let t = f.vm.stacks.top_mut(2)?;
        t[0] = t[0].wrapping_add(n);
        Ok(())
    }
    Bounds "bounds" "( addr u -- addr+u addr )" Gforth Plain "Turn a start and length into DO loop limits." example ": .chars ( c-addr u -- ) bounds ?do i c@ emit loop ;  s\" abc\" .chars  \\ abc" |f| {
        let u = f.pop()?;
        let a = f.pop()?;
        f.push(a.wrapping_add(u))?;
        f.push(a)
    }

    MStar "m*" "( n1 n2 -- d )" Core Plain "Multiply to a double-cell product." example "-3 4 m* d.  \\ -12" |f| {
        let b = f.pop()?;
        let a = f.pop()?;
        f.push_double(a as i128 * b as i128)
    }
    UMStar "um*" "( u1 u2 -- ud )" Core Plain "Multiply unsigned to a double-cell product." example "3 4 um* d.  \\ 12" |f| {
        let b = f.pop()? as u64;
        let a = f.pop()? as u64;
        f.push_double((a as u128 * b as u128) as i128)
    }
    UMSlashMod "um/mod" "( ud u1 -- urem uquot )" Core Plain "Divide an unsigned double by a single." example "10. 3 um/mod . .  \\ 3 1" |f| {
        let d = f.pop()? as u64 as u128;
        let n = f.pop_double()? as u128;
        if d == 0 {
            return Err(DIVISION_BY_ZERO);
        }
        let q = u64::try_from(n / d).map_err(|_| OUT_OF_RANGE)?;
        f.push((n % d) as i64)?;
        f.push(q as i64)
    }
    FMSlashMod "fm/mod" "( d n -- rem quot )" Core Plain "Floored division of a double by a single." example "-7. 2 fm/mod . .  \\ -4 1" |f| {
        let d = f.pop()?;
        let n = f.pop_double()?;
        let (q, r) = floored(n, d as i128)?;
        f.push(r as i64)?;
        f.push(single(q)?)
    }
    SMSlashRem "sm/rem" "( d n -- rem quot )" Core Plain "Symmetric division of a double by a single." example "-7. 2 sm/rem . .  \\ -3 -1" |f| {
        let d = f.pop()?;
        let n = f.pop_double()?;
        let (q, r) = symmetric(n, d as i128)?;
        f.push(r as i64)?;
        f.push(single(q)?)
    }
    SToD "s>d" "( n -- d )" Core Plain "Widen a single to a double." example "-5 s>d d.  \\ -5" |f| {
        let n = f.pop()?;
        f.push_double(n as i128)
    }
    DToS "d>s" "( d -- n )" Double Plain "Narrow a double to a single." example "100. d>s .  \\ 100" |f| {
        let d = f.pop_double()?;
        f.push(d as i64)
    }
    DPlus "d+" "( d1 d2 -- d3 )" Double Plain "Add doubles." example "1. 2. d+ d.  \\ 3" |f| {
        let b = f.pop_double()?;
        let a = f.pop_double()?;
        f.push_double(a.wrapping_add(b))
    }
    DMinus "d-" "( d1 d2 -- d3 )" Double Plain "Subtract doubles." example "5. 7. d- d.  \\ -2" |f| {
        let b = f.pop_double()?;
        let a = f.pop_double()?;
        f.push_double(a.wrapping_sub(b))
    }
    MPlus "m+" "( d n -- d' )" Double Plain "Add a single to a double." example "10. 5 m+ d.  \\ 15" |f| {
        let n = f.pop()?;
        let d = f.pop_double()?;
        f.push_double(d.wrapping_add(n as i128))
    }
    DNegate "dnegate" "( d -- -d )" Double Plain "Change the sign of a double." example "5. dnegate d.  \\ -5" |f| {
        let d = f.pop_double()?;
        f.push_double(d.wrapping_neg())
    }
    DAbs "dabs" "( d -- ud )" Double Plain "The absolute value of a double." example "-5. dabs d.  \\ 5" |f| {
        let d = f.pop_double()?;
        f.push_double(d.wrapping_abs())
    }
    DMax "dmax" "( d1 d2 -- d3 )" Double Plain "The larger double." example "1. 2. dmax d.  \\ 2" |f| {
        let b = f.pop_double()?;
        let a = f.pop_double()?;
        f.push_double(a.max(b))
    }
    DMin "dmin" "( d1 d2 -- d3 )" Double Plain "The smaller double." example "1. 2. dmin d.  \\ 1" |f| {
        let b = f.pop_double()?;
        let a = f.pop_double()?;
        f.push_double(a.min(b))
    }
    DEqual "d=" "( d1 d2 -- flag )" Double Plain "True if the doubles are equal." example "1. 1. d= .  \\ -1" |f| {
        let b = f.pop_double()?;
        let a = f.pop_double()?;
        f.push_bool(a == b)
    }
    DLess "d<" "( d1 d2 -- flag )" Double Plain "True if d1 < d2." example "1. 2. d< .  \\ -1" |f| {
        let b = f.pop_double()?;
        let a = f.pop_double()?;
        f.push_bool(a < b)
    }
    DULess "du<" "( ud1 ud2 -- flag )" Double Plain "True if ud1 < ud2 (unsigned)." example "1. 2. du< .  \\ -1" |f| {
        let b = f.pop_double()? as u128;
        let a = f.pop_double()? as u128;
        f.push_bool(a < b)
    }
    DZeroEqual "d0=" "( d -- flag )" Double Plain "True if the double is zero." example "0. d0= .  \\ -1" |f| {
        let d = f.pop_double()?;
        f.push_bool(d == 0)
    }
    DZeroLess "d0<" "( d -- flag )" Double Plain "True if the double is negative." example "-1. d0< .  \\ -1" |f| {
        let d = f.pop_double()?;
        f.push_bool(d < 0)
    }
    DTwoStar "d2*" "( d -- d' )" Double Plain "Shift a double left one bit." example "21. d2* d.  \\ 42" |f| {
        let d = f.pop_double()?;
        f.push_double(d.wrapping_shl(1))
    }
    DTwoSlash "d2/" "( d -- d' )" Double Plain "Shift a double right one bit, keeping the sign." example "84. d2/ d.  \\ 42" |f| {
        let d = f.pop_double()?;
        f.push_double(d >> 1)
    }
    MStarSlash "m*/" "( d1 n1 +n2 -- d2 )" Double Plain "d1*n1/n2 with a triple-cell intermediate, floored." example "10. 3 4 m*/ d.  \\ 7" |f| {
        let div = f.pop()?;
        let n = f.pop()?;
        let d = f.pop_double()?;
        if div == 0 {
            return Err(DIVISION_BY_ZERO);
        }
        // Exactly as the standard defines it: the product d*n has up to 192
        // bits, so work on magnitudes split into 64-bit halves; the floored
        // quotient must fit a signed double or it is -11.
        let neg = (d < 0) ^ (n < 0) ^ (div < 0);
        let (ud, un, udiv) = (d.unsigned_abs(), n.unsigned_abs() as u128, div.unsigned_abs() as u128);
        let (lo, hi) = (ud & u64::MAX as u128, ud >> 64);
        let p_lo = lo * un;
        let p_hi = hi * un + (p_lo >> 64);
        // (p_hi:p_lo low 64) / udiv by long division.
        let q_hi = p_hi / udiv;
        let r_hi = p_hi % udiv;
        let mid = (r_hi << 64) | (p_lo & u64::MAX as u128);
        let q_lo = mid / udiv;
        let rem = mid % udiv;
        if q_hi >> 64 != 0 {
            return Err(OUT_OF_RANGE);
        }
        let mag = (q_hi << 64) | q_lo;
        let q = if neg {
            // Floored: a negative quotient with a remainder rounds down.
            let mag = mag.checked_add((rem != 0) as u128).ok_or(OUT_OF_RANGE)?;
            if mag > i128::MIN.unsigned_abs() {
                return Err(OUT_OF_RANGE);
            }
            (mag as i128).wrapping_neg()
        } else {
            i128::try_from(mag).map_err(|_| OUT_OF_RANGE)?
        };
        f.push_double(q)
    }

    Fetch "@" "( a-addr -- x )" Core Plain "Fetch the cell at an address." example "variable x  42 x !  x @ .  \\ 42" |f| {
        let t = f.vm.stacks.top_mut(1)?;
        t[0] = f.vm.mem.cell(t[0])?;
        Ok(())
    }
    Store "!" "( x a-addr -- )" Core Plain "Store a cell at an address." example "variable x  42 x !  x @ .  \\ 42" |f| {
        let t = f.vm.stacks.top_mut(2)?;
        f.vm.mem.set_cell(t[1], t[0])?;
        f.vm.stacks.drop_cells(2)
    }
    CFetch "c@" "( c-addr -- char )" Core Plain "Fetch the byte at an address." example "create b 1 c,  b c@ .  \\ 1" |f| {
        let t = f.vm.stacks.top_mut(1)?;
        t[0] = f.vm.mem.byte(t[0])? as i64;
        Ok(())
    }
    CStore "c!" "( char c-addr -- )" Core Plain "Store the low byte of char at an address." example "create b 1 allot  65 b c!  b c@ emit  \\ A" |f| {
        let t = f.vm.stacks.top_mut(2)?;
        f.vm.mem.set_byte(t[1], t[0] as u8)?;
        f.vm.stacks.drop_cells(2)
    }
    WFetch "w@" "( addr -- u )" Gforth Plain "Fetch the 16-bit value at an address, unsigned (gforth)." example "create b 2 allot  -2 b w!  b w@ .  \\ 65534" |f| { fetch_le(f, 2) }
    WStore "w!" "( x addr -- )" Gforth Plain "Store the low 16 bits of x at an address (gforth)." example "create b 2 allot  $1234 b w!  b c@ hex. decimal  \\ $34" |f| { store_le(f, 2) }
    LFetch "l@" "( addr -- u )" Gforth Plain "Fetch the 32-bit value at an address, unsigned (gforth)." example "create b 4 allot  -1 b l!  b l@ .  \\ 4294967295" |f| { fetch_le(f, 4) }
    LStore "l!" "( x addr -- )" Gforth Plain "Store the low 32 bits of x at an address (gforth)." example "create b 4 allot  $12345678 b l!  b w@ hex. decimal  \\ $5678" |f| { store_le(f, 4) }
    PlusStore "+!" "( n a-addr -- )" Core Plain "Add n to the cell at an address." example "variable x  1 x !  5 x +!  x @ .  \\ 6" |f| {
        let a = f.pop()?;
        let n = f.pop()?;
        let v = f.vm.mem.cell(a)?;
        f.vm.mem.set_cell(a, v.wrapping_add(n))
    }
    TwoFetch "2@" "( a-addr -- x1 x2 )" Core Plain "Fetch a pair: x2 from a-addr, x1 from the next cell." example "create p 1 , 2 ,  p 2@ . .  \\ 1 2" |f| {
        let a = f.pop()?;
        let x2 = f.vm.mem.cell(a)?;
        let x1 = f.vm.mem.cell(a.wrapping_add(8))?;
        f.push(x1)?;
        f.push(x2)
    }
    TwoStore "2!" "( x1 x2 a-addr -- )" Core Plain "Store a pair: x2 at a-addr, x1 in the next cell." example "create p 2 cells allot  1 2 p 2!  p 2@ . .  \\ 2 1" |f| {
        let a = f.pop()?;
        let x2 = f.pop()?;
        let x1 = f.pop()?;
        f.vm.mem.set_cell(a, x2)?;
        f.vm.mem.set_cell(a.wrapping_add(8), x1)
    }
    On "on" "( a-addr -- )" Gforth Plain "Store true in a variable." example "variable done  done on  done @ .  \\ -1" |f| {
        let a = f.pop()?;
        f.vm.mem.set_cell(a, -1)
    }
    Off "off" "( a-addr -- )" Gforth Plain "Store false in a variable." example "variable done  done off  done @ .  \\ 0" |f| {
        let a = f.pop()?;
        f.vm.mem.set_cell(a, 0)
    }
    CellPlus "cell+" "( a-addr -- a-addr' )" Core Plain "Add the size of a cell (8)." example "create xs 10 , 20 ,  xs cell+ @ .  \\ 20" |f| { unary(f, |a| a.wrapping_add(8)) }
    Cells "cells" "( n -- n' )" Core Plain "The size of n cells in bytes." example "3 cells .  \\ 24" |f| { unary(f, |a| a.wrapping_mul(8)) }
    CharPlus "char+" "( c-addr -- c-addr' )" Core Plain "Add the size of a character (1)." example "s\" ab\" drop char+ c@ emit  \\ b" |f| { unary(f, |a| a.wrapping_add(1)) }
    Chars "chars" "( n -- n' )" Core Plain "The size of n characters in bytes (n)." example "5 chars .  \\ 5" |f| { unary(f, |a| a) }
    Aligned "aligned" "( addr -- a-addr )" Core Plain "Round up to a cell boundary." example "9 aligned .  \\ 16" |f| { unary(f, |a| a.wrapping_add(7) & !7) }
    Move "move" "( addr1 addr2 u -- )" Core Plain "Copy u bytes from addr1 to addr2; overlapping is fine." example "create to-here 5 allot  s\" hello\" to-here swap move  to-here 5 type  \\ hello" |f| {
        let u = f.pop_range_len()?;
        let to = f.pop()?;
        let from = f.pop()?;
        f.vm.mem.copy(from, to, u)
    }
    CMove "cmove" "( c-addr1 c-addr2 u -- )" String Plain "Copy u bytes, lowest address first." example "create buf 5 allot  s\" hello\" buf swap cmove  buf 5 type  \\ hello" |f| {
        let u = f.pop_range_len()?;
        let to = f.pop()?;
        let from = f.pop()?;
        f.vm.mem.cmove(from, to, u)
    }
    CMoveUp "cmove>" "( c-addr1 c-addr2 u -- )" String Plain "Copy u bytes, highest address first." example "create buf 5 allot  s\" hello\" buf swap cmove>  buf 5 type  \\ hello" |f| {
        let u = f.pop_range_len()?;
        let to = f.pop()?;
        let from = f.pop()?;
        for i in (0..u).rev() {
            let b = f.vm.mem.byte(from.wrapping_add(i))?;
            f.vm.mem.set_byte(to.wrapping_add(i), b)?;
        }
        Ok(())
    }
    Fill "fill" "( c-addr u char -- )" Core Plain "Store char in u bytes." example "create buf 3 allot  buf 3 char * fill  buf 3 type  \\ ***" |f| {
        let c = f.pop()?;
        let u = f.pop_range_len()?;
        let a = f.pop()?;
        f.vm.mem.fill(a, u, c as u8)
    }
    Erase "erase" "( addr u -- )" CoreExt Plain "Store zero in u bytes." example "create buf 3 allot  buf 3 erase  buf c@ .  \\ 0" |f| {
        let u = f.pop_range_len()?;
        let a = f.pop()?;
        f.vm.mem.fill(a, u, 0)
    }
    Blank "blank" "( c-addr u -- )" String Plain "Store spaces in u bytes." example "create buf 3 allot  buf 3 blank  buf c@ .  \\ 32" |f| {
        let u = f.pop_range_len()?;
        let a = f.pop()?;
        f.vm.mem.fill(a, u, b' ')
    }
    Allocate "allocate" "( u -- a-addr ior )" Memory Plain "Reserve u bytes of heap; ior 0 on success." example "100 allocate throw  dup 42 swap !  dup @ .  free throw  \\ 42" |f| {
        let u = f.pop()?;
        match f.vm.mem.allocate(u) {
            Some(a) => { f.push(a)?; f.push(0) }
            None => { f.push(0)?; f.push(ALLOCATE.0) }
        }
    }
    Free "free" "( a-addr -- ior )" Memory Plain "Give back a block from ALLOCATE." example "100 allocate throw  free .  \\ 0" |f| {
        let a = f.pop()?;
        let ok = f.vm.mem.free(a);
        f.push(if ok { 0 } else { FREE.0 })
    }
    Resize "resize" "( a-addr1 u -- a-addr2 ior )" Memory Plain "Change the size of a heap block, keeping its contents." example "10 allocate throw  100 resize throw  free throw" |f| {
        let u = f.pop()?;
        let a = f.pop()?;
        match f.vm.mem.resize(a, u) {
            Some(n) => { f.push(n)?; f.push(0) }
            None => { f.push(a)?; f.push(RESIZE.0) }
        }
    }
}

/// The hot words: each a word of the table (`Core::X`) whose inline form
/// is `Instr::X`. Makes `HOT` and `table_form`, a match (a caught error
/// in a hot word finds its table body without reading the list).
macro_rules! hot_words {
    ($($w:ident,)*) => {
        pub(crate) const HOT: &[(Core, Instr)] = &[$((Core::$w, Instr::$w),)*];

        /// A hot word's table instruction, from its inline form.
        fn table_form(i: Instr) -> Option<Instr> {
            match i {
                $(Instr::$w => Some(Core::$w.instr()),)*
                _ => None,
            }
        }
    };
}

// The hot words, declared beside their family: each inline instruction
// of the inner interpreter and the table word it stands for. `tests`
// hold every pair to the same behaviour.
hot_words! {
    Dup,
    Drop,
    Swap,
    Over,
    Rot,
    MinusRot,
    Nip,
    Tuck,
    QDup,
    TwoDup,
    TwoDrop,
    ToR,
    RFrom,
    RFetch,
    I,
    J,
    Plus,
    Minus,
    Star,
    Slash,
    Mod,
    OnePlus,
    OneMinus,
    Negate,
    Min,
    Max,
    TwoStar,
    TwoSlash,
    LShift,
    RShift,
    And,
    Or,
    Xor,
    Invert,
    Equal,
    NotEqual,
    Less,
    Greater,
    ULess,
    UGreater,
    ZeroEqual,
    ZeroNotEqual,
    ZeroLess,
    ZeroGreater,
    Fetch,
    Store,
    CFetch,
    CStore,
    PlusStore,
    CellPlus,
    Cells,
    CharPlus,
    TwoFetch,
    TwoStore,
}

/// What to compile for a word's table instruction: its inline form if it
/// is hot.
pub(crate) fn hot(i: Instr) -> Instr {
    HOT.iter()
        .find(|(c, _)| c.instr() == i)
        .map_or(i, |&(_, h)| h)
}

/// The instruction as the table knows it: a hot word's table
/// instruction (for finding its spec).
pub(crate) fn canonical(i: Instr) -> Instr {
    let i = i.unfused();
    table_form(i).unwrap_or(i)
}

/// The declaration of the built-in word an instruction runs (a hot word's
/// inline form included).
pub(crate) fn spec_for(i: Instr) -> Option<&'static crate::words::spec::Spec> {
    let i = canonical(i);
    // By id: `words` and the REPL's completion look up every word (a
    // search of the table each was quadratic).
    match i {
        Instr::Prim(id) => crate::words::spec::by_id(id),
        _ => crate::words::spec::all().find(|s| s.instr == i),
    }
}
