// Building the page: elements from data with textContent only (never innerHTML), and the
// server's SVG pictures parsed as SVG, with anything that could run removed.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.setAttribute("class", value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

export function svgFrom(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg" || doc.querySelector("parsererror")) {
    return h("p", { class: "error" }, "this picture could not be drawn");
  }
  root.querySelectorAll("script, foreignObject, iframe").forEach((node) => node.remove());
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) {
        node.removeAttribute(attr.name);
      }
    }
  }
  const imported = document.adoptNode(root); // moved, not copied
  const box = (root.getAttribute("viewBox") || "").split(/\s+/).map(Number);
  if (box.length === 4 && box[2] > 0) imported.style.maxWidth = `${box[2]}px`; // never scaled up
  return imported;
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export const SEAT_COLOURS = ["#d1495b", "#2e86ab", "#edae49", "#3c9d5d", "#8e6bbf", "#e07a1f"];

export function seatColour(index) {
  return SEAT_COLOURS[index % SEAT_COLOURS.length];
}

export function when(iso) {
  return iso ? iso.replace("T", " ").slice(0, 19) : "";
}
