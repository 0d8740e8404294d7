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

function boxWidth(svg) {
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  return box.length === 4 && box[2] > 0 ? box[2] : null;
}

// A zoom choice shared by the pictures of one page.
export function zoomState() {
  return { fit: false };
}

// `svg` in a pannable frame with fit/zoom buttons, sized by `state`; call after the returned
// element is in the document (it measures the text as laid out).
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
  let readable = null; // the width at which the smallest text is READABLE px
  const apply = () => {
    if (!wide || readable === null) return;
    const room = frame.clientWidth;
    const fitted = Math.min(room, wide);
    const needed = readable > fitted + 0.5;
    toggle.hidden = !needed;
    toggle.textContent = state.fit ? "zoom to read" : "fit the whole board";
    toggle.setAttribute("aria-label", `${state.fit ? "zoom in to read" : "fit the whole"} ${label}`);
    svg.style.maxWidth = "none";
    svg.style.width = `${needed && !state.fit ? readable : fitted}px`;
  };
  toggle.addEventListener("click", () => {
    state.fit = !state.fit;
    for (const other of document.querySelectorAll(".zoomable")) other.dispatchEvent(new Event("rezoom"));
  });
  holder.addEventListener("rezoom", apply);
  holder.measure = () => {
    if (!wide) return;
    svg.style.maxWidth = "none";
    svg.style.width = `${wide}px`; // scale 1: the text at its own size
    const smallest = smallestText(svg);
    readable = Number.isFinite(smallest) ? Math.ceil((wide * READABLE * 1.02) / smallest) : 0;
    apply();
  };
  return holder;
}

window.addEventListener("resize", () => {
  for (const holder of document.querySelectorAll(".zoomable")) holder.dispatchEvent(new Event("rezoom"));
});
