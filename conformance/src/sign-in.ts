import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SignIn } from './http-client.ts';

// How the kit signs in. The persona (a seeded user's email) is what the case needs; the target
// decides what identifies a caller:
//   persona-header  `X-User-Id: <persona>` (the reference server in development, test and demo modes)
//   bearer / cookie one identity given on the command line, used for every signed-in case: the cases
//                   that need another role or another tenant cannot be judged and are skipped
//   script          a module exporting `signIn({ target, persona }) => headers`, called once per persona:
//                   each persona its own identity, so roles and tenants are tested

export type SignInOption =
  | { kind: 'persona-header' }
  | { kind: 'bearer'; token: string }
  | { kind: 'cookie'; cookie: string }
  | { kind: 'script'; file: string };

const headerWhenSignedIn =
  (headers: (persona: string) => Record<string, string>): SignIn =>
  async (persona) =>
    persona ? headers(persona) : {};

export async function createSignIn(option: SignInOption, target: string): Promise<SignIn> {
  switch (option.kind) {
    case 'persona-header':
      return headerWhenSignedIn((persona) => ({ 'x-user-id': persona }));
    case 'bearer':
      return headerWhenSignedIn(() => ({ authorization: `Bearer ${option.token}` }));
    case 'cookie':
      return headerWhenSignedIn(() => ({ cookie: option.cookie }));
    case 'script': {
      const module = (await import(pathToFileURL(resolve(option.file)).href)) as {
        signIn?: (input: { target: string; persona: string }) => Promise<Record<string, string>>;
      };
      if (typeof module.signIn !== 'function') {
        throw new Error(
          `${option.file} must export an async function signIn({ target, persona }) returning headers`,
        );
      }
      const cache = new Map<string, Promise<Record<string, string>>>();
      const signIn = module.signIn;
      return async (persona) => {
        if (!persona) return {};
        if (!cache.has(persona)) cache.set(persona, signIn({ target, persona }));
        return (await cache.get(persona)) ?? {};
      };
    }
  }
}

/** The values a sign-in option carries that no report may show. */
export function secretsOf(option: SignInOption): string[] {
  if (option.kind === 'bearer') return [option.token];
  if (option.kind === 'cookie')
    return [
      option.cookie,
      ...option.cookie.split(';').map((part) => part.split('=').slice(1).join('=').trim()),
    ];
  return [];
}
