import type { LegalKind } from './schemas';

/** The words of /legal, the sign-up agreement and the "please agree again" dialog (issue 15, decision 0057). */
export const legalText = {
  title: 'Legal',
  description: 'The Terms of Service and the Privacy Policy of this service, as in force now.',
  names: { terms: 'Terms of Service', privacy: 'Privacy Policy' } satisfies Record<LegalKind, string>,
  /** Anchors on /legal (#terms, #privacy): the footer's links and the agreement's land on the right one. */
  anchors: { terms: 'terms', privacy: 'privacy' } satisfies Record<LegalKind, string>,
  version: (version: number, date: string) => `Version ${version}, in force since ${date}`,
  contents: 'On this page',
  loadFailed: 'Could not load the documents.',
  retry: 'Try again',
  /** The sign-up form's required box; its two names link to /legal. */
  agreement: { before: 'I agree to the ', terms: 'Terms of Service', and: ' and ', privacy: 'Privacy Policy', after: '' },
  agreementRequired: 'Please agree to the Terms of Service and Privacy Policy to create your account.',
  /** Asked again after sign-in when a newer version is in force (or none was ever recorded). */
  reaccept: {
    title: 'Updated terms',
    text: 'The Terms of Service or the Privacy Policy changed since you last agreed. Please read them and agree to keep using OpenRide.',
    changed: (names: string) => `Changed: ${names}.`,
    read: 'Read the documents',
    accept: 'I agree',
    accepting: 'Saving…',
    failed: 'Could not save your agreement. Please try again.',
    stale: 'A newer version was just published. Please read it and agree again.',
  },
  admin: {
    title: 'Publish a new version',
    intro:
      'Publishing makes the new version the one in force at once: every rider and driver is asked to agree to it when they next open the app. Earlier versions stay on record.',
    kind: 'Document',
    body: 'Text',
    bodyHint: 'Plain paragraphs separated by a blank line. A line starting with "## " is a heading; lines starting with "- " make a list.',
    publish: 'Publish new version',
    publishing: 'Publishing…',
    confirmTitle: (name: string, version: number) => `Publish version ${version} of the ${name}?`,
    confirmText: 'Everyone who uses the app will be asked to agree to it again. This cannot be undone; a later version can replace it.',
    published: (name: string, version: number) => `${name} version ${version} published.`,
    history: 'Versions',
    historyRow: (version: number, date: string, by: string | null) => `Version ${version} · ${date}${by ? ` · ${by}` : ''}`,
    noHistory: 'No versions yet.',
  },
};
