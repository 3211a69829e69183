// Gzipped size of the JavaScript the login route loads: the entry script of web/dist/index.html and
// every chunk it preloads (all other screens are lazy chunks). Run after `npm run build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const script of scripts) {
  const bytes = readFileSync(path.join(dist, script));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} kB  ${script}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} kB  gzipped JavaScript for /login (${scripts.length} files)`,
);
