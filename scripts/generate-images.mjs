#!/usr/bin/env node
// Over 400 lines: the drawing of four hero scenes and the app icons as SVG, kept in one script so one run
// re-creates every shipped image the same way.
// Renders the images the web app ships: four hero scenes (WebP, a portrait crop for phones and a
// landscape crop for wider screens) and the app icons (PNG, from the SVG logo). There is no network for
// stock photos, so the scenes are drawn as SVG and rasterised with sharp. Deterministic: a seeded random
// generator places windows, stars and blocks, so re-running produces the same files.
//
//   node scripts/generate-images.mjs
//
// Output: apps/web/public/images/hero/<scene>-{640,1280}.webp, apps/web/public/icons/*.png
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const HERO_DIR = path.join(ROOT, 'apps/web/public/images/hero');
const ICON_DIR = path.join(ROOT, 'apps/web/public/icons');

/**
 * Every scene is drawn once on a 1600×1200 canvas; the two outputs are crops of it, so a phone gets a
 * portrait picture instead of a thin slice of a landscape one. Keep the subject inside x 400–1200.
 */
const CANVAS = { w: 1600, h: 1200 };
const VARIANTS = [
  // Phones (the hero is taller than wide there): 2:3.
  { width: 640, height: 960, viewBox: [400, 0, 800, 1200] },
  // Tablets and desktops: 16:10.
  { width: 1280, height: 800, viewBox: [0, 100, 1600, 1000] },
];
const WEBP = { quality: 70, effort: 6, smartSubsample: true };
const MAX_BYTES = 60 * 1024;
/** The least overlay anywhere hero text can sit (see hero-backdrop.tsx): used for the contrast check. */
const OVERLAY = { color: [2, 6, 23], alpha: 0.72 };

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Math.round(n * 10) / 10;
const svg = (body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS.w}" height="${CANVAS.h}" viewBox="0 0 ${CANVAS.w} ${CANVAS.h}"><defs>${defs}</defs>${body}</svg>`;
const blur = (id, sd) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;
const vgrad = (id, stops) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('')}</linearGradient>`;
const rgrad = (id, stops, attrs = '') =>
  `<radialGradient id="${id}" ${attrs}>${stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('')}</radialGradient>`;

function stars(rand, count, maxY) {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${f(rand() * CANVAS.w)}" cy="${f(rand() * maxY)}" r="${f(0.6 + rand() * 1.6)}" fill="#fff" opacity="${f(0.25 + rand() * 0.6)}"/>`;
  }
  return out;
}

/** A row of buildings along `baseY`, with lit windows on the nearer layers. */
function skyline(rand, { baseY, minH, maxH, color, windows, windowColors = ['#fde68a', '#fcd34d', '#a5f3fc'], density = 0.35 }) {
  let out = '';
  let x = -20;
  while (x < CANVAS.w + 20) {
    const w = 40 + rand() * 90;
    const h = minH + rand() * (maxH - minH);
    const top = baseY - h;
    out += `<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(h + 2)}" fill="${color}"/>`;
    if (rand() < 0.25) out += `<rect x="${f(x + w / 2 - 2)}" y="${f(top - 30)}" width="4" height="30" fill="${color}"/>`;
    if (windows) {
      const cols = Math.max(1, Math.floor((w - 10) / 12));
      const rows = Math.floor((h - 16) / 16);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (rand() > density) continue;
          const fill = windowColors[Math.floor(rand() * windowColors.length)];
          out += `<rect x="${f(x + 7 + c * 12)}" y="${f(top + 10 + r * 16)}" width="5" height="8" fill="${fill}" opacity="${f(0.45 + rand() * 0.5)}"/>`;
        }
      }
    }
    x += w + rand() * 6;
  }
  return out;
}

