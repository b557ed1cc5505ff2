//! Stack effects as counts, and checking a colon definition against its
//! stack comment.
//!
//! At `;` the definition's instructions (as compiled, before the
//! superinstructions are fused in) are walked as a flow graph, carrying the
//! depth of the data and floating-point stacks relative to the entry. Each
//! instruction's effect comes from the word tables (`( before -- after )`),
//! from the user's earlier words (their comment, or what was inferred for
//! them), or from the control instruction itself. Where two paths meet
//! (THEN, REPEAT, a loop's back edge, ENDCASE, every EXIT) the depths must
//! agree, or the effect is unknown: a word that leaves a variable number of
//! items, a loop that does not balance, EXECUTE, a deferred word, `?dup`
//! not followed by IF, PICK with a computed index, recursion. Unknown never
//! warns, nor does an effect that rests on words known only by their
//! comments (`Walk::Trusting`): a comment may be as wrong as the code under
//! it. A definition gets a warning when every path is known from code and
//! its result cannot fit any reading of its comment, or when two ways out
//! of it certainly end at different depths (see `infer`); `judge` says
//! which (`Verdict`), at `;` and again for `effects` and `help`.
//!
//! Each instruction is visited once (a second arrival only compares
//! depths), so the cost is linear in the definition's length.

use crate::dictionary::Kind;
use crate::effect::*;
use crate::instr::{Flow, Instr};
use crate::kernel::Forth;
use std::sync::OnceLock;

/// What one instruction does to the stacks, for the walk.
enum Step {
    /// A fixed effect; go on to the next instruction.
    Fixed(Effect),
    /// Anything could happen: the whole effect is unknown.
    Unknown,
    /// The path ends here without returning (ABORT, QUIT).
    Ends,
    /// DEPTH or FDEPTH, whose paths may be meant to end at different depths.
    Depth(Effect),
    /// THROW with a computed code: it goes on only when the code is 0.
    Throws(Effect),
}

/// The effects of the built-in words run through the table, by
/// primitive id, read once from the tables.
fn prim_steps() -> &'static Vec<Option<PrimStep>> {
    static STEPS: OnceLock<Vec<Option<PrimStep>>> = OnceLock::new();
    STEPS.get_or_init(|| {
        let mut steps = Vec::new();
        for spec in crate::words::spec::all() {
            let Instr::Prim(id) = spec.instr else {
                continue;
            };
            let id = id as usize;
            if steps.len() <= id {
                steps.resize(id + 1, None);
            }
            steps[id] = Some(match spec.name {
                "pick" => PrimStep::Pick,
                "roll" => PrimStep::Roll,
                "fpick" => PrimStep::FPick,
                "abort" | "quit" | "bye" => PrimStep::Ends,
                "throw" | "(abort\")" => {
                    // THROW's table effect has `|`: it takes its code.
                    PrimStep::Throw(
                        table_effect(spec.effect).unwrap_or(Effect::data(1, 0)),
                        spec.name == "throw",
                    )
                }
                "depth" | "fdepth" => {
                    PrimStep::Depth(table_effect(spec.effect).unwrap_or_default())
                }
                _ if spec.flags & crate::dictionary::IMMEDIATE != 0 => PrimStep::Unknown,
                _ => table_effect(spec.effect).map_or(PrimStep::Unknown, PrimStep::Fixed),
            });
        }
        steps
    })
}

#[derive(Clone, Copy, Debug)]
enum PrimStep {
    Fixed(Effect),
    Unknown,
    Ends,
    /// THROW goes on only when it throws nothing: `0 throw`, or a
    /// computed code; `-1 throw` ends the path. ABORT"'s run-time the
    /// same: `true abort" …"` ends it. True for THROW itself.
    Throw(Effect, bool),
    /// DEPTH, FDEPTH: fixed, but code that reads the depth may mean its
    /// paths to end at different depths.
    Depth(Effect),
    /// `n pick`, `n roll`, `n fpick`: fixed when n is a literal.
    Pick,
    Roll,
    FPick,
}

/// The effect of a built-in word's instruction (a hot word's inline form
/// included); `lit` is the literal compiled just before it, if any.
fn builtin_step(i: Instr, lit: Option<i64>) -> Step {
    let Instr::Prim(id) = crate::words::core::canonical(i) else {
        return Step::Unknown;
    };
    let Some(Some(step)) = prim_steps().get(id as usize) else {
        return Step::Unknown;
    };
    let n = lit.filter(|n| (0..=1000).contains(n)).map(|n| n as u32);
    match (*step, n) {
        (PrimStep::Fixed(e), _) => Step::Fixed(e),
        (PrimStep::Ends, _) => Step::Ends,
        (PrimStep::Depth(e), _) => Step::Depth(e),
        (PrimStep::Throw(..), _) if lit.is_some_and(|n| n != 0) => Step::Ends,
        (PrimStep::Throw(e, true), _) if lit.is_none() => Step::Throws(e),
        (PrimStep::Throw(e, _), _) => Step::Fixed(e),
        (PrimStep::Pick, Some(n)) => Step::Fixed(Effect::data(n + 2, n + 2)),
        (PrimStep::Roll, Some(n)) => Step::Fixed(Effect::data(n + 2, n + 1)),
        (PrimStep::FPick, Some(n)) => Step::Fixed(Effect {
            ins: 1,
            outs: 0,
            fins: n + 1,
            fouts: n + 2,
        }),
        _ => Step::Unknown,
    }
}

