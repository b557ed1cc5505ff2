//! The code space: the compiled instructions, where each came from, which
//! word compiled it, and the names of each definition's locals.
//!
//! They grow and shrink together: every instruction has its source
//! position (for error reports) and the word that compiled it (for SEE and
//! TRACE, which show that word instead of guessing it from the source
//! text), and the locals' names are kept by the address of their
//! `LocalsEnter` (for SEE). [`CodeSpace::push`] appends an instruction with
//! its position and its word, and [`CodeSpace::truncate`] cuts all back to
//! an address, so none outlives the code it describes.

use crate::error::{DICTIONARY_OVERFLOW, Res};
use crate::instr::Instr;
use crate::snapshot;
use std::collections::HashMap;
use std::rc::Rc;

/// Instructions in the code space (64 MiB of code).
pub(crate) const MAX_CODE: usize = 1 << 22;
/// The most memory the locals' names kept for SEE may take in all.
pub(crate) const MAX_LOCAL_NAME_BYTES: usize = 16 << 20;

/// What one kept local's name costs: its text and its `String`.
fn name_cost(name: &str) -> usize {
    name.len() + std::mem::size_of::<String>()
}

/// Where a compiled instruction came from, for error messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pos {
    pub(crate) src: u32,
    pub(crate) line: u32,
    pub(crate) col: u32,
}

pub(crate) struct CodeSpace {
    instrs: Vec<Instr>,
    /// The source position of each instruction: as long as `instrs`.
    pos: Vec<Pos>,
    /// The word that compiled each instruction (see [`CodeSpace::by`]):
    /// as long as `instrs`.
    by: Vec<u32>,
    /// The names of each definition's locals, by the address of its
    /// LocalsEnter; only addresses below `instrs.len()`.
    local_names: HashMap<u32, Vec<String>>,
    /// What the names in `local_names` cost in all (MAX_LOCAL_NAME_BYTES).
    local_name_bytes: usize,
    /// Tests compare code with and without the calls of short words done
    /// in place (`instr::inline_calls`, `instr::inline_does`).
    #[cfg(test)]
    pub(crate) no_inline: bool,
    /// The words translated to machine code (`jit.rs`), forgotten with
    /// the code they came from.
    pub(crate) natives: crate::jit::Natives,
}

impl CodeSpace {
    /// A code space holding the fixed stubs (at position 0:0).
    pub(crate) fn new(stubs: &[Instr]) -> CodeSpace {
        CodeSpace {
            instrs: stubs.to_vec(),
            pos: vec![Pos::default(); stubs.len()],
            by: vec![0; stubs.len()],
            local_names: HashMap::new(),
            local_name_bytes: 0,
            #[cfg(test)]
            no_inline: false,
            natives: crate::jit::Natives::new(),
        }
    }

    /// The instructions, for the inner interpreter to index directly.
    #[inline(always)]
    pub(crate) fn instrs(&self) -> &[Instr] {
        &self.instrs
    }

    pub(crate) fn len(&self) -> usize {
        self.instrs.len()
    }

    /// The address the next instruction goes to.
    pub(crate) fn here(&self) -> u32 {
        self.instrs.len() as u32
    }

    pub(crate) fn get(&self, at: usize) -> Option<Instr> {
        self.instrs.get(at).copied()
    }

    /// The source position the instruction at `at` was compiled from.
    pub(crate) fn pos(&self, at: usize) -> Option<Pos> {
        self.pos.get(at).copied()
    }

    /// The word that compiled the instruction at `at`: the execution
    /// token of the word the outer interpreter was compiling (`dup` for its
    /// call) or running (an immediate word: `if`, `[char]`, a user's
    /// `?leave` for all it postponed), or 0 when the interpreter compiled
    /// it from the text itself (a number, a local's name).
    pub(crate) fn by(&self, at: usize) -> Option<u32> {
        self.by.get(at).copied()
    }

