//! Numbers as text, pure functions: integers in any BASE as `.` and SEE
//! write them, float literals read (gforth's syntax) and floats written
//! the ways F., FE., FS., F.RDP and SEE do. A leaf: the interpreter, SEE
//! and the number words all use it.

/// The most significant digits PRECISION may be set to.
pub(crate) const MAX_PRECISION: usize = 255;

/// A float literal as the text interpreter reads it (gforth's syntax, a
/// superset of the standard's): `[sign] digits [. digits] e|E [sign]
/// [digits]`, with at least one digit before the exponent marker (`1e`,
/// `1.5e0`, `-2.5E-3`, `1e+3`, `1.e`, `.5e`). The exponent marker is
/// required: `1.5` is a double-cell integer.
pub fn parse_float(tok: &[u8]) -> Option<f64> {
    let (mant, exp) = split_at_marker(tok, b"eE")?;
    if !exp.is_empty() && !valid_exponent(exp) {
        return None;
    }
    float_from(mant, exp)
}

/// Split `tok` at its (last) exponent marker.
fn split_at_marker<'a>(tok: &'a [u8], markers: &[u8]) -> Option<(&'a [u8], &'a [u8])> {
    let at = tok.iter().rposition(|c| markers.contains(c))?;
    Some((&tok[..at], &tok[at + 1..]))
}

/// `[sign] digits*`.
fn valid_exponent(exp: &[u8]) -> bool {
    let digits = exp
        .strip_prefix(b"+")
        .or(exp.strip_prefix(b"-"))
        .unwrap_or(exp);
    digits.iter().all(u8::is_ascii_digit)
}

/// The number `mant` × 10^`exp`, where `mant` is `[sign] digits [. digits]`
/// (a digit somewhere) and `exp` is `[sign] digits*` (empty is 0).
fn float_from(mant: &[u8], exp: &[u8]) -> Option<f64> {
    let (neg, body) = match mant.first() {
        Some(b'-') => (true, &mant[1..]),
        Some(b'+') => (false, &mant[1..]),
        _ => (false, mant),
    };
    let (int, frac) = match body.iter().position(|&c| c == b'.') {
        Some(p) => (&body[..p], &body[p + 1..]),
        None => (body, &b""[..]),
    };
    if int.is_empty() && frac.is_empty()
        || !int.iter().chain(frac).all(u8::is_ascii_digit)
        || !exp.iter().skip(1).all(u8::is_ascii_digit)
    {
        return None;
    }
    let exp = match exp {
        [] | [b'+'] | [b'-'] => "0".to_string(),
        e => String::from_utf8_lossy(e).into_owned(),
    };
    let text = format!(
        "{}{}.{}e{}",
        if neg { "-" } else { "" },
        if int.is_empty() {
            "0"
        } else {
            std::str::from_utf8(int).ok()?
        },
        if frac.is_empty() {
            "0"
        } else {
            std::str::from_utf8(frac).ok()?
        },
        exp
    );
    text.parse().ok()
}

/// The syntax of `>FLOAT` (12.6.1.0558): `[sign] (digits [. digits0] | . digits)
/// [exponent]`, where the exponent is `e`, `E`, `d` or `D` with an optional
/// sign, or just a sign, then digits0. A string of blanks is zero.
pub(crate) fn to_float(s: &[u8]) -> Option<f64> {
    if s.iter().all(|&c| c == b' ') {
        return Some(0.0);
    }
    // The exponent starts at a marker letter, or at a sign after the first
    // character.
    let at = s.iter().position(|c| b"eEdD".contains(c)).or_else(|| {
        s.iter()
            .skip(1)
            .position(|c| b"+-".contains(c))
            .map(|p| p + 1)
    });
    let (mant, exp) = match at {
        Some(p) if b"eEdD".contains(&s[p]) => (&s[..p], &s[p + 1..]),
        Some(p) => (&s[..p], &s[p..]),
        None => (s, &b""[..]),
    };
    if !valid_exponent(exp) {
        return None;
    }
    float_from(mant, exp)
}

