import { Link, useParams } from 'react-router-dom';
import { fetchGym } from '../directory/index.ts';
import { GymCoachList } from './gym-coach-list.tsx';
import { PageNotFound } from '../shell/index.ts';
import { useDirectoryLoad } from '../lib/index.ts';
import '../directory/directory.css';
import './gyms.css';
import { PageTitle } from '../ui/index.ts';

/** /gyms/{id}/coaches — the coaches registered to a public gym, each linking to its profile (§2). */
export function GymCoachesPage() {
  const { id = '' } = useParams();
  const load = useDirectoryLoad(id, (signal) => fetchGym(id, signal));
  if (load.state === 'missing') return <PageNotFound />;
  const gym = load.state === 'ready' ? load.data : null;
  return (
    <main className="page">
      <PageTitle>{gym ? `${gym.gymName} Coaches — Mastr` : 'Coaches — Mastr'}</PageTitle>
      <p className="sub-nav">
        <Link to={`/gyms/${encodeURIComponent(id)}`}>{gym ? `Back to ${gym.gymName}` : 'Back to the gym'}</Link>
      </p>
      <h1>{gym ? `${gym.gymName} Coaches` : 'Coaches'}</h1>
      {load.state === 'loading' && <p role="status">Loading Coaches...</p>}
      {load.state === 'failed' && (
        <p className="directory-error" role="alert">
          Error: {load.message}
        </p>
      )}
      {gym && <GymCoachList coaches={gym.coachesInformation} />}
    </main>
  );
}
