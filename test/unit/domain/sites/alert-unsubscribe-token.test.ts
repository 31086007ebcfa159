import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  maxSitesPerToken,
  readUnsubscribeToken,
  unsubscribeLink,
  unsubscribePath,
  unsubscribeToken,
} from '#shared/model/sites/alert-unsubscribe-token.js';
import { routeIndex } from '#shared/http/route-index.js';

const pepper = 'p'.repeat(48);
const scope = { accountId: randomUUID(), siteIds: [randomUUID()] };

/** The token with one base64url character changed (never to the same value). */
function altered(token: string, at: number): string {
  const swap = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${swap}${token.slice(at + 1)}`;
}

describe('alert unsubscribe tokens', () => {
  it('name the account and sites they were made for, in 64 characters for one site', () => {
    const token = unsubscribeToken(scope, pepper);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(readUnsubscribeToken(token, pepper)).toEqual(scope);
    const many = { accountId: scope.accountId, siteIds: Array.from({ length: maxSitesPerToken }, () => randomUUID()) };
    expect(readUnsubscribeToken(unsubscribeToken(many, pepper), pepper)).toEqual(many);
  });

  it('refuse any change: a changed id or MAC, another pepper, or a site added', () => {
    const token = unsubscribeToken(scope, pepper);
    // Every position: the account id, the site id and the MAC (48 bytes: no spare bits).
    for (let at = 0; at < token.length; at += 1) expect(readUnsubscribeToken(altered(token, at), pepper)).toBe('forged');
    expect(readUnsubscribeToken(token, 'q'.repeat(48))).toBe('forged');
    const bytes = Buffer.from(token, 'base64url');
    const withSite = Buffer.concat([bytes.subarray(0, 32), Buffer.alloc(16, 7), bytes.subarray(32)]).toString('base64url');
    expect(readUnsubscribeToken(withSite, pepper)).toBe('forged');
  });

  it('call anything that cannot be a token malformed', () => {
    for (const bad of ['', 'abc', 'a'.repeat(63), '!'.repeat(64), `${unsubscribeToken(scope, pepper)}=`, 'A'.repeat(5000)]) {
      expect(readUnsubscribeToken(bad, pepper)).toBe('malformed');
    }
    expect(() => unsubscribeToken({ accountId: scope.accountId, siteIds: [] }, pepper)).toThrow();
    expect(() => unsubscribeToken({ accountId: 'not-a-uuid', siteIds: scope.siteIds }, pepper)).toThrow();
  });

  it('make links to the unsubscribe route on the public base URL, whose header line fits SES for 25 sites', () => {
    expect(unsubscribePath).toBe(routeIndex.unsubscribeAlerts.path);
    expect(routeIndex.showAlertUnsubscribePage.path).toBe(unsubscribePath);
    const link = unsubscribeLink('https://api.example.com', scope, pepper);
    expect(link).toBe(`https://api.example.com/api/v1/alerts/unsubscribe?token=${unsubscribeToken(scope, pepper)}`);
    const widest = unsubscribeLink(
      `https://${'a'.repeat(63)}.${'b'.repeat(63)}.example.com`,
      { accountId: scope.accountId, siteIds: Array.from({ length: maxSitesPerToken }, () => randomUUID()) },
      pepper,
    );
    // SES: a header's name and value together at most 996 characters.
    expect('List-Unsubscribe'.length + `<${widest}>`.length).toBeLessThanOrEqual(996);
  });
});
