//! A class on the server (`playforth serve --class NAME --data DIR`):
//! joining with the class's code, the guard on wrong guesses, and the
//! teacher's page's API (`/api/…`, behind the secret printed at start).
//! The records themselves are `db.rs`'s.

use super::db::{self, ClassField, Db, Joined, Student};
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A class as the server runs it.
pub struct ClassConfig {
    pub db: Db,
    pub id: i64,
    pub name: String,
    /// The course's key in the records: '' for the built-in course, else
    /// the lessons folder's full path (each course keeps its own progress).
    pub course: String,
    /// The course's lessons, read again when the teacher re-checks.
    course_lessons: Mutex<Lessons>,
    /// The most the records may take, in bytes.
    pub max_bytes: u64,
    /// Held while the server runs: one server a class.
    _lock: nix::fcntl::Flock<std::fs::File>,
}

/// A course's lessons as the server has them.
#[derive(Clone)]
pub struct Lessons {
    /// The lessons' files for the sessions ({file, text}), or null for the
    /// built-in course (compiled into every session). Shared: `lessons()`
    /// hands out copies of the list, not of the texts.
    pub files: Arc<Value>,
    /// (name, title, number of checks) of each lesson, in order.
    pub list: Vec<(String, String, usize)>,
}

impl Lessons {
    /// The built-in course's, or the files of a teacher's folder.
    fn read(course: &str) -> Result<Lessons, String> {
        if course.is_empty() {
            let list = playforth::learn::builtin()
                .into_iter()
                .map(|l| (l.name, l.title, l.checks.len()))
                .collect();
            return Ok(Lessons {
                files: Arc::new(Value::Null),
                list,
            });
        }
        read_lessons(Path::new(course))
    }

    /// (name, title) of each lesson.
    pub fn names(&self) -> Vec<(String, String)> {
        self.list
            .iter()
            .map(|(n, t, _)| (n.clone(), t.clone()))
            .collect()
    }
}

