import type { ListingImage } from "../data/images";
import { createRandom } from "../util";
import {
  atv,
  balloon,
  banquetTable,
  car,
  chair,
  hills,
  kayak,
  motorYacht,
  mountains,
  paddle,
  palm,
  pendantLamp,
  pine,
  plant,
  roundTree,
  sailboat,
  speaker,
  sun,
  surfboard,
  van,
} from "./parts";
import {
  circle,
  ellipse,
  glow,
  group,
  line,
  linear,
  mix,
  path,
  polygon,
  rect,
  rrect,
  shadow,
  stroke,
  type Scene,
} from "./svg";

/** Listing illustrations, drawn on a 1200x800 canvas. */

const W = 1200;
const H = 800;

function sky(id: string, top: string, bottom: string): { defs: string; body: string } {
  return { defs: linear(id, [top, bottom]), body: rect(0, 0, W, H, `url(#${id})`) };
}

function waves(y: number, color: string, count: number, opacity = 0.35): string {
  let out = "";
  const random = createRandom(`waves-${y}-${color}`);
  for (let i = 0; i < count; i++) {
    const x = random.range(0, W);
    const yy = y + random.range(0, H - y);
    const len = random.range(30, 90);
    out += stroke(`M${x} ${yy} q${len / 4} -8 ${len / 2} 0 t${len / 2} 0`, color, 3, { opacity });
  }
  return out;
}

// ---------------------------------------------------------------- interiors

type StudioPalette = { wall: [string, string]; floor: [string, string]; paper: string; accent: string };

function photoStudio(p: StudioPalette): Scene {
  const defs =
    linear("wall", p.wall) +
    linear("floor", p.floor) +
    linear("paper", [p.paper, mix(p.paper, "#000000", 0.12)]) +
    linear("soft", ["#ffffff", "#e9eef2"]) +
    glow("spill", "#ffffff", 0.55);
  const stand = (x: number, top: number) =>
    line(x, top, x, 640, "#2f2f2f", 7) + line(x, 640, x - 36, 672, "#2f2f2f", 6) + line(x, 640, x + 36, 672, "#2f2f2f", 6);
  const body =
    rect(0, 0, W, H, "url(#wall)") +
    rect(0, 590, W, 210, "url(#floor)") +
    circle(250, 330, 330, "url(#spill)") +
    stand(330, 100) +
    stand(870, 100) +
    path("M352 126 H848 V560 Q848 650 990 720 H210 Q352 650 352 560 Z", "url(#paper)") +
    rrect(322, 96, 556, 34, 17, mix(p.paper, "#000000", 0.25)) +
    shadow(600, 640, 120, 14, 0.2) +
    ellipse(600, 556, 70, 16, p.accent) +
    line(560, 566, 548, 640, "#3a3a3a", 6) +
    line(640, 566, 652, 640, "#3a3a3a", 6) +
    line(600, 570, 600, 640, "#3a3a3a", 6) +
    group(rrect(100, 190, 180, 230, 10, "#1f1f1f") + rect(114, 204, 152, 202, "url(#soft)"), { transform: "rotate(-10 190 300)" }) +
    line(190, 420, 190, 690, "#2f2f2f", 7) +
    line(190, 690, 150, 720, "#2f2f2f", 6) +
    line(190, 690, 230, 720, "#2f2f2f", 6) +
    path("M930 250 A115 115 0 0 1 1160 250 Z", "#f7f7f7") +
    path("M930 250 A115 115 0 0 1 1160 250", "none", { stroke: "#bdbdbd", "stroke-width": 3 }) +
    line(1045, 250, 1045, 690, "#2f2f2f", 7) +
    line(1045, 690, 1005, 720, "#2f2f2f", 6) +
    line(1045, 690, 1085, 720, "#2f2f2f", 6) +
    line(975, 540, 925, 760, "#222", 7) +
    line(985, 540, 1035, 760, "#222", 7) +
    line(980, 540, 985, 770, "#222", 7) +
    rrect(930, 470, 104, 70, 10, "#222") +
    rrect(950, 456, 36, 18, 4, "#222") +
    circle(982, 506, 27, "#111", { stroke: "#555", "stroke-width": 5 }) +
    circle(982, 506, 10, "#3b5b75");
  return { defs, body };
}

type LoftPalette = { wall: string; brick: boolean; floor: string; sofa: string; cushion: string; sky: [string, string]; rug: string };

function loft(p: LoftPalette): Scene {
  const mortar = mix(p.wall, "#ffffff", 0.35);
  const defs =
    (p.brick
      ? `<pattern id="brick" width="80" height="36" patternUnits="userSpaceOnUse"><rect width="80" height="36" fill="${p.wall}"/><path d="M0 18H80M40 0V18M0 18V36M80 18V36" stroke="${mortar}" stroke-width="3" opacity=".55"/></pattern>`
      : linear("brick", [p.wall, mix(p.wall, "#000000", 0.1)])) +
    linear("sky", p.sky) +
    linear("wood", [p.floor, mix(p.floor, "#000000", 0.25)]) +
    glow("lamp", "#ffe7a8", 0.6);
  let window = rect(110, 70, 560, 440, "#2a2a2a") + rect(122, 82, 536, 416, "url(#sky)");
  const random = createRandom("loft-skyline");
  let x = 122;
  while (x < 658) {
    const w = random.int(40, 90);
    const h = random.int(60, 220);
    window += rect(x, 498 - h, Math.min(w, 658 - x), h, "#8ea3b5", { opacity: 0.55 });
    x += w + 6;
  }
  for (let i = 1; i < 4; i++) window += rect(122 + i * 134, 82, 8, 416, "#2a2a2a");
  for (let j = 1; j < 3; j++) window += rect(122, 82 + j * 139, 536, 8, "#2a2a2a");
  let planks = "";
  for (let i = 0; i < 12; i++) planks += line(i * 110 - 200, 800, 300 + i * 70, 560, "#000", 2, { opacity: 0.12 });
  const body =
    rect(0, 0, W, 560, "url(#brick)") +
    window +
    polygon([122, 498, 658, 498, 760, 800, 20, 800], "#ffffff", { opacity: 0.08 }) +
    rect(0, 560, W, 240, "url(#wood)") +
    planks +
    ellipse(800, 680, 360, 70, p.rug) +
    shadow(850, 610, 230, 18, 0.25) +
    rrect(640, 420, 420, 120, 26, p.sofa) +
    rrect(620, 500, 460, 100, 24, mix(p.sofa, "#000000", 0.1)) +
    rrect(600, 470, 60, 140, 24, p.sofa) +
    rrect(1040, 470, 60, 140, 24, p.sofa) +
    rrect(690, 450, 110, 70, 18, p.cushion) +
    rrect(940, 450, 100, 70, 18, mix(p.cushion, "#ffffff", 0.3)) +
    ellipse(760, 690, 120, 24, "#3b2a20") +
    ellipse(760, 684, 120, 24, "#6b4a36") +
    rrect(720, 660, 40, 14, 4, "#e7dccb") +
    plant(180, 640, 230, "#c9b9a6", "#3f7a4a") +
    pendantLamp(800, 0, 150, "#1f1f1f", "lamp") +
    pendantLamp(980, 0, 200, "#1f1f1f", "lamp");
  return { defs, body };
}

