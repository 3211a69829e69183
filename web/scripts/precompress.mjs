// Last step of the web build: brotli (quality 11) and gzip (level 9) copies beside every text file in
// dist/, done once here instead of on every request. The server sends them as they are
// (@fastify/static `preCompressed`) to browsers that accept the encoding.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const minimumBytes = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // The sign-in pages per mode are read by the server, which fills them in and compresses the result.
    if (entry.isDirectory()) {
      if (entry.name !== 'login-pages') yield* files(full);
    } else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  if (statSync(file).size < minimumBytes) continue;
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
  before += bytes.length;
  after += brotli.length;
}
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`,
);
