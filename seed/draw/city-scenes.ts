import type { AreaImage, AvatarImage, CitySlug } from "../data/images";
import { createRandom, type Random } from "../util";
import { banquetTable, car, hills, mountains, palm, pine, plant, roundTree, sailboat, sun } from "./parts";
import { circle, ellipse, glow, group, line, linear, mix, path, polygon, rect, rrect, stroke, type Scene } from "./svg";

/** City heroes (1600x700), neighbourhood cards (900x600) and avatars (256x256). */

const HW = 1600;
const HH = 700;

type TimeOfDay = "dawn" | "day" | "dusk" | "night";

const SKIES: Record<TimeOfDay, { sky: [string, string, string]; far: string; near: string; window: string; windowOpacity: number; sun: string }> = {
  dawn: { sky: ["#f3a9a0", "#f9cfa8", "#fde9cf"], far: "#c99aa8", near: "#6e5a78", window: "#ffe7b8", windowOpacity: 0.35, sun: "#fff2d6" },
  day: { sky: ["#5fa8e0", "#a8d4f2", "#e6f4fb"], far: "#9fb6cb", near: "#50657a", window: "#dff1ff", windowOpacity: 0.35, sun: "#fffbe6" },
  dusk: { sky: ["#3b3a78", "#c0607a", "#f6a66b"], far: "#6b4f7a", near: "#2e2947", window: "#ffd27a", windowOpacity: 0.75, sun: "#ffd9a0" },
  night: { sky: ["#0b1330", "#1f2b5a", "#3d4a7a"], far: "#27335a", near: "#121a33", window: "#ffd98a", windowOpacity: 0.85, sun: "#f4f1e0" },
};

type Landmark =
  | "eiffel"
  | "tokyo-tower"
  | "clock"
  | "wheel"
  | "burj"
  | "sails"
  | "arch-bridge"
  | "sands"
  | "needle"
  | "pearl"
  | "empire"
  | "willis"
  | "canal"
  | "spires"
  | "dome"
  | "prang"
  | "column"
  | "reunion"
  | "fuji"
  | "peak"
  | "volcanoes"
  | "palms"
  | "cactus"
  | "suspension"
  | "twin-tower"
  | "gherkin";

type CitySpec = { time: TimeOfDay; water: boolean; density: number; landmarks: Landmark[]; maxHeight: number };

const CITY_SPECS: Record<CitySlug, CitySpec> = {
  tokyo: { time: "dusk", water: false, density: 1, landmarks: ["fuji", "tokyo-tower"], maxHeight: 300 },
  "new-york": { time: "dusk", water: true, density: 1, landmarks: ["empire"], maxHeight: 330 },
  london: { time: "day", water: true, density: 0.7, landmarks: ["wheel", "clock", "gherkin"], maxHeight: 220 },
  paris: { time: "dawn", water: true, density: 0.55, landmarks: ["eiffel"], maxHeight: 130 },
  shanghai: { time: "night", water: true, density: 1, landmarks: ["pearl"], maxHeight: 340 },
  dubai: { time: "day", water: false, density: 0.8, landmarks: ["burj", "palms"], maxHeight: 280 },
  singapore: { time: "night", water: true, density: 0.8, landmarks: ["sands"], maxHeight: 260 },
  "los-angeles": { time: "dusk", water: false, density: 0.65, landmarks: ["palms"], maxHeight: 260 },
  berlin: { time: "day", water: true, density: 0.6, landmarks: ["needle"], maxHeight: 170 },
  sydney: { time: "day", water: true, density: 0.75, landmarks: ["arch-bridge", "sails"], maxHeight: 240 },
  "hong-kong": { time: "night", water: true, density: 1, landmarks: ["peak"], maxHeight: 320 },
  seoul: { time: "dusk", water: true, density: 0.85, landmarks: ["peak", "needle"], maxHeight: 250 },
  toronto: { time: "day", water: true, density: 0.8, landmarks: ["needle"], maxHeight: 260 },
  melbourne: { time: "dawn", water: true, density: 0.8, landmarks: ["twin-tower"], maxHeight: 270 },
  amsterdam: { time: "day", water: true, density: 0.3, landmarks: ["canal"], maxHeight: 110 },
  mumbai: { time: "dusk", water: true, density: 0.8, landmarks: ["dome", "palms"], maxHeight: 260 },
  barcelona: { time: "dawn", water: false, density: 0.55, landmarks: ["spires"], maxHeight: 150 },
  "mexico-city": { time: "day", water: false, density: 0.7, landmarks: ["volcanoes", "column"], maxHeight: 220 },
  "sao-paulo": { time: "dusk", water: false, density: 1, landmarks: [], maxHeight: 280 },
  bangkok: { time: "dawn", water: true, density: 0.75, landmarks: ["prang", "palms"], maxHeight: 260 },
  chicago: { time: "day", water: true, density: 1, landmarks: ["willis"], maxHeight: 300 },
  houston: { time: "dusk", water: false, density: 0.8, landmarks: ["twin-tower"], maxHeight: 280 },
  phoenix: { time: "dawn", water: false, density: 0.5, landmarks: ["volcanoes", "cactus"], maxHeight: 200 },
  philadelphia: { time: "day", water: true, density: 0.75, landmarks: ["clock"], maxHeight: 250 },
  "san-antonio": { time: "dusk", water: true, density: 0.5, landmarks: ["needle", "palms"], maxHeight: 180 },
  "san-diego": { time: "day", water: true, density: 0.6, landmarks: ["suspension", "palms"], maxHeight: 210 },
  dallas: { time: "night", water: false, density: 0.8, landmarks: ["reunion"], maxHeight: 270 },
  "san-jose": { time: "dawn", water: false, density: 0.5, landmarks: ["volcanoes", "palms"], maxHeight: 180 },
  riverview: { time: "day", water: true, density: 0.2, landmarks: ["palms"], maxHeight: 70 },
};