/// Stack depths relative to the entry: data, floating-point.
type Depth = (i64, i64);

/// What walking a definition's code found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// One fixed effect on every path.
    Known(Effect),
    /// One fixed effect, from code that reads DEPTH or FDEPTH: it may
    /// leave in place the items its comment names, having only looked
    /// at how many there are (`( x1 x2 -- flag )` for "two items?").
    Inspects(Effect),
    /// One fixed effect if the words it calls that are known only by
    /// their comments do what those say: a guess, which no warning may
    /// rest on (a comment is as likely wrong as the code it sits on).
    Trusting(Effect),
    /// Not fixed, or not knowable: nothing can be said.
    Unknown,
    /// Every word is known, but two ways through the code end with
    /// different depths: one leaves `by` more cells (or floats, when
    /// `float`) than the other. No fixed comment can be right.
    Uneven { by: u32, float: bool },
}

impl Walk {
    pub(crate) fn known(self) -> Option<Effect> {
        match self {
            Walk::Known(e) | Walk::Inspects(e) | Walk::Trusting(e) => Some(e),
            _ => None,
        }
    }
}

/// What is known of a call to another word: its effect, and whether that
/// came from its code (`sure`) or only from its comment, which may be
/// wrong or belong to a word that never returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CallEffect {
    pub effect: Effect,
    pub sure: bool,
    /// It reads the depth (see `Known::inspects`).
    pub inspects: bool,
}

/// Infer the effect of the code at `code[0..]` (a definition, or a DOES>
/// part entered with its body address: `entry` cells already pushed),
/// which sits at address `base` in the code space. `call` gives the
/// effect of a call to another word (`Call`, `Word`), None when unknown.
///
/// Where paths meet with different depths the result is unknown, except
/// when they meet on the way out: an EXIT, or a THEN (or other forward
/// join) followed by straight code to the end, but not the end of a CASE,
/// whose default may never be taken. Then, if every word on the way is
/// surely known and none looks at the depth (DEPTH), the code is
/// `Uneven`. A loop that does not balance is never called wrong: a word
/// may push digits in one loop and print them in the next.
pub(crate) fn infer(
    code: &[Instr],
    base: u32,
    entry: i64,
    call: &mut dyn FnMut(Instr) -> Option<CallEffect>,
) -> Walk {
    walk(code, base, entry, call).unwrap_or(Walk::Unknown)
}