/** 1. Night skyline with long-exposure light trails on an elevated highway. */
function nightCity() {
  const rand = mulberry32(11);
  const defs = [
    vgrad('sky', [
      [0, '#050816'],
      [0.45, '#1e1b4b'],
      [0.62, '#5b2172'],
      [0.7, '#b4436c'],
      [0.74, '#f97316', 0.9],
    ]),
    vgrad('road', [
      [0, '#0b0b1a'],
      [1, '#02030a'],
    ]),
    vgrad('haze', [
      [0, '#f472b6', 0],
      [0.5, '#f472b6', 0.25],
      [1, '#f472b6', 0],
    ]),
    rgrad('moon', [
      [0, '#fff7ed'],
      [0.35, '#fde68a', 0.8],
      [1, '#fde68a', 0],
    ]),
    blur('glow', 10),
    blur('soft', 3),
  ].join('');
  const trails = [];
  const lanes = [
    { y0: 1040, y1: 930, colors: ['#fef3c7', '#fde68a', '#ffffff'] },
    { y0: 1110, y1: 985, colors: ['#ef4444', '#f43f5e', '#fb7185'] },
  ];
  for (const lane of lanes) {
    for (let i = 0; i < 9; i++) {
      const dy = (i - 4) * 7 + (rand() - 0.5) * 6;
      const color = lane.colors[i % lane.colors.length];
      const d = `M-40 ${f(lane.y0 + dy)} C 420 ${f(lane.y0 + dy + 40)}, 1000 ${f(lane.y1 + dy - 60)}, 1640 ${f(lane.y1 + dy)}`;
      const width = 2 + rand() * 3.5;
      trails.push(`<path d="${d}" stroke="${color}" stroke-width="${f(width * 5)}" fill="none" opacity="0.35" filter="url(#glow)"/>`);
      trails.push(`<path d="${d}" stroke="${color}" stroke-width="${f(width)}" fill="none" opacity="0.95" stroke-linecap="round"/>`);
    }
  }
  const body = [
    `<rect width="1600" height="1200" fill="url(#sky)"/>`,
    stars(rand, 140, 600),
    `<circle cx="960" cy="300" r="140" fill="url(#moon)"/>`,
    `<circle cx="960" cy="300" r="44" fill="#fff7ed"/>`,
    `<rect y="640" width="1600" height="220" fill="url(#haze)"/>`,
    skyline(rand, { baseY: 900, minH: 180, maxH: 420, color: '#241a4d' }),
    skyline(rand, { baseY: 910, minH: 120, maxH: 360, color: '#14102e', windows: true, density: 0.28 }),
    skyline(rand, { baseY: 930, minH: 60, maxH: 240, color: '#0a0a1c', windows: true, density: 0.4 }),
    // A tower with an aviation light: the skyline's landmark, inside the portrait crop.
    `<path d="M760 930 L784 420 L792 300 L800 420 L824 930 Z" fill="#0d0b22"/>`,
    `<circle cx="792" cy="296" r="18" fill="#ef4444" opacity="0.6" filter="url(#glow)"/><circle cx="792" cy="296" r="4" fill="#fecaca"/>`,
    `<path d="M0 930 H1600 V1200 H0 Z" fill="url(#road)"/>`,
    // Highway deck and its rail catching the light.
    `<path d="M-40 990 C 420 1030, 1000 900, 1640 880" stroke="#312e81" stroke-width="3" fill="none" opacity="0.8"/>`,
    ...trails,
    `<path d="M-40 1160 C 420 1200, 1000 1060, 1640 1040" stroke="#1e1b4b" stroke-width="40" fill="none"/>`,
  ].join('');
  return svg(body, defs);
}

