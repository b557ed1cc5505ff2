// playforth's turtle drawing on a <canvas>: playforthTurtle(canvas, state).
//
// `state` is what the server sends, made from the system's display list
// (src/drawing.rs):
//   { ops: [ {op:"line", x1, y1, x2, y2, color:"#rrggbb", width}
//          | {op:"screen", color:"#rrggbb"}   background of the whole picture; the last one counts
//          | {op:"clear"} ],                   forget everything before it
//     turtle: {x, y, heading, visible, color} }
// Coordinates are turtle steps, origin at the centre, y up; heading is
// degrees clockwise from up. The picture is fitted to the drawing's bounds
// with a margin, as the SVG `save-drawing` writes is (Drawing::bounds).
"use strict";

// The turtle's outline, in steps: tip ahead, back corners behind and aside
// (the same numbers as TURTLE_TIP, TURTLE_BACK, TURTLE_SIDE in drawing.rs).
const TURTLE_TIP = 14, TURTLE_BACK = 6, TURTLE_SIDE = 8;

// The unit step for a heading; exact at multiples of 90 degrees.
function turtleDirection(heading) {
  const exact = { 0: [0, 1], 90: [1, 0], 180: [0, -1], 270: [-1, 0] }[heading];
  if (exact) return exact;
  const r = (heading * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}

// The triangle's corners: tip, right, left.
function turtleOutline(t) {
  const [dx, dy] = turtleDirection(t.heading);
  const bx = t.x - TURTLE_BACK * dx, by = t.y - TURTLE_BACK * dy;
  return [
    [t.x + TURTLE_TIP * dx, t.y + TURTLE_TIP * dy],
    [bx + TURTLE_SIDE * dy, by - TURTLE_SIDE * dx],
    [bx - TURTLE_SIDE * dy, by + TURTLE_SIDE * dx],
  ];
}

// The lines and background since the last "clear".
function visibleOps(ops) {
  let start = 0;
  ops.forEach((op, i) => { if (op.op === "clear") start = i + 1; });
  const lines = [];
  let screen = null;
  for (const op of ops.slice(start)) {
    if (op.op === "line") lines.push(op);
    else if (op.op === "screen") screen = op.color;
  }
  return { lines, screen };
}

// [left, bottom, right, top]: the lines with half their width, the turtle
// when visible, at least 100 steps each way, plus a margin.
function drawingBounds(lines, turtle) {
  let b = null;
  const add = (x, y, pad) => {
    b = b ? [Math.min(b[0], x - pad), Math.min(b[1], y - pad), Math.max(b[2], x + pad), Math.max(b[3], y + pad)]
          : [x - pad, y - pad, x + pad, y + pad];
  };
  for (const l of lines) { add(l.x1, l.y1, l.width / 2); add(l.x2, l.y2, l.width / 2); }
  if (turtle && turtle.visible) add(turtle.x, turtle.y, TURTLE_TIP);
  b = b || [0, 0, 0, 0];
  for (const [lo, hi] of [[0, 2], [1, 3]]) {
    const short = 100 - (b[hi] - b[lo]);
    if (short > 0) { b[lo] -= short / 2; b[hi] += short / 2; }
  }
  const margin = 10 + 0.05 * Math.max(b[2] - b[0], b[3] - b[1]);
  return [b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin];
}

function playforthTurtle(canvas, state) {
  const { lines, screen } = visibleOps(state.ops || []);
  const turtle = state.turtle;
  const ctx = canvas.getContext("2d");

  // Crisp on high-DPI screens: as many canvas pixels as device pixels.
  const dpr = window.devicePixelRatio || 1;
  const cssW = canvas.clientWidth || canvas.width, cssH = canvas.clientHeight || canvas.height;
  canvas.width = Math.max(1, Math.round(cssW * dpr));
  canvas.height = Math.max(1, Math.round(cssH * dpr));

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (screen) {
    ctx.fillStyle = screen;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }

  // Turtle steps to canvas pixels: fit the bounds, centred, y flipped.
  const [l, b, r, t] = drawingBounds(lines, turtle);
  const scale = Math.min(canvas.width / (r - l), canvas.height / (t - b));
  const ox = (canvas.width - (r - l) * scale) / 2, oy = (canvas.height - (t - b) * scale) / 2;
  ctx.setTransform(scale, 0, 0, -scale, ox - l * scale, oy + t * scale);

  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  // Runs of joined lines of one colour and width are one path, so their
  // joins are round too (as the SVG's paths).
  let run = null;
  const finish = () => { if (run) ctx.stroke(); run = null; };
  for (const ln of lines) {
    const joined = run && run.color === ln.color && run.width === ln.width && run.x === ln.x1 && run.y === ln.y1;
    if (!joined) {
      finish();
      ctx.beginPath();
      ctx.strokeStyle = ln.color;
      ctx.lineWidth = ln.width;
      ctx.moveTo(ln.x1, ln.y1);
    }
    ctx.lineTo(ln.x2, ln.y2);
    run = { color: ln.color, width: ln.width, x: ln.x2, y: ln.y2 };
  }
  finish();

  if (turtle && turtle.visible) {
    const [tip, right, left] = turtleOutline(turtle);
    ctx.beginPath();
    ctx.moveTo(tip[0], tip[1]);
    ctx.lineTo(right[0], right[1]);
    ctx.lineTo(left[0], left[1]);
    ctx.closePath();
    ctx.fillStyle = turtle.color;
    ctx.fill();
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 1 / scale; // one pixel, whatever the zoom
    ctx.stroke();
  }
}

window.playforthTurtle = playforthTurtle;
