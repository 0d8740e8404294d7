// The match list: filtered by game, status and seat name; the latest move first.

import { h, clear, seatColour, when } from "./dom.js";
import { newMatchForm } from "./play.js";

const STATUSES = ["setting up", "in play", "over"];

export async function matchList(root, api, params) {
  const games = await api.get("/games");
  const names = Object.fromEntries(games.map((game) => [game.slug, game.name]));
  const chosen = {
    game: params.get("game") || "",
    status: params.get("status") || "",
    seat: params.get("seat") || "",
  };
  const filter = () => {
    const query = new URLSearchParams(
      Object.entries(chosen).filter(([, value]) => value),
    ).toString();
    window.location.hash = `#/${query ? `?${query}` : ""}`;
  };
  const select = (name, label, options) =>
    h(
      "label",
      {},
      label,
      h(
        "select",
        { name, onchange: (event) => { chosen[name] = event.target.value; filter(); } },
        h("option", { value: "" }, "any"),
        options.map(([value, text]) =>
          h("option", { value, selected: value === chosen[name] }, text),
        ),
      ),
    );
  const seatInput = h("input", {
    type: "search",
    name: "seat",
    value: chosen.seat,
    placeholder: "a seat name",
    maxlength: 32,
  });
  const form = h(
    "form",
    {
      class: "filters",
      role: "search",
      "aria-label": "filter matches",
      onsubmit: (event) => {
        event.preventDefault();
        chosen.seat = seatInput.value.trim();
        filter();
      },
    },
    select("game", "Game ", games.map((game) => [game.slug, game.name])),
    select("status", "Status ", STATUSES.map((status) => [status, status])),
    h("label", {}, "Seat ", seatInput),
    h("button", { type: "submit" }, "Filter"),
  );
  const rows = await api.get("/matches", {
    game: chosen.game,
    status: chosen.status,
    seat: chosen.seat,
    limit: 500,
  });
  const body = rows.map((row) =>
    h(
      "tr",
      { "data-match": row.match },
      h("td", {}, h("a", { href: `#/m/${row.match}` }, row.match.slice(0, 8))),
      h("td", {}, names[row.game] || row.game),
      h("td", {}, row.seats.map((seat, index) => [
        h("span", { class: "seat", style: `--seat:${seatColour(index)}` }, seat), " ",
      ])),
      h("td", {}, h("span", { class: `status ${row.status.replace(" ", "-")}` }, row.status)),
      h("td", { class: "num" }, row.decisions),
      h("td", {}, row.to_move.join(", ")),
      h("td", {}, row.winners.join(", ")),
      h("td", {}, when(row.last_move)),
    ),
  );
  clear(
    root,
    h(
      "section",
      { class: "list" },
      h("h1", {}, "Matches"),
      newMatchForm(api, games),
      form,
      rows.length
        ? h(
            "table",
            { class: "matches" },
            h("caption", {}, `${rows.length} match${rows.length === 1 ? "" : "es"}, latest move first`),
            h(
              "thead",
              {},
              h("tr", {}, ["Match", "Game", "Seats", "Status", "Decisions", "To move", "Winners", "Last move"]
                .map((title) => h("th", { scope: "col" }, title))),
            ),
            h("tbody", {}, body),
          )
        : h("p", { class: "empty" }, "No match matches these filters."),
    ),
  );
  return { go() {}, stop() {} };
}
