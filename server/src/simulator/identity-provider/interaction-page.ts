import { randomBytes } from 'node:crypto';

export interface PageAccount {
  id: string;
  email: string;
  fullName: string;
  role: string;
}

export type SignUpKind = 'user' | 'agent';

export interface AccountPageInput {
  productName: string;
  action: string;
  accounts: readonly PageAccount[];
  /** Which sign-up form comes first: the login page's "User or Company" choice. */
  roleHint: SignUpKind | null;
  /** A failed sign-up: which form, what went wrong, and what was typed (shown again). */
  problem?: { kind: SignUpKind; message: string; fullName: string; email: string };
}

const roleLabels: Record<string, string> = { user: 'data owner', agent: 'company', admin: 'administrator' };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Only the nonce'd style element may run: no scripts, no external assets, forms post back to the portal. */
export function pageSecurityPolicy(nonce: string, formOrigin: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${formOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const newNonce = () => randomBytes(16).toString('base64');

const styles = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:44rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.6rem;margin:0 0 .5rem}
h2{font-size:1.2rem;margin:0 0 .75rem}
section{background:#fff;border:1px solid #d0d4da;border-radius:8px;padding:1.25rem;margin:1.25rem 0}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
button{font:inherit;cursor:pointer;border-radius:6px}
.account{width:100%;text-align:left;padding:.6rem .8rem;border:1px solid #8a94a3;background:#fff;display:flex;flex-direction:column}
.account:hover{background:#eef3fb}
.email{font-weight:600}
.who{color:#4a5260;font-size:.9rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{font:inherit;width:100%;padding:.5rem;border:1px solid #8a94a3;border-radius:6px}
.primary{margin-top:1rem;padding:.55rem 1.1rem;border:0;background:#0b5cad;color:#fff;font-weight:600}
.secondary{padding:.45rem 1rem;border:1px solid #8a94a3;background:#fff}
.error{color:#a4161a;font-weight:600;margin:.75rem 0 0}
button:focus-visible,input:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
`;

function accountList(input: AccountPageInput): string {
  if (input.accounts.length === 0) return '<p>There are no accounts yet. Sign up below.</p>';
  const items = input.accounts
    .map(
      (
        account,
      ) => `<li><button class="account" type="submit" name="accountId" value="${escapeHtml(account.id)}">
<span class="email">${escapeHtml(account.email)}</span>
<span class="who">${escapeHtml(account.fullName)} · ${escapeHtml(roleLabels[account.role] ?? account.role)}</span>
</button></li>`,
    )
    .join('\n');
  return `<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="intent" value="choose">
<ul>
${items}
</ul>
</form>`;
}

function signUpForm(input: AccountPageInput, kind: SignUpKind): string {
  const problem = input.problem?.kind === kind ? input.problem : undefined;
  const title = kind === 'user' ? 'Sign up as a new user' : 'Sign up as a new company';
  const nameLabel = kind === 'user' ? 'Full name' : 'Contact name';
  const errorId = `${kind}-error`;
  const described = problem ? ` aria-describedby="${errorId}" aria-invalid="true"` : '';
  return `<section aria-labelledby="${kind}-title">
<h2 id="${kind}-title">${title}</h2>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="intent" value="sign-up">
<input type="hidden" name="kind" value="${kind}">
<label for="${kind}-name">${nameLabel}</label>
<input id="${kind}-name" name="fullName" required maxlength="100" autocomplete="name" value="${escapeHtml(problem?.fullName ?? '')}">
<label for="${kind}-email">Email</label>
<input id="${kind}-email" name="email" type="email" required maxlength="254" autocomplete="email" value="${escapeHtml(problem?.email ?? '')}"${described}>
${problem ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(problem.message)}</p>` : ''}
<button class="primary" type="submit">${title}</button>
</form>
</section>`;
}

/** The built-in provider's sign-in page: pick a seeded persona by email, or create a user or company account. */
export function renderAccountPage(input: AccountPageInput, nonce: string): string {
  const order: SignUpKind[] = input.roleHint === 'agent' ? ['agent', 'user'] : ['user', 'agent'];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · ${escapeHtml(input.productName)} development sign-in</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body>
<main>
<h1>Sign in to ${escapeHtml(input.productName)}</h1>
<p>This is the development identity provider built into the reference server. No password is needed:
choose an account, or create a new one.</p>
<section aria-labelledby="accounts-title">
<h2 id="accounts-title">Choose an account</h2>
${accountList(input)}
</section>
${order.map((kind) => signUpForm(input, kind)).join('\n')}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="intent" value="cancel">
<button class="secondary" type="submit">Cancel sign-in</button>
</form>
</main>
</body>
</html>`;
}

/** Shown when the sign-in cannot continue here, e.g. it expired or its cookie is missing. */
export function renderNoticePage(title: string, message: string, restartUrl: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<section><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(restartUrl)}">Back to the sign-in page</a></p></section>
</main>
</body>
</html>`;
}