function building(x: number, groundY: number, w: number, h: number, fill: string, random: Random, spec: { window: string; windowOpacity: number }, windows: boolean): string {
  let out = rect(x, groundY - h, w, h, fill);
  const roof = random.next();
  if (roof < 0.15) out += polygon([x, groundY - h, x + w / 2, groundY - h - w * 0.35, x + w, groundY - h], fill);
  else if (roof < 0.3) out += rect(x + w * 0.3, groundY - h - 18, w * 0.4, 18, fill) + line(x + w / 2, groundY - h - 18, x + w / 2, groundY - h - 50, fill, 3);
  if (windows && w > 34) {
    const cols = Math.max(2, Math.floor((w - 12) / 16));
    const rows = Math.floor((h - 20) / 22);
    const cw = (w - 12) / cols;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (random.next() > 0.55) continue;
        out += rect(x + 6 + c * cw + 2, groundY - h + 12 + r * 22, cw - 6, 10, spec.window, { opacity: spec.windowOpacity });
      }
    }
  }
  return out;
}

function skylineLayer(random: Random, groundY: number, maxHeight: number, density: number, fill: string, windows: boolean, spec: { window: string; windowOpacity: number }, skip?: [number, number][]): string {
  let out = "";
  let x = -20;
  while (x < HW) {
    const w = random.int(40, 110);
    const inGap = skip?.some(([a, b]) => x + w > a && x < b);
    if (!inGap && random.next() < 0.35 + density * 0.6) {
      const h = random.range(maxHeight * 0.25, maxHeight) * (0.6 + 0.4 * Math.sin((x / HW) * Math.PI));
      out += building(x, groundY, w, Math.max(30, h), fill, random, spec, windows);
    }
    x += w + random.int(2, 14);
  }
  return out;
}

