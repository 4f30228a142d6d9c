import './directory.css';

/** A grey placeholder the size of a directory card, shown while the list loads (§2). */
function SkeletonCard() {
  return (
    <li className="card skeleton-card" aria-hidden="true">
      <span className="skeleton-card__block skeleton-card__block--image" />
      <span className="skeleton-card__block skeleton-card__block--title" />
      <span className="skeleton-card__block" />
      <span className="skeleton-card__block skeleton-card__block--short" />
    </li>
  );
}

/** The loading state of a directory list: skeleton cards, announced once to screen readers. */
export function SkeletonCardList({ count = 6, label }: { count?: number; label: string }) {
  return (
    <>
      <p className="sr-only" role="status">
        {label}
      </p>
      <ul className="card-grid directory-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </ul>
    </>
  );
}
