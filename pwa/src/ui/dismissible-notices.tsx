/**
 * Notices that stay until dismissed, each a list item with its text and a Dismiss button (the
 * timetable's and the availability's refused edits). The list and its live region are the page's.
 */
export function DismissibleNotices({
  notices,
  onDismiss,
}: {
  notices: readonly { id: string; text: string }[];
  onDismiss: (id: string) => void;
}) {
  return (
    <>
      {notices.map(({ id, text }) => (
        <li key={id} className="avail-notice">
          <p className="avail-notice__text">{text}</p>
          <button
            type="button"
            className="button button--ghost"
            aria-label={`Dismiss: ${text}`}
            onClick={() => onDismiss(id)}
          >
            Dismiss
          </button>
        </li>
      ))}
    </>
  );
}