function landmark(kind: Landmark, x: number, groundY: number, color: string, accent: string, random: Random): string {
  switch (kind) {
    case "eiffel":
      return (
        path(`M${x - 110} ${groundY} Q${x - 40} ${groundY - 160} ${x - 12} ${groundY - 400} L${x + 12} ${groundY - 400} Q${x + 40} ${groundY - 160} ${x + 110} ${groundY} L${x + 70} ${groundY} Q${x} ${groundY - 110} ${x - 70} ${groundY} Z`, color) +
        rect(x - 62, groundY - 150, 124, 14, color) +
        rect(x - 34, groundY - 270, 68, 10, color) +
        line(x, groundY - 400, x, groundY - 450, color, 5)
      );
    case "tokyo-tower":
      return (
        path(`M${x - 90} ${groundY} Q${x - 30} ${groundY - 150} ${x - 10} ${groundY - 360} L${x + 10} ${groundY - 360} Q${x + 30} ${groundY - 150} ${x + 90} ${groundY} L${x + 56} ${groundY} Q${x} ${groundY - 100} ${x - 56} ${groundY} Z`, "#e2553a") +
        rect(x - 52, groundY - 140, 104, 22, "#f4efe6") +
        rect(x - 28, groundY - 250, 56, 16, "#f4efe6") +
        line(x, groundY - 360, x, groundY - 420, "#e2553a", 5)
      );
    case "clock":
      return (
        rect(x - 30, groundY - 330, 60, 330, color) +
        rect(x - 38, groundY - 250, 76, 80, color) +
        circle(x, groundY - 210, 26, accent) +
        line(x, groundY - 210, x, groundY - 226, color, 3) +
        line(x, groundY - 210, x + 12, groundY - 206, color, 3) +
        polygon([x - 34, groundY - 330, x, groundY - 420, x + 34, groundY - 330], color)
      );
    case "wheel": {
      let spokes = "";
      for (let i = 0; i < 16; i++) {
        const a = (i / 16) * Math.PI * 2;
        spokes += line(x, groundY - 190, x + Math.cos(a) * 160, groundY - 190 + Math.sin(a) * 160, color, 2) + circle(x + Math.cos(a) * 160, groundY - 190 + Math.sin(a) * 160, 8, color);
      }
      return circle(x, groundY - 190, 160, "none", { stroke: color, "stroke-width": 6 }) + spokes + polygon([x, groundY - 190, x - 70, groundY, x - 56, groundY, x, groundY - 160, x + 56, groundY, x + 70, groundY], color);
    }
    case "gherkin":
      return path(`M${x - 40} ${groundY} Q${x - 62} ${groundY - 150} ${x} ${groundY - 270} Q${x + 62} ${groundY - 150} ${x + 40} ${groundY} Z`, color);
    case "burj": {
      let steps = "";
      const widths = [90, 72, 56, 42, 30, 20, 12];
      widths.forEach((w, i) => (steps += rect(x - w / 2, groundY - (i + 1) * 70, w, 70, color)));
      return steps + polygon([x - 6, groundY - 490, x, groundY - 600, x + 6, groundY - 490], color);
    }
    case "sails":
      return [0, 1, 2, 3].map((i) => path(`M${x - 120 + i * 70} ${groundY} Q${x - 110 + i * 70} ${groundY - 110 + i * 6} ${x - 40 + i * 70} ${groundY - 140 + i * 12} Q${x - 60 + i * 70} ${groundY - 60} ${x - 20 + i * 70} ${groundY} Z`, "#f7f5ef")).join("") + rect(x - 150, groundY - 10, 330, 14, "#e9e2d4");
    case "arch-bridge":
      return (
        stroke(`M${x - 320} ${groundY - 40} Q${x} ${groundY - 300} ${x + 320} ${groundY - 40}`, color, 12) +
        stroke(`M${x - 300} ${groundY - 40} Q${x} ${groundY - 250} ${x + 300} ${groundY - 40}`, color, 6) +
        rect(x - 380, groundY - 70, 760, 14, color) +
        rect(x - 360, groundY - 130, 36, 130, color) +
        rect(x + 324, groundY - 130, 36, 130, color) +
        Array.from({ length: 11 }, (_, i) => {
          const t = (i * 50 + 70) / 640;
          const top = groundY - 40 - 520 * t * (1 - t) + 8;
          return top < groundY - 78 ? line(x - 250 + i * 50, groundY - 70, x - 250 + i * 50, top, color, 3) : "";
        }).join("")
      );
    case "sands":
      return (
        [-80, 0, 80].map((dx) => polygon([x + dx - 30, groundY, x + dx - 24, groundY - 250, x + dx + 24, groundY - 250, x + dx + 30, groundY], color)).join("") +
        path(`M${x - 150} ${groundY - 250} L${x + 160} ${groundY - 262} Q${x + 180} ${groundY - 250} ${x + 150} ${groundY - 240} L${x - 150} ${groundY - 238} Z`, color)
      );
    case "needle":
      return (
        polygon([x - 16, groundY, x - 8, groundY - 360, x + 8, groundY - 360, x + 16, groundY], color) +
        ellipse(x, groundY - 360, 44, 22, color) +
        ellipse(x, groundY - 372, 30, 12, accent, { opacity: 0.6 }) +
        line(x, groundY - 380, x, groundY - 480, color, 5)
      );
    case "pearl":
      return (
        line(x - 40, groundY, x, groundY - 200, color, 12) +
        line(x + 40, groundY, x, groundY - 200, color, 12) +
        circle(x, groundY - 210, 48, "#d94f9a") +
        rect(x - 8, groundY - 400, 16, 200, color) +
        circle(x, groundY - 380, 28, "#d94f9a") +
        line(x, groundY - 400, x, groundY - 470, color, 5)
      );
    case "empire":
      return (
        rect(x - 60, groundY - 260, 120, 260, color) +
        rect(x - 44, groundY - 330, 88, 70, color) +
        rect(x - 28, groundY - 380, 56, 50, color) +
        rect(x - 14, groundY - 420, 28, 40, color) +
        polygon([x - 8, groundY - 420, x, groundY - 500, x + 8, groundY - 420], color) +
        Array.from({ length: 12 }, (_, i) => rect(x - 50, groundY - 250 + i * 20, 100, 4, accent, { opacity: 0.5 })).join("")
      );
    case "willis":
      return (
        rect(x - 60, groundY - 280, 120, 280, color) +
        rect(x - 60, groundY - 340, 80, 60, color) +
        rect(x - 20, groundY - 390, 40, 50, color) +
        line(x - 10, groundY - 390, x - 10, groundY - 450, color, 4) +
        line(x + 10, groundY - 390, x + 10, groundY - 440, color, 4)
      );
    case "twin-tower":
      return (
        rect(x - 70, groundY - 300, 60, 300, color) +
        polygon([x - 70, groundY - 300, x - 10, groundY - 340, x - 10, groundY - 300], color) +
        rect(x + 10, groundY - 260, 60, 260, color) +
        polygon([x + 10, groundY - 300, x + 70, groundY - 260, x + 10, groundY - 260], color)
      );
    case "canal": {
      const colors = ["#8a4a3a", "#3a4a5a", "#a8743a", "#5a3a2a", "#2f5a4a", "#7a2f2f", "#4a3a5a"];
      let houses = "";
      for (let i = 0; i < 16; i++) {
        const hx = i * 100 - 10;
        const h = 200 + ((i * 37) % 80);
        const c = colors[i % colors.length] ?? "#5a3a2a";
        houses += rect(hx, groundY - h, 94, h, c) + polygon([hx, groundY - h, hx + 47, groundY - h - 50, hx + 94, groundY - h], c);
        for (let r = 0; r < 3; r++) houses += rect(hx + 16, groundY - h + 30 + r * 58, 22, 34, "#f4efe6") + rect(hx + 56, groundY - h + 30 + r * 58, 22, 34, "#f4efe6");
      }
      return houses;
    }
    case "spires":
      return [-90, -35, 35, 90, 0].map((dx, i) => {
        const h = i === 4 ? 420 : 300 + (i % 2) * 40;
        return path(`M${x + dx - 20} ${groundY} L${x + dx - 18} ${groundY - h + 40} Q${x + dx} ${groundY - h - 20} ${x + dx + 18} ${groundY - h + 40} L${x + dx + 20} ${groundY} Z`, color);
      }).join("") + rect(x - 130, groundY - 140, 260, 140, color);
    case "dome":
      return rect(x - 140, groundY - 150, 280, 150, color) + path(`M${x - 80} ${groundY - 150} Q${x - 80} ${groundY - 290} ${x} ${groundY - 300} Q${x + 80} ${groundY - 290} ${x + 80} ${groundY - 150} Z`, color) + line(x, groundY - 300, x, groundY - 340, color, 4) + path(`M${x - 140} ${groundY - 150} Q${x - 140} ${groundY - 200} ${x - 110} ${groundY - 210} Q${x - 80} ${groundY - 200} ${x - 80} ${groundY - 150} Z`, color) + path(`M${x + 80} ${groundY - 150} Q${x + 80} ${groundY - 200} ${x + 110} ${groundY - 210} Q${x + 140} ${groundY - 200} ${x + 140} ${groundY - 150} Z`, color);
    case "prang":
      return path(`M${x - 100} ${groundY} L${x - 70} ${groundY - 120} L${x - 40} ${groundY - 140} Q${x - 30} ${groundY - 300} ${x} ${groundY - 380} Q${x + 30} ${groundY - 300} ${x + 40} ${groundY - 140} L${x + 70} ${groundY - 120} L${x + 100} ${groundY} Z`, color) + line(x, groundY - 380, x, groundY - 430, color, 4);
    case "column":
      return rect(x - 50, groundY - 60, 100, 60, color) + rect(x - 16, groundY - 330, 32, 270, color) + rect(x - 26, groundY - 340, 52, 14, color) + path(`M${x - 8} ${groundY - 340} L${x - 30} ${groundY - 380} L${x} ${groundY - 370} L${x + 30} ${groundY - 380} L${x + 8} ${groundY - 340} Z`, accent);
    case "reunion": {
      let dots = "";
      for (let i = 0; i < 24; i++) dots += circle(x - 40 + random.range(0, 80), groundY - 400 + random.range(-36, 36), 3, accent, { opacity: 0.9 });
      return rect(x - 14, groundY - 360, 28, 360, color) + circle(x, groundY - 400, 52, color) + dots;
    }
    case "suspension":
      return (
        rect(x - 400, groundY - 60, 800, 12, color) +
        rect(x - 220, groundY - 230, 20, 230, color) +
        rect(x + 200, groundY - 230, 20, 230, color) +
        stroke(`M${x - 420} ${groundY - 70} Q${x - 320} ${groundY - 100} ${x - 210} ${groundY - 230} Q${x} ${groundY - 40} ${x + 210} ${groundY - 230} Q${x + 320} ${groundY - 100} ${x + 420} ${groundY - 70}`, color, 4)
      );
    case "fuji":
      return polygon([x - 460, groundY, x - 70, groundY - 330, x + 70, groundY - 330, x + 460, groundY], mix(color, "#ffffff", 0.35)) + polygon([x - 70, groundY - 330, x + 70, groundY - 330, x + 130, groundY - 268, x + 60, groundY - 280, x, groundY - 258, x - 60, groundY - 282, x - 130, groundY - 268], "#f8f6f2");
    case "peak":
      return hills(HW, groundY, 720, 3, mix(color, "#ffffff", 0.2), 0.9);
    case "volcanoes":
      return polygon([x - 380, groundY, x - 60, groundY - 260, x + 10, groundY - 250, x + 300, groundY], mix(color, "#ffffff", 0.3)) + polygon([x + 120, groundY, x + 360, groundY - 190, x + 600, groundY], mix(color, "#ffffff", 0.4));
    case "palms":
      return palm(x - 160, groundY + 40, 300, color, 1) + palm(x + 20, groundY + 40, 360, color, -1) + palm(x + 200, groundY + 40, 280, color, 1);
    case "cactus":
      return [x - 200, x + 120].map((cx) => rrect(cx - 18, groundY - 260, 36, 280, 18, color) + rrect(cx - 80, groundY - 170, 28, 90, 14, color) + rect(cx - 80, groundY - 100, 70, 24, color) + rrect(cx + 52, groundY - 210, 28, 100, 14, color) + rect(cx + 10, groundY - 134, 70, 24, color)).join("");
  }
}

