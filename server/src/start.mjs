// `npm start`, `npm run serve` and `npm run dev` enter here. Node's compile cache goes on first, so every
// module the server loads after it (its own TypeScript, stripped of types by Node, and its packages) is
// compiled once and read back from the cache on the next start; then the server starts (main.ts). This
// entry is JavaScript so that a start whose modules are all in the cache never loads Node's TypeScript
// stripper (amaro): the cache keeps the stripped text too (decisions 0046, 0072).
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./main.ts');
