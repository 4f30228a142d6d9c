import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's browser build, as the package hands it over for injection into pages. */
const AXE_SOURCE = axe.source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
  }
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now, each as
 * `rule (impact): help — selectors`. The source is evaluated through the DevTools protocol, which the
 * app's Content-Security-Policy does not govern (a script tag would be refused).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe!.run(document, {
      resultTypes: ['violations'],
      // Experimental in axe, so off by default; a visible label the accessible name does not contain
      // breaks speech control ("click Mo 23"), which WCAG 2.5.3 asks for (issue 24).
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
}