const BACKGROUND_LANDMARKS = new Set<Landmark>(["fuji", "peak", "volcanoes"]);
const FOREGROUND_LANDMARKS = new Set<Landmark>(["palms", "cactus", "canal", "sails"]);

export function cityHero(slug: CitySlug): Scene {
  const spec = CITY_SPECS[slug];
  const palette = SKIES[spec.time];
  const random = createRandom(`city-${slug}`);
  const groundY = spec.water ? 560 : 620;
  const defs = linear("sky", palette.sky) + glow("sunglow", palette.sun, 0.7) + linear("water", [mix(palette.sky[1], "#1d3b5a", 0.5), mix(palette.sky[2], "#0d2238", 0.7)]);
  let body = rect(0, 0, HW, HH, "url(#sky)");
  if (spec.time === "night") for (let i = 0; i < 60; i++) body += circle(random.range(0, HW), random.range(0, 300), random.range(1, 2.4), "#ffffff", { opacity: random.range(0.4, 0.9) });
  body += sun(spec.time === "dawn" ? 360 : 1240, spec.time === "day" ? 130 : spec.time === "night" ? 110 : 300, spec.time === "night" ? 34 : 60, palette.sun, "sunglow");
  const landmarkX = (i: number, count: number) => Math.round(HW * (count === 1 ? 0.62 : 0.3 + (0.45 * i) / Math.max(1, count - 1)));
  spec.landmarks.forEach((kind, i) => {
    if (BACKGROUND_LANDMARKS.has(kind)) body += landmark(kind, landmarkX(i, spec.landmarks.length), groundY - 40, palette.far, palette.window, random);
  });
  body += skylineLayer(random, groundY - 20, spec.maxHeight * 0.9, spec.density, palette.far, false, palette);
  const mids = spec.landmarks.filter((kind) => !BACKGROUND_LANDMARKS.has(kind) && !FOREGROUND_LANDMARKS.has(kind));
  const gaps: [number, number][] = mids.map((_, i) => {
    const x = landmarkX(spec.landmarks.indexOf(mids[i] ?? "needle"), spec.landmarks.length);
    return [x - 90, x + 90];
  });
  body += skylineLayer(random, groundY, spec.maxHeight, spec.density, palette.near, true, palette, gaps);
  spec.landmarks.forEach((kind, i) => {
    if (!BACKGROUND_LANDMARKS.has(kind) && !FOREGROUND_LANDMARKS.has(kind)) body += landmark(kind, landmarkX(i, spec.landmarks.length), groundY, palette.near, palette.window, random);
  });
  if (spec.water) {
    body += rect(0, groundY, HW, HH - groundY, "url(#water)");
    for (let i = 0; i < 50; i++) {
      const y = random.range(groundY + 8, HH);
      const x = random.range(0, HW);
      body += line(x, y, x + random.range(20, 90), y, palette.window, 2, { opacity: spec.time === "day" ? 0.35 : 0.5 });
    }
    if (slug === "san-diego") body += sailboat(1180, 650, "#f7f5ef", "#ffffff", "#f0ebe0");
  } else {
    body += rect(0, groundY, HW, HH - groundY, mix(palette.near, "#000000", 0.25));
  }
  spec.landmarks.forEach((kind, i) => {
    if (FOREGROUND_LANDMARKS.has(kind)) {
      const x = kind === "canal" ? 0 : kind === "sails" ? landmarkX(i, spec.landmarks.length) + 160 : i === 0 ? 1380 : 220;
      body += landmark(kind, x, spec.water ? groundY : HH - 10, kind === "canal" ? palette.near : mix(palette.near, "#000000", 0.3), palette.window, random);
    }
  });
  if (slug === "riverview") {
    for (let i = 0; i < 8; i++) body += rect(120 + i * 180, groundY - 70, 140, 70, mix(palette.near, "#ffffff", 0.25)) + polygon([110 + i * 180, groundY - 70, 190 + i * 180, groundY - 110, 270 + i * 180, groundY - 70], mix(palette.near, "#000000", 0.1));
    for (let i = 0; i < 10; i++) body += roundTree(60 + i * 170, groundY + 10, 120, "#3f7f4a");
  }
  return { defs, body };
}

