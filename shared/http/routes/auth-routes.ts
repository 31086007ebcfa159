import { getConfig } from '#shared/config.js';
import { MessageBody, SignedOut, VerifyRequest, VerifyResponse, registerRequest } from '#shared/http/schemas/account-schemas.js';
import { defineFamilyRoutes, errors, ok, perIp } from './define-routes.js';

const config = getConfig();

export const authRoutes = defineFamilyRoutes('auth', {
  register: {
    auth: 'none',
    tags: ['Account'],
    summary: 'Send a sign-in link (always 202, whether or not the address is known)',
    rateLimit: perIp('register', config.registerLimitPerHour, 3_600),
    body: registerRequest(config.emailMaxLength),
    responses: { ...ok(202, 'Accepted', MessageBody), ...errors(400, 429) },
  },
  showSignInPage: {
    auth: 'none',
    tags: ['Account'],
    // No query schema: whatever the link's `?token=` holds (missing, malformed, huge, repeated), the
    // answer is this HTML page, which says what is wrong; a JSON 400 would be unreadable in a browser.
    summary: 'The page a sign-in link (`?token=…`) opens; it does not consume the token',
    responses: { 200: { description: 'An HTML page with a button that signs in', contentType: 'text/html' } },
  },
  verifySignIn: {
    auth: 'none',
    tags: ['Account'],
    summary:
      'Exchange a sign-in token for a new API key, or for a dashboard session when the account is at its key limit (shown once; never revokes a key)',
    body: VerifyRequest,
    responses: { ...ok(200, 'The new key, or a dashboard session', VerifyResponse), ...errors(400, 429) },
  },
  signOut: {
    auth: 'key',
    session: 'only',
    metered: false,
    tags: ['Account'],
    summary: 'Sign out: end the dashboard session sent as the Bearer token (an API key is revoked instead)',
    responses: { ...ok(200, 'Signed out; the session answers 401 from now on', SignedOut), ...errors(401) },
  },
});