    /// Append an instruction compiled from `pos` by the word `by` (see
    /// [`CodeSpace::by`]); -8 when the space is full.
    pub(crate) fn push(&mut self, i: Instr, pos: Pos, by: u32) -> Res<()> {
        if self.instrs.len() >= MAX_CODE {
            return Err(DICTIONARY_OVERFLOW);
        }
        self.instrs.push(i);
        self.pos.push(pos);
        self.by.push(by);
        Ok(())
    }

    /// Replace the instruction at `at` (a branch being resolved); its
    /// position stays. False if there is none.
    pub(crate) fn patch(&mut self, at: usize, i: Instr) -> bool {
        match self.instrs.get_mut(at) {
            Some(slot) => {
                *slot = i;
                self.natives.changed(at as u32);
                true
            }
            None => false,
        }
    }

    /// The translations and the instructions they are made from.
    pub(crate) fn natives_and_instrs(&mut self) -> (&mut crate::jit::Natives, &[Instr]) {
        (&mut self.natives, &self.instrs)
    }

    /// Make the calls at `sites` enter machine code (`Instr::CallNative`):
    /// each a call of a word `jit.rs` translated. A call fused with what
    /// follows (other than a locals frame's entry) stays as it is.
    pub(crate) fn call_natively(&mut self, sites: &[u32]) {
        for &at in sites {
            if let Some(slot) = self.instrs.get_mut(at as usize)
                && let Instr::Call(t) | Instr::CallLocals(t) = *slot
            {
                *slot = Instr::CallNative(t);
            }
        }
    }

    /// Put in the superinstructions for the definition at `start..end`.
    pub(crate) fn fuse(&mut self, start: usize, end: usize) {
        crate::instr::fuse(&mut self.instrs, start, end);
        #[cfg(test)]
        if self.no_inline {
            return;
        }
        crate::instr::inline_calls(&mut self.instrs, start, end);
    }

    /// May a DOES> word be compiled as done in place (not in tests that
    /// compare with the plain code)?
    pub(crate) fn inlines(&self) -> bool {
        #[cfg(test)]
        if self.no_inline {
            return false;
        }
        true
    }

    /// Keep the names of the locals whose LocalsEnter is at `at`; -8 when
    /// the names kept would take more than MAX_LOCAL_NAME_BYTES.
    pub(crate) fn set_local_names(&mut self, at: u32, names: Vec<String>) -> Res<()> {
        let old: usize = self
            .local_names
            .get(&at)
            .map_or(0, |v| v.iter().map(|n| name_cost(n)).sum());
        let kept = self.local_name_bytes - old + names.iter().map(|n| name_cost(n)).sum::<usize>();
        if kept > MAX_LOCAL_NAME_BYTES {
            return Err(DICTIONARY_OVERFLOW);
        }
        self.local_name_bytes = kept;
        self.local_names.insert(at, names);
        Ok(())
    }

    /// The names of the locals whose LocalsEnter is at `at`, if kept.
    pub(crate) fn local_names(&self, at: u32) -> Option<&[String]> {
        self.local_names.get(&at).map(|v| v.as_slice())
    }

    /// Cut the code space back to `at` instructions: the instructions,
    /// their positions, their words and the locals' names of the code
    /// removed go together.
    pub(crate) fn truncate(&mut self, at: usize) {
        self.natives.forget_from(at as u32);
        self.instrs.truncate(at);
        self.pos.truncate(at);
        self.by.truncate(at);
        let bytes = &mut self.local_name_bytes;
        self.local_names.retain(|&a, names| {
            let keep = (a as usize) < at;
            if !keep {
                *bytes -= names.iter().map(|n| name_cost(n)).sum::<usize>();
            }
            keep
        });
    }
}

/// Instructions per chunk of the copies `undo` keeps.
const CHUNK: usize = 256;

/// The locals' names by address, and what they cost.
type LocalNames = (HashMap<u32, Vec<String>>, usize);

/// What `undo` keeps of the code space (`CodeSpace::snapshot`).
#[derive(Default)]
pub(crate) struct CodeSnap {
    instrs: Vec<Rc<[Instr]>>,
    pos: Vec<Rc<[Pos]>>,
    by: Vec<Rc<[u32]>>,
    local_names: Option<Rc<LocalNames>>,
}