impl ClassConfig {
    /// The course's lessons now.
    pub fn lessons(&self) -> Lessons {
        self.course_lessons
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Read the lessons folder again (the teacher may have changed a
    /// lesson's checks): new sessions and re-checks use what it has now.
    pub fn reread_lessons(&self) -> Result<(), String> {
        if self.course.is_empty() {
            return Ok(());
        }
        let fresh = Lessons::read(&self.course)?;
        *self
            .course_lessons
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = fresh;
        Ok(())
    }

    pub fn has_lesson(&self, lesson: &str) -> bool {
        self.lessons().list.iter().any(|(n, _, _)| n == lesson)
    }

    pub fn title(&self, lesson: &str) -> String {
        self.lessons()
            .list
            .iter()
            .find(|(n, _, _)| n == lesson)
            .map_or_else(|| lesson.to_string(), |(_, t, _)| t.clone())
    }

    /// Whether the records have room for more hand-ins and shares.
    pub fn has_room(&self) -> bool {
        self.db.size() <= self.max_bytes
    }

    /// Why there is no more room.
    pub fn full_note(&self) -> String {
        format!(
            "the class's records have reached their {} MiB: the teacher can remove students \
             (or start the server with a larger --max-data-mib)",
            self.max_bytes >> 20
        )
    }

    /// The class's settings now (the teacher may have changed them).
    pub fn settings(&self) -> Result<db::Class, String> {
        self.db.reload(self.id).map_err(|e| e.to_string())
    }
}

/// Open (or make) the class's records and read its course.
pub fn open_class(
    name: &str,
    data: &Path,
    lessons: Option<&Path>,
    solutions: Option<&str>,
    new_secret: bool,
    max_bytes: u64,
) -> Result<ClassConfig, String> {
    let name = clean_name(name).map_err(|e| format!("--class: {e}"))?;
    if !data.exists() {
        // Made for the teacher alone (an existing folder is left as its
        // owner set it; the files in it are made readable by the server's
        // user only).
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(data)
            .map_err(|e| format!("--data {}: {e}", data.display()))?;
    }
    let lock = lock_class(data, &name)?;
    let db = Db::open(data)?;
    let course = match lessons {
        Some(dir) if dir == Path::new("builtin") && !dir.exists() => Some(String::new()),
        Some(dir) => Some(
            std::fs::canonicalize(dir)
                .map_err(|e| format!("--lessons {}: {e}", dir.display()))?
                .to_string_lossy()
                .into_owned(),
        ),
        None => None,
    };
    let class = db
        .class(&name, course.as_deref(), solutions, new_secret)
        .map_err(|e| format!("the class's records: {e}"))?;
    let lessons = Lessons::read(&class.course)?;
    Ok(ClassConfig {
        db,
        id: class.id,
        name: class.name,
        course: class.course,
        course_lessons: Mutex::new(lessons),
        max_bytes,
        _lock: lock,
    })
}

/// One server a class: two on the same records would each tell only their
/// own students what the teacher changed. A lock file in the data folder,
/// held while the server runs (the kernel lets it go if it dies).
fn lock_class(data: &Path, name: &str) -> Result<nix::fcntl::Flock<std::fs::File>, String> {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    name.hash(&mut h);
    let path = data.join(format!("class-{:016x}.lock", h.finish()));
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    nix::fcntl::Flock::lock(file, nix::fcntl::FlockArg::LockExclusiveNonblock).map_err(|_| {
        format!(
            "class {name} is served already by another playforth serve with --data {}: \
             stop that one first (one server a class)",
            data.display()
        )
    })
}

/// A teacher's lessons folder: every `*.md`, in file-name order (as
/// `--lessons` reads it at the terminal), each checked now so a mistake
/// shows before the class starts.
fn read_lessons(dir: &Path) -> Result<Lessons, String> {
    let mut files = Vec::new();
    let mut list = Vec::new();
    for (path, text) in playforth::learn::dir_texts(dir).map_err(|e| e.to_string())? {
        let lesson = playforth::learn::Lesson::parse(&path.display().to_string(), &text)
            .map_err(|e| e.to_string())?;
        list.push((lesson.name, lesson.title, lesson.checks.len()));
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        files.push(json!({"file": file, "text": text}));
    }
    Ok(Lessons {
        files: Arc::new(Value::Array(files)),
        list,
    })
}

/// The longest display name, in characters.
pub const MAX_NAME: usize = 40;

/// Characters that show nothing (or look like a space) and could make two
/// names that look the same differ: Unicode's default-ignorable code
/// points and the blanks that draw as nothing, taken out of every name.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}'
        | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}' | '\u{2800}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}'
        | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fff8}' | '\u{1bca0}'..='\u{1bca3}'
        | '\u{13430}'..='\u{1343f}' | '\u{1d159}' | '\u{1d173}'..='\u{1d17a}'
        | '\u{e0000}'..='\u{e0fff}')
}

/// At most this many combining marks on one letter (more pile up over the
/// rows above on the teacher's page).
const MAX_MARKS: usize = 2;

/// A display name as it is kept: control and invisible characters out,
/// runs of spaces one space, 1 to 40 characters with a letter or digit.
/// Anything else (HTML included) is kept as text: every page shows it as
/// text.
pub fn clean_name(raw: &str) -> Result<String, String> {
    let mut marks = 0;
    let cleaned: String = raw
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control() && !invisible(*c))
        .filter(|&c| {
            marks = if unicode_normalization::char::is_combining_mark(c) {
                marks + 1
            } else {
                0
            };
            marks <= MAX_MARKS
        })
        .collect();
    let name = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    match name.chars().count() {
        0 => Err("a name needs a letter or two".to_string()),
        n if n > MAX_NAME => Err(format!(
            "a name may be at most {MAX_NAME} characters (this one has {n})"
        )),
        _ if !name.chars().any(char::is_alphanumeric) => {
            Err("a name needs a letter or two".to_string())
        }
        _ => Ok(name),
    }
}

