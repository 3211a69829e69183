import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { roleHintParam } from '../../auth/oidc-settings.ts';
import type { Config } from '../../config.ts';
import { listAccounts, signUp } from './accounts.ts';
import {
  type AccountPageInput,
  newNonce,
  pageSecurityPolicy,
  renderAccountPage,
  renderNoticePage,
  type SignUpKind,
} from './interaction-page.ts';
import { devIdpMountPath } from './provider.ts';

type Form = Record<string, string | undefined>;
type Params = { uid: string };

function sendPage(reply: FastifyReply, status: number, html: (nonce: string) => string, formOrigin: string) {
  const nonce = newNonce();
  return reply
    .code(status)
    .header('content-security-policy', pageSecurityPolicy(nonce, formOrigin))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html(nonce));
}

/** The account picker and sign-up forms the built-in provider shows for its login prompt. */
export function registerInteractionRoutes(
  scope: FastifyInstance,
  provider: () => Promise<Provider>,
  config: Config,
): void {
  const formOrigin = new URL(config.publicUrl).origin;
  const restartUrl = `${config.publicUrl}/login`;

  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      (nonce) =>
        renderNoticePage(
          'This sign-in has expired',
          'The sign-in took too long or was already used. Go back to the portal and start again.',
          restartUrl,
          nonce,
        ),
      formOrigin,
    );

  async function details(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    try {
      const interaction = await (await provider()).interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid && interaction.prompt.name === 'login'
        ? interaction
        : null;
    } catch {
      return null;
    }
  }

  async function page(
    reply: FastifyReply,
    uid: string,
    roleHint: unknown,
    problem?: AccountPageInput['problem'],
  ) {
    const input: AccountPageInput = {
      productName: config.brand.productName,
      action: `${devIdpMountPath}/interaction/${encodeURIComponent(uid)}`,
      accounts: await listAccounts(reply.request.world),
      roleHint: roleHint === 'agent' ? 'agent' : roleHint === 'user' ? 'user' : null,
      ...(problem ? { problem } : {}),
    };
    return sendPage(reply, problem ? 400 : 200, (nonce) => renderAccountPage(input, nonce), formOrigin);
  }

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) => {
    const target = await (await provider()).interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(target, 303);
  };

  scope.get<{ Params: Params }>(`${devIdpMountPath}/interaction/:uid`, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    return page(reply, interaction.uid, interaction.params[roleHintParam]);
  });

  scope.post<{ Params: Params; Body: Form }>(
    `${devIdpMountPath}/interaction/:uid`,
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      const form = request.body ?? {};
      if (form.intent === 'cancel') {
        return finish(request, reply, {
          error: 'access_denied',
          error_description: 'The sign-in was cancelled.',
        });
      }
      if (form.intent === 'sign-up') {
        const kind: SignUpKind = form.kind === 'agent' ? 'agent' : 'user';
        const fullName = form.fullName ?? '';
        const email = form.email ?? '';
        const outcome = await signUp(request.world, kind, fullName, email);
        if (!outcome.ok) {
          return page(reply, interaction.uid, interaction.params[roleHintParam], {
            kind,
            message: outcome.message,
            fullName,
            email,
          });
        }
        return finish(request, reply, { login: { accountId: outcome.userId, remember: false } });
      }
      const user = form.accountId
        ? await request.world.prisma.user.findUnique({ where: { id: form.accountId } })
        : null;
      if (!user) return page(reply, interaction.uid, interaction.params[roleHintParam]);
      return finish(request, reply, { login: { accountId: user.id, remember: false } });
    },
  );
}
