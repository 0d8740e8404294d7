// Playing from the page: with a seat's token (from the URL fragment only: an invite link
// `#/m/<match>?token=T` — a fragment is never sent to a server, so the token is in no request
// line and no server log), the seat's legal moves now, grouped and numbered as `starledger
// moves` shows them (the server's menu of its /moves listing; a kind with many moves picked part
// by part), one played with If-Match on the version it was listed at, its own last decision
// taken back, and the others' moves arriving through the page's live updates.

import { h, clear } from "./dom.js";

/** An entry of a listing as the page shows it: in the game's words (the server tells them, as it
 * does for the command line), its short form in the button's title. */
function told(entry) {
  return entry.words || entry.text;
}

export function playPanel(ctx) {
  const { api, base } = ctx;
  let position = [];
  const history = [];
  let listing = null;
  let busy = false;
  let message = "";
  let loading = 0;
  let refused = false; // the token plays for no seat here (the referee's reading as a seat)

  const box = h("section", { class: "play", "aria-label": "your moves", hidden: true });
  ctx.parts.happened.before(box); // under the board, above what happened at the step

  function mine() {
    // A seat's own page: its token reads as its seat (a spectator's page plays nothing).
    const viewer = ctx.timeline().viewer;
    return Boolean(api.token) && !refused && ctx.summary().seats.includes(viewer)
      && (!ctx.viewAs || ctx.viewAs === viewer);
  }

  async function load() {
    if (!mine()) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const ticket = ++loading;
    try {
      const found = await api.get(`${base}/menu`, { part: position });
      if (ticket !== loading) return;
      listing = found;
      position = found.parts;
    } catch (error) {
      if (ticket !== loading) return;
      if (error.status === 401 || error.status === 403) {
        refused = true;
        box.hidden = true;
        return;
      }
      listing = null;
      message = String(error.message || error);
    }
    draw();
  }

  function draw() {
    const seat = ctx.timeline().viewer;
    const head = h("h2", {}, "Your moves ", h("small", {}, `(${seat})`));
    const say = h("p", { class: "play-say", role: "status" }, message);
    const undo = h("button", { type: "button", class: "undo-mine", disabled: busy, onclick: () => undoMine() },
      "take back my last decision");
    if (!listing) {
      clear(box, head, say, h("p", {}, undo));
      return;
    }
    const body = [];
    if (!listing.entries.length) {
      body.push(h("p", { class: "waiting" }, listing.over
        ? "the match is over"
        : `not your move: waiting for ${listing.waiting_for.join(", ") || "no one"}`));
    } else {
      body.push(h("p", { class: "to-play" },
        `${seat} to move at version ${listing.version} (${listing.total} moves listed)`));
      if (listing.parts.length) {
        const picked = listing.picked && listing.picked.length ? listing.picked.join(", ") : listing.parts.join(" ");
        body.push(h("p", { class: "picked", title: listing.parts.join(" ") }, `picked so far: ${picked}`));
      }
      if (listing.asking) body.push(h("p", { class: "asking" }, `pick ${listing.asking}:`));
      let kind = null;
      let group = null;
      for (const entry of listing.entries) {
        if (!listing.asking && entry.kind !== kind) {
          kind = entry.kind;
          group = h("ol", { class: "moves-group", "aria-label": kind });
          body.push(h("h3", { class: "kind" }, kind), group);
        } else if (!group) {
          group = h("ol", { class: "moves-group" });
          body.push(group);
        }
        group.append(h("li", { value: entry.number },
          h("button", {
            type: "button",
            class: entry.parts ? "move-part" : "move",
            "data-number": entry.number,
            disabled: busy,
            title: entry.text,
            onclick: () => pick(entry),
          },
          h("span", { class: "num" }, entry.number), " ", told(entry),
          entry.parts ? h("span", { class: "count" }, ` (${entry.count} moves)`) : null)));
      }
    }
    const back = history.length
      ? h("button", { type: "button", class: "back", disabled: busy, onclick: () => { position = history.pop(); load(); } }, "back a part")
      : null;
    clear(box, head, ...body, h("p", { class: "play-actions" }, back, " ", undo), say);
  }

  async function pick(entry) {
    if (busy) return;
    if (entry.parts) {
      history.push(position);
      position = entry.parts;
      message = "";
      await load();
      return;
    }
    busy = true;
    draw();
    try {
      const played = await api.send("POST", `${base}/decisions`, { command: entry.command }, {}, listing.version);
      message = `played: ${told(entry)} (version ${played.version})`;
      position = [];
      history.length = 0;
    } catch (error) {
      message = error.status === 409
        ? "the match moved on since this list: here are your moves now"
        : String(error.message || error);
    }
    busy = false;
    ctx.refresh();
    await load();
  }

  async function undoMine() {
    if (busy) return;
    busy = true;
    draw();
    try {
      const version = listing ? listing.version : ctx.summary().version;
      const done = await api.send("POST", `${base}/undo`, undefined, {}, version);
      message = `took back decision ${done.decision}`;
      position = [];
      history.length = 0;
    } catch (error) {
      message = String(error.message || error);
    }
    busy = false;
    ctx.refresh();
    await load();
  }

  load();
  return {
    refreshed() {
      // Someone moved (or this seat did): the list of the version shown may be stale.
      if (listing && listing.version === ctx.summary().version) return;
      position = [];
      history.length = 0;
      load();
    },
    stop() {
      loading += 1;
    },
  };
}