/// What a name looks like, for telling two names apart: NFKC (fullwidth
/// Ａ is A), then Unicode's confusables skeleton (UTS #39:
/// Cyrillic а, Greek Α, Cherokee Ꭺ, Lisu ꓮ … are the Latin letters they
/// look like), spaces and invisible characters left out. Two students
/// whose names have the same key would look the same on the teacher's
/// page: the second is refused.
pub fn name_keys(name: &str) -> [String; 2] {
    use unicode_normalization::UnicodeNormalization;
    let plain: String = name
        .nfkc()
        .filter(|c| !invisible(*c) && !c.is_whitespace())
        .collect();
    let key = |s: &str| -> String {
        super::confusables::skeleton(s)
            .flat_map(char::to_lowercase)
            .filter(|c| !invisible(*c) && !c.is_whitespace())
            .collect()
    };
    // Small letters first (I and i, whose skeletons differ) and capitals
    // first (Greek Ν is N, but its small ν looks like v): two names that
    // agree either way look the same.
    let lower: String = plain.chars().flat_map(char::to_lowercase).collect();
    [key(&lower), key(&plain)]
}

/// Whether two names look the same (their keys meet).
pub fn look_alike(a: &str, b: &str) -> bool {
    let (a, b) = (name_keys(a), name_keys(b));
    a.iter().any(|k| b.contains(k))
}

/// Names a student may not take: the pages use "teacher" for the teacher
/// (so no name with the word in it, whatever the punctuation around it),
/// and the server's own.
fn reserved(name: &str) -> bool {
    name_keys(name).iter().any(|key| {
        let letters: String = key.chars().filter(|c| c.is_alphanumeric()).collect();
        letters.contains("teacher")
            || letters.contains("teach3r")
            || ["playforth", "server", "admin"].contains(&letters.as_str())
    })
}

/// Events per address (wrong join codes, new students, wrong secrets):
/// after `limit` in `WINDOW`, that address waits.
pub struct Guard {
    limit: usize,
    seen: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

/// Wrong codes (a join code is short: guessing it must be slow) and wrong
/// teacher's secrets, per address, in ten minutes.
pub const MAX_FAILURES: usize = 30;
/// New students from one address in ten minutes (a prank that fills the
/// class with names).
pub const MAX_NEW_STUDENTS: usize = 40;
const WINDOW: Duration = Duration::from_secs(600);

/// The guards on joining: wrong codes, and new students.
pub struct JoinGuards {
    pub wrong: Guard,
    pub new: Guard,
}

impl Default for JoinGuards {
    fn default() -> JoinGuards {
        JoinGuards {
            wrong: Guard::new(MAX_FAILURES),
            new: Guard::new(MAX_NEW_STUDENTS),
        }
    }
}

impl Guard {
    pub fn new(limit: usize) -> Guard {
        Guard {
            limit,
            seen: Mutex::default(),
        }
    }

    /// How long `ip` must wait before trying again, if it must.
    pub fn wait(&self, ip: IpAddr) -> Option<Duration> {
        let mut f = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        let q = f.get_mut(&ip)?;
        while q.front().is_some_and(|t| t.elapsed() > WINDOW) {
            q.pop_front();
        }
        if q.len() >= self.limit {
            q.front().map(|t| WINDOW.saturating_sub(t.elapsed()))
        } else {
            None
        }
    }

