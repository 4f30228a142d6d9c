import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { GoLiveChecklistPanel } from './go-live-checklist-panel.tsx';
import { NOT_FINISHED_SIGNING_UP } from '@mastr/rules/texts.ts';
import { BASIC_PLAN_ITEM, type GoLiveChecklist } from './go-live-checklist.ts';

const render = (checklist: GoLiveChecklist) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <GoLiveChecklistPanel checklist={checklist} />
    </MemoryRouter>,
  );

/** [href, text] of every link in the markup. */
const linksIn = (html: string) => [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);

describe('the go-live checklist panel', () => {
  it('shows nothing for a live account', () => {
    expect(render({ active: true, steps: [], plan: null, banner: null })).toBe('');
  });

  it("puts the coach's banner above the steps, each a link to its page", () => {
    const html = render({
      active: false,
      steps: [
        { key: 'price', label: 'Set your hourly price', to: '/coachdashboard/account' },
        { key: 'payments', label: 'Submit your payments details with Stripe', to: '/coachdashboard/stripe' },
      ],
      plan: null,
      banner: NOT_FINISHED_SIGNING_UP,
    });
    expect(html.indexOf('You have not finished signing up.')).toBeGreaterThanOrEqual(0);
    expect(html.indexOf('You have not finished signing up.')).toBeLessThan(html.indexOf('<ol'));
    expect(linksIn(html)).toEqual([
      ['/coachdashboard/account', 'Set your hourly price'],
      ['/coachdashboard/stripe', 'Submit your payments details with Stripe'],
    ]);
  });

  it('tells an Active gym without a plan that it is not listed, linking to the plan', () => {
    const html = render({ active: true, steps: [], plan: BASIC_PLAN_ITEM, banner: null });
    expect(html).toContain('Your gym is Active but not subscribed, so it is not listed.');
    expect(linksIn(html)).toEqual([['/gymdashboard/stripe', BASIC_PLAN_ITEM.label]]);
  });
});
