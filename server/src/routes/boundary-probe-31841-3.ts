import type { User } from '../generated/prisma/client.ts';
export type Probe = User;