    /// Count one more for `ip`.
    pub fn failed(&self, ip: IpAddr) {
        let mut f = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        // Bounded: addresses whose events are all old go first.
        if f.len() > 10_000 {
            f.retain(|_, q| q.back().is_some_and(|t| t.elapsed() < WINDOW));
        }
        let q = f.entry(ip).or_default();
        q.push_back(Instant::now());
        while q.len() > self.limit {
            q.pop_front();
        }
    }
}

/// Minutes, for a person: "4 minutes".
pub fn minutes(d: Duration) -> String {
    match d.as_secs().div_ceil(60) {
        1 => "a minute".to_string(),
        n => format!("{n} minutes"),
    }
}

/// Equal, in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// A page's join message, answered: the student, or why not (and
/// whether the page should forget its token).
pub fn join(
    class: &ClassConfig,
    guards: &JoinGuards,
    ip: IpAddr,
    msg: &Value,
) -> Result<Student, (String, bool)> {
    let guard = &guards.wrong;
    if let Some(wait) = guard.wait(ip) {
        return Err((
            format!(
                "Too many wrong codes from this computer: try again in {}. \
                 Your teacher can show the code again.",
                minutes(wait)
            ),
            false,
        ));
    }
    let internal = |e: rusqlite::Error| {
        (
            format!("The class's records could not be read ({e}): try again in a moment."),
            false,
        )
    };
    if let Some(token) = msg["token"].as_str() {
        return match class
            .db
            .student_by_token(class.id, token)
            .map_err(internal)?
        {
            Some(s) => Ok(s),
            None => {
                guard.failed(ip);
                Err((
                    "This browser's place in the class is not known here: join again with the code."
                        .to_string(),
                    true,
                ))
            }
        };
    }
    let code: String = msg["code"]
        .as_str()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_ascii_uppercase();
    let settings = class.settings().map_err(|e| (e, false))?;
    if !same_secret(&code, &settings.join_code) {
        guard.failed(ip);
        return Err((
            "That is not this class's code: check it with your teacher.".to_string(),
            false,
        ));
    }
    let name = clean_name(msg["name"].as_str().unwrap_or("")).map_err(|e| (e, false))?;
    if let Some(wait) = guards.new.wait(ip) {
        return Err((
            format!(
                "Many students joined from this computer just now: try again in {}, or ask your teacher.",
                minutes(wait)
            ),
            false,
        ));
    }
    if reserved(&name) {
        return Err((
            format!("{name} is kept for the teacher's page: choose your own name."),
            false,
        ));
    }
    match class
        .db
        .join(class.id, &name, look_alike)
        .map_err(internal)?
    {
        Joined::Yes(s) => {
            guards.new.failed(ip);
            Ok(s)
        }
        Joined::NameTaken => Err((
            format!(
                "Someone in this class is already called {name} (or a name that looks the same). \
                 If that is you, use the browser you joined with (or ask your teacher); else \
                 add a letter to your name."
            ),
            false,
        )),
        Joined::Full => Err((
            format!(
                "This class has {} students already: ask your teacher.",
                db::MAX_STUDENTS
            ),
            false,
        )),
    }
}

/// An answer to the teacher's page: status, content type, body.
pub type Answer = (u16, &'static str, Vec<u8>);

fn json_answer(status: u16, v: Value) -> Answer {
    (status, "application/json", v.to_string().into_bytes())
}

pub fn problem(status: u16, what: &str) -> Answer {
    json_answer(status, json!({"error": what}))
}

/// Check a lesson's hand-ins again: (lesson, hand-ins) → results.
pub type Recheck<'a> = &'a dyn Fn(&str, Vec<Value>) -> Result<Vec<Value>, String>;

/// A call to the API, as it came.
pub struct Request<'a> {
    pub ip: IpAddr,
    pub method: &'a str,
    pub target: &'a str,
    /// The Authorization header.
    pub auth: Option<&'a str>,
    pub body: &'a [u8],
}

/// What the API needs of the server beyond the class.
pub struct ApiContext<'a> {
    /// The students with a session now.
    pub online: Vec<i64>,
    /// Check hand-ins again in a fenced process: (lesson, hand-ins as
    /// JSON) → results by id.
    pub recheck: Recheck<'a>,
    /// Tell the running sessions the class's settings changed.
    pub changed: &'a dyn Fn(),
    /// End the sessions of a student the teacher removed.
    pub removed: &'a dyn Fn(i64),
}

/// The most a teacher's page may post.
pub const MAX_BODY: usize = 512 * 1024;

