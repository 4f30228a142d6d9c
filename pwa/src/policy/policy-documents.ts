/** The legal documents under /policy (§1, §2): one route per document, listed on /policy. */
export type PolicySlug = 'termsofuse' | 'privacy' | 'cookies';

export interface PolicyDocument {
  slug: PolicySlug;
  title: string;
  summary: string;
}

/** When the texts were last changed; shown on every document. */
export const POLICY_UPDATED = '21 November 2026';

/** Where questions, requests and complaints about these documents go. */
export const POLICY_CONTACT_EMAIL = 'hello@mastr.uk';

export const POLICY_DOCUMENTS: readonly PolicyDocument[] = [
  {
    slug: 'termsofuse',
    title: 'Terms of Use',
    summary: 'Using Mastr, booking and paying for sessions, cancellations and refunds, and resolving disputes.',
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    summary: 'What personal data we collect, why, who sees it, how long we keep it and your rights.',
  },
  {
    slug: 'cookies',
    title: 'Cookie Policy',
    summary: 'The one sign-in cookie we set and what the app stores on your device.',
  },
];

export function policyPath(slug: PolicySlug): string {
  return `/policy/${slug}`;
}
