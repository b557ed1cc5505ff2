#![no_main]
//! cargo fuzz target `interpret`: see ../harness/src/lib.rs.

use libfuzzer_sys::fuzz_target;
use playforth_fuzz_harness as harness;

/// LeakSanitizer off by default: the harness keeps a system per thread on
/// purpose, and a leak scan of its ~100 MB of buffers after an input costs
/// ~50 ms; and no allocation stacks (playforth allocates a lot, and ASan
/// unwinding the stack at every malloc halves the speed). ASAN_OPTIONS
/// overrides these, e.g. `ASAN_OPTIONS=detect_leaks=1`.
#[unsafe(no_mangle)]
pub extern "C" fn __asan_default_options() -> *const std::ffi::c_char {
    c"detect_leaks=0:malloc_context_size=0".as_ptr()
}

fuzz_target!(|data: &[u8]| harness::interpret(data));
