//! A class's records, in SQLite (rusqlite with its bundled SQLite): the
//! students, their lesson results and hand-ins, their last session's
//! program, the class's errors and shared programs.
//!
//! One connection, behind a mutex, serves the whole server: the writes of
//! a class are small and short, so serializing them costs nothing and no
//! student ever meets a "database is locked" error. The file is in WAL
//! mode with `synchronous = FULL`: a transaction that returned is on disk,
//! so a server killed at any moment (kill -9) loses nothing committed.
//! Another process (a second server on the same data folder, a teacher's
//! `sqlite3`) waits its turn (`busy_timeout`).
//!
//! The schema is versioned with `PRAGMA user_version`: `MIGRATIONS[i]`
//! takes a database from version i to i + 1, in one transaction; a
//! database made by a newer playforth is refused, not damaged.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// The schema, one step a version. Never edit a step that has shipped:
/// add the next one.
const MIGRATIONS: &[&str] = &[
    // 1: the first schema.
    "CREATE TABLE classes (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        join_code TEXT NOT NULL,
        secret TEXT NOT NULL,
        course TEXT NOT NULL DEFAULT '',
        solutions TEXT NOT NULL DEFAULT 'on',
        created TEXT NOT NULL
    );
    CREATE TABLE students (
        id INTEGER PRIMARY KEY,
        class_id INTEGER NOT NULL REFERENCES classes(id),
        name TEXT NOT NULL,
        token TEXT NOT NULL UNIQUE,
        joined TEXT NOT NULL,
        last_seen TEXT NOT NULL,
        UNIQUE (class_id, name)
    );
    CREATE TABLE places (
        student_id INTEGER NOT NULL REFERENCES students(id),
        course TEXT NOT NULL,
        lesson TEXT NOT NULL,
        PRIMARY KEY (student_id, course)
    );
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students(id),
        course TEXT NOT NULL,
        lesson TEXT NOT NULL,
        passed INTEGER NOT NULL,
        total INTEGER NOT NULL,
        ok INTEGER NOT NULL,
        at TEXT NOT NULL
    );
    CREATE INDEX attempts_by_student ON attempts (student_id, course, lesson);
    CREATE TABLE handins (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students(id),
        course TEXT NOT NULL,
        lesson TEXT NOT NULL,
        source TEXT NOT NULL,
        program TEXT NOT NULL,
        inputs TEXT,
        passed INTEGER NOT NULL,
        total INTEGER NOT NULL,
        ok INTEGER NOT NULL,
        report TEXT NOT NULL,
        at TEXT NOT NULL,
        comment TEXT,
        returned_at TEXT
    );
    CREATE INDEX handins_by_student ON handins (student_id);
    CREATE INDEX handins_by_lesson ON handins (course, lesson);
    CREATE TABLE definitions (
        student_id INTEGER PRIMARY KEY REFERENCES students(id),
        program TEXT NOT NULL,
        inputs TEXT NOT NULL,
        at TEXT NOT NULL
    );
    CREATE TABLE errors (
        id INTEGER PRIMARY KEY,
        class_id INTEGER NOT NULL REFERENCES classes(id),
        student_id INTEGER NOT NULL REFERENCES students(id),
        code INTEGER NOT NULL,
        word TEXT NOT NULL,
        at TEXT NOT NULL
    );
    CREATE INDEX errors_by_time ON errors (class_id, at);
    CREATE TABLE shares (
        id TEXT PRIMARY KEY,
        class_id INTEGER NOT NULL REFERENCES classes(id),
        student_id INTEGER REFERENCES students(id),
        program TEXT NOT NULL,
        at TEXT NOT NULL
    );",
    // 2: a removed student's row stays (as `removed`, its name and token
    // replaced), so their id is never given to another student.
    "ALTER TABLE students ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;",
];

/// The most students a class may have (a name each).
pub const MAX_STUDENTS: i64 = 500;
/// The most hand-ins one student keeps.
pub const MAX_HANDINS: i64 = 100;
/// The most shared programs one student makes.
pub const MAX_SHARES: i64 = 50;
/// The check attempts kept a student (besides each lesson's first pass).
const MAX_ATTEMPTS: i64 = 1000;
/// Errors are kept this long for the common-errors table.
const ERRORS_KEPT_HOURS: i64 = 24;

