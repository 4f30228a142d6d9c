import { useDeferredValue, useMemo, useState } from 'react';
import { fetchGyms, SearchBox, SkeletonCardList } from '../directory/index.ts';
import { GymCard } from './gym-card.tsx';
import { filterGyms } from './gym-search.ts';
import { useDirectoryLoad } from '../lib/index.ts';
import { useProgressiveList } from './use-progressive-list.ts';
import './gyms.css';
import { PageTitle } from '../ui/index.ts';

const noGyms: never[] = [];

/**
 * /gyms — every public gym, filtered in the page on each keystroke (§2, §5). The list is fetched
 * once; the filter is memoised and the cards render a few screens at a time, so typing stays smooth
 * with thousands of gyms.
 */
export function GymsPage() {
  const [query, setQuery] = useState('');
  const load = useDirectoryLoad('gyms', fetchGyms);
  const gyms = load.state === 'ready' ? load.data : noGyms;
  // The box echoes each key at once; the list (up to thousands of cards) follows at a lower priority,
  // so typing never waits for cards to mount (bench/RESULTS.md, gym-search).
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => filterGyms(gyms, deferredQuery), [gyms, deferredQuery]);
  const { visible, hasMore, sentinelRef } = useProgressiveList(shown);
  const error = load.state === 'failed' ? load.message : load.state === 'missing' ? 'Not Found' : '';

  return (
    <main className="page">
      <PageTitle>Gyms — Mastr</PageTitle>
      <h1>Gyms</h1>
      <SearchBox placeholder="Search Gyms here..." label="Search gyms" value={query} onChange={setQuery} />
      {error && (
        <p className="directory-error" role="alert">
          {error}
        </p>
      )}
      {load.state === 'ready' && (
        <p className="sr-only" role="status">
          {shown.length === 1 ? '1 gym' : `${shown.length} gyms`}
        </p>
      )}
      {load.state === 'loading' ? (
        <SkeletonCardList label="Loading gyms" />
      ) : shown.length === 0 ? (
        <p className="directory-empty">No Gyms to Display</p>
      ) : (
        <ul className="card-grid directory-grid" aria-label="Gyms">
          {visible.map((gym) => (
            <GymCard key={gym._id} gym={gym} />
          ))}
        </ul>
      )}
      {hasMore && <div ref={sentinelRef} aria-hidden="true" />}
    </main>
  );
}
