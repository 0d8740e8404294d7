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

// Make `live` (a picture in the page) the same as `model` (a picture parsed by svgFrom, kept as
// it is), changing only what differs: the browser then styles and lays out again only what
// changed, where a board's next step differs from the last in a few places (a new board in
// full cost a step ~20 ms of style and layout: bench/bench_viewer.py). Only the model's nodes
// and attributes are copied, so what svgFrom removed stays out.
export function morph(live, model) {
  if (live.nodeType !== model.nodeType || live.nodeName !== model.nodeName) {
    live.replaceWith(document.importNode(model, true));
    return;
  }
  if (live.nodeType !== Node.ELEMENT_NODE) {
    if (live.nodeValue !== model.nodeValue) live.nodeValue = model.nodeValue;
    return;
  }
  for (const attr of [...live.attributes]) {
    if (!model.hasAttributeNS(attr.namespaceURI, attr.localName)) live.removeAttributeNS(attr.namespaceURI, attr.localName);
  }
  for (const attr of model.attributes) {
    if (live.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
      live.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
  }
  const have = live.childNodes;
  const want = model.childNodes;
  for (let index = 0; index < want.length; index += 1) {
    if (index >= have.length) live.append(document.importNode(want[index], true));
    else if (!have[index].isEqualNode(want[index])) morph(have[index], want[index]); // a native compare
  }
  while (have.length > want.length) live.lastChild.remove();
}
