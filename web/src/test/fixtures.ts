import type { CurrentUser, PortalConfig, Product, ProductList } from '../lib/api/types.ts';

export const portalConfig: PortalConfig = {
  productName: 'Test Data Portal',
  manufacturer: 'Acme Motors',
  supportEmail: 'support@acme.test',
  mode: 'demo',
  devMode: true,
  defaultLanguage: 'en',
};

const base = { termsToAccept: null, agentStatus: null } as const;

export const owner: CurrentUser = {
  ...base,
  id: 'usr_owner',
  email: 'owner@example.com',
  fullName: 'Olivia Owner',
  role: 'user',
};
export const admin: CurrentUser = {
  ...base,
  id: 'usr_admin',
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  role: 'admin',
};
export const activeAgent: CurrentUser = {
  ...base,
  id: 'usr_fleet',
  email: 'fleet@example.com',
  fullName: 'Fleet Analytics Ltd',
  role: 'agent',
  agentStatus: 'active',
};
/** An agent account in another state of registration than active (`handle`: its id and e-mail). */
const agentIn = (agentStatus: CurrentUser['agentStatus'], handle: string): CurrentUser => ({
  ...activeAgent,
  id: `usr_${handle}`,
  email: `${handle}@example.com`,
  agentStatus,
});
export const pendingAgent = agentIn('pending', 'pending');
export const rejectedAgent = agentIn('rejected', 'rejected');
export const newAgent = agentIn(null, 'newco');
export const termsUser: CurrentUser = {
  ...owner,
  id: 'usr_terms',
  email: 'terms@example.com',
  termsToAccept: 'tnc-2025-01',
};

export const vehicle: Product = {
  id: 'prd_vehicle_1',
  externalId: 'WVWZZZ1JZXW000001',
  productType: 'VEHICLE',
  dataCollectionEnabled: true,
  productFields: { model: 'ID.4 Pro', brand: 'Volta' },
};

export const wallbox: Product = {
  id: 'prd_wallbox_1',
  externalId: 'WB-2024-0042',
  productType: 'WALLBOX',
  dataCollectionEnabled: false,
  productFields: { name: 'Garage charger' },
};

export const products: ProductList = { vehicles: [vehicle], wallboxes: [wallbox] };
export const noProducts: ProductList = { vehicles: [], wallboxes: [] };
