// The reads a front end makes on every page, each as the persona that owns the data in the demo
// scenario: one list for the benches that compare servers on reads (team, checkouts).
export interface RepresentativeRead {
  id: string;
  path: string;
  persona: string;
}

export const representativeReads: readonly RepresentativeRead[] = [
  { id: 'listProducts', path: '/api/v1/products', persona: 'owner@example.com' },
  { id: 'getCurrentUser', path: '/api/v1/users/me', persona: 'owner@example.com' },
  { id: 'listUnclaimedInvitations', path: '/api/v1/invitations/unclaimed/ALL', persona: 'owner@example.com' },
  { id: 'listClaimedInvitations', path: '/api/v1/invitations/claimed/ALL', persona: 'owner@example.com' },
  { id: 'listDownloadJobs', path: '/api/v1/products/download/jobs', persona: 'owner@example.com' },
  {
    id: 'listConnectedInvitations',
    path: '/api/v1/agents/invitations/ALL?limit=50',
    persona: 'fleet@example.com',
  },
  { id: 'getAgentStatus', path: '/api/v1/agents', persona: 'fleet@example.com' },
  { id: 'listAgentApplications', path: '/api/v1/admin/applications', persona: 'admin@example.com' },
  { id: 'listSharings', path: '/api/v1/admin/sharings', persona: 'admin@example.com' },
];
