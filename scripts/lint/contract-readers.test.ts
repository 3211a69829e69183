import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describeLineRule, matchingLines } from './line-rule.ts';

// The contract is read once: @portal/contract/operations indexes every operation with its references
// followed, and @portal/contract/document holds the one `$ref` resolver. No other file walks the
// contract's `paths` or resolves a `$ref` by hand.

const root = path.resolve(import.meta.dirname, '../..');
const owners = new Set(['contract/src/operations.ts', 'contract/src/document.ts']);

const readers: Array<[string, RegExp]> = [
  ['a loop over the paths', /Object\.(?:entries|values|keys)\(\s*[\w.?]*\.paths\b/],
  ['an operation looked up under paths', /\.paths\??\.?\[\s*[\w.]+\.path\s*\]/],
  ['a $ref resolved by hand', /\$ref\b[^\n]*\.(?:split|replace|slice|lastIndexOf)\(/],
];

describeLineRule({
  says: 'the contract is read through its operation index',
  find: (source) => matchingLines(source, (line) => readers.find(([, pattern]) => pattern.test(line))?.[0]),
  probe: {
    shows: 'loops over paths, lookups under paths and hand-made $ref resolution',
    lines: [
      'for (const [path, item] of Object.entries(document.paths)) {',
      'for (const item of Object.values(doc.paths ?? {})) {',
      'const raw = document.paths[operation.path]?.[method];',
      "const shared = components[parameter.$ref.split('/').pop() ?? ''];",
      "const target = node.$ref.replace(/^#\\//, '');",
      'const operation = index.get(operationId);',
      "const url = link.split('/').pop();",
    ],
    found: [
      '1: a loop over the paths',
      '2: a loop over the paths',
      '3: an operation looked up under paths',
      '4: a $ref resolved by hand',
      '5: a $ref resolved by hand',
    ],
  },
  covers: {
    atLeast: 100,
    what: 'every TypeScript and JavaScript file of the repository',
    root,
    files: () =>
      execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: root })
        .toString()
        .split('\n')
        .filter((file) => file && !owners.has(file) && !file.startsWith('scripts/lint/')),
  },
});
