import { circle, ellipse, group, line, path, polygon, rect, rrect, shadow, stroke } from "./svg";

/** Reusable illustrated objects shared by several scenes. */

export function sun(cx: number, cy: number, r: number, color: string, haloId?: string): string {
  return (haloId ? circle(cx, cy, r * 2.6, `url(#${haloId})`) : "") + circle(cx, cy, r, color);
}

/** A soft ridge line of hills across the whole width. */
export function hills(width: number, baseY: number, amplitude: number, bumps: number, fill: string, phase = 0): string {
  const step = width / bumps;
  let d = `M0 ${baseY}`;
  for (let i = 0; i < bumps; i++) {
    const x0 = i * step;
    const peak = baseY - amplitude * (0.55 + 0.45 * Math.abs(Math.sin(i * 1.7 + phase)));
    d += ` Q${x0 + step / 2} ${peak} ${x0 + step} ${baseY - amplitude * 0.25 * Math.abs(Math.cos(i + phase))}`;
  }
  return path(`${d} V2000 H0 Z`, fill);
}

/** Jagged mountain range. */
export function mountains(width: number, baseY: number, peaks: number[], fill: string, snow?: string): string {
  const step = width / (peaks.length - 1);
  const points: number[] = [0, baseY + 400];
  peaks.forEach((height, i) => points.push(i * step, baseY - height));
  points.push(width, baseY + 400);
  let caps = "";
  if (snow) {
    peaks.forEach((height, i) => {
      if (height < 180 || i === 0 || i === peaks.length - 1) return;
      const x = i * step;
      const y = baseY - height;
      caps += polygon([x, y, x - 34, y + 44, x - 12, y + 36, x, y + 50, x + 14, y + 38, x + 36, y + 46], snow);
    });
  }
  return polygon(points, fill) + caps;
}

export function pine(x: number, baseY: number, height: number, fill: string, trunk = "#4a3426"): string {
  const w = height * 0.42;
  return (
    rect(x - height * 0.03, baseY - height * 0.18, height * 0.06, height * 0.18, trunk) +
    polygon([x, baseY - height, x - w * 0.6, baseY - height * 0.55, x + w * 0.6, baseY - height * 0.55], fill) +
    polygon([x, baseY - height * 0.78, x - w * 0.8, baseY - height * 0.32, x + w * 0.8, baseY - height * 0.32], fill) +
    polygon([x, baseY - height * 0.55, x - w, baseY - height * 0.15, x + w, baseY - height * 0.15], fill)
  );
}

export function roundTree(x: number, baseY: number, size: number, fill: string, trunk = "#5b4032"): string {
  return (
    rect(x - size * 0.06, baseY - size * 0.7, size * 0.12, size * 0.7, trunk) +
    circle(x, baseY - size * 0.95, size * 0.45, fill) +
    circle(x - size * 0.3, baseY - size * 0.75, size * 0.32, fill) +
    circle(x + size * 0.32, baseY - size * 0.78, size * 0.33, fill)
  );
}

export function palm(x: number, baseY: number, height: number, fill: string, lean = 1): string {
  const topX = x + lean * height * 0.18;
  const topY = baseY - height;
  let fronds = "";
  for (const [dx, dy] of [
    [-1, 0.25],
    [-0.8, -0.35],
    [-0.2, -0.6],
    [0.5, -0.5],
    [1, 0.05],
    [0.8, 0.4],
  ] as const) {
    const ex = topX + dx * height * 0.38;
    const ey = topY + dy * height * 0.3 + height * 0.1;
    const cx = topX + dx * height * 0.22;
    const cy = topY - height * 0.14 + dy * height * 0.1;
    fronds += stroke(`M${topX} ${topY} Q${cx} ${cy} ${ex} ${ey}`, fill, height * 0.045);
  }
  return stroke(`M${x} ${baseY} Q${x + lean * height * 0.02} ${baseY - height * 0.6} ${topX} ${topY}`, fill, height * 0.035) + fronds;
}

