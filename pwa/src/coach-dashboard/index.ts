// What other folders use from coach-dashboard/ (decision 187); app.tsx loads the dashboard lazily by its own file.
export { socialLinksOf } from './social-links.ts';
