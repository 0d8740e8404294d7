// The replay viewer: a match list (#/) and a match page (#/m/<match>?at=N&as=SEAT&token=T).
// Plain ES modules, no build step. The token of a capability link lives in the URL fragment,
// which browsers never send to a server; share links of a moment leave it out.

import { Api } from "./api.js";
import { matchList } from "./list.js";
import { matchPage } from "./match.js";
import { h, clear } from "./dom.js";

const root = document.getElementById("app");
let current = null; // the page shown: { key, go(at), stop() }

function route() {
  const hash = window.location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  return { path, params: new URLSearchParams(query) };
}

async function show() {
  const { path, params } = route();
  const found = path.match(/^\/m\/([0-9a-fA-F-]{36})$/);
  const key = found ? `m:${found[1]}:${params.get("as") || ""}:${params.get("token") || ""}` : `list:${params}`;
  if (current && current.key === key) {
    current.go(params.get("at"));
    return;
  }
  if (current) current.stop();
  current = null;
  clear(root, h("p", { class: "loading" }, "Loading…"));
  try {
    const api = new Api(found ? params.get("token") : null);
    current = found
      ? await matchPage(root, api, found[1], params)
      : await matchList(root, api, params);
    current.key = key;
  } catch (error) {
    clear(
      root,
      h("p", { class: "error", role: "alert" }, String(error.message || error)),
      h("p", {}, h("a", { href: "#/" }, "All matches")),
    );
  }
}

window.addEventListener("hashchange", show);
show();