/// Now, as the database keeps times: UTC, to the second, ISO 8601 (text
/// order is time order).
pub fn now() -> String {
    chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

fn hours_ago(h: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::hours(h))
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// Random text from `alphabet` (the thread's generator: ChaCha seeded by
/// the operating system).
pub fn random_text(alphabet: &[u8], len: usize) -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..len)
        .map(|_| alphabet[rng.random_range(0..alphabet.len())] as char)
        .collect()
}

/// Join codes: no 0/O, 1/I/L to misread on a projector.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const TOKEN_ALPHABET: &[u8] = b"0123456789abcdef";
const SHARE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

pub fn new_join_code() -> String {
    random_text(CODE_ALPHABET, 6)
}
pub fn new_secret() -> String {
    random_text(TOKEN_ALPHABET, 32)
}

/// A class as the server runs it.
#[derive(Clone, Debug)]
pub struct Class {
    pub id: i64,
    pub name: String,
    pub join_code: String,
    pub secret: String,
    /// The lessons folder ('' for the built-in course).
    pub course: String,
    /// 'on', 'off' or 'after:YYYY-MM-DD'.
    pub solutions: String,
}

const CLASS_COLUMNS: &str = "id, name, join_code, secret, course, solutions";

/// A class from a row of `CLASS_COLUMNS`.
fn class_row(r: &rusqlite::Row) -> Res<Class> {
    Ok(Class {
        id: r.get(0)?,
        name: r.get(1)?,
        join_code: r.get(2)?,
        secret: r.get(3)?,
        course: r.get(4)?,
        solutions: r.get(5)?,
    })
}

/// A student who joined.
#[derive(Clone, Debug)]
pub struct Student {
    pub id: i64,
    pub name: String,
    pub token: String,
}

/// What joining gave.
pub enum Joined {
    Yes(Student),
    NameTaken,
    Full,
}

/// A hand-in to store.
pub struct HandIn<'a> {
    pub course: &'a str,
    pub lesson: &'a str,
    pub source: &'a str,
    pub program: &'a str,
    pub inputs: Option<&'a str>,
    pub passed: i64,
    pub total: i64,
    pub ok: bool,
    pub report: &'a str,
}

/// A hand-in to check again.
pub struct Stored {
    pub id: i64,
    pub source: String,
    pub program: String,
    pub inputs: Option<String>,
    pub ok: bool,
}

pub struct Db {
    conn: Mutex<Connection>,
}

type Res<T> = rusqlite::Result<T>;

