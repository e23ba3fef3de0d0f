/**
 * Tiny SVG building blocks for the demo illustrations. Every function returns
 * markup as a string; scenes compose them and seed/draw-images.ts renders the
 * result to WebP with sharp.
 */

export type Scene = { defs: string; body: string };

const n = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function attrs(extra: Record<string, string | number | undefined> = {}): string {
  return Object.entries(extra)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === "number" ? n(value) : value}"`)
    .join("");
}

export type Extra = Record<string, string | number | undefined>;

export function rect(x: number, y: number, w: number, h: number, fill: string, extra?: Extra): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${attrs(extra)}/>`;
}

export function rrect(x: number, y: number, w: number, h: number, radius: number, fill: string, extra?: Extra): string {
  return rect(x, y, w, h, fill, { rx: radius, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra?: Extra): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attrs(extra)}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra?: Extra): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attrs(extra)}/>`;
}

export function path(d: string, fill: string, extra?: Extra): string {
  return `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
}

export function polygon(points: number[], fill: string, extra?: Extra): string {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) pairs.push(`${n(points[i] ?? 0)},${n(points[i + 1] ?? 0)}`);
  return `<polygon points="${pairs.join(" ")}" fill="${fill}"${attrs(extra)}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra?: Extra): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round"${attrs(extra)}/>`;
}

/** An unfilled stroked path. */
export function stroke(d: string, color: string, width: number, extra?: Extra): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra)}/>`;
}

export function group(content: string, extra?: Extra): string {
  return `<g${attrs(extra)}>${content}</g>`;
}

/** Vertical (default) or horizontal linear gradient with evenly spaced stops. */
export function linear(id: string, colors: string[], direction: "vertical" | "horizontal" = "vertical"): string {
  const [x2, y2] = direction === "vertical" ? ["0", "1"] : ["1", "0"];
  const stops = colors
    .map((color, i) => `<stop offset="${colors.length === 1 ? 0 : n(i / (colors.length - 1))}" stop-color="${color}"/>`)
    .join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops}</linearGradient>`;
}

/** Radial glow: a colour fading to transparent. */
export function glow(id: string, color: string, opacity = 1): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** Ground shadow under an object. */
export function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.18): string {
  return ellipse(cx, cy, rx, ry, "#000", { opacity });
}

/** Wraps a scene in an <svg> element sized for rendering. */
export function document(scene: Scene, viewWidth: number, viewHeight: number, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${viewHeight}" preserveAspectRatio="xMidYMid slice"><defs>${scene.defs}</defs>${scene.body}</svg>`;
}

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const ca = parse(a);
  const cb = parse(b);
  return `#${ca
    .map((value, i) => Math.round(value + ((cb[i] ?? 0) - value) * t))
    .map((value) => value.toString(16).padStart(2, "0"))
    .join("")}`;
}
