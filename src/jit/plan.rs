//! What the native tier reads of a definition, whatever the processor:
//! the instructions reachable from its start, which of them machine code
//! runs, their effects on the data stack, and where straight runs of code
//! (segments, each with one depth check) start.

use super::abi::{MAX_WORD, WordKind};
use crate::instr::Instr;
use std::collections::{BTreeMap, BTreeSet};

/// A word's reachable instructions (unfused), by address.
pub(super) struct Word {
    pub(super) start: u32,
    pub(super) body: BTreeMap<u32, Instr>,
    /// The built-in words in it that native code calls out to.
    pub(super) callable: BTreeSet<u16>,
    /// The DOES> code of the words it runs by `Word(xt)`.
    does: Vec<u32>,
}

/// What happens after an instruction.
enum Next {
    /// It goes on to the next one, and may also jump to these.
    Fall(Vec<u32>),
    /// It only jumps to these (or returns: none).
    Only(Vec<u32>),
}

fn next_of(i: Instr, callable: &BTreeSet<u16>) -> Next {
    use Instr::*;
    match i {
        Branch(t) | Leave(t) => Next::Only(vec![t]),
        Exit => Next::Only(vec![]),
        ZBranch(t) | QDo(t) | Loop(t) | PlusLoop(t) | Of(t) => Next::Fall(vec![t]),
        _ if effect(i, callable).is_some() => Next::Fall(vec![]),
        // Not translated: the code stops there.
        _ => Next::Only(vec![]),
    }
}

/// The cells an instruction takes from and leaves on the data stack
/// (for `?dup` the most), if it is translated.
fn effect(i: Instr, callable: &BTreeSet<u16>) -> Option<(i32, i32)> {
    use Instr::*;
    Some(match i {
        // A built-in word checks its own stack (and a new segment
        // starts after it).
        Prim(id) if !own_prim(id) && callable.contains(&id) => (0, 0),
        Lit(_) | RFetch | I | J | RFrom | Value(_) | Word(_) => (0, 1),
        Str(..) => (0, 2),
        Call(_) | Exit | Branch(_) | Case | Leave(_) | Loop(_) => (0, 0),
        ZBranch(_) | Drop | ToR | EndCase | PlusLoop(_) => (1, 0),
        Do | QDo(_) | TwoDrop | Store | CStore | PlusStore => (2, 0),
        Of(_) => (2, 1),
        Dup | QDup => (1, 2),
        Swap => (2, 2),
        Over => (2, 3),
        Rot | MinusRot => (3, 3),
        Nip => (2, 1),
        Tuck => (2, 3),
        TwoDup => (2, 4),
        Plus | Minus | Star | Slash | Mod | Min | Max | LShift | RShift | And | Or | Xor
        | Equal | NotEqual | Less | Greater | ULess | UGreater => (2, 1),
        OnePlus | OneMinus | Negate | TwoStar | TwoSlash | Invert | ZeroEqual | ZeroNotEqual
        | ZeroLess | ZeroGreater | Fetch | CFetch | CellPlus | Cells | CharPlus => (1, 1),
        TwoFetch => (1, 2),
        TwoStore => (3, 0),
        Prim(crate::instr::CHARS_ID) => (1, 1),
        Prim(crate::instr::TWO_TO_R_ID) => (2, 0),
        Prim(crate::instr::UNLOOP_ID) => (0, 0),
        Prim(crate::instr::PICK_ID) => (1, 1),
        Prim(crate::instr::TWO_R_FROM_ID | crate::instr::TWO_R_FETCH_ID) => (0, 2),
        LocalsEnter(a, _) => (a as i32, 0),
        LocalFetch(_) => (0, 1),
        LocalStore(_) | LocalAdd(_) => (1, 0),
        LocalsExit(_) => (0, 0),
        Execute => (1, 0),
        Defer(_) => (0, 0),
        _ => return None,
    })
}

/// The built-in words native code runs itself (not through `callout`).
pub(super) fn own_prim(id: u16) -> bool {
    use crate::instr::*;
    matches!(
        id,
        CHARS_ID | PICK_ID | TWO_TO_R_ID | TWO_R_FROM_ID | TWO_R_FETCH_ID | UNLOOP_ID
    )
}

/// Is this an instruction native code stops at (not translated, and
/// not a return or a jump, which end a word's code there)?
fn stops(i: Instr) -> bool {
    !matches!(
        i,
        Instr::Exit | Instr::Branch(_) | Instr::Leave(_) | Instr::Does(_)
    )
}

/// Does the depth after this instruction differ from run to run (so a
/// new segment, with its own check, starts after it)?
fn ends_segment(i: Instr) -> bool {
    use Instr::*;
    matches!(
        i,
        Call(_)
            | QDup
            | ZBranch(_)
            | Of(_)
            | QDo(_)
            | Loop(_)
            | PlusLoop(_)
            | Word(_)
            | Execute
            | Defer(_)
    ) || matches!(i, Prim(id) if !own_prim(id))
}

