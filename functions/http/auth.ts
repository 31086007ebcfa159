import { completeSignIn, requestSignIn } from '#shared/domain/accounts/sign-in.js';
import { createFamilyHandler, type FamilyHandlers } from '#shared/http/family-handler.js';
import { signInPage, signInPageCsp } from '#shared/http/pages/sign-in-page.js';
import { permissionsPolicy } from '#shared/http/security-headers.js';

export const operations: FamilyHandlers<'auth'> = {
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
};

export const handler = createFamilyHandler('auth', operations);