/// `/api/…` for the teacher's page.
pub fn api(class: &ClassConfig, guard: &Guard, req: &Request, cx: &ApiContext) -> Answer {
    let Request {
        ip,
        method,
        target,
        auth,
        body,
    } = *req;
    if let Some(wait) = guard.wait(ip) {
        return problem(
            429,
            &format!(
                "too many wrong secrets from this address: wait {}",
                minutes(wait)
            ),
        );
    }
    let settings = match class.settings() {
        Ok(s) => s,
        Err(e) => return problem(500, &format!("the class's records: {e}")),
    };
    let given = auth
        .and_then(|a| a.strip_prefix("Bearer "))
        .map(str::trim)
        .unwrap_or("");
    if !same_secret(given, &settings.secret) {
        // A page opened without its secret is no guess.
        if !given.is_empty() {
            guard.failed(ip);
        }
        return problem(
            401,
            "this page needs the teacher's link printed by `playforth serve --class` (its secret, after #)",
        );
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let fail = |e: rusqlite::Error| problem(500, &format!("the class's records: {e}"));
    match (method, path) {
        ("GET", "/api/class") => {
            match class
                .db
                .overview(&settings, &class.lessons().names(), &cx.online)
            {
                Ok(v) => json_answer(200, v),
                Err(e) => fail(e),
            }
        }
        ("GET", "/api/student") => {
            let id = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("id="))
                .and_then(|v| v.parse::<i64>().ok());
            let Some(id) = id else {
                return problem(400, "which student? /api/student?id=N");
            };
            match class.db.student(class.id, id, &|l| class.title(l)) {
                Ok(Some(v)) => json_answer(200, v),
                Ok(None) => problem(404, "no such student in this class"),
                Err(e) => fail(e),
            }
        }
        ("GET", "/api/export.csv") => match class.db.csv(&settings, &class.lessons().names()) {
            Ok(text) => (200, "text/csv; charset=utf-8", text.into_bytes()),
            Err(e) => fail(e),
        },
        ("POST", "/api/return") => {
            let (Some(id), Some(comment)) = (body["handin"].as_i64(), body["comment"].as_str())
            else {
                return problem(400, "{\"handin\": N, \"comment\": \"...\"}");
            };
            if comment.chars().count() > 4000 {
                return problem(400, "a comment may be at most 4000 characters");
            }
            match class.db.give_back(class.id, id, comment) {
                Ok(true) => json_answer(200, json!({"ok": true})),
                Ok(false) => problem(404, "no such hand-in in this class"),
                Err(e) => fail(e),
            }
        }
        ("POST", "/api/recheck") => {
            let lesson = body["lesson"].as_str().unwrap_or("");
            // The lessons as they are now: a check the teacher changed
            // counts.
            if let Err(e) = class.reread_lessons() {
                return problem(400, &format!("the lessons folder has a mistake: {e}"));
            }
            if !class.has_lesson(lesson) {
                return problem(404, "no such lesson in this class's course");
            }
            let stored = match class.db.handins_of(class.id, &class.course, lesson) {
                Ok(s) => s,
                Err(e) => return fail(e),
            };
            let jobs: Vec<Value> = stored
                .iter()
                .map(|h| {
                    let inputs: Value = h
                        .inputs
                        .as_deref()
                        .and_then(|i| serde_json::from_str(i).ok())
                        .unwrap_or(Value::Null);
                    json!({"id": h.id, "source": h.source, "program": h.program, "inputs": inputs})
                })
                .collect();
            let jobs_count = jobs.len();
            let results = match (cx.recheck)(lesson, jobs) {
                Ok(r) => r,
                Err(e) => return problem(500, &e),
            };
            let (mut changed, mut ok_count) = (0, 0);
            for r in &results {
                let Some(id) = r["id"].as_i64() else { continue };
                let ok = r["ok"].as_bool().unwrap_or(false);
                ok_count += ok as i64;
                if stored.iter().any(|h| h.id == id && h.ok != ok) {
                    changed += 1;
                }
                if let Err(e) = class.db.rechecked(
                    id,
                    r["passed"].as_i64().unwrap_or(0),
                    r["total"].as_i64().unwrap_or(0),
                    ok,
                    r["report"].as_str().unwrap_or(""),
                ) {
                    return fail(e);
                }
            }
            let skipped = jobs_count - results.len();
            json_answer(
                200,
                json!({"lesson": lesson, "rechecked": results.len(), "changed": changed,
                       "ok": ok_count, "skipped": skipped}),
            )
        }
        ("POST", "/api/remove") => {
            let Some(id) = body["student"].as_i64() else {
                return problem(400, "{\"student\": N}");
            };
            match class.db.remove_student(class.id, id) {
                Ok(true) => {
                    (cx.removed)(id);
                    json_answer(200, json!({"ok": true}))
                }
                Ok(false) => problem(404, "no such student in this class"),
                Err(e) => fail(e),
            }
        }
        ("POST", "/api/rotate") => {
            let secret = db::new_secret();
            match class
                .db
                .set_class_field(class.id, ClassField::Secret, &secret)
            {
                Ok(()) => json_answer(200, json!({"secret": secret})),
                Err(e) => fail(e),
            }
        }
        ("POST", "/api/join-code") => {
            let code = db::new_join_code();
            match class
                .db
                .set_class_field(class.id, ClassField::JoinCode, &code)
            {
                Ok(()) => json_answer(200, json!({"join_code": code})),
                Err(e) => fail(e),
            }
        }
        ("POST", "/api/solutions") => {
            let policy = match (body["mode"].as_str(), body["date"].as_str()) {
                (Some(m @ ("on" | "off")), _) => m.to_string(),
                (Some("after"), Some(d))
                    if chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok() =>
                {
                    format!("after:{d}")
                }
                _ => return problem(400, "mode on, off, or after with a date YYYY-MM-DD"),
            };
            match class
                .db
                .set_class_field(class.id, ClassField::Solutions, &policy)
            {
                Ok(()) => {
                    (cx.changed)();
                    json_answer(200, json!({"ok": true}))
                }
                Err(e) => fail(e),
            }
        }
        ("POST", "/api/share") => {
            let program = body["program"].as_str().unwrap_or("");
            if program.trim().is_empty() || program.len() > super::MAX_LINE {
                return problem(400, "a program to share: some text, at most 256 KiB");
            }
            if class.db.size() > class.max_bytes {
                return problem(507, &class.full_note());
            }
            match class.db.share(class.id, None, program) {
                Ok(Some(id)) => json_answer(200, json!({"link": format!("/#s={id}")})),
                Ok(None) => problem(400, "too many shared programs"),
                Err(e) => fail(e),
            }
        }
        (_, p) if p.starts_with("/api/") => problem(404, "no such API call"),
        _ => problem(404, "not found"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_control_characters_and_keep_html_as_text() {
        assert_eq!(clean_name("  Ada \t Lovelace\n").unwrap(), "Ada Lovelace");
        assert_eq!(clean_name("A\u{7}d\u{202e}a").unwrap(), "Ada");
        assert_eq!(
            clean_name("<img src=x onerror=alert(1)>").unwrap(),
            "<img src=x onerror=alert(1)>"
        );
        assert!(clean_name("\u{1}\u{2} ").is_err());
        assert_eq!(clean_name("Ana\u{2060}\u{ad}\u{e0020}").unwrap(), "Ana");
        assert!(clean_name("\u{3164}\u{2800}").is_err());
        assert!(clean_name("!!!").is_err());
        let piled = format!("A{}", "\u{300}".repeat(39));
        assert_eq!(clean_name(&piled).unwrap().chars().count(), 1 + MAX_MARKS);
        assert!(clean_name(&"x".repeat(41)).is_err());
    }

    #[test]
    fn names_that_look_the_same_have_one_key() {
        for same in [
            "ana",
            "Аna",
            "Ａｎａ",
            "A n a",
            "ΑΝΑ",
            "ꓮna",
            "Ꭺna",
            "Aոa",
            "Ana\u{fff0}",
            "Ana\u{e0fff}",
        ] {
            assert!(look_alike(same, "Ana"), "{same}");
        }
        assert!(look_alike("<IMG SRC=X>", "<img src=x>"));
        assert!(!look_alike("Anna", "Ana"));
        assert!(!look_alike("José", "Jose"));
        assert!(reserved("Your  Teacher"));
        for posing in ["teacher.", "your teacher:", "teacհer", "Ꭲeacher 🍎"] {
            assert!(reserved(posing), "{posing}");
        }
        assert!(!reserved("Tea"));
    }

    #[test]
    fn a_guard_stops_an_address_at_its_limit() {
        let g = Guard::new(10);
        let ip: IpAddr = "10.0.0.7".parse().unwrap();
        let other: IpAddr = "10.0.0.8".parse().unwrap();
        for _ in 0..9 {
            g.failed(ip);
        }
        assert!(g.wait(ip).is_none());
        g.failed(ip);
        assert!(g.wait(ip).is_some());
        assert!(g.wait(other).is_none());
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "ab"));
        assert!(!same_secret("", "a"));
    }
}