/** 2. A car on a glowing street grid at dusk, seen from behind. */
function duskGrid() {
  const rand = mulberry32(23);
  const horizon = 560;
  const vx = 800;
  const defs = [
    vgrad('sky', [
      [0, '#0f0a2e'],
      [0.35, '#3b0f4f'],
      [0.72, '#be185d'],
      [0.92, '#fb923c'],
      [1, '#fdba74'],
    ]),
    vgrad('ground', [
      [0, '#1a0b2e'],
      [1, '#05030f'],
    ]),
    vgrad('fade', [
      [0, '#1a0b2e', 1],
      [0.35, '#1a0b2e', 0],
    ]),
    rgrad('sun', [
      [0, '#fff7ed'],
      [0.5, '#fdba74'],
      [1, '#f97316'],
    ]),
    rgrad('sunGlow', [
      [0, '#fb923c', 0.55],
      [1, '#fb923c', 0],
    ]),
    rgrad('shadow', [
      [0, '#000', 0.8],
      [1, '#000', 0],
    ]),
    blur('glow', 8),
    blur('wide', 22),
  ].join('');
  let grid = '';
  for (let i = -14; i <= 14; i++) {
    const x = vx + i * 150;
    grid += `<line x1="${vx}" y1="${horizon}" x2="${f(vx + (x - vx) * 4)}" y2="1200" stroke="#f472b6" stroke-width="2.5" opacity="0.7"/>`;
  }
  for (let k = 1; k <= 14; k++) {
    const y = horizon + Math.pow(k / 14, 2.2) * (1200 - horizon);
    grid += `<line x1="0" y1="${f(y)}" x2="1600" y2="${f(y)}" stroke="#fb923c" stroke-width="${f(1 + k / 5)}" opacity="${f(0.25 + k / 24)}"/>`;
  }
  // Sun cut by horizontal bands, the classic dusk stripe.
  let bands = '';
  for (let i = 0; i < 6; i++) bands += `<rect x="560" y="${f(horizon - 60 + i * 11)}" width="480" height="${f(2 + i * 1.6)}" fill="#3b0f4f"/>`;
  const car = `
    <ellipse cx="800" cy="1085" rx="290" ry="40" fill="url(#shadow)"/>
    <path d="M560 1060 C 556 980 580 940 628 924 L 680 850 C 694 830 716 820 742 820 L 858 820 C 884 820 906 830 920 850 L 972 924 C 1020 940 1044 980 1040 1060 Z" fill="#0b0618"/>
    <path d="M700 858 C 708 842 722 836 742 836 L 858 836 C 878 836 892 842 900 858 L 936 918 L 664 918 Z" fill="#1f1140"/>
    <path d="M700 858 C 708 842 722 836 742 836 L 858 836 C 878 836 892 842 900 858 L 914 882 L 686 882 Z" fill="#f9a8d4" opacity="0.18"/>
    <rect x="590" y="952" width="420" height="10" rx="5" fill="#ef4444" opacity="0.6" filter="url(#glow)"/>
    <rect x="588" y="944" width="118" height="26" rx="8" fill="#ef4444"/>
    <rect x="894" y="944" width="118" height="26" rx="8" fill="#ef4444"/>
    <rect x="588" y="944" width="118" height="26" rx="8" fill="#ef4444" filter="url(#wide)" opacity="0.9"/>
    <rect x="894" y="944" width="118" height="26" rx="8" fill="#ef4444" filter="url(#wide)" opacity="0.9"/>
    <rect x="600" y="950" width="94" height="8" rx="4" fill="#fecaca"/>
    <rect x="906" y="950" width="94" height="8" rx="4" fill="#fecaca"/>
    <rect x="744" y="992" width="112" height="30" rx="6" fill="#e2e8f0" opacity="0.85"/>
    <rect x="580" y="1052" width="80" height="40" rx="10" fill="#05030f"/>
    <rect x="940" y="1052" width="80" height="40" rx="10" fill="#05030f"/>`;
  const body = [
    `<rect width="1600" height="${horizon}" fill="url(#sky)"/>`,
    stars(rand, 60, 300),
    `<circle cx="800" cy="${horizon}" r="420" fill="url(#sunGlow)"/>`,
    `<circle cx="800" cy="${horizon - 10}" r="170" fill="url(#sun)"/>`,
    bands,
    skyline(rand, { baseY: horizon, minH: 20, maxH: 110, color: '#2a0b3a', windows: true, density: 0.12, windowColors: ['#fdba74', '#f9a8d4'] }),
    `<rect y="${horizon}" width="1600" height="${1200 - horizon}" fill="url(#ground)"/>`,
    `<g filter="url(#glow)" opacity="0.8">${grid}</g>`,
    grid,
    `<rect y="${horizon}" width="1600" height="${1200 - horizon}" fill="url(#fade)"/>`,
    car,
  ].join('');
  return svg(body, defs);
}