fn walk(
    code: &[Instr],
    base: u32,
    entry: i64,
    call: &mut dyn FnMut(Instr) -> Option<CallEffect>,
) -> Option<Walk> {
    let n = code.len();
    let local = |t: u32| -> Option<usize> {
        let at = (t as usize).checked_sub(base as usize)?;
        (at < n).then_some(at)
    };
    // Where a jump lands, something else may be on the stack than what the
    // instruction before pushed; a backward jump's target is a loop's head.
    let mut target = vec![false; n];
    let mut head = vec![false; n];
    for (at, i) in code.iter().enumerate() {
        if let Some(t) = i.unfused().target().and_then(local) {
            target[t] = true;
            head[t] |= t <= at;
        }
    }
    let straight = straight_to_exit(code);
    let mut seen: Vec<Option<Depth>> = vec![None; n];
    let mut work: Vec<(usize, Depth)> = vec![(0, (entry, 0))];
    let (mut need, mut fneed) = (0i64, 0i64);
    let mut exit: Option<Depth> = None;
    let mut uneven: Option<Walk> = None;
    let mut sure = true;
    let mut reads_depth = false;
    let mut trusting = false;
    while let Some((at, d)) = work.pop() {
        let slot = seen.get_mut(at)?;
        match *slot {
            Some(old) if old == d => continue,
            Some(old) => {
                // A CASE without a default part often has none because no
                // other value can come: its way through may never be taken.
                let after_endcase = at > 0 && code[at - 1].unfused() == Instr::EndCase;
                if head[at] || after_endcase || !straight[at] {
                    return None;
                }
                uneven = Some(uneven_by(old, d));
                continue;
            }
            None => *slot = Some(d),
        }
        let i = code[at].unfused();
        // The literal compiled just before (for `n pick`, `-1 throw`), or
        // before an ABORT"'s message (`true abort" …"`), when no branch
        // lands between.
        let lit = match at.checked_sub(1).map(|p| code[p].unfused()) {
            Some(Instr::Lit(v)) if !target[at] => Some(v),
            Some(Instr::Str(..))
                if i == crate::words::spec::known().abort_if
                    && at >= 2
                    && !target[at]
                    && !target[at - 1] =>
            {
                match code[at - 2].unfused() {
                    Instr::Lit(v) => Some(v),
                    _ => None,
                }
            }
            _ => None,
        };
        let mut go = |e: Effect, to: &[usize], d: Depth| {
            need = need.max(e.ins as i64 - d.0);
            fneed = fneed.max(e.fins as i64 - d.1);
            let after = (
                d.0 - e.ins as i64 + e.outs as i64,
                d.1 - e.fins as i64 + e.fouts as i64,
            );
            for &t in to {
                work.push((t, after));
            }
        };
        let next = at + 1;
        let pop = |k: u32| Effect::data(k, 0);
        use Instr::*;
        // The control instructions' own effects come from their table
        // (`instr::Flow`); calls and table words from what is known of them.
        let to = |i: Instr| i.target().and_then(local);
        match i.flow() {
            Flow::Ends => match exit {
                Some(e) if e != d => uneven = Some(uneven_by(e, d)),
                _ => exit = Some(d),
            },
            Flow::Next(ins, outs) => go(Effect::data(ins, outs), &[next], d),
            Flow::Jump(ins) => go(pop(ins), &[to(i)?], d),
            Flow::Either(on, jumping) => {
                // `0 if` switches code off, `1 if` on: one way only.
                let falls = match (i, lit) {
                    (ZBranch(_), Some(v)) => Some(v != 0),
                    _ => None,
                };
                if falls != Some(false) {
                    go(pop(on), &[next], d);
                }
                if falls != Some(true) {
                    go(pop(jumping), &[to(i)?], d);
                }
            }
            Flow::Unknown => return None,
            Flow::Depends => match i {
                LocalsEnter(args, _) => go(pop(args as u32), &[next], d),
                QDup => {
                    // `?dup if`: x stays when it is not zero, else goes.
                    let Some(ZBranch(t)) = code.get(next).map(|i| i.unfused()) else {
                        return None;
                    };
                    if target[next] {
                        return None;
                    }
                    go(Effect::data(1, 1), &[next + 1], d);
                    go(pop(1), &[local(t)?], d);
                }
                Call(_) | Word(_) => {
                    let c = call(i)?;
                    sure &= c.sure && !c.inspects;
                    reads_depth |= c.inspects;
                    trusting |= !c.sure;
                    go(c.effect, &[next], d)
                }
                _ => match builtin_step(i, lit) {
                    Step::Fixed(e) => go(e, &[next], d),
                    Step::Ends => {}
                    Step::Unknown => return None,
                    Step::Depth(e) => {
                        // The depth as data: uneven paths may be meant.
                        sure = false;
                        reads_depth = true;
                        go(e, &[next], d)
                    }
                    Step::Throws(e) => {
                        // A code thrown just before a THEN or ELSE (`c if
                        // code throw then`) is meant not to be 0: the way
                        // on may never be taken.
                        let join = target.get(next) == Some(&true)
                            || matches!(code.get(next).map(|i| i.unfused()), Some(Branch(_)));
                        sure &= !join;
                        go(e, &[next], d)
                    }
                },
            },
        }
    }
    if let Some(u) = uneven {
        return sure.then_some(u);
    }
    let (d, f) = exit?;
    let e = Effect {
        ins: u32::try_from(need).ok()?,
        outs: u32::try_from(need + d).ok()?,
        fins: u32::try_from(fneed).ok()?,
        fouts: u32::try_from(fneed + f).ok()?,
    };
    Some(if trusting {
        Walk::Trusting(e)
    } else if reads_depth {
        Walk::Inspects(e)
    } else {
        Walk::Known(e)
    })
}

/// How two depths meeting differ.
fn uneven_by(a: Depth, b: Depth) -> Walk {
    if a.0 != b.0 {
        Walk::Uneven {
            by: a.0.abs_diff(b.0).min(u32::MAX as u64) as u32,
            float: false,
        }
    } else {
        Walk::Uneven {
            by: a.1.abs_diff(b.1).min(u32::MAX as u64) as u32,
            float: true,
        }
    }
}

/// For each address: does the code from there run straight to an EXIT,
/// with no branch that could still even out the depths? One pass from
/// the end.
fn straight_to_exit(code: &[Instr]) -> Vec<bool> {
    let mut straight = vec![false; code.len()];
    let mut ahead = false;
    for (at, i) in code.iter().enumerate().rev() {
        let i = i.unfused();
        ahead = match i.flow() {
            Flow::Ends => true,
            // A jump, a control word's step (DO, CASE, ENDCASE) or what
            // cannot be known.
            Flow::Jump(_) | Flow::Either(..) | Flow::Unknown => false,
            Flow::Next(..) if i.word().is_some() => false,
            _ if i == Instr::QDup => false,
            _ => ahead,
        };
        straight[at] = ahead;
    }
    straight
}

// ---- the machine's side: at `;`, and for words made without `;` ----

/// Longest body quoted in a warning.
pub(crate) const QUOTED: usize = 60;

/// The effect of calling another word, as a definition's walk needs it.
fn call_effect(f: &Forth, i: Instr) -> Option<CallEffect> {
    let sure = |effect| {
        Some(CallEffect {
            effect,
            sure: true,
            inspects: false,
        })
    };
    match i {
        Instr::Call(start) => {
            let xt = f.vm.dict.colon_at(start)?;
            let known = f.vm.dict.words().get(xt as usize)?.effects;
            Some(CallEffect {
                effect: known.calls?,
                sure: known.calls == known.inferred && !known.trusts,
                inspects: known.inspects,
            })
        }
        Instr::Word(xt) => match f.vm.dict.words().get(xt as usize)?.kind {
            Kind::Create(_) => sure(Effect::data(0, 1)),
            Kind::TwoValue(_) => sure(Effect::data(0, 2)),
            Kind::FValue(_) => sure(Effect {
                fouts: 1,
                ..Effect::default()
            }),
            Kind::Does { code, .. } => sure(f.vm.dict.does_effect(code)?),
            _ => None,
        },
        _ => None,
    }
}

