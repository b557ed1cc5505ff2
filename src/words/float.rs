//! Floating point (Forth-2012 FLOATING and FLOATING EXT, and gforth's
//! everyday extras): a separate stack of IEEE doubles (`Stacks::fs`),
//! arithmetic that follows IEEE (a division by zero gives an infinity or a
//! NaN, as in gforth, not a throw), float literals, and the output words.
//!
//! A float literal in a definition compiles to two instructions: `Lit`
//! with the number's bits and `(flit)`, which moves that cell to the
//! floating-point stack. That costs no instruction kind of its own (the
//! inner loop's dispatch must stay at 128 kinds), and SEE shows the pair
//! as the literal.

use super::spec::primitives;
use crate::compiler;
use crate::error::*;
use crate::instr::Instr;
use crate::interp;
use crate::kernel::Forth;
use crate::words::sys;

use crate::number::*;

/// The floating-point stack as .S and the REPL show it after the data
/// stack, `F: <2> 1.5 2. `; empty when it is.
pub(crate) fn fstack_text(f: &Forth) -> String {
    if f.vm.stacks.fdepth() == 0 {
        return String::new();
    }
    let mut s = format!("F: <{}> ", f.vm.stacks.fdepth());
    for &r in f.vm.stacks.fstack() {
        s.push_str(&fixed(r, f.prefs.precision));
    }
    s
}

fn fpop(f: &mut Forth) -> Res<f64> {
    f.vm.stacks.fpop()
}

fn fpush(f: &mut Forth, r: f64) -> Res<()> {
    f.vm.stacks.fpush(r)
}

fn fetch_float(f: &Forth, addr: i64) -> Res<f64> {
    Ok(f64::from_bits(f.vm.mem.cell(addr)? as u64))
}

fn store_float(f: &mut Forth, addr: i64, r: f64) -> Res<()> {
    f.vm.mem.set_cell(addr, r.to_bits() as i64)
}

/// Move HERE up to a multiple of `n`.
fn align_to(f: &mut Forth, n: usize) -> Res<()> {
    let pad = (n - f.vm.here % n) % n;
    sys::allot(f, pad as i64)
}

fn define_named(f: &mut Forth, kind: crate::dictionary::Kind) -> Res<()> {
    let name = crate::parse::parse_word_name(f)?;
    compiler::define(f, &name, kind, true).map(|_| ())
}

fn fprint(f: &mut Forth, s: &str) -> Res<()> {
    crate::words::io::write_out(f, s.as_bytes())
}

/// F.RDP's arguments: takes r, nr, nd and np (checked first) and gives
/// the text.
fn rdp_args(f: &mut Forth) -> Res<String> {
    f.need(3)?;
    f.vm.stacks.fneed(1)?;
    let (np, nd, nr) = (f.peek(0)?, f.peek(1)?, f.peek(2)?);
    let max = MAX_RDP_WIDTH as i64;
    for (v, what) in [(nr, "width nr"), (nd, "digits nd"), (np, "digits np")] {
        if !(0..=max).contains(&v) {
            let msg = format!("{what} is {v}, not between 0 and {max}");
            return Err(f.fail(INVALID_NUMERIC_ARG, msg));
        }
    }
    for _ in 0..3 {
        f.pop()?;
    }
    let r = fpop(f)?;
    Ok(rdp(r, nr as usize, nd as usize, np as usize))
}

/// Replace the top float by `op(top)`.
fn unary(f: &mut Forth, op: impl FnOnce(f64) -> f64) -> Res<()> {
    let t = f.vm.stacks.ftop_mut(1)?;
    t[0] = op(t[0]);
    Ok(())
}

/// Replace the top two floats by `op(second, top)`.
fn binary(f: &mut Forth, op: impl FnOnce(f64, f64) -> f64) -> Res<()> {
    let t = f.vm.stacks.ftop_mut(2)?;
    t[0] = op(t[0], t[1]);
    f.vm.stacks.fdrop(1)
}

/// Pop one float and push a flag.
fn test(f: &mut Forth, p: impl FnOnce(f64) -> bool) -> Res<()> {
    f.vm.stacks.fneed(1)?;
    f.room(1)?;
    let r = fpop(f)?;
    f.push_bool(p(r))
}