type VenuePalette = { kind: "garden" | "ballroom" | "rooftop"; top: string; bottom: string; floor: string; cloth: string; chair: string; flowers: string };

function venue(p: VenuePalette): Scene {
  const defs = linear("bg", [p.top, p.bottom]) + linear("floor", [p.floor, mix(p.floor, "#000000", 0.3)]) + glow("bulb", "#ffd98a", 0.9) + glow("sunglow", "#fff1c4", 0.8);
  let backdrop = rect(0, 0, W, H, "url(#bg)");
  if (p.kind === "garden") {
    backdrop += hills(W, 470, 60, 5, "#2c4a3a") + roundTree(90, 480, 210, "#294435") + roundTree(1110, 480, 230, "#294435");
  } else if (p.kind === "ballroom") {
    for (let i = 0; i < 6; i++) backdrop += rect(i * 210 + 40, 80, 120, 380, "#ffffff", { opacity: 0.06 }) + path(`M${i * 210 + 40} 80 Q${i * 210 + 100} 20 ${i * 210 + 160} 80 Z`, "#ffffff", { opacity: 0.06 });
    backdrop += line(600, 0, 600, 90, "#c9a44c", 4) + ellipse(600, 110, 110, 26, "#c9a44c", { opacity: 0.8 });
    for (let i = -4; i <= 4; i++) backdrop += circle(600 + i * 24, 140 + Math.abs(i) * -3, 7, "#ffe9b0") + circle(600 + i * 24, 140, 30, "url(#bulb)");
  } else {
    backdrop += sun(950, 200, 60, "#ffe4a8", "sunglow");
    const random = createRandom("rooftop-city");
    let x = 0;
    while (x < W) {
      const w = random.int(50, 120);
      const h = random.int(80, 260);
      backdrop += rect(x, 470 - h, w, h, mix(p.bottom, "#1c2b44", 0.55));
      x += w + 4;
    }
    backdrop += rect(0, 450, W, 40, "#3a3a3a") + rect(0, 440, W, 10, "#d6d2c8");
  }
  let lights = "";
  if (p.kind !== "ballroom") {
    for (const [y0, sag] of [
      [70, 90],
      [150, 70],
    ] as const) {
      lights += stroke(`M-20 ${y0} Q600 ${y0 + sag * 2} 1220 ${y0}`, "#1a1a1a", 2);
      for (let i = 0; i <= 16; i++) {
        const t = i / 16;
        const bx = -20 + t * 1240;
        const by = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag * 2) + t * t * y0;
        lights += circle(bx, by + 10, 26, "url(#bulb)") + circle(bx, by + 10, 7, "#ffe9b0");
      }
    }
  }
  const body =
    backdrop +
    lights +
    rect(0, 480, W, 320, "url(#floor)") +
    banquetTable(250, 560, 0.9, p.cloth, p.chair, p.flowers) +
    banquetTable(600, 540, 0.75, p.cloth, p.chair, p.flowers) +
    banquetTable(950, 560, 0.9, p.cloth, p.chair, p.flowers) +
    banquetTable(420, 700, 1.05, p.cloth, p.chair, p.flowers) +
    banquetTable(820, 710, 1.05, p.cloth, p.chair, p.flowers);
  return { defs, body };
}

type OfficePalette = { wall: string; table: string; chair: string; sky: [string, string]; accent: string };

function office(p: OfficePalette): Scene {
  const defs = linear("sky", p.sky) + linear("floor", ["#cfcac2", "#a9a49b"]) + linear("tabletop", [p.table, mix(p.table, "#000000", 0.2)]);
  const random = createRandom(`office-${p.wall}`);
  let city = "";
  let x = 80;
  while (x < 780) {
    const w = random.int(40, 100);
    const h = random.int(90, 300);
    city += rect(x, 460 - h, Math.min(w, 780 - x), h, "#7f93a6", { opacity: 0.6 });
    x += w + 8;
  }
  let mullions = "";
  for (let i = 0; i <= 4; i++) mullions += rect(76 + i * 176, 76, 8, 392, "#3a3f44");
  const chairs =
    chair(420, 560, 0.95, p.chair) +
    chair(560, 560, 0.95, p.chair) +
    chair(700, 560, 0.95, p.chair) +
    chair(300, 660, 1.2, p.chair) +
    chair(880, 660, 1.2, p.chair);
  let bars = "";
  [60, 90, 70, 110, 95].forEach((h, i) => (bars += rect(920 + i * 36, 300 - h, 22, h, p.accent)));
  const body =
    rect(0, 0, W, H, p.wall) +
    rect(80, 80, 700, 384, "url(#sky)") +
    city +
    mullions +
    rect(76, 76, 708, 8, "#3a3f44") +
    rect(76, 460, 708, 8, "#3a3f44") +
    rect(0, 540, W, 260, "url(#floor)") +
    rrect(890, 150, 240, 170, 8, "#1f2429") +
    rect(900, 160, 220, 150, "#27313a") +
    bars +
    chairs +
    polygon([340, 560, 860, 560, 1010, 730, 190, 730], "url(#tabletop)") +
    rect(190, 730, 820, 16, mix(p.table, "#000000", 0.35)) +
    rrect(470, 590, 90, 10, 4, "#e9edf0") +
    rrect(640, 600, 110, 12, 4, "#e9edf0") +
    ellipse(600, 640, 30, 8, "#2b2b2b") +
    plant(1120, 560, 200, "#e8e2d8", "#3d7a52") +
    rect(300, 0, 600, 14, "#f7f5ef", { opacity: 0.8 });
  return { defs, body };
}

