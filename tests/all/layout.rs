//! How the program is linked (src/build.rs, ARCHITECTURE.md "Peak memory"):
//! on Linux with the GNU C library, start-up's code and read-only data are
//! laid out ahead of the rest (src/startup.ld), in segments aligned to
//! 64 KiB. These tests read the section and program headers of the
//! binary the other tests run (ELF64, little-endian), so a build that
//! quietly stopped using the script fails here, not in a memory figure
//! nobody measures.

#![cfg(all(target_os = "linux", target_env = "gnu", target_endian = "little"))]

struct Elf {
    sections: Vec<(String, u64)>,
    load_aligns: Vec<u64>,
}

fn u16_at(b: &[u8], at: usize) -> usize {
    u16::from_le_bytes([b[at], b[at + 1]]) as usize
}

fn u32_at(b: &[u8], at: usize) -> u64 {
    u64::from(u32::from_le_bytes(b[at..at + 4].try_into().unwrap()))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

fn read_elf(path: &str) -> Elf {
    let b = std::fs::read(path).unwrap();
    assert_eq!(&b[..5], b"\x7fELF\x02", "{path} is not a 64-bit ELF file");
    let (phoff, shoff) = (u64_at(&b, 0x20) as usize, u64_at(&b, 0x28) as usize);
    let (phentsize, phnum) = (u16_at(&b, 0x36), u16_at(&b, 0x38));
    let (shentsize, shnum, shstrndx) = (u16_at(&b, 0x3a), u16_at(&b, 0x3c), u16_at(&b, 0x3e));
    let strtab = shoff + shstrndx * shentsize;
    let names_at = u64_at(&b, strtab + 0x18) as usize;
    let sections = (0..shnum)
        .map(|i| {
            let h = shoff + i * shentsize;
            let name = &b[names_at + u32_at(&b, h) as usize..];
            let name = &name[..name.iter().position(|&c| c == 0).unwrap()];
            (
                String::from_utf8_lossy(name).into_owned(),
                u64_at(&b, h + 0x20),
            )
        })
        .collect();
    let load_aligns = (0..phnum)
        .map(|i| phoff + i * phentsize)
        .filter(|&h| u32_at(&b, h) == 1) // PT_LOAD
        .map(|h| u64_at(&b, h + 0x30))
        .collect();
    Elf {
        sections,
        load_aligns,
    }
}

#[test]
fn start_up_code_and_data_are_laid_out_together() {
    let elf = read_elf(env!("CARGO_BIN_EXE_playforth"));
    let size = |name: &str| {
        elf.sections
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| *s)
    };
    // The script's sections exist and hold something: start-up runs
    // several hundred functions even in this (less optimised) test build,
    // whatever the script's names for them still match.
    let text = size(".text.startup").expect("no .text.startup: src/startup.ld was not used");
    let rodata = size(".rodata.startup").expect("no .rodata.startup: src/startup.ld was not used");
    assert!(text > 64 * 1024, ".text.startup has only {text} bytes");
    assert!(
        rodata > 16 * 1024,
        ".rodata.startup has only {rodata} bytes"
    );
    assert!(
        elf.load_aligns.iter().all(|&a| a == 0x10000),
        "segments aligned to {:?}",
        elf.load_aligns
    );
}

#[test]
fn the_startup_script_names_the_functions_it_places() {
    // Each placement names a function section, by a name with its hash left
    // out or kept (bench/startup-order.py), in the two output sections.
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/startup.ld")).unwrap();
    let placements = script
        .lines()
        .filter(|l| l.trim_start().starts_with("*(.text."))
        .count();
    assert!(
        placements > 300,
        "src/startup.ld places {placements} functions"
    );
    assert!(
        script.contains("} INSERT BEFORE .text;") && script.contains("} INSERT BEFORE .rodata;")
    );
}
