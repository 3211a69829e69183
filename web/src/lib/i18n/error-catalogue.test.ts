import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';

/**
 * The specification's error catalogue (section 8), word for word: each is an English text of the app,
 * under a key the app's code uses. The specification writes placeholders as {name}; i18next as
 * {{name}}. (That each is shown where its failure happens is for the screen tests and journeys.)
 */
const CATALOGUE: readonly string[] = [
  "We're unable to connect you at the moment. Please try login later...",
  'An error occurred during login. Please try login later...',
  "Couldn't get your account information. Please try again later..",
  // "with the file name"
  'cannot load the Terms and Conditions, try later or contact support ({file})',
  'cannot proceed',
  'cannot load the file {file}',
  "Couldn't {action} data sharing! Try again later..",
  "Couldn't download files due to some error. Try again later",
  "Downloading data isn't available at this moment!",
  'Failed to fetch products',
  'Action was succesful',
  'This invitation is no longer pending. Please refresh the page.',
  'This invitation could not be found. It may have been deleted or expired.',
  'This invitation cannot be revoked in its current state.',
  'This connected user cannot be removed in its current state.',
  'Failed to remove connected user. Please try again.',
  'Failed to create invitation',
  'Invitation created',
  'Failed to fetch invitations. Try later..',
  'Failed to fetch connected invitations',
  'Failed to get your connected users.',
  'Failed to get permissions',
  'Invalid or expired code.',
  "Couldn't find any registration documents information.",
  "Couldn't complete form submission due to some errors",
  'Your account was submitted for approval',
];

/** Every key of the English pack with its text, as dotted paths. */
function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    texts(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** The app's own code (no tests, no language packs). */
function appSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return appSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [readFileSync(file, 'utf8')]
      : [];
  });
}

describe("the specification's error catalogue", () => {
  const pack = texts(en);
  const code = appSources(path.resolve(import.meta.dirname, '../..')).join('\n');

  it.each(CATALOGUE)('%j is a text of the app, under a key its code uses', (text) => {
    const wanted = text.replace(/\{(\w+)\}/g, '{{$1}}');
    const keys = pack.filter(([, value]) => value === wanted).map(([key]) => key);
    expect(keys, `no English text is exactly ${JSON.stringify(wanted)}`).not.toEqual([]);
    // Used by the code: the whole key, or its last two parts (a key built from a prefix).
    const used = keys.some(
      (key) => code.includes(`'${key}'`) || code.includes(key.split('.').slice(-2).join('.')),
    );
    expect(used, `no code uses ${keys.join(' or ')}`).toBe(true);
  });
});
