// A seat's stored analysis on the page (GET /matches/{id}/analysis?as=SEAT): an evaluation
// line on the score chart (the expected win rate of each move played, 0 at the bottom, 100% at
// the top, dashed in the seat's colour) and the marks on the decision list. The seats shown
// are those whose analysis the page may read: its own seat's until the record opens (the
// referee's: every seat's), then every seat's; a seat never analysed is simply not drawn.

import { FRAME, stepX } from "./chart.js";
import { h, s, seatColour } from "./dom.js";

const { H, PAD } = FRAME; // the chart's own frame: the line is drawn in its coordinates
const SHOWN = new Set(["inaccuracy", "mistake", "blunder"]);

export async function markAnalysis(api, base, timeline, chart, list) {
  const seats = timeline.opened || timeline.viewer === "referee"
    ? timeline.seats
    : timeline.seats.filter((seat) => seat === timeline.viewer);
  const found = await Promise.all(seats.map((seat) =>
    api.get(`${base}/analysis`, { as: seat }).catch(() => null)));
  found.forEach((analysis) => {
    if (!analysis) return;
    const colour = seatColour(timeline.seats.indexOf(analysis.seat));
    drawLine(chart, timeline, analysis, colour);
    markList(list, analysis);
  });
}

function drawLine(chart, timeline, analysis, colour) {
  const last = Math.max(1, timeline.version);
  const x = (version) => stepX(version, last);
  const y = (rate) => H - PAD.bottom - rate * (H - PAD.top - PAD.bottom);
  const judged = analysis.decisions.filter((step) => step.played_value);
  if (!judged.length) return;
  const points = judged.map((step) => `${x(step.step).toFixed(1)},${y(step.played_value.win_rate).toFixed(1)}`);
  chart.append(s("polyline", {
    points: points.join(" "), fill: "none", stroke: colour, "stroke-width": 1.5,
    "stroke-dasharray": "5 3", class: "evaluation", "data-seat": analysis.seat,
  }, s("title", {}, `${analysis.seat}: expected win rate (analysis, accuracy ${analysis.accuracy ?? "-"})`)));
  for (const step of judged.filter((found) => SHOWN.has(found.mark))) {
    chart.append(s("circle", {
      cx: x(step.step).toFixed(1), cy: y(step.played_value.win_rate).toFixed(1), r: 3.5,
      fill: colour, class: `evaluation-mark ${step.mark}`,
    }, s("title", {}, `step ${step.step}: ${step.mark}`)));
  }
}

function markList(list, analysis) {
  for (const step of analysis.decisions) {
    if (!SHOWN.has(step.mark)) continue;
    const item = list.querySelector(`li[data-version="${step.step}"] button`);
    if (!item) continue;
    const best = step.best_value ? ` -> best ${Math.round(step.best_value.win_rate * 100)}%: ${step.best_text}` : "";
    const played = step.played_value ? Math.round(step.played_value.win_rate * 100) : 0;
    item.append(h("span", {
      class: `analysis-mark ${step.mark}`,
      title: `${analysis.seat}: ${step.mark} (win ${played}%${best})`,
    }, step.mark === "blunder" ? "??" : step.mark === "mistake" ? "?" : "?!"));
  }
}
