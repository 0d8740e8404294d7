// The analysis board on a match page: more keys (↑/↓ and j/k step, ? shows them all), a
// readout of the score chart under the pointer, notes under their step (and a note added with
// a seat's or the referee's token), the difference between any two steps (`starledger diff`),
// a fork from the step shown, and on an open record (or with the referee's token) the match
// seen from any perspective. match.js calls it once per page with its context and tells it when
// the step moves (moved), the page refreshes (refreshed), the chart is drawn (charted), it stops.

import { h, clear } from "./dom.js";

const KEYS = [
  ["← or k or ↑", "previous step"],
  ["→ or j or ↓", "next step"],
  ["Home / End", "first / last step"],
  ["?", "show or hide these keys"],
  ["Esc", "close this help"],
];

export function analysisBoard(ctx) {
  const { api, base, viewAs } = ctx;
  let notes = [];
  let noteError = "";

  // -- the analysis panel (notes, diff, fork, perspective) ------------------------------------
  const notesHere = h("ul", { class: "notes-here", "aria-label": "notes on this step" });
  const noteInput = h("input", {
    type: "text", maxlength: 2000, placeholder: "a note on this step", "aria-label": "note text",
  });
  const noteSay = h("span", { class: "note-say", role: "status" });
  const noteForm = h("form", { class: "note-form", onsubmit: (event) => { event.preventDefault(); addNote(); } },
    noteInput, h("button", { type: "submit" }, "add note"), " ", noteSay);
  const fromInput = h("input", { type: "number", min: 1, "aria-label": "diff from step", class: "step-no" });
  const toInput = h("input", { type: "number", min: 1, "aria-label": "diff to step", class: "step-no" });
  const diffOut = h("div", { class: "diff-out", "aria-live": "polite" });
  const diffForm = h("form", { class: "diff-form", onsubmit: (event) => { event.preventDefault(); showDiff(); } },
    "from step ", fromInput, " to step ", toInput, " ", h("button", { type: "submit" }, "compare"));
  const forkOut = h("div", { class: "fork-out", "aria-live": "polite" });
  const forkButton = h("button", { type: "button", class: "fork", onclick: () => fork() }, "fork from this step");
  const forkBox = h("div", { class: "fork-box" },
    h("h3", {}, "Fork"), h("p", {}, forkButton, " a new match that goes on from here"), forkOut);
  const perspective = h("div", { class: "perspective" });
  const panel = h("section", { class: "analysis", "aria-label": "analysis" },
    h("h2", {}, "Analysis"),
    perspective,
    h("h3", {}, "Notes"), notesHere, noteForm,
    h("h3", {}, "Compare two steps"), diffForm, diffOut,
    forkBox);
  ctx.parts.stage.append(panel);

  const readout = h("output", { class: "chart-readout", "aria-live": "off" });
  const help = h("div", { class: "help-overlay", role: "dialog", "aria-label": "keyboard keys", hidden: true },
    h("div", { class: "help-box" },
      h("h2", {}, "Keys"),
      h("table", {}, h("tbody", {}, KEYS.map(([keys, what]) =>
        h("tr", {}, h("th", { scope: "row" }, h("kbd", {}, keys)), h("td", {}, what))))),
      h("button", { type: "button", onclick: () => { help.hidden = true; } }, "close")));
  document.body.append(help);

  // -- keys -------------------------------------------------------------------------------------
  function onKey(event) {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement
      || target instanceof HTMLTextAreaElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "?") {
      event.preventDefault();
      help.hidden = !help.hidden;
      return;
    }
    if (event.key === "Escape" && !help.hidden) {
      help.hidden = true;
      return;
    }
    const at = ctx.at();
    const moves = { ArrowUp: at - 1, k: at - 1, ArrowDown: at + 1, j: at + 1 };
    if (event.key in moves) {
      event.preventDefault();
      ctx.go(moves[event.key]);
    }
  }
  document.addEventListener("keydown", onKey);

  // -- the chart's readout ---------------------------------------------------------------------
  function charted(element, stepAt) {
    element.after(readout);
    readout.textContent = "";
    element.addEventListener("mousemove", (event) => {
      const version = stepAt(event);
      const step = ctx.timeline().steps.find((found) => found.version === version);
      if (!step) return;
      const scores = ctx.summary().seats.map((seat, index) => `${seat} ${step.scores[index]}`).join(" · ");
      readout.textContent = `step ${version}: ${scores} — ${step.text}`;
    });
    element.addEventListener("mouseleave", () => { readout.textContent = ""; });
  }

  // -- notes ------------------------------------------------------------------------------------
  async function loadNotes() {
    try {
      notes = await api.get(`${base}/notes`); // the token's own (a perspective changes the board, not whose notes)
    } catch {
      notes = [];
    }
    drawNotes();
  }

  function drawNotes() {
    for (const old of ctx.parts.list.querySelectorAll(".note")) old.remove();
    for (const note of notes) {
      const item = ctx.parts.list.querySelector(`li[data-version="${note.step}"]`);
      if (item) item.append(h("div", { class: "note", "data-author": note.author }, `${note.author}: ${note.text}`));
    }
    const at = ctx.at();
    const here = notes.filter((note) => note.step === at);
    clear(notesHere, here.length
      ? here.map((note) => h("li", { class: "note" }, h("strong", {}, note.author), `: ${note.text}`))
      : h("li", { class: "none" }, "no note on this step"));
    noteForm.hidden = !api.token;
    noteSay.textContent = noteError;
  }

  async function addNote() {
    const text = noteInput.value.trim();
    if (!text) return;
    const viewer = ctx.timeline().viewer;
    const step = ctx.at();
    try {
      try {
        await api.send("POST", `${base}/notes`, { step, text }, { as: viewer === "referee" ? "referee" : null });
      } catch (error) {
        // The referee's token reading as a seat writes as the referee.
        if (error.code !== "REFEREE_CANNOT_PLAY") throw error;
        await api.send("POST", `${base}/notes`, { step, text }, { as: "referee" });
      }
      noteInput.value = "";
      noteError = "";
    } catch (error) {
      noteError = String(error.message || error);
    }
    await loadNotes();
  }

  // -- diff -------------------------------------------------------------------------------------
  async function showDiff() {
    const first = Number(fromInput.value);
    const second = Number(toInput.value);
    clear(diffOut, h("p", { class: "loading" }, "comparing…"));
    try {
      const found = await api.get(`${base}/diff`, { from: first, to: second, as: viewAs });
      clear(diffOut,
        h("p", {}, `${found.decisions.length} entr${found.decisions.length === 1 ? "y" : "ies"} between step ${found.first} and step ${found.second}, as ${found.viewer} sees them:`),
        h("ol", { class: "diff-decisions" }, found.decisions.map((entry) =>
          h("li", { value: entry.version }, entry.text || entry.kind))),
        found.changes.length
          ? h("table", { class: "diff-changes" },
            h("thead", {}, h("tr", {}, ["Where", "Before", "After"].map((t) => h("th", { scope: "col" }, t)))),
            h("tbody", {}, found.changes.map((change) => h("tr", { class: change.kind },
              h("td", {}, change.path), h("td", {}, shown(change.before)), h("td", {}, shown(change.after))))))
          : h("p", {}, "the view is the same at both steps"));
    } catch (error) {
      clear(diffOut, h("p", { class: "error", role: "alert" }, String(error.message || error)));
    }
  }

  // -- fork -------------------------------------------------------------------------------------
  async function fork() {
    const at = ctx.at();
    clear(forkOut, h("p", { class: "loading" }, "forking…"));
    try {
      const made = await api.send("POST", `${base}/fork`, { at });
      const page = `${window.location.origin}/#/m/${made.match}`;
      const links = made.tokens
        ? [
          ...Object.entries(made.tokens.seats).map(([seat, token]) => [`${seat}'s invite`, `${page}?token=${encodeURIComponent(token)}`]),
          ["the referee's link", `${page}?token=${encodeURIComponent(made.tokens.referee)}`],
        ]
        : [];
      clear(forkOut,
        h("p", {}, `forked from step ${made.at}: `, h("a", { href: `#/m/${made.match}`, class: "forked" }, `the new match ${made.match.slice(0, 8)}`)),
        links.length ? h("p", { class: "hint" }, "Each link holds its seat's token after the # (never sent to a server); it is shown only now:") : null,
        links.length ? h("ul", { class: "invites" }, links.map(([label, href]) =>
          h("li", {}, h("a", { href, "data-invite": label }, label)))) : null);
    } catch (error) {
      clear(forkOut, h("p", { class: "error", role: "alert" }, String(error.message || error)));
    }
  }

  // -- perspective ------------------------------------------------------------------------------
  function drawPerspective() {
    const timeline = ctx.timeline();
    const seats = ctx.summary().seats;
    const viewer = timeline.viewer;
    let names;
    if (timeline.opened || viewer === "referee") names = ["spectator", ...seats, "referee"];
    else if (seats.includes(viewer)) names = ["spectator", viewer];
    else names = [];
    clear(perspective, names.length > 1
      ? h("label", {}, "seen by ", h("select", {
        "aria-label": "perspective",
        onchange: (event) => switchTo(event.target.value),
      }, names.map((name) => h("option", { value: name, selected: name === viewer }, name))))
      : null);
  }

  function switchTo(name) {
    const params = new URLSearchParams({ at: ctx.at(), as: name });
    if (api.token) params.set("token", api.token);
    window.location.hash = `#/m/${ctx.match}?${params}`;
  }

  function moved(version) {
    fromInput.max = toInput.max = ctx.timeline().version;
    if (!fromInput.value) fromInput.value = Math.max(1, version - 1);
    toInput.value = version;
    drawNotes();
  }

  function drawFork() {
    // A fork's tokens read its whole state: until the record opens, the referee's only.
    const timeline = ctx.timeline();
    forkBox.hidden = !(timeline.opened || timeline.viewer === "referee");
  }

  function refreshed() {
    drawFork();
    drawPerspective();
    loadNotes();
  }

  drawFork();
  drawPerspective();
  loadNotes();
  return {
    moved,
    refreshed,
    charted,
    stop() {
      document.removeEventListener("keydown", onKey);
      help.remove();
    },
  };
}

function shown(value) {
  if (value === undefined || value === null) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}
