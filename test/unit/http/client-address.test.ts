import { describe, expect, it } from 'vitest';
import { clientAddress, viewerIp } from '#shared/http/client-address.js';

const secret = 'edge-secret-0123456789abcdef';
const edgePeer = '130.176.1.10';

function event(headers: Record<string, string>, sourceIp = edgePeer) {
  return { headers, requestContext: { http: { sourceIp } } } as unknown as Parameters<typeof clientAddress>[0];
}

describe('clientAddress: whose per-IP allowance a request spends', () => {
  it('is the connection peer when no origin secret is configured, whatever the headers claim', () => {
    expect(clientAddress(event({ 'x-origin-verify': secret, 'cloudfront-viewer-address': '198.51.100.7:4431' }, '203.0.113.5'), '')).toBe(
      '203.0.113.5',
    );
  });

  it('is the viewer address when the request carries the origin secret', () => {
    expect(clientAddress(event({ 'x-origin-verify': secret, 'cloudfront-viewer-address': '198.51.100.7:4431' }), secret)).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(event({ 'X-Origin-Verify': secret, 'CloudFront-Viewer-Address': '2001:db8::7:443' }), secret)).toBe('2001:db8::7');
  });

  it.each([
    ['no secret', { 'cloudfront-viewer-address': '198.51.100.7:4431' }],
    ['a wrong secret', { 'x-origin-verify': 'guess', 'cloudfront-viewer-address': '198.51.100.7:4431' }],
    ['the secret with a character more', { 'x-origin-verify': `${secret}x`, 'cloudfront-viewer-address': '198.51.100.7:4431' }],
    ['an empty secret', { 'x-origin-verify': '', 'cloudfront-viewer-address': '198.51.100.7:4431' }],
  ])('ignores a viewer address sent with %s', (_name, headers) => {
    expect(clientAddress(event(headers, '203.0.113.5'), secret)).toBe('203.0.113.5');
  });

  it.each([
    '',
    'not-an-ip:80',
    '198.51.100.7',
    '198.51.100.7:',
    '198.51.100.7:99999',
    '198.51.100.7:1,203.0.113.9:2',
    '999.1.1.1:80',
    'localhost:80',
  ])('falls back to the peer when the viewer address %j cannot be read', (value) => {
    expect(clientAddress(event({ 'x-origin-verify': secret, 'cloudfront-viewer-address': value }), secret)).toBe(edgePeer);
  });

  it('falls back to the peer when the distribution sent no viewer address', () => {
    expect(clientAddress(event({ 'x-origin-verify': secret }), secret)).toBe(edgePeer);
  });
});

describe('viewerIp', () => {
  it.each([
    ['192.0.2.1:80', '192.0.2.1'],
    ['2001:db8:0:0:0:0:0:1:65535', '2001:db8:0:0:0:0:0:1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['::ffff:192.0.2.1:80', '::ffff:192.0.2.1'],
  ])('%s -> %s', (value, ip) => {
    expect(viewerIp(value)).toBe(ip);
  });
});