/// REPRESENT: the first `prec` significant digits of |r| (at most 17 come
/// from the number, zeros after, as gforth), the decimal exponent n with
/// r = 0.d1d2… × 10^n, whether r is negative, and whether it is finite.
/// Zero gives zeros with n = 1; an infinity or NaN gives its name.
pub(crate) fn represent(r: f64, prec: usize) -> (String, i32, bool, bool) {
    if !r.is_finite() {
        let name = if r.is_nan() { "nan" } else { "inf" };
        return (
            name.to_string(),
            0,
            r.is_sign_negative() && !r.is_nan(),
            false,
        );
    }
    let neg = r.is_sign_negative();
    if r == 0.0 {
        return ("0".repeat(prec), 1, neg, true);
    }
    let shown = prec.clamp(1, 17);
    let (v, exp) = scale_to_units(r.abs());
    let text = format!("{:.*}", shown - 1, v);
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let mut n = exp + int.len() as i32;
    let mut digits = format!("{int}{frac}");
    if int == "0" {
        let zeros = digits.len() - digits.trim_start_matches('0').len();
        digits.drain(..zeros);
        n -= zeros as i32;
    }
    digits.truncate(prec);
    while digits.len() < prec {
        digits.push('0');
    }
    (digits, n, neg, true)
}

/// |r| scaled by a power of ten into [1, 10) the way gforth's REPRESENT
/// (the C library's `ecvt`) does it, in floating point: multiplied or
/// divided by 10, 100, 1000 … built up by repeated multiplication. So its
/// digits are those of the scaled number, rounded half to even: 0.15
/// scales to exactly 1.5 and shows as 2 with one digit, as in gforth.
/// Returns the scaled number and the power of ten taken out.
fn scale_to_units(a: f64) -> (f64, i32) {
    let (mut v, mut exp) = (a, 0);
    if v < 1e-307 {
        v /= 1e-307;
        exp -= 307;
    }
    let mut f = 1.0;
    if v < 1.0 {
        loop {
            f *= 10.0;
            exp -= 1;
            if v * f >= 1.0 {
                break;
            }
        }
        v *= f;
    } else if v >= 10.0 {
        loop {
            f *= 10.0;
            exp += 1;
            if v < f * 10.0 {
                break;
            }
        }
        v /= f;
    }
    (v, exp)
}

/// What F., FE. and FS. print for an infinity or a NaN.
fn non_finite(r: f64) -> String {
    if r.is_nan() {
        "nan ".into()
    } else if r < 0.0 {
        "-inf ".into()
    } else {
        "inf ".into()
    }
}

/// F.: fixed-point notation with `prec` significant digits, trailing
/// zeros of the fraction left out (`1.`, `0.333333333333333`, `100.`).
pub(crate) fn fixed(r: f64, prec: usize) -> String {
    if !r.is_finite() {
        return non_finite(r);
    }
    let (digits, n, neg, _) = represent(r, prec);
    let d = digits.trim_end_matches('0');
    let mut s = String::from(if neg { "-" } else { "" });
    if n <= 0 {
        s.push_str("0.");
        s.push_str(&"0".repeat(n.unsigned_abs() as usize));
        s.push_str(d);
    } else {
        let n = n as usize;
        if d.len() <= n {
            s.push_str(d);
            s.push_str(&"0".repeat(n - d.len()));
            s.push('.');
        } else {
            s.push_str(&d[..n]);
            s.push('.');
            s.push_str(&d[n..]);
        }
    }
    s.push(' ');
    s
}

/// The widest field F.RDP and friends fill: the pictured numeric output
/// buffer, where F>STR-RDP leaves its text.
pub(crate) const MAX_RDP_WIDTH: usize = crate::memory::HOLD_END - crate::memory::HOLD_START;

