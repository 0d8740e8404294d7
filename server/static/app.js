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

const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A match named by a unique prefix of its id (4 characters or more), as the CLI names it: the
// full id, or an error that says why not.
async function fullId(api, given) {
  const wanted = given.toLowerCase();
  if (FULL_ID.test(wanted)) return wanted;
  if (!/^[0-9a-f-]{4,35}$/.test(wanted)) throw new Error(`no match '${given}': a match is named by its id or 4+ characters of it`);
  const rows = await api.get("/matches", { limit: 1000 });
  const found = rows.filter((row) => row.match.startsWith(wanted));
  if (found.length === 1) return found[0].match;
  throw new Error(found.length ? `'${given}' names ${found.length} matches: give more of the id` : `no match '${given}'`);
}

async function show() {
  const { path, params } = route();
  const named = path.match(/^\/m\/([^/?]+)$/);
  if (named && !FULL_ID.test(named[1].toLowerCase())) {
    try {
      const full = await fullId(new Api(params.get("token")), decodeURIComponent(named[1]));
      const query = params.toString();
      window.location.replace(`#/m/${full}${query ? `?${query}` : ""}`);  // the full id, as shared
    } catch (error) {
      if (current) current.stop();
      current = null;
      clear(root, h("p", { class: "error", role: "alert" }, String(error.message || error)),
        h("p", {}, h("a", { href: "#/" }, "All matches")));
    }
    return;
  }
  const found = named && [named[0], named[1].toLowerCase()];
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
