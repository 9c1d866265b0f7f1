/** WCAG 2 contrast of what an element shows, read from its computed styles (the theme's emotion CSS). */

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const match = /^rgba?\(([^)]+)\)$/.exec(color.trim());
  if (match) {
    const [r, g, b, a = 1] = match[1]!.split(/[\s,/]+/).map(Number);
    return [r!, g!, b!, a];
  }
  const short = /^#([0-9a-f]{3})$/i.exec(color.trim());
  const hex = short ? short[1]!.replace(/./g, '$&$&') : /^#([0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(1) as Rgba;
  throw new Error(`unreadable colour ${JSON.stringify(color)}`);
}

/** A computed value, with MUI's `var(--name, fallback)` replaced by the custom property's value. */
function resolve(element: Element, property: string): string {
  const value = getComputedStyle(element).getPropertyValue(property).trim();
  const variable = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(value);
  if (!variable) return value;
  // jsdom lower-cases colour values, so `--AppBar-color` is asked for as `--appbar-color`.
  const wanted = variable[1]!.toLowerCase();
  for (let e: Element | null = element; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    const name = Array.from(style).find((n) => n.toLowerCase() === wanted);
    const custom = name && style.getPropertyValue(name).trim();
    if (custom) return custom.startsWith('var(') ? resolve(e, name) : custom;
  }
  if (variable[2]) return variable[2];
  throw new Error(`${property}: ${variable[1]} is not set`);
}

/** `top` (with its alpha) painted over an opaque `bottom`. */
const over = ([r, g, b, a]: Rgba, bottom: Rgba): Rgba => [
  r * a + bottom[0] * (1 - a),
  g * a + bottom[1] * (1 - a),
  b * a + bottom[2] * (1 - a),
  1,
];

const luminance = ([r, g, b]: Rgba) => {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
};

/** The WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string | Rgba, b: string | Rgba) {
  const [la, lb] = [a, b].map((c) => luminance(typeof c === 'string' ? parse(c) : c));
  return (Math.max(la!, lb!) + 0.05) / (Math.min(la!, lb!) + 0.05);
}

/**
 * The text and background colours `element` ends up showing on a page of colour `page`: every ancestor's
 * background painted in turn, and an ancestor's opacity (a disabled chip's 0.38) blending its whole
 * subtree with what is behind it.
 */
export function shownColors(element: Element, page: string) {
  const chain: Element[] = [];
  for (let e: Element | null = element; e; e = e.parentElement) chain.unshift(e);
  let background = parse(page);
  const groups: { backdrop: Rgba; opacity: number }[] = [];
  for (const e of chain) {
    const opacity = Number(getComputedStyle(e).opacity || 1);
    if (opacity < 1) groups.push({ backdrop: background, opacity });
    background = over(parse(resolve(e, 'background-color') || 'rgba(0, 0, 0, 0)'), background);
  }
  let text = over(parse(resolve(element, 'color')), background);
  for (const { backdrop, opacity } of groups.reverse()) {
    text = over([...text.slice(0, 3), opacity] as Rgba, backdrop);
    background = over([...background.slice(0, 3), opacity] as Rgba, backdrop);
  }
  return { text, background, ratio: contrastRatio(text, background) };
}
