import { useState } from 'react';

let issued = 0;

/**
 * An id no other element on the page has, kept for the component's lifetime (decision 159). Preact's
 * `useId` derives an id from the component's place in its tree and repeats it across lazily loaded
 * parts: the shell's menu and a page's dialog both got `P0-0`, so the dialog took the menu's name
 * and a label could point at another page's field. A counter cannot repeat, and the PWA renders on
 * the client only, so no server-rendered id has to match it.
 */
export function useUniqueId(): string {
  const [id] = useState(() => `uid-${(issued += 1).toString(36)}`);
  return id;
}
