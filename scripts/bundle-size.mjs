// Gzipped size of the JavaScript the login route loads before it is interactive: the entry script of
// the page /login serves (web/dist/login.html, else index.html) and every chunk it preloads; all other
// code is in lazy chunks. Run after `npm run build`. `--budget-kb N` fails (exit 1) above N kB; `npm
// test` runs it with the budget below.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetIndex = process.argv.indexOf('--budget-kb');
const budgetKb = budgetIndex >= 0 ? Number(process.argv[budgetIndex + 1]) : null;
if (budgetKb !== null && !(budgetKb > 0)) throw new Error('--budget-kb takes a positive number');

const dist = path.resolve('web/dist');
const page = existsSync(path.join(dist, 'login.html')) ? 'login.html' : 'index.html';
const html = readFileSync(path.join(dist, page), 'utf8');
// Entry scripts and modulepreload links; `rel="prefetch"` (the app, for after sign-in) is not first load.
const scripts = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="(\/assets\/[^"]+\.js)"/g),
].map((match) => match[1]);
let total = 0;
for (const script of scripts) {
  const bytes = readFileSync(path.join(dist, script));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} kB  ${script}`);
}
const totalKb = total / 1024;
console.log(
  `${totalKb.toFixed(1).padStart(7)} kB  gzipped JavaScript for /login (${scripts.length} files, ${page})`,
);
if (budgetKb !== null) {
  if (totalKb > budgetKb) {
    console.error(`First load of /login is ${totalKb.toFixed(1)} kB, above its budget of ${budgetKb} kB.`);
    process.exitCode = 1;
  } else {
    console.log(`within the budget of ${budgetKb} kB`);
  }
}
