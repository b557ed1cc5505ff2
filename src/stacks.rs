//! The machine's stacks: data, return, call frames, locals, and CATCH
//! frames, with the rules that keep them in bounds. The inner interpreter
//! borrows these fields apart; everything else goes through the methods.

use crate::error::*;

pub const DS_SIZE: usize = 1 << 16;
/// Stack indices in the inner loop are masked with this: the checks before
/// keep them in range anyway, and the mask lets the compiler drop its own.
pub(crate) const DS_MASK: usize = DS_SIZE - 1;
pub const RS_SIZE: usize = 1 << 16;
pub const MAX_CALLS: usize = 1 << 18;
pub const MAX_LOCALS: usize = 1 << 16;
pub const MAX_CATCH: usize = 1 << 12;

/// A return address on the call stack, with the return-stack base of the
/// word returned to: each word may take off the return stack only what it
/// put there itself (see [`Stacks::rbase`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Frame {
    pub ret: u32,
    pub rbase: u32,
}

/// What CATCH saved, to restore on THROW.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CatchFrame {
    pub(crate) sp: usize,
    pub(crate) rp: usize,
    pub(crate) rbase: usize,
    pub(crate) calls: usize,
    pub(crate) locals: usize,
    pub(crate) ip: u32,
    pub(crate) depth: u32,
}

/// The call frames: a fixed array and a depth, so a call is a store and an
/// increment (a `Vec` would test its capacity and keep a growth path,
/// with its register spills, in the inner loop).
pub(crate) struct CallStack {
    /// Each frame packed into one cell (return address low, base high):
    /// a zeroed allocation, whose untouched pages cost no memory.
    frames: Box<[u64; MAX_CALLS]>,
    len: usize,
}