export function plant(x: number, baseY: number, size: number, pot: string, leaf: string): string {
  let leaves = "";
  const angles = [-60, -35, -12, 12, 35, 60, -80, 80];
  angles.forEach((angle, i) => {
    const length = size * (i >= 6 ? 0.55 : 0.75 + (i % 2) * 0.15);
    leaves += ellipse(x, baseY - size * 0.35 - length / 2, size * 0.1, length / 2, leaf, {
      transform: `rotate(${angle} ${x} ${baseY - size * 0.35})`,
      opacity: i >= 6 ? 0.85 : 1,
    });
  });
  return (
    shadow(x, baseY + 2, size * 0.3, size * 0.05) +
    leaves +
    polygon([x - size * 0.25, baseY - size * 0.38, x + size * 0.25, baseY - size * 0.38, x + size * 0.19, baseY, x - size * 0.19, baseY], pot)
  );
}

export function pendantLamp(x: number, ceilingY: number, dropY: number, shade: string, glowId?: string): string {
  return (
    line(x, ceilingY, x, dropY, "#2a2a2a", 3) +
    (glowId ? circle(x, dropY + 34, 90, `url(#${glowId})`) : "") +
    path(`M${x - 40} ${dropY + 34} Q${x - 36} ${dropY} ${x} ${dropY} Q${x + 36} ${dropY} ${x + 40} ${dropY + 34} Z`, shade) +
    ellipse(x, dropY + 34, 18, 6, "#fff4c8")
  );
}

/** A chair seen from the front at a table, for meeting rooms and venues. */
export function chair(x: number, baseY: number, scale: number, fill: string): string {
  const s = scale;
  return group(
    rrect(x - 32 * s, baseY - 120 * s, 64 * s, 70 * s, 12 * s, fill) +
      rrect(x - 36 * s, baseY - 58 * s, 72 * s, 18 * s, 8 * s, fill) +
      line(x - 28 * s, baseY - 42 * s, x - 30 * s, baseY, "#2b2b2b", 5 * s) +
      line(x + 28 * s, baseY - 42 * s, x + 30 * s, baseY, "#2b2b2b", 5 * s),
  );
}

/** Round banquet table with cloth, chairs behind and a flower centrepiece. */
export function banquetTable(cx: number, cy: number, scale: number, cloth: string, chairFill: string, flowers: string): string {
  const s = scale;
  const chairs = chair(cx - 70 * s, cy + 10 * s, s, chairFill) + chair(cx + 70 * s, cy + 10 * s, s, chairFill);
  const skirt = path(
    `M${cx - 120 * s} ${cy} L${cx - 128 * s} ${cy + 95 * s} Q${cx} ${cy + 120 * s} ${cx + 128 * s} ${cy + 95 * s} L${cx + 120 * s} ${cy} Z`,
    cloth,
  );
  const centre =
    rect(cx - 8 * s, cy - 40 * s, 16 * s, 34 * s, "#e9e2d0", { opacity: 0.9 }) +
    circle(cx - 14 * s, cy - 48 * s, 14 * s, flowers) +
    circle(cx + 12 * s, cy - 52 * s, 15 * s, flowers) +
    circle(cx, cy - 64 * s, 13 * s, flowers, { opacity: 0.85 });
  return (
    shadow(cx, cy + 112 * s, 150 * s, 16 * s, 0.22) +
    chairs +
    skirt +
    ellipse(cx, cy, 122 * s, 28 * s, cloth) +
    ellipse(cx, cy - 3 * s, 110 * s, 22 * s, "#ffffff", { opacity: 0.25 }) +
    centre
  );
}

