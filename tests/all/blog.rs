//! The two rock-paper-scissors programs of the gForth blog (seed 002) load
//! and play unmodified. They are cut out of the seed page at test time (the
//! page's text is not copied into this repository), written to a temporary
//! folder, and played with keys piped into stdin.

use crate::common;

use std::path::PathBuf;

fn seed_page() -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
    let entry = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with("002_"))?;
    std::fs::read_to_string(entry.path()).ok()
}

/// The listings follow a "source listing" heading; the first ends where
/// the multi-player section starts, the second at its stray `xxx`.
fn listings(page: &str) -> (String, String) {
    const HEADING: &str = "原始程式碼列表";
    let lines: Vec<&str> = page.lines().collect();
    let heads: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.trim() == HEADING)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(heads.len(), 2, "the seed page has two listings");
    let end1 = (heads[0]..lines.len())
        .find(|&i| lines[i].starts_with("多使用者版本"))
        .expect("end of listing 1");
    let end2 = (heads[1]..lines.len())
        .find(|&i| lines[i].trim() == "xxx")
        .expect("the stray xxx");
    (
        lines[heads[0] + 1..end1].join("\n") + "\n",
        lines[heads[1] + 1..=end2].join("\n") + "\n",
    )
}

fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    common::run_playforth(args, stdin, None)
}

fn write_listings() -> Option<(String, String)> {
    let Some(page) = seed_page() else {
        let msg = "\n!!! ../shared/seeds/002_* is missing: the blog programs were NOT tested.\n";
        if std::env::var_os("PLAYFORTH_REQUIRE_SEEDS").is_some() {
            panic!("{msg}");
        }
        eprintln!("{msg}");
        return None;
    };
    let (one, five) = listings(&page);
    let dir = std::env::temp_dir().join(format!("playforth-blog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p1 = dir.join("rps.fs");
    let p5 = dir.join("rps5.fs");
    std::fs::write(&p1, one).expect("write");
    std::fs::write(&p5, five).expect("write");
    Some((
        p1.to_string_lossy().into_owned(),
        p5.to_string_lossy().into_owned(),
    ))
}

#[test]
fn blog_programs_load_and_play() {
    let Some((one, five)) = write_listings() else {
        return;
    };

    // One player against DR.K: three throws, then 0 to stop.
    let (out, err, status) = run(&["-e", &format!("include {one} Go")], "1x2\n30");
    assert_eq!(status, 0, "stderr: {err}");
    assert_eq!(err, "");
    insta::assert_snapshot!("blog_one_player", out);

    // Five players: the listing ends in a stray `xxx`, reported as an
    // undefined word; everything before it is defined, so `go` plays.
    let input = format!("include {five}\ngo\n{}", "2".repeat(40));
    let (out, err, status) = run(&[], &input);
    assert_eq!(status, 1, "the stray xxx makes the run fail");
    let err = err.replace(&five, "rps5.fs");
    insta::assert_snapshot!("blog_five_players_errors", err);
    insta::assert_snapshot!("blog_five_players", out);
}