/** 3. An aerial night map: blocks, a river, parks and a glowing route from pickup to drop-off. */
function routeMap() {
  const rand = mulberry32(37);
  const defs = [
    rgrad(
      'vignette',
      [
        [0.55, '#020617', 0],
        [1, '#020617', 0.85],
      ],
      'cx="0.5" cy="0.5" r="0.75"',
    ),
    rgrad('pulse', [
      [0, '#34d399', 0.5],
      [1, '#34d399', 0],
    ]),
    blur('glow', 9),
    blur('soft', 2),
  ].join('');
  const block = 86;
  const street = 22;
  let blocks = '';
  for (let gx = -4; gx < 24; gx++) {
    for (let gy = -4; gy < 20; gy++) {
      const x = gx * (block + street);
      const y = gy * (block + street);
      const r = rand();
      const fill = r < 0.08 ? '#0f3b2e' : r < 0.5 ? '#101b30' : '#13213a';
      if (rand() < 0.3) {
        // Split blocks read as real city lots.
        blocks += `<rect x="${x}" y="${y}" width="${block}" height="${block / 2 - 4}" rx="6" fill="${fill}"/>`;
        blocks += `<rect x="${x}" y="${y + block / 2 + 4}" width="${block}" height="${block / 2 - 4}" rx="6" fill="${fill}"/>`;
      } else {
        blocks += `<rect x="${x}" y="${y}" width="${block}" height="${block}" rx="8" fill="${fill}"/>`;
      }
    }
  }
  const step = block + street;
  const sx = (n) => n * step - street / 2;
  // The route follows the streets (right, down, right, down, right) and stays inside the portrait crop.
  const route = `M ${sx(8)} ${sx(3)} L ${sx(10)} ${sx(3)} L ${sx(10)} ${sx(6)} L ${sx(11)} ${sx(6)} L ${sx(11)} ${sx(9)} L ${sx(12)} ${sx(9)}`;
  const pin = (x, y, color) => `
    <circle cx="${x}" cy="${y}" r="70" fill="url(#pulse)"/>
    <circle cx="${x}" cy="${y}" r="34" fill="none" stroke="${color}" stroke-width="2" opacity="0.5"/>
    <circle cx="${x}" cy="${y}" r="16" fill="${color}"/>
    <circle cx="${x}" cy="${y}" r="6" fill="#020617"/>`;
  const body = [
    `<rect width="1600" height="1200" fill="#070d1c"/>`,
    `<g transform="rotate(-14 800 600) translate(-240 -160)">`,
    blocks,
    // Arterial roads.
    `<path d="M -600 ${sx(4)} H 2800 M ${sx(7)} -600 V 2400 M -600 ${sx(12)} H 2800" stroke="#24324d" stroke-width="14" fill="none"/>`,
    // The river, under a bridge at the arterial.
    `<path d="M -600 1500 C 100 1300, 500 1420, 900 1180 S 1800 700, 2800 820" stroke="#0c2a4a" stroke-width="120" fill="none"/>`,
    `<path d="M -600 1500 C 100 1300, 500 1420, 900 1180 S 1800 700, 2800 820" stroke="#1d4ed8" stroke-width="2" fill="none" opacity="0.35"/>`,
    `<path d="${route}" stroke="#34d399" stroke-width="26" fill="none" stroke-linejoin="round" opacity="0.55" filter="url(#glow)"/>`,
    `<path d="${route}" stroke="#6ee7b7" stroke-width="9" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`,
    pin(sx(8), sx(3), '#ffffff'),
    pin(sx(12), sx(9), '#34d399'),
    // The car on its way, a rounded marker with a heading notch.
    `<g transform="translate(${sx(10)} ${sx(4.4)}) rotate(90)"><rect x="-20" y="-13" width="40" height="26" rx="9" fill="#f8fafc"/><rect x="2" y="-9" width="12" height="18" rx="4" fill="#0f172a"/></g>`,
    `</g>`,
    `<rect width="1600" height="1200" fill="url(#vignette)"/>`,
  ].join('');
  return svg(body, defs);
}

