// One match: its board at a step (an SVG picture drawn by the server from the visitor's view),
// a stepper, the decisions in words, scores at the step and over time, the final scoreboard,
// the verify verdict, and live updates while it runs.

import { follow } from "./live.js";
import { scoreChart } from "./chart.js";
import { markAnalysis } from "./analysis_marks.js";
import { h, clear, seatColour, svgFrom, when } from "./dom.js";
import { rulesPanel } from "./rules.js";

export async function matchPage(root, api, match, params) {
  const viewAs = params.get("as") || null;
  const base = `/matches/${match}`;
  const read = (path, extra = {}) => api.get(`${base}${path}`, { as: viewAs, ...extra });
  let [summary, timeline, games] = await Promise.all([api.get(base), read("/timeline"), api.get("/games")]);
  const gameName = (games.find((game) => game.slug === summary.game) || {}).name || summary.game;
  const pictures = new Map();
  let at = clamp(params.get("at"), timeline.version);
  let wanted = 0;
  const stop = new AbortController();

  // -- the parts of the page ---------------------------------------------------------------
  const first = button("«", "first step", () => go(1));
  const prev = button("‹", "previous step", () => go(at - 1));
  const next = button("›", "next step", () => go(at + 1));
  const last = button("»", "last step", () => go(timeline.version));
  const slider = h("input", {
    type: "range", min: 1, max: timeline.version, value: at, "aria-label": "step",
    oninput: (event) => go(Number(event.target.value)),
  });
  const where = h("output", { class: "where", "aria-live": "polite" });
  const share = h("a", { class: "share", title: "a link to this step (without any token)" }, "share this moment");
  const copy = button("copy link", "copy the link to this step", () => navigator.clipboard?.writeText(share.href));
  const board = h("figure", { class: "board", "aria-label": "the board" });
  const panels = h("div", { class: "panels" });
  const happened = h("section", { class: "happened", "aria-label": "what happened at this step" });
  const scoresNow = h("section", { class: "scores-now" });
  const chartBox = h("section", { class: "chart-box" }, h("h2", {}, "Scores over time"));
  const final = h("section", { class: "final" });
  const verdictBox = h("section", { class: "verdict", role: "status", "aria-label": "verify verdict" }, "checking the record…");
  const liveBadge = h("span", { class: "live", hidden: true }, "● live");
  const list = h("ol", { class: "decisions", "aria-label": "decisions" });
  const heading = h("div", { class: "match-head" });
  const download = h("button", { type: "button", class: "link", onclick: () => exportFile() }, "download the replay file");
  let chart = null;

  clear(
    root,
    h("section", { class: "match", "data-game": summary.game },
      heading,
      verdictBox,
      h("div", { class: "layout" },
        h("div", { class: "stage" },
          h("nav", { class: "stepper", "aria-label": "stepper" },
            first, prev, slider, next, last, where, share, copy),
          board,
          happened,
          panels,
        ),
        h("aside", { class: "side" },
          scoresNow,
          h("section", { class: "decision-list" }, h("h2", {}, "Decisions"), list),
          chartBox,
          final,
          rulesPanel(api, summary.game),
        ),
      ),
    ),
  );

  function drawHeading() {
    clear(heading,
      h("h1", {}, gameName, " ", h("small", { class: "id" }, match.slice(0, 8))),
      h("p", { class: "seats" }, summary.seats.map((seat, index) =>
        [h("span", { class: "seat", style: `--seat:${seatColour(index)}` }, seat), " "])),
      h("p", { class: "facts" },
        h("span", { class: `status ${summary.status.replace(" ", "-")}` }, summary.status), " · ",
        `${summary.decisions} decisions · last move ${when(summary.last_move)} · viewing as `,
        h("strong", { class: "viewer" }, timeline.viewer),
        timeline.opened ? " · the record is open" : "",
        " ", liveBadge, " · ", download, " · ", h("a", { href: "#/" }, "all matches")),
    );
    liveBadge.hidden = summary.status === "over";
  }

  function drawList() {
    const undone = undoneSteps(timeline.steps);
    clear(list, timeline.steps.map((step) =>
      h("li", {
        "data-version": step.version,
        class: [step.undo && "undo", step.redo && "redo", undone.has(step.version) && "undone"].filter(Boolean).join(" "),
      },
      h("button", { type: "button", onclick: () => go(step.version) },
        h("span", { class: "num" }, step.version),
        step.undo ? h("span", { class: "badge" }, "undo") : null,
        step.redo ? h("span", { class: "badge" }, "redo") : null,
        h("span", { class: "text" }, step.text),
        step.redacted ? h("span", { class: "hidden-note", title: "parts of this step are hidden from you" }, " (partly hidden)") : null,
      ))));
  }

  function drawChart() {
    chart = scoreChart(timeline, at, go);
    markAnalysis(api, base, timeline, chart.element, list); // a stored analysis, where readable
    clear(chartBox, h("h2", {}, "Scores over time"), chart.element,
      h("p", { class: "legend" }, summary.seats.map((seat, index) =>
        [h("span", { class: "seat", style: `--seat:${seatColour(index)}` }, seat), " "])));
  }

  async function drawFinal() {
    if (summary.status !== "over") {
      clear(final);
      return;
    }
    const scores = await api.get(`${base}/scores`);
    clear(final,
      h("h2", {}, "Final scoreboard"),
      h("table", { class: "scoreboard final-scores" },
        h("thead", {}, h("tr", {}, ["Place", "Seat", "Score"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, [...scores.seats].sort((a, b) => a.place - b.place).map((row) =>
          h("tr", { class: scores.winners.includes(row.seat) ? "winner" : "" },
            h("td", {}, row.place),
            h("td", {}, seatTag(row.seat)),
            h("td", { class: "num", "data-final-score": row.seat }, row.score))))),
      h("p", {}, scores.winners.length ? `Won by ${words(scores.winners)}` : "",
        scores.reason_text ? ` — ${scores.reason_text}` : ""));
  }

  async function drawVerdict() {
    try {
      const verdict = await read("/verdict");
      clear(verdictBox, h("span", { class: verdict.ok ? (verdict.partial ? "partial" : "ok") : "bad" },
        verdict.ok ? (verdict.partial ? "◐ partly verified" : "✔ verified") : "✘ does not verify"),
      " ", verdictText(verdict));
    } catch (error) {
      clear(verdictBox, h("span", { class: "bad" }, "✘ not checked"), " ", String(error.message || error));
    }
  }

  function seatTag(seat) {
    const index = summary.seats.indexOf(seat);
    return h("span", { class: "seat", style: `--seat:${seatColour(index)}` }, seat);
  }

  // -- one step ----------------------------------------------------------------------------
  function go(target) {
    const version = clamp(target, timeline.version);
    at = version;
    slider.max = timeline.version;
    slider.value = version;
    where.value = `step ${version} of ${timeline.version}`;
    where.textContent = where.value;
    const step = timeline.steps.find((found) => found.version === version);
    share.href = `${window.location.origin}/#/m/${match}?at=${version}`;
    const hash = `#/m/${match}?${new URLSearchParams({ at: version, ...(viewAs ? { as: viewAs } : {}), ...(api.token ? { token: api.token } : {}) })}`;
    if (window.location.hash !== hash) history.replaceState(null, "", hash);
    first.disabled = prev.disabled = version <= 1;
    next.disabled = last.disabled = version >= timeline.version;
    for (const item of list.querySelectorAll("li[aria-current]")) item.removeAttribute("aria-current");
    const item = list.querySelector(`li[data-version="${version}"]`);
    if (item) {
      item.setAttribute("aria-current", "step");
      keepInView(list, item);
    }
    if (chart) chart.move(version);
    drawStep(step);
    showPicture(version);
  }

  function drawStep(step) {
    if (!step) return;
    clear(scoresNow,
      h("h2", {}, `Scores at step ${step.version}`),
      h("table", { class: "scoreboard now" },
        h("thead", {}, h("tr", {}, ["Seat", "Score"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, summary.seats.map((seat, index) =>
          h("tr", {}, h("td", {}, seatTag(seat)),
            h("td", { class: "num", "data-seat-score": seat }, step.scores[index]))))),
      h("p", { class: "to-move" }, step.to_move.length ? `to move: ${step.to_move.join(", ")}` : step.status));
    clear(happened,
      h("h2", {}, `Step ${step.version}: `, h("span", {}, step.text)),
      step.details.length ? h("ul", {}, step.details.map((line) => h("li", {}, line))) : null);
  }

  async function showPicture(version) {
    wanted = version;
    let drawn = pictures.get(version);
    if (!drawn) {
      await new Promise((resolve) => setTimeout(resolve, 40)); // a key held down: draw where it stops
      if (wanted !== version) return;
      try {
        drawn = await read("/picture", { at: version });
      } catch (error) {
        if (wanted === version) clear(board, h("p", { class: "error", role: "alert" }, String(error.message || error)));
        return;
      }
      pictures.set(version, drawn);
    }
    if (wanted !== version) return;
    clear(board, svgFrom(drawn.board), h("figcaption", {}, `the board after step ${version}, as ${drawn.as} sees it`));
    clear(panels, drawn.panels.map((panel) =>
      h("section", { class: "panel private", "aria-label": `${panel.seat}'s private knowledge`, "data-seat": panel.seat },
        h("h2", {}, seatTag(panel.seat), " knows"), svgFrom(panel.svg))));
    board.dataset.version = version;
    if (version < timeline.version && !pictures.has(version + 1)) {
      read("/picture", { at: version + 1 }).then((found) => pictures.set(version + 1, found)).catch(() => {});
    }
  }

  async function exportFile() {
    const text = await api.text(`${base}/export`, { as: viewAs });
    const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
    const anchor = h("a", { href: url, download: `${summary.game}-${match.slice(0, 8)}.jsonl` });
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // -- live ---------------------------------------------------------------------------------
  let refreshing = null;
  async function refresh(ended) {
    const wasLast = at === timeline.version;
    [summary, timeline] = await Promise.all([api.get(base), read("/timeline")]);
    if (ended) pictures.clear(); // the record may have opened: pictures may show more now
    drawHeading();
    drawList();
    drawChart();
    await drawFinal();
    go(wasLast ? timeline.version : at);
    if (ended) await drawVerdict();
  }
  function scheduleRefresh(ended) {
    if (refreshing) return;
    refreshing = setTimeout(async () => {
      refreshing = null;
      try { await refresh(ended); } catch { /* the next event or reconnection tries again */ }
    }, 120);
  }

  // -- keyboard -------------------------------------------------------------------------------
  function onKey(event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 1, End: timeline.version };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  }
  document.addEventListener("keydown", onKey);

  drawHeading();
  drawList();
  drawChart();
  go(at);
  drawFinal();
  drawVerdict();
  if (summary.status !== "over") {
    follow(api, match, viewAs, () => timeline.version, (message) => {
      if (message.event === "entry" || message.event === "opened") scheduleRefresh(false);
      if (message.event === "end") scheduleRefresh(true);
    }, stop.signal);
  }

  return {
    go: (target) => { if (target !== null && Number(target) !== at) go(target); },
    stop() {
      stop.abort();
      document.removeEventListener("keydown", onKey);
    },
  };
}

function keepInView(box, item) {
  // Scroll the list (never the page) so the current step shows.
  const top = item.offsetTop; // the list is positioned: offsets are within it
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + item.offsetHeight > box.scrollTop + box.clientHeight) {
    box.scrollTop = top + item.offsetHeight - box.clientHeight;
  }
}

function words(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function button(label, name, onclick) {
  return h("button", { type: "button", "aria-label": name, title: name, onclick }, label);
}

function clamp(value, top) {
  const number = Number.parseInt(value ?? top, 10);
  if (Number.isNaN(number)) return top;
  return Math.min(Math.max(1, number), Math.max(1, top));
}

function undoneSteps(steps) {
  // The steps (decisions) taken back and not made again since, to strike them through:
  // an undo or a redo names the step of its decision.
  const undone = new Set();
  for (const step of steps) {
    if (step.undo) undone.add(step.decision);
    if (step.redo) undone.delete(step.decision);
  }
  return undone;
}

function verdictText(verdict) {
  if (verdict.text) return verdict.text;
  let said;
  if (!verdict.ok) said = verdict.problem;
  else if (verdict.partial) {
    said = `chain and visible commitments verify; ${verdict.hidden} redacted line(s) and the chance cannot be checked without the full file`;
  } else said = "chain, commitments, seed and re-run verify";
  return verdict.note ? `${said}; ${verdict.note}` : said;
}
