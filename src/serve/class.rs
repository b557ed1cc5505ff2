//! A class on the server (`playforth serve --class NAME --data DIR`):
//! joining with the class's code, the guard on wrong guesses, and the
//! teacher's page's API (`/api/…`, behind the secret printed at start).
//! The records themselves are `db.rs`'s.

use super::db::{self, ClassField, Db, Joined, Student};
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A class as the server runs it.
pub struct ClassConfig {
    pub db: Db,
    pub id: i64,
    pub name: String,
    /// The course's key in the records: '' for the built-in course, else
    /// the lessons folder's full path (each course keeps its own progress).
    pub course: String,
    /// The lessons' files for the sessions ({file, text}), or null for the
    /// built-in course (compiled into every session).
    pub lesson_files: Value,
    /// (name, title) of each lesson, in order.
    pub lessons: Vec<(String, String)>,
}

impl ClassConfig {
    pub fn title(&self, lesson: &str) -> String {
        self.lessons
            .iter()
            .find(|(n, _)| n == lesson)
            .map_or_else(|| lesson.to_string(), |(_, t)| t.clone())
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
) -> Result<ClassConfig, String> {
    let name = clean_name(name).map_err(|e| format!("--class: {e}"))?;
    std::fs::create_dir_all(data).map_err(|e| format!("--data {}: {e}", data.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(data, std::fs::Permissions::from_mode(0o700));
    }
    let db = Db::open(data)?;
    let course = match lessons {
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
    let (lesson_files, lessons) = if class.course.is_empty() {
        let list = playforth::learn::builtin()
            .into_iter()
            .map(|l| (l.name, l.title))
            .collect();
        (Value::Null, list)
    } else {
        read_lessons(Path::new(&class.course))?
    };
    if lessons.is_empty() {
        return Err(format!("{} has no lessons (*.md files)", class.course));
    }
    Ok(ClassConfig {
        db,
        id: class.id,
        name: class.name,
        course: class.course,
        lesson_files,
        lessons,
    })
}

/// A teacher's lessons folder: every `*.md`, in file-name order (as
/// `--lessons` reads it at the terminal), each checked now so a mistake
/// shows before the class starts.
fn read_lessons(dir: &Path) -> Result<(Value, Vec<(String, String)>), String> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("the class's lessons, {}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md") && p.is_file())
        .collect();
    names.sort();
    let mut files = Vec::new();
    let mut list = Vec::new();
    for path in names.into_iter().take(500) {
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let lesson = playforth::learn::Lesson::parse(&path.to_string_lossy(), &text)
            .map_err(|e| e.to_string())?;
        list.push((lesson.name, lesson.title));
        files.push(json!({"file": file, "text": text}));
    }
    Ok((Value::Array(files), list))
}

/// The longest display name, in characters.
pub const MAX_NAME: usize = 40;

/// A display name as it is kept: control characters out, runs of spaces
/// one space, 1 to 40 characters. Anything else (HTML included) is kept
/// as text: every page shows it as text.
pub fn clean_name(raw: &str) -> Result<String, String> {
    let cleaned: String = raw
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control() && !matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'))
        .collect();
    let name = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    match name.chars().count() {
        0 => Err("a name needs a letter or two".to_string()),
        n if n > MAX_NAME => Err(format!(
            "a name may be at most {MAX_NAME} characters (this one has {n})"
        )),
        _ => Ok(name),
    }
}

/// Wrong join codes and teacher's secrets, per address: after
/// `MAX_FAILURES` in `WINDOW`, that address waits.
#[derive(Default)]
pub struct Guard {
    failures: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

const MAX_FAILURES: usize = 10;
const WINDOW: Duration = Duration::from_secs(600);

impl Guard {
    /// How long `ip` must wait before trying again, if it must.
    pub fn wait(&self, ip: IpAddr) -> Option<Duration> {
        let mut f = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let q = f.get_mut(&ip)?;
        while q.front().is_some_and(|t| t.elapsed() > WINDOW) {
            q.pop_front();
        }
        if q.len() >= MAX_FAILURES {
            q.front().map(|t| WINDOW.saturating_sub(t.elapsed()))
        } else {
            None
        }
    }

    pub fn failed(&self, ip: IpAddr) {
        let mut f = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        // Bounded: addresses whose failures are all old go first.
        if f.len() > 10_000 {
            f.retain(|_, q| q.back().is_some_and(|t| t.elapsed() < WINDOW));
        }
        let q = f.entry(ip).or_default();
        q.push_back(Instant::now());
        while q.len() > MAX_FAILURES {
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
    guard: &Guard,
    ip: IpAddr,
    msg: &Value,
) -> Result<Student, (String, bool)> {
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
    match class.db.join(class.id, &name).map_err(internal)? {
        Joined::Yes(s) => Ok(s),
        Joined::NameTaken => Err((
            format!(
                "Someone in this class is already called {name}. If that is you, use the \
                 browser you joined with (or ask your teacher); else add a letter to your name."
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

fn problem(status: u16, what: &str) -> Answer {
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
        guard.failed(ip);
        return problem(
            401,
            "this page needs the teacher's link printed by `playforth serve --class` (its secret, after #)",
        );
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let fail = |e: rusqlite::Error| problem(500, &format!("the class's records: {e}"));
    match (method, path) {
        ("GET", "/api/class") => match class.db.overview(&settings, &class.lessons, &cx.online) {
            Ok(v) => json_answer(200, v),
            Err(e) => fail(e),
        },
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
        ("GET", "/api/export.csv") => match class.db.csv(&settings, &class.lessons) {
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
            if !class.lessons.iter().any(|(n, _)| n == lesson) {
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
            json_answer(
                200,
                json!({"lesson": lesson, "rechecked": results.len(), "changed": changed, "ok": ok_count}),
            )
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
        assert!(clean_name(&"x".repeat(41)).is_err());
    }

    #[test]
    fn the_guard_stops_an_address_after_ten_failures() {
        let g = Guard::default();
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
