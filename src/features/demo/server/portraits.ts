/**
 * Drawn portraits and supplier logos for the demo data: SVG made from a seed, rasterised by
 * sharp, so the demo has varied faces without downloading anything.
 */
import sharp from "sharp";

export type Random = () => number;

/** A small deterministic generator (mulberry32): the same seed draws the same demo. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Who a portrait is of: it changes the palette and the dress, never who she looks like. */
export interface Sitter {
  nationality?: string;
  religion?: string;
  /** Years: grey hair past 40 for some. */
  age?: number;
}

/** Skin tones, lighter to deeper; each nationality draws from a plausible part of the range. */
const SKIN = ["#f3d2b3", "#eec39a", "#e0ac69", "#d59a62", "#c68642", "#b1733c", "#a0662f", "#8d5524", "#6f4320"];
const SKIN_RANGE: Record<string, [number, number]> = { philippines: [1, 6], indonesia: [2, 7], myanmar: [1, 6], india: [3, 8] };
const HAIR = ["#151515", "#1f1712", "#2a1a12", "#3b2417", "#4a2e1f", "#5a3a24"];
const GREY = "#8c8782";
const CLOTHES = [
  "#2f6f8f",
  "#8f2f4f",
  "#3f7f4f",
  "#6f4f9f",
  "#c0603a",
  "#2f4f6f",
  "#9f7f2f",
  "#5a6b7a",
  "#d08a9a",
  "#4a8f8a",
  "#e0b040",
  "#7a3b2e",
];
const SCARVES = ["#2d5d7b", "#7b2d4f", "#3c6e4a", "#c9a227", "#5b4a8a", "#b5654a", "#e8dccb", "#1f3b57", "#9b6b9e"];
const BACKDROP = [
  ["#e8f1f8", "#c9dcea"],
  ["#f6ece4", "#e6d3c3"],
  ["#eef4ea", "#d3e3cb"],
  ["#f3eef7", "#ddd0ea"],
  ["#f7f3e6", "#e9dfbf"],
  ["#e9eef0", "#cfd8dc"],
  ["#fbeee8", "#f0cdbf"],
  ["#e6f3f1", "#bfe0da"],
];
const LIPS = ["#a0464a", "#b35a5a", "#8a3b3b", "#c0605f", "#94504a"];

