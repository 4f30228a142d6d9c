import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records Content-Security-Policy violations (issue 16) from pages of the contexts it watches: each
 * document's `securitypolicyviolation` events from its first script on, and CSP errors on the console.
 */
export class CspWatch {
  /** Every violation so far, as `directive blocked-uri (source:line) at url`, and CSP console errors. */
  readonly violations: string[] = [];

  /** A page of `context` whose every document records violations. */
  async newPage(context: BrowserContext): Promise<Page> {
    await context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations!.push(
          `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text()))
        this.violations.push(`console: ${message.text()} at ${page.url()}`);
    });
    return page;
  }

  /** Collects what the current document recorded (before a navigation replaces it). */
  async collect(page: Page): Promise<void> {
    const recorded = await page.evaluate(() => window.__cspViolations ?? []);
    this.violations.push(...recorded.map((v) => `${v} at ${page.url()}`));
  }
}
