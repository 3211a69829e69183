// `npm start` and `npm run dev` enter here. Node's compile cache goes on first, so every module the
// server loads after it (its own TypeScript, which Node strips of types itself, and its packages)
// is compiled once and read back from the cache on the next start; then the server starts (main.ts).
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./main.ts');
