// playforth serve: the page's REPL. One WebSocket to the server, JSON
// messages as docs/protocol.md describes (protocol 1). Everything that
// knows Forth (colours, hints, completion, running) is on the server;
// this file draws and sends keys.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const transcript = $("transcript"), input = $("line"), paint = $("paint");
  const promptEl = $("prompt"), entry = $("entry"), menu = $("menu");
  const statusEl = $("status"), stopBtn = $("stop");

  // The transcript is bounded: old lines go when it passes these.
  const MAX_NODES = 4000, MAX_CHARS = 2000000;
  let chars = 0;

  // connecting (until the session's first ready) | idle | busy | input |
  // more | gone
  let ws = null, mode = "connecting";
  const queued = []; // messages typed before the connection opened
  let lookId = 0, completeId = 0, lastLook = null;
  const echoes = new Map(); // look id -> an echoed line waiting for its colours
  const history = loadHistory();
  let histPos = history.length, draft = "";
  let menuItems = [], menuSel = -1, menuStart = 0;
  const drawing = { ops: [], turtle: null };
  // A class (welcome's `class`): the join form until `joined`, then the
  // class bar. `started`: the session's first ready has come (a shared
  // program waits for it).
  let klass = null, joining = false, member = null, started = false;
  let handingIn = null, sharing = null, joinedAt = 0;

  // ---- the connection -------------------------------------------------
  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${location.host}/ws`);
    ws.onopen = () => {
      for (const m of queued.splice(0)) ws.send(JSON.stringify(m));
      sendSize();
      if (mode === "connecting") setMode("busy");
      status("starting a session…");
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      handle(msg);
    };
    ws.onclose = () => {
      if (mode !== "gone") {
        say("(the connection to the server was lost: reload the page to start again)", "gone");
        setMode("gone");
        status("disconnected", "gone");
      }
    };
  }
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    else if (ws && ws.readyState === WebSocket.CONNECTING && queued.length < 1000) queued.push(msg);
  }
  function sendSize() {
    // The width of the transcript in characters, for the notes' wrapping.
    const probe = document.createElement("span");
    probe.textContent = "0000000000";
    transcript.appendChild(probe);
    const w = probe.getBoundingClientRect().width / 10 || 9;
    probe.remove();
    send({ t: "size", cols: Math.max(20, Math.floor((transcript.clientWidth - 24) / w)) });
  }

  function handle(msg) {
    switch (msg.t) {
      case "welcome":
        if (msg.class && typeof msg.class === "object") startClass(msg.class);
        else status(`session ${msg.session}`);
        break;
      case "out": write(msg.s, ""); break;
      case "err":
        write(msg.s, "note");
        // A refused hand-in ("nothing to hand in yet: …"): the buttons work
        // again and the class bar says why.
        if (handingIn) {
          handinDone();
          const why = String(msg.s ?? "").trim().replace(/^\(([^]*)\)$/, "$1");
          classNote(why || "Not handed in.", "bad");
        }
        if (sharing) shareDone();
        break;
      case "ready":
        if (msg.ok != null) { write(msg.ok + "\n", "ok"); }
        // The session has started (in a class: after joining): a shared
        // program the page was opened with runs now.
        if (!started && (!klass || member)) { started = true; setTimeout(openPending, 0); }
        showStacks(msg.stack || [], msg.floats || []);
        trace.final = { stack: msg.stack || [], floats: msg.floats || [] };
        trace.steps = trace.pending; trace.pending = [];
        trace.at = trace.steps.length;
        showStep();
        setMode("idle");
        break;
      case "more":
        promptEl.textContent = (msg.prompt || "") + " ";
        setMode("more");
        break;
      case "input": setMode("input"); break;
      case "trace": trace.pending = trace.pending.concat(msg.steps || []); break;
      case "bye":
        say("(bye: this session has ended — Restart starts a new one)", "sys");
        setMode("gone");
        status("ended", "gone");
        break;
      case "ended":
        say(`(${msg.why} — press Restart for a new session)`, "gone");
        setMode("gone");
        status("ended", "gone");
        break;
      case "full":
        say(msg.why, "gone");
        setMode("gone");
        status("class full", "gone");
        if (joining) $("joinwhy").textContent = msg.why;
        break;
      case "restarted":
        say("(a new session: definitions and stacks start empty)", "sys");
        drawing.ops = []; drawing.turtle = null;
        $("turtlebox").hidden = true; $("boardbox").hidden = true;
        setMode("busy");
        break;
      case "look":
        if (echoes.has(msg.id)) {
          const e = echoes.get(msg.id);
          echoes.delete(msg.id);
          if (msg.spans.map((x) => x[1]).join("") === e.text) { e.el.textContent = ""; paintInto(e.el, msg.spans, null); }
        } else if (msg.id === lookId) { lastLook = msg; repaint(); }
        break;
      case "complete":
        if (msg.id === completeId) showCompletions(msg);
        break;
      case "board":
        if (typeof playforthBoard === "function" && msg.picture) {
          $("boardbox").hidden = false;
          if (msg.picture.kind) $("boardtitle").textContent = msg.picture.kind;
          playforthBoard($("board"), msg.picture, typeFromBoard);
        }
        break;
      // ---- a class (only when welcome said so) and sharing ----
      case "joined": joined(msg); break;
      case "join-refused": refused(msg); break;
      case "lesson": chooseLesson(msg.current); break;
      case "handed-in": handedIn(msg); break;
      case "returned": addComment(msg); break;
      case "shared": shared(msg); break;
      case "share": openedShare(msg); break;
      case "draw":
        // The operations added since the last message (all of them after
        // a reset: cleared, or put back by undo).
        if (msg.reset) drawing.ops = [];
        for (const op of msg.ops || []) drawing.ops.push(op);
        drawing.turtle = msg.turtle || drawing.turtle;
        if (typeof playforthTurtle === "function") {
          $("turtlebox").hidden = false;
          playforthTurtle($("turtle"), drawing);
        }
        break;
    }
  }

  // ---- the transcript -------------------------------------------------
  let open = null; // the element output is being appended to
  function trim() {
    while (transcript.childNodes.length > MAX_NODES || chars > MAX_CHARS) {
      const first = transcript.firstChild;
      if (!first) break;
      chars -= (first.textContent || "").length;
      first.remove();
    }
  }
  function atBottom() {
    return transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight < 40;
  }
  function scrollDown(was) { if (was) transcript.scrollTop = transcript.scrollHeight; }

  // ANSI SGR state while writing output.
  let sgr = { b: false, d: false, u: false, i: false, f: -1, g: -1, inv: false };
  function classes(extra) {
    const c = extra ? [extra] : [];
    if (sgr.b) c.push("b"); if (sgr.d) c.push("d"); if (sgr.u) c.push("u"); if (sgr.i) c.push("i");
    let f = sgr.f, g = sgr.g;
    if (sgr.inv) { [f, g] = [g < 0 ? 0 : g, f < 0 ? 7 : f]; }
    if (f >= 0) c.push("f" + f);
    if (g >= 0) c.push("g" + g);
    return c.join(" ");
  }
  function applySgr(params) {
    const p = params === "" ? [0] : params.split(";").map((x) => parseInt(x, 10) || 0);
    for (let k = 0; k < p.length; k++) {
      const n = p[k];
      if (n === 0) sgr = { b: false, d: false, u: false, i: false, f: -1, g: -1, inv: false };
      else if (n === 1) sgr.b = true; else if (n === 2) sgr.d = true;
      else if (n === 3) sgr.i = true; else if (n === 4) sgr.u = true; else if (n === 7) sgr.inv = true;
      else if (n === 22) { sgr.b = false; sgr.d = false; } else if (n === 23) sgr.i = false;
      else if (n === 24) sgr.u = false; else if (n === 27) sgr.inv = false;
      else if (n >= 30 && n <= 37) sgr.f = n - 30; else if (n >= 90 && n <= 97) sgr.f = n - 82;
      else if (n === 39) sgr.f = -1; else if (n >= 40 && n <= 47) sgr.g = n - 40;
      else if (n >= 100 && n <= 107) sgr.g = n - 92; else if (n === 49) sgr.g = -1;
      else if (n === 38 || n === 48) {
        // 256 colours and true colour: the nearest of the 16.
        let idx = -1;
        if (p[k + 1] === 5) { idx = p[k + 2] < 16 ? p[k + 2] : 7; k += 2; }
        else if (p[k + 1] === 2) { idx = nearest(p[k + 2], p[k + 3], p[k + 4]); k += 4; }
        if (n === 38) sgr.f = idx; else sgr.g = idx;
      }
    }
  }
  function nearest(r, g, b) {
    const bright = (r + g + b) / 3 > 170 ? 8 : 0;
    return bright + ((r > 100 ? 1 : 0) | (g > 100 ? 2 : 0) | (b > 100 ? 4 : 0));
  }
  function span(text, cls) {
    if (!text) return;
    const s = document.createElement("span");
    if (cls) s.className = cls;
    s.textContent = text;
    open.appendChild(s);
    chars += text.length;
  }
  // Write output as it comes; escape sequences are read as colours (and
  // `page` clears the screen), others are dropped.
  function write(text, extra) {
    const was = atBottom();
    if (!open || !open.isConnected) {
      open = document.createElement("div");
      open.className = "out";
      transcript.appendChild(open);
    }
    const re = /\x1b\[([0-9;?]*)([A-Za-z])|\x1b[^\[]|[\x00-\x08\x0b-\x1a\x1c-\x1f]/g;
    let at = 0, m;
    while ((m = re.exec(text)) !== null) {
      span(text.slice(at, m.index), classes(extra));
      at = re.lastIndex;
      if (m[2] === "m") applySgr(m[1]);
      else if (m[2] === "J" && (m[1] === "2" || m[1] === "3")) clearScreen();
      else if (m[0] === "\x07") { /* bell: nothing */ }
    }
    span(text.slice(at), classes(extra));
    trim();
    scrollDown(was);
  }
  function say(text, cls) {
    endLine();
    const d = document.createElement("div");
    d.className = cls || "sys";
    d.textContent = text;
    transcript.appendChild(d);
    open = null;
    chars += text.length;
    trim();
    transcript.scrollTop = transcript.scrollHeight;
  }
  function endLine() {
    if (open && open.textContent && !open.textContent.endsWith("\n")) span("\n", "");
  }
  function clearScreen() {
    transcript.textContent = ""; chars = 0;
    open = document.createElement("div");
    transcript.appendChild(open);
  }
  function echo(line) {
    if (mode === "input") {
      // An answer to a running word: after its question, as a terminal
      // shows it, and not coloured as Forth.
      write(line + "\n", "echo");
      return;
    }
    endLine();
    const d = document.createElement("div");
    d.className = "echo";
    const p = document.createElement("span");
    p.className = "c-prompt";
    p.textContent = mode === "input" ? "" : promptEl.textContent;
    d.appendChild(p);
    const body = document.createElement("span");
    if (lastLook && lastLook.text === line) paintInto(body, lastLook.spans, null);
    else {
      // Typed faster than its colours came: ask for them again.
      body.textContent = line;
      lookId += 1;
      echoes.set(lookId, { el: body, text: line });
      send({ t: "look", id: lookId, s: line, pos: 0 });
    }
    d.appendChild(body);
    d.appendChild(document.createTextNode("\n"));
    transcript.appendChild(d);
    chars += line.length;
    open = document.createElement("div");
    transcript.appendChild(open);
    transcript.scrollTop = transcript.scrollHeight;
  }

  // ---- the stacks -----------------------------------------------------
  function showStacks(stack, floats) {
    const data = $("data");
    data.textContent = "";
    $("depth").textContent = `<${stack.length}>`;
    if (stack.length === 0) {
      const e = document.createElement("span");
      e.className = "empty";
      e.textContent = "empty";
      data.appendChild(e);
    }
    const shown = stack.slice(-64);
    if (shown.length < stack.length) {
      const e = document.createElement("span");
      e.className = "empty";
      e.textContent = `… ${stack.length - shown.length} more`;
      data.appendChild(e);
    }
    shown.forEach((v, k) => {
      const c = document.createElement("span");
      c.className = "cell" + (k === shown.length - 1 ? " top" : "");
      c.textContent = String(v);
      c.title = k === shown.length - 1 ? "top of the stack" : "";
      data.appendChild(c);
    });
    const fl = $("floats");
    fl.textContent = "";
    $("fhead").hidden = fl.hidden = floats.length === 0;
    floats.slice(-32).forEach((v) => {
      const c = document.createElement("span");
      c.className = "cell";
      // 15 significant digits, as the Forth prints them.
      c.textContent = typeof v === "number" ? String(Number(v.toPrecision(15))) : v;
      fl.appendChild(c);
    });
  }

  // ---- stepping through a traced run -----------------------------------
  // After a line that ran a traced word, the panel can show the stack
  // after each step (◀ ▶, Alt+← Alt+→); at the end, the stack now.
  const trace = { steps: [], pending: [], at: 0, final: null };
  function showStep() {
    const n = trace.steps.length;
    $("stepper").hidden = n === 0;
    if (n === 0) return;
    if (trace.at >= n) {
      showStacks(trace.final.stack, trace.final.floats);
      $("steptext").textContent = `after the line (trace: ${n} steps)`;
    } else {
      const s = trace.steps[trace.at];
      showStacks(s.stack, s.floats);
      $("steptext").textContent = `step ${trace.at + 1} of ${n}: ${"  ".repeat(s.depth)}${s.word}`;
    }
    $("stepback").disabled = trace.at === 0;
    $("stepnext").disabled = trace.at >= n;
  }
  function step(by) {
    trace.at = Math.max(0, Math.min(trace.steps.length, trace.at + by));
    showStep();
  }
  $("stepback").onclick = () => step(-1);
  $("stepnext").onclick = () => step(1);

  // ---- the input line -------------------------------------------------
  function setMode(m) {
    mode = m;
    entry.classList.toggle("input", m === "input");
    if (m === "idle") promptEl.textContent = "> ";
    if (m === "input") promptEl.textContent = "? ";
    stopBtn.disabled = joining || !(m === "busy" || m === "input" || m === "more");
    if (m === "busy") status("running… (Stop or Ctrl-C stops it)", "busy");
    else if (m === "idle" || m === "more" || m === "input") status(m === "input" ? "the program waits for your answer" : "ready");
    input.disabled = m === "gone" || joining;
    if (m === "gone" && joining) {
      $("joinbutton").disabled = true;
      $("joinwhy").textContent = "The connection to the server ended: reload the page to try again.";
    }
    if (m !== "gone" && !joining) input.focus({ preventScroll: true });
  }
  function status(text, cls) {
    statusEl.textContent = text;
    statusEl.className = cls || "";
  }
  function look() {
    lookId += 1;
    // An answer to a running word is no Forth: no colours, no hints.
    if (mode === "input") { lastLook = null; return; }
    send({ t: "look", id: lookId, s: input.value, pos: input.selectionStart || 0 });
  }
  function paintInto(el, spans, hint) {
    for (const [cls, text] of spans) {
      const s = document.createElement("span");
      if (cls !== "space") s.className = "c-" + cls;
      s.textContent = text;
      el.appendChild(s);
    }
    if (hint) {
      const h = document.createElement("span");
      h.className = "hint";
      h.textContent = hint;
      el.appendChild(h);
    }
  }
  function repaint() {
    paint.textContent = "";
    const text = input.value;
    if (lastLook && lastLook.spans.map((s) => s[1]).join("") === text) {
      lastLook.text = text;
      paintInto(paint, lastLook.spans, lastLook.hint);
    } else {
      paint.textContent = text;
    }
    paint.style.transform = `translateX(${-input.scrollLeft}px)`;
  }
  function submit() {
    const text = input.value;
    closeMenu();
    if (text.trim() !== "" && history[history.length - 1] !== text) {
      history.push(text);
      if (history.length > 500) history.shift();
      try { sessionStorage.setItem("playforth-history", JSON.stringify(history)); } catch { /* full */ }
    }
    histPos = history.length;
    draft = "";
    echo(text);
    input.value = "";
    lastLook = null;
    repaint();
    if (mode !== "input" && mode !== "more") setMode("busy");
    else if (mode === "input") setMode("busy");
    send({ t: "line", s: text });
  }
  function loadHistory() {
    try {
      const h = JSON.parse(sessionStorage.getItem("playforth-history") || "[]");
      return Array.isArray(h) ? h.filter((x) => typeof x === "string").slice(-500) : [];
    } catch { return []; }
  }
  function recall(step) {
    if (histPos === history.length) draft = input.value;
    const next = Math.min(history.length, Math.max(0, histPos + step));
    if (next === histPos) return;
    histPos = next;
    input.value = histPos === history.length ? draft : history[histPos];
    input.setSelectionRange(input.value.length, input.value.length);
    look();
    repaint();
  }
  // A square or a choice clicked on the board types its move.
  function typeFromBoard(text) {
    if (mode === "gone") return;
    input.value = text;
    submit();
  }

  // ---- completion -----------------------------------------------------
  function complete() {
    completeId += 1;
    send({ t: "complete", id: completeId, s: input.value, pos: input.selectionStart || 0 });
  }
  function commonPrefix(words) {
    if (!words.length) return "";
    let p = words[0];
    for (const w of words) {
      while (!w.toLowerCase().startsWith(p.toLowerCase())) p = p.slice(0, -1);
    }
    return p;
  }
  function replaceWord(start, word) {
    const pos = input.selectionStart || 0;
    input.value = input.value.slice(0, start) + word + input.value.slice(pos);
    const at = start + word.length;
    input.setSelectionRange(at, at);
    look();
    repaint();
  }
  function showCompletions(msg) {
    const items = msg.items || [];
    if (items.length === 0) { status("no word starts like that"); return; }
    if (items.length === 1) { replaceWord(msg.start, items[0][1] + " "); closeMenu(); return; }
    const prefix = commonPrefix(items.map((i) => i[1]));
    const typed = input.value.slice(msg.start, input.selectionStart || 0);
    if (prefix.length > typed.length) replaceWord(msg.start, prefix);
    menuItems = items; menuSel = -1; menuStart = msg.start;
    menu.textContent = "";
    items.forEach(([display, word], k) => {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      li.id = "opt" + k;
      const n = document.createElement("span");
      n.textContent = word;
      li.appendChild(n);
      const e = document.createElement("span");
      e.className = "effect";
      e.textContent = display.slice(word.length);
      li.appendChild(e);
      li.onmousedown = (ev) => { ev.preventDefault(); choose(k); };
      menu.appendChild(li);
    });
    menu.hidden = false;
  }
  function select(k) {
    menuSel = (k + menuItems.length) % menuItems.length;
    [...menu.children].forEach((li, j) => li.setAttribute("aria-selected", j === menuSel ? "true" : "false"));
    const li = menu.children[menuSel];
    if (li) li.scrollIntoView({ block: "nearest" });
    input.setAttribute("aria-activedescendant", "opt" + menuSel);
  }
  function choose(k) {
    replaceWord(menuStart, menuItems[k][1] + " ");
    closeMenu();
  }
  function closeMenu() {
    menu.hidden = true; menuItems = []; menuSel = -1;
    input.removeAttribute("aria-activedescendant");
  }

  // ---- keys -----------------------------------------------------------
  input.addEventListener("keydown", (ev) => {
    const menuOpen = !menu.hidden && menuItems.length > 0;
    if (ev.key === "Enter") {
      ev.preventDefault();
      if (menuOpen && menuSel >= 0) choose(menuSel); else submit();
    } else if (ev.key === "Tab") {
      ev.preventDefault();
      if (menuOpen) select(menuSel + (ev.shiftKey ? -1 : 1));
      else complete();
    } else if (ev.key === "Escape") {
      closeMenu();
    } else if (ev.altKey && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {
      ev.preventDefault();
      step(ev.key === "ArrowLeft" ? -1 : 1);
    } else if (ev.key === "ArrowUp") {
      ev.preventDefault();
      if (menuOpen) select(menuSel - 1); else recall(-1);
    } else if (ev.key === "ArrowDown") {
      ev.preventDefault();
      if (menuOpen) select(menuSel + 1); else recall(1);
    } else if (ev.ctrlKey && (ev.key === "c" || ev.key === "C") && input.selectionStart === input.selectionEnd) {
      ev.preventDefault();
      stop();
    } else if (ev.ctrlKey && (ev.key === "l" || ev.key === "L")) {
      ev.preventDefault();
      clearScreen();
    }
  });
  input.addEventListener("input", () => { closeMenu(); look(); repaint(); });
  input.addEventListener("keyup", (ev) => {
    if (ev.key === "ArrowLeft" || ev.key === "ArrowRight" || ev.key === "Home" || ev.key === "End") {
      look(); repaint();
    }
  });
  input.addEventListener("scroll", repaint);
  // A pasted text of several lines runs line by line, as typed.
  input.addEventListener("paste", (ev) => {
    const text = (ev.clipboardData || window.clipboardData).getData("text");
    if (!text.includes("\n")) return;
    ev.preventDefault();
    const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
    const before = input.value.slice(0, input.selectionStart || 0);
    lines[0] = before + lines[0];
    for (const l of lines) { input.value = l; lastLook = null; submit(); }
  });
  function stop() {
    if (mode === "busy" || mode === "input") {
      send({ t: "stop" });
      status("stopping…", "busy");
    } else if (mode === "more") {
      // As in the terminal: Ctrl-C throws away an unfinished definition.
      send({ t: "stop" });
      input.value = "";
      repaint();
    }
  }
  stopBtn.onclick = () => { stop(); input.focus(); };
  $("restart").onclick = () => {
    if (mode === "gone" && (!ws || ws.readyState !== WebSocket.OPEN)) { location.reload(); return; }
    send({ t: "restart" });
    showStacks([], []);
    input.focus();
  };
  $("clear").onclick = () => { clearScreen(); input.focus(); };
  const setSize = (px) => {
    document.documentElement.style.setProperty("--size", px + "px");
    try { localStorage.setItem("playforth-size", String(px)); } catch { /* full */ }
    sendSize();
  };
  let size = parseInt(localStorage.getItem("playforth-size") || "16", 10) || 16;
  $("bigger").onclick = () => { size = Math.min(40, size + 2); setSize(size); input.focus(); };
  $("smaller").onclick = () => { size = Math.max(10, size - 2); setSize(size); input.focus(); };
  document.documentElement.style.setProperty("--size", size + "px");
  $("savepng").onclick = () => {
    const a = document.createElement("a");
    a.download = "turtle.png";
    a.href = $("turtle").toDataURL("image/png");
    a.click();
  };
  window.addEventListener("resize", () => { sendSize(); if (typeof playforthTurtle === "function" && drawing.ops.length) playforthTurtle($("turtle"), drawing); });
  // Ctrl-C anywhere on the page (outside the line, where it may copy).
  document.addEventListener("keydown", (ev) => {
    if (ev.target !== input && ev.ctrlKey && (ev.key === "c" || ev.key === "C") && !String(window.getSelection())) {
      stop();
    }
  });
  transcript.addEventListener("click", () => { if (!String(window.getSelection())) input.focus(); });

  // ---- a class: joining, the class bar, hand-ins, comments ------------
  // Only when welcome names a class; without one none of this shows.
  // Everything a person typed (names, titles, comments, programs) goes
  // into the page as text, never as HTML.
  const TOKEN = "playforth-class:";
  const MAX_FILE = 64 * 1024;
  function startClass(c) {
    klass = { name: String(c.name == null ? "" : c.name) };
    let token = null;
    try { token = localStorage.getItem(TOKEN + klass.name); } catch { /* no storage */ }
    joining = true;
    input.disabled = true;
    stopBtn.disabled = true;
    $("share").disabled = true;
    closeMenu();
    if (token) {
      status(`class ${klass.name}: joining…`);
      send({ t: "join", token });
    } else {
      showJoin("", false);
    }
  }
  function showJoin(why, empty) {
    joining = true;
    input.disabled = true;
    stopBtn.disabled = true;
    $("share").disabled = true;
    closeMenu();
    const code = $("joincode"), name = $("joinname");
    $("joinhead").textContent = klass.name ? `Join class ${klass.name}` : "Join the class";
    if (empty) { code.value = ""; name.value = ""; }
    $("joinwhy").textContent = why || "";
    $("joinbutton").disabled = mode === "gone";
    $("joinform").hidden = false;
    status(`class ${klass.name}: join with the code your teacher shows`);
    if (why || code.value.trim() === "") { code.focus(); code.select(); } else name.focus();
  }
  $("joinform").addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (!joining || $("joinbutton").disabled) return;
    const codeEl = $("joincode"), nameEl = $("joinname"), why = $("joinwhy");
    const code = codeEl.value.replace(/\s+/g, "").toUpperCase();
    const name = nameEl.value.replace(/\s+/g, " ").trim();
    if (!code) { why.textContent = "Type the code your teacher shows."; codeEl.focus(); return; }
    if (!name) { why.textContent = "Type your name, as your teacher will see it."; nameEl.focus(); return; }
    codeEl.value = code;
    why.textContent = "";
    $("joinbutton").disabled = true;
    status("joining…");
    send({ t: "join", code, name: [...name].slice(0, 40).join("") });
  });
  function joined(msg) {
    if (!klass) return;
    joining = false;
    member = {
      name: String(msg.name == null ? "" : msg.name),
      class: String(msg.class == null ? klass.name : msg.class),
    };
    try {
      if (typeof msg.token === "string" && msg.token) localStorage.setItem(TOKEN + klass.name, msg.token);
    } catch { /* no storage: the code is asked again next time */ }
    $("joinform").hidden = true;
    $("joinwhy").textContent = "";
    $("joinbutton").disabled = false;
    stopBtn.disabled = !(mode === "busy" || mode === "input" || mode === "more");
    $("share").disabled = !!sharing;
    $("classwho").textContent = `${member.name} · class ${member.class}`;
    const sel = $("lesson");
    sel.textContent = "";
    const none = document.createElement("option");
    none.value = "";
    none.textContent = "choose a lesson";
    sel.appendChild(none);
    for (const l of Array.isArray(msg.lessons) ? msg.lessons : []) {
      if (!l || typeof l.name !== "string") continue;
      const o = document.createElement("option");
      o.value = l.name;
      o.textContent = typeof l.title === "string" && l.title ? l.title : l.name;
      sel.appendChild(o);
    }
    sel.value = "";
    chooseLesson(msg.current);
    const saved = msg.saved, restore = $("restore");
    restore.hidden = !saved;
    if (saved) {
      const lines = Number(saved.lines);
      restore.title = `Run the lines of your last session again` +
        (Number.isFinite(lines) ? ` (${lines} line${lines === 1 ? "" : "s"}` : " (") +
        (saved.at ? `, ${when(saved.at)})` : ")");
    }
    classNote("", "");
    $("classbar").hidden = false;
    joinedAt = Date.now();
    input.disabled = mode === "gone";
    if (mode !== "gone") {
      status(`joined class ${member.class}: starting a session…`, "busy");
      input.focus({ preventScroll: true });
    }
    sendSize();
  }
  function refused(msg) {
    if (!klass) return;
    if (msg.forget) {
      try { localStorage.removeItem(TOKEN + klass.name); } catch { /* no storage */ }
    }
    showJoin(typeof msg.why === "string" && msg.why ? msg.why : "That did not work: check the code.", !!msg.forget);
  }
  function chooseLesson(name) {
    if (typeof name !== "string" || !name) return;
    const sel = $("lesson");
    if ([...sel.options].some((o) => o.value === name)) sel.value = name;
  }
  function lessonTitle(name) {
    const o = [...$("lesson").options].find((x) => x.value === name);
    return o ? o.textContent : name;
  }
  function classNote(text, cls) {
    const n = $("classnote");
    n.textContent = text;
    n.className = cls || "";
  }
  // The lesson to hand in, or null (and a word about choosing one).
  function lessonChosen() {
    const l = $("lesson").value;
    if (l) return l;
    classNote("Choose the lesson to hand in first.", "bad");
    $("lesson").focus();
    return null;
  }
  function startHandin(lesson) {
    handinDone();
    handingIn = {
      lesson,
      timer: setTimeout(() => {
        handinDone();
        classNote("The hand-in got no answer: try again.", "bad");
      }, 30000),
    };
    $("handin").disabled = true;
    $("handinfile").disabled = true;
    $("handinfilebutton").classList.add("disabled");
    classNote(`handing in ${lessonTitle(lesson)}…`, "");
  }
  function handinDone() {
    if (handingIn) clearTimeout(handingIn.timer);
    handingIn = null;
    $("handin").disabled = false;
    $("handinfile").disabled = false;
    $("handinfilebutton").classList.remove("disabled");
  }
  $("handin").onclick = () => {
    const lesson = lessonChosen();
    if (!lesson) return;
    startHandin(lesson);
    say(`(handing in this session's work for ${lessonTitle(lesson)}…)`, "sys");
    send({ t: "handin", lesson });
    input.focus();
  };
  // No lesson chosen: no file picker either.
  $("handinfile").addEventListener("click", (ev) => {
    if (!$("lesson").value) { ev.preventDefault(); lessonChosen(); }
  });
  $("handinfile").addEventListener("change", async () => {
    const picker = $("handinfile");
    const file = picker.files && picker.files[0];
    picker.value = ""; // the same file may be handed in again
    if (!file) return;
    const lesson = lessonChosen();
    if (!lesson) return;
    if (file.size > MAX_FILE) {
      classNote(`${file.name} is ${Math.ceil(file.size / 1024)} KiB: a file handed in may be at most 64 KiB.`, "bad");
      input.focus();
      return;
    }
    let text;
    try { text = await file.text(); } catch {
      classNote(`${file.name} could not be read.`, "bad");
      return;
    }
    startHandin(lesson);
    say(`(handing in ${file.name} for ${lessonTitle(lesson)}…)`, "sys");
    send({ t: "handin", lesson, file: { name: file.name, text } });
    input.focus();
  });
  function handedIn(msg) {
    handinDone();
    const title = msg.title || lessonTitle(msg.lesson) || "the lesson";
    const passed = Number(msg.passed) || 0, total = Number(msg.total) || 0;
    const text = `Handed in: ${title} — ${passed} of ${total} checks pass ${msg.ok ? "✓" : "✗"}`;
    classNote(text, msg.ok ? "ok" : "bad");
    say(`(${text})`, "sys");
    status(text);
  }
  $("restore").onclick = () => {
    send({ t: "restore" });
    $("restore").hidden = true;
    say("(loading your last session…)", "sys");
    input.focus();
  };
  // A comment the teacher returned: newest first; one element a hand-in
  // (returned again, it is replaced).
  function addComment(msg) {
    const list = $("commentlist");
    const id = String(msg.id);
    let el = [...list.children].find((e) => e.dataset.id === id);
    if (!el) {
      el = document.createElement("div");
      el.className = "comment";
      el.dataset.id = id;
      const head = document.createElement("div");
      head.className = "commenthead";
      const text = document.createElement("div");
      text.className = "commenttext";
      el.append(head, text);
    }
    const title = msg.title || lessonTitle(msg.lesson) || "";
    el.dataset.at = typeof msg.at === "string" ? msg.at : "";
    el.children[0].textContent = msg.at ? `${title} · ${when(msg.at)}` : title;
    el.children[1].textContent = typeof msg.comment === "string" && msg.comment !== "" ? msg.comment : "(returned without a comment)";
    el.remove();
    const t = Date.parse(el.dataset.at) || 0;
    const after = [...list.children].find((e) => (Date.parse(e.dataset.at) || 0) < t);
    list.insertBefore(el, after || null);
    $("comments").hidden = false;
    // The ones sent with `joined` are old news; a live one is pointed out.
    if (Date.now() - joinedAt > 3000) {
      el.classList.add("new");
      classNote(`Your teacher returned ${title} with a comment (see the right).`, "ok");
      say(`(your teacher returned ${title}: “${el.children[1].textContent}”)`, "sys");
      list.scrollTop = 0;
    }
  }
  function when(iso) {
    const d = new Date(iso);
    if (!iso || isNaN(d)) return "";
    const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    if (d.toDateString() === new Date().toDateString()) return time;
    return `${d.toLocaleDateString([], { day: "numeric", month: "short" })} ${time}`;
  }

  // ---- sharing --------------------------------------------------------
  // Share asks the server for the program: a class keeps it and answers a
  // short link; without a class the page packs the program into the link
  // (deflate-raw, base64url), so nothing is kept anywhere.
  const MAX_LINK = 16000, MAX_SHARED = 256 * 1024;
  $("share").onclick = () => {
    if (sharing) return;
    sharing = setTimeout(shareDone, 15000);
    $("share").disabled = true;
    send({ t: "share" });
  };
  function shareDone() {
    if (sharing) clearTimeout(sharing);
    sharing = null;
    $("share").disabled = joining;
  }
  async function shared(msg) {
    shareDone();
    if (typeof msg.link === "string" && msg.link) {
      showLink(new URL(msg.link, location.origin).href, "");
    } else if (typeof msg.text === "string") {
      if (msg.text.trim() === "") {
        showLink("", "There is nothing to share yet: type a program (define some words) first.");
        return;
      }
      let data;
      try { data = await deflate(msg.text); } catch {
        showLink("", "This browser cannot make a link to a program (it has no CompressionStream).");
        return;
      }
      const link = `${location.origin}/#p=${data}`;
      if (link.length > MAX_LINK) {
        showLink("", `Your program is too long to share by link (the link would be ${link.length} characters, ` +
          `at most ${MAX_LINK}). A class keeps shared programs on the server instead.`);
        return;
      }
      showLink(link, "");
    }
  }
  function showLink(link, why) {
    const box = $("sharebox"), field = $("sharelink");
    field.value = link;
    field.hidden = $("sharecopy").hidden = !link;
    $("sharehead").textContent = link ? "A link to your program — whoever opens it sees the program and runs it:" : "Share";
    shareNote(why, !!why);
    box.hidden = false;
    if (link) $("sharecopy").focus(); else $("shareclose").focus();
  }
  function shareNote(text, bad) {
    const n = $("sharenote");
    n.textContent = text;
    n.className = bad ? "bad" : "";
  }
  function closeShare() {
    $("sharebox").hidden = true;
    if (!input.disabled) input.focus();
  }
  $("sharecopy").onclick = async () => {
    const field = $("sharelink");
    try {
      await navigator.clipboard.writeText(field.value);
      shareNote("Copied: paste it into a message.", false);
      return;
    } catch { /* not allowed here (plain http on a network): select it instead */ }
    field.focus();
    field.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch { copied = false; }
    shareNote(copied ? "Copied: paste it into a message." : "The link is selected: press Ctrl-C to copy it.", false);
  };
  $("sharelink").addEventListener("focus", () => $("sharelink").select());
  $("shareclose").onclick = closeShare;
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && !$("sharebox").hidden) closeShare();
  });

  function toBase64url(bytes) {
    let bin = "";
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function fromBase64url(text) {
    const b64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
    const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }
  async function deflate(text) {
    const packed = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return toBase64url(new Uint8Array(await new Response(packed).arrayBuffer()));
  }
  // At most MAX_SHARED bytes come out: a link is no way to fill memory.
  async function inflate(data) {
    const reader = new Blob([fromBase64url(data)]).stream()
      .pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.length;
      if (n > MAX_SHARED) { reader.cancel().catch(() => {}); throw new Error("too long"); }
      parts.push(value);
    }
    return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
  }

  // ---- opening a shared link ------------------------------------------
  // #s=ID (kept by a class's server) or #p=DATA (the program itself),
  // opened once the session is ready, shown read-only, then run.
  function parseHash() {
    const h = location.hash;
    if (!h.startsWith("#s=") && !h.startsWith("#p=")) return null;
    let m = /^#s=([A-Za-z0-9_-]{1,128})$/.exec(h);
    if (m) return { kind: "s", id: m[1] };
    m = /^#p=([A-Za-z0-9_-]*=*)$/.exec(h);
    if (m) return { kind: "p", data: m[1] };
    return { kind: "bad" };
  }
  let pendingShare = parseHash(), awaitedShare = null;
  function openPending() {
    if (!started || !pendingShare || mode === "gone") return;
    const p = pendingShare;
    pendingShare = null;
    // Restart (or a reload) does not run it again.
    try { window.history.replaceState(null, "", location.pathname + location.search); } catch { /* fine */ }
    if (p.kind === "s") {
      awaitedShare = p.id;
      say("(opening the shared program…)", "sys");
      send({ t: "open-share", id: p.id });
    } else if (p.kind === "p") {
      inflate(p.data).then(
        (program) => showShared(program, null, null),
        () => say("(that link to a program is damaged or too long: it could not be opened)", "note"),
      );
    } else {
      say("(that link to a program is damaged: it could not be opened)", "note");
    }
  }
  window.addEventListener("hashchange", () => {
    const p = parseHash();
    if (p) { pendingShare = p; openPending(); }
  });
  function openedShare(msg) {
    if (awaitedShare === null || (msg.id != null && String(msg.id) !== awaitedShare)) return;
    awaitedShare = null;
    // Only the `teacher` flag says the teacher shared it: a student's name
    // is just a name (whatever it says).
    const teacher = msg.teacher === true;
    const by = teacher ? null : (msg.by == null ? "" : String(msg.by));
    showShared(typeof msg.program === "string" ? msg.program : "", by, msg.at, teacher);
  }
  function showShared(program, by, at, teacher = false) {
    $("sharedtitle").textContent = "Shared program (read-only)";
    const line = $("sharedwhen");
    line.textContent = "";
    line.classList.toggle("byteacher", teacher);
    if (teacher) {
      line.append("Shared by your teacher");
    } else if (by) {
      const name = document.createElement("span");
      name.className = "sharedname";
      name.textContent = by;
      line.append("Shared by ", name);
    }
    if (at && when(at)) line.append(`${teacher || by ? " · " : "Shared "}${when(at)}`);
    $("sharedprogram").textContent = program;
    $("shared").hidden = false;
    $("sharedprogram").scrollTop = 0;
    const text = program.replace(/\r\n?/g, "\n").replace(/\n+$/, "");
    if (text.trim() === "" || mode === "gone") return;
    say(teacher ? "(running the program your teacher shared)" :
      by ? `(running the program shared by ${by})` : "(running the shared program)", "sys");
    setMode("busy");
    send({ t: "line", s: text });
  }
  $("sharedclose").onclick = () => { $("shared").hidden = true; if (!input.disabled) input.focus(); };

  showStacks([], []);
  connect();
  input.focus();
  // For tests and the curious: the page's state.
  window.playforthPage = { mode: () => mode, drawing };
})();
