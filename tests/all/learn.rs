//! The guided course: every built-in lesson parses and its reference
//! answer passes its own checks; wrong answers get a useful report.

use playforth::learn::{self, Answer, Lesson};
use std::path::PathBuf;

fn lessons_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/lessons")
}

#[test]
fn the_built_in_course_is_the_lessons_folder() {
    let mut files: Vec<String> = std::fs::read_dir(lessons_dir())
        .expect("docs/lessons")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .collect();
    files.sort();
    let built_in: Vec<&str> = learn::BUILTIN.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        built_in, files,
        "learn::BUILTIN must list docs/lessons/*.md in order"
    );
    for (name, text) in learn::BUILTIN {
        let on_disk = std::fs::read_to_string(lessons_dir().join(name)).expect("lesson");
        assert_eq!(*text, on_disk);
        if let Err(e) = Lesson::parse(name, text) {
            panic!("{e}");
        }
    }
    assert_eq!(
        learn::load_dir(&lessons_dir()).expect("folder loads"),
        learn::builtin()
    );
}

#[test]
fn every_reference_answer_passes() {
    let lessons = learn::builtin();
    assert!(lessons.len() >= 10, "{} lessons", lessons.len());
    for l in &lessons {
        let r = learn::check(
            l,
            &Answer::Text {
                name: "answer",
                code: &l.answer,
            },
            None,
        );
        assert!(r.passed(), "lesson {}: its answer fails:\n{r}", l.name);
        assert!(r.load_error.is_none(), "{r}");
        assert!(!l.hint.is_empty() && !l.exercise.is_empty(), "{}", l.name);
    }
}

/// Each lesson's checks catch a word that does nothing: no check passes
/// by accident.
#[test]
fn every_lesson_rejects_an_empty_answer() {
    for l in learn::builtin() {
        let r = learn::check(
            &l,
            &Answer::Text {
                name: "answer",
                code: "",
            },
            None,
        );
        assert!(
            r.results.iter().all(|c| !c.passed),
            "lesson {}:\n{r}",
            l.name
        );
    }
}

fn report(lesson: &str, answer: &str) -> String {
    let lessons = learn::builtin();
    let i = learn::find(&lessons, lesson).expect("lesson");
    learn::check(
        &lessons[i],
        &Answer::Text {
            name: "answer.fs",
            code: answer,
        },
        None,
    )
    .to_string()
}

#[test]
fn a_wrong_answer_shows_each_check() {
    insta::assert_snapshot!(report("defining-words", ": c>f ( c -- f ) 5 / 9 * 32 + ;"));
}

#[test]
fn output_and_leftovers_are_both_checked() {
    insta::assert_snapshot!(report(
        "conditionals",
        ": .parity ( n -- ) dup 2 mod if .\" odd\" else .\" even\" then ;"
    ));
}

#[test]
fn errors_in_the_answer_are_reported_kindly() {
    insta::assert_snapshot!(report(
        "stack-words",
        ": cube ( n -- n^3 ) dup dup * * ;\n: oops dupp ;\n1 +"
    ));
}

#[test]
fn a_missing_word_and_a_crash_in_a_check() {
    insta::assert_snapshot!(report("recursion", ": factorial ( n -- n! ) 1- recurse ;"));
}
