import { Link } from 'react-router-dom';

// A client-side route change keeps the scroll position; footer links are clicked at the bottom of
// a page, so they start the new page at its top (§2: terms and privacy links scroll to top).
const toTop = () => window.scrollTo({ top: 0 });

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          Mast<span className="brand__accent">r</span> <span className="site-footer__tagline">Mastr your game.</span>
        </p>
        <nav aria-label="Legal and about">
          <ul>
            <li>
              <Link to="/policy/termsofuse" onClick={toTop}>
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to="/policy/privacy" onClick={toTop}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/policy/cookies" onClick={toTop}>
                Cookies
              </Link>
            </li>
            <li>
              <Link to="/about" onClick={toTop}>
                About
              </Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__small">© {new Date().getFullYear()} Mastr. Prices in pounds sterling (GBP).</p>
      </div>
    </footer>
  );
}