/// Pop two floats and push a flag on (second, top).
fn compare(f: &mut Forth, p: impl FnOnce(f64, f64) -> bool) -> Res<()> {
    f.vm.stacks.fneed(2)?;
    f.room(1)?;
    let b = fpop(f)?;
    let a = fpop(f)?;
    f.push_bool(p(a, b))
}

/// An address rounded up to a multiple of n.
fn aligned(f: &mut Forth, n: i64) -> Res<()> {
    let a = f.pop()?;
    f.push(a.wrapping_add(n - 1) & !(n - 1))
}

/// A count of n-byte items, as bytes.
fn times(f: &mut Forth, n: i64) -> Res<()> {
    let k = f.pop()?;
    f.push(k.wrapping_mul(n))
}

/// The address past one n-byte item.
fn plus(f: &mut Forth, n: i64) -> Res<()> {
    let a = f.pop()?;
    f.push(a.wrapping_add(n))
}

/// F~ (12.6.2.1640): r3 > 0, |r1 - r2| < r3; r3 zero, r1 and r2 have the
/// same bits (so 0e and -0e differ); r3 < 0, |r1 - r2| < |r3| × (|r1| + |r2|).
pub(crate) fn proximate(r1: f64, r2: f64, r3: f64) -> bool {
    if r3 > 0.0 {
        (r1 - r2).abs() < r3
    } else if r3 == 0.0 {
        r1.to_bits() == r2.to_bits()
    } else {
        (r1 - r2).abs() < (r3 * (r1.abs() + r2.abs())).abs()
    }
}

/// F@ and DF@: ( f-addr -- ) ( F: -- r ), checked before anything moves.
fn f_fetch(f: &mut Forth) -> Res<()> {
    let a = f.peek(0)?;
    let r = fetch_float(f, a)?;
    f.vm.stacks.froom(1)?;
    f.pop()?;
    fpush(f, r)
}

/// F! and DF!: ( f-addr -- ) ( F: r -- ), checked before anything moves.
fn f_store(f: &mut Forth) -> Res<()> {
    let a = f.peek(0)?;
    let r = f.vm.stacks.fpeek(0)?;
    store_float(f, a, r)?;
    f.pop()?;
    fpop(f).map(|_| ())
}

