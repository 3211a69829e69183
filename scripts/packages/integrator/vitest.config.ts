import { defineConfig } from 'vitest/config';

// Compiling the contract's validators takes seconds on a loaded CI machine: not vitest's 5 s default.
export default defineConfig({ test: { include: ['*.test.ts'], testTimeout: 60_000 } });