// ---------------------------------------------------------------- areas

const AW = 900;
const AH = 600;

function areaScene(kind: string, variant: 1 | 2): Scene {
  const warm = variant === 2;
  const random = createRandom(`area-${kind}-${variant}`);
  const skyColors: [string, string] = warm ? ["#f6b08a", "#fde6cc"] : ["#7cc0ea", "#e3f3fb"];
  let defs = linear("sky", skyColors) + glow("sunglow", "#fff6d8", 0.7);
  let body = rect(0, 0, AW, AH, "url(#sky)") + sun(warm ? 200 : 720, 110, 40, "#fffbe8", "sunglow");
  const facade = (x: number, w: number, h: number, baseY: number, color: string) => {
    let out = rect(x, baseY - h, w, h, color) + rect(x - 4, baseY - h - 10, w + 8, 12, mix(color, "#000000", 0.2));
    for (let r = 0; r < Math.floor((h - 60) / 60); r++)
      for (let c = 0; c < Math.floor(w / 50); c++) out += rrect(x + 14 + c * 50, baseY - h + 24 + r * 60, 26, 38, 4, "#f4efe6", { opacity: 0.9 });
    return out + rrect(x + w / 2 - 18, baseY - 56, 36, 56, 4, mix(color, "#000000", 0.35));
  };
  switch (kind) {
    case "waterfront": {
      defs += linear("sea", warm ? ["#d98a6a", "#4a5d8a"] : ["#3aa0c4", "#126a8e"]);
      body += skylineSimple(random, 330, 200, warm ? "#8a6a8a" : "#8aa2b8") + rect(0, 330, AW, 170, "url(#sea)");
      for (let i = 0; i < 24; i++) body += line(random.range(0, AW), random.range(340, 490), random.range(0, AW), random.range(340, 490), "#ffffff", 2, { opacity: 0.25 });
      body += sailboat(180, 430, "#ffffff", "#ffffff", "#f0ebe0") + rect(0, 490, AW, 110, "#c9b89a") + [0, 1, 2, 3, 4, 5].map((i) => rect(i * 160 + 40, 440, 10, 60, "#3a3a3a") + circle(i * 160 + 45, 436, 12, "#ffe7a8")).join("");
      break;
    }
    case "downtown": {
      body += skylineSimple(random, 400, 300, warm ? "#9a7a8a" : "#9aaabb");
      body += [0, 1, 2, 3].map((i) => facade(20 + i * 230, 190, 200 + ((i * 53) % 90), 420, mix(warm ? "#a86a5a" : "#6a7a8a", "#ffffff", (i % 2) * 0.18))).join("");
      body += rect(0, 420, AW, 40, "#cfc8bc") + rect(0, 460, AW, 140, "#55595f");
      for (let i = 0; i < 8; i++) body += rect(330 + i * 30, 470, 18, 120, "#f4f1e8", { opacity: 0.85 });
      for (let i = 0; i < 4; i++) body += roundTree(120 + i * 230, 430, 90, "#4a8a42") + line(230 + i * 230, 440, 230 + i * 230, 330, "#2b2b2b", 5) + circle(230 + i * 230, 326, 10, "#ffe7a8");
      body += group(car(0, 0, "#f2c230", "sedan"), { transform: `translate(80 585) scale(0.42)` });
      body += group(car(0, 0, warm ? "#2f4858" : "#c8372d", "suv"), { transform: `translate(600 585) scale(0.42)` });
      break;
    }
    case "park": {
      body += hills(AW, 360, 60, 3, warm ? "#8a9a5a" : "#6aa05a") + rect(0, 360, AW, 240, warm ? "#7a9a4a" : "#5a9a4a");
      body += ellipse(600, 470, 260, 60, warm ? "#e0a07a" : "#5ab0d0") + path("M0 560 Q300 420 450 440 T900 400 L900 430 Q600 460 450 470 T0 600 Z", "#e8dcc0");
      for (let i = 0; i < 9; i++) body += roundTree(40 + i * 105, 380 + (i % 2) * 20, 130 + (i % 3) * 20, i % 2 ? "#3f7f3a" : "#4a8a42");
      body += rrect(150, 500, 120, 14, 4, "#7a5a3a") + rect(160, 514, 8, 30, "#3a3a3a") + rect(252, 514, 8, 30, "#3a3a3a");
      break;
    }
    case "market": {
      body += rect(0, 420, AW, 180, "#b9a88e");
      const colors = warm ? ["#e8553b", "#f5c542", "#2f8fc9", "#5aa34a"] : ["#2f8fc9", "#e8553b", "#5aa34a", "#f5c542"];
      body += facade(0, 900, 300, 300, warm ? "#d9b48a" : "#c9c0b0");
      for (let i = 0; i < 4; i++) {
        const x = 30 + i * 220;
        const c = colors[i] ?? "#e8553b";
        body += rect(x, 300, 8, 180, "#5a4a3a") + rect(x + 180, 300, 8, 180, "#5a4a3a");
        for (let s = 0; s < 6; s++) body += polygon([x + s * 31, 280, x + s * 31 + 31, 280, x + s * 31 + 31, 340, x + s * 31, 330], s % 2 ? c : "#ffffff");
        body += rect(x, 400, 188, 60, "#8a6a4a");
        for (let f = 0; f < 9; f++) body += circle(x + 16 + f * 20, 398, 10, random.pick(["#e8553b", "#f5c542", "#5aa34a", "#d94f9a", "#f08a3c"]));
      }
      break;
    }
    case "oldtown": {
      const colors = warm ? ["#e8a87c", "#d9c27a", "#c97b6a", "#f0d8b0"] : ["#e9d8a6", "#a8c5d8", "#e8b4a0", "#b8d0a8"];
      for (let i = 0; i < 6; i++) body += facade(i * 150, 150, 300 + ((i * 47) % 120), 480, colors[i % colors.length] ?? "#e9d8a6") + polygon([i * 150, 480 - 300 - ((i * 47) % 120), i * 150 + 75, 480 - 360 - ((i * 47) % 120), i * 150 + 150, 480 - 300 - ((i * 47) % 120)], "#b5523b");
      body += rect(0, 480, AW, 120, "#9a8a78");
      for (let i = 0; i < 60; i++) body += rrect(random.range(0, AW), random.range(490, 590), 30, 12, 5, "#b5a590", { opacity: 0.7 });
      break;
    }
    case "beach": {
      defs += linear("sea", ["#2ab0c5", "#0c7f9e"]);
      body += rect(0, 300, AW, 140, "url(#sea)") + path("M0 430 Q225 410 450 440 T900 425 V600 H0 Z", "#ffffff", { opacity: 0.6 }) + path("M0 450 Q225 430 450 460 T900 445 V600 H0 Z", "#f0d9a8");
      body += [150, 420, 690].map((x, i) => line(x, 560, x + 10, 380, "#5a4a3a", 5) + path(`M${x - 90} 400 Q${x + 10} 320 ${x + 110} 400 Z`, ["#e8553b", "#2f8fc9", "#f5c542"][i] ?? "#e8553b") + rrect(x - 60, 540, 120, 20, 6, ["#ffffff", "#f5c542", "#5aa34a"][i] ?? "#ffffff")).join("");
      body += palm(820, 500, 260, "#2d5a3a", -1);
      break;
    }
    case "arts": {
      body += `<rect x="0" y="0" width="${AW}" height="480" fill="${warm ? "#a45a44" : "#8a4a3a"}"/>`;
      for (let r = 0; r < 16; r++) body += line(0, r * 30, AW, r * 30, "#000", 2, { opacity: 0.12 });
      const swirl = warm ? ["#f5c542", "#2f8fc9", "#e8553b", "#5aa34a"] : ["#d94f9a", "#3fd0ff", "#f5c542", "#5aa34a"];
      swirl.forEach((c, i) => (body += circle(180 + i * 170, 230 + (i % 2) * 60, 110 - i * 10, c, { opacity: 0.85 })));
      body += stroke("M60 380 Q250 200 450 330 T840 250", "#ffffff", 18) + rect(0, 480, AW, 120, "#6a6a6a") + plant(820, 560, 150, "#3a3a3a", "#4a8a42") + banquetTable(300, 520, 0.6, "#f4efe6", "#2b2b2b", "#e8553b");
      break;
    }
    default: {
      body += mountains(AW, 360, [60, 200, 140, 240, 120], warm ? "#a8748a" : "#7d95a8") + hills(AW, 430, 80, 3, warm ? "#8a6a5a" : "#6a9a5a");
      for (let i = 0; i < 14; i++) {
        const x = random.range(0, AW - 40);
        const y = random.range(420, 520);
        body += rect(x, y, 40, 30, "#f4efe6") + polygon([x - 4, y, x + 20, y - 18, x + 44, y], "#b5523b");
      }
      for (let i = 0; i < 10; i++) body += pine(i * 95 + 20, 600, 150, warm ? "#4a3a3a" : "#2c5140");
    }
  }
  return { defs, body };
}

