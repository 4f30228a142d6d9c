/**
 * How many pixels a profile image may have, by how it must be decoded (design/decisions.md 51,
 * figures in bench/RESULTS.md "Issue 22"). Judged from the header alone (sharp's `metadata()`), so
 * a picture over its bound costs a header read, never a decode. Pure: unit-tested on its own.
 *
 * Measured on this 2-core box (one decode scaled to 512 px WebP, CPU time and the process's peak RSS):
 * - a baseline JPEG is shrunk while it is read (libjpeg's DCT scaling, libvips shrink-on-load): a
 *   256 MP one costs 0.15 s and 86 MB, so phone photos up to 50 MP (48 and 50 MP sensors) stay welcome;
 * - a progressive JPEG keeps every coefficient until its last scan: 48 MP costs 0.8 s and 215 MB,
 *   12 MP 0.2 s and 112 MB;
 * - a PNG or WebP has no shrink-on-load: a plain 49 MP PNG costs 0.3 s, an Adam7-interlaced one is
 *   held whole (1.4 s and 240 MB at 49 MP, 0.5–0.8 s and 140–200 MB at 16.8 MP, 16-bit the worst).
 * Each bound keeps one decode near a quarter of a second and ~100 MB over the idle process.
 */

const MP = 1_000_000;

/** What the bound is judged from: sharp's `metadata()` of the bytes (the header only). */
export interface ImageHeader {
  format: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
  /** Progressive JPEG or Adam7-interlaced PNG (sharp's `isProgressive`). */
  progressive: boolean;
}

interface PixelBound {
  /** Most pixels accepted. */
  pixels: number;
  /** How the refusal names the picture: "as {label}". */
  label: string;
}

export const PIXEL_BOUNDS = {
  /** Shrink-on-load makes it cheap: 48 and 50 MP phone photos (8160×6120 = 49.9 MP) fit. */
  jpeg: { pixels: 50 * MP, label: 'a JPEG' },
  /** Decoded whole: 16.8 MP (4096×4096) costs ~0.3 s and ~130 MB. */
  progressiveJpeg: { pixels: 4096 * 4096, label: 'a progressive JPEG' },
  /** No shrink-on-load, read line by line. */
  png: { pixels: 4096 * 4096, label: 'a PNG' },
  /** Decoded whole, the costliest per pixel: 8.4 MP (2896×2896; a 4K screenshot fits) costs ~0.25 s. */
  interlacedPng: { pixels: 2896 * 2896, label: 'an interlaced PNG' },
  /** libwebp scales while it decodes but decodes every block: a 12 MP photo-like WebP costs 0.4 s. */
  webp: { pixels: 4096 * 4096, label: 'a WebP' },
} as const satisfies Record<string, PixelBound>;

export function pixelBoundOf(header: ImageHeader): PixelBound {
  switch (header.format) {
    case 'jpeg':
      return header.progressive ? PIXEL_BOUNDS.progressiveJpeg : PIXEL_BOUNDS.jpeg;
    case 'png':
      return header.progressive ? PIXEL_BOUNDS.interlacedPng : PIXEL_BOUNDS.png;
    case 'webp':
      return PIXEL_BOUNDS.webp;
  }
}

const megapixels = (pixels: number) => (pixels / MP).toFixed(1);

/** The refusal of a picture over its bound (400), or null when it may be decoded. */
export function pixelRefusal(header: ImageHeader): string | null {
  const bound = pixelBoundOf(header);
  const pixels = header.width * header.height;
  if (pixels <= bound.pixels) return null;
  return `Profile image must be at most ${megapixels(bound.pixels)} megapixels as ${bound.label} (this one has ${megapixels(pixels)}): choose a smaller picture.`;
}