/** 4. The driver's view: a night road to the city, street lamps, a phone on the dash showing the route. */
function driversEye() {
  const rand = mulberry32(53);
  const horizon = 600;
  const vx = 800;
  const defs = [
    vgrad('sky', [
      [0, '#020617'],
      [0.55, '#172554'],
      [0.85, '#4c1d95'],
      [1, '#7e22ce'],
    ]),
    vgrad('road', [
      [0, '#1e1b3a'],
      [1, '#0b0a16'],
    ]),
    vgrad('ground', [
      [0, '#0d0a22'],
      [1, '#030208'],
    ]),
    vgrad('dash', [
      [0, '#0b1020'],
      [1, '#020409'],
    ]),
    rgrad('lamp', [
      [0, '#fde68a', 0.9],
      [0.3, '#fbbf24', 0.35],
      [1, '#fbbf24', 0],
    ]),
    rgrad(
      'beam',
      [
        [0, '#fef3c7', 0.35],
        [1, '#fef3c7', 0],
      ],
      'cx="0.5" cy="1" r="0.9"',
    ),
    vgrad('screen', [
      [0, '#0f172a'],
      [1, '#111c34'],
    ]),
    blur('glow', 7),
  ].join('');
  // Lane dashes shrink towards the vanishing point.
  let dashes = '';
  for (let i = 0; i < 12; i++) {
    const t0 = Math.pow(i / 12, 2);
    const t1 = Math.pow((i + 0.45) / 12, 2);
    const y0 = horizon + t0 * 700;
    const y1 = horizon + t1 * 700;
    const w0 = 2 + t0 * 26;
    const w1 = 2 + t1 * 26;
    dashes += `<path d="M ${f(vx - w0 / 2)} ${f(y0)} L ${f(vx + w0 / 2)} ${f(y0)} L ${f(vx + w1 / 2)} ${f(y1)} L ${f(vx - w1 / 2)} ${f(y1)} Z" fill="#fef9c3" opacity="0.85"/>`;
  }
  let lamps = '';
  for (let i = 0; i < 7; i++) {
    const t = Math.pow((i + 1) / 8, 1.8);
    const y = horizon - 20 - t * 360;
    const spread = 40 + t * 900;
    const r = 6 + t * 60;
    for (const side of [-1, 1]) {
      const x = vx + side * spread;
      lamps += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x)}" y2="${f(horizon + t * 240)}" stroke="#0a0818" stroke-width="${f(2 + t * 10)}"/>`;
      lamps += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 2.2)}" fill="url(#lamp)"/>`;
      lamps += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.22)}" fill="#fffbeb"/>`;
    }
  }
  let cityLights = '';
  for (let i = 0; i < 90; i++) {
    cityLights += `<circle cx="${f(400 + rand() * 800)}" cy="${f(horizon - 4 - rand() * 26)}" r="${f(0.8 + rand() * 1.8)}" fill="${rand() < 0.7 ? '#fde68a' : '#f9a8d4'}" opacity="${f(0.4 + rand() * 0.6)}"/>`;
  }
  const phone = `
    <g transform="translate(940 930) rotate(-4)">
      <rect x="-6" y="-6" width="232" height="152" rx="22" fill="#000" opacity="0.6"/>
      <rect width="220" height="140" rx="18" fill="#020617" stroke="#334155" stroke-width="3"/>
      <rect x="10" y="10" width="200" height="120" rx="10" fill="url(#screen)"/>
      <path d="M30 110 L70 110 L70 70 L130 70 L130 40 L190 40" stroke="#34d399" stroke-width="9" fill="none" opacity="0.5" filter="url(#glow)"/>
      <path d="M30 110 L70 110 L70 70 L130 70 L130 40 L190 40" stroke="#6ee7b7" stroke-width="4" fill="none" stroke-linejoin="round"/>
      <circle cx="30" cy="110" r="7" fill="#f8fafc"/><circle cx="190" cy="40" r="7" fill="#34d399"/>
    </g>`;
  const body = [
    `<rect width="1600" height="${horizon}" fill="url(#sky)"/>`,
    stars(rand, 110, 420),
    `<rect y="${horizon}" width="1600" height="${1200 - horizon}" fill="url(#ground)"/>`,
    cityLights,
    `<path d="M ${vx - 6} ${horizon} L ${vx + 6} ${horizon} L 1700 1200 L -100 1200 Z" fill="url(#road)"/>`,
    `<path d="M ${vx - 4} ${horizon} L -100 1200 M ${vx + 4} ${horizon} L 1700 1200" stroke="#e2e8f0" stroke-width="6" opacity="0.5"/>`,
    `<path d="M ${vx - 220} 1200 L ${vx} ${horizon + 10} L ${vx + 220} 1200 Z" fill="url(#beam)"/>`,
    dashes,
    lamps,
    // Tail lights of the car ahead.
    `<g filter="url(#glow)"><circle cx="772" cy="650" r="7" fill="#ef4444"/><circle cx="828" cy="650" r="7" fill="#ef4444"/></g>`,
    `<circle cx="772" cy="650" r="3" fill="#fecaca"/><circle cx="828" cy="650" r="3" fill="#fecaca"/>`,
    // Dashboard and the top of the steering wheel.
    `<path d="M -20 1200 L -20 960 C 300 900, 1300 900, 1620 960 L 1620 1200 Z" fill="url(#dash)"/>`,
    `<path d="M 300 1240 C 320 1010, 640 960, 700 960 C 760 960, 1080 1010, 1100 1240" stroke="#05070f" stroke-width="56" fill="none"/>`,
    `<path d="M 300 1240 C 320 1010, 640 960, 700 960 C 760 960, 1080 1010, 1100 1240" stroke="#1e293b" stroke-width="3" fill="none" opacity="0.7" transform="translate(0 -26)"/>`,
    phone,
  ].join('');
  return svg(body, defs);
}