function skylineSimple(random: Random, baseY: number, maxH: number, color: string, from = 0, to = AW): string {
  let out = "";
  let x = from;
  while (x < to) {
    const w = random.int(30, 70);
    out += rect(x, baseY - random.range(maxH * 0.3, maxH), Math.min(w, to - x), maxH * 2, color);
    x += w + 3;
  }
  return out;
}

export const AREA_SCENES: Record<AreaImage, () => Scene> = {
  "area-waterfront-1": () => areaScene("waterfront", 1),
  "area-waterfront-2": () => areaScene("waterfront", 2),
  "area-downtown-1": () => areaScene("downtown", 1),
  "area-downtown-2": () => areaScene("downtown", 2),
  "area-park-1": () => areaScene("park", 1),
  "area-park-2": () => areaScene("park", 2),
  "area-market-1": () => areaScene("market", 1),
  "area-market-2": () => areaScene("market", 2),
  "area-oldtown-1": () => areaScene("oldtown", 1),
  "area-oldtown-2": () => areaScene("oldtown", 2),
  "area-beach-1": () => areaScene("beach", 1),
  "area-beach-2": () => areaScene("beach", 2),
  "area-arts-1": () => areaScene("arts", 1),
  "area-arts-2": () => areaScene("arts", 2),
  "area-hills-1": () => areaScene("hills", 1),
  "area-hills-2": () => areaScene("hills", 2),
};