/// Infer the effect of the code at `start..end`, entered with `entry`
/// cells pushed (a DOES> part's body address). A call to `itself` (a
/// word being checked again) is unknown, as it was at its `;`.
fn infer_code(f: &Forth, start: u32, end: u32, entry: i64, itself: Option<u32>) -> Walk {
    let Some(code) = f.vm.code.instrs().get(start as usize..end as usize) else {
        return Walk::Unknown;
    };
    infer(code, start, entry, &mut |i| {
        if let Instr::Call(at) = i
            && itself.is_some()
            && f.vm.dict.colon_at(at) == itself
        {
            return None;
        }
        call_effect(f, i)
    })
}

/// Work out what is known about the colon word `xt`, whose code is
/// `start..end` (a DOES> part's, entered with its body address, when
/// `does_part`), and keep it in its header. Returns the complaint
/// about its stack comment, if the code cannot match it.
pub(crate) fn learn_effect(
    f: &mut Forth,
    xt: u32,
    start: u32,
    end: u32,
    does_part: bool,
) -> Option<String> {
    let walk = infer_code(f, start, end, i64::from(does_part), None);
    let inferred = walk.known();
    // The DOES> parts inside: the effect of running each. (Entries
    // for code a MARKER removed are replaced as new code is learned.)
    if does_part {
        f.vm.dict.set_does_effect(start, inferred);
    } else {
        let code = f.vm.code.instrs().get(start as usize..end as usize)?;
        let parts: Vec<u32> = code
            .iter()
            .filter_map(|i| match i.unfused() {
                Instr::Does(c) => Some(c),
                _ => None,
            })
            .collect();
        for c in parts {
            let e = infer_code(f, c, end, 1, None).known();
            f.vm.dict.set_does_effect(c, e);
        }
    }
    let comment = f.vm.dict.words().get(xt as usize)?.effect.clone();
    let complaint = comment.as_deref().and_then(|c| match judge(c, walk) {
        Verdict::Disagrees(why) => Some(why),
        _ => None,
    });
    let calls = match (inferred, &comment) {
        (Some(_), _) if complaint.is_some() => None,
        (Some(e), _) => Some(e),
        (None, Some(c)) if walk == Walk::Unknown => comment_effect(c),
        (None, _) => None,
    };
    let known = if does_part {
        Known::default()
    } else {
        Known {
            inferred,
            calls,
            inspects: matches!(walk, Walk::Inspects(_)),
            trusts: matches!(walk, Walk::Trusting(_)),
        }
    };
    f.vm.dict.set_effects(xt, known);
    complaint
}

/// What checking a stack comment against its code found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The code may do what the comment says.
    Fits,
    /// It cannot: why (`leaves 2 items`).
    Disagrees(String),
    /// Not checked, the comment being unread or silent about a stack the
    /// code uses: why.
    NotRead(String),
    /// Not checked: the code's effect is not fixed, or cannot be known.
    CodeUnknown,
}

impl Verdict {
    /// What `help` says of a word's stack comment, if anything.
    pub(crate) fn help_note(&self) -> Option<String> {
        match self {
            // Said by `effects`: help is about the comment.
            Verdict::Fits | Verdict::CodeUnknown => None,
            Verdict::Disagrees(why) => Some(format!(
                "Its code disagrees with this stack comment: {why}."
            )),
            Verdict::NotRead(why) => Some(format!(
                "This stack comment is not checked against its code: {why}."
            )),
        }
    }
}

/// Judge a stack comment by what walking its code found.
fn judge(comment: &str, walk: Walk) -> Verdict {
    if let Some(u) = unread(comment) {
        return Verdict::NotRead(u.why());
    }
    let floats = |e: &Effect| e.fins > 0 || e.fouts > 0;
    let why = match walk {
        Walk::Known(e) | Walk::Inspects(e) if floats(&e) && !float_part(comment) => {
            return Verdict::NotRead(
                "it has no `F:` part, and its code uses the float stack".to_string(),
            );
        }
        Walk::Known(e) => disagreement(comment, &e, false),
        Walk::Inspects(e) => disagreement(comment, &e, true),
        Walk::Uneven { by, float } => uneven_disagreement(comment, by, float),
        // A word known only by its comment may not do what it says.
        Walk::Trusting(_) | Walk::Unknown => return Verdict::CodeUnknown,
    };
    why.map_or(Verdict::Fits, Verdict::Disagrees)
}

