// playforth serve --class: the teacher's page. The secret is the URL's
// fragment (/teacher#SECRET), sent as `Authorization: Bearer SECRET` with
// every call to /api/ (docs: the classroom contract). The page asks for
// the class every 5 s and updates what it shows in place, so a comment
// being typed, the focus and the scroll position stay as they are.
// Everything students typed (names, programs, error words) goes into the
// page as text, never as HTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const REFRESH_MS = 5000;
  const MAX_COMMENT = 4000;
  const NEEDS_LINK = "This page needs the teacher's link printed by `playforth serve --class` " +
    "(it ends in /teacher#SECRET): the secret in this address is missing, wrong, or was replaced by a newer one.";

  let secret = readSecret();
  let klass = null;          // the last /api/class answer's `class`
  let lessons = [];          // [{name, title}] in the course's order
  let lessonKey = "";        // the lessons the grid's columns were built for
  let students = new Map();  // id -> the student as /api/class gave it
  let openStudent = null;    // the id of the student whose panel is open
  let lastStudent = null;    // their last /api/student answer
  let timer = 0, loading = false, again = false;
  // After a wrong secret the page stops asking (each wrong try counts
  // against this address on the server) until the address changes.
  let stopped = false;
  let problemShown = false;  // #tstatus says the server or the secret failed
  let solutionsDirty = false;
  let lastErrors = "";
  const rechecking = new Set();
  const drafts = new Map();  // hand-in id -> a comment typed, not yet returned

  function readSecret() {
    const h = location.hash.slice(1);
    try { return decodeURIComponent(h).trim(); } catch { return h.trim(); }
  }

  // ---- talking to the server ------------------------------------------
  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }
  async function api(method, path, body) {
    // A header can hold printable ASCII only: anything else is no secret.
    if (!secret || /[^\x21-\x7e]/.test(secret)) throw new ApiError(401, NEEDS_LINK);
    const init = { method, cache: "no-store", headers: { Authorization: `Bearer ${secret}` } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let res;
    try { res = await fetch(path, init); } catch {
      throw new ApiError(0, "The server does not answer: is `playforth serve` still running? (trying again every 5 s)");
    }
    if (res.status === 401) throw new ApiError(401, NEEDS_LINK);
    if (!res.ok) {
      let why = "";
      try { why = (await res.json()).error || ""; } catch { /* not JSON */ }
      throw new ApiError(res.status, why || `the server answered ${res.status}`);
    }
    return path.endsWith(".csv") ? res.blob() : res.json();
  }
  function tstatus(text, cls) {
    const s = $("tstatus");
    s.textContent = text;
    s.className = cls || "";
    problemShown = cls === "bad";
  }
  function failed(e) {
    tstatus(e instanceof ApiError ? e.message : String(e), "bad");
    if (e instanceof ApiError && e.status === 401) refused();
  }
  // A wrong (or replaced) secret: the page shows the refusal and nothing
  // of the class — what it showed before is taken out of the page too.
  function refused() {
    document.body.classList.add("nosecret");
    document.body.classList.remove("waiting");
    if (openStudent !== null) closePanel(false);
    klass = null;
    students = new Map();
    lessons = [];
    lessonKey = "";
    lastErrors = "";
    const grid = $("grid");
    grid.tHead.textContent = "";
    grid.tBodies[0].textContent = "";
    $("errors").tBodies[0].textContent = "";
    $("nostudents").hidden = true;
    $("handins").textContent = "";
    $("attempts").tBodies[0].textContent = "";
    setText($("definitions"), "");
    for (const id of ["studentname", "studentmeta", "defswhen", "handinscount", "handinsmore"]) setText($(id), "");
    for (const id of ["tcount", "tcourse", "tcode", "tjoinurl"]) setText($(id), "");
    $("tjoinurl").dataset.shown = "";
    setText($("tclass"), "playforth: the teacher's page");
    document.title = "playforth — teacher";
    $("tsharelink").value = "";
    $("tsharelink").hidden = $("tsharecopy").hidden = true;
  }

  // ---- the class: every 5 s ---------------------------------------------
  async function refresh() {
    clearTimeout(timer);
    if (loading) { again = true; return; }
    loading = true;
    try {
      const d = await api("GET", "/api/class");
      stopped = false;
      if (problemShown) tstatus("", "");
      document.body.classList.remove("nosecret", "waiting");
      showClass(d);
      if (openStudent !== null) await loadStudent(openStudent);
    } catch (e) {
      failed(e);
      if (e instanceof ApiError && (e.status === 401 || e.status === 429)) stopped = true;
    } finally {
      loading = false;
      if (again) { again = false; refresh(); } else if (!stopped) timer = setTimeout(refresh, REFRESH_MS);
    }
  }

  function showClass(d) {
    klass = d.class || {};
    const name = String(klass.name ?? "");
    setText($("tclass"), name);
    document.title = `${name} — playforth teacher`;
    setText($("tcourse"), klass.course ? String(klass.course) : "");
    setText($("tcode"), String(klass.join_code ?? ""));
    showJoinAddress();
    showSolutions(klass.solutions || {});
    lessons = (Array.isArray(d.lessons) ? d.lessons : [])
      .filter((l) => l && typeof l.name === "string")
      .map((l) => ({ name: l.name, title: typeof l.title === "string" && l.title ? l.title : l.name }));
    const list = Array.isArray(d.students) ? d.students : [];
    students = new Map(list.map((s) => [String(s.id), s]));
    showGrid(list, d.handins || {});
    showErrors(Array.isArray(d.errors) ? d.errors : []);
    if (openStudent !== null && lastStudent) showStudentMeta(lastStudent);
  }
  function showJoinAddress() {
    const p = $("tjoinurl");
    const want = loopback() ? "" : `${location.origin}/`;
    if (p.dataset.shown === want && p.childNodes.length) return;
    p.dataset.shown = want;
    p.textContent = "";
    if (want) {
      p.append("Students open ");
      const b = document.createElement("b");
      b.textContent = want;
      p.append(b, " and type the code.");
    } else {
      p.append("Students open this computer's address on the network and type the code.");
    }
  }
  // This page opened as localhost: an address students cannot use.
  function loopback() {
    const host = location.hostname;
    return host === "localhost" || host.endsWith(".localhost") || host.startsWith("127.") || host === "[::1]";
  }
  function showSolutions(s) {
    const sel = $("solutions"), date = $("solutionsdate");
    // Not while the teacher is changing them.
    if (solutionsDirty || document.activeElement === sel || document.activeElement === date) return;
    if (["on", "off", "after"].includes(s.mode)) sel.value = s.mode;
    // The date box holds a date only while the mode is "after".
    const want = sel.value === "after" && typeof s.date === "string" ? s.date : "";
    if (date.value !== want) date.value = want;
  }

  // The grid: one row a student, one column a lesson; rows and cells are
  // kept and changed, not made again.
  function showGrid(list, handins) {
    const table = $("grid"), thead = table.tHead, tbody = table.tBodies[0];
    const key = JSON.stringify(lessons);
    if (key !== lessonKey) {
      lessonKey = key;
      buildHead(thead);
      tbody.textContent = ""; // the columns changed: the rows are made again
    }
    for (const l of lessons) {
      const c = thead.querySelector(`th[data-count="${cssEscape(l.name)}"] .count`);
      if (!c) continue;
      const n = Number(handins[l.name]) || 0;
      setText(c, String(n));
      c.title = `${n} hand-in${n === 1 ? "" : "s"} of ${l.title}`;
    }
    const sorted = list.slice().sort((a, b) =>
      String(a.name).localeCompare(String(b.name), undefined, { sensitivity: "base" }) || a.id - b.id);
    const rows = new Map([...tbody.rows].map((r) => [r.dataset.student, r]));
    sorted.forEach((s, k) => {
      const id = String(s.id);
      let tr = rows.get(id);
      if (!tr) tr = makeRow(id);
      rows.delete(id);
      fillRow(tr, s);
      if (tbody.rows[k] !== tr) tbody.insertBefore(tr, tbody.rows[k] || null);
    });
    for (const gone of rows.values()) gone.remove();
    setHidden($("nostudents"), list.length > 0);
    const online = list.filter((s) => s.online).length;
    setText($("tcount"), list.length ? `${list.length} · ${online} online` : "");
  }
  function buildHead(thead) {
    thead.textContent = "";
    const top = thead.insertRow(), per = thead.insertRow();
    per.className = "perlesson";
    th(top, "Student");
    th(per, "Hand-ins of each lesson");
    lessons.forEach((l, k) => {
      // A number and a short title (the part before a colon); the whole
      // title when the mouse rests on it.
      const h = th(top, "");
      h.className = "lesson";
      h.title = l.title;
      const num = document.createElement("span");
      num.className = "lnum";
      num.textContent = String(k + 1);
      const short = document.createElement("span");
      short.className = "ltitle";
      const colon = l.title.indexOf(":");
      short.textContent = colon >= 3 ? l.title.slice(0, colon) : l.title;
      h.append(num, short);
      const p = th(per, "");
      p.dataset.count = l.name;
      const count = document.createElement("span");
      count.className = "count";
      p.append(count, document.createElement("br"));
      const b = document.createElement("button");
      b.id = `recheck-${l.name}`;
      b.type = "button";
      b.textContent = rechecking.has(l.name) ? "re-checking…" : "Re-check";
      b.disabled = rechecking.has(l.name);
      b.title = `Re-check the hand-ins of ${l.title} (after the lesson's checks changed)`;
      b.setAttribute("aria-label", `Re-check hand-ins of ${l.title}`);
      b.onclick = () => recheck(l.name, l.title);
      p.append(b);
    });
    th(top, "Hand-ins").className = "handins";
    th(per, "");
  }
  function th(row, text) {
    const h = document.createElement("th");
    h.scope = "col";
    h.textContent = text;
    row.appendChild(h);
    return h;
  }
  function makeRow(id) {
    const tr = document.createElement("tr");
    tr.dataset.student = id;
    const who = tr.insertCell();
    who.className = "who";
    const dot = document.createElement("span");
    dot.className = "dot";
    const name = document.createElement("button");
    name.type = "button";
    name.className = "studentname";
    const state = document.createElement("span");
    state.className = "visually-hidden";
    const activity = document.createElement("span");
    activity.className = "activity";
    const text = document.createElement("span");
    name.append(dot, text);
    who.append(name, state, activity);
    for (const l of lessons) tr.insertCell().dataset.lesson = l.name;
    tr.insertCell().className = "handins";
    return tr;
  }
  function fillRow(tr, s) {
    const [name, state, activity] = tr.cells[0].children;
    const [dot, text] = name.children;
    dot.classList.toggle("online", !!s.online);
    dot.title = s.online ? "online" : "offline";
    setText(state, s.online ? " (online)" : " (offline)");
    setText(text, String(s.name ?? ""));
    name.title = `Open ${s.name}'s hand-ins`;
    const current = s.current ? lessonTitle(s.current) : "";
    const seen = s.last_seen ? ago(s.last_seen) : "";
    setText(activity, [current && `on ${current}`, seen].filter(Boolean).join(" · "));
    activity.title = s.last_seen ? `last seen ${when(s.last_seen)}` : "";
    tr.classList.toggle("selected", String(s.id) === openStudent);
    const done = s.lessons && typeof s.lessons === "object" ? s.lessons : {};
    for (const td of tr.cells) {
      const l = td.dataset.lesson;
      if (l === undefined) continue;
      const r = done[l];
      const passed = !!r && r.state === "passed", failedNow = !!r && r.state === "failed";
      setText(td, passed ? "✓" : failedNow ? "✗" : "");
      td.className = passed ? "passed" : failedNow ? "failed" : "";
      td.title = r ? `${lessonTitle(l)}: ${passed ? "passed" : "failed"}, ${Number(r.passed) || 0} of ${Number(r.total) || 0}` +
        (r.at ? ` · ${when(r.at)}` : "") : `${lessonTitle(l)}: not started`;
    }
    setText(tr.cells[tr.cells.length - 1], String(Number(s.handins) || 0));
  }
  $("grid").tBodies[0].addEventListener("click", (ev) => {
    const tr = ev.target.closest("tr[data-student]");
    if (tr) openPanel(tr.dataset.student);
  });

  function showErrors(errors) {
    const key = JSON.stringify(errors);
    if (key === lastErrors) return;
    lastErrors = key;
    const tbody = $("errors").tBodies[0];
    tbody.textContent = "";
    if (errors.length === 0) {
      const td = tbody.insertRow().insertCell();
      td.colSpan = 5;
      td.className = "empty";
      td.textContent = "No errors in the last hour.";
      return;
    }
    for (const e of errors) {
      const tr = tbody.insertRow();
      cell(tr, e.code == null ? "" : String(e.code), "code");
      cell(tr, String(e.message ?? ""), "message");
      cell(tr, String(e.word ?? ""), "word");
      cell(tr, String(Number(e.count) || 0), "count");
      cell(tr, String(Number(e.students) || 0), "students");
    }
  }
  function cell(tr, text, cls) {
    const td = tr.insertCell();
    td.className = cls;
    td.textContent = text;
    return td;
  }

  // ---- a student's panel --------------------------------------------------
  function openPanel(id) {
    id = String(id);
    if (openStudent !== id) {
      openStudent = id;
      lastStudent = null;
      askRemove(false);
      setText($("handinscount"), "");
      $("handinsmore").hidden = true;
      $("handins").textContent = "";
      $("attempts").tBodies[0].textContent = "";
      $("definitions").hidden = true;
      setText($("defswhen"), "");
      const s = students.get(id);
      setText($("studentname"), s ? String(s.name ?? "") : "");
      setText($("studentmeta"), "loading…");
    }
    for (const tr of $("grid").tBodies[0].rows) tr.classList.toggle("selected", tr.dataset.student === id);
    $("student").hidden = false;
    $("tmain").classList.add("withstudent");
    loadStudent(id).catch(failed);
  }
  function closePanel(focus = true) {
    const was = openStudent;
    openStudent = null;
    lastStudent = null;
    askRemove(false);
    $("student").hidden = true;
    $("tmain").classList.remove("withstudent");
    for (const tr of $("grid").tBodies[0].rows) tr.classList.remove("selected");
    const row = was && [...$("grid").tBodies[0].rows].find((r) => r.dataset.student === was);
    if (row && focus) row.cells[0].querySelector("button").focus({ preventScroll: true });
  }
  $("studentclose").onclick = () => closePanel();

  // Removing a student (a junk or prank join) with all their records: the
  // button asks first, in the page (no dialog box), then removes.
  let removing = false;
  function askRemove(ask) {
    const name = lastStudent ? String(lastStudent.name ?? "") :
      openStudent !== null && students.has(openStudent) ? String(students.get(openStudent).name ?? "") : "";
    if (ask) setText($("removequestion"), `Really remove ${name || "this student"} and all their work? This cannot be undone.`);
    $("removeask").hidden = !ask;
    $("removestudent").hidden = ask;
    if (!ask) {
      setText($("removequestion"), "");
      $("removeconfirm").disabled = $("removecancel").disabled = false;
      setText($("removeconfirm"), "Remove");
    }
  }
  $("removestudent").onclick = () => {
    if (openStudent === null) return;
    askRemove(true);
    $("removecancel").focus();
  };
  $("removecancel").onclick = () => {
    if (removing) return;
    askRemove(false);
    $("removestudent").focus();
  };
  $("removeconfirm").onclick = async () => {
    if (removing || openStudent === null) return;
    const id = openStudent;
    const name = lastStudent && String(lastStudent.id) === id ? String(lastStudent.name ?? "") :
      students.has(id) ? String(students.get(id).name ?? "") : "the student";
    const theirs = lastStudent && String(lastStudent.id) === id && Array.isArray(lastStudent.handins) ?
      lastStudent.handins.map((h) => String(h.id)) : [];
    removing = true;
    $("removeconfirm").disabled = $("removecancel").disabled = true;
    setText($("removeconfirm"), "removing…");
    try {
      let gone = false;
      try {
        const r = await api("POST", "/api/remove", { student: /^\d+$/.test(id) ? Number(id) : id });
        if (r && r.ok === false) throw new ApiError(400, `The server did not remove ${name}.`);
      } catch (e) {
        // Not in the class (any more): removed from another tab, say.
        if (!(e instanceof ApiError && e.status === 404 && /student/i.test(e.message))) throw e;
        gone = true;
      }
      for (const h of theirs) drafts.delete(h);
      students.delete(id);
      const row = [...$("grid").tBodies[0].rows].find((tr) => tr.dataset.student === id);
      if (row) row.remove();
      if (openStudent === id) closePanel(false);
      tstatus(gone ? `${name} was no longer in the class.` : `Removed ${name} and all their work from the class.`, "good");
      refresh();
    } catch (e) {
      failed(e);
    } finally {
      removing = false;
      if (openStudent === id) askRemove(false);
    }
  };
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && openStudent !== null && !(ev.target instanceof HTMLTextAreaElement)) closePanel();
  });
  let studentLoad = 0;
  async function loadStudent(id) {
    const mine = ++studentLoad;
    let s;
    try {
      s = await api("GET", `/api/student?id=${encodeURIComponent(id)}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && openStudent === id) {
        closePanel();
        tstatus("That student is no longer in this class.", "");
        return;
      }
      throw e;
    }
    if (mine !== studentLoad || openStudent !== id) return; // another panel since
    lastStudent = s;
    showStudent(s);
  }
  function showStudentMeta(s) {
    const live = students.get(String(s.id));
    setText($("studentname"), String(s.name ?? ""));
    const parts = [];
    if (live) parts.push(live.online ? "online now" : "offline");
    if (s.joined) parts.push(`joined ${when(s.joined)}`);
    if (s.last_seen) parts.push(`last seen ${ago(s.last_seen)}`);
    setText($("studentmeta"), parts.join(" · "));
  }
  function showStudent(s) {
    showStudentMeta(s);
    // Hand-ins, newest first; each kept while it is shown (its comment box
    // with it).
    const list = (Array.isArray(s.handins) ? s.handins : []).slice()
      .sort((a, b) => (Date.parse(b.at) || 0) - (Date.parse(a.at) || 0) || b.id - a.id);
    const box = $("handins");
    const have = new Map([...box.children].map((e) => [e.dataset.handin, e]));
    list.forEach((h, k) => {
      const id = String(h.id);
      let el = have.get(id);
      if (!el) el = makeHandin(id, s.name);
      have.delete(id);
      fillHandin(el, h);
      if (box.children[k] !== el) box.insertBefore(el, box.children[k] || null);
    });
    for (const gone of have.values()) gone.remove();
    setHidden($("nohandins"), list.length > 0);
    // The server sends the newest 50 and the number in all.
    const total = Number.isFinite(Number(s.handins_total)) && s.handins_total !== null ?
      Math.max(Number(s.handins_total), list.length) : list.length;
    const more = total > list.length;
    const note = more ? `showing the newest ${list.length} of ${total}` : "";
    setText($("handinscount"), more ? `(${note})` : total > 0 ? `(${total})` : "");
    setText($("handinsmore"), note);
    setHidden($("handinsmore"), !more);
    // The definitions of their last session.
    const defs = s.definitions;
    const pre = $("definitions");
    if (defs && typeof defs.text === "string" && defs.text !== "") {
      setText(pre, defs.text);
      setHidden(pre, false);
      setText($("defswhen"), defs.at ? `saved ${when(defs.at)}` : "");
    } else {
      setHidden(pre, true);
      setText(pre, "");
      setText($("defswhen"), "No session saved yet.");
    }
    // Recent check attempts, newest first (made again only when they changed).
    const tbody = $("attempts").tBodies[0];
    const attempts = (Array.isArray(s.attempts) ? s.attempts : []).slice()
      .sort((a, b) => (Date.parse(b.at) || 0) - (Date.parse(a.at) || 0)).slice(0, 30);
    const key = JSON.stringify(attempts);
    if (tbody.dataset.key === key && tbody.rows.length) return;
    tbody.dataset.key = key;
    tbody.textContent = "";
    if (attempts.length === 0) {
      const td = tbody.insertRow().insertCell();
      td.colSpan = 3;
      td.className = "empty";
      td.textContent = "No checks yet.";
    }
    for (const a of attempts) {
      const tr = tbody.insertRow();
      cell(tr, lessonTitle(a.lesson), "lesson");
      cell(tr, when(a.at), "when");
      cell(tr, score(a), a.ok ? "ok" : "bad");
    }
  }
  function makeHandin(id, student) {
    const el = document.createElement("article");
    el.className = "handin";
    el.dataset.handin = id;
    const head = document.createElement("div");
    head.className = "hhead";
    for (const c of ["hlesson", "hwhen", "hscore", "hsource"]) {
      const s = document.createElement("span");
      s.className = c;
      head.appendChild(s);
    }
    const label = (text) => {
      const d = document.createElement("div");
      d.className = "plabel";
      d.textContent = text;
      return d;
    };
    const program = document.createElement("pre");
    program.className = "program";
    const report = document.createElement("pre");
    report.className = "report";
    const ta = document.createElement("textarea");
    ta.className = "comment";
    ta.maxLength = MAX_COMMENT;
    ta.placeholder = `A comment for ${student} (Ctrl+Enter returns it)`;
    ta.setAttribute("aria-label", `Comment for ${student}`);
    if (drafts.has(id)) ta.value = drafts.get(id);
    ta.addEventListener("input", () => drafts.set(id, ta.value));
    const actions = document.createElement("div");
    actions.className = "hactions";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "return";
    button.textContent = "Return";
    const returned = document.createElement("span");
    returned.className = "returned";
    actions.append(button, returned);
    button.onclick = () => giveBack(el);
    ta.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); giveBack(el); }
    });
    el.append(head, label("Program"), program, label("Check report"), report, ta, actions);
    return el;
  }
  function fillHandin(el, h) {
    const id = el.dataset.handin;
    el.handin = h;
    const ta = el.querySelector("textarea.comment");
    const given = typeof h.comment === "string" ? h.comment : "";
    // What the teacher is typing stays; otherwise the box shows the
    // comment given (from another tab, say).
    if (!drafts.has(id) && document.activeElement !== ta && ta.value !== given) ta.value = given;
    // An unchanged hand-in is left as it is (a selection in it stays).
    const key = JSON.stringify(h);
    if (el.handinKey === key) return;
    el.handinKey = key;
    const [lesson, time, sc, source] = el.querySelector(".hhead").children;
    setText(lesson, String(h.title || lessonTitle(h.lesson) || ""));
    setText(time, when(h.at));
    const full = h.at ? new Date(h.at).toLocaleString() : "";
    if (time.title !== full) time.title = full;
    setText(sc, score(h));
    const cls = `hscore ${h.ok ? "ok" : "bad"}`;
    if (sc.className !== cls) sc.className = cls;
    setText(source, h.source === "session" || !h.source ? "from the session" : `file ${h.source}`);
    setText(el.querySelector("pre.program"), String(h.program ?? ""));
    setText(el.querySelector("pre.report"), plain(String(h.report ?? "")));
    const button = el.querySelector("button.return");
    if (!button.disabled) setText(button, h.returned_at ? "Return again" : "Return");
    showReturned(el.querySelector(".returned"), h.returned_at ? h.returned_at : null, given);
  }
  function showReturned(span, at, comment) {
    const key = at ? `${when(at)}\n${comment}` : "";
    if (span.dataset.key === key && (key === "") === (span.childNodes.length === 0)) return;
    span.dataset.key = key;
    span.textContent = "";
    if (!at) return;
    span.append(`returned ${when(at)}: `);
    const t = document.createElement("span");
    t.className = "rtext";
    t.textContent = comment === "" ? "(no comment)" : comment;
    span.append(t);
  }
  async function giveBack(el) {
    const id = el.dataset.handin;
    const ta = el.querySelector("textarea.comment"), button = el.querySelector("button.return");
    if (button.disabled) return;
    const comment = ta.value;
    if ([...comment].length > MAX_COMMENT) { tstatus(`A comment may be at most ${MAX_COMMENT} characters.`, "bad"); return; }
    button.disabled = true;
    button.textContent = "returning…";
    try {
      const r = await api("POST", "/api/return", { handin: /^\d+$/.test(id) ? Number(id) : id, comment });
      if (r && r.ok === false) throw new ApiError(400, "The server did not take the comment.");
      drafts.delete(id);
      const h = el.handin || {};
      h.comment = comment;
      h.returned_at = new Date().toISOString();
      showReturned(el.querySelector(".returned"), h.returned_at, comment);
      const who = lastStudent ? String(lastStudent.name ?? "") : "the student";
      tstatus(`Returned ${h.title || lessonTitle(h.lesson) || "the hand-in"} to ${who}.`, "good");
      button.disabled = false;
      button.textContent = "Return again";
      if (openStudent !== null) loadStudent(openStudent).catch(failed);
    } catch (e) {
      button.disabled = false;
      button.textContent = el.handin && el.handin.returned_at ? "Return again" : "Return";
      failed(e);
    }
  }

  // ---- the header's buttons ----------------------------------------------
  $("export").onclick = async () => {
    const button = $("export");
    button.disabled = true;
    try {
      const blob = await api("GET", "/api/export.csv");
      const name = String((klass && klass.name) || "class").replace(/[\\/:*?"<>|\x00-\x1f\s]+/g, "_");
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = `playforth-${name}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      tstatus(`Exported playforth-${name}.csv (see your downloads).`, "good");
    } catch (e) {
      failed(e);
    } finally {
      button.disabled = false;
    }
  };
  $("newcode").onclick = async () => {
    const button = $("newcode");
    button.disabled = true;
    try {
      const r = await api("POST", "/api/join-code", {});
      if (typeof r.join_code === "string") {
        setText($("tcode"), r.join_code);
        if (klass) klass.join_code = r.join_code;
      }
      tstatus(`New join code ${r.join_code}: the old code no longer lets anyone join; students who joined stay joined.`, "good");
    } catch (e) {
      failed(e);
    } finally {
      button.disabled = false;
    }
  };
  $("rotate").onclick = async () => {
    const button = $("rotate");
    button.disabled = true;
    try {
      const r = await api("POST", "/api/rotate", {});
      if (typeof r.secret !== "string" || !r.secret) throw new ApiError(500, "The server gave no new secret.");
      secret = r.secret;
      // The address keeps the new secret (no history entry with the old).
      history.replaceState(null, "", `${location.pathname}${location.search}#${r.secret}`);
      // The new link is not shown in the page: it may be on a projector.
      tstatus("New secret: the old teacher's link no longer works. This page's address has the new one — " +
        "bookmark it, and keep it to yourself.", "good");
    } catch (e) {
      failed(e);
    } finally {
      button.disabled = false;
    }
  };
  async function saveSolutions() {
    const mode = $("solutions").value;
    // On or off: no date (the box is emptied at once, not at the next reload).
    if (mode !== "after") $("solutionsdate").value = "";
    const date = $("solutionsdate").value;
    if (mode === "after" && !date) {
      solutionsDirty = true;
      tstatus("Choose the date from which the solutions are shown.", "");
      $("solutionsdate").focus();
      return;
    }
    const body = { mode };
    if (mode === "after") body.date = date;
    solutionsDirty = true;
    try {
      await api("POST", "/api/solutions", body);
      solutionsDirty = false;
      tstatus(mode === "on" ? "Solutions: students may see them." : mode === "off" ? "Solutions: hidden from students." :
        `Solutions: shown from ${date}.`, "good");
      if (klass) klass.solutions = { mode, date: mode === "after" ? date : null };
    } catch (e) {
      solutionsDirty = false; // the next answer shows what the server has
      failed(e);
    }
  }
  $("solutions").addEventListener("change", saveSolutions);
  $("solutionsdate").addEventListener("change", () => {
    if (!$("solutionsdate").value) return;
    // A date chosen means: after that date.
    $("solutions").value = "after";
    saveSolutions();
  });
  async function recheck(name, title) {
    if (rechecking.has(name)) return;
    rechecking.add(name);
    const set = (busy) => {
      const b = $(`recheck-${name}`);
      if (!b) return;
      b.disabled = busy;
      b.textContent = busy ? "re-checking…" : "Re-check";
    };
    set(true);
    tstatus(`Re-checking the hand-ins of ${title}… (this may take a while)`, "");
    try {
      const r = await api("POST", "/api/recheck", { lesson: name });
      const n = Number(r.rechecked) || 0, changed = Number(r.changed) || 0, ok = Number(r.ok) || 0;
      const skipped = Number(r.skipped) || 0;
      const more = skipped > 0
        ? ` ${skipped} could not be checked in the time a re-check has (endless loops?): press Re-check again for them.`
        : "";
      tstatus(`${title}: ${n} hand-in${n === 1 ? "" : "s"} re-checked, ${changed} changed, ${ok} pass.${more}`,
        skipped > 0 ? "" : "good");
      refresh();
    } catch (e) {
      failed(e);
    } finally {
      rechecking.delete(name);
      set(false);
    }
  }

  // ---- sharing an example --------------------------------------------------
  $("sharebutton").onclick = async () => {
    const program = $("sharetext").value;
    if (program.trim() === "") {
      tstatus("Type the example program first.", "");
      $("sharetext").focus();
      return;
    }
    const button = $("sharebutton");
    button.disabled = true;
    try {
      const r = await api("POST", "/api/share", { program });
      const link = new URL(String(r.link || ""), location.origin).href;
      const field = $("tsharelink");
      field.value = link;
      field.hidden = $("tsharecopy").hidden = false;
      field.focus();
      field.select();
      tstatus(loopback() ?
        `The link opens the example in a student's page and runs it — but this page is open as ${location.host}: ` +
        "students need this computer's address on the network in its place." :
        "The link opens the example in a student's page and runs it.", "good");
    } catch (e) {
      failed(e);
    } finally {
      button.disabled = false;
    }
  };
  $("tsharecopy").onclick = async () => {
    const field = $("tsharelink");
    try {
      await navigator.clipboard.writeText(field.value);
      tstatus("Link copied.", "good");
      return;
    } catch { /* not allowed here: select it instead */ }
    field.focus();
    field.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch { copied = false; }
    tstatus(copied ? "Link copied." : "The link is selected: press Ctrl-C to copy it.", "good");
  };
  $("tsharelink").addEventListener("focus", () => $("tsharelink").select());

  // ---- small things ----------------------------------------------------------
  function setText(el, text) {
    if (el.textContent !== text) el.textContent = text;
  }
  function setHidden(el, hidden) {
    if (el.hidden !== hidden) el.hidden = hidden;
  }
  function lessonTitle(name) {
    const l = lessons.find((x) => x.name === name);
    return l ? l.title : String(name ?? "");
  }
  function score(r) {
    return `${Number(r.passed) || 0} of ${Number(r.total) || 0} ${r.ok ? "✓" : "✗"}`;
  }
  // A check's report without the terminal's colour codes.
  function plain(text) {
    return text.replace(/\x1b\[[0-9;?]*[A-Za-z]|\x1b[^[]/g, "");
  }
  function cssEscape(s) {
    return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, "\\$&");
  }
  function when(iso) {
    const d = new Date(iso);
    if (!iso || isNaN(d)) return "";
    const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    if (d.toDateString() === new Date().toDateString()) return time;
    return `${d.toLocaleDateString([], { day: "numeric", month: "short" })} ${time}`;
  }
  function ago(iso) {
    const t = Date.parse(iso);
    if (!t) return "";
    const s = Math.max(0, (Date.now() - t) / 1000);
    if (s < 45) return "just now";
    if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min ago`;
    if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
    return when(iso);
  }

  window.addEventListener("hashchange", () => {
    const s = readSecret();
    if (s === secret) return;
    secret = s;
    refresh();
  });
  // For tests and the curious: the page's state.
  window.playforthTeacher = { refresh, openStudent: () => openStudent, drafts };
  refresh();
})();
