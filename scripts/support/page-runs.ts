// What the page-load scripts (start-trace.ts, lighthouse-cpu.ts) share: their command line (builds as
// `--variant name=url`, `--runs N`, then `-- path` or `email:path` targets) and the sign-in through the
// development provider.
import type { BrowserContext } from 'playwright-core';

export type Target = { email: string | null; path: string };

/** The command line: the builds to compare, the runs per build and target, the targets. */
export function pageRunArgs(args: readonly string[], defaultRuns: number) {
  const option = (name: string) =>
    args.flatMap((arg, index) => (arg === `--${name}` ? [args[index + 1] ?? ''] : []));
  const variants = option('variant').map((value) => {
    const [name = '', url = ''] = value.split(/=(.*)/s);
    return { name, url };
  });
  if (variants.length === 0) throw new Error('Give at least one --variant name=url');
  const targets: Target[] = args.slice(args.indexOf('--') + 1).map((target) => {
    const at = target.lastIndexOf(':/');
    return at < 0
      ? { email: null, path: target }
      : { email: target.slice(0, at), path: target.slice(at + 1) };
  });
  return { variants, targets, runs: Number(option('runs')[0] ?? defaultRuns) };
}

/** Signs `context` in as `email` at the server `url` (development provider: test or demo mode). */
export async function signIn(context: BrowserContext, url: string, email: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: 'Login / Sign up' }).click();
  await page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') }).click();
  await page.waitForURL(
    (at) => !at.pathname.startsWith('/oidc') && !at.pathname.startsWith('/auth/callback'),
  );
  await page.close();
}
