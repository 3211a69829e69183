import type { PortalConfig } from './api/types.ts';

export type Branding = Pick<PortalConfig, 'productName' | 'manufacturer' | 'supportEmail'>;

/** Neutral defaults until GET /api/v1/config answers; a deployment changes them by configuration. */
export const DEFAULT_BRANDING: Branding = {
  productName: 'Data Act Portal',
  manufacturer: '',
  supportEmail: '',
};

export function brandingOf(config: PortalConfig | undefined): Branding {
  if (!config) return DEFAULT_BRANDING;
  return {
    productName: config.productName,
    manufacturer: config.manufacturer,
    supportEmail: config.supportEmail,
  };
}
