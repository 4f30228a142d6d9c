import { describe, expect, it } from 'vitest';
import { gymCancelledText, gymCancelPrompt } from './gym-cancel-model.ts';

const pass = { clientName: 'Alex', passType: 'Adult', start: '2026-11-28T00:00:00', pricePence: 1500 };

describe("a gym cancelling a member's day pass", () => {
  it('asks with the member, the pass, its date and the full refund that follows', () => {
    expect(gymCancelPrompt(pass)).toEqual({
      question: "Cancel Alex's Adult Day Pass for Saturday 28th November 2026?",
      refund: 'Alex gets a full refund of £15 to their card.',
      notice: 'Alex is emailed that the gym cancelled the pass. This cannot be undone.',
    });
  });

  it('says there is nothing to refund on a pass sold without payment', () => {
    expect(gymCancelPrompt({ ...pass, pricePence: 0 }).refund).toBe(
      'No payment was taken for this pass, so there is nothing to refund.',
    );
  });

  it('reports what the server actually refunded', () => {
    expect(gymCancelledText(pass, 1500)).toBe(
      "Cancelled Alex's Adult Day Pass for Saturday 28th November 2026. £15 refunded to their card. Alex has been emailed.",
    );
    expect(gymCancelledText(pass, 0)).toBe(
      "Cancelled Alex's Adult Day Pass for Saturday 28th November 2026. Nothing to refund (no payment was taken, or it was refunded already). Alex has been emailed.",
    );
  });
});
