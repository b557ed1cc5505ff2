//! The data space: one flat, byte-addressed array that every Forth address
//! points into. Every access is bounds-checked and fails with -9, never a
//! panic. The layout is fixed at start-up:
//!
//! ```text
//! 0x0000  guard: address 0 and its neighbours are never valid
//! SYSVARS BASE, STATE, >IN and other system variables
//! HOLD    pictured numeric output (grows down from HOLD_END)
//! PAD     scratch buffer for programs
//! WORDBUF the counted string WORD returns
//! TIB     one line buffer per nesting level of the input stream
//! DICT    HERE grows up from DICT_START to DICT_END
//! HEAP    ALLOCATE / FREE / RESIZE, first-fit with coalescing
//! ```
//!
//! The array is allocated zeroed, so untouched pages cost no memory.

use crate::error::{BAD_ADDRESS, Res};
use crate::snapshot;
use std::collections::BTreeMap;
use std::rc::Rc;

pub(crate) const CELL: i64 = 8;

pub const GUARD_END: usize = 0x1000;
pub(crate) const SYSVARS: usize = 0x1000;
pub(crate) const BASE_ADDR: usize = SYSVARS;
pub(crate) const STATE_ADDR: usize = SYSVARS + 8;
pub(crate) const IN_ADDR: usize = SYSVARS + 16;
/// SPAN: how many characters EXPECT received (obsolescent).
pub(crate) const SPAN_ADDR: usize = SYSVARS + 24;
pub(crate) const ARGC_ADDR: usize = SYSVARS + 32;
/// WARNINGS: true (the default) to hear about stack comments that disagree
/// with their code, and about redefinitions.
pub(crate) const WARNINGS_ADDR: usize = SYSVARS + 40;
/// CURRENT: the id of the word list new definitions go into (gforth's
/// variable; kept in step with the dictionary's, see `Forth::current`).
pub(crate) const CURRENT_ADDR: usize = SYSVARS + 48;
/// ARGV: the address of the array of the arguments as C strings.
pub(crate) const ARGV_ADDR: usize = SYSVARS + 56;
/// The data stack depth !CSP saw, for ?CSP.
pub(crate) const CSP_ADDR: usize = SYSVARS + 64;
/// OUTFILE-ID's cell: the file id the output words write to.
pub(crate) const OUTFILE_ADDR: usize = SYSVARS + 72;
/// NEWLINE's string, one byte.
pub(crate) const NEWLINE_ADDR: usize = SYSVARS + 80;
pub(crate) const HOLD_START: usize = 0x1100;
pub(crate) const HOLD_END: usize = 0x1400;
pub const PAD_ADDR: usize = 0x1400;
pub(crate) const PAD_SIZE: usize = 0x400;
pub(crate) const WORD_BUF: usize = 0x1800;
// 0x2000 .. 0x6000 is unused (it held a ring of buffers for interpreted
// S" strings, which are now kept on the heap for good, as gforth keeps them).
pub(crate) const TIB_START: usize = 0x6000;
/// A line buffer: lines up to 1 MiB are read whole.
pub(crate) const TIB_SIZE: usize = 1 << 20;
pub(crate) const TIB_LEVELS: usize = 24;
pub const DICT_START: usize = TIB_START + TIB_SIZE * TIB_LEVELS;
pub(crate) const DICT_SIZE: usize = 16 << 20;
pub(crate) const DICT_END: usize = DICT_START + DICT_SIZE;
pub const HEAP_START: usize = DICT_END;
pub(crate) const HEAP_SIZE: usize = 64 << 20;
pub const MEM_SIZE: usize = HEAP_START + HEAP_SIZE;

/// Bytes per chunk of the copies `undo` keeps.
const CHUNK: usize = 1024;

/// The heap's free and live blocks, start -> length.
type Blocks = (BTreeMap<usize, usize>, BTreeMap<usize, usize>);

/// What `undo` keeps of data space (`Memory::snapshot`).
#[derive(Default)]
pub(crate) struct MemorySnap {
    sys: Vec<Rc<[u8]>>,
    pad: Vec<Rc<[u8]>>,
    dict: Vec<Rc<[u8]>>,
    heap: Vec<Rc<[u8]>>,
    blocks: Option<Rc<Blocks>>,
}