impl CallStack {
    fn new() -> CallStack {
        CallStack {
            frames: vec![0; MAX_CALLS]
                .into_boxed_slice()
                .try_into()
                .expect("size"),
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Push a frame; false (and nothing pushed) when the stack is full.
    #[inline(always)]
    pub(crate) fn push(&mut self, f: Frame) -> bool {
        match self.frames.get_mut(self.len) {
            Some(slot) => {
                *slot = f.ret as u64 | (f.rbase as u64) << 32;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<Frame> {
        let f = *self.frames.get(self.len.wrapping_sub(1))?;
        self.len -= 1;
        Some(Frame {
            ret: f as u32,
            rbase: (f >> 32) as u32,
        })
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The return addresses, oldest first.
    pub(crate) fn returns(&self) -> impl DoubleEndedIterator<Item = u32> + '_ {
        self.frames[..self.len].iter().map(|&f| f as u32)
    }
}

/// The locals of all running words: a fixed array and a depth, like the
/// call frames (entering a frame copies cells; nothing can reallocate).
pub(crate) struct LocalStack {
    cells: Box<[i64; MAX_LOCALS]>,
    len: usize,
}

impl LocalStack {
    fn new() -> LocalStack {
        LocalStack {
            cells: vec![0; MAX_LOCALS]
                .into_boxed_slice()
                .try_into()
                .expect("size"),
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Where local n (counted from the newest) is kept.
    #[inline(always)]
    pub(crate) fn slot(&self, n: u16) -> Option<usize> {
        self.len.checked_sub(1 + n as usize)
    }

    /// A new frame: `args` (oldest first), then `vals` zeroed cells. False,
    /// and nothing changed, when they do not fit.
    #[inline(always)]
    pub(crate) fn enter(&mut self, args: &[i64], vals: usize) -> bool {
        let start = self.len;
        let mid = start + args.len();
        let Some(frame) = self.cells.get_mut(start..mid + vals) else {
            return false;
        };
        let (a, v) = frame.split_at_mut(args.len());
        a.copy_from_slice(args);
        v.fill(0);
        self.len = mid + vals;
        true
    }

    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
}

impl LocalStack {
    /// Like `enter`, but moving cell by cell (no memcpy call): for the inner
    /// loop, where a call would cost registers.
    #[inline(always)]
    pub(crate) fn enter_small(&mut self, args: &[i64], vals: usize) -> bool {
        let start = self.len;
        let end = start + args.len() + vals;
        if end > MAX_LOCALS {
            return false;
        }
        let mut at = start;
        for &x in args {
            self.cells[at & (MAX_LOCALS - 1)] = x;
            at += 1;
        }
        while at < end {
            self.cells[at & (MAX_LOCALS - 1)] = 0;
            at += 1;
        }
        self.len = end;
        true
    }
}

impl std::ops::Index<usize> for LocalStack {
    type Output = i64;
    #[inline(always)]
    fn index(&self, i: usize) -> &i64 {
        &self.cells[i]
    }
}

impl std::ops::IndexMut<usize> for LocalStack {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut i64 {
        &mut self.cells[i]
    }
}

/// The stacks of one machine. Capacities are fixed up front (untouched
/// pages cost no memory), so the inner loop never reallocates.
pub(crate) struct Stacks {
    pub(crate) ds: Box<[i64; DS_SIZE]>,
    /// Cells on the data stack.
    pub(crate) sp: usize,
    pub(crate) rs: Box<[i64; RS_SIZE]>,
    /// Cells on the return stack.
    pub(crate) rp: usize,
    /// The return-stack depth when the running word was entered: `R>`,
    /// `R@`, `I` and friends may not reach below it, and EXIT must find the
    /// depth back at it (-25 otherwise). 0 when interpreting.
    pub(crate) rbase: usize,
    /// Return addresses (Forth calls never recurse in Rust).
    pub(crate) calls: CallStack,
    /// The locals of every running word, newest last.
    pub(crate) locals: LocalStack,
    pub(crate) catches: Vec<CatchFrame>,
}

impl Stacks {
    pub(crate) fn new() -> Stacks {
        Stacks {
            ds: vec![0; DS_SIZE]
                .into_boxed_slice()
                .try_into()
                .expect("size"),
            sp: 0,
            rs: vec![0; RS_SIZE]
                .into_boxed_slice()
                .try_into()
                .expect("size"),
            rp: 0,
            rbase: 0,
            calls: CallStack::new(),
            locals: LocalStack::new(),
            catches: Vec::with_capacity(MAX_CATCH),
        }
    }

    /// Empty every stack (after an uncaught error, or to start over).
    pub(crate) fn clear(&mut self) {
        self.sp = 0;
        self.rp = 0;
        self.rbase = 0;
        self.calls.clear();
        self.locals.clear();
        self.catches.clear();
    }

    /// Fail with -4 unless the data stack holds at least `n` cells.
    #[inline(always)]
    pub(crate) fn need(&self, n: usize) -> Res<()> {
        if self.sp < n {
            Err(STACK_UNDERFLOW)
        } else {
            Ok(())
        }
    }

    /// Room for n more cells on the data stack (-3 otherwise).
    #[inline(always)]
    pub(crate) fn room(&self, n: usize) -> Res<()> {
        if self.sp + n > DS_SIZE {
            return Err(STACK_OVERFLOW);
        }
        Ok(())
    }

    /// Room for n more cells on the return stack (-5 otherwise).
    #[inline(always)]
    pub(crate) fn rroom(&self, n: usize) -> Res<()> {
        if self.rp + n > RS_SIZE {
            return Err(RSTACK_OVERFLOW);
        }
        Ok(())
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, v: i64) -> Res<()> {
        self.room(1)?;
        self.ds[self.sp] = v;
        self.sp += 1;
        Ok(())
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Res<i64> {
        self.need(1)?;
        self.sp -= 1;
        Ok(self.ds[self.sp])
    }

    #[inline(always)]
    pub(crate) fn rpush(&mut self, v: i64) -> Res<()> {
        self.rroom(1)?;
        self.rs[self.rp] = v;
        self.rp += 1;
        Ok(())
    }

    /// The cells the running word has on the return stack.
    #[inline(always)]
    pub(crate) fn rdepth_own(&self) -> usize {
        self.rp.saturating_sub(self.rbase)
    }
}
