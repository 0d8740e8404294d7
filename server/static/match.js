// One match: its board at a step (an SVG picture drawn by the server from the visitor's view),
// a stepper, the decisions in words, scores at the step and over time, the final scoreboard,
// the verify verdict, and live updates while it runs.

import { follow } from "./live.js";
import { scoreChart } from "./chart.js";
import { markAnalysis } from "./analysis_marks.js";
import { h, clear, morph, seatColour, svgFrom, when } from "./dom.js";
import { rulesPanel } from "./rules.js";
import { analysisBoard } from "./analysis.js";
import { playPanel } from "./play.js";
import { zoomable, zoomState } from "./zoom.js";

const KEPT = 32; // pictures kept in the page (the most recently seen)
const HELD = 120; // ms: steps closer than this are a key held down (or a burst of clicks),
// drawn where they stop: once no step came for twice their pace (SETTLE ms at least, at most
// CALM), so that a slow machine's slower key repeats do not start fetches either.
const SETTLE = 60;
const CALM = 250;
// ms: the address bar follows the step shown once the steps pause this long. Replacing the
// address costs a browser about 10 ms (a same-document navigation), as much as the rest of a
// step's own work: done for every step, it made each slower to show (bench/bench_viewer.py).
const ADDRESS_CALM = 300;