// ---------------------------------------------------------------- avatars

type Person = { bg: string; skin: string; hair: string; shirt: string; style: "short" | "long" | "bun" | "curly" | "bald" | "bob" };

function portrait(p: Person): Scene {
  const cx = 128;
  let hairBack = "";
  let hairFront = "";
  switch (p.style) {
    case "long":
      hairBack = path("M70 120 Q70 50 128 48 Q186 50 186 120 L192 220 L64 220 Z", p.hair);
      hairFront = path("M80 110 Q90 60 128 60 Q170 60 178 112 Q150 80 110 92 Q92 98 80 110 Z", p.hair);
      break;
    case "bun":
      hairBack = circle(cx, 44, 26, p.hair);
      hairFront = path("M82 108 Q86 58 128 56 Q170 58 174 108 Q160 76 128 76 Q96 76 82 108 Z", p.hair);
      break;
    case "curly":
      hairFront = [84, 104, 128, 152, 172, 92, 164].map((x, i) => circle(x, i > 4 ? 100 : 70 + Math.abs(128 - x) * 0.2, 24, p.hair)).join("");
      break;
    case "bob":
      hairBack = path("M76 118 Q74 54 128 52 Q182 54 180 118 L182 160 L74 160 Z", p.hair);
      hairFront = path("M82 100 Q100 62 150 66 Q176 76 176 104 Q140 84 82 100 Z", p.hair);
      break;
    case "short":
      hairFront = path("M82 104 Q84 56 128 54 Q174 56 176 104 Q168 80 140 78 Q110 76 96 86 Q88 92 82 104 Z", p.hair);
      break;
    case "bald":
      hairFront = path("M84 118 Q86 108 90 104 L90 124 Z", p.hair) + path("M172 118 Q170 108 166 104 L166 124 Z", p.hair);
      break;
  }
  const body =
    rect(0, 0, 256, 256, p.bg) +
    circle(210, 40, 70, "#ffffff", { opacity: 0.12 }) +
    hairBack +
    path("M40 256 Q44 186 128 178 Q212 186 216 256 Z", p.shirt) +
    rect(114, 150, 28, 34, mix(p.skin, "#000000", 0.12)) +
    ellipse(cx, 112, 46, 56, p.skin) +
    ellipse(82, 116, 8, 12, p.skin) +
    ellipse(174, 116, 8, 12, p.skin) +
    hairFront +
    circle(110, 114, 4.5, "#2b2b2b") +
    circle(146, 114, 4.5, "#2b2b2b") +
    stroke("M114 140 Q128 150 142 140", mix(p.skin, "#7a2f2f", 0.5), 4) +
    ellipse(102, 130, 9, 5, "#e88a8a", { opacity: 0.25 }) +
    ellipse(154, 130, 9, 5, "#e88a8a", { opacity: 0.25 });
  return { defs: "", body };
}

