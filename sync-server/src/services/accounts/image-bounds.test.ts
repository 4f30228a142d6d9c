import { describe, expect, it } from 'vitest';
import { PIXEL_BOUNDS, pixelBoundOf, pixelRefusal, type ImageHeader } from './image-bounds.ts';

const header = (format: ImageHeader['format'], width: number, height: number, progressive = false): ImageHeader => ({
  format,
  width,
  height,
  progressive,
});

describe('profile image pixel bounds', () => {
  it('takes phone photos as baseline JPEGs up to 50 MP (48 and 50 MP sensors)', () => {
    for (const [w, h] of [
      [4032, 3024],
      [8000, 6000],
      [8160, 6120],
    ])
      expect(pixelRefusal(header('jpeg', w, h)), `${w}×${h}`).toBeNull();
    expect(pixelRefusal(header('jpeg', 8200, 6200))).toMatch(
      /at most 50\.0 megapixels as a JPEG \(this one has 50\.8\)/,
    );
  });

  it('holds pictures decoded whole to less: progressive JPEG, PNG and WebP 16.8 MP, interlaced PNG 8.4 MP', () => {
    expect(pixelBoundOf(header('jpeg', 1, 1, true))).toBe(PIXEL_BOUNDS.progressiveJpeg);
    expect(pixelRefusal(header('jpeg', 4032, 3024, true))).toBeNull();
    expect(pixelRefusal(header('jpeg', 8000, 6000, true))).toMatch(/16\.8 megapixels as a progressive JPEG/);
    expect(pixelRefusal(header('png', 4096, 4096))).toBeNull();
    expect(pixelRefusal(header('png', 4097, 4096))).toMatch(/16\.8 megapixels as a PNG/);
    expect(pixelRefusal(header('webp', 4096, 4096))).toBeNull();
    expect(pixelRefusal(header('webp', 16383, 16383))).toMatch(/16\.8 megapixels as a WebP \(this one has 268\.4\)/);
    // A 4K screenshot saved interlaced fits; the outside probe's 7000×7000 does not.
    expect(pixelRefusal(header('png', 3840, 2160, true))).toBeNull();
    expect(pixelRefusal(header('png', 2896, 2896, true))).toBeNull();
    expect(pixelRefusal(header('png', 7000, 7000, true))).toBe(
      'Profile image must be at most 8.4 megapixels as an interlaced PNG (this one has 49.0): choose a smaller picture.',
    );
  });
});
