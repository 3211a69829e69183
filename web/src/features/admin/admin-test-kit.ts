import type { Schemas } from '../../lib/api/types.ts';

export type Application = Schemas['AgentApplication'];
export type Sharing = Schemas['Sharing'];

export const pendingApplication: Application = {
  id: 'app_pending',
  status: 'pending',
  email: 'pending@example.com',
  fullName: 'Petra Pending',
  submittedAt: '2025-03-10T09:00:00.000Z',
  decidedAt: null,
  registration: {
    legalName: 'New Company Mobility Services S.A.',
    displayName: 'NewCo Mobility',
    vatNumber: '123456789',
    country: 'GR',
    site: 'https://newco.example.com',
    type: 'sme',
    sanction: false,
    gatekeeper: true,
    representative: { title: 'ms', firstname: 'Eleni', surname: 'Nikolaou' },
  },
  files: [
    {
      id: 'fil_reg_1',
      section: 'REGISTRATION',
      filename: 'registry-extract.pdf',
      size: 204800,
      contentType: 'application/pdf',
    },
    {
      id: 'fil_sme_1',
      section: 'SME_CONFIRMATION',
      filename: 'sme.png',
      size: 3 * 1024 * 1024,
      contentType: 'image/png',
    },
  ],
};

export const activeApplication: Application = {
  ...pendingApplication,
  id: 'app_active',
  status: 'active',
  email: 'fleet@example.com',
  decidedAt: '2025-03-12T09:00:00.000Z',
  registration: { ...pendingApplication.registration, displayName: 'Fleet Analytics', site: null },
  files: [],
};

export const acceptedSharing: Sharing = {
  id: 'inv_accepted',
  status: 'ACCEPTED',
  ownerEmail: 'owner@example.com',
  ownerName: 'Olga Owner',
  agentName: 'Fleet Analytics',
  agentEmail: 'fleet@example.com',
  createdAt: '2025-03-01T10:00:00.000Z',
  statusChangedAt: '2025-03-02T10:00:00.000Z',
  productCount: 2,
};

export const pausedSharing: Sharing = {
  ...acceptedSharing,
  id: 'inv_paused',
  status: 'PAUSED_BY_ADMIN',
  ownerName: 'Paul Paused',
  ownerEmail: 'paul@example.com',
};

export const declinedSharing: Sharing = {
  ...acceptedSharing,
  id: 'inv_declined',
  status: 'DECLINED',
  ownerName: 'Dana Declined',
};