impl CodeSnap {
    /// Bytes this copy holds that `older` (the one kept before it) does not.
    pub(crate) fn fresh_bytes(&self, older: Option<&CodeSnap>) -> usize {
        let names = snapshot::fresh_value(
            self.local_names.as_ref(),
            older.and_then(|o| o.local_names.as_ref()),
            |n| n.1 + n.0.len() * 48,
        );
        snapshot::fresh_bytes(&self.instrs, older.map(|o| &o.instrs[..]))
            + snapshot::fresh_bytes(&self.pos, older.map(|o| &o.pos[..]))
            + snapshot::fresh_bytes(&self.by, older.map(|o| &o.by[..]))
            + names
    }

    /// Whether `other` kept the very same code.
    pub(crate) fn same(&self, other: &CodeSnap) -> bool {
        snapshot::same(&self.instrs, &other.instrs)
            && snapshot::same(&self.pos, &other.pos)
            && snapshot::same(&self.by, &other.by)
            && snapshot::same_value(self.local_names.as_ref(), other.local_names.as_ref())
    }
}

impl CodeSpace {
    /// A copy for `undo`, each chunk shared with `prev` where unchanged.
    pub(crate) fn snapshot(&self, prev: Option<&CodeSnap>) -> CodeSnap {
        let empty = CodeSnap::default();
        let prev = prev.unwrap_or(&empty);
        let names = (self.local_names.clone(), self.local_name_bytes);
        CodeSnap {
            instrs: snapshot::chunks(&self.instrs, CHUNK, &prev.instrs),
            pos: snapshot::chunks(&self.pos, CHUNK, &prev.pos),
            by: snapshot::chunks(&self.by, CHUNK, &prev.by),
            local_names: Some(snapshot::shared(&names, prev.local_names.as_ref())),
        }
    }

    /// Put back what `snapshot` kept.
    pub(crate) fn restore(&mut self, s: &CodeSnap) {
        self.natives.forget_all();
        self.instrs = snapshot::joined(&s.instrs);
        self.pos = snapshot::joined(&s.pos);
        self.by = snapshot::joined(&s.by);
        if let Some(n) = &s.local_names {
            (self.local_names, self.local_name_bytes) = (**n).clone();
        }
    }
}

impl std::ops::Index<usize> for CodeSpace {
    type Output = Instr;
    fn index(&self, at: usize) -> &Instr {
        &self.instrs[at]
    }
}

/// Tests build code by hand, at position 0:0.
#[cfg(test)]
impl<'a> Extend<&'a Instr> for CodeSpace {
    fn extend<T: IntoIterator<Item = &'a Instr>>(&mut self, iter: T) {
        for &i in iter {
            self.push(i, Pos::default(), 0).expect("room for test code");
        }
    }
}

#[cfg(test)]
impl Extend<Instr> for CodeSpace {
    fn extend<T: IntoIterator<Item = Instr>>(&mut self, iter: T) {
        for i in iter {
            self.push(i, Pos::default(), 0).expect("room for test code");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locals_names_count_against_their_bound_until_cut_back() {
        let mut code = CodeSpace::new(&[Instr::Exit]);
        let names = |n: usize| vec!["x".repeat(1000); n];
        // 1 MB a definition: the 17th passes 16 MiB.
        let per = (1 << 20) / 1024;
        for at in 1..=16 {
            code.extend([Instr::Exit]);
            assert!(code.set_local_names(at, names(per)).is_ok(), "{at}");
        }
        code.extend([Instr::Exit]);
        assert!(code.set_local_names(17, names(per)).is_err());
        // Forgetting the code gives their room back.
        code.truncate(9);
        code.extend([Instr::Exit; 9]);
        for at in 9..=16 {
            assert!(code.set_local_names(at, names(per)).is_ok(), "{at} again");
        }
        assert!(code.set_local_names(17, names(per)).is_err());
    }
}
