import type { PortalPrisma } from '../db/client.ts';
export type Probe = PortalPrisma;
