// board.js: draws a playforth board picture into an <svg> and turns clicks
// into the text a player would type at the game's prompt.
//
//   playforthBoard(svgElement, picture, onType)
//
// draws `picture` (the JSON below) into `svgElement`, replacing what was
// there, and calls onType(text) when the player clicks a move or a choice
// (the host types text and Enter at the prompt). Call it again with each
// new picture. In from_to mode the first click (a piece that can move) is
// remembered on the element and highlighted; the second click, on one of
// its targets, types the move; a click elsewhere changes or clears it.
// Every clickable square and choice is also reachable with Tab and played
// with Enter or Space.
//
// The picture is playforth::Picture (src/picture.rs) encoded field by
// field, with the Rust names:
//
//   {
//     "kind":       string   the game: "othello", "chess", "jungle",
//                            "fivestep", "rps", "rps-team"; others are
//                            drawn with each piece's text
//     "files":      number   columns a, b, c ... (0: no board)
//     "ranks":      number   rows 1, 2, 3 ... (0: no board)
//     "ranks_down": boolean  true: rank 1 is the top row (Othello);
//                            false: the bottom row (chess)
//     "grounds":    [ { "square": Square, "text": string } ]
//                            what a square is beneath any piece, as the
//                            text board marks it: "#" den, "^" trap, "~" water
//     "pieces":     [ { "square": Square, "text": string, "side": number } ]
//                            text as the text board shows it ("X", "K",
//                            "r", "1"); side 1 moves first, 2 the other,
//                            0 nobody's
//     "moves":      [ { "from": Square | null, "to": Square, "text": string } ]
//                            the moves the player may click and what each
//                            types; from is null for a one-square move;
//                            between two squares the first listed is taken
//     "last":       { "from": Square | null, "to": Square } | null
//                            the move played last
//     "choices":    [ { "label": string, "text": string } ]
//                            things to click beside the board
//     "caption":    string   a line under the board ("" for none)
//     "click":      "none" | "square" | "from_to" | "choice"
//   }
//
//   Square = { "file": number, "rank": number }   a1 is { file: 0, rank: 0 }