primitives! {
    /// Floating-point words.
    enum Floating;
    base = super::spec::FLOAT_BASE;

    FLit "(flit)" "( x -- ) ( F: -- r )" Playforth Plain "Move the top cell, the bits of an IEEE double, to the floating-point stack: what a float literal compiles to after its bits." |f| {
        f.need(1)?;
        f.vm.stacks.froom(1)?;
        let x = f.pop()?;
        fpush(f, f64::from_bits(x as u64))
    }
    FToBits "(f>bits)" "( -- x ) ( F: r -- )" Playforth Plain "Move the top float to the data stack as the bits of an IEEE double: what initialising or TO of an f: local compiles to before storing the cell." |f| {
        f.vm.stacks.fneed(1)?;
        f.room(1)?;
        let r = fpop(f)?;
        f.push(r.to_bits() as i64)
    }

    // ---- the stack ----
    FDup "fdup" "( F: r -- r r )" Floating Plain "Copy the top float." example "3e fdup f* f.  \\ 9." |f| {
        let r = f.vm.stacks.fpeek(0)?;
        fpush(f, r)
    }
    FDrop "fdrop" "( F: r -- )" Floating Plain "Discard the top float." |f| {
        fpop(f).map(|_| ())
    }
    FSwap "fswap" "( F: r1 r2 -- r2 r1 )" Floating Plain "Exchange the top two floats." example "1e 2e fswap f. f.  \\ 1. 2." |f| {
        f.vm.stacks.ftop_mut(2)?.swap(0, 1);
        Ok(())
    }
    FOver "fover" "( F: r1 r2 -- r1 r2 r1 )" Floating Plain "Copy the second float to the top." |f| {
        let r = f.vm.stacks.fpeek(1)?;
        fpush(f, r)
    }
    FRot "frot" "( F: r1 r2 r3 -- r2 r3 r1 )" Floating Plain "Rotate the third float to the top." |f| {
        f.vm.stacks.ftop_mut(3)?.rotate_left(1);
        Ok(())
    }
    FNip "fnip" "( F: r1 r2 -- r2 )" Gforth Plain "Drop the second float." |f| {
        f.vm.stacks.fneed(2)?;
        let r2 = fpop(f)?;
        fpop(f)?;
        fpush(f, r2)
    }
    FTuck "ftuck" "( F: r1 r2 -- r2 r1 r2 )" Gforth Plain "Copy the top float under the second." |f| {
        f.vm.stacks.fneed(2)?;
        f.vm.stacks.froom(1)?;
        let r2 = fpop(f)?;
        let r1 = fpop(f)?;
        fpush(f, r2)?;
        fpush(f, r1)?;
        fpush(f, r2)
    }
    FPick "fpick" "( u -- ) ( F: ru ... r0 -- ru ... r0 ru )" Gforth Plain "Copy the u-th float (0 = the top) to the top." |f| {
        let u = f.peek(0)?;
        let r = usize::try_from(u).map_err(|_| FP_STACK_UNDERFLOW).and_then(|u| f.vm.stacks.fpeek(u))?;
        f.vm.stacks.froom(1)?;
        f.pop()?;
        fpush(f, r)
    }
    FDepth "fdepth" "( -- +n )" Floating Plain "How many floats are on the floating-point stack." example "1e 2e fdepth . fdrop fdrop  \\ 2" |f| {
        let n = f.vm.stacks.fdepth() as i64;
        f.push(n)
    }

    // ---- arithmetic ----
    FPlus "f+" "( F: r1 r2 -- r3 )" Floating Plain "Add: r3 = r1 + r2." example "1.5e 2e f+ f.  \\ 3.5" |f| { binary(f, |a, b| a + b) }
    FMinus "f-" "( F: r1 r2 -- r3 )" Floating Plain "Subtract: r3 = r1 - r2." example "1e 0.25e f- f.  \\ 0.75" |f| { binary(f, |a, b| a - b) }
    FStar "f*" "( F: r1 r2 -- r3 )" Floating Plain "Multiply: r3 = r1 × r2." example "1.5e 4e f* f.  \\ 6." |f| { binary(f, |a, b| a * b) }
    FSlash "f/" "( F: r1 r2 -- r3 )" Floating Plain "Divide: r3 = r1 / r2 (by zero: an infinity, or NaN for 0e 0e f/, as IEEE says)." example "1e 3e f/ f.  \\ 0.333333333333333" |f| { binary(f, |a, b| a / b) }
    FNegate "fnegate" "( F: r1 -- r2 )" Floating Plain "Negate." |f| { unary(f, |a| -a) }
    FAbs "fabs" "( F: r1 -- r2 )" FloatingExt Plain "Absolute value." |f| { unary(f, f64::abs) }
    FMax "fmax" "( F: r1 r2 -- r3 )" Floating Plain "The greater of the two." |f| { binary(f, f64::max) }
    FMin "fmin" "( F: r1 r2 -- r3 )" Floating Plain "The lesser of the two." |f| { binary(f, f64::min) }
    Floor "floor" "( F: r1 -- r2 )" Floating Plain "Round toward negative infinity." |f| { unary(f, f64::floor) }
    FRound "fround" "( F: r1 -- r2 )" Floating Plain "Round to the nearest integer, halves to even (2.5e gives 2., 3.5e gives 4.)." example "2.5e fround f. 3.5e fround f.  \\ 2. 4." |f| { unary(f, f64::round_ties_even) }
    FTrunc "ftrunc" "( F: r1 -- r2 )" FloatingExt Plain "Round toward zero." |f| { unary(f, f64::trunc) }
    FStarStar "f**" "( F: r1 r2 -- r3 )" FloatingExt Plain "Raise r1 to the power r2." |f| { binary(f, f64::powf) }
    FSqrt "fsqrt" "( F: r1 -- r2 )" FloatingExt Plain "Square root (NaN for a negative number)." example "2e fsqrt f.  \\ 1.4142135623731" |f| { unary(f, f64::sqrt) }
    FTwoStar "f2*" "( F: r1 -- r2 )" Gforth Plain "Multiply by two." |f| { unary(f, |a| a * 2.0) }
    FTwoSlash "f2/" "( F: r1 -- r2 )" Gforth Plain "Divide by two." |f| { unary(f, |a| a / 2.0) }
    OneSlashF "1/f" "( F: r1 -- r2 )" Gforth Plain "The reciprocal, 1/r1." |f| { unary(f, |a| 1.0 / a) }

    // ---- functions ----
    FSin "fsin" "( F: r1 -- r2 )" FloatingExt Plain "Sine of r1 radians." |f| { unary(f, f64::sin) }
    FCos "fcos" "( F: r1 -- r2 )" FloatingExt Plain "Cosine of r1 radians." |f| { unary(f, f64::cos) }
    FTan "ftan" "( F: r1 -- r2 )" FloatingExt Plain "Tangent of r1 radians." |f| { unary(f, f64::tan) }
    FSinCos "fsincos" "( F: r1 -- r2 r3 )" FloatingExt Plain "Sine r2 and cosine r3 of r1 radians." |f| {
        f.vm.stacks.fneed(1)?;
        f.vm.stacks.froom(1)?;
        let r = fpop(f)?;
        fpush(f, r.sin())?;
        fpush(f, r.cos())
    }
    FASin "fasin" "( F: r1 -- r2 )" FloatingExt Plain "Arc sine, in radians." |f| { unary(f, f64::asin) }
    FACos "facos" "( F: r1 -- r2 )" FloatingExt Plain "Arc cosine, in radians." |f| { unary(f, f64::acos) }
    FATan "fatan" "( F: r1 -- r2 )" FloatingExt Plain "Arc tangent, in radians." |f| { unary(f, f64::atan) }
    FATan2 "fatan2" "( F: r1 r2 -- r3 )" FloatingExt Plain "The angle of the point (x, y) = (r2, r1), in radians from -pi to pi: the arc tangent of r1/r2 in the right quadrant." example "-1e -1e fatan2 f.  \\ -2.35619449019234 (-3pi/4)" |f| { binary(f, f64::atan2) }
    FSinh "fsinh" "( F: r1 -- r2 )" FloatingExt Plain "Hyperbolic sine." |f| { unary(f, f64::sinh) }
    FCosh "fcosh" "( F: r1 -- r2 )" FloatingExt Plain "Hyperbolic cosine." |f| { unary(f, f64::cosh) }
    FTanh "ftanh" "( F: r1 -- r2 )" FloatingExt Plain "Hyperbolic tangent." |f| { unary(f, f64::tanh) }
    FASinh "fasinh" "( F: r1 -- r2 )" FloatingExt Plain "Inverse hyperbolic sine." |f| { unary(f, f64::asinh) }
    FACosh "facosh" "( F: r1 -- r2 )" FloatingExt Plain "Inverse hyperbolic cosine." |f| { unary(f, f64::acosh) }
    FATanh "fatanh" "( F: r1 -- r2 )" FloatingExt Plain "Inverse hyperbolic tangent." |f| { unary(f, f64::atanh) }
    FExp "fexp" "( F: r1 -- r2 )" FloatingExt Plain "e to the power r1." |f| { unary(f, f64::exp) }
    FExpM1 "fexpm1" "( F: r1 -- r2 )" FloatingExt Plain "e to the power r1, minus one (exact for small r1)." |f| { unary(f, f64::exp_m1) }
    FLn "fln" "( F: r1 -- r2 )" FloatingExt Plain "Natural logarithm." |f| { unary(f, f64::ln) }
    FLnP1 "flnp1" "( F: r1 -- r2 )" FloatingExt Plain "Natural logarithm of 1 + r1 (exact for small r1)." |f| { unary(f, f64::ln_1p) }
    FLog "flog" "( F: r1 -- r2 )" FloatingExt Plain "Logarithm to base ten." |f| { unary(f, f64::log10) }
    FALog "falog" "( F: r1 -- r2 )" FloatingExt Plain "Ten to the power r1." |f| { unary(f, |a| 10f64.powf(a)) }
    Pi "pi" "( F: -- r )" Gforth Plain "The number pi, 3.14159265358979." |f| { fpush(f, std::f64::consts::PI) }

    // ---- comparisons ----
    FZeroEqual "f0=" "( -- flag ) ( F: r -- )" Floating Plain "True if r is zero (either sign)." |f| { test(f, |a| a == 0.0) }
    FZeroLess "f0<" "( -- flag ) ( F: r -- )" Floating Plain "True if r is below zero." |f| { test(f, |a| a < 0.0) }
    FZeroGreater "f0>" "( -- flag ) ( F: r -- )" Gforth Plain "True if r is above zero." |f| { test(f, |a| a > 0.0) }
    FZeroNotEqual "f0<>" "( -- flag ) ( F: r -- )" Gforth Plain "True if r is not zero." |f| { test(f, |a| a != 0.0) }
    FZeroLessEqual "f0<=" "( -- flag ) ( F: r -- )" Gforth Plain "True if r is zero or below." |f| { test(f, |a| a <= 0.0) }
    FZeroGreaterEqual "f0>=" "( -- flag ) ( F: r -- )" Gforth Plain "True if r is zero or above." |f| { test(f, |a| a >= 0.0) }
    FLess "f<" "( -- flag ) ( F: r1 r2 -- )" Floating Plain "True if r1 < r2." example "1e 2e f< .  \\ -1" |f| { compare(f, |a, b| a < b) }
    FEqual "f=" "( -- flag ) ( F: r1 r2 -- )" Gforth Plain "True if r1 = r2 (0e and -0e are equal; a NaN equals nothing)." |f| { compare(f, |a, b| a == b) }
    FNotEqual "f<>" "( -- flag ) ( F: r1 r2 -- )" Gforth Plain "True unless r1 = r2." |f| { compare(f, |a, b| a != b) }
    FGreater "f>" "( -- flag ) ( F: r1 r2 -- )" Gforth Plain "True if r1 > r2." |f| { compare(f, |a, b| a > b) }
    FLessEqual "f<=" "( -- flag ) ( F: r1 r2 -- )" Gforth Plain "True if r1 <= r2." |f| { compare(f, |a, b| a <= b) }
    FGreaterEqual "f>=" "( -- flag ) ( F: r1 r2 -- )" Gforth Plain "True if r1 >= r2." |f| { compare(f, |a, b| a >= b) }
    FProximate "f~" "( -- flag ) ( F: r1 r2 r3 -- )" FloatingExt Plain "Are r1 and r2 close? r3 > 0: |r1-r2| < r3; r3 = 0: the same bits (0e and -0e differ); r3 < 0: |r1-r2| < |r3|×(|r1|+|r2|), a relative tolerance." example "0.1e 0.2e f+ 0.3e -1e-15 f~ .  \\ -1 (within a relative 1e-15)" |f| {
        f.vm.stacks.fneed(3)?;
        f.room(1)?;
        let r3 = fpop(f)?;
        let r2 = fpop(f)?;
        let r1 = fpop(f)?;
        f.push_bool(proximate(r1, r2, r3))
    }

    // ---- conversion ----
    SToF "s>f" "( n -- ) ( F: -- r )" FloatingExt Plain "Convert a single-cell integer to a float." example "7 s>f 2e f/ f.  \\ 3.5" |f| {
        f.need(1)?;
        f.vm.stacks.froom(1)?;
        let n = f.pop()?;
        fpush(f, n as f64)
    }
    DToF "d>f" "( d -- ) ( F: -- r )" Floating Plain "Convert a double-cell integer to a float." |f| {
        f.need(2)?;
        f.vm.stacks.froom(1)?;
        let d = f.pop_double()?;
        fpush(f, d as f64)
    }
    FToS "f>s" "( -- n ) ( F: r -- )" FloatingExt Plain "Convert a float to a single-cell integer, rounding toward zero (out of range: the nearest end; NaN: 0)." example "-3.7e f>s .  \\ -3" |f| {
        f.vm.stacks.fneed(1)?;
        f.room(1)?;
        let r = fpop(f)?;
        f.push(r as i64)
    }
    FToD "f>d" "( -- d ) ( F: r -- )" Floating Plain "Convert a float to a double-cell integer, rounding toward zero." |f| {
        f.vm.stacks.fneed(1)?;
        f.room(2)?;
        let r = fpop(f)?;
        f.push_double(r as i128)
    }
    ToFloat ">float" "( c-addr u -- flag ) ( F: -- r | )" Floating Plain "Convert a string to a float: true and r if it is one (1.5, 1.5e3, 15d-1, 1.5+3 and blanks, which are 0e, all are), else false and nothing." example "s\" 1.5e3\" >float . f.  \\ -1 1500." |f| {
        f.need(2)?;
        let u = f.pop_len()?;
        let a = f.pop()?;
        let s = f.vm.mem.slice(a, u)?.to_vec();
        match to_float(&s) {
            Some(r) => {
                fpush(f, r)?;
                f.push(-1)
            }
            None => f.push(0),
        }
    }
    Represent "represent" "( c-addr u -- n flag1 flag2 ) ( F: r -- )" Floating Plain "Write the first u significant digits of r at c-addr; n is where the decimal point goes (r = 0.digits × 10^n), flag1 is true if r is negative, flag2 true if r is a valid number (not an infinity or NaN)." example "1234.5e pad 4 represent . . . pad 4 type  \\ -1 0 4 1234 (valid, positive, 0.1234e4)" |f| {
        f.need(2)?;
        f.vm.stacks.fneed(1)?;
        f.room(1)?;
        let u = f.peek(0)?;
        let a = f.peek(1)?;
        let u = usize::try_from(u).map_err(|_| INVALID_NUMERIC_ARG)?;
        f.vm.mem.range(a, u as i64)?;
        let r = fpop(f)?;
        f.pop()?;
        f.pop()?;
        let (mut digits, n, neg, ok) = represent(r, u);
        digits.truncate(u);
        while digits.len() < u {
            digits.push(' ');
        }
        f.vm.mem.write(a, digits.as_bytes())?;
        f.push(n as i64)?;
        f.push_bool(neg)?;
        f.push_bool(ok)
    }

    // ---- output ----
    FDot "f." "( F: r -- )" FloatingExt Plain "Print r in fixed-point notation with PRECISION significant digits, then a space: 1e 3e f/ f. prints 0.333333333333333." example "1e 8e f/ f.  \\ 0.125" |f| {
        let r = fpop(f)?;
        let s = fixed(r, f.prefs.precision);
        fprint(f, &s)
    }
    FEDot "fe." "( F: r -- )" FloatingExt Plain "Print r in engineering notation (the exponent a multiple of three) with PRECISION significant digits: 1234.5e fe. prints 1.23450000000000E3." example "12345e fe.  \\ 12.3450000000000E3" |f| {
        let r = fpop(f)?;
        let s = scientific(r, f.prefs.precision, true);
        fprint(f, &s)
    }
    FSDot "fs." "( F: r -- )" FloatingExt Plain "Print r in scientific notation with PRECISION significant digits: 1234.5e fs. prints 1.23450000000000E3." example "12345e fs.  \\ 1.23450000000000E4" |f| {
        let r = fpop(f)?;
        let s = scientific(r, f.prefs.precision, false);
        fprint(f, &s)
    }
    FDotRdp "f.rdp" "( nr nd np -- ) ( F: r -- )" Gforth Plain "Print r in a field of nr characters: with nd digits after the point if that shows at least np significant digits and fits, else in exponential notation, else as asterisks: 2e fsqrt 8 3 0 f.rdp prints    1.414." |f| {
        let s = rdp_args(f)?;
        fprint(f, &s)
    }
    FToStrRdp "f>str-rdp" "( nr nd np -- c-addr nr ) ( F: r -- )" Gforth Plain "The text F.RDP prints, in the pictured numeric output buffer (which <# and F>STR-RDP overwrite)." |f| {
        let s = rdp_args(f)?;
        let at = crate::memory::HOLD_END - s.len();
        f.vm.mem.write(at as i64, s.as_bytes())?;
        f.push(at as i64)?;
        f.push(s.len() as i64)
    }
    FToBufRdp "f>buf-rdp" "( c-addr nr nd np -- ) ( F: r -- )" Gforth Plain "Write the nr characters F.RDP prints to c-addr." |f| {
        f.need(4)?;
        let nr = f.peek(2)?;
        let a = f.peek(3)?;
        f.vm.mem.range(a, nr.max(0))?;
        let s = rdp_args(f)?;
        let a = f.pop()?;
        f.vm.mem.write(a, s.as_bytes())
    }
    FDotS "f.s" "( -- )" Gforth Plain "Show the floating-point stack without changing it: <depth> then the numbers as FS. prints them, top last." example "1e 2e f.s fdrop fdrop  \\ <2> 1.00000000000000E0 2.00000000000000E0" |f| {
        let mut s = format!("<{}> ", f.vm.stacks.fdepth());
        for &r in f.vm.stacks.fstack() {
            s.push_str(&scientific(r, f.prefs.precision, false));
        }
        fprint(f, &s)
    }
    Precision "precision" "( -- u )" FloatingExt Plain "How many significant digits F., FE. and FS. print (15 to start with)." |f| {
        let p = f.prefs.precision as i64;
        f.push(p)
    }
    SetPrecision "set-precision" "( u -- )" FloatingExt Plain "Make F., FE. and FS. print u significant digits (1 to 255; beyond 17 the digits are zeros)." example "3 set-precision pi f.  15 set-precision  \\ 3.14" |f| {
        let u = f.peek(0)?;
        if !(1..=MAX_PRECISION as i64).contains(&u) {
            return Err(f.fail(INVALID_NUMERIC_ARG, format!("precision {u} is not between 1 and {MAX_PRECISION}")));
        }
        f.pop()?;
        f.prefs.precision = u as usize;
        Ok(())
    }

    // ---- memory ----
    FFetch "f@" "( f-addr -- ) ( F: -- r )" Floating Plain "Push the float stored at f-addr." |f| { f_fetch(f) }
    FStore "f!" "( f-addr -- ) ( F: r -- )" Floating Plain "Store r at f-addr." |f| { f_store(f) }
    DFFetch "df@" "( df-addr -- ) ( F: -- r )" FloatingExt Plain "Push the IEEE double stored at df-addr (the same as F@ here)." |f| { f_fetch(f) }
    DFStore "df!" "( df-addr -- ) ( F: r -- )" FloatingExt Plain "Store r at df-addr as an IEEE double (the same as F! here)." |f| { f_store(f) }
    SFFetch "sf@" "( sf-addr -- ) ( F: -- r )" FloatingExt Plain "Push the IEEE single (4 bytes) stored at sf-addr, widened to a double." |f| {
        let a = f.peek(0)?;
        let b: [u8; 4] = f.vm.mem.slice(a, 4)?.try_into().map_err(|_| BAD_ADDRESS)?;
        f.vm.stacks.froom(1)?;
        f.pop()?;
        fpush(f, f32::from_le_bytes(b) as f64)
    }
    SFStore "sf!" "( sf-addr -- ) ( F: r -- )" FloatingExt Plain "Store r at sf-addr as an IEEE single (4 bytes), rounded to the nearest." |f| {
        let a = f.peek(0)?;
        let r = f.vm.stacks.fpeek(0)?;
        f.vm.mem.write(a, &(r as f32).to_le_bytes())?;
        f.pop()?;
        fpop(f).map(|_| ())
    }
    Floats "floats" "( n1 -- n2 )" Floating Plain "The size in bytes of n1 floats (8 each)." |f| { times(f, 8) }
    FloatPlus "float+" "( f-addr1 -- f-addr2 )" Floating Plain "Add the size of a float (8) to the address." |f| { plus(f, 8) }
    DFloats "dfloats" "( n1 -- n2 )" FloatingExt Plain "The size in bytes of n1 IEEE doubles (8 each)." |f| { times(f, 8) }
    DFloatPlus "dfloat+" "( df-addr1 -- df-addr2 )" FloatingExt Plain "Add the size of an IEEE double (8) to the address." |f| { plus(f, 8) }
    SFloats "sfloats" "( n1 -- n2 )" FloatingExt Plain "The size in bytes of n1 IEEE singles (4 each)." |f| { times(f, 4) }
    SFloatPlus "sfloat+" "( sf-addr1 -- sf-addr2 )" FloatingExt Plain "Add the size of an IEEE single (4) to the address." |f| { plus(f, 4) }
    FAligned "faligned" "( addr -- f-addr )" Floating Plain "Round the address up to a multiple of 8, where a float may be stored." |f| { aligned(f, 8) }
    DFAligned "dfaligned" "( addr -- df-addr )" FloatingExt Plain "Round the address up to a multiple of 8, for an IEEE double." |f| { aligned(f, 8) }
    SFAligned "sfaligned" "( addr -- sf-addr )" FloatingExt Plain "Round the address up to a multiple of 4, for an IEEE single." |f| { aligned(f, 4) }
    FComma "f," "( -- ) ( F: r -- )" Gforth Plain "Store r at HERE and move past it (gforth; HERE is not aligned first)." |f| {
        let r = f.vm.stacks.fpeek(0)?;
        let a = f.vm.here as i64;
        sys::allot(f, 8)?;
        store_float(f, a, r)?;
        fpop(f).map(|_| ())
    }
    FAlign "falign" "( -- )" Floating Plain "Move HERE up to a multiple of 8, so a float can be stored there." |f| { align_to(f, 8) }
    DFAlign "dfalign" "( -- )" FloatingExt Plain "Move HERE up to a multiple of 8, for an IEEE double." |f| { align_to(f, 8) }
    SFAlign "sfalign" "( -- )" FloatingExt Plain "Move HERE up to a multiple of 4, for an IEEE single." |f| { align_to(f, 4) }

    // ---- defining and compiling ----
    FVariable "fvariable" "( \"name\" -- )" Floating Plain "Make a variable that holds a float (use it with F@ and F!)." example "fvariable x  2.5e x f!  x f@ f.  \\ 2.5" |f| {
        align_to(f, 8)?;
        let body = f.vm.here as i64;
        sys::allot(f, 8)?;
        store_float(f, body, 0.0)?;
        define_named(f, crate::dictionary::Kind::Variable(body as u32))
    }
    FConstant "fconstant" "( \"name\" -- ) ( F: r -- )" Floating Plain "Make a word that pushes r onto the floating-point stack." example "2.5e fconstant side  side side f* f.  \\ 6.25" |f| {
        let r = f.vm.stacks.fpeek(0)?;
        let name = crate::parse::parse_word_name(f)?;
        fpop(f)?;
        sys::define_code(f, &name, &[Instr::Lit(r.to_bits() as i64), Floating::FLit.instr()]).map(|_| ())
    }
    FValue "fvalue" "( \"name\" -- ) ( F: r -- )" FloatingExt Plain "Make a word that pushes r onto the floating-point stack; TO name changes it." example "1e fvalue r  3e to r  r f.  \\ 3." |f| {
        let r = f.vm.stacks.fpeek(0)?;
        align_to(f, 8)?;
        let body = f.vm.here as i64;
        sys::allot(f, 8)?;
        store_float(f, body, r)?;
        define_named(f, crate::dictionary::Kind::FValue(body as u32))?;
        fpop(f).map(|_| ())
    }
    FLiteral "fliteral" "( F: r -- )" Floating ImmediateCompileOnly "Compile r: the definition pushes it when it runs." |f| {
        let r = fpop(f)?;
        interp::compile_float(f, r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_need_an_exponent_marker() {
        for (t, want) in [
            ("1e", 1.0),
            ("1E", 1.0),
            ("1.5e0", 1.5),
            ("-2.5E-3", -0.0025),
            ("1e+3", 1000.0),
            ("1.e", 1.0),
            (".5e", 0.5),
            ("+1e", 1.0),
            ("1e-", 1.0),
            ("0e", 0.0),
        ] {
            assert_eq!(parse_float(t.as_bytes()), Some(want), "{t}");
        }
        assert!(parse_float(b"-0e").is_some_and(|r| r == 0.0 && r.is_sign_negative()));
        for t in [
            "1", "1.5", "e", "-e", ".e", "1ee", "1e1.5", "1d", "1e+-2", "1.5.e", "e1", "1x",
        ] {
            assert_eq!(parse_float(t.as_bytes()), None, "{t}");
        }
    }

    #[test]
    fn formats() {
        assert_eq!(fixed(1.0 / 3.0, 15), "0.333333333333333 ");
        assert_eq!(fixed(1e20, 15), "100000000000000000000. ");
        assert_eq!(fixed(-0.0, 15), "-0. ");
        assert_eq!(scientific(1234.5, 15, false), "1.23450000000000E3 ");
        assert_eq!(scientific(1e-7, 15, true), "100.000000000000E-9 ");
        assert_eq!(scientific(123456.0, 1, true), "100.E3 ");
        assert_eq!(scientific(0.0, 3, true), "0.00E0 ");
        assert_eq!(represent(9.99, 2), ("10".into(), 2, false, true));
        assert_eq!(literal_text(-2.5e-3), "-2.5e-3");
    }
}