const SCENES = [
  { name: 'night-city', draw: nightCity },
  { name: 'dusk-grid', draw: duskGrid },
  { name: 'route-map', draw: routeMap },
  { name: 'drivers-eye', draw: driversEye },
];

/** WCAG relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * Worst case under the overlay: the brightest pixel of the image (per channel max, an upper bound),
 * composited with the overlay, against white and the hero's secondary text colour (ink-300).
 */
async function worstContrast(buffer) {
  const { channels } = await sharp(buffer).stats();
  const max = channels.slice(0, 3).map((c) => c.max);
  const under = max.map((c, i) => c * (1 - OVERLAY.alpha) + OVERLAY.color[i] * OVERLAY.alpha);
  return { white: contrast([255, 255, 255], under), ink300: contrast([203, 213, 225], under) };
}

async function renderHero() {
  fs.mkdirSync(HERO_DIR, { recursive: true });
  const report = [];
  for (const scene of SCENES) {
    const source = scene.draw();
    for (const variant of VARIANTS) {
      const [x, y, w, h] = variant.viewBox;
      const cropped = source
        .replace(`viewBox="0 0 ${CANVAS.w} ${CANVAS.h}"`, `viewBox="${x} ${y} ${w} ${h}"`)
        .replace(`width="${CANVAS.w}" height="${CANVAS.h}"`, `width="${variant.width}" height="${variant.height}"`);
      let quality = WEBP.quality;
      let out;
      // Stay under the per-image budget: step quality down if a scene comes out too detailed.
      for (;;) {
        out = await sharp(Buffer.from(cropped))
          .webp({ ...WEBP, quality })
          .toBuffer();
        if (out.length <= MAX_BYTES || quality <= 45) break;
        quality -= 5;
      }
      const file = path.join(HERO_DIR, `${scene.name}-${variant.width}.webp`);
      fs.writeFileSync(file, out);
      const c = await worstContrast(out);
      report.push({
        file: path.relative(ROOT, file),
        size: `${variant.width}×${variant.height}`,
        kB: +(out.length / 1024).toFixed(1),
        quality,
        worstContrastWhite: +c.white.toFixed(2),
        worstContrastInk300: +c.ink300.toFixed(2),
      });
    }
  }
  return report;
}

