// The seeded personas of the `demo` scenario the kit signs in as (see the root README), and the
// seeded objects its cases name. A back end under test seeds the same ones, or passes a sign-in
// script that maps these personas to its own accounts.

export const personas = {
  /** owner with products and invitations in every status */
  owner: 'owner@example.com',
  /** another owner: owns none of owner@'s objects */
  second: 'second@example.com',
  /** owner with no products */
  empty: 'empty@example.com',
  /** owner who still has to accept the newest terms */
  terms: 'terms@example.com',
  /** active company connected to owner@ and second@ */
  fleet: 'fleet@example.com',
  /** another active company */
  chargewise: 'chargewise@example.com',
  /** active company whose sharing with owner@ an admin paused (it holds an export of it) */
  saferoad: 'saferoad@example.com',
  /** company whose registration is in review */
  pending: 'pending@example.com',
  /** company that has not registered yet */
  newco: 'newco@example.com',
  /** company with documents uploaded, registration not submitted */
  draft: 'draft@example.com',
  /** second company in review: the one rejectAgentApplication's example rejects */
  review: 'review@example.com',
  /** company with one document uploaded and no registration: deleteAgentFile's example */
  starter: 'starter@example.com',
  admin: 'admin@example.com',
} as const;

export type Persona = (typeof personas)[keyof typeof personas];

/** Who may not call an operation of each role (the 403 case). */
export const outsiderOf: Record<string, Persona> = {
  [personas.owner]: personas.fleet,
  [personas.terms]: personas.fleet,
  [personas.empty]: personas.fleet,
  [personas.fleet]: personas.owner,
  [personas.newco]: personas.owner,
  [personas.draft]: personas.owner,
  [personas.starter]: personas.owner,
  [personas.second]: personas.fleet,
  [personas.pending]: personas.owner,
  [personas.admin]: personas.owner,
};

/** An id that no seeded object has (valid by the contract's `Id` pattern). */
export const unknownId = 'no-such-id-0';

/** newco@'s company registration, with the ids of documents it uploaded first. */
export const newcoRegistration = (type: 'sme' | 'large', fileIds: string[]) => ({
  legalName: 'New Company Mobility Services S.A.',
  displayName: 'NewCo Mobility',
  vatNumber: '123456789',
  country: 'GR',
  site: 'https://newco.example.com',
  type,
  sanction: false,
  gatekeeper: false,
  representative: { title: 'ms', firstname: 'Eleni', surname: 'Nikolaou' },
  fileIds,
});
