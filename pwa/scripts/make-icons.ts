/**
 * Draws the Mastr app icons (the red 'M' mark on the dark background) as PNG files in
 * pwa/public/icons/, with nothing but Node: a polygon rasteriser with 4×4 supersampling and a
 * minimal PNG encoder (zlib + CRC-32). Run: `npx tsx pwa/scripts/make-icons.ts`; commit the PNGs.
 *
 * - 'any' icons: rounded-square tile, transparent corners, the mark as in favicon.svg.
 * - 'maskable' icons: full-bleed background (launchers crop it) and the mark shrunk so its
 *   corners stay inside the 80 % safe-zone circle every mask shape keeps.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

const BACKGROUND: Rgb = [0x0f, 0x11, 0x15];
const ACCENT: Rgb = [0xe6, 0x39, 0x46];

/** The 'M' of favicon.svg, in its 64×64 view box. */
const M_MARK: readonly Point[] = [
  [12, 48],
  [12, 16],
  [20, 16],
  [32, 32],
  [44, 16],
  [52, 16],
  [52, 48],
  [44, 48],
  [44, 29],
  [32, 44],
  [20, 29],
  [20, 48],
];
const VIEW_BOX = 64;
const CORNER_RADIUS = 12; // favicon.svg's rx
/** Shrink for maskable icons: the mark's half-diagonal (25.6 units) then sits at 32 % of the size, inside the 40 % safe radius. */
const MASKABLE_MARK_SCALE = 0.8;
const SAMPLES = 4;

function insidePolygon(x: number, y: number, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x: number, y: number): boolean {
  const r = CORNER_RADIUS;
  const cx = Math.min(Math.max(x, r), VIEW_BOX - r);
  const cy = Math.min(Math.max(y, r), VIEW_BOX - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** RGBA pixels of one icon; coverage per pixel comes from SAMPLES² sub-pixel tests. */
function drawIcon(size: number, maskable: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const unit = VIEW_BOX / size;
  const centre = VIEW_BOX / 2;
  const markScale = maskable ? MASKABLE_MARK_SCALE : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let mark = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * unit;
          const y = (py + (sy + 0.5) / SAMPLES) * unit;
          if (!maskable && !insideRoundedSquare(x, y)) continue;
          tile++;
          const mx = centre + (x - centre) / markScale;
          const my = centre + (y - centre) / markScale;
          if (insidePolygon(mx, my, M_MARK)) mark++;
        }
      }
      const markShare = tile === 0 ? 0 : mark / tile;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        pixels[offset + c] = Math.round(BACKGROUND[c] * (1 - markShare) + ACCENT[c] * markShare);
      }
      pixels[offset + 3] = Math.round((255 * tile) / (SAMPLES * SAMPLES));
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** 8-bit RGBA, non-interlaced; every scanline uses filter 0 (none) — zlib does the squeezing. */
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
] as const;

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  const png = encodePng(icon.size, icon.size, drawIcon(icon.size, icon.maskable));
  writeFileSync(`${outDir}${icon.file}`, png);
  console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
