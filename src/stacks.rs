//! The machine's stacks: data, return, floating-point, call frames,
//! locals, and CATCH frames, with the rules that keep them in bounds. The inner interpreter
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
/// Floating-point stack capacity (IEEE doubles).
pub const FS_SIZE: usize = 1 << 12;

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
    pub(crate) fp: usize,
    pub(crate) ip: u32,
    pub(crate) depth: u32,
}

/// N zeroed cells in one allocation: the allocator hands out fresh pages,
/// which cost no memory until they are used.
fn zeroed<const N: usize>() -> Box<[i64; N]> {
    vec![0; N].into_boxed_slice().try_into().expect("N cells")
}

/// A stack of at most N cells: a fixed array and a depth, so a push is a
/// store and an increment (a `Vec` would test its capacity and keep a
/// growth path, with its register spills, in the inner loop).
pub(crate) struct CellStack<const N: usize> {
    cells: Box<[i64; N]>,
    len: usize,
}

impl<const N: usize> CellStack<N> {
    fn new() -> Self {
        CellStack {
            cells: zeroed(),
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Push a cell; false (and nothing pushed) when the stack is full.
    #[inline(always)]
    pub(crate) fn push(&mut self, v: i64) -> bool {
        match self.cells.get_mut(self.len) {
            Some(slot) => {
                *slot = v;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<i64> {
        let v = *self.cells.get(self.len.wrapping_sub(1))?;
        self.len -= 1;
        Some(v)
    }

    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Where cell n (counted from the newest) is kept.
    #[inline(always)]
    pub(crate) fn slot(&self, n: u16) -> Option<usize> {
        self.len.checked_sub(1 + n as usize)
    }

    /// Push `args` (oldest first), then `zeros` zeroed cells. False, and
    /// nothing changed, when they do not fit. Cell by cell, with no memcpy
    /// call: the inner loop enters locals frames with it.
    #[inline(always)]
    pub(crate) fn enter(&mut self, args: &[i64], zeros: usize) -> bool {
        let end = self.len + args.len() + zeros;
        if end > N {
            return false;
        }
        let mut at = self.len;
        for &x in args {
            self.cells[at % N] = x;
            at += 1;
        }
        while at < end {
            self.cells[at % N] = 0;
            at += 1;
        }
        self.len = end;
        true
    }
}

impl<const N: usize> std::ops::Index<usize> for CellStack<N> {
    type Output = i64;
    #[inline(always)]
    fn index(&self, i: usize) -> &i64 {
        &self.cells[i]
    }
}

impl<const N: usize> std::ops::IndexMut<usize> for CellStack<N> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut i64 {
        &mut self.cells[i]
    }
}

/// The locals of all running words, newest last.
pub(crate) type LocalStack = CellStack<MAX_LOCALS>;

/// The call frames, each packed into one cell (return address low, the
/// caller's return-stack base high).
pub(crate) struct CallStack(CellStack<MAX_CALLS>);

impl CallStack {
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Push a frame; false (and nothing pushed) when the stack is full.
    #[inline(always)]
    pub(crate) fn push(&mut self, f: Frame) -> bool {
        self.0.push((f.ret as u64 | (f.rbase as u64) << 32) as i64)
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<Frame> {
        let f = self.0.pop()? as u64;
        Some(Frame {
            ret: f as u32,
            rbase: (f >> 32) as u32,
        })
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    /// The return addresses, oldest first.
    pub(crate) fn returns(&self) -> impl DoubleEndedIterator<Item = u32> + '_ {
        self.0.cells[..self.0.len].iter().map(|&f| f as u32)
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
    /// The floating-point stack (FLOATING): separate from the data stack.
    pub(crate) fs: Box<[f64; FS_SIZE]>,
    /// Numbers on the floating-point stack.
    pub(crate) fp: usize,
}

impl Stacks {
    pub(crate) fn new() -> Stacks {
        Stacks {
            ds: zeroed(),
            sp: 0,
            rs: zeroed(),
            rp: 0,
            rbase: 0,
            calls: CallStack(CellStack::new()),
            locals: LocalStack::new(),
            catches: Vec::with_capacity(MAX_CATCH),
            fs: vec![0.0; FS_SIZE]
                .into_boxed_slice()
                .try_into()
                .expect("size"),
            fp: 0,
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
        self.fp = 0;
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

    /// Fail with -45 unless the floating-point stack holds at least `n`.
    #[inline(always)]
    pub(crate) fn fneed(&self, n: usize) -> Res<()> {
        if self.fp < n {
            Err(FP_STACK_UNDERFLOW)
        } else {
            Ok(())
        }
    }

    /// Room for n more numbers on the floating-point stack (-44 otherwise).
    #[inline(always)]
    pub(crate) fn froom(&self, n: usize) -> Res<()> {
        if self.fp + n > FS_SIZE {
            return Err(FP_STACK_OVERFLOW);
        }
        Ok(())
    }

    pub(crate) fn fpush(&mut self, r: f64) -> Res<()> {
        self.froom(1)?;
        self.fs[self.fp] = r;
        self.fp += 1;
        Ok(())
    }

    pub(crate) fn fpop(&mut self) -> Res<f64> {
        self.fneed(1)?;
        self.fp -= 1;
        Ok(self.fs[self.fp])
    }

    /// The number `n` below the top of the floating-point stack (0 = top).
    pub(crate) fn fpeek(&self, n: usize) -> Res<f64> {
        if n >= self.fp {
            return Err(FP_STACK_UNDERFLOW);
        }
        Ok(self.fs[self.fp - 1 - n])
    }

    /// The floating-point stack, bottom first.
    pub(crate) fn fstack(&self) -> &[f64] {
        &self.fs[..self.fp]
    }
}