export const AVATAR_SCENES: Record<AvatarImage, () => Scene> = {
  "avatar-1": () => portrait({ bg: "#9fd3c7", skin: "#f1c7a3", hair: "#3b2a20", shirt: "#2f4858", style: "long" }),
  "avatar-2": () => portrait({ bg: "#f6d186", skin: "#8d5a3b", hair: "#1e1714", shirt: "#e2553a", style: "curly" }),
  "avatar-3": () => portrait({ bg: "#b8c4f0", skin: "#e6b48e", hair: "#1b1b1b", shirt: "#3f7f6a", style: "short" }),
  "avatar-4": () => portrait({ bg: "#f3b0a0", skin: "#c58c62", hair: "#2b1d14", shirt: "#3a4a8a", style: "bun" }),
  "avatar-5": () => portrait({ bg: "#c5e1a5", skin: "#f5d0b5", hair: "#c98b4a", shirt: "#6b4a8a", style: "bob" }),
  "avatar-6": () => portrait({ bg: "#d7ccc8", skin: "#6e4630", hair: "#111111", shirt: "#d9a62b", style: "bald" }),
  "avatar-7": () => portrait({ bg: "#e3c8f0", skin: "#f3d2bd", hair: "#a0522d", shirt: "#1f5f7a", style: "long" }),
  "avatar-8": () => portrait({ bg: "#a8d8ea", skin: "#e0ac7e", hair: "#d9b36a", shirt: "#2f2f2f", style: "short" }),
  "avatar-9": () => portrait({ bg: "#f7d6a8", skin: "#b57b54", hair: "#1a1110", shirt: "#8a2f4a", style: "bob" }),
  "avatar-10": () => portrait({ bg: "#bfe0c0", skin: "#efc4a0", hair: "#2a1a12", shirt: "#e07a3a", style: "bun" }),
};

