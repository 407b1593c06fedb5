// Writes the app icons (client/public/icons/icon-192.png, icon-512.png) without any image library:
// an indigo square (full bleed, so it also works as a maskable icon) with a white cross
// kept inside the central safe zone. Run: node client/scripts/generate-icons.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BG_TOP = [0x6d, 0x70, 0xf3];
const BG_BOTTOM = [0x4f, 0x46, 0xe5];
const FG = [0xff, 0xff, 0xff];
const SAMPLES = 4; // supersampling per axis for smooth edges

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Is the point (in units of the icon size, 0..1) inside the cross? */
function inCross(x, y) {
  const bar = 0.11;
  const rounded = (cx, cy, hw, hh) => Math.abs(x - cx) <= hw && Math.abs(y - cy) <= hh;
  const vertical = rounded(0.5, 0.5, bar / 2, 0.29);
  const horizontal = rounded(0.5, 0.4, 0.2, bar / 2);
  return vertical || horizontal;
}

function render(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let py = 0; py < size; py++) {
    const row = py * (size * 4 + 1);
    raw[row] = 0; // filter: none
    const t = py / (size - 1);
    const bg = BG_TOP.map((c, i) => Math.round(c + (BG_BOTTOM[i] - c) * t));
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          if (inCross((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size)) hits++;
        }
      }
      const a = hits / (SAMPLES * SAMPLES);
      const o = row + 1 + px * 4;
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(bg[i] * (1 - a) + FG[i] * a);
      raw[o + 3] = 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  const out = new URL(`../public/icons/icon-${size}.png`, import.meta.url);
  writeFileSync(out, render(size));
  console.log(`wrote ${out.pathname}`);
}
