/**
 * The mock data of this package's own openapi.yaml (`./mock-operations.ts`). In the repository it is
 * computed from the contract on disk; `npm run pack` replaces this module by the computed data
 * (scripts/packages/pack.ts), so the packaged MSW handlers read no file and run in a browser.
 */
import { loadContract } from './document.ts';
import { type MockOperation, mockOperations } from './mock-operations.ts';
import { indexOperations } from './operations.ts';

export const contractMocks: readonly MockOperation[] = mockOperations(indexOperations(loadContract()));