// Starting a match from the match list: the game, its seats and (where the game has it) a
// round limit; the answer's tokens become one invite link per seat and the referee's link,
// each with its token in the URL fragment (shown this once; the server keeps only hashes).
export function newMatchForm(api, games) {
  const game = h("select", { name: "new-game", "aria-label": "game" },
    games.map((one) => h("option", { value: one.slug }, one.name)));
  const seats = h("input", {
    type: "text", name: "new-seats", value: "ann, ben", "aria-label": "seat names", maxlength: 200,
  });
  const rounds = h("input", { type: "number", name: "new-rounds", min: 1, "aria-label": "rounds at most", class: "step-no" });
  const out = h("div", { class: "new-out", "aria-live": "polite" });
  const roundsLabel = h("label", {}, " at most ", rounds, " rounds");
  const fit = () => {
    const chosen = games.find((one) => one.slug === game.value);
    roundsLabel.hidden = !(chosen && "max_rounds" in chosen.options);
  };
  game.addEventListener("change", fit);
  fit();

  async function start() {
    const names = seats.value.split(",").map((name) => name.trim()).filter(Boolean);
    const body = { game: game.value, seats: names };
    if (!roundsLabel.hidden && rounds.value) body.options = { max_rounds: Number(rounds.value) };
    clear(out, h("p", { class: "loading" }, "starting…"));
    try {
      const made = await api.send("POST", "/matches", body);
      const page = `${window.location.origin}/#/m/${made.match}`;
      const tokens = made.tokens || { seats: {}, referee: null };
      clear(out,
        h("p", {}, "Started: ", h("a", { href: `#/m/${made.match}`, class: "started" }, `match ${made.match.slice(0, 8)}`),
          " (its spectators' link). Send each player their own link; it holds their seat's token after the # and is shown only now:"),
        h("ul", { class: "invites" },
          Object.entries(tokens.seats).map(([seat, token]) => h("li", {}, `${seat}: `,
            h("a", { href: `${page}?token=${encodeURIComponent(token)}`, "data-invite": seat }, `${page}?token=…`))),
          tokens.referee ? h("li", {}, "referee: ",
            h("a", { href: `${page}?token=${encodeURIComponent(tokens.referee)}`, "data-invite": "referee" }, `${page}?token=…`)) : null));
    } catch (error) {
      clear(out, h("p", { class: "error", role: "alert" }, String(error.message || error)));
    }
  }

  // Built when opened, so that the list's own filters stay the only fields of a closed page.
  const box = h("details", { class: "new-match" }, h("summary", {}, "Start a match"));
  box.addEventListener("toggle", () => {
    if (!box.open || box.querySelector("form")) return;
    box.append(
      h("form", { class: "new-form", "aria-label": "start a match", onsubmit: (event) => { event.preventDefault(); start(); } },
        h("label", {}, "Game ", game), h("label", {}, "Seats ", seats), roundsLabel,
        h("button", { type: "submit" }, "Start")),
      out);
  });
  return box;
}
