/**
 * Whether a sideways-scrolling strip (the dashboards' section menu on phones) hides items before or
 * after what is in view, so the frame can draw a hint at that edge. Pure: measured values in, flags
 * out. A pixel of slack absorbs sub-pixel rounding at either end.
 */
export interface ScrollHints {
  before: boolean;
  after: boolean;
}

export function scrollHints(scrollLeft: number, clientWidth: number, scrollWidth: number): ScrollHints {
  return { before: scrollLeft > 1, after: scrollLeft + clientWidth < scrollWidth - 1 };
}
