import { completeSignIn } from '#shared/use-cases/accounts/complete-sign-in.js';
import { signOut } from '#shared/use-cases/accounts/dashboard-session.js';
import { requestSignIn } from '#shared/use-cases/accounts/sign-in.js';
import { callerOf } from '#shared/http/caller-of.js';
import { authRoutes } from '#shared/http/routes/auth-routes.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import type { Built } from '#shared/dependencies.js';
import type { Config } from '#shared/config.js';
import { signInPage, signInPageCsp } from '#shared/http/pages/sign-in-page.js';
import { permissionsPolicy } from '#shared/http/security-headers.js';
import { createTable } from '#shared/db/client.js';
import { createQueue } from '#shared/adapters/queue.js';
import { createPepperSource } from '#shared/adapters/key-pepper.js';

/** Built with only what this function uses, so its bundle and cold start carry nothing else. */
export function wire(config: Config) {
  return {
    table: createTable(config),
    queue: createQueue(config),
    keyPepper: createPepperSource(config),
  };
}

export const operations: FamilyHandlers<'auth', Built<typeof wire>> = {
  register: async (request, deps) => ({ status: 202, body: await requestSignIn(request.body.email, deps) }),
  showSignInPage: async () => ({
    status: 200,
    html: signInPage(),
    headers: {
      'content-security-policy': signInPageCsp,
      // The page's Copy button writes the new key to the clipboard.
      'permissions-policy': permissionsPolicy(['clipboard-write']),
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
    },
  }),
  verifySignIn: async (request, deps) => ({ status: 200, body: await completeSignIn(request.body.token, deps) }),
  signOut: async (request, deps) => ({ status: 200, body: await signOut(callerOf(request), deps) }),
};

export const handler = createFamilyHandler({ family: 'auth', routes: authRoutes, operations }, wire);