export async function matchPage(root, api, match, params) {
  const viewAs = params.get("as") || null;
  const base = `/matches/${match}`;
  const read = (path, extra = {}, options = {}) => api.get(`${base}${path}`, { as: viewAs, ...extra }, options);
  let [summary, timeline, games] = await Promise.all([api.get(base), read("/timeline"), api.get("/games")]);
  const gameName = (games.find((game) => game.slug === summary.game) || {}).name || summary.game;
  const pictures = new Map(); // version -> picture, the most recently seen last
  const coming = new Map(); // version -> the fetch of its picture under way
  const zoom = zoomState();
  let generation = 0; // bumped when pictures drawn before may no longer hold (the record opened)
  let at = clamp(params.get("at"), timeline.version);
  let wanted = 0;
  let lastGo = 0;
  let streaming = false; // steps coming faster than HELD apart: a key held down
  let settle = null;
  let addressing = null; // the address bar's update, once the steps pause
  let loading = null; // the AbortController of the picture fetch for the step wanted
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
  // A link to the step for anyone: never a token (a seat's capability is not shared by a link
  // to a moment); it opens in a new tab, so a seat's own tab stays that seat's.
  const share = h("a", {
    class: "share", target: "_blank", rel: "noopener",
    title: "a link to this step for anyone (without any token); opens in a new tab",
  }, "share this moment");
  const copied = h("output", { class: "copied", "aria-live": "polite" });
  const copy = button("copy link", "copy the link to this step", () => copyLink(share.href, copied));
  const board = h("figure", { class: "board", "aria-label": "the board" });
  const panels = h("div", { class: "panels" });
  const happened = h("section", { class: "happened", "aria-label": "what happened at this step" });
  const scoresNow = h("section", { class: "scores-now" });
  const chartBox = h("section", { class: "chart-box" }, h("h2", {}, "Scores over time"));
  const final = h("section", { class: "final" });
  const verdictBox = h("section", { class: "verdict", role: "status", "aria-label": "verify verdict" }, "checking the record…");
  const liveBadge = h("span", { class: "live", hidden: true, role: "status", "data-state": "connecting" }, "○ connecting…");
  const list = h("ol", { class: "decisions", "aria-label": "decisions" });
  const heading = h("div", { class: "match-head" });
  const download = h("button", { type: "button", class: "link", onclick: () => exportFile() }, "download the replay file");
  let chart = null;
  const extras = []; // the analysis board and the play panel (analysis.js, play.js)
  const tell = (name, ...args) => { for (const extra of extras) extra[name]?.(...args); };

  clear(
    root,
    h("section", { class: "match", "data-game": summary.game },
      heading,
      verdictBox,
      h("div", { class: "layout" },
        h("div", { class: "stage" },
          h("nav", { class: "stepper", "aria-label": "stepper" },
            first, prev, slider, next, last, where, share, copy, copied),
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
        h("span", { class: "steps", title: `${timeline.version} stored steps, ${summary.decisions} of them decisions` },
          `${timeline.version} steps`),
        ` · last move ${when(summary.last_move)} · viewing as `,
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
    chart = scoreChart(timeline, Math.min(at, timeline.version), go);
    markAnalysis(api, base, timeline, chart.element, list); // a stored analysis, where readable
    clear(chartBox, h("h2", {}, "Scores over time"), chart.element,
      h("p", { class: "legend" }, summary.seats.map((seat, index) =>
        [h("span", { class: "seat", style: `--seat:${seatColour(index)}` }, seat), " "])));
    tell("charted", chart.element, chart.stepAt);
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
    // The list's scroll is read before anything on the page changes: the layout of the frame
    // before is still good, so reading it costs nothing (after a change it is done again, now).
    const item = list.querySelector(`li[data-version="${version}"]`);
    if (item) keepInView(list, item);
    share.href = `${window.location.origin}/#/m/${match}?at=${version}`;
    first.disabled = prev.disabled = version <= 1;
    next.disabled = last.disabled = version >= timeline.version;
    for (const old of list.querySelectorAll("li[aria-current]")) old.removeAttribute("aria-current");
    if (item) item.setAttribute("aria-current", "step");
    if (chart) chart.move(version);
    drawStep(step);
    showPicture(version);
    tell("moved", version);
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

  // The picture of a step: from the page's own store, else fetched; while a key is held down
  // (steps closer than HELD ms) only the step it stops on is fetched, and a fetch for a step
  // left is aborted. The neighbours of a step drawn are fetched ahead.
  function showPicture(version) {
    wanted = version;
    const now = performance.now();
    const pace = now - lastGo;
    lastGo = now;
    streaming = pace < HELD;
    clearTimeout(settle);
    if (loading) loading.abort();
    loading = null;
    if (streaming) settle = setTimeout(() => loadPicture(version), Math.min(CALM, Math.max(SETTLE, 3 * pace)));
    else loadPicture(version);
  }

  async function loadPicture(version) {
    if (wanted !== version) return;
    let drawn = pictures.get(version);
    try {
      if (drawn) { /* seen before */ } else if (coming.has(version)) drawn = await coming.get(version);
      else {
        const control = new AbortController();
        loading = control;
        drawn = await fetchPicture(version, control.signal);
        if (loading === control) loading = null;
      }
    } catch (error) {
      if (wanted === version && error.name !== "AbortError") {
        clear(board, h("p", { class: "error", role: "alert" }, String(error.message || error)));
      }
      return;
    }
    if (wanted === version && drawn) drawPicture(version, drawn);
  }

  function fetchPicture(version, signal) {
    const made = generation;
    return read("/picture", { at: version, viewer: timeline.viewer }, { signal }).then((drawn) => {
      if (made === generation) keep(version, drawn);
      return made === generation ? drawn : null;
    });
  }

  function keep(version, drawn) {
    pictures.delete(version);
    pictures.set(version, drawn);
    while (pictures.size > KEPT) pictures.delete(pictures.keys().next().value);
  }

  function prefetch(version) {
    for (const near of [version + 1, version - 1]) {
      if (near < 1 || near > timeline.version || pictures.has(near) || coming.has(near)) continue;
      const fetching = fetchPicture(near)
        .then((found) => { if (found) parsed(found); return found; }) // parsed now: drawn sooner
        .catch(() => null)
        .finally(() => coming.delete(near));
      coming.set(near, fetching);
    }
  }

  function drawPicture(version, drawn) {
    keep(version, drawn);
    const hash = `#/m/${match}?${new URLSearchParams({ at: version, ...(viewAs ? { as: viewAs } : {}), ...(api.token ? { token: api.token } : {}) })}`;
    clearTimeout(addressing);
    addressing = setTimeout(() => {
      if (stop.signal.aborted || window.location.hash === hash) return; // left, or there already
      history.replaceState(null, "", hash);
    }, ADDRESS_CALM);
    const nodes = parsed(drawn);
    const caption = `the board after step ${version}, as ${drawn.as} sees it`;
    const shown = board.querySelector(".zoomable");
    let boardView;
    if (shown?.svg?.isConnected && nodes.board.nodeName === "svg"
      && shown.svg.getAttribute("viewBox") === nodes.board.getAttribute("viewBox")) {
      morph(shown.svg, nodes.board); // the same frame: only what changed is drawn again
      boardView = shown;
      board.querySelector("figcaption").textContent = caption;
    } else {
      // A copy in the page: the parsed picture stays as it is, the model of later steps.
      boardView = zoomable(nodes.board.cloneNode(true), zoom, "board");
      clear(board, boardView, h("figcaption", {}, caption));
    }
    const shownPanels = drawn.panels.map((panel, index) => [panel, zoomable(nodes.panels[index].cloneNode(true), zoom, `${panel.seat}'s panel`)]);
    clear(panels, shownPanels.map(([panel, view]) =>
      h("section", { class: "panel private", "aria-label": `${panel.seat}'s private knowledge`, "data-seat": panel.seat },
        h("h2", {}, seatTag(panel.seat), " knows"), view)));
    boardView.measure();
    for (const [, view] of shownPanels) view.measure();
    board.dataset.version = version;
    // The neighbours once the steps calm down (not for every step a held key passes).
    if (!streaming) prefetch(version);
    else setTimeout(() => { if (wanted === version) prefetch(version); }, HELD);
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
  // One refresh at a time, never dropped: events while one runs ask for one more after it,
  // and an `end` among them is kept (the last refresh then redraws pictures and the verdict).
  let refreshing = false;
  let pending = false;
  let pendingEnd = false;
  async function refresh(ended) {
    const [freshSummary, freshTimeline] = await Promise.all([api.get(base), read("/timeline")]);
    const wasLast = at === timeline.version;
    summary = freshSummary;
    timeline = freshTimeline;
    if (ended) {
      generation += 1; // the record may have opened: pictures may show more now
      pictures.clear();
      coming.clear();
    }
    drawHeading();
    drawList();
    drawChart();
    go(wasLast ? timeline.version : at); // at once: a follower is never left a step short
    await drawFinal();
    tell("refreshed");
    if (ended) await drawVerdict();
  }
  function scheduleRefresh(ended) {
    pending = true;
    pendingEnd ||= ended;
    if (refreshing) return;
    refreshing = true;
    setTimeout(drainRefreshes, 120); // a burst of events: one refresh
  }
  async function drainRefreshes() {
    for (let failures = 0; pending && !stop.signal.aborted && failures < 5;) {
      const ended = pendingEnd;
      pending = pendingEnd = false;
      try {
        await refresh(ended);
        failures = 0;
      } catch {
        pending = true;
        pendingEnd ||= ended;
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    refreshing = false;
  }

  function connection(state) {
    liveBadge.dataset.state = state;
    liveBadge.textContent = { live: "● live", lost: "○ connection lost — reconnecting…" }[state] || "○ connecting…";
    liveBadge.title = state === "lost" ? "the live connection dropped; the page reconnects by itself" : "";
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

  const context = {
    api, match, base, viewAs, read, go, seatTag,
    at: () => at, timeline: () => timeline, summary: () => summary,
    refresh: () => scheduleRefresh(false),
    parts: { root, heading, stage: board.parentElement, side: scoresNow.parentElement, list, happened },
  };
  extras.push(analysisBoard(context), playPanel(context));
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
    }, stop.signal, connection);
  }

  return {
    go: (target) => { if (target !== null && Number(target) !== at) go(target); },
    stop() {
      stop.abort();
      clearTimeout(settle);
      clearTimeout(addressing);
      if (loading) loading.abort();
      document.removeEventListener("keydown", onKey);
      tell("stop");
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

// A picture's SVG documents, parsed once (kept with the picture, moved in and out of the page).
function parsed(drawn) {
  if (!drawn.nodes) {
    drawn.nodes = { board: svgFrom(drawn.board), panels: drawn.panels.map((panel) => svgFrom(panel.svg)) };
  }
  return drawn.nodes;
}

async function copyLink(link, said) {
  let done = false;
  try {
    await navigator.clipboard.writeText(link);
    done = true;
  } catch {
    const field = h("textarea", { readonly: true, class: "offscreen" }, link);
    document.body.append(field);
    field.select();
    try { done = document.execCommand("copy"); } catch { done = false; }
    field.remove();
  }
  said.textContent = done ? "link copied ✓" : "could not copy: use the link beside";
  said.className = done ? "copied ok" : "copied bad";
  clearTimeout(said.timer);
  said.timer = setTimeout(() => { said.textContent = ""; }, 2500);
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
