// Boards on any screen. A board is drawn at the scale where its smallest text is readable
// (READABLE CSS px or more) and panned inside its own frame when that is wider than the frame
// (the page itself never scrolls sideways); "fit" shows the whole board at the frame's width,
// "zoom" goes back to readable. The choice holds for every picture of the page.

export const READABLE = 10;

// The smallest text of `svg` as drawn now, in CSS px (its font size times the scale of
// everything around it); Infinity when it has no text.
export function smallestText(svg) {
  let smallest = Infinity;
  for (const node of svg.querySelectorAll("text")) {
    if (!node.textContent.trim()) continue;
    const size = Number.parseFloat(getComputedStyle(node).fontSize);
    const ctm = node.getScreenCTM();
    if (!ctm || !size) continue;
    const shown = size * Math.hypot(ctm.a, ctm.b);
    if (shown > 0) smallest = Math.min(smallest, shown);
  }
  return smallest;
}

// The smallest font size of `svg` in its own units, read from the text's font-size attributes
// (the server's boards set one on every text and scale nothing but the whole picture): no
// layout needed. Where a text has none, its size as laid out.
function smallestOwnText(svg, wide) {
  let smallest = Infinity;
  let unsized = false;
  for (const node of svg.getElementsByTagName("text")) {
    const size = Number.parseFloat(node.getAttribute("font-size"));
    if (size > 0) {
      if (size < smallest && node.textContent.trim()) smallest = size;
    } else unsized = true;
  }
  if (unsized) {
    svg.style.maxWidth = "none";
    svg.style.width = `${wide}px`; // scale 1: the text at its own size
    smallest = Math.min(smallest, smallestText(svg));
  }
  return smallest;
}

function boxWidth(svg) {
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  return box.length === 4 && box[2] > 0 ? box[2] : null;
}

// A zoom choice shared by the pictures of one page.
export function zoomState() {
  return { fit: false };
}

// The frames shown, watched for their width (whether a board needs its fit/zoom button): one
// observer, frames gone from the page let go of.
const frames = new Map();
const watcher = new ResizeObserver((entries) => {
  for (const entry of entries) frames.get(entry.target)?.(entry.contentRect.width);
});
function watch(frame, onWidth) {
  for (const gone of [...frames.keys()].filter((known) => !known.isConnected)) {
    watcher.unobserve(gone);
    frames.delete(gone);
  }
  frames.set(frame, onWidth);
  watcher.observe(frame);
}

// `svg` in a pannable frame with a fit/zoom button, sized by `state` with CSS alone (no layout
// is read while a step is drawn); call measure() once it is in the document.
export function zoomable(svg, state, label) {
  const frame = document.createElement("div");
  frame.className = "pan";
  frame.append(svg);
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "zoom";
  toggle.hidden = true;
  const holder = document.createElement("div");
  holder.className = "zoomable";
  holder.append(toggle, frame);
  const wide = boxWidth(svg);
  let readable = 0; // the width at which the smallest text is READABLE px (0: any width)
  const apply = () => {
    if (!wide) return;
    const fitted = `min(100%, ${wide}px)`; // never scaled up to fit
    svg.style.maxWidth = "none";
    svg.style.width = state.fit || !readable ? fitted : `max(${fitted}, ${readable}px)`;
    toggle.textContent = state.fit ? "zoom to read" : "fit the whole board";
    toggle.setAttribute("aria-label", `${state.fit ? "zoom in to read" : "fit the whole"} ${label}`);
  };
  toggle.addEventListener("click", () => {
    state.fit = !state.fit;
    for (const other of document.querySelectorAll(".zoomable")) other.dispatchEvent(new Event("rezoom"));
  });
  holder.addEventListener("rezoom", apply);
  holder.svg = svg;
  holder.measure = () => {
    if (!wide) return;
    const smallest = smallestOwnText(svg, wide);
    readable = Number.isFinite(smallest) ? Math.ceil((wide * READABLE * 1.02) / smallest) : 0;
    apply();
    watch(frame, (room) => { toggle.hidden = !(readable > Math.min(room, wide) + 0.5); });
  };
  return holder;
}
