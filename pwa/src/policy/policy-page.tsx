import { lazy, Suspense, type ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { GoogleSignInPage } from '../sign-in/google-sign-in-page.tsx';
import {
  POLICY_CONTACT_EMAIL,
  POLICY_DOCUMENTS,
  POLICY_UPDATED,
  policyPath,
  type PolicyDocument,
  type PolicySlug,
} from './policy-documents.ts';
import { PageTitle } from '../ui/index.ts';

// The legal texts are the bulk of the public pages' words: each loads on demand (and is precached for offline).
const BODIES: Record<PolicySlug, ComponentType> = {
  termsofuse: lazy(() => import('./terms-of-use.tsx').then((m) => ({ default: m.TermsOfUse }))),
  privacy: lazy(() => import('./privacy-policy.tsx').then((m) => ({ default: m.PrivacyPolicy }))),
  cookies: lazy(() => import('./cookie-policy.tsx').then((m) => ({ default: m.CookiePolicy }))),
};

/** /policy and its documents. */
export function PolicyPage() {
  return (
    <Routes>
      <Route index element={<PolicyIndex />} />
      {POLICY_DOCUMENTS.map((document) => (
        <Route key={document.slug} path={document.slug} element={<PolicyDocumentPage document={document} />} />
      ))}
      {/* §2: any unknown path shows the Google sign-in screen, inside /policy too. */}
      <Route path="*" element={<GoogleSignInPage />} />
    </Routes>
  );
}

function PolicyIndex() {
  return (
    <main className="page page--reading">
      <PageTitle>Policies · Mastr</PageTitle>
      <h1>Policies</h1>
      <p className="lead">The rules of the Mastr marketplace and how we look after your data.</p>
      <ul className="card-grid">
        {POLICY_DOCUMENTS.map((document) => (
          <li key={document.slug} className="card">
            <h2 className="card__title">
              <Link to={policyPath(document.slug)} className="card__link">
                {document.title}
              </Link>
            </h2>
            <p className="card__text">{document.summary}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

function PolicyDocumentPage({ document }: { document: PolicyDocument }) {
  const Body = BODIES[document.slug];
  return (
    <main className="page page--reading">
      <PageTitle>{`${document.title} · Mastr`}</PageTitle>
      <nav aria-label="Policies" className="sub-nav">
        <Link to="/policy">All policies</Link>
      </nav>
      <article className="legal">
        <h1>{document.title}</h1>
        <p className="legal__updated">Last updated {POLICY_UPDATED}</p>
        <Suspense fallback={<p role="status">Loading...</p>}>
          <Body />
        </Suspense>
        <h2>Contact us</h2>
        <p>
          Questions about this document, or requests about your data, go to{' '}
          <a href={`mailto:${POLICY_CONTACT_EMAIL}`}>{POLICY_CONTACT_EMAIL}</a>. We answer within one month.
        </p>
      </article>
    </main>
  );
}