/** The logo: the favicon's car on the ink tile. `pad` is the share of the tile left around the car. */
function logo({ size, rounded, pad, background = '#0f172a', car = '#34d399', mono = false }) {
  const inner = size * (1 - pad * 2);
  const scale = inner / 40;
  const offset = size * pad;
  // The car path occupies x 16–48, y 23.3–48 of the favicon's 64 grid: centre it in the tile.
  const tx = offset - 12 * scale;
  const ty = offset - 15.6 * scale;
  const bg = mono ? '' : `<rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="${background}"/>`;
  const fill = mono ? '#ffffff' : car;
  const holes = mono ? '' : `<circle cx="23" cy="38" r="2.5" fill="${background}"/><circle cx="41" cy="38" r="2.5" fill="${background}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${bg}<g transform="translate(${f(tx)} ${f(ty)}) scale(${f(scale * 100) / 100})"><path d="M16 38l4-12a4 4 0 0 1 3.8-2.7h16.4A4 4 0 0 1 44 26l4 12v8a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2v-2H23v2a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2z" fill="${fill}"/>${holes}</g></svg>`;
}

async function renderIcons() {
  fs.mkdirSync(ICON_DIR, { recursive: true });
  const icons = [
    // 'any' icons: rounded tile with transparent corners.
    { file: 'icon-192.png', svg: logo({ size: 192, rounded: true, pad: 0.18 }) },
    { file: 'icon-512.png', svg: logo({ size: 512, rounded: true, pad: 0.18 }) },
    // Maskable: full-bleed tile, the car inside the 80% safe zone (platforms crop to circles, squircles).
    { file: 'maskable-512.png', svg: logo({ size: 512, rounded: false, pad: 0.27 }) },
    // iOS rounds the corners itself and shows transparency as black.
    { file: 'apple-touch-icon.png', svg: logo({ size: 180, rounded: false, pad: 0.2 }) },
    // Android status-bar badge: white on transparent, the system tints it.
    { file: 'badge-96.png', svg: logo({ size: 96, rounded: false, pad: 0.1, mono: true }) },
  ];
  const report = [];
  for (const icon of icons) {
    const out = await sharp(Buffer.from(icon.svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
    const file = path.join(ICON_DIR, icon.file);
    fs.writeFileSync(file, out);
    report.push({ file: path.relative(ROOT, file), kB: +(out.length / 1024).toFixed(1) });
  }
  return report;
}

const hero = await renderHero();
const icons = await renderIcons();
console.table(hero);
console.table(icons);
const over = hero.filter((h) => h.kB * 1024 > MAX_BYTES);
const lowContrast = hero.filter((h) => h.worstContrastWhite < 4.5 || h.worstContrastInk300 < 4.5);
if (over.length) console.warn(`over ${MAX_BYTES / 1024} KB:`, over.map((h) => h.file).join(', '));
if (lowContrast.length) console.warn('below AA (4.5:1) under the overlay:', lowContrast.map((h) => h.file).join(', '));
if (over.length || lowContrast.length) process.exitCode = 1;
