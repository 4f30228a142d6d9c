import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DismissibleNotices } from './dismissible-notices.tsx';

describe('dismissible notices', () => {
  it('shows each notice as an item with its text and a Dismiss button named after it', () => {
    const html = renderToStaticMarkup(
      <ul>
        <DismissibleNotices
          notices={[
            { id: 'a', text: 'Your edit of the week of 7 Dec could not be saved.' },
            { id: 'b', text: 'Your edit of the default week could not be saved.' },
          ]}
          onDismiss={() => {}}
        />
      </ul>,
    );
    const items = [...html.matchAll(/<li class="avail-notice">(.*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('<p class="avail-notice__text">Your edit of the week of 7 Dec could not be saved.</p>');
    expect(items[1]).toContain('aria-label="Dismiss: Your edit of the default week could not be saved."');
    expect(items[1]).toContain('>Dismiss</button>');
  });
});