impl MemorySnap {
    /// Bytes this copy holds that `older` (the one kept before it) does not.
    pub(crate) fn fresh_bytes(&self, older: Option<&MemorySnap>) -> usize {
        let blocks = snapshot::fresh_value(
            self.blocks.as_ref(),
            older.and_then(|o| o.blocks.as_ref()),
            |b| (b.0.len() + b.1.len()) * 48,
        );
        snapshot::fresh_bytes(&self.sys, older.map(|o| &o.sys[..]))
            + snapshot::fresh_bytes(&self.pad, older.map(|o| &o.pad[..]))
            + snapshot::fresh_bytes(&self.dict, older.map(|o| &o.dict[..]))
            + snapshot::fresh_bytes(&self.heap, older.map(|o| &o.heap[..]))
            + blocks
    }

    /// Whether `other` kept the very same bytes.
    pub(crate) fn same(&self, other: &MemorySnap) -> bool {
        snapshot::same(&self.sys, &other.sys)
            && snapshot::same(&self.pad, &other.pad)
            && snapshot::same(&self.dict, &other.dict)
            && snapshot::same(&self.heap, &other.heap)
            && snapshot::same_value(self.blocks.as_ref(), other.blocks.as_ref())
    }

    /// The BASE it kept.
    pub(crate) fn base(&self) -> i64 {
        let at = BASE_ADDR - SYSVARS;
        self.sys
            .first()
            .and_then(|c| c.get(at..at + 8))
            .and_then(|b| b.try_into().ok())
            .map_or(10, i64::from_le_bytes)
    }
}

/// Heap blocks are carved in multiples of this, so cells stay aligned.
const HEAP_GRAIN: usize = 16;

pub(crate) struct Memory {
    bytes: Vec<u8>,
    /// Free heap blocks: start -> length.
    free: BTreeMap<usize, usize>,
    /// Live heap blocks: start -> length.
    used: BTreeMap<usize, usize>,
}

impl Default for Memory {
    fn default() -> Self {
        Self::new()
    }
}

impl Memory {
    pub(crate) fn new() -> Memory {
        let mut free = BTreeMap::new();
        free.insert(HEAP_START, HEAP_SIZE);
        Memory {
            bytes: vec![0; MEM_SIZE],
            free,
            used: BTreeMap::new(),
        }
    }

    /// Where data space starts in memory, for native code (`jit.rs`),
    /// which checks every address as `range` does.
    pub(crate) fn native_base(&mut self) -> usize {
        self.bytes.as_mut_ptr() as usize
    }

    /// The byte range `addr .. addr+len` as indices, or -9.
    #[inline(always)]
    pub(crate) fn range(&self, addr: i64, len: i64) -> Res<std::ops::Range<usize>> {
        let a = addr as u64;
        let n = len as u64;
        if a >= GUARD_END as u64 && n <= MEM_SIZE as u64 && a <= (MEM_SIZE as u64 - n) {
            Ok(a as usize..(a + n) as usize)
        } else {
            Err(BAD_ADDRESS)
        }
    }

    #[inline(always)]
    pub(crate) fn cell(&self, addr: i64) -> Res<i64> {
        let r = self.range(addr, CELL)?;
        let b: [u8; 8] = self.bytes[r].try_into().map_err(|_| BAD_ADDRESS)?;
        Ok(i64::from_le_bytes(b))
    }

    #[inline(always)]
    pub(crate) fn set_cell(&mut self, addr: i64, v: i64) -> Res<()> {
        let r = self.range(addr, CELL)?;
        self.bytes[r].copy_from_slice(&v.to_le_bytes());
        Ok(())
    }

    #[inline(always)]
    pub(crate) fn byte(&self, addr: i64) -> Res<u8> {
        let r = self.range(addr, 1)?;
        Ok(self.bytes[r.start])
    }

    #[inline(always)]
    pub(crate) fn set_byte(&mut self, addr: i64, v: u8) -> Res<()> {
        let r = self.range(addr, 1)?;
        self.bytes[r.start] = v;
        Ok(())
    }

    pub(crate) fn slice(&self, addr: i64, len: i64) -> Res<&[u8]> {
        if len == 0 {
            return Ok(&[]);
        }
        let r = self.range(addr, len)?;
        Ok(&self.bytes[r])
    }

