/** The public directory's calls and the parts its gym and coach lists share. */
export { fetchCoach, fetchCoaches, fetchGym, fetchGyms } from './directory-api.ts';
export { SearchBox } from './search-box.tsx';
export { SkeletonCardList } from './skeleton-card.tsx';
