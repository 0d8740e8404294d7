// The scores of every seat over the match, as an SVG line chart (plain SVG: a line per seat,
// a marker at the step shown; a click on the chart opens that step).

import { s, seatColour } from "./dom.js";

// Small enough a box that its labels stay readable where the chart is narrow (a phone, the side).
const W = 400;
const H = 200;
const PAD = { left: 40, right: 10, top: 12, bottom: 28 };
// The chart's frame, for whatever draws on it or reads a pointer over it (analysis_marks.js).
export const FRAME = Object.freeze({ W, H, PAD });

// The x of a step on a chart of `last` steps, and the step nearest an x.
export const stepX = (version, last) =>
  PAD.left + ((version - 1) / Math.max(1, last - 1)) * (W - PAD.left - PAD.right);
const stepOfX = (at, last) => {
  const fraction = (at - PAD.left) / (W - PAD.left - PAD.right);
  return Math.min(last, Math.max(1, Math.round(1 + fraction * (last - 1))));
};

export function scoreChart(timeline, shown, onPick) {
  const steps = timeline.steps;
  const last = Math.max(1, timeline.version);
  const scores = steps.flatMap((step) => step.scores);
  const top = Math.max(1, ...scores);
  const low = Math.min(0, ...scores); // scores may go below zero: the chart reaches down to them
  const x = (version) => stepX(version, last);
  const y = (score) => H - PAD.bottom - ((score - low) / (top - low)) * (H - PAD.top - PAD.bottom);
  const chart = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "aria-label": `scores of ${timeline.seats.join(", ")} over ${last} steps`,
    class: "chart",
  });
  for (const tick of ticks(low, top)) {
    chart.append(
      s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(tick), y2: y(tick), class: "grid" }),
      s("text", { x: PAD.left - 6, y: y(tick) + 4, "text-anchor": "end", class: "axis" }, tick),
    );
  }
  chart.append(
    s("text", { x: PAD.left, y: H - 8, class: "axis" }, "step 1"),
    s("text", { x: W - PAD.right, y: H - 8, "text-anchor": "end", class: "axis" }, `step ${last}`),
  );
  timeline.seats.forEach((seat, index) => {
    const points = steps.map((step) => `${x(step.version).toFixed(1)},${y(step.scores[index]).toFixed(1)}`);
    chart.append(
      s("polyline", {
        points: points.join(" "),
        fill: "none",
        stroke: seatColour(index),
        "stroke-width": 2.5,
        "data-seat": seat,
      }, s("title", {}, seat)),
    );
  });
  const marker = s("line", { y1: PAD.top, y2: H - PAD.bottom, class: "marker" });
  chart.append(marker);
  // The step under a pointer, however wide the chart is drawn.
  const stepAt = (event) => {
    const box = chart.getBoundingClientRect();
    return stepOfX(((event.clientX - box.left) / box.width) * W, last);
  };
  chart.addEventListener("click", (event) => onPick(stepAt(event)));
  const move = (version) => {
    marker.setAttribute("x1", x(version));
    marker.setAttribute("x2", x(version));
  };
  move(shown);
  return { element: chart, move, stepAt };
}

function ticks(low, top) {
  // Round steps from zero both ways, about four across the range.
  const step = Math.max(1, Math.ceil((top - low) / 4 / 5) * 5);
  const found = [];
  for (let value = -step; value >= low; value -= step) found.unshift(value);
  for (let value = 0; value <= top; value += step) found.push(value);
  return found;
}
