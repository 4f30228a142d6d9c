/** Brand splash shown while the silent session refresh runs (§2, §4) and while a dashboard chunk loads. */
export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="splash__word" aria-hidden="true">
        Mast<span className="brand__accent">r</span>
      </span>
      <span className="sr-only">Mastr is loading…</span>
    </div>
  );
}