type MusicPalette = { wall: string; panel: string; desk: string; accent: string; floor: string };

function musicStudio(p: MusicPalette): Scene {
  const defs = linear("floor", [p.floor, mix(p.floor, "#000000", 0.35)]) + glow("screen", p.accent, 0.35);
  let panels = "";
  for (let i = 0; i < 8; i++)
    for (let j = 0; j < 3; j++)
      panels += rrect(40 + i * 142, 40 + j * 150, 126, 134, 6, (i + j) % 2 === 0 ? p.panel : mix(p.panel, "#000000", 0.15));
  let faders = "";
  for (let i = 0; i < 18; i++) faders += rect(356 + i * 27, 556, 4, 40, "#111") + rrect(350 + i * 27, 560 + ((i * 7) % 30), 16, 10, 2, i % 5 === 0 ? p.accent : "#ddd");
  const wave = Array.from({ length: 40 }, (_, i) => `${i === 0 ? "M" : "L"}${470 + i * 7} ${360 + Math.sin(i * 0.9) * (10 + (i % 7) * 6)}`).join(" ");
  const body =
    rect(0, 0, W, H, p.wall) +
    panels +
    rect(0, 520, W, 280, "url(#floor)") +
    circle(600, 360, 260, "url(#screen)") +
    rrect(440, 290, 320, 160, 10, "#111") +
    rect(452, 302, 296, 136, "#1c2330") +
    stroke(wave, p.accent, 4) +
    rect(590, 450, 20, 60, "#222") +
    polygon([300, 530, 900, 530, 960, 640, 240, 640], p.desk) +
    rect(240, 640, 720, 18, mix(p.desk, "#000000", 0.4)) +
    rrect(340, 540, 520, 70, 6, "#2a2a2a") +
    faders +
    rect(300, 658, 18, 120, "#222") +
    rect(882, 658, 18, 120, "#222") +
    speaker(170, 330, 120, 190, "#1d1d1d") +
    speaker(910, 330, 120, 190, "#1d1d1d") +
    line(1080, 780, 1080, 380, "#333", 7) +
    line(1080, 780, 1040, 790, "#333", 6) +
    line(1080, 780, 1120, 790, "#333", 6) +
    rrect(1060, 300, 40, 90, 20, "#8a8f95") +
    circle(1040, 390, 34, "none", { stroke: "#222", "stroke-width": 6 }) +
    group(
      ellipse(120, 660, 70, 80, "#b5651d") + ellipse(120, 560, 52, 58, "#b5651d") + circle(120, 610, 18, "#2b1a0e") + rect(112, 340, 16, 220, "#3b2616") + rrect(104, 320, 32, 40, 6, "#2b1a0e"),
      { transform: "rotate(-8 120 600)" },
    );
  return { defs, body };
}

type ArtPalette = { wall: string; floor: string; table: string; splashes: string[] };

function artStudio(p: ArtPalette, ceramics: boolean): Scene {
  const defs = linear("floor", [p.floor, mix(p.floor, "#000000", 0.2)]) + glow("skylight", "#ffffff", 0.5);
  let art = "";
  if (ceramics) {
    let shelf = "";
    for (let j = 0; j < 3; j++) {
      shelf += rect(640, 150 + j * 130, 480, 14, "#8a6a4a");
      for (let i = 0; i < 6; i++) {
        const x = 670 + i * 76;
        const y = 150 + j * 130;
        const color = p.splashes[(i + j) % p.splashes.length] ?? "#c97b5a";
        const h = 50 + ((i * 13 + j * 7) % 40);
        shelf += path(`M${x} ${y} Q${x - 22} ${y - h * 0.5} ${x - 8} ${y - h} L${x + 8} ${y - h} Q${x + 22} ${y - h * 0.5} ${x} ${y} Z`, color);
      }
    }
    art =
      shelf +
      shadow(360, 700, 170, 20, 0.2) +
      rect(250, 560, 220, 140, "#6b6f74") +
      ellipse(360, 560, 150, 34, "#8b9096") +
      ellipse(360, 548, 120, 26, "#a7abb0") +
      path("M320 548 Q300 470 330 440 L390 440 Q420 470 400 548 Z", "#b9795a") +
      ellipse(360, 440, 30, 8, "#8f5a40");
  } else {
    const canvas = p.splashes.map((color, i) => circle(420 + ((i * 97) % 200), 250 + ((i * 61) % 180), 40 + ((i * 23) % 50), color, { opacity: 0.85 })).join("");
    art =
      line(330, 720, 450, 160, "#7a5a3a", 12) +
      line(570, 720, 450, 160, "#7a5a3a", 12) +
      line(450, 160, 470, 730, "#6a4a2a", 10) +
      rect(320, 190, 260, 320, "#fbf8f2") +
      group(canvas, { "clip-path": "url(#canvasClip)" }) +
      rect(310, 510, 280, 16, "#7a5a3a") +
      shadow(900, 700, 240, 20, 0.2) +
      rect(700, 560, 420, 24, p.table) +
      rect(720, 584, 16, 120, mix(p.table, "#000000", 0.3)) +
      rect(1084, 584, 16, 120, mix(p.table, "#000000", 0.3)) +
      p.splashes.map((color, i) => rrect(740 + i * 70, 500, 48, 60, 6, "#f1f1f1") + rect(740 + i * 70, 500, 48, 18, color)).join("") +
      rrect(1060, 470, 40, 90, 6, "#c9a27a") +
      line(1070, 470, 1060, 400, "#6a4a2a", 5) +
      line(1082, 470, 1090, 395, "#6a4a2a", 5) +
      line(1092, 470, 1110, 410, "#6a4a2a", 5);
  }
  const body =
    rect(0, 0, W, H, p.wall) +
    polygon([120, 0, 380, 0, 560, 560, 0, 560], "#ffffff", { opacity: 0.18 }) +
    circle(250, 120, 300, "url(#skylight)") +
    rect(0, 560, W, 240, "url(#floor)") +
    p.splashes.map((color, i) => ellipse(200 + i * 210, 640 + (i % 2) * 60, 40, 10, color, { opacity: 0.35 })).join("") +
    art +
    plant(110, 700, 200, "#d9cfc3", "#4d8a5a");
  return { defs: defs + `<clipPath id="canvasClip"><rect x="320" y="190" width="260" height="320"/></clipPath>`, body };
}

type KitchenPalette = { tile: string; cabinet: string; counter: string; steel: string };