    pub(crate) fn slice_mut(&mut self, addr: i64, len: i64) -> Res<&mut [u8]> {
        if len == 0 {
            return Ok(&mut []);
        }
        let r = self.range(addr, len)?;
        Ok(&mut self.bytes[r])
    }

    /// Text from data space, lossily decoded for messages and names.
    pub(crate) fn string(&self, addr: i64, len: i64) -> Res<String> {
        Ok(String::from_utf8_lossy(self.slice(addr, len)?).into_owned())
    }

    pub(crate) fn write(&mut self, addr: i64, data: &[u8]) -> Res<()> {
        self.slice_mut(addr, data.len() as i64)?
            .copy_from_slice(data);
        Ok(())
    }

    /// Copy `len` bytes as if through a temporary buffer (MOVE).
    pub(crate) fn copy(&mut self, from: i64, to: i64, len: i64) -> Res<()> {
        if len <= 0 {
            return Ok(());
        }
        let src = self.range(from, len)?;
        let dst = self.range(to, len)?;
        self.bytes.copy_within(src, dst.start);
        Ok(())
    }

    /// CMOVE: copy `len` bytes lowest address first, so that a copy to a
    /// little higher address repeats the first bytes (as the byte loop of
    /// the standard's reference does). -9, and nothing copied, when either
    /// range is not all memory. Never inlined: a loop inside the hot loop
    /// costs it registers.
    #[inline(never)]
    pub(crate) fn cmove(&mut self, from: i64, to: i64, len: i64) -> Res<()> {
        if len <= 0 {
            return Ok(());
        }
        let src = self.range(from, len)?;
        let dst = self.range(to, len)?;
        if dst.start > src.start && dst.start < src.end {
            for (s, d) in src.zip(dst) {
                self.bytes[d] = self.bytes[s];
            }
        } else {
            self.bytes.copy_within(src, dst.start);
        }
        Ok(())
    }

    pub(crate) fn fill(&mut self, addr: i64, len: i64, b: u8) -> Res<()> {
        if len <= 0 {
            return Ok(());
        }
        self.slice_mut(addr, len)?.fill(b);
        Ok(())
    }

    /// ALLOCATE: the address of a fresh block, or None when the heap is full.
    pub(crate) fn allocate(&mut self, size: i64) -> Option<i64> {
        if size < 0 || size as u64 > HEAP_SIZE as u64 {
            return None;
        }
        let want = (size as usize).max(1).div_ceil(HEAP_GRAIN) * HEAP_GRAIN;
        let (&start, &len) = self.free.iter().find(|&(_, &len)| len >= want)?;
        self.free.remove(&start);
        if len > want {
            self.free.insert(start + want, len - want);
        }
        self.used.insert(start, want);
        self.bytes[start..start + want].fill(0);
        Some(start as i64)
    }

    /// FREE: false when `addr` is not a live block.
    pub(crate) fn free(&mut self, addr: i64) -> bool {
        let Some(mut len) = usize::try_from(addr)
            .ok()
            .and_then(|a| self.used.remove(&a))
        else {
            return false;
        };
        let mut start = addr as usize;
        if let Some((&next, &nlen)) = self.free.range(start..).next()
            && start + len == next
        {
            self.free.remove(&next);
            len += nlen;
        }
        if let Some((&prev, &plen)) = self.free.range(..start).next_back()
            && prev + plen == start
        {
            self.free.remove(&prev);
            start = prev;
            len += plen;
        }
        self.free.insert(start, len);
        true
    }

    /// RESIZE: the new address (contents kept), or None (old block untouched).
    pub(crate) fn resize(&mut self, addr: i64, size: i64) -> Option<i64> {
        let old_len = *usize::try_from(addr).ok().and_then(|a| self.used.get(&a))?;
        let new = self.allocate(size)?;
        let n = old_len.min(size as usize);
        self.bytes
            .copy_within(addr as usize..addr as usize + n, new as usize);
        self.free(addr);
        Some(new)
    }

    /// The end of the highest live heap block (HEAP_START when none is).
    pub(crate) fn heap_top(&self) -> usize {
        self.used
            .last_key_value()
            .map_or(HEAP_START, |(&start, &len)| start + len)
    }

