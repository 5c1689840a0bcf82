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

const SKIN = ["#f1c27d", "#e0ac69", "#c68642", "#a86b3c", "#8d5524", "#d9a066", "#b97a4b"];
const HAIR = ["#1b1b1b", "#2a1a12", "#3b2417", "#241c1c", "#4a2e1f"];
const CLOTHES = ["#2f6f8f", "#8f2f4f", "#3f7f4f", "#6f4f9f", "#c0603a", "#2f4f6f", "#9f7f2f", "#5a6b7a"];
const BACKDROP = [
  ["#e8f1f8", "#c9dcea"],
  ["#f6ece4", "#e6d3c3"],
  ["#eef4ea", "#d3e3cb"],
  ["#f3eef7", "#ddd0ea"],
  ["#f7f3e6", "#e9dfbf"],
];

function hairBack(style: number, color: string): string {
  switch (style) {
    case 0: // long, over the shoulders
      return `<path d="M170 300 Q160 140 300 130 Q440 140 430 300 L450 560 Q300 600 150 560 Z" fill="${color}"/>`;
    case 1: // bun
      return `<circle cx="300" cy="118" r="58" fill="${color}"/><path d="M185 290 Q180 150 300 145 Q420 150 415 290 Z" fill="${color}"/>`;
    case 2: // shoulder-length bob
      return `<path d="M175 300 Q165 140 300 135 Q435 140 425 300 L430 420 Q300 440 170 420 Z" fill="${color}"/>`;
    default: // tied back
      return `<path d="M190 280 Q185 150 300 145 Q415 150 410 280 Z" fill="${color}"/><ellipse cx="300" cy="160" rx="40" ry="22" fill="${color}"/>`;
  }
}

export function portraitSvg(seed: number): string {
  const random = seededRandom(seed);
  const skin = pick(random, SKIN);
  const hair = pick(random, HAIR);
  const clothes = pick(random, CLOTHES);
  const [bgTop, bgBottom] = pick(random, BACKDROP);
  const style = Math.floor(random() * 4);
  const faceWidth = 102 + random() * 16;
  const eyeY = 282 + random() * 8;
  const smile = 6 + random() * 10;
  const earrings = random() < 0.5;
  const fringe = random() < 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>
  <rect width="600" height="800" fill="url(#bg)"/>
  ${hairBack(style, hair)}
  <path d="M80 800 Q90 590 300 560 Q510 590 520 800 Z" fill="${clothes}"/>
  <path d="M250 560 Q300 620 350 560 L340 520 L260 520 Z" fill="${skin}"/>
  <rect x="262" y="430" width="76" height="110" rx="30" fill="${skin}"/>
  <ellipse cx="300" cy="300" rx="${faceWidth}" ry="140" fill="${skin}"/>
  <ellipse cx="${300 - faceWidth}" cy="305" rx="14" ry="24" fill="${skin}"/>
  <ellipse cx="${300 + faceWidth}" cy="305" rx="14" ry="24" fill="${skin}"/>
  ${earrings ? `<circle cx="${300 - faceWidth}" cy="335" r="6" fill="#e4c35a"/><circle cx="${300 + faceWidth}" cy="335" r="6" fill="#e4c35a"/>` : ""}
  <path d="M${300 - faceWidth - 4} 270 Q${300 - faceWidth} 150 300 150 Q${300 + faceWidth} 150 ${300 + faceWidth + 4} 270 Q${fringe ? "360 200 300 205 Q240 200" : "300 175 300 175 Q300 175"} ${300 - faceWidth - 4} 270 Z" fill="${hair}"/>
  <path d="M245 ${eyeY - 22} Q262 ${eyeY - 30} 280 ${eyeY - 22}" stroke="${hair}" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M320 ${eyeY - 22} Q338 ${eyeY - 30} 355 ${eyeY - 22}" stroke="${hair}" stroke-width="6" fill="none" stroke-linecap="round"/>
  <ellipse cx="262" cy="${eyeY}" rx="11" ry="8" fill="#fff"/><circle cx="262" cy="${eyeY}" r="6" fill="#2b1d14"/>
  <ellipse cx="338" cy="${eyeY}" rx="11" ry="8" fill="#fff"/><circle cx="338" cy="${eyeY}" r="6" fill="#2b1d14"/>
  <path d="M300 ${eyeY + 10} Q292 ${eyeY + 48} 300 ${eyeY + 52}" stroke="#00000033" stroke-width="4" fill="none" stroke-linecap="round"/>
  <path d="M268 ${eyeY + 82} Q300 ${eyeY + 82 + smile} 332 ${eyeY + 82}" stroke="#8a3b3b" stroke-width="7" fill="none" stroke-linecap="round"/>
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
