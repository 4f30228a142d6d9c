import { describe, expect, it } from 'vitest';
import { scrollHints } from './scroll-hints.ts';

describe('scroll hints of the phone section menu', () => {
  it('shows none when every item fits', () => {
    expect(scrollHints(0, 360, 360)).toEqual({ before: false, after: false });
  });

  it('points only forward at the start of a longer strip', () => {
    expect(scrollHints(0, 360, 900)).toEqual({ before: false, after: true });
  });

  it('points both ways in the middle and only back at the end', () => {
    expect(scrollHints(200, 360, 900)).toEqual({ before: true, after: true });
    expect(scrollHints(540, 360, 900)).toEqual({ before: true, after: false });
  });

  it('ignores sub-pixel rounding at the ends', () => {
    expect(scrollHints(539.5, 360, 900)).toEqual({ before: true, after: false });
    expect(scrollHints(0.5, 360, 900)).toEqual({ before: false, after: true });
  });
});
