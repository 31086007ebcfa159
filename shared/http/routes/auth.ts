import { getConfig } from '#shared/config.js';
import { MessageBody, VerifyRequest, VerifyResponse, registerRequest } from '#shared/http/schemas/account.js';
import { defineFamilyRoutes, errors, ok, perIp } from './define-routes.js';

const config = getConfig();

export const authRoutes = defineFamilyRoutes('auth', {
  register: {
    auth: 'none', tags: ['Account'],
    summary: 'Send a sign-in link (always 202, whether or not the address is known)',
    rateLimit: perIp('register', config.registerLimitPerHour, 3_600), body: registerRequest(config.emailMaxLength),
    responses: { ...ok(202, 'Accepted', MessageBody), ...errors(400, 429) },
  },
  showSignInPage: {
    auth: 'none', tags: ['Account'],
    // No query schema: whatever the link's `?token=` holds (missing, malformed, huge, repeated), the
    // answer is this HTML page, which says what is wrong; a JSON 400 would be unreadable in a browser.
    summary: 'The page a sign-in link (`?token=…`) opens; it does not consume the token',
    responses: { 200: { description: 'An HTML page with a button that signs in', contentType: 'text/html' } },
  },
  verifySignIn: {
    auth: 'none', tags: ['Account'],
    summary: 'Exchange a sign-in token for a new API key (shown once)', body: VerifyRequest,
    responses: { ...ok(200, 'The new key', VerifyResponse), ...errors(400, 429) },
  },
});