/// Check the stack comment of the colon word `xt` again, as `;` did
/// (for `effects`); None if it has none, or no finished code.
pub(crate) fn recheck(f: &Forth, xt: u32) -> Option<Verdict> {
    let w = f.vm.dict.words().get(xt as usize)?;
    let Kind::Colon(start) = w.kind else {
        return None;
    };
    let comment = w.effect.as_deref()?;
    if w.code_end <= start {
        return None;
    }
    // The code of a DOES> typed outside a definition is entered with the
    // body's address.
    let entry = i64::from(f.vm.dict.is_does_part(start));
    let walk = infer_code(f, start, w.code_end, entry, Some(xt));
    Some(judge(comment, walk))
}

/// WARNINGS is on (the default): `;` reports stack comments that
/// disagree with the code, and redefinitions are noted.
pub(crate) fn warnings_on(f: &Forth) -> bool {
    f.vm.mem
        .cell(crate::memory::WARNINGS_ADDR as i64)
        .is_ok_and(|v| v != 0)
}

/// The inferred effect of a colon word without a stack comment, as
/// text, for SEE, help, hints and completion.
pub(crate) fn inferred_text(f: &Forth, xt: u32) -> Option<String> {
    let w = f.vm.dict.words().get(xt as usize)?;
    if w.effect.is_some() || !matches!(w.kind, Kind::Colon(_)) {
        return None;
    }
    w.effects.inferred.map(|e| e.text())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Instr::*;

    /// The instruction a table word compiles to.
    fn word(name: &str) -> Instr {
        crate::words::register_specs();
        crate::words::spec::all()
            .find(|s| s.name == name)
            .map(|s| s.instr)
            .expect("a table word")
    }

    fn e(ins: u32, outs: u32) -> Effect {
        Effect::data(ins, outs)
    }

    /// Infer plain code at address 0, with no calls known.
    fn walk(code: &[Instr]) -> Walk {
        crate::words::register_specs();
        infer(code, 0, 0, &mut |_| None)
    }

    fn of(code: &[Instr]) -> Option<Effect> {
        walk(code).known()
    }

    #[test]
    fn straight_code_adds_up_the_table_effects() {
        assert_eq!(of(&[Dup, Star, Exit]), Some(e(1, 1)));
        assert_eq!(of(&[Dup, Dup, Star, Exit]), Some(e(1, 2)));
        assert_eq!(of(&[Lit(3), Exit]), Some(e(0, 1)));
        assert_eq!(of(&[Swap, Drop, Exit]), Some(e(2, 1)));
        assert_eq!(of(&[Rot, Exit]), Some(e(3, 3)));
        assert_eq!(of(&[Str(0, 1), Exit]), Some(e(0, 2)));
        assert_eq!(of(&[Exit]), Some(e(0, 0)));
    }

    #[test]
    fn branches_must_agree() {
        // dup 0< IF negate THEN
        let abs = [Dup, ZeroLess, ZBranch(4), Negate, Exit];
        assert_eq!(of(&abs), Some(e(1, 1)));
        // IF 1 2 ELSE 3 THEN: one arm leaves more.
        let uneven = [ZBranch(4), Lit(1), Lit(2), Branch(5), Lit(3), Exit];
        assert_eq!(
            walk(&uneven),
            Walk::Uneven {
                by: 1,
                float: false
            }
        );
        // ... unless code after the THEN might still even them out.
        let later = [
            ZBranch(4),
            Lit(1),
            Lit(2),
            Branch(5),
            Lit(3),
            ZBranch(7),
            Drop,
            Exit,
        ];
        assert_eq!(walk(&later), Walk::Unknown);
        // IF 1 2 ELSE 3 THEN DEPTH: the depth is the point.
        let depth = word("depth");
        let counted = [ZBranch(4), Lit(1), Lit(2), Branch(5), Lit(3), depth, Exit];
        assert_eq!(walk(&counted), Walk::Unknown);
        // IF 1 ELSE 2 THEN
        let even = [ZBranch(3), Lit(1), Branch(4), Lit(2), Exit];
        assert_eq!(of(&even), Some(e(1, 1)));
    }

    #[test]
    fn exits_must_agree() {
        // dup IF exit THEN drop
        let code = [Dup, ZBranch(3), Exit, Drop, Exit];
        assert_eq!(
            walk(&code),
            Walk::Uneven {
                by: 1,
                float: false
            }
        );
        // IF -1 throw THEN: that way does not come back.
        let throw = word("throw");
        let code = [ZBranch(3), Lit(-1), throw, Lit(2), Exit];
        assert_eq!(of(&code), Some(e(1, 1)));
        // IF 1 exit THEN 2
        let code = [ZBranch(3), Lit(1), Exit, Lit(2), Exit];
        assert_eq!(of(&code), Some(e(1, 1)));
    }

    #[test]
    fn loops_must_balance() {
        // 0 DO i . LOOP  (`.` from the table)
        let dot = word(".");
        let code = [Lit(0), Do, I, dot, Loop(2), Exit];
        assert_eq!(of(&code), Some(e(1, 0)));
        // 0 DO i LOOP: pushes each time round, which may be meant.
        let code = [Lit(0), Do, I, Loop(2), Exit];
        assert_eq!(walk(&code), Walk::Unknown);
        // BEGIN dup WHILE 1- REPEAT
        let code = [Dup, ZBranch(4), OneMinus, Branch(0), Exit];
        assert_eq!(of(&code), Some(e(1, 1)));
        // BEGIN 1- dup 0= UNTIL
        let code = [OneMinus, Dup, ZeroEqual, ZBranch(0), Exit];
        assert_eq!(of(&code), Some(e(1, 1)));
        // ?DO ... LEAVE ... LOOP
        let code = [QDo(5), I, ZBranch(4), Leave(5), Loop(1), Exit];
        assert_eq!(of(&code), Some(e(2, 0)));
    }

    #[test]
    fn case_of_endof_endcase() {
        // CASE 1 OF 10 ENDOF 2 OF 20 ENDOF 0 swap ENDCASE
        let code = [
            Case,
            Lit(1),
            Of(5),
            Lit(10),
            Branch(12),
            Lit(2),
            Of(9),
            Lit(20),
            Branch(12),
            Lit(0),
            Swap,
            EndCase,
            Exit,
        ];
        // Each ENDOF jumps past ENDCASE with the selector dropped by OF;
        // the default part's selector goes in ENDCASE.
        assert_eq!(of(&code), Some(e(1, 1)));
        // CASE 1 OF drop ENDOF ENDCASE: the default keeps one more.
        let code = [Case, Lit(1), Of(5), Drop, Branch(6), EndCase, Exit];
        assert_eq!(walk(&code), Walk::Unknown);
    }

    #[test]
    fn switched_off_code_is_not_walked() {
        // 0 IF 1 2 THEN: the literal decides.
        let code = [Lit(0), ZBranch(4), Lit(1), Lit(2), Exit];
        assert_eq!(of(&code), Some(e(0, 0)));
        let code = [Lit(1), ZBranch(4), Lit(1), Lit(2), Exit];
        assert_eq!(of(&code), Some(e(0, 2)));
        // 0 IF = ELSE 1 THEN: the `=` that would take an item is never run.
        let code = [Lit(0), ZBranch(4), Equal, Branch(6), Lit(1), Drop, Exit];
        assert_eq!(of(&code), Some(e(0, 0)));
    }

    #[test]
    fn a_code_thrown_under_a_condition_is_meant() {
        // swap IF throw THEN drop: `?throw ( flag x -- )`, whose way on
        // from the THROW would take one more.
        let throw = word("throw");
        let code = [Swap, ZBranch(3), throw, Drop, Exit];
        assert_eq!(walk(&code), Walk::Unknown);
        // ior THROW on the main line goes on when ior is 0.
        let code = [throw, Drop, Exit];
        assert_eq!(of(&code), Some(e(2, 0)));
    }

    #[test]
    fn unknown_code_is_unknown() {
        assert_eq!(of(&[Execute, Exit]), None);
        assert_eq!(of(&[QDup, Exit]), None);
        assert_eq!(of(&[Defer(0), Exit]), None);
        assert_eq!(of(&[Call(0), Exit]), None);
        // A loop with no way out has no effect to speak of.
        assert_eq!(of(&[Lit(1), Drop, Branch(0), Exit]), None);
    }

    #[test]
    fn qdup_if_is_known() {
        // ?dup IF 1+ THEN
        let code = [QDup, ZBranch(3), OnePlus, Exit];
        assert_eq!(of(&code), None, "leaves 1 or 0 items");
        // ?dup IF drop THEN
        let code = [QDup, ZBranch(3), Drop, Exit];
        assert_eq!(of(&code), Some(e(1, 0)));
    }

    #[test]
    fn pick_and_roll_with_a_literal() {
        let (pick, roll) = (word("pick"), word("roll"));
        assert_eq!(of(&[Lit(2), pick, Exit]), Some(e(3, 4)));
        assert_eq!(of(&[Lit(2), roll, Exit]), Some(e(3, 3)));
        assert_eq!(of(&[Dup, pick, Exit]), None);
    }

    #[test]
    fn calls_use_what_is_known() {
        // Call(7) is known from its code, Call(9) only from its comment.
        let mut known = |i: Instr| match i {
            Call(7) => Some(CallEffect {
                effect: e(2, 1),
                sure: true,
                inspects: false,
            }),
            Call(9) => Some(CallEffect {
                effect: e(0, 0),
                sure: false,
                inspects: false,
            }),
            _ => None,
        };
        let code = [Call(7), Call(7), Exit];
        assert_eq!(infer(&code, 0, 0, &mut known), Walk::Known(e(3, 1)));
        assert_eq!(infer(&[Call(8), Exit], 0, 0, &mut known), Walk::Unknown);
        // IF 1 THEN call9: call9 might never return.
        let code = [ZBranch(2), Lit(1), Call(9), Exit];
        assert_eq!(infer(&code, 0, 0, &mut known), Walk::Unknown);
        // ... and what rests on a comment is only a guess.
        let code = [Call(7), Call(9), Exit];
        assert_eq!(infer(&code, 0, 0, &mut known), Walk::Trusting(e(2, 1)));
        let code = [ZBranch(2), Lit(1), Call(7), Exit];
        assert_eq!(
            infer(&code, 0, 0, &mut known),
            Walk::Uneven {
                by: 1,
                float: false
            }
        );
    }

    #[test]
    fn reading_comments() {
        assert_eq!(table_effect("( x1 x2 -- x2 x1 )"), Some(e(2, 2)));
        assert_eq!(table_effect("( d1 d2 -- d3 )"), Some(e(4, 2)));
        assert_eq!(
            table_effect("( -- flag ) ( F: r1 r2 -- )"),
            Some(Effect {
                ins: 0,
                outs: 1,
                fins: 2,
                fouts: 0
            })
        );
        assert_eq!(table_effect("( x \"name\" -- )"), Some(e(1, 0)));
        assert_eq!(table_effect("( x -- 0 | x x )"), None);
        assert_eq!(
            table_effect("( c-addr -- c-addr 0 | xt 1 | xt -1 )"),
            Some(e(1, 2))
        );
        assert_eq!(table_effect("( i*x xt -- j*x )"), None);
        assert_eq!(table_effect("( xu ... x0 u -- xu ... x0 xu )"), None);
        assert_eq!(table_effect("( R: x -- )"), Some(e(0, 0)));
        assert_eq!(comment_effect("( n -- n*n )"), Some(e(1, 1)));
        assert_eq!(comment_effect("( n -- n*x )"), None);
        assert_eq!(
            table_effect("( F: r -- r*r )"),
            Some(Effect {
                fins: 1,
                fouts: 1,
                ..e(0, 0)
            })
        );
        assert_eq!(comment_effect("( d -- )"), None, "a double or a direction");
        assert_eq!(comment_effect("( r1 r2 -- r3 )"), None, "floats, probably");
        assert_eq!(comment_effect("( this is prose )"), None);
    }

    #[test]
    fn reading_what_programs_write() {
        let floats = |fins, fouts| Effect {
            fins,
            fouts,
            ..e(0, 0)
        };
        // The marker repeated after `--`, in either case.
        let says = |c: &str, code: Effect| disagreement(c, &code, false);
        assert_eq!(says("( F: a b -- F: c )", floats(2, 1)), None);
        assert_eq!(
            says("( F: a b -- F: c )", floats(2, 2)).as_deref(),
            Some("leaves 2 floats")
        );
        assert_eq!(says("( f: temp -- f: temp' )", floats(1, 1)), None);
        assert_eq!(
            says("( f: temp -- f: temp' )", floats(1, 0)).as_deref(),
            Some("leaves no floats")
        );
        // A note after `;`, a description after `=`.
        assert_eq!(comment_effect("( n -- ; one cell per set )"), Some(e(1, 0)));
        assert_eq!(
            comment_effect("( in -- out = Finish the calculation, return the result u )"),
            Some(e(1, 1))
        );
        assert_eq!(
            comment_effect("( u1 \"name\" -- u2 ; name execution: -- u )"),
            Some(e(1, 1))
        );
        assert_eq!(
            comment_effect("( \"<spaces>name\" -- ; -- x = Create x )"),
            Some(e(0, 0))
        );
        // Arithmetic is one item; parsed text is none.
        assert_eq!(comment_effect("( a b -- a^2 + b^2 )"), Some(e(2, 1)));
        assert_eq!(comment_effect("( n -- n * 2 )"), Some(e(1, 1)));
        assert_eq!(comment_effect("( -- <text> )"), Some(e(0, 0)));
        assert_eq!(comment_effect("( <name> -- flag )"), Some(e(0, 1)));
        assert_eq!(comment_effect("( \"name\" -- )"), Some(e(0, 0)));
        assert_eq!(comment_effect("( n n*\"string\" -- addr )"), Some(e(1, 1)));
        assert_eq!(comment_effect("( x \"name\"-- )"), None, "no `--` left");
        // A width that is two cells on a 32-bit system.
        assert_eq!(says("( 10bit -- 64bit )", e(1, 2)), None);
        assert_eq!(says("( 10bit -- 64bit )", e(1, 1)), None);
        assert_eq!(
            says("( 10bit -- 32bit )", e(1, 2)).as_deref(),
            Some("leaves 2 items")
        );
        // Older code's `---`, and `--` written against a name.
        assert_eq!(comment_effect("( n1 n2 --- n3 )"), Some(e(2, 1)));
        assert_eq!(comment_effect("( n--n )"), Some(e(1, 1)));
        assert_eq!(comment_effect("( x1 x2 -- x1; )"), Some(e(2, 1)));
        // What is not read, and why.
        let why = |c: &str| unread(c).map(|u| u.why());
        assert_eq!(
            why("( m -- days since March 1 )").as_deref(),
            Some("`since` reads as prose, not as an item")
        );
        assert_eq!(
            why("( new-value -- filtered value )").as_deref(),
            Some("`filtered` reads as prose, not as an item")
        );
        assert_eq!(comment_effect("( seed -- speed )"), Some(e(1, 1)));
        // A number in a range is one item.
        assert_eq!(comment_effect("( n -- 0..n-1 )"), Some(e(1, 1)));
        assert_eq!(comment_effect("( -- 1..6 )"), Some(e(0, 1)));
        assert_eq!(
            why("( -- Result )").as_deref(),
            Some("`Result` reads as prose, not as an item")
        );
        assert_eq!(
            why("( i*x xt -- j*x )").as_deref(),
            Some("`i*x` stands for any number of items")
        );
        assert_eq!(
            why("( x1 .. xn n -- )").as_deref(),
            Some("`..` stands for any number of items")
        );
        assert_eq!(
            why("( u n -- c-addr u = convert i*x )").as_deref(),
            Some("`i*x` stands for any number of items")
        );
        assert_eq!(
            why("( \"name\" -- colon-sys )").as_deref(),
            Some("`colon-sys` stands for any number of items")
        );
        assert_eq!(
            why("( n [m] -- )").as_deref(),
            Some("`[m]` may be there or not")
        );
        assert_eq!(
            why("( char 'index' -- )").as_deref(),
            Some("`'index'` may be a character or parsed text")
        );
        assert_eq!(
            why("( n F: r -- m )").as_deref(),
            Some("it does not say which stack `m` is on")
        );
        assert_eq!(
            why("( F: r n1 -- )").as_deref(),
            Some("`n1` names a cell, on the float stack")
        );
        assert_eq!(
            why("( Execution: -- n )").as_deref(),
            Some("`Execution:` is not a stack it counts")
        );
        assert_eq!(
            why("( -- a + )").as_deref(),
            Some("`+` has nothing on one side")
        );
        assert_eq!(why("( a -- b -- c )").as_deref(), Some("it has two `--`"));
        assert_eq!(why("( the main loop )").as_deref(), Some("it has no `--`"));
        assert_eq!(
            why("( x1 -- 0 | x1 x2 )").as_deref(),
            Some("its alternatives (`|`) leave different numbers of items")
        );
        assert_eq!(why("( n -- n' )"), None);
        // The tables' `-sys` is playforth's: one cell.
        assert_eq!(table_effect("( struct-sys +n -- )"), Some(e(2, 0)));
    }

    #[test]
    fn depth_readers_may_leave_what_they_look_at() {
        // `( x1 x2 -- flag )` on `depth 2 < 0=`: looks at two items, leaves them.
        let code = e(0, 1);
        assert_eq!(disagreement("( x1 x2 -- flag )", &code, true), None);
        assert_eq!(
            disagreement("( x1 x2 -- flag )", &code, false).as_deref(),
            Some("leaves 3 items")
        );
        // ... but never more than it names and leaves.
        assert_eq!(
            disagreement("( -- )", &code, true).as_deref(),
            Some("leaves 1 item")
        );
    }

    #[test]
    fn complaints() {
        let says = |c: &str, ins, outs| disagreement(c, &e(ins, outs), false);
        assert_eq!(
            says("( n -- n*n )", 1, 2).as_deref(),
            Some("leaves 2 items")
        );
        assert_eq!(says("( n -- n*n )", 1, 1), None);
        assert_eq!(says("( n -- )", 2, 1).as_deref(), Some("takes 2 items"));
        assert_eq!(
            says("( n -- )", 2, 0).as_deref(),
            Some("takes 2 items and leaves no items")
        );
        assert_eq!(says("( a -- )", 1, 1).as_deref(), Some("leaves 1 item"));
        assert_eq!(says("( a b -- )", 1, 0).as_deref(), Some("leaves 1 item"));
        // Takes fewer than it names: the rest stays where it was.
        assert_eq!(says("( a b -- a b c )", 0, 1), None);
        // `d` read as one cell or two.
        assert_eq!(says("( d -- )", 1, 0), None);
        assert_eq!(says("( d -- )", 2, 0), None);
        assert_eq!(
            says("( d -- )", 3, 0).as_deref(),
            Some("takes 3 items and leaves no items")
        );
        // Floats written without `F:` are not checked.
        let float = Effect {
            fins: 2,
            fouts: 1,
            ..e(0, 0)
        };
        assert_eq!(disagreement("( r1 r2 -- r3 )", &float, false), None);
        assert_eq!(
            disagreement("( F: r1 -- r2 )", &float, false).as_deref(),
            Some("takes 2 floats and leaves 1 float")
        );
        assert_eq!(says("( R: -- x )", 1, 3), None);
        // The data part may be in a second comment, which is not kept.
        let both = Effect {
            fins: 2,
            fouts: 1,
            ..e(1, 0)
        };
        assert_eq!(disagreement("( F: p r -- t )", &both, false), None);
        assert_eq!(says("( -- n | n m )", 1, 3), None);
        assert_eq!(says("( i*x -- )", 1, 3), None);
    }

    #[test]
    fn inferred_effects_read_like_the_tables() {
        assert_eq!(e(1, 1).text(), "( x1 -- x2 )");
        assert_eq!(e(0, 1).text(), "( -- x )");
        assert_eq!(e(2, 0).text(), "( x1 x2 -- )");
        assert_eq!(e(0, 0).text(), "( -- )");
        assert_eq!(e(1, 40).text(), "( x1 -- x2 x3 … x41 )");
        let f = Effect {
            fins: 1,
            fouts: 1,
            ..e(0, 0)
        };
        assert_eq!(f.text(), "( F: r1 -- r2 )");
        let both = Effect {
            fouts: 1,
            ..e(1, 0)
        };
        assert_eq!(both.text(), "( x -- ) ( F: -- r )");
    }
}