/** Car seen from the side, facing right. */
export function car(
  x: number,
  groundY: number,
  body: string,
  kind: "sedan" | "suv" | "convertible",
  glass = "#bfe3f2",
): string {
  const top = kind === "suv" ? -232 : kind === "sedan" ? -212 : -120;
  const lower = `M${x} ${groundY - 30} L${x} ${groundY - 80} Q${x + 2} ${groundY - 108} ${x + 40} ${groundY - 114} L${x + 150} ${groundY - 130} L${x + 590} ${groundY - 124} Q${x + 622} ${groundY - 116} ${x + 625} ${groundY - 80} L${x + 625} ${groundY - 30} Z`;
  let cabin = "";
  if (kind === "convertible") {
    cabin =
      polygon([x + 330, groundY - 128, x + 372, groundY - 186, x + 382, groundY - 184, x + 350, groundY - 128], "#26323a") +
      rrect(x + 190, groundY - 150, 120, 30, 10, "#5a3b2a");
  } else {
    const roofStart = kind === "suv" ? x + 150 : x + 175;
    const roofEnd = kind === "suv" ? x + 470 : x + 430;
    cabin =
      path(
        `M${x + 120} ${groundY - 128} L${roofStart} ${groundY + top} L${roofEnd} ${groundY + top} Q${roofEnd + 40} ${groundY + top + 6} ${roofEnd + 90} ${groundY - 128} Z`,
        body,
      ) +
      path(`M${x + 150} ${groundY - 134} L${roofStart + 14} ${groundY + top + 12} L${x + 300} ${groundY + top + 12} L${x + 300} ${groundY - 134} Z`, glass) +
      path(
        `M${x + 314} ${groundY - 134} L${x + 314} ${groundY + top + 12} L${roofEnd - 6} ${groundY + top + 12} Q${roofEnd + 28} ${groundY + top + 18} ${roofEnd + 66} ${groundY - 134} Z`,
        glass,
      );
  }
  const wheel = (cx: number) =>
    circle(cx, groundY - 40, 62, "#1c1f22") +
    circle(cx, groundY - 40, 48, "#22262a") +
    circle(cx, groundY - 40, 28, "#c9cdd1") +
    circle(cx, groundY - 40, 8, "#6b7176");
  return (
    shadow(x + 312, groundY + 14, 340, 22, 0.3) +
    cabin +
    path(lower, body) +
    rect(x + 8, groundY - 70, 610, 10, "#000", { opacity: 0.12 }) +
    line(x + 310, groundY - 126, x + 310, groundY - 40, "#000", 2, { opacity: 0.25 }) +
    rrect(x + 250, groundY - 100, 34, 7, 3, "#000", { opacity: 0.3 }) +
    rrect(x + 360, groundY - 100, 34, 7, 3, "#000", { opacity: 0.3 }) +
    circle(x + 130, groundY - 40, 72, "#000", { opacity: 0.35 }) +
    circle(x + 500, groundY - 40, 72, "#000", { opacity: 0.35 }) +
    wheel(x + 130) +
    wheel(x + 500) +
    rrect(x + 600, groundY - 104, 24, 16, 6, "#fff2b0") +
    rrect(x - 2, groundY - 104, 14, 18, 4, "#d8373b")
  );
}

/** Camper van, facing right. */
export function van(x: number, groundY: number, upper: string, lowerColor: string): string {
  const wheel = (cx: number) =>
    circle(cx, groundY - 40, 58, "#1c1f22") + circle(cx, groundY - 40, 30, "#e8e4dc") + circle(cx, groundY - 40, 10, "#777");
  return (
    shadow(x + 300, groundY + 12, 330, 20, 0.3) +
    rrect(x + 40, groundY - 360, 460, 24, 6, "#3b3b3b") +
    line(x + 80, groundY - 336, x + 80, groundY - 320, "#3b3b3b", 6) +
    line(x + 460, groundY - 336, x + 460, groundY - 320, "#3b3b3b", 6) +
    path(
      `M${x} ${groundY - 40} L${x} ${groundY - 290} Q${x} ${groundY - 322} ${x + 34} ${groundY - 322} L${x + 500} ${groundY - 322} Q${x + 560} ${groundY - 318} ${x + 600} ${groundY - 200} L${x + 610} ${groundY - 40} Z`,
      upper,
    ) +
    path(`M${x} ${groundY - 180} L${x + 604} ${groundY - 180} L${x + 610} ${groundY - 40} L${x} ${groundY - 40} Z`, lowerColor) +
    rrect(x + 40, groundY - 290, 120, 80, 12, "#bfe3f2") +
    rrect(x + 190, groundY - 290, 120, 80, 12, "#bfe3f2") +
    path(`M${x + 470} ${groundY - 300} L${x + 520} ${groundY - 300} Q${x + 560} ${groundY - 290} ${x + 580} ${groundY - 210} L${x + 470} ${groundY - 210} Z`, "#bfe3f2") +
    line(x + 340, groundY - 300, x + 340, groundY - 60, "#000", 2, { opacity: 0.2 }) +
    circle(x + 120, groundY - 40, 68, "#000", { opacity: 0.3 }) +
    circle(x + 480, groundY - 40, 68, "#000", { opacity: 0.3 }) +
    wheel(x + 120) +
    wheel(x + 480) +
    circle(x + 592, groundY - 150, 12, "#fff2b0")
  );
}