function kitchen(p: KitchenPalette): Scene {
  const defs =
    `<pattern id="tiles" width="60" height="30" patternUnits="userSpaceOnUse"><rect width="60" height="30" fill="${p.tile}"/><path d="M0 0.5H60M0 15.5H60M30 0V15M0 15V30M60 15V30" stroke="${mix(p.tile, "#000000", 0.12)}" stroke-width="2"/></pattern>` +
    linear("floor", ["#bdb3a6", "#91877a"]) +
    linear("hood", [p.steel, mix(p.steel, "#000000", 0.25)]) +
    glow("lamp", "#ffe7a8", 0.55);
  let pans = line(120, 150, 520, 150, "#4a4a4a", 6);
  [170, 260, 360, 460].forEach((x, i) => {
    const r = 34 + (i % 2) * 10;
    pans += line(x, 150, x, 185, "#4a4a4a", 3) + rect(x - 4, 185, 8, 40, "#3a3a3a") + circle(x, 225 + r, r, i % 2 ? "#b87333" : "#3a3a3a");
  });
  const body =
    rect(0, 0, W, H, "url(#tiles)") +
    pans +
    polygon([720, 60, 980, 60, 1040, 230, 660, 230], "url(#hood)") +
    rect(660, 230, 380, 14, mix(p.steel, "#000000", 0.35)) +
    rect(0, 400, W, 30, p.counter) +
    rect(0, 430, W, 170, p.cabinet) +
    [80, 330, 580, 830, 1080].map((x) => rrect(x, 450, 200, 130, 6, mix(p.cabinet, "#ffffff", 0.1)) + rrect(x + 80, 460, 40, 6, 3, p.steel)).join("") +
    rect(690, 385, 320, 16, "#2b2b2b") +
    ellipse(770, 385, 50, 8, "#444") +
    ellipse(930, 385, 50, 8, "#444") +
    rect(0, 600, W, 200, "url(#floor)") +
    shadow(600, 790, 420, 20, 0.25) +
    rect(220, 610, 760, 26, p.counter) +
    rect(240, 636, 720, 150, mix(p.cabinet, "#000000", 0.1)) +
    rrect(470, 588, 200, 24, 6, "#b88a5a") +
    circle(500, 582, 16, "#d9472b") +
    circle(535, 584, 14, "#e9a23b") +
    ellipse(590, 588, 30, 10, "#5aa34a") +
    circle(640, 583, 13, "#7b3f8c") +
    pendantLamp(420, 0, 300, "#2b2b2b", "lamp") +
    pendantLamp(780, 0, 300, "#2b2b2b", "lamp") +
    [340, 600, 860].map((x) => rrect(x - 40, 720, 80, 16, 8, "#3b3b3b") + line(x - 30, 736, x - 36, 800, "#3b3b3b", 6) + line(x + 30, 736, x + 36, 800, "#3b3b3b", 6)).join("");
  return { defs, body };
}

type DjPalette = { top: string; bottom: string; beams: string[]; deck: string };

function djBooth(p: DjPalette, outdoor: boolean): Scene {
  const defs = linear("bg", [p.top, p.bottom]) + glow("spot", p.beams[0] ?? "#ff00aa", 0.5);
  let beams = "";
  p.beams.forEach((color, i) => {
    const x = 150 + i * 300;
    beams += polygon([x, 0, x - 200 + i * 40, 620, x + 120 + i * 40, 620], color, { opacity: 0.18 });
  });
  let crowd = "";
  if (outdoor) {
    const random = createRandom("crowd");
    for (let i = 0; i < 26; i++) {
      const x = i * 48 + random.int(-10, 10);
      const y = 760 + random.int(-20, 20);
      crowd += circle(x, y - 60, 22, "#141821") + rrect(x - 28, y - 40, 56, 80, 20, "#141821");
      if (random.chance(0.25)) crowd += line(x + 14, y - 40, x + 30, y - 120, "#141821", 10);
    }
  }
  const deck = (cx: number) =>
    rrect(cx - 110, 520, 220, 40, 6, "#2b2b2b") + ellipse(cx, 520, 90, 20, "#1a1a1a") + ellipse(cx, 518, 30, 7, p.deck);
  const body =
    rect(0, 0, W, H, "url(#bg)") +
    (outdoor ? sun(900, 170, 50, "#ffd9a0") + hills(W, 560, 70, 4, mix(p.bottom, "#000000", 0.4)) : "") +
    beams +
    circle(600, 300, 320, "url(#spot)") +
    speaker(60, 250, 200, 340, "#181818") +
    speaker(940, 250, 200, 340, "#181818") +
    rect(260, 560, 680, 240, "#1c1c1c") +
    rect(260, 560, 680, 12, p.deck) +
    deck(420) +
    deck(780) +
    rrect(530, 508, 140, 50, 6, "#333") +
    [550, 580, 610, 640].map((x) => circle(x, 522, 6, p.deck)).join("") +
    crowd;
  return { defs, body };
}

// ---------------------------------------------------------------- outdoors

type CarPalette = {
  sky: [string, string];
  far: string;
  near: string;
  ground: string;
  body: string;
  kind: "sedan" | "suv" | "convertible";
  setting: "coast" | "forest" | "desert";
};

function carScene(p: CarPalette): Scene {
  const s = sky("sky", p.sky[0], p.sky[1]);
  let scenery = sun(960, 170, 56, "#fff1c9", "sunglow");
  if (p.setting === "coast") {
    scenery += rect(0, 430, W, 130, "#3d8fb5") + waves(440, "#ffffff", 14, 0.3) + hills(W, 470, 120, 3, p.far, 0.4);
  } else if (p.setting === "forest") {
    scenery += mountains(W, 480, [120, 260, 170, 320, 210, 150], p.far, "#f4f6f8");
    for (let i = 0; i < 16; i++) scenery += pine(i * 80 + 20, 560, 150 + ((i * 37) % 70), p.near);
  } else {
    scenery += hills(W, 520, 160, 3, p.far, 1.2) + palm(150, 560, 320, "#2f3b2a", 1) + palm(1080, 560, 280, "#2f3b2a", -1);
  }
  const body =
    s.body +
    scenery +
    rect(0, 540, W, 260, p.ground) +
    rect(0, 600, W, 130, "#40444a") +
    [0, 1, 2, 3, 4, 5, 6].map((i) => rect(i * 190 + 20, 662, 100, 8, "#f3e7b0")).join("") +
    car(290, 720, p.body, p.kind);
  return { defs: s.defs + glow("sunglow", "#fff6d8", 0.7), body };
}