impl Db {
    /// Open (or make) the database in `dir`, migrated to this version.
    pub fn open(dir: &Path) -> Result<Db, String> {
        let path = dir.join("playforth.sqlite3");
        // Only the teacher's user may read the class's records (before
        // opening: SQLite gives its -wal and -shm files the database's
        // mode).
        #[cfg(unix)]
        if path.exists() {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        }
        let conn = Connection::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let setup = || -> Res<()> {
            conn.busy_timeout(Duration::from_secs(10))?;
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.pragma_update(None, "foreign_keys", "ON")?;
            Ok(())
        };
        setup().map_err(|e| format!("{}: {e}", path.display()))?;
        let mut conn = conn;
        migrate(&mut conn).map_err(|e| format!("{}: {e}", path.display()))?;
        // Only the teacher's user may read the class's records.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        }
        Ok(Db {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The class called `name`, made if new. `course` and `solutions`,
    /// when given, are kept as the class's from now on.
    pub fn class(
        &self,
        name: &str,
        course: Option<&str>,
        solutions: Option<&str>,
        new_secret_now: bool,
    ) -> Res<Class> {
        let mut c = self.conn();
        let tx = c.transaction()?;
        let found: Option<i64> = tx
            .query_row("SELECT id FROM classes WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()?;
        let id = match found {
            Some(id) => id,
            None => {
                tx.execute(
                    "INSERT INTO classes (name, join_code, secret, created) VALUES (?1, ?2, ?3, ?4)",
                    params![name, new_join_code(), new_secret(), now()],
                )?;
                tx.last_insert_rowid()
            }
        };
        if let Some(course) = course {
            tx.execute(
                "UPDATE classes SET course = ?1 WHERE id = ?2",
                params![course, id],
            )?;
        }
        if let Some(s) = solutions {
            tx.execute(
                "UPDATE classes SET solutions = ?1 WHERE id = ?2",
                params![s, id],
            )?;
        }
        if new_secret_now {
            tx.execute(
                "UPDATE classes SET secret = ?1 WHERE id = ?2",
                params![new_secret(), id],
            )?;
        }
        let class = tx.query_row(
            &format!("SELECT {CLASS_COLUMNS} FROM classes WHERE id = ?1"),
            [id],
            class_row,
        )?;
        tx.commit()?;
        Ok(class)
    }

    /// The class's current settings (the teacher may change them while it
    /// runs).
    pub fn reload(&self, id: i64) -> Res<Class> {
        self.conn().query_row(
            &format!("SELECT {CLASS_COLUMNS} FROM classes WHERE id = ?1"),
            [id],
            class_row,
        )
    }

    pub fn set_class_field(&self, id: i64, field: ClassField, value: &str) -> Res<()> {
        let sql = match field {
            ClassField::JoinCode => "UPDATE classes SET join_code = ?1 WHERE id = ?2",
            ClassField::Secret => "UPDATE classes SET secret = ?1 WHERE id = ?2",
            ClassField::Solutions => "UPDATE classes SET solutions = ?1 WHERE id = ?2",
        };
        self.conn().execute(sql, params![value, id])?;
        Ok(())
    }

    /// A new student called `name` (already cleaned), unless a name that
    /// looks the `same` is taken.
    pub fn join(&self, class: i64, name: &str, same: fn(&str, &str) -> bool) -> Res<Joined> {
        let mut c = self.conn();
        let tx = c.transaction()?;
        let names: Vec<String> = {
            let mut q =
                tx.prepare("SELECT name FROM students WHERE class_id = ?1 AND removed = 0")?;
            q.query_map([class], |r| r.get(0))?.collect::<Res<_>>()?
        };
        if names.iter().any(|n| same(n, name)) {
            return Ok(Joined::NameTaken);
        }
        if names.len() as i64 >= MAX_STUDENTS {
            return Ok(Joined::Full);
        }
        let token = new_secret();
        let t = now();
        tx.execute(
            "INSERT INTO students (class_id, name, token, joined, last_seen) VALUES (?1, ?2, ?3, ?4, ?4)",
            params![class, name, token, t],
        )?;
        let id = tx.last_insert_rowid();
        tx.commit()?;
        Ok(Joined::Yes(Student {
            id,
            name: name.to_string(),
            token,
        }))
    }

    /// The student whose token this is, in this class.
    pub fn student_by_token(&self, class: i64, token: &str) -> Res<Option<Student>> {
        self.conn()
            .query_row(
                "SELECT id, name, token FROM students WHERE class_id = ?1 AND token = ?2 AND removed = 0",
                params![class, token],
                |r| {
                    Ok(Student {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        token: r.get(2)?,
                    })
                },
            )
            .optional()
    }

    pub fn seen(&self, student: i64) -> Res<()> {
        self.conn().execute(
            "UPDATE students SET last_seen = ?1 WHERE id = ?2",
            params![now(), student],
        )?;
        Ok(())
    }

    /// Where the student is in `course`: the lesson open, the lessons
    /// passed.
    pub fn progress(&self, student: i64, course: &str) -> Res<(Option<String>, Vec<String>)> {
        let c = self.conn();
        let current = c
            .query_row(
                "SELECT lesson FROM places WHERE student_id = ?1 AND course = ?2",
                params![student, course],
                |r| r.get(0),
            )
            .optional()?;
        let mut q = c.prepare(
            "SELECT lesson FROM attempts WHERE student_id = ?1 AND course = ?2 AND ok = 1
             UNION SELECT lesson FROM handins WHERE student_id = ?1 AND course = ?2 AND ok = 1",
        )?;
        let passed = q
            .query_map(params![student, course], |r| r.get(0))?
            .collect::<Res<Vec<String>>>()?;
        Ok((current, passed))
    }

    pub fn set_place(&self, student: i64, course: &str, lesson: &str) -> Res<()> {
        self.conn().execute(
            "INSERT INTO places (student_id, course, lesson) VALUES (?1, ?2, ?3)
             ON CONFLICT (student_id, course) DO UPDATE SET lesson = excluded.lesson",
            params![student, course, lesson],
        )?;
        Ok(())
    }

    pub fn attempt(
        &self,
        student: i64,
        course: &str,
        lesson: &str,
        passed: i64,
        total: i64,
        ok: bool,
    ) -> Res<()> {
        let c = self.conn();
        c.execute(
            "INSERT INTO attempts (student_id, course, lesson, passed, total, ok, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![student, course, lesson, passed, total, ok, now()],
        )?;
        // Bounded (a loop of `check`s): now and then a student's attempts
        // past the newest MAX_ATTEMPTS go, except the first pass of each
        // lesson, which is their progress.
        if c.last_insert_rowid() % 100 == 0 {
            c.execute(
                "DELETE FROM attempts WHERE student_id = ?1
                 AND id NOT IN (SELECT id FROM attempts WHERE student_id = ?1 ORDER BY id DESC LIMIT ?2)
                 AND id NOT IN (SELECT MIN(id) FROM attempts WHERE student_id = ?1 AND ok = 1
                                GROUP BY course, lesson)",
                params![student, MAX_ATTEMPTS],
            )?;
        }
        Ok(())
    }

    /// Store a hand-in; None when the student has handed in too many.
    pub fn hand_in(&self, student: i64, h: &HandIn) -> Res<Option<i64>> {
        let mut c = self.conn();
        let tx = c.transaction()?;
        let count: i64 = tx.query_row(
            "SELECT COUNT(*) FROM handins WHERE student_id = ?1",
            [student],
            |r| r.get(0),
        )?;
        if count >= MAX_HANDINS {
            return Ok(None);
        }
        tx.execute(
            "INSERT INTO handins (student_id, course, lesson, source, program, inputs, passed, total, ok, report, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                student, h.course, h.lesson, h.source, h.program, h.inputs, h.passed, h.total, h.ok,
                h.report, now()
            ],
        )?;
        let id = tx.last_insert_rowid();
        tx.commit()?;
        Ok(Some(id))
    }

    /// The teacher's comment on a hand-in of this class's; false if there
    /// is no such hand-in in the class.
    pub fn give_back(&self, class: i64, handin: i64, comment: &str) -> Res<bool> {
        let n = self.conn().execute(
            "UPDATE handins SET comment = ?1, returned_at = ?2
             WHERE id = ?3 AND student_id IN (SELECT id FROM students WHERE class_id = ?4 AND removed = 0)",
            params![comment, now(), handin, class],
        )?;
        Ok(n == 1)
    }

    /// Hand-ins given back to the student, after `after` (a hand-in id is
    /// not enough: a comment may be changed), newest first.
    pub fn returned(&self, student: i64, after: &str) -> Res<Vec<Value>> {
        let c = self.conn();
        let mut q = c.prepare(
            "SELECT id, lesson, comment, returned_at FROM handins
             WHERE student_id = ?1 AND returned_at IS NOT NULL AND returned_at > ?2
             ORDER BY returned_at DESC, id DESC LIMIT 20",
        )?;
        q.query_map(params![student, after], |r| {
            Ok(
                json!({"id": r.get::<_, i64>(0)?, "lesson": r.get::<_, String>(1)?,
                      "comment": r.get::<_, Option<String>>(2)?, "at": r.get::<_, String>(3)?}),
            )
        })?
        .collect()
    }

    pub fn save_definitions(&self, student: i64, program: &str, inputs: &str) -> Res<()> {
        self.conn().execute(
            "INSERT INTO definitions (student_id, program, inputs, at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (student_id) DO UPDATE SET program = excluded.program,
             inputs = excluded.inputs, at = excluded.at",
            params![student, program, inputs, now()],
        )?;
        Ok(())
    }

    /// The student's last session's program: (inputs as JSON, when, lines).
    pub fn definitions(&self, student: i64) -> Res<Option<(String, String, String)>> {
        self.conn()
            .query_row(
                "SELECT program, inputs, at FROM definitions WHERE student_id = ?1",
                [student],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
    }

    pub fn error(&self, class: i64, student: i64, code: i64, word: &str) -> Res<()> {
        let c = self.conn();
        c.execute(
            "INSERT INTO errors (class_id, student_id, code, word, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![class, student, code, word, now()],
        )?;
        // Keep a day: now and then, the older ones go.
        if c.last_insert_rowid() % 500 == 0 {
            c.execute(
                "DELETE FROM errors WHERE at < ?1",
                [hours_ago(ERRORS_KEPT_HOURS)],
            )?;
        }
        Ok(())
    }

    /// A shared program's id; None when the student has shared too many.
    pub fn share(&self, class: i64, student: Option<i64>, program: &str) -> Res<Option<String>> {
        let mut c = self.conn();
        let tx = c.transaction()?;
        if let Some(s) = student {
            let count: i64 = tx.query_row(
                "SELECT COUNT(*) FROM shares WHERE student_id = ?1",
                [s],
                |r| r.get(0),
            )?;
            if count >= MAX_SHARES {
                return Ok(None);
            }
        }
        // The same program shared again is the same link.
        let again: Option<String> = tx
            .query_row(
                "SELECT id FROM shares WHERE class_id = ?1 AND student_id IS ?2 AND program = ?3",
                params![class, student, program],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = again {
            return Ok(Some(id));
        }
        let id = random_text(SHARE_ALPHABET, 10);
        tx.execute(
            "INSERT INTO shares (id, class_id, student_id, program, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, class, student, program, now()],
        )?;
        tx.commit()?;
        Ok(Some(id))
    }

    /// A program shared in this class: (program, by whom — None for the
    /// teacher —, when).
    pub fn shared(&self, class: i64, id: &str) -> Res<Option<(String, Option<String>, String)>> {
        self.conn()
            .query_row(
                "SELECT s.program, st.name, s.at FROM shares s
                 LEFT JOIN students st ON st.id = s.student_id
                 WHERE s.id = ?1 AND s.class_id = ?2",
                params![id, class],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
    }

    /// What the records take on disk, in bytes (the database and its
    /// write-ahead log).
    pub fn size(&self) -> u64 {
        let c = self.conn();
        let pages: i64 = c
            .pragma_query_value(None, "page_count", |r| r.get(0))
            .unwrap_or(0);
        let page: i64 = c
            .pragma_query_value(None, "page_size", |r| r.get(0))
            .unwrap_or(4096);
        (pages.max(0) as u64) * (page.max(0) as u64)
    }

    /// Take a student and everything of theirs out of the class; false if
    /// no such student is in it.
    pub fn remove_student(&self, class: i64, student: i64) -> Res<bool> {
        let mut c = self.conn();
        let tx = c.transaction()?;
        let here: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM students WHERE id = ?1 AND class_id = ?2 AND removed = 0)",
            params![student, class],
            |r| r.get(0),
        )?;
        if !here {
            return Ok(false);
        }
        for table in [
            "places",
            "attempts",
            "handins",
            "definitions",
            "errors",
            "shares",
        ] {
            tx.execute(
                &format!("DELETE FROM {table} WHERE student_id = ?1"),
                [student],
            )?;
        }
        // The row stays, nameless and with a token nobody has: the id is
        // never another student's. (A cleaned name has no control
        // character, so it never meets this one.)
        tx.execute(
            "UPDATE students SET removed = 1, name = ?2, token = ?3 WHERE id = ?1",
            params![
                student,
                format!("\u{1}removed {student}"),
                format!("removed-{student}-{}", new_secret())
            ],
        )?;
        tx.commit()?;
        Ok(true)
    }

    /// The class at a glance, for the teacher's page. `online` are the
    /// students with a session now; `lessons` (name, title) the course's.
    pub fn overview(
        &self,
        class: &Class,
        lessons: &[(String, String)],
        online: &[i64],
    ) -> Res<Value> {
        let c = self.conn();
        let course = &class.course;
        let mut students = Vec::new();
        let mut q = c.prepare(
            "SELECT s.id, s.name, s.joined, s.last_seen, p.lesson,
                    (SELECT COUNT(*) FROM handins h WHERE h.student_id = s.id)
             FROM students s LEFT JOIN places p ON p.student_id = s.id AND p.course = ?2
             WHERE s.class_id = ?1 AND s.removed = 0 ORDER BY s.name COLLATE NOCASE",
        )?;
        let rows = q.query_map(params![class.id, course], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, i64>(5)?,
            ))
        })?;
        // Per student and lesson, from checks and hand-ins alike: passed
        // once is passed (with that result), else the last try.
        let mut results = c.prepare(
            "SELECT lesson, ok, at, passed, total, id FROM attempts WHERE student_id = ?1 AND course = ?2
             UNION ALL
             SELECT lesson, ok, at, passed, total, id FROM handins WHERE student_id = ?1 AND course = ?2
             ORDER BY at, id",
        )?;
        for row in rows {
            let (id, name, joined, last_seen, current, handins) = row?;
            let mut per = serde_json::Map::new();
            let rs = results.query_map(params![id, course], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, bool>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            })?;
            for r in rs {
                let (lesson, ok, at, passed, total) = r?;
                let was_passed = per.get(&lesson).is_some_and(|v| v["state"] == "passed");
                if ok || !was_passed {
                    per.insert(
                        lesson,
                        json!({"state": if ok {"passed"} else {"failed"}, "at": at, "passed": passed, "total": total}),
                    );
                } else if let Some(v) = per.get_mut(&lesson) {
                    v["at"] = json!(at);
                }
            }
            students.push(json!({
                "id": id, "name": name, "joined": joined, "last_seen": last_seen,
                "online": online.contains(&id), "current": current,
                "lessons": per, "handins": handins,
            }));
        }
        let mut errors = Vec::new();
        let mut q = c.prepare(
            "SELECT code, word, COUNT(*), COUNT(DISTINCT student_id) FROM errors
             WHERE class_id = ?1 AND at >= ?2 GROUP BY code, word
             ORDER BY COUNT(*) DESC, code LIMIT 15",
        )?;
        for r in q.query_map(params![class.id, hours_ago(1)], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })? {
            let (code, word, count, students) = r?;
            errors.push(
                json!({"code": code, "message": playforth::throw::message(code),
                               "word": word, "count": count, "students": students}),
            );
        }
        let mut handins = serde_json::Map::new();
        let mut q = c.prepare(
            "SELECT h.lesson, COUNT(*) FROM handins h JOIN students s ON s.id = h.student_id
             WHERE s.class_id = ?1 AND h.course = ?2 GROUP BY h.lesson",
        )?;
        for r in q.query_map(params![class.id, course], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
        })? {
            let (l, n) = r?;
            handins.insert(l, json!(n));
        }
        let (mode, date) = match class.solutions.split_once(':') {
            Some(("after", d)) => ("after", Some(d.to_string())),
            _ => (class.solutions.as_str(), None),
        };
        Ok(json!({
            "class": {"name": class.name, "join_code": class.join_code,
                      "course": if class.course.is_empty() { "built-in course".to_string() } else { course_label(&class.course) },
                      "solutions": {"mode": mode, "date": date}},
            "lessons": lessons.iter().map(|(n, t)| json!({"name": n, "title": t})).collect::<Vec<_>>(),
            "students": students,
            "errors": errors,
            "handins": handins,
        }))
    }

    /// One student's work, for the teacher; None if not in this class.
    pub fn student(
        &self,
        class: i64,
        id: i64,
        titles: &dyn Fn(&str) -> String,
    ) -> Res<Option<Value>> {
        let c = self.conn();
        let Some((name, joined, last_seen)) = c
            .query_row(
                "SELECT name, joined, last_seen FROM students WHERE id = ?1 AND class_id = ?2 AND removed = 0",
                params![id, class],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                    ))
                },
            )
            .optional()?
        else {
            return Ok(None);
        };
        let definitions = c
            .query_row(
                "SELECT program, at FROM definitions WHERE student_id = ?1",
                [id],
                |r| Ok(json!({"text": r.get::<_, String>(0)?, "at": r.get::<_, String>(1)?})),
            )
            .optional()?;
        let mut q = c.prepare(
            "SELECT id, lesson, at, source, program, passed, total, ok, report, comment, returned_at
             FROM handins WHERE student_id = ?1 ORDER BY id DESC LIMIT 50",
        )?;
        let handins = q
            .query_map([id], |r| {
                let lesson: String = r.get(1)?;
                Ok(
                    json!({"id": r.get::<_, i64>(0)?, "title": titles(&lesson), "lesson": lesson,
                    "at": r.get::<_, String>(2)?, "source": r.get::<_, String>(3)?,
                    "program": r.get::<_, String>(4)?, "passed": r.get::<_, i64>(5)?,
                    "total": r.get::<_, i64>(6)?, "ok": r.get::<_, bool>(7)?,
                    "report": r.get::<_, String>(8)?, "comment": r.get::<_, Option<String>>(9)?,
                    "returned_at": r.get::<_, Option<String>>(10)?}),
                )
            })?
            .collect::<Res<Vec<Value>>>()?;
        let mut q = c.prepare(
            "SELECT lesson, at, passed, total, ok FROM attempts WHERE student_id = ?1
             ORDER BY id DESC LIMIT 50",
        )?;
        let attempts = q
            .query_map([id], |r| {
                Ok(json!({"lesson": r.get::<_, String>(0)?, "at": r.get::<_, String>(1)?,
                    "passed": r.get::<_, i64>(2)?, "total": r.get::<_, i64>(3)?, "ok": r.get::<_, bool>(4)?}))
            })?
            .collect::<Res<Vec<Value>>>()?;
        let total: i64 = c.query_row(
            "SELECT COUNT(*) FROM handins WHERE student_id = ?1",
            [id],
            |r| r.get(0),
        )?;
        Ok(Some(json!({
            "id": id, "name": name, "joined": joined, "last_seen": last_seen,
            "definitions": definitions, "handins": handins, "handins_total": total,
            "attempts": attempts,
        })))
    }

    /// Every hand-in of a lesson in this class, to check again.
    pub fn handins_of(&self, class: i64, course: &str, lesson: &str) -> Res<Vec<Stored>> {
        let c = self.conn();
        let mut q = c.prepare(
            "SELECT h.id, h.source, h.program, h.inputs, h.ok FROM handins h
             JOIN students s ON s.id = h.student_id
             WHERE s.class_id = ?1 AND h.course = ?2 AND h.lesson = ?3 ORDER BY h.id",
        )?;
        q.query_map(params![class, course, lesson], |r| {
            Ok(Stored {
                id: r.get(0)?,
                source: r.get(1)?,
                program: r.get(2)?,
                inputs: r.get(3)?,
                ok: r.get(4)?,
            })
        })?
        .collect()
    }

    pub fn rechecked(&self, id: i64, passed: i64, total: i64, ok: bool, report: &str) -> Res<()> {
        self.conn().execute(
            "UPDATE handins SET passed = ?1, total = ?2, ok = ?3, report = ?4 WHERE id = ?5",
            params![passed, total, ok, report, id],
        )?;
        Ok(())
    }

    /// The class as a table for a gradebook: a row a student, a column a
    /// lesson ("passed", "failed" or empty), then the hand-ins.
    pub fn csv(&self, class: &Class, lessons: &[(String, String)]) -> Res<String> {
        let overview = self.overview(class, lessons, &[])?;
        // A byte-order mark first: spreadsheets then read the names'
        // accents as UTF-8.
        let mut out = String::from("\u{feff}");
        let mut head = vec![
            "student".to_string(),
            "joined".into(),
            "last activity".into(),
        ];
        head.extend(lessons.iter().map(|(_, t)| t.clone()));
        head.push("hand-ins".into());
        push_row(&mut out, &head);
        for s in overview["students"].as_array().into_iter().flatten() {
            let mut row = vec![
                s["name"].as_str().unwrap_or("").to_string(),
                s["joined"].as_str().unwrap_or("").to_string(),
                s["last_seen"].as_str().unwrap_or("").to_string(),
            ];
            for (name, _) in lessons {
                row.push(
                    s["lessons"][name]["state"]
                        .as_str()
                        .unwrap_or("")
                        .to_string(),
                );
            }
            row.push(s["handins"].to_string());
            push_row(&mut out, &row);
        }
        Ok(out)
    }
}

