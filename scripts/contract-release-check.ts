// Breaking-change check of the contract against its last release.
//
//   node --import tsx scripts/contract-release-check.ts            fail on a breaking change without a major bump
//   node --import tsx scripts/contract-release-check.ts --release  copy openapi.yaml to contract/releases/openapi-<version>.yaml
//
// Releases are kept as contract/releases/openapi-<version>.yaml; the highest version is the baseline.
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareVersions, findBreakingChanges, parseVersion } from '../contract/src/breaking-changes.ts';
import { loadContract } from '../contract/src/document.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractFile = join(root, 'openapi.yaml');
const releasesDir = join(root, 'contract/releases');
const changelog = join(root, 'contract/CHANGELOG.md');

type Version = [number, number, number];
const show = (v: Version) => v.join('.');

function latestRelease(): { version: Version; file: string } | undefined {
  const releases = readdirSync(releasesDir)
    .map((name) => ({ name, version: parseVersion(/^openapi-(.+)\.yaml$/.exec(name)?.[1]) }))
    .filter((r): r is { name: string; version: Version } => r.version !== undefined)
    .sort((a, b) => compareVersions(b.version, a.version));
  const top = releases[0];
  return top && { version: top.version, file: join(releasesDir, top.name) };
}

function fail(lines: string[]): never {
  console.error(lines.join('\n'));
  process.exit(1);
}

const current = loadContract(contractFile);
const version = parseVersion((current.info as { version?: string } | undefined)?.version);
if (!version) fail(['openapi.yaml: info.version must be a semantic version such as 1.2.0.']);

if (process.argv.includes('--release')) {
  const target = join(releasesDir, `openapi-${show(version)}.yaml`);
  if (existsSync(target)) fail([`${relative(root, target)} already exists: bump info.version first.`]);
  copyFileSync(contractFile, target);
  console.log(`released ${relative(root, target)}`);
  process.exit(0);
}

const baseline = latestRelease();
if (!baseline) fail([`No release in ${relative(root, releasesDir)}: run this script with --release once.`]);

if (compareVersions(version, baseline.version) < 0) {
  fail([
    `openapi.yaml info.version ${show(version)} is lower than the last release ${show(baseline.version)}.`,
  ]);
}

const changes = findBreakingChanges(loadContract(baseline.file), current);
// Semantic versioning: a breaking change needs a new major version (a new minor one before 1.0.0).
const bumpedEnough =
  baseline.version[0] === 0
    ? compareVersions(version, [0, baseline.version[1] + 1, 0]) >= 0
    : version[0] > baseline.version[0];

if (changes.length > 0 && !bumpedEnough) {
  const next: Version =
    baseline.version[0] === 0 ? [0, baseline.version[1] + 1, 0] : [baseline.version[0] + 1, 0, 0];
  fail([
    `openapi.yaml has ${changes.length} breaking change(s) since release ${show(baseline.version)}:`,
    ...changes.map((c) => `  - ${c.where}: ${c.what}`),
    '',
    'Either make the change additive (optional parameter or property, new operation, new status),',
    'or release a new major version of the contract:',
    `  1. set info.version to ${show(next)} in openapi.yaml`,
    `  2. add a "## ${show(next)}" section listing these changes to contract/CHANGELOG.md`,
    '  3. npm run contract:release   (keeps contract/releases/openapi-<version>.yaml as the new baseline)',
  ]);
}

if (compareVersions(version, baseline.version) > 0) {
  const text = existsSync(changelog) ? readFileSync(changelog, 'utf8') : '';
  if (!new RegExp(`^## \\[?${show(version).replaceAll('.', '\\.')}\\b`, 'm').test(text)) {
    fail([
      `contract/CHANGELOG.md has no "## ${show(version)}" section: describe what changed in this version.`,
    ]);
  }
}

console.log(
  `contract ${show(version)}: no breaking change since release ${show(baseline.version)}` +
    (changes.length > 0 ? ` (${changes.length} breaking change(s) covered by the version bump)` : ''),
);
