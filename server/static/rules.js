// The game's rules in our own words (GET /games/{game}/rules, as `starledger rules` prints
// them): one collapsible <details> per topic, its text built with textContent only.

import { h } from "./dom.js";

const ITEM = /^(- |\d+\. )/;
const GIST = 160; // a move kind's one-line summary shows beside its name

export function rulesPanel(api, game) {
  const body = h("div", { class: "topics" }, h("p", { class: "loading" }, "Loading the rules…"));
  const panel = h("section", { class: "rules", "aria-label": "the rules" },
    h("h2", {}, "Rules"), body);
  api.get(`/games/${encodeURIComponent(game)}/rules`).then((rules) => {
    body.replaceChildren(...rules.topics.map(topicDetails));
  }).catch((error) => {
    body.replaceChildren(h("p", { class: "error" }, String(error.message || error)));
  });
  return panel;
}

function topicDetails(topic) {
  const gist = topic.summary.length <= GIST && !ITEM.test(topic.text); // hidden once open
  return h("details", { "data-topic": topic.name },
    h("summary", {}, h("strong", {}, topic.name),
      gist ? h("span", { class: "gist" }, " — ", inline(topic.summary)) : null),
    blocks(topic.text));
}

function blocks(text) {
  // Paragraphs split by blank lines; "- " and "1. " lines become list items.
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n");
    if (!ITEM.test(lines[0])) return h("p", {}, inline(lines.join(" ")));
    const items = [];
    for (const line of lines) {
      if (ITEM.test(line) || !items.length) items.push(line.replace(ITEM, ""));
      else items[items.length - 1] += ` ${line.trim()}`;
    }
    return h(/^\d/.test(lines[0]) ? "ol" : "ul", {}, items.map((item) => h("li", {}, inline(item))));
  });
}

function inline(text) {
  // `code` spans; everything else is plain text.
  return text.split("`").map((part, index) => (index % 2 ? h("code", {}, part) : part));
}