/// gforth's F>STR-RDP: r in a field of exactly `width` characters, in
/// fixed-point notation with `places` digits after the point when that
/// shows at least `min_sig` significant digits and the integer part fits;
/// otherwise in exponential notation with as many digits as fit; otherwise
/// `width` asterisks. Fixed-point is right-aligned and drops the 0 before
/// the point when there is no room for it (`.3`); an infinity or NaN is
/// its name, left-aligned and cut to the width.
pub(crate) fn rdp(r: f64, width: usize, places: usize, min_sig: usize) -> String {
    if !r.is_finite() {
        let name = match (r.is_nan(), r.is_sign_negative()) {
            (true, false) => "nan",
            (true, true) => "-nan",
            (false, false) => "inf",
            (false, true) => "-inf",
        };
        let mut s: String = name.chars().take(width).collect();
        while s.len() < width {
            s.push(' ');
        }
        return s;
    }
    let sign = if r.is_sign_negative() { "-" } else { "" };
    let room = width as i64 - sign.len() as i64;
    let exp_len = |e: i32| format!("E{}", e - 1).len() as i64;
    // One try: REPRESENT r with `digits` digits, choose the notation its
    // exponent allows, and say how many digits that notation shows.
    let try_with = |digits: i64| {
        let (d, e, _, _) = represent(r, digits.max(0) as usize);
        let fixed =
            places as i64 + e as i64 >= min_sig as i64 && room - places as i64 > e.max(0) as i64;
        let wants = if fixed {
            e as i64 + places as i64
        } else {
            room - exp_len(e) - 1
        };
        (d, e, fixed, wants.max(1))
    };
    // Try with as many digits as the field has, then again with the
    // digits the chosen form shows while that is fewer (rounding with
    // fewer digits can change the choice: 0.099999 is 0.1000 with four
    // digits). When the form shows more digits than were asked for, the
    // digits are padded with zeros, as gforth does.
    let mut digits = room.max(1);
    let mut result = try_with(digits);
    while result.3 < digits {
        digits = result.3;
        result = try_with(digits);
    }
    let (mut d, mut e, fixed, wants) = result;
    d.truncate(wants as usize);
    while d.len() < wants as usize {
        d.push('0');
    }
    if fixed && e as i64 + places as i64 <= 0 {
        // No digit of r is shown: it rounds to 0, or, from above half
        // (scaled as REPRESENT scales; half rounds to even, 0), to a 1 in
        // the last place.
        d.clear();
        if e as i64 + places as i64 == 0 && scale_to_units(r.abs()).0 > 5.0 {
            d.push('1');
            e += 1;
        }
    }
    if fixed {
        let at = e.clamp(0, d.len() as i32) as usize;
        let mut frac = "0".repeat((-e).max(0) as usize) + &d[at..];
        frac.truncate(places);
        let body = format!("{}.{frac:0<places$}", &d[..at]);
        let zero = if at == 0 && room > body.len() as i64 {
            "0"
        } else {
            ""
        };
        return format!("{:>width$}", format!("{sign}{zero}{body}"));
    }
    let mant = room - exp_len(e) - 1;
    if mant < 0 {
        return "*".repeat(width);
    }
    let point = if mant >= 1 { "." } else { "" };
    format!("{sign}{}{point}{}E{}", &d[..1], &d[1..], e - 1)
}

/// FS. (`eng` false) and FE. (`eng` true): scientific notation with `prec`
/// significant digits, `1.50000000000000E0`; engineering notation keeps
/// the exponent a multiple of three, `100.000000000000E-9`.
pub(crate) fn scientific(r: f64, prec: usize, eng: bool) -> String {
    if !r.is_finite() {
        return non_finite(r);
    }
    let (mut digits, n, neg, _) = represent(r, prec);
    let e = n - 1;
    let exp = if eng { e.div_euclid(3) * 3 } else { e };
    let lead = (e - exp + 1) as usize;
    while digits.len() < lead {
        digits.push('0');
    }
    format!(
        "{}{}.{}E{exp} ",
        if neg { "-" } else { "" },
        &digits[..lead],
        &digits[lead..]
    )
}

/// A float as text the interpreter reads back to the same number (SEE,
/// FVALUE's SEE): the shortest round trip, `1.5e0`, `-2.5e-3`, `1e100`.
pub(crate) fn literal_text(r: f64) -> String {
    if r.is_nan() {
        "nan".into()
    } else if r.is_infinite() {
        if r < 0.0 { "-inf".into() } else { "inf".into() }
    } else {
        format!("{r:e}")
    }
}

/// Does `tok` read as a float anywhere but in its BASE? For the message
/// of an undefined word.
pub(crate) fn looks_like_float(tok: &str) -> bool {
    parse_float(tok.as_bytes()).is_some()
}

/// Digits of an unsigned number in `base` (2..=36), upper case like gforth.
/// In another base, which has no digits, views of numbers (the REPL's
/// stack, error reports, SEE) show them in decimal; the words that print
/// numbers refuse it (`words::text::output_base`).
pub(crate) fn digits(mut u: u128, base: i64) -> String {
    let base = if (2..=36).contains(&base) {
        base as u128
    } else {
        10
    };
    let mut s = Vec::new();
    loop {
        let d = (u % base) as u32;
        s.push(
            std::char::from_digit(d, 36)
                .unwrap_or('?')
                .to_ascii_uppercase(),
        );
        u /= base;
        if u == 0 {
            break;
        }
    }
    s.iter().rev().collect()
}

/// A signed number as `.` and `D.` print it, without the trailing space.
pub(crate) fn signed(n: i128, base: i64) -> String {
    let d = digits(n.unsigned_abs(), base);
    if n < 0 { format!("-{d}") } else { d }
}