/// Which setting of a class changes.
pub enum ClassField {
    JoinCode,
    Secret,
    Solutions,
}

/// A lessons folder as the teacher's page names it: its last part.
pub fn course_label(course: &str) -> String {
    let name = Path::new(course)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| course.to_string());
    format!("lessons in {name}/")
}

/// One CSV row (RFC 4180 quoting). A cell a spreadsheet would take for a
/// formula (=, +, -, @ first) starts with ' instead: a student's name is
/// never run by the teacher's spreadsheet.
fn push_row(out: &mut String, cells: &[String]) {
    let cells: Vec<String> = cells
        .iter()
        .map(|c| {
            let c = if c.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                format!("'{c}")
            } else {
                c.clone()
            };
            if c.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c
            }
        })
        .collect();
    out.push_str(&cells.join(","));
    out.push_str("\r\n");
}

/// Bring the schema to the latest version, a migration per transaction.
fn migrate(conn: &mut Connection) -> Result<(), String> {
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(|e| e.to_string())?;
    if version > MIGRATIONS.len() as i64 {
        return Err(format!(
            "this class's database has schema version {version}, made by a newer playforth \
             (this one knows versions up to {}): use that playforth, or another --data folder",
            MIGRATIONS.len()
        ));
    }
    for (i, step) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        migrate_step(conn, step, i as i64 + 1)
            .map_err(|e| format!("updating the schema to version {}: {e}", i + 1))?;
    }
    Ok(())
}

