//! The course in a session: `learn::Course` as the terminal has it, plus
//! what a class needs of it — the student's progress comes from the
//! class's database and goes back to it (as messages to the server), the
//! teacher may keep `solution` closed, and what the student typed is kept
//! so it can be handed in, shared or restored next time.

use playforth::learn::{self, Answer, Course, Lesson, Typed};
use playforth::{Interrupt, Tutor};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// The most typed text kept for hand-ins and sharing (as the course keeps
/// for its checks).
const MAX_KEPT_BYTES: usize = 1 << 20;

/// Send a message to the server (the session's stdout).
pub type Say = Arc<dyn Fn(&Value) + Send + Sync>;

/// What the student typed this session, input by input.
#[derive(Default)]
pub struct Kept {
    inputs: VecDeque<Typed>,
    bytes: usize,
}

impl Kept {
    fn push(&mut self, text: &str) {
        self.inputs.push_back(Typed::new(text));
        self.bytes += text.len();
        while self.bytes > MAX_KEPT_BYTES {
            match self.inputs.pop_front() {
                Some(old) => self.bytes -= old.text.len(),
                None => break,
            }
        }
    }

    /// The inputs worth handing in: not those stopped with Ctrl-C (an
    /// endless loop) and not the course's own words.
    pub fn program(&self) -> Vec<String> {
        self.inputs
            .iter()
            .filter(|t| !t.interrupted && !is_course_command(&t.text))
            .map(|t| t.text.clone())
            .collect()
    }
}

/// `learn 3`, `check`, `hint` …: typed to the course, not part of a
/// program.
fn is_course_command(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.first().map(|w| w.to_ascii_lowercase()) {
        Some(w) => {
            matches!(
                w.as_str(),
                "learn" | "lessons" | "check" | "hint" | "solution" | "next-lesson"
            ) && words.len() <= 2
        }
        None => true,
    }
}

/// Who may see `solution`: "on", "off" or "after:YYYY-MM-DD" (from that
/// day, in the server's time zone).
pub fn solutions_open(policy: &str) -> bool {
    match policy.split_once(':') {
        Some(("after", date)) => chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
            .is_ok_and(|d| chrono::Local::now().date_naive() >= d),
        _ => policy != "off",
    }
}

/// The course of one session in a class (or of a session with no class:
/// then nothing is reported and `solution` is open).
pub struct ClassTutor {
    pub course: Course,
    pub kept: Arc<Mutex<Kept>>,
    pub solutions: Arc<Mutex<String>>,
    pub say: Say,
    /// Report progress to the server (class mode).
    pub report: bool,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl ClassTutor {
    fn tell_place(&mut self) {
        if self.report
            && let Some(name) = self.course.current_lesson()
        {
            (self.say)(&json!({"t": "lesson", "current": name}));
        }
    }
}

/// How many of a report's checks passed, of how many.
pub fn counts(report: &learn::Report) -> (usize, usize) {
    (
        report.results.iter().filter(|r| r.passed).count(),
        report.results.len(),
    )
}

impl Tutor for ClassTutor {
    fn learn(&mut self, which: Option<&str>) -> Result<String, String> {
        let r = self.course.learn(which);
        self.tell_place();
        r
    }
    fn list(&mut self) -> String {
        self.course.list()
    }
    fn check(&mut self) -> String {
        let s = self.course.check();
        if let Some((lesson, report)) = self.course.take_last_check()
            && self.report
            && !report.interrupted
        {
            let (passed, total) = counts(&report);
            (self.say)(&json!({"t": "checked", "lesson": lesson, "passed": passed,
                               "total": total, "ok": report.passed()}));
        }
        s
    }
    fn hint(&mut self) -> String {
        self.course.hint()
    }
    fn solution(&mut self) -> String {
        let policy = lock(&self.solutions).clone();
        if solutions_open(&policy) {
            return self.course.solution();
        }
        match policy.split_once(':') {
            Some(("after", date)) => format!(
                "Your teacher opens the solutions on {date}. Until then: `hint`, or ask your teacher.\n"
            ),
            _ => "Your teacher has closed the solutions for this class: `hint` helps, \
                  and so does your teacher.\n"
                .to_string(),
        }
    }
    fn next(&mut self) -> String {
        let s = self.course.next();
        self.tell_place();
        s
    }
    fn record(&mut self, input: &str) {
        self.course.record(input);
        lock(&self.kept).push(input);
    }
    fn mark_interrupted(&mut self) {
        self.course.mark_interrupted();
        if let Some(last) = lock(&self.kept).inputs.back_mut() {
            last.interrupted = true;
        }
    }
    fn forget_last(&mut self, n: usize) {
        self.course.forget_last(n);
        let mut k = lock(&self.kept);
        for _ in 0..n {
            match k.inputs.pop_back() {
                Some(old) => k.bytes -= old.text.len(),
                None => break,
            }
        }
    }
    fn attach_interrupt(&mut self, irq: Interrupt) {
        self.course.attach_interrupt(irq);
    }
}

/// Check a hand-in against `lesson`: the session's inputs (replayed as
/// `check` does) or a file's text. The `handed` message for the server.
pub fn hand_in(lesson: &Lesson, inputs: Option<&[String]>, file: Option<(&str, &str)>) -> Value {
    let irq = Interrupt::new();
    let (report, source, program, inputs_json) = match (file, inputs) {
        (Some((name, text)), _) => {
            let answer = Answer::Text { name, code: text };
            let r = learn::check_with(lesson, &answer, Some(learn::TIME_LIMIT), &irq);
            (r, name.to_string(), text.to_string(), Value::Null)
        }
        (None, inputs) => {
            let inputs = inputs.unwrap_or(&[]);
            let typed: Vec<Typed> = inputs.iter().map(|t| Typed::new(t)).collect();
            let answer = Answer::Session {
                before: &[],
                lesson: &typed,
            };
            let r = learn::check_with(lesson, &answer, Some(learn::TIME_LIMIT), &irq);
            (r, "session".to_string(), inputs.join("\n"), json!(inputs))
        }
    };
    let (passed, total) = counts(&report);
    json!({
        "t": "handed", "lesson": lesson.name, "title": lesson.title, "source": source,
        "program": program, "inputs": inputs_json, "passed": passed, "total": total,
        "ok": report.passed(), "report": report.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn course_words_and_stopped_lines_are_not_handed_in() {
        let mut k = Kept::default();
        for l in [": sq dup * ;", "learn 3", "check", "begin again", "3 sq ."] {
            k.push(l);
        }
        k.inputs[3].interrupted = true;
        assert_eq!(k.program(), vec![": sq dup * ;", "3 sq ."]);
    }

    #[test]
    fn solutions_follow_the_teachers_setting() {
        assert!(solutions_open("on"));
        assert!(!solutions_open("off"));
        assert!(solutions_open("after:2000-01-01"));
        assert!(!solutions_open("after:2999-01-01"));
        // A date that does not parse keeps them closed.
        assert!(!solutions_open("after:garbage"));
    }
}