/** Quad bike side view, facing right. */
export function atv(x: number, groundY: number, body: string): string {
  const wheel = (cx: number) =>
    circle(cx, groundY - 70, 72, "#1f1f1f") +
    circle(cx, groundY - 70, 72, "none", { stroke: "#3a3a3a", "stroke-width": 14, "stroke-dasharray": "14 10" }) +
    circle(cx, groundY - 70, 36, "#7d8288") +
    circle(cx, groundY - 70, 12, "#2b2b2b");
  const fender = (cx: number) =>
    path(`M${cx - 100} ${groundY - 110} Q${cx} ${groundY - 230} ${cx + 100} ${groundY - 110} L${cx + 82} ${groundY - 104} Q${cx} ${groundY - 190} ${cx - 82} ${groundY - 104} Z`, body);
  return (
    shadow(x + 220, groundY + 4, 300, 20, 0.3) +
    rect(x + 20, groundY - 150, 400, 50, "#2e2e2e") +
    wheel(x) +
    wheel(x + 440) +
    fender(x) +
    fender(x + 440) +
    path(`M${x + 80} ${groundY - 190} L${x + 360} ${groundY - 190} L${x + 380} ${groundY - 120} L${x + 70} ${groundY - 120} Z`, body) +
    rrect(x + 120, groundY - 222, 180, 36, 16, "#1d1d1d") +
    line(x + 340, groundY - 190, x + 390, groundY - 280, "#2b2b2b", 10) +
    line(x + 360, groundY - 284, x + 420, groundY - 276, "#2b2b2b", 12) +
    rrect(x + 470, groundY - 180, 60, 34, 8, body) +
    circle(x + 520, groundY - 164, 10, "#fff2b0") +
    line(x - 70, groundY - 182, x + 70, groundY - 182, "#3a3a3a", 8) +
    line(x - 50, groundY - 182, x - 50, groundY - 150, "#3a3a3a", 6) +
    line(x + 50, groundY - 182, x + 50, groundY - 160, "#3a3a3a", 6) +
    line(x + 380, groundY - 186, x + 500, groundY - 186, "#3a3a3a", 8) +
    line(x + 400, groundY - 186, x + 400, groundY - 160, "#3a3a3a", 6) +
    line(x + 490, groundY - 186, x + 490, groundY - 150, "#3a3a3a", 6)
  );
}

export function sailboat(x: number, waterY: number, hull: string, sail: string, sail2: string): string {
  return (
    line(x + 150, waterY - 20, x + 150, waterY - 380, "#4b3b2f", 8) +
    polygon([x + 156, waterY - 370, x + 156, waterY - 50, x + 330, waterY - 50], sail) +
    polygon([x + 144, waterY - 340, x + 144, waterY - 60, x + 20, waterY - 60], sail2) +
    path(`M${x - 40} ${waterY - 40} L${x + 380} ${waterY - 40} Q${x + 350} ${waterY + 20} ${x + 300} ${waterY + 26} L${x + 40} ${waterY + 26} Q${x - 10} ${waterY + 10} ${x - 40} ${waterY - 40} Z`, hull) +
    rect(x - 30, waterY - 40, 400, 8, "#ffffff", { opacity: 0.5 })
  );
}

export function motorYacht(x: number, waterY: number, hull: string, trim: string): string {
  return (
    path(`M${x} ${waterY - 70} L${x + 620} ${waterY - 70} Q${x + 600} ${waterY + 10} ${x + 520} ${waterY + 24} L${x + 60} ${waterY + 24} Q${x + 10} ${waterY} ${x} ${waterY - 70} Z`, hull) +
    rect(x + 10, waterY - 30, 590, 10, trim) +
    path(`M${x + 90} ${waterY - 70} L${x + 130} ${waterY - 150} L${x + 460} ${waterY - 150} L${x + 540} ${waterY - 70} Z`, "#f7f7f4") +
    path(`M${x + 170} ${waterY - 150} L${x + 200} ${waterY - 210} L${x + 400} ${waterY - 210} L${x + 440} ${waterY - 150} Z`, "#eeeeea") +
    rect(x + 150, waterY - 132, 300, 34, "#20323f") +
    rect(x + 215, waterY - 198, 170, 30, "#20323f") +
    line(x + 300, waterY - 210, x + 300, waterY - 270, "#cfcfcf", 5) +
    line(x + 280, waterY - 250, x + 320, waterY - 250, "#cfcfcf", 4)
  );
}

