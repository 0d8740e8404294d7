// Following a match: the server's Server-Sent Events read with fetch (EventSource cannot send
// the bearer header), resumed after the last version seen whenever the stream closes.

export function parseEvents(text) {
  const messages = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const message = { event: "message", data: "", id: null };
    let seen = false;
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") message.event = value;
      else if (field === "data") message.data += (message.data ? "\n" : "") + value;
      else if (field === "id") message.id = value;
      else continue;
      seen = true;
    }
    if (seen) messages.push(message);
  }
  return messages;
}

// Calls onMessage({event, data, id}) for every event; resolves when the stream closes.
export async function stream(api, path, params, onMessage, signal, onOpen = () => {}) {
  const response = await fetch(api.url(path, params), {
    headers: api.headers("text/event-stream"),
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    // Lines end in CRLF, LF or CR; a CR at the end of a chunk may be half of a CRLF.
    buffer += value;
    const held = buffer.endsWith("\r") ? "\r" : "";
    const text = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, "\n");
    const cut = text.lastIndexOf("\n\n");
    buffer = (cut < 0 ? text : text.slice(cut + 2)) + held;
    if (cut < 0) continue;
    const complete = text.slice(0, cut);
    for (const message of parseEvents(complete)) onMessage(message);
  }
}

// Follows `match` until it is over or `signal` aborts; `after()` gives the version to resume from.
// `onState` hears "live" whenever the stream is open and "lost" whenever it drops (an error, the
// browser going offline); the stream is resumed by itself, at once when the browser is back online.
export async function follow(api, match, viewAs, after, onMessage, signal, onState = () => {}) {
  let over = false;
  while (!over && !signal.aborted) {
    const attempt = new AbortController();
    const drop = () => attempt.abort();
    signal.addEventListener("abort", drop);
    window.addEventListener("offline", drop);
    try {
      if (!navigator.onLine) throw new Error("offline");
      await stream(
        api,
        `/matches/${match}/events`,
        { as: viewAs, after: after(), follow: 120 },
        (message) => {
          if (message.event === "end") over = true;
          onMessage(message);
        },
        attempt.signal,
        () => onState("live"),
      );
    } catch (error) {
      if (signal.aborted) return;
      onState("lost");
      await pause(2000, signal);
    } finally {
      signal.removeEventListener("abort", drop);
      window.removeEventListener("offline", drop);
    }
  }
}

// Waits `ms`, or less if the browser comes back online or `signal` aborts.
function pause(ms, signal) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
    signal.addEventListener("abort", done);
  });
}
