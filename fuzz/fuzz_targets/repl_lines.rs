#![no_main]
//! cargo fuzz target `repl_lines` (issue 20): see ../harness/src/lib.rs.

use libfuzzer_sys::fuzz_target;
use playforth_fuzz_harness as harness;

/// As for `interpret`: no leak scan, no allocation stacks.
#[unsafe(no_mangle)]
pub extern "C" fn __asan_default_options() -> *const std::ffi::c_char {
    c"detect_leaks=0:malloc_context_size=0".as_ptr()
}

fuzz_target!(|data: &[u8]| harness::repl_lines(data));