export function kayak(cx: number, cy: number, length: number, fill: string, angle = 0): string {
  const half = length / 2;
  return group(
    path(`M${cx - half} ${cy} Q${cx} ${cy - 40} ${cx + half} ${cy} Q${cx} ${cy + 34} ${cx - half} ${cy} Z`, fill) +
      ellipse(cx, cy - 4, length * 0.1, 11, "#1d2a30") +
      line(cx - half * 0.9, cy, cx + half * 0.9, cy, "#ffffff", 3, { opacity: 0.35 }),
    { transform: angle ? `rotate(${angle} ${cx} ${cy})` : undefined },
  );
}

export function paddle(x1: number, y1: number, x2: number, y2: number, blade: string): string {
  return (
    line(x1, y1, x2, y2, "#3a3a3a", 7) +
    ellipse(x1, y1, 14, 30, blade, { transform: `rotate(${(Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI + 90} ${x1} ${y1})` }) +
    ellipse(x2, y2, 14, 30, blade, { transform: `rotate(${(Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI + 90} ${x2} ${y2})` })
  );
}

export function surfboard(cx: number, baseY: number, height: number, fill: string, stripe: string, angle = 0): string {
  const w = height * 0.16;
  return group(
    path(`M${cx} ${baseY - height} Q${cx + w} ${baseY - height * 0.6} ${cx + w * 0.8} ${baseY - height * 0.1} Q${cx} ${baseY + 10} ${cx - w * 0.8} ${baseY - height * 0.1} Q${cx - w} ${baseY - height * 0.6} ${cx} ${baseY - height} Z`, fill) +
      line(cx, baseY - height + 20, cx, baseY - 12, stripe, 5),
    { transform: angle ? `rotate(${angle} ${cx} ${baseY})` : undefined },
  );
}

export function balloon(cx: number, cy: number, r: number, a: string, b: string): string {
  return (
    path(`M${cx - r} ${cy} A${r} ${r} 0 1 1 ${cx + r} ${cy} Q${cx + r * 0.8} ${cy + r * 0.8} ${cx + r * 0.25} ${cy + r * 1.25} L${cx - r * 0.25} ${cy + r * 1.25} Q${cx - r * 0.8} ${cy + r * 0.8} ${cx - r} ${cy} Z`, a) +
    path(`M${cx - r * 0.35} ${cy - r} Q${cx - r * 0.45} ${cy + r * 0.5} ${cx - r * 0.12} ${cy + r * 1.25} L${cx + r * 0.12} ${cy + r * 1.25} Q${cx + r * 0.45} ${cy + r * 0.5} ${cx + r * 0.35} ${cy - r} Q${cx} ${cy - r * 1.05} ${cx - r * 0.35} ${cy - r} Z`, b) +
    line(cx - r * 0.22, cy + r * 1.25, cx - r * 0.18, cy + r * 1.55, "#5b4a3a", 2) +
    line(cx + r * 0.22, cy + r * 1.25, cx + r * 0.18, cy + r * 1.55, "#5b4a3a", 2) +
    rrect(cx - r * 0.2, cy + r * 1.55, r * 0.4, r * 0.3, 3, "#7b5a3c")
  );
}

export function speaker(x: number, y: number, w: number, h: number, fill: string): string {
  return (
    rrect(x, y, w, h, 8, fill) +
    circle(x + w / 2, y + h * 0.3, w * 0.18, "#111", { stroke: "#555", "stroke-width": 3 }) +
    circle(x + w / 2, y + h * 0.68, w * 0.34, "#111", { stroke: "#555", "stroke-width": 4 }) +
    circle(x + w / 2, y + h * 0.68, w * 0.1, "#444")
  );
}