function vanScene(): Scene {
  const s = sky("sky", "#f6c28b", "#fbe6c8");
  let trees = "";
  for (let i = 0; i < 18; i++) trees += pine(i * 72, 560, 180 + ((i * 53) % 90), i % 2 ? "#2f5140" : "#284636");
  const body =
    s.body +
    sun(300, 250, 70, "#fff3d6", "sunglow") +
    mountains(W, 470, [140, 300, 220, 340, 180, 260, 120], "#8c7a8c", "#f8f0f0") +
    trees +
    rect(0, 540, W, 260, "#6d8a4a") +
    path("M0 800 L420 600 L780 600 L1200 800 Z", "#a58a62") +
    polygon([900, 620, 1010, 500, 1120, 620], "#e4773c") +
    polygon([1010, 500, 1010, 620, 1050, 620], "#c4602d") +
    van(280, 730, "#f4efe4", "#3f8f8a");
  return { defs: s.defs + glow("sunglow", "#fff6d8", 0.7), body };
}

function boatScene(kind: "sail" | "motor"): Scene {
  const sunset = kind === "sail";
  const s = sky("sky", sunset ? "#fca36b" : "#7cc4ec", sunset ? "#fde0b5" : "#d7f0fb");
  const defs = s.defs + linear("sea", sunset ? ["#e48a6a", "#4a5d8a"] : ["#2ab0c5", "#0c6f8e"]) + glow("sunglow", "#fff3d0", 0.8);
  const body =
    s.body +
    sun(sunset ? 600 : 980, sunset ? 430 : 150, sunset ? 90 : 60, sunset ? "#fff0c2" : "#fffbe9", "sunglow") +
    hills(W, 470, 70, 4, sunset ? "#7b5a7a" : "#4c8f6a", 2) +
    rect(0, 460, W, 340, "url(#sea)") +
    (sunset ? rect(560, 470, 80, 200, "#fff0c2", { opacity: 0.25 }) : "") +
    waves(470, "#ffffff", 40, 0.3) +
    (kind === "sail" ? sailboat(380, 640, "#f8f5ef", "#ffffff", "#f1ece2") : motorYacht(280, 630, "#ffffff", "#1f4e79")) +
    waves(640, "#ffffff", 14, 0.45);
  return { defs, body };
}

function atvScene(variant: 1 | 2): Scene {
  const desert = variant === 1;
  const s = sky("sky", desert ? "#8fc9ee" : "#a9c7b5", desert ? "#f7e2b8" : "#e6efe0");
  let scenery = "";
  if (desert) scenery += hills(W, 470, 150, 3, "#d9925a", 0.2) + hills(W, 540, 100, 4, "#c97f48", 1.4);
  else {
    scenery += mountains(W, 460, [100, 220, 160, 260, 140], "#7e9a8a");
    for (let i = 0; i < 15; i++) scenery += pine(i * 85 + 10, 560, 220 + ((i * 41) % 80), "#2e4a37");
  }
  let dust = "";
  for (let i = 0; i < 6; i++) dust += circle(160 - i * 30, 640 - i * 20, 40 + i * 8, desert ? "#e8c89c" : "#b7a58a", { opacity: 0.5 - i * 0.06 });
  const body =
    s.body +
    sun(980, 150, 50, "#fff8e0", "sunglow") +
    scenery +
    rect(0, 560, W, 240, desert ? "#d7a56f" : "#7b6a52") +
    path("M0 700 Q300 640 600 690 T1200 660 V800 H0 Z", desert ? "#c88f58" : "#6a5a44") +
    dust +
    atv(380, 740, desert ? "#e2462f" : "#3f7f3a");
  return { defs: s.defs + glow("sunglow", "#fff6d8", 0.7), body };
}

function kayakScene(variant: 1 | 2): Scene {
  if (variant === 1) {
    const s = sky("sky", "#9fd3f0", "#e8f6fb");
    let trees = "";
    for (let i = 0; i < 12; i++) trees += pine(i * 60 + 20, 450, 120 + ((i * 29) % 60), "#2c5140");
    for (let i = 0; i < 6; i++) trees += pine(860 + i * 70, 450, 130 + ((i * 31) % 50), "#2c5140");
    const body =
      s.body +
      mountains(W, 420, [100, 280, 190, 330, 240, 160], "#7d95a8", "#ffffff") +
      trees +
      rect(0, 440, W, 360, "url(#lake)") +
      waves(450, "#ffffff", 26, 0.35) +
      rect(700, 520, 500, 36, "#8a6a4a") +
      [720, 820, 920, 1020, 1120].map((x) => rect(x, 556, 16, 120, "#5a4330")).join("") +
      kayak(420, 620, 420, "#e8553b", -3) +
      kayak(560, 720, 460, "#f2b51d", 2) +
      paddle(260, 560, 560, 700, "#2b2b2b") +
      kayak(940, 508, 300, "#2f8fc9", 0);
    return { defs: s.defs + linear("lake", ["#4ea4c4", "#1d6a8a"]), body };
  }
  const s = sky("sky", "#5fc3ea", "#d7f3fb");
  const body =
    s.body +
    sun(200, 140, 55, "#fffbe5", "sunglow") +
    rect(0, 380, W, 160, "url(#sea)") +
    waves(390, "#ffffff", 30, 0.4) +
    path("M0 520 Q300 500 600 530 T1200 515 V800 H0 Z", "#ffffff", { opacity: 0.7 }) +
    path("M0 540 Q300 520 600 550 T1200 535 V800 H0 Z", "#f0d9a8") +
    surfboard(420, 760, 360, "#f26b4f", "#ffffff", -8) +
    surfboard(540, 760, 400, "#2fa3c9", "#ffffff", 4) +
    surfboard(660, 760, 330, "#f5c542", "#e2553a", 10) +
    surfboard(900, 770, 460, "#ffffff", "#2fa3c9", -4) +
    line(1020, 780, 1040, 380, "#3a3a3a", 8) +
    ellipse(1040, 380, 18, 40, "#2b2b2b") +
    palm(120, 620, 300, "#2d5a3a", 1) +
    shadow(600, 770, 300, 18, 0.15);
  return { defs: s.defs + linear("sea", ["#1fa2c4", "#0b7aa0"]) + glow("sunglow", "#fffbe5", 0.7), body };
}