(function () {
  "use strict";

  const NS = "http://www.w3.org/2000/svg";
  const CELL = 64;        // a square's side, in the viewBox's units
  const EDGE = 28;        // room for the file letters and rank numbers
  const CHOICE_H = 64;    // a choice button's height

  // ---- how each kind of game looks ----------------------------------------

  const CHESS_GLYPHS = {
    K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659",
    k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F",
  };
  const JUNGLE_NAMES = {
    r: "Rat", c: "Cat", d: "Dog", w: "Wolf", p: "Leopard", t: "Tiger", l: "Lion", e: "Elephant",
  };
  const GROUND_COLOURS = { "#": "#c0504d", "^": "#e6c04a", "~": "#4f8fd6" };

  // The colour of a square's background.
  function squareColour(kind, file, rank, ground) {
    if (ground && GROUND_COLOURS[ground]) return GROUND_COLOURS[ground];
    const light = (file + rank) % 2 === 1;
    switch (kind) {
      case "chess": return light ? "#f0d9b5" : "#b58863";
      case "othello": return "#2e8b57";
      case "jungle": return "#7cb461";
      case "fivestep": return light ? "#eeeeee" : "#dcdcdc";
      default: return light ? "#f3ead8" : "#e2d5bb";
    }
  }

  // Draw one piece centred at (x, y) into group g.
  function drawPiece(g, kind, piece, x, y) {
    const r = CELL * 0.38;
    if (kind === "othello") {
      g.appendChild(el("circle", {
        cx: x, cy: y, r: r,
        fill: piece.side === 1 ? "#111" : "#f8f8f8", stroke: "#000", "stroke-width": 2,
      }));
      return;
    }
    if (kind === "fivestep") {
      g.appendChild(el("circle", {
        cx: x, cy: y, r: r,
        fill: piece.side === 1 ? "#d23c3c" : "#2f62c8", stroke: "#222", "stroke-width": 2,
      }));
      g.appendChild(text(piece.text, x, y, CELL * 0.34, "#fff", "bold"));
      return;
    }
    if (kind === "chess" && CHESS_GLYPHS[piece.text]) {
      // The filled glyphs for both sides, coloured: clearer on a projector.
      const filled = CHESS_GLYPHS[piece.text.toLowerCase()];
      const white = piece.side === 1;
      const t = text(filled, x, y + CELL * 0.04, CELL * 0.78, white ? "#fff" : "#111");
      t.setAttribute("stroke", white ? "#111" : "#eee");
      t.setAttribute("stroke-width", "1.2");
      g.appendChild(t);
      return;
    }
    if (kind === "jungle") {
      const name = JUNGLE_NAMES[piece.text.toLowerCase()] || piece.text;
      const a = piece.side === 1;
      g.appendChild(el("rect", {
        x: x - r * 1.15, y: y - r, width: r * 2.3, height: r * 2, rx: 10,
        fill: a ? "#fdfdf5" : "#262626", stroke: a ? "#333" : "#ddd", "stroke-width": 2,
      }));
      g.appendChild(text(piece.text, x, y - r * 0.25, CELL * 0.36, a ? "#222" : "#fff", "bold"));
      g.appendChild(text(name, x, y + r * 0.5, CELL * 0.19, a ? "#222" : "#fff"));
      return;
    }
    // Any other game: the piece's text on a disc of its side's colour.
    const fills = ["#888", "#f5f5f5", "#222"];
    g.appendChild(el("circle", {
      cx: x, cy: y, r: r, fill: fills[piece.side] || "#888", stroke: "#444", "stroke-width": 2,
    }));
    g.appendChild(text(piece.text, x, y, CELL * 0.36, piece.side === 2 ? "#fff" : "#111", "bold"));
  }

  // ---- small helpers ---------------------------------------------------

  function el(name, attrs) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }

  function text(s, x, y, size, fill, weight) {
    const t = el("text", {
      x: x, y: y, "font-size": size, fill: fill,
      "text-anchor": "middle", "dominant-baseline": "central",
      "font-family": "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols2', sans-serif",
    });
    if (weight) t.setAttribute("font-weight", weight);
    t.textContent = s;
    return t;
  }

  const same = (a, b) => a !== null && b !== null && a.file === b.file && a.rank === b.rank;
  const key = (sq) => sq.file + "," + sq.rank;
  const squareName = (sq) => String.fromCharCode(97 + sq.file) + (sq.rank + 1);

  // Make g act as a button: click, Enter and Space call act.
  function clickable(g, label, act) {
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label);
    g.style.cursor = "pointer";
    g.addEventListener("click", act);
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); }
    });
  }

  // ---- the board ---------------------------------------------------------

  function playforthBoard(svg, picture, onType) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const p = picture;
    const hasBoard = p.files > 0 && p.ranks > 0;
    const boardW = hasBoard ? p.files * CELL : 0;
    const boardH = hasBoard ? p.ranks * CELL : 0;
    const choicesH = p.choices.length ? CHOICE_H + 16 : 0;
    const captionH = p.caption ? 40 : 0;
    const width = Math.max(hasBoard ? boardW + 2 * EDGE : 0, p.choices.length * 150 + 16, 200);
    const height = (hasBoard ? boardH + 2 * EDGE : 0) + choicesH + captionH + 8;
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", p.kind + (p.caption ? ": " + p.caption : ""));

    // The square selected by a first click in from_to mode, kept on the
    // element between pictures while it still has a move.
    let selected = svg.playforthSelected || null;
    if (p.click !== "from_to" || !selected || !p.moves.some((m) => same(m.from, selected))) {
      selected = null;
    }
    svg.playforthSelected = selected;
    const redraw = () => playforthBoard(svg, picture, onType);

    if (hasBoard) {
      const x0 = (width - boardW) / 2;
      const y0 = EDGE;
      const at = (sq) => ({
        x: x0 + sq.file * CELL,
        y: y0 + (p.ranks_down ? sq.rank : p.ranks - 1 - sq.rank) * CELL,
      });
      const grounds = new Map(p.grounds.map((g) => [key(g.square), g.text]));
      const pieces = new Map(p.pieces.map((x) => [key(x.square), x]));

      // Where a click on each square leads: the move it types now, or a
      // selection of a piece that can move.
      const movers = new Set(p.moves.filter((m) => m.from).map((m) => key(m.from)));
      const targets = new Map();     // square -> the move ending there now
      for (const m of p.moves) {
        if (p.click === "square" || (selected && same(m.from, selected))) {
          if (!targets.has(key(m.to))) targets.set(key(m.to), m);
        }
      }

      for (let rank = 0; rank < p.ranks; rank++) {
        for (let file = 0; file < p.files; file++) {
          const sq = { file: file, rank: rank };
          const k = key(sq);
          const { x, y } = at(sq);
          const g = el("g", {});
          g.appendChild(el("rect", {
            x: x, y: y, width: CELL, height: CELL,
            fill: squareColour(p.kind, file, rank, grounds.get(k)),
            stroke: p.kind === "othello" || p.kind === "jungle" ? "#1d5a37" : "none",
          }));
          const ground = grounds.get(k);
          if (ground && !pieces.has(k)) {
            g.appendChild(text(ground, x + CELL / 2, y + CELL / 2, CELL * 0.4, "rgba(0,0,0,0.35)", "bold"));
          }
          if (p.last && (same(p.last.from, sq) || same(p.last.to, sq))) {
            g.appendChild(el("rect", {
              x: x, y: y, width: CELL, height: CELL,
              fill: "rgba(255, 235, 59, 0.45)", stroke: "#e0a800", "stroke-width": 3,
            }));
          }
          if (selected && same(selected, sq)) {
            g.appendChild(el("rect", {
              x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4,
              fill: "rgba(30, 144, 255, 0.35)", stroke: "#1e6fd9", "stroke-width": 4,
            }));
          } else if (p.click === "from_to" && !selected && movers.has(k)) {
            g.appendChild(el("rect", {
              x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6,
              fill: "none", stroke: "rgba(30, 111, 217, 0.55)", "stroke-width": 3,
            }));
          }
          const piece = pieces.get(k);
          if (piece) drawPiece(g, p.kind, piece, x + CELL / 2, y + CELL / 2);
          const move = targets.get(k);
          if (move) {
            g.appendChild(piece
              ? el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.44,
                               fill: "none", stroke: "rgba(20, 20, 20, 0.55)", "stroke-width": 5 })
              : el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.14,
                               fill: "rgba(20, 20, 20, 0.45)" }));
          }

          if (move) {
            clickable(g, "play " + move.text, () => {
              svg.playforthSelected = null;
              onType(move.text);
            });
          } else if (p.click === "from_to" && movers.has(k)) {
            clickable(g, "move from " + squareName(sq), () => {
              svg.playforthSelected = same(selected, sq) ? null : sq;
              redraw();
            });
          } else if (selected) {
            g.addEventListener("click", () => { svg.playforthSelected = null; redraw(); });
          }
          svg.appendChild(g);
        }
      }

      // File letters under the board and above it, rank numbers beside it.
      for (let file = 0; file < p.files; file++) {
        const x = x0 + file * CELL + CELL / 2;
        const letter = String.fromCharCode(97 + file);
        svg.appendChild(text(letter, x, y0 - EDGE / 2, 18, "#9aa3b2"));
        svg.appendChild(text(letter, x, y0 + boardH + EDGE / 2, 18, "#9aa3b2"));
      }
      for (let rank = 0; rank < p.ranks; rank++) {
        const y = at({ file: 0, rank: rank }).y + CELL / 2;
        svg.appendChild(text(String(rank + 1), x0 - EDGE / 2, y, 18, "#9aa3b2"));
        svg.appendChild(text(String(rank + 1), x0 + boardW + EDGE / 2, y, 18, "#9aa3b2"));
      }
    }

    // The choices, in a row.
    let y = hasBoard ? boardH + 2 * EDGE : 8;
    if (p.choices.length) {
      const w = 140;
      const x0 = (width - p.choices.length * (w + 10) + 10) / 2;
      p.choices.forEach((c, i) => {
        const g = el("g", {});
        const x = x0 + i * (w + 10);
        g.appendChild(el("rect", {
          x: x, y: y, width: w, height: CHOICE_H, rx: 12,
          fill: "#fff8e1", stroke: "#8d6e63", "stroke-width": 3,
        }));
        g.appendChild(text(c.label, x + w / 2, y + CHOICE_H / 2, 24, "#3e2723", "bold"));
        if (p.click === "choice") clickable(g, c.label, () => onType(c.text));
        svg.appendChild(g);
      });
      y += choicesH;
    }
    if (p.caption) {
      svg.appendChild(text(p.caption, width / 2, y + captionH / 2 - 4, 22, "#e6e6e6"));
    }
  }

  window.playforthBoard = playforthBoard;
})();