impl Word {
    /// The instructions reachable from `start`, or None when there are
    /// too many or the code runs off the end.
    pub(super) fn scan(
        code: &[Instr],
        start: u32,
        may_call: &dyn Fn(u16) -> bool,
        word: &dyn Fn(u32) -> WordKind,
    ) -> Option<Word> {
        let mut body = BTreeMap::new();
        let mut callable = BTreeSet::new();
        let mut does = Vec::new();
        let mut todo = vec![start];
        while let Some(ip) = todo.pop() {
            if body.contains_key(&ip) {
                continue;
            }
            if body.len() >= MAX_WORD {
                return None;
            }
            let i = code.get(ip as usize)?.unfused();
            body.insert(ip, i);
            if let Instr::Prim(id) = i
                && may_call(id)
            {
                callable.insert(id);
            }
            if let Instr::Word(xt) = i
                && let WordKind::Does(_, code) = word(xt)
            {
                does.push(code);
            }
            match next_of(i, &callable) {
                Next::Fall(t) => {
                    todo.push(ip + 1);
                    todo.extend(t);
                }
                // Where native code stops, the interpreter goes on:
                // what follows is read too (for the calls in it).
                Next::Only(t) if t.is_empty() && stops(i) => todo.push(ip + 1),
                Next::Only(t) => todo.extend(t),
            }
        }
        Some(Word {
            start,
            body,
            callable,
            does,
        })
    }

    pub(super) fn highest(&self) -> Option<u32> {
        self.body.keys().next_back().copied()
    }

    /// Does native code run its first instruction?
    pub(super) fn enterable(&self) -> bool {
        self.body
            .get(&self.start)
            .is_some_and(|&i| effect(i, &self.callable).is_some())
    }

    /// Its calls: where, and of what.
    pub(super) fn calls(&self) -> Vec<(u32, u32)> {
        self.body
            .iter()
            .filter_map(|(&ip, i)| match i {
                Instr::Call(t) => Some((ip, *t)),
                _ => None,
            })
            .collect()
    }

    pub(super) fn callees(&self) -> Vec<u32> {
        let calls = self.body.values().filter_map(|i| match i {
            Instr::Call(t) => Some(*t),
            _ => None,
        });
        calls.chain(self.does.iter().copied()).collect()
    }

    /// Where runs start: the entry, every jump target, and the
    /// instruction after one whose depth is not known.
    fn leaders(&self) -> BTreeSet<u32> {
        let mut l = BTreeSet::new();
        l.insert(self.start);
        for (&ip, &i) in &self.body {
            match next_of(i, &self.callable) {
                Next::Fall(t) | Next::Only(t) => l.extend(t),
            }
            if ends_segment(i) {
                l.insert(ip + 1);
            }
        }
        l
    }
}

/// One instruction of a word as a back end lays it out, in address order.
pub(super) struct Step {
    pub(super) ip: u32,
    pub(super) instr: Instr,
    /// A straight run starts here (a label, and the run's depth check):
    /// the cells its deepest point takes and its highest point adds.
    pub(super) run: Option<(i32, i32)>,
    /// It falls through to `ip + 1`, which is not laid out next: a jump.
    pub(super) jump_next: bool,
}

impl Word {
    /// The word's instructions in the order the back ends place them.
    pub(super) fn layout(&self) -> Vec<Step> {
        let leaders = self.leaders();
        let ips: Vec<(u32, Instr)> = self.body.iter().map(|(&a, &i)| (a, i)).collect();
        let mut steps = Vec::with_capacity(ips.len());
        for (k, &(ip, instr)) in ips.iter().enumerate() {
            let starts = leaders.contains(&ip) || k == 0 || ips[k - 1].0 + 1 != ip;
            let falls = matches!(next_of(instr, &self.callable), Next::Fall(_));
            let next_here = ips.get(k + 1).is_some_and(|&(n, _)| n == ip + 1);
            steps.push(Step {
                ip,
                instr,
                run: starts.then(|| self.segment(ip, &leaders)),
                jump_next: falls && !next_here,
            });
        }
        steps
    }

    /// The straight run of code starting at `start`: how many cells its
    /// deepest point takes from the data stack as the run finds it, and
    /// how many more its highest point holds (each 0 or more).
    fn segment(&self, start: u32, leaders: &BTreeSet<u32>) -> (i32, i32) {
        let (mut d, mut need, mut grow) = (0i32, 0i32, 0i32);
        let mut ip = start;
        while let Some(&i) = self.body.get(&ip) {
            let Some((pops, pushes)) = effect(i, &self.callable) else {
                break;
            };
            need = need.max(pops - d);
            d += pushes - pops;
            grow = grow.max(d);
            if ends_segment(i) || !matches!(next_of(i, &self.callable), Next::Fall(_)) {
                break;
            }
            ip += 1;
            if leaders.contains(&ip) {
                break;
            }
        }
        (need, grow)
    }
}