function tourScene(variant: 1 | 2): Scene {
  if (variant === 1) {
    const s = sky("sky", "#f7b58a", "#fde6c8");
    const body =
      s.body +
      sun(860, 420, 80, "#fff0cf", "sunglow") +
      mountains(W, 520, [120, 300, 210, 360, 250, 170, 90], "#a8748a") +
      hills(W, 600, 100, 4, "#7a5a78", 0.7) +
      hills(W, 700, 80, 3, "#5a4060", 2) +
      balloon(300, 220, 70, "#e84a3c", "#f5c542") +
      balloon(620, 150, 50, "#2f8fc9", "#ffffff") +
      balloon(1000, 260, 60, "#5aa34a", "#f0e0b0") +
      balloon(480, 360, 34, "#f08a3c", "#7b3f8c");
    return { defs: s.defs + glow("sunglow", "#fff3d6", 0.8), body };
  }
  const s = sky("sky", "#f3c77f", "#fbeed0");
  let rows = "";
  for (let i = 0; i < 14; i++) {
    const y = 520 + i * 22;
    rows += stroke(`M-20 ${y + i * 4} Q600 ${y - 40 + i * 10} 1220 ${y + i * 2}`, i % 2 ? "#5b7a34" : "#6d8e3e", 12 + i);
  }
  const body =
    s.body +
    sun(250, 250, 70, "#fff4d6", "sunglow") +
    hills(W, 470, 120, 3, "#b59a5e", 0.3) +
    hills(W, 520, 90, 4, "#9a8a4a", 1.1) +
    rect(0, 520, W, 280, "#8aa04a") +
    rows +
    rect(820, 380, 200, 120, "#efe2c8") +
    polygon([800, 390, 920, 320, 1040, 390], "#b5523b") +
    rect(900, 430, 40, 70, "#6a4a2a") +
    rect(840, 410, 40, 30, "#9fc5d8") +
    rect(960, 410, 40, 30, "#9fc5d8") +
    pine(1080, 500, 160, "#3f5a2e") +
    pine(1120, 500, 190, "#3f5a2e");
  return { defs: s.defs + glow("sunglow", "#fff3d6", 0.8), body };
}

// ---------------------------------------------------------------- equipment

function drill(x: number, y: number, color: string): string {
  return (
    rrect(x, y, 170, 64, 30, color) +
    rect(x + 166, y + 20, 40, 24, "#2b2b2b") +
    line(x + 206, y + 32, x + 260, y + 32, "#9aa0a6", 7) +
    polygon([x + 50, y + 60, x + 110, y + 60, x + 96, y + 170, x + 44, y + 170], color) +
    rect(x + 104, y + 70, 12, 30, "#2b2b2b") +
    rrect(x + 20, y + 166, 110, 46, 8, "#2b2b2b")
  );
}

function toolsScene(variant: 1 | 2): Scene {
  const board = variant === 1 ? "#d9b98a" : "#9fb3c2";
  const defs =
    `<pattern id="peg" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${board}"/><circle cx="20" cy="20" r="4" fill="${mix(board, "#000000", 0.35)}"/></pattern>` +
    linear("bench", ["#a47a52", "#7b5a3a"]);
  const accent = variant === 1 ? "#f2b01e" : "#2f8fc9";
  let items = "";
  if (variant === 1) {
    items +=
      drill(120, 120, accent) +
      circle(660, 230, 110, "#c9cdd1") +
      circle(660, 230, 110, "none", { stroke: "#8a9096", "stroke-width": 10, "stroke-dasharray": "6 8" }) +
      circle(660, 230, 20, "#555") +
      path("M560 160 Q660 60 790 170 L790 300 L600 300 Z", accent, { opacity: 0.95 }) +
      rrect(720, 120, 120, 50, 20, "#2b2b2b") +
      group(rect(920, 100, 22, 260, "#b04a2f") + rect(880, 90, 100, 44, "#5a5f66"), { transform: "rotate(15 930 230)" }) +
      group(path("M1040 120 l30 0 l0 200 l-30 0 z", "#8a9096") + circle(1055, 110, 32, "#8a9096") + circle(1055, 104, 16, board), { transform: "rotate(-12 1055 220)" });
  } else {
    items +=
      rrect(120, 110, 320, 200, 16, "#e8e8e8") +
      circle(200, 210, 56, "#2b2b2b") +
      circle(200, 210, 24, "#777") +
      rect(300, 150, 110, 40, accent) +
      stroke("M440 220 Q560 260 520 340 T640 320", "#2b2b2b", 10) +
      rrect(700, 110, 150, 220, 14, accent) +
      rect(720, 130, 110, 60, "#1f2a33") +
      circle(775, 250, 30, "#e8e8e8") +
      line(940, 80, 900, 420, "#b0b5ba", 10) +
      line(1040, 80, 1080, 420, "#b0b5ba", 10) +
      [0, 1, 2, 3, 4, 5].map((i) => line(935 - i * 6, 110 + i * 55, 1045 + i * 6, 110 + i * 55, "#b0b5ba", 8)).join("");
  }
  const chest = (x: number, color: string) =>
    rrect(x, 440, 300, 200, 10, color) +
    [0, 1, 2, 3].map((i) => rect(x + 14, 456 + i * 44, 272, 34, mix(color, "#000000", 0.12)) + rrect(x + 110, 468 + i * 44, 80, 8, 4, "#d0d0d0")).join("");
  const body =
    rect(0, 0, W, 480, "url(#peg)") +
    items +
    rect(0, 480, W, 320, "#5d5a57") +
    rect(0, 470, W, 40, "url(#bench)") +
    shadow(330, 650, 190, 14, 0.3) +
    chest(180, variant === 1 ? "#c8372d" : "#2b2b2b") +
    rrect(620, 420, 220, 50, 10, variant === 1 ? "#2b2b2b" : accent) +
    circle(900, 440, 40, "#f2b01e") +
    circle(900, 440, 16, "#2b2b2b") +
    path("M1000 470 Q1000 380 1080 380 Q1160 380 1160 470 Z", variant === 1 ? "#f2b01e" : "#ffffff") +
    rect(990, 462, 180, 12, variant === 1 ? "#d99a10" : "#dcdcdc");
  return { defs, body };
}

