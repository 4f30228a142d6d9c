import { useLayoutEffect } from 'react';

/**
 * The document's title while this page is shown (decision 159). React 19 hoisted a title element
 * rendered anywhere into the head; Preact, the renderer the PWA ships through `preact/compat`, does
 * not, so the title is set here and the one before it put back when the page goes. Navigating from
 * one titled page to another ends on the new one: the old page's clean-up runs first.
 */
export function PageTitle({ children }: { children: string }): null {
  useLayoutEffect(() => {
    const before = document.title;
    document.title = children;
    return () => {
      document.title = before;
    };
  }, [children]);
  return null;
}
