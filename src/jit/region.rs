//! Executable memory for the native tier on Linux: machine code in pages
//! of its own, written, then made read-only and executable (never both
//! writable and executable).

/// Machine code in pages of its own: written, then made read-only and
/// executable (never both writable and executable).
pub(super) struct Region {
    ptr: *mut libc::c_void,
    len: usize,
}

impl Region {
    pub(super) fn new(code: &[u8]) -> Option<Region> {
        let len = code.len().max(1).next_multiple_of(4096);
        // SAFETY: a fresh anonymous private mapping; the result is
        // checked before use.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return None;
        }
        let region = Region { ptr, len };
        // SAFETY: `ptr` is a writable mapping of `len >= code.len()`
        // bytes that nothing else refers to.
        unsafe {
            std::ptr::copy_nonoverlapping(code.as_ptr(), ptr as *mut u8, code.len());
        }
        #[cfg(target_arch = "aarch64")]
        sync_caches(ptr as usize, code.len());
        // SAFETY: the mapping is ours; from now on it is never written.
        let r = unsafe { libc::mprotect(ptr, len, libc::PROT_READ | libc::PROT_EXEC) };
        // (On failure `region` unmaps it as it drops.)
        (r == 0).then_some(region)
    }

    pub(super) fn addr(&self) -> usize {
        self.ptr as usize
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once, when the
        // system that owns it (and every word that could enter it) goes.
        unsafe {
            libc::munmap(self.ptr, self.len);
        }
    }
}

/// AArch64 fetches instructions through a cache that does not see data
/// writes: clean the data cache to the point of unification and
/// invalidate the instruction cache over the new code, as the
/// architecture prescribes for code written at run time.
#[cfg(target_arch = "aarch64")]
fn sync_caches(start: usize, len: usize) {
    let end = start + len;
    let ctr: u64;
    // SAFETY: reading CTR_EL0 (cache line sizes), which Linux lets user
    // code read; cleaning and invalidating cache lines of our own mapping
    // changes no memory.
    unsafe {
        std::arch::asm!("mrs {}, ctr_el0", out(reg) ctr);
        let dline = 4usize << ((ctr >> 16) & 0xF);
        let iline = 4usize << (ctr & 0xF);
        let mut a = start & !(dline - 1);
        while a < end {
            std::arch::asm!("dc cvau, {}", in(reg) a);
            a += dline;
        }
        std::arch::asm!("dsb ish");
        let mut a = start & !(iline - 1);
        while a < end {
            std::arch::asm!("ic ivau, {}", in(reg) a);
            a += iline;
        }
        std::arch::asm!("dsb ish", "isb");
    }
}