function cameraScene(variant: 1 | 2): Scene {
  if (variant === 1) {
    const defs = linear("bg", ["#d9dde3", "#aeb6c0"]) + linear("table", ["#6b4f3a", "#4d3828"]) + glow("hl", "#ffffff", 0.6);
    const body =
      rect(0, 0, W, H, "url(#bg)") +
      circle(600, 280, 380, "url(#hl)") +
      rect(0, 560, W, 240, "url(#table)") +
      shadow(600, 600, 280, 20, 0.35) +
      rrect(380, 300, 440, 290, 30, "#222428") +
      rrect(380, 300, 120, 290, 30, "#1a1b1e") +
      polygon([520, 300, 560, 240, 680, 240, 720, 300], "#222428") +
      rrect(720, 270, 70, 30, 8, "#2f3136") +
      circle(760, 260, 14, "#c9372d") +
      circle(610, 450, 125, "#18191c") +
      circle(610, 450, 105, "#2b2d31", { stroke: "#44474d", "stroke-width": 6 }) +
      circle(610, 450, 70, "#0e1a26") +
      circle(610, 450, 40, "#1f3a55") +
      circle(585, 425, 14, "#ffffff", { opacity: 0.5 }) +
      rrect(420, 330, 50, 30, 6, "#3a3d42") +
      shadow(230, 612, 90, 10, 0.3) +
      rrect(160, 470, 140, 140, 20, "#2b2d31") +
      circle(230, 470, 70, "#18191c") +
      circle(230, 470, 46, "#1f3a55") +
      shadow(970, 612, 80, 10, 0.3) +
      rrect(920, 520, 100, 90, 14, "#2b2d31") +
      circle(970, 520, 50, "#18191c") +
      circle(970, 520, 30, "#1f3a55");
    return { defs, body };
  }
  const defs = linear("bg", ["#e9dfd1", "#d8cab6"]);
  const lens = (cx: number, cy: number, r: number) =>
    shadow(cx + 10, cy + 14, r, r * 0.95, 0.2) + circle(cx, cy, r, "#1f2023") + circle(cx, cy, r * 0.78, "#2f3135", { stroke: "#55585e", "stroke-width": 4 }) + circle(cx, cy, r * 0.45, "#1a3550") + circle(cx - r * 0.15, cy - r * 0.15, r * 0.1, "#ffffff", { opacity: 0.5 });
  const body =
    rect(0, 0, W, H, "url(#bg)") +
    stroke("M80 700 Q300 520 420 560 T760 470 Q900 420 1120 640", "#5a3b2a", 22) +
    shadow(560, 420, 250, 140, 0.18) +
    rrect(330, 280, 440, 250, 34, "#2a2c30") +
    rrect(330, 280, 440, 70, 30, "#3a3d42") +
    circle(420, 315, 24, "#55585e") +
    circle(690, 315, 20, "#c9372d") +
    rrect(520, 260, 120, 60, 10, "#2a2c30") +
    lens(560, 440, 95) +
    lens(940, 250, 110) +
    lens(210, 260, 80) +
    lens(950, 600, 70) +
    rrect(180, 520, 70, 90, 6, "#2f5fa0") +
    rrect(270, 540, 70, 90, 6, "#2f5fa0", { transform: "rotate(12 305 585)" }) +
    rect(195, 530, 40, 18, "#dfe6ee");
  return { defs, body };
}

function gardenScene(variant: 1 | 2): Scene {
  const s = sky("sky", "#8fd0f2", "#e6f6fb");
  let stripes = "";
  for (let i = 0; i < 8; i++) stripes += polygon([i * 160 - 200, 800, i * 160 - 120, 800, 560 + i * 10, 470, 540 + i * 10, 470], i % 2 ? "#6cb04a" : "#5ea23f");
  let fence = "";
  for (let i = 0; i < 30; i++) fence += path(`M${i * 42} 470 V340 l16 -18 l16 18 V470 Z`, "#f4efe6");
  fence += rect(0, 370, W, 12, "#e4ddd0") + rect(0, 430, W, 12, "#e4ddd0");
  let flowers = "";
  const random = createRandom(`flowers-${variant}`);
  for (let i = 0; i < 40; i++) flowers += circle(random.range(0, W), random.range(440, 480), random.range(7, 13), random.pick(["#e8553b", "#f5c542", "#d94f9a", "#ffffff", "#9b59b6"]));
  let tool = "";
  if (variant === 1) {
    tool =
      shadow(660, 700, 220, 20, 0.3) +
      line(560, 600, 360, 420, "#2b2b2b", 12) +
      line(330, 430, 390, 400, "#2b2b2b", 14) +
      rrect(520, 560, 280, 110, 30, "#d7322b") +
      rrect(560, 520, 160, 60, 20, "#2b2b2b") +
      rect(540, 660, 240, 20, "#2b2b2b") +
      circle(560, 690, 34, "#1f1f1f") +
      circle(560, 690, 14, "#bbb") +
      circle(770, 690, 34, "#1f1f1f") +
      circle(770, 690, 14, "#bbb");
  } else {
    tool =
      shadow(640, 720, 240, 18, 0.3) +
      path("M460 560 L820 560 L770 670 L510 670 Z", "#3f7f8a") +
      ellipse(640, 560, 180, 22, "#6a4a2a") +
      line(820, 600, 960, 680, "#6a4a2a", 12) +
      line(780, 620, 920, 700, "#6a4a2a", 12) +
      circle(520, 700, 40, "#2b2b2b") +
      circle(520, 700, 16, "#aaa") +
      line(270, 760, 330, 420, "#7a5a3a", 10) +
      path("M300 420 l60 -20 l10 30 l-60 20 z", "#8a9096") +
      path("M1000 700 L1010 600 Q1060 570 1100 600 L1110 700 Z", "#5aa34a") +
      stroke("M1100 610 Q1150 560 1170 620", "#5aa34a", 10) +
      plant(180, 740, 160, "#b5523b", "#3f8a3f");
  }
  const body =
    s.body +
    sun(1050, 110, 50, "#fffbe5", "sunglow") +
    roundTree(160, 360, 240, "#3f7f3a") +
    roundTree(1000, 360, 260, "#4a8a42") +
    fence +
    rect(0, 440, W, 50, "#3f7f3a") +
    flowers +
    rect(0, 470, W, 330, "#5ea23f") +
    stripes +
    tool;
  return { defs: s.defs + glow("sunglow", "#fffbe5", 0.7), body };
}

// ---------------------------------------------------------------- catalogue