    /// A copy for `undo`: the system variables (but >IN, which belongs
    /// to the line being read), PAD and the buffers above it up to the line
    /// buffers, data space up to `dict_top`, the heap up to its highest
    /// live block and the heap's block lists, each chunk shared with
    /// `prev` where it is unchanged. Not kept: the pictured-output buffer
    /// (scratch between `<#` and `#>`) and the line buffers (the text
    /// being read).
    pub(crate) fn snapshot(&self, dict_top: usize, prev: Option<&MemorySnap>) -> MemorySnap {
        let empty = MemorySnap::default();
        let prev = prev.unwrap_or(&empty);
        let dict_top = dict_top.clamp(DICT_START, DICT_END);
        let mut sys = self.bytes[SYSVARS..HOLD_START].to_vec();
        sys[IN_ADDR - SYSVARS..IN_ADDR - SYSVARS + 8].fill(0);
        let blocks = (self.free.clone(), self.used.clone());
        MemorySnap {
            sys: snapshot::chunks(&sys, CHUNK, &prev.sys),
            pad: snapshot::chunks(&self.bytes[PAD_ADDR..TIB_START], CHUNK, &prev.pad),
            dict: snapshot::chunks(&self.bytes[DICT_START..dict_top], CHUNK, &prev.dict),
            heap: snapshot::chunks(&self.bytes[HEAP_START..self.heap_top()], CHUNK, &prev.heap),
            blocks: Some(snapshot::shared(&blocks, prev.blocks.as_ref())),
        }
    }

    /// Put back what `snapshot` kept (>IN stays as it is). Data space
    /// between what it kept and `dict_top` (space allotted since) is zeroed
    /// again; heap beyond it is free again, and ALLOCATE zeroes a block
    /// before handing it out.
    pub(crate) fn restore(&mut self, s: &MemorySnap, dict_top: usize) {
        let put = |bytes: &mut [u8], chunks: &[Rc<[u8]>]| {
            let mut at = 0;
            for c in chunks {
                bytes[at..at + c.len()].copy_from_slice(c);
                at += c.len();
            }
            at
        };
        let to_in = self.cell(IN_ADDR as i64).unwrap_or(0);
        put(&mut self.bytes[SYSVARS..HOLD_START], &s.sys);
        let _ = self.set_cell(IN_ADDR as i64, to_in);
        put(&mut self.bytes[PAD_ADDR..TIB_START], &s.pad);
        let kept = put(&mut self.bytes[DICT_START..DICT_END], &s.dict);
        let top = dict_top.clamp(DICT_START + kept, DICT_END);
        self.bytes[DICT_START + kept..top].fill(0);
        put(&mut self.bytes[HEAP_START..], &s.heap);
        if let Some(b) = &s.blocks {
            (self.free, self.used) = (**b).clone();
        }
    }

    /// Whether the data space and heap (what programs keep there, not the
    /// system variables and buffers) differ between two copies.
    pub(crate) fn data_differs(a: &MemorySnap, b: &MemorySnap) -> bool {
        let content = |x: &[Rc<[u8]>]| {
            x.iter()
                .flat_map(|c| c.iter().copied())
                .collect::<Vec<u8>>()
        };
        !(snapshot::same(&a.dict, &b.dict) || content(&a.dict) == content(&b.dict))
            || !(snapshot::same(&a.heap, &b.heap) || content(&a.heap) == content(&b.heap))
    }

    /// Bytes of heap in live blocks.
    #[cfg(test)]
    pub fn heap_in_use(&self) -> usize {
        self.used.values().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_and_end_are_rejected() {
        let m = Memory::new();
        assert!(m.cell(0).is_err());
        assert!(m.cell(MEM_SIZE as i64 - 7).is_err());
        assert!(m.cell(-8).is_err());
        assert!(m.cell(i64::MAX).is_err());
        assert!(m.cell(DICT_START as i64).is_ok());
    }

    #[test]
    fn heap_blocks_coalesce() {
        let mut m = Memory::new();
        let a = m.allocate(100).unwrap();
        let b = m.allocate(100).unwrap();
        assert!(m.free(a));
        assert!(!m.free(a));
        assert!(m.free(b));
        assert_eq!(m.free.len(), 1);
        assert_eq!(m.heap_in_use(), 0);
        assert!(m.allocate(HEAP_SIZE as i64 + 1).is_none());
    }
}