const shade = (hex: string, factor: number) =>
  `#${[1, 3, 5]
    .map((i) =>
      Math.max(0, Math.min(255, Math.round(parseInt(hex.slice(i, i + 2), 16) * factor)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** Hair behind the head, by style. */
function hairBack(style: number, color: string, w: number): string {
  const l = 300 - w - 28;
  const r = 300 + w + 28;
  switch (style) {
    case 0: // long, over the shoulders
      return `<path d="M${l} 300 Q${l - 10} 130 300 125 Q${r + 10} 130 ${r} 300 L${r + 22} 560 Q300 600 ${l - 22} 560 Z" fill="${color}"/>`;
    case 1: // bun on top
      return `<circle cx="300" cy="120" r="56" fill="${color}"/><path d="M${l + 10} 290 Q${l + 5} 150 300 145 Q${r - 5} 150 ${r - 10} 290 Z" fill="${color}"/>`;
    case 2: // shoulder-length bob
      return `<path d="M${l} 300 Q${l - 10} 140 300 135 Q${r + 10} 140 ${r} 300 L${r + 4} 430 Q300 450 ${l - 4} 430 Z" fill="${color}"/>`;
    case 3: // ponytail to one side
      return `<path d="M${l + 10} 285 Q${l + 5} 150 300 145 Q${r - 5} 150 ${r - 10} 285 Z" fill="${color}"/><path d="M${r - 30} 200 Q${r + 70} 260 ${r + 30} 470 Q${r + 5} 400 ${r - 20} 260 Z" fill="${color}"/>`;
    case 4: // tied back, a clip showing
      return `<path d="M${l + 6} 300 Q${l} 140 300 138 Q${r} 140 ${r - 6} 300 L${r - 4} 360 Q300 372 ${l + 4} 360 Z" fill="${color}"/><ellipse cx="300" cy="150" rx="42" ry="20" fill="${color}"/>`;
    default: // a long braid over the shoulder
      return `<path d="M${l + 10} 290 Q${l + 5} 150 300 145 Q${r - 5} 150 ${r - 10} 290 Z" fill="${color}"/>${[0, 1, 2, 3, 4]
        .map((k) => `<ellipse cx="${l + 30 - k * 4}" cy="${360 + k * 46}" rx="24" ry="28" fill="${color}"/>`)
        .join("")}`;
  }
}

/** The hair over the forehead: a side parting, a middle parting or a fringe. */
function hairFront(kind: number, color: string, w: number): string {
  const l = 300 - w - 4;
  const r = 300 + w + 4;
  if (kind === 0)
    return `<path d="M${l} 275 Q${l + 4} 150 300 150 Q${r - 4} 150 ${r} 275 Q${r - 30} 190 330 185 Q270 200 ${l} 275 Z" fill="${color}"/>`;
  if (kind === 1)
    return `<path d="M${l} 270 Q${l + 4} 150 300 150 Q${r - 4} 150 ${r} 270 Q${r - 20} 185 300 175 Q${l + 20} 185 ${l} 270 Z" fill="${color}"/>`;
  return `<path d="M${l} 262 Q${l + 4} 150 300 150 Q${r - 4} 150 ${r} 262 L${r - 12} 228 Q300 242 ${l + 12} 228 Z" fill="${color}"/>`;
}

/** A headscarf (hijab): round the face, down over the shoulders. */
function hijab(color: string, w: number): { back: string; front: string } {
  const l = 300 - w - 26;
  const r = 300 + w + 26;
  return {
    back: `<path d="M${l} 300 Q${l - 6} 120 300 115 Q${r + 6} 120 ${r} 300 L${r + 60} 620 Q300 660 ${l - 60} 620 Z" fill="${color}"/>`,
    front: `<path d="M${l} 300 Q${l - 6} 120 300 115 Q${r + 6} 120 ${r} 300 Q${r - 6} 440 300 470 Q${l + 6} 440 ${l} 300 Z M${300 - w + 6} 290 Q${300 - w + 10} 185 300 182 Q${300 + w - 10} 185 ${300 + w - 6} 290 Q${300 + w - 14} 415 300 438 Q${300 - w + 14} 415 ${300 - w + 6} 290 Z" fill="${color}" fill-rule="evenodd"/><path d="M${l + 20} 420 Q300 520 ${r - 20} 420 L${r + 40} 600 Q300 640 ${l - 40} 600 Z" fill="${shade(color, 0.9)}"/>`,
  };
}

/** The neckline: round, V, a collar, or a cardigan over a top. */
function clothing(kind: number, color: string, skin: string): string {
  const body = `<path d="M60 800 Q70 560 300 520 Q530 560 540 800 Z" fill="${color}"/>`;
  switch (kind) {
    case 0:
      return `${body}<path d="M250 560 Q300 610 350 560 L340 500 L260 500 Z" fill="${skin}"/>`;
    case 1:
      return `${body}<path d="M250 530 L300 630 L350 530 L340 490 L260 490 Z" fill="${skin}"/>`;
    case 2:
      return `${body}<path d="M245 530 Q300 575 355 530 L340 490 L260 490 Z" fill="${skin}"/><path d="M235 530 L300 580 L278 625 Z M365 530 L300 580 L322 625 Z" fill="${shade(color, 1.25)}"/>`;
    default:
      return `${body}<path d="M245 530 Q300 585 355 530 L340 490 L260 490 Z" fill="${skin}"/><path d="M235 548 Q300 620 365 548 L385 800 L215 800 Z" fill="${shade(color, 1.45)}"/>`;
  }
}

/**
 * An illustrated portrait (no one's photo), drawn from a seed and the sitter: face shape, skin
 * tone within her nationality's range, hair style and colour (a headscarf for most Muslim
 * helpers), clothes, background, a slight turn of the head, glasses or earrings for some.
 */
export function portraitSvg(seed: number, sitter: Sitter = {}): string {
  const random = seededRandom(seed);
  const [low, high] = SKIN_RANGE[sitter.nationality ?? ""] ?? [0, SKIN.length - 1];
  const skin = SKIN[low + Math.floor(random() * (high - low + 1))]!;
  const grey = (sitter.age ?? 0) >= 40 && random() < 0.35;
  const hair = grey ? GREY : pick(random, HAIR);
  const clothes = pick(random, CLOTHES);
  const [bgTop, bgBottom] = pick(random, BACKDROP);
  const style = Math.floor(random() * 6);
  const front = Math.floor(random() * 3);
  const neckline = Math.floor(random() * 4);
  const w = 96 + random() * 22; // face half-width: narrow to round
  const h = 132 + random() * 18; // face half-height: short to long
  const chin = 0.82 + random() * 0.3; // pointed to broad jaw
  const tilt = (random() - 0.5) * 10;
  const eyeY = 282 + random() * 8;
  const eyeGap = 36 + random() * 8;
  const eyeSize = 9 + random() * 4;
  const smile = 4 + random() * 12;
  const glasses = random() < 0.18;
  const covered = sitter.religion === "muslim" && random() < 0.75;
  const scarf = covered ? hijab(pick(random, SCARVES), w) : null;
  const earrings = !covered && random() < 0.45;
  const lips = pick(random, LIPS);
  const blush = random() < 0.5;
  const face = `M${300 - w} 290 Q${300 - w} ${300 - h} 300 ${300 - h} Q${300 + w} ${300 - h} ${300 + w} 290 Q${300 + w * chin} ${300 + h * 0.85} 300 ${300 + h} Q${300 - w * chin} ${300 + h * 0.85} ${300 - w} 290 Z`;
  const brow = (x: number, side: number) =>
    `<path d="M${x - 18} ${eyeY - 22} Q${x + side * 2} ${eyeY - 31} ${x + 18} ${eyeY - 22}" stroke="${grey ? "#5a524c" : hair}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  const eye = (x: number) =>
    `<ellipse cx="${x}" cy="${eyeY}" rx="${eyeSize + 2}" ry="${eyeSize * 0.7}" fill="#fff"/><circle cx="${x}" cy="${eyeY}" r="${eyeSize * 0.6}" fill="#2b1d14"/><circle cx="${x + 2}" cy="${eyeY - 2}" r="1.8" fill="#fff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>
  <rect width="600" height="800" fill="url(#bg)"/>
  <circle cx="${random() < 0.5 ? 90 : 510}" cy="${120 + random() * 120}" r="${60 + random() * 60}" fill="#ffffff" opacity="0.25"/>
  ${scarf ? scarf.back : hairBack(style, hair, w)}
  ${clothing(scarf ? 0 : neckline, clothes, skin)}
  <g transform="rotate(${tilt.toFixed(1)} 300 500)">
  ${scarf ? "" : `<rect x="${300 - 42}" y="${300 + h - 50}" width="84" height="${540 - (300 + h - 50)}" rx="30" fill="${shade(skin, 0.93)}"/>`}
  ${scarf ? "" : `<ellipse cx="${300 - w}" cy="305" rx="14" ry="24" fill="${skin}"/><ellipse cx="${300 + w}" cy="305" rx="14" ry="24" fill="${skin}"/>`}
  ${earrings ? `<circle cx="${300 - w}" cy="335" r="6" fill="#e4c35a"/><circle cx="${300 + w}" cy="335" r="6" fill="#e4c35a"/>` : ""}
  <path d="${face}" fill="${skin}"/>
  ${scarf ? scarf.front : hairFront(front, hair, w)}
  ${brow(300 - eyeGap, -1)}${brow(300 + eyeGap, 1)}
  ${eye(300 - eyeGap)}${eye(300 + eyeGap)}
  ${glasses ? `<g stroke="#3a3a3a" stroke-width="4" fill="none"><rect x="${300 - eyeGap - 26}" y="${eyeY - 20}" width="52" height="38" rx="14"/><rect x="${300 + eyeGap - 26}" y="${eyeY - 20}" width="52" height="38" rx="14"/><path d="M${300 - eyeGap + 26} ${eyeY - 4} L${300 + eyeGap - 26} ${eyeY - 4}"/></g>` : ""}
  ${blush ? `<ellipse cx="${300 - eyeGap - 12}" cy="${eyeY + 44}" rx="20" ry="11" fill="#e07a6a" opacity="0.22"/><ellipse cx="${300 + eyeGap + 12}" cy="${eyeY + 44}" rx="20" ry="11" fill="#e07a6a" opacity="0.22"/>` : ""}
  <path d="M300 ${eyeY + 10} Q292 ${eyeY + 48} 300 ${eyeY + 52}" stroke="${shade(skin, 0.75)}" stroke-width="4" fill="none" stroke-linecap="round"/>
  <path d="M${272} ${eyeY + 80} Q300 ${eyeY + 80 + smile} ${328} ${eyeY + 80}" stroke="${lips}" stroke-width="7" fill="none" stroke-linecap="round"/>
  </g>
</svg>`;
}

export function logoSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${color}"/>
  <circle cx="256" cy="256" r="190" fill="none" stroke="#ffffff55" stroke-width="14"/>
  <text x="256" y="300" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" fill="#fff">${initials}</text>
</svg>`;
}

export async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