export const LISTING_SCENES: Record<ListingImage, () => Scene> = {
  "studio-1": () => photoStudio({ wall: ["#ece8e1", "#d8d2c8"], floor: ["#b9b2a7", "#8f887d"], paper: "#f7f5f0", accent: "#2b2b2b" }),
  "studio-2": () => photoStudio({ wall: ["#2f3b45", "#1f272e"], floor: ["#3a3f44", "#25292d"], paper: "#5fb3b3", accent: "#f2c14e" }),
  "studio-3": () => photoStudio({ wall: ["#f3e3d7", "#e2cbb9"], floor: ["#c9b29c", "#a68f78"], paper: "#ee8c6f", accent: "#2f4858" }),
  "loft-1": () => loft({ wall: "#9a5a44", brick: true, floor: "#b07d52", sofa: "#3f5d6b", cushion: "#e3b04b", sky: ["#9fd0ee", "#e4f3fb"], rug: "#d9c7a8" }),
  "loft-2": () => loft({ wall: "#c9c5bd", brick: false, floor: "#8a6a4e", sofa: "#c2703d", cushion: "#2f4858", sky: ["#f6b38b", "#fde3c6"], rug: "#4a5a6a" }),
  "venue-1": () => venue({ kind: "garden", top: "#0f1b33", bottom: "#3a2f55", floor: "#3b4a3a", cloth: "#f6f1e7", chair: "#c9a46a", flowers: "#e86a7a" }),
  "venue-2": () => venue({ kind: "ballroom", top: "#3a1f2b", bottom: "#6b3a46", floor: "#5a3a2a", cloth: "#f3ead9", chair: "#d4b060", flowers: "#c93a5a" }),
  "venue-3": () => venue({ kind: "rooftop", top: "#f6a77a", bottom: "#fbd9b4", floor: "#8c8378", cloth: "#ffffff", chair: "#3a4a5a", flowers: "#f08a3c" }),
  "office-1": () => office({ wall: "#eef0f2", table: "#c49a6c", chair: "#2f3b45", sky: ["#8ec9ee", "#dff1fb"], accent: "#4ec9a0" }),
  "office-2": () => office({ wall: "#e8e1d6", table: "#f4f4f2", chair: "#d9643a", sky: ["#f5b78c", "#fde6cc"], accent: "#f2c14e" }),
  "music-1": () => musicStudio({ wall: "#1e1f26", panel: "#3a2f4a", desk: "#6b4a36", accent: "#6fd3ff", floor: "#3a3430" }),
  "music-2": () => musicStudio({ wall: "#2a2220", panel: "#7a3b2e", desk: "#2f2f33", accent: "#ffb347", floor: "#4a3a30" }),
  "art-1": () => artStudio({ wall: "#f4efe6", floor: "#cbbfae", table: "#9a7452", splashes: ["#e8553b", "#2f8fc9", "#f5c542", "#5aa34a"] }, false),
  "art-2": () => artStudio({ wall: "#e9e4dc", floor: "#b8aa98", table: "#8a6a4a", splashes: ["#c97b5a", "#5a8a9a", "#e8d8b8", "#8a5a7a"] }, true),
  "kitchen-1": () => kitchen({ tile: "#f4f4f0", cabinet: "#2f5a4a", counter: "#d8d2c6", steel: "#b8bec4" }),
  "kitchen-2": () => kitchen({ tile: "#dfe9ee", cabinet: "#f2efe8", counter: "#3a3a3a", steel: "#9aa2aa" }),
  "car-1": () => carScene({ sky: ["#7cc0ea", "#dff2fb"], far: "#6a9a6a", near: "#4a7a4a", ground: "#c9b48a", body: "#d2332d", kind: "sedan", setting: "coast" }),
  "car-2": () => carScene({ sky: ["#a8c8e0", "#eef4f8"], far: "#6f8aa0", near: "#2d4a38", ground: "#5f7a4a", body: "#2f4f3f", kind: "suv", setting: "forest" }),
  "car-3": () => carScene({ sky: ["#f39a6b", "#fcdcb2"], far: "#b9775a", near: "#8a5a4a", ground: "#d9a874", body: "#f4f1ea", kind: "convertible", setting: "desert" }),
  "van-1": () => vanScene(),
  "boat-1": () => boatScene("sail"),
  "boat-2": () => boatScene("motor"),
  "atv-1": () => atvScene(1),
  "atv-2": () => atvScene(2),
  "tools-1": () => toolsScene(1),
  "tools-2": () => toolsScene(2),
  "camera-1": () => cameraScene(1),
  "camera-2": () => cameraScene(2),
  "garden-1": () => gardenScene(1),
  "garden-2": () => gardenScene(2),
  "kayak-1": () => kayakScene(1),
  "kayak-2": () => kayakScene(2),
  "tour-1": () => tourScene(1),
  "tour-2": () => tourScene(2),
  "dj-1": () => djBooth({ top: "#0d0b1e", bottom: "#2a1448", beams: ["#ff3fa4", "#3fd0ff", "#b44bff", "#ffcc33"], deck: "#3fd0ff" }, false),
  "dj-2": () => djBooth({ top: "#f08a5d", bottom: "#5b3a6e", beams: ["#ffe08a", "#ff9a5a", "#ffe08a", "#ff9a5a"], deck: "#ff9a5a" }, true),
};

/** The stock image cards fall back to: a calm, neutral room. */
export function fallbackScene(): Scene {
  const defs = linear("wall", ["#eceae6", "#dcd8d1"]) + linear("floor", ["#c8c1b6", "#a9a195"]) + glow("light", "#ffffff", 0.7);
  const body =
    rect(0, 0, W, H, "url(#wall)") +
    circle(600, 250, 420, "url(#light)") +
    rect(380, 120, 440, 320, "#f7f6f3") +
    rect(392, 132, 416, 296, "#cfe3ee") +
    rect(596, 132, 8, 296, "#f7f6f3") +
    rect(392, 276, 416, 8, "#f7f6f3") +
    rect(0, 560, W, 240, "url(#floor)") +
    polygon([392, 440, 808, 440, 900, 800, 300, 800], "#ffffff", { opacity: 0.12 }) +
    plant(220, 640, 220, "#d6cec2", "#7a9a80") +
    shadow(820, 640, 180, 14, 0.18) +
    rrect(660, 520, 320, 80, 24, "#b9b2a6") +
    rrect(640, 560, 360, 60, 22, "#a9a195");
  return { defs, body };
}
