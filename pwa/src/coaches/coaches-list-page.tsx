import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { matchesCoachSearch } from '@mastr/rules/listing.ts';
import type { CoachListItem } from '@mastr/rules/api/directory.ts';
import { fetchCoaches, SearchBox, SkeletonCardList } from '../directory/index.ts';
import { CoachCard } from './coach-card.tsx';
import './coaches.css';
import { PageTitle } from '../ui/index.ts';

type ListState =
  { phase: 'loading' } | { phase: 'loaded'; coaches: CoachListItem[] } | { phase: 'failed'; message: string };

/**
 * /coaches (§2): every public coach, newest first as the server sends them, filtered on each
 * keystroke by first or last name. A list seen before opens offline from the service worker's
 * runtime cache.
 */
export function CoachesListPage() {
  const [state, setState] = useState<ListState>({ phase: 'loading' });
  const [query, setQuery] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    fetchCoaches(controller.signal).then(
      (coaches) => setState({ phase: 'loaded', coaches }),
      (err: Error) => {
        if (!controller.signal.aborted) setState({ phase: 'failed', message: err.message });
      },
    );
    return () => controller.abort();
  }, []);

  // As on /gyms: the box echoes each key at once, the list follows at a lower priority.
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(
    () => (state.phase === 'loaded' ? state.coaches.filter((coach) => matchesCoachSearch(coach, deferredQuery)) : []),
    [state, deferredQuery],
  );

  return (
    <main className="page coaches-page">
      <PageTitle>Coaches · Mastr</PageTitle>
      <h1>Coaches</h1>
      <SearchBox
        placeholder="Search Coaches here..."
        label="Search coaches by name or discipline"
        value={query}
        onChange={setQuery}
      />
      {state.phase === 'failed' && (
        <p className="directory-error" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'loading' ? (
        <SkeletonCardList label="Loading coaches" />
      ) : shown.length ? (
        <ul className="card-grid directory-grid" aria-label="Coaches">
          {shown.map((coach) => (
            <CoachCard key={coach._id} coach={coach} />
          ))}
        </ul>
      ) : (
        <p className="coaches-page__empty" role="status">
          No Coaches to Display
        </p>
      )}
    </main>
  );
}