fn migrate_step(conn: &mut Connection, sql: &str, version: i64) -> Res<()> {
    let tx = conn.transaction()?;
    tx.execute_batch(sql)?;
    tx.pragma_update(None, "user_version", version)?;
    tx.commit()
}

/// How many schema versions there are (for tests).
#[cfg(test)]
pub fn schema_version() -> i64 {
    MIGRATIONS.len() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!(
            "playforth-db-test-{}-{}",
            std::process::id(),
            random_text(TOKEN_ALPHABET, 8)
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_class_keeps_its_students_and_results_across_opens() {
        let dir = temp();
        let (class, ada) = {
            let db = Db::open(&dir).unwrap();
            let class = db.class("7B", None, Some("off"), false).unwrap();
            let lower = |a: &str, b: &str| a.to_lowercase() == b.to_lowercase();
            let Joined::Yes(ada) = db.join(class.id, "Ada", lower).unwrap() else {
                panic!("Ada could not join")
            };
            assert!(matches!(
                db.join(class.id, "ada", lower).unwrap(),
                Joined::NameTaken
            ));
            db.attempt(ada.id, "", "squares", 1, 2, false).unwrap();
            db.attempt(ada.id, "", "squares", 2, 2, true).unwrap();
            db.set_place(ada.id, "", "squares").unwrap();
            (class, ada)
        };
        let db = Db::open(&dir).unwrap();
        let again = db.class("7B", None, None, false).unwrap();
        assert_eq!(again.join_code, class.join_code);
        assert_eq!(again.secret, class.secret);
        assert_eq!(again.solutions, "off");
        let found = db.student_by_token(class.id, &ada.token).unwrap().unwrap();
        assert_eq!(found.name, "Ada");
        assert!(db.student_by_token(class.id, "nope").unwrap().is_none());
        let (current, passed) = db.progress(ada.id, "").unwrap();
        assert_eq!(current.as_deref(), Some("squares"));
        assert_eq!(passed, vec!["squares".to_string()]);
        // Another course's progress is its own.
        assert_eq!(db.progress(ada.id, "/x/lessons").unwrap(), (None, vec![]));
        let lessons = vec![("squares".to_string(), "Squares".to_string())];
        let o = db.overview(&again, &lessons, &[ada.id]).unwrap();
        assert_eq!(o["students"][0]["lessons"]["squares"]["state"], "passed");
        assert_eq!(o["students"][0]["online"], true);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_loop_of_checks_keeps_a_bounded_record_and_the_progress() {
        let dir = temp();
        let db = Db::open(&dir).unwrap();
        let class = db.class("7B", None, None, false).unwrap();
        let Joined::Yes(ada) = db.join(class.id, "Ada", |a, b| a == b).unwrap() else {
            panic!()
        };
        db.attempt(ada.id, "", "first", 3, 3, true).unwrap();
        for _ in 0..2500 {
            db.attempt(ada.id, "", "second", 0, 3, false).unwrap();
        }
        let n: i64 = db
            .conn()
            .query_row("SELECT COUNT(*) FROM attempts", [], |r| r.get(0))
            .unwrap();
        assert!(n <= MAX_ATTEMPTS + 101, "{n} attempts kept");
        let (_, passed) = db.progress(ada.id, "").unwrap();
        assert_eq!(passed, vec!["first".to_string()]);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn migrations_run_once_and_a_newer_schema_is_refused() {
        let dir = temp();
        drop(Db::open(&dir).unwrap());
        drop(Db::open(&dir).unwrap());
        let conn = Connection::open(dir.join("playforth.sqlite3")).unwrap();
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, schema_version());
        // A version-1 file (as the first classes made) is brought up to
        // date: the column of migration 2 appears, its rows kept.
        conn.execute_batch(
            "INSERT INTO classes (name, join_code, secret, created) VALUES ('old', 'C', 'S', 'T');
             INSERT INTO students (class_id, name, token, joined, last_seen)
                 VALUES (1, 'Ada', 'tok', 'T', 'T');
             ALTER TABLE students DROP COLUMN removed;
             PRAGMA user_version = 1;",
        )
        .unwrap();
        drop(conn);
        let db = Db::open(&dir).unwrap();
        let ada = db.student_by_token(1, "tok").unwrap().unwrap();
        assert_eq!(ada.name, "Ada");
        drop(db);
        let conn = Connection::open(dir.join("playforth.sqlite3")).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        drop(conn);
        let e = Db::open(&dir).err().unwrap();
        assert!(e.contains("made by a newer playforth"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn csv_cells_are_quoted_and_never_formulas() {
        let mut s = String::new();
        push_row(
            &mut s,
            &[
                "=1+2".into(),
                "a,b".into(),
                "say \"hi\"".into(),
                "ok".into(),
            ],
        );
        assert_eq!(s, "'=1+2,\"a,b\",\"say \"\"hi\"\"\",ok\r\n");
    }
}
