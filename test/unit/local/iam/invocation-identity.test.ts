import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionHeader, markCallsTo, runAsFunction } from '../../../../bin/local/iam/invocation-identity.js';

let port: number;
let otherPort: number;
const servers = [createServer(), createServer(), createServer()];
let standInPort: number;
let unmark: () => void;

beforeAll(async () => {
  for (const server of servers) {
    server.on('request', (incoming, response) => response.end(JSON.stringify(incoming.headers)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }
  [port, otherPort, standInPort] = servers.map((server) => (server.address() as AddressInfo).port) as [number, number, number];
  unmark = markCallsTo(port, { standIns: [standInPort] });
});

afterAll(() => {
  unmark();
  for (const server of servers) server.close();
});

/** The headers a request arrived with, sent later in the calling context (as a queued SDK call would be). */
function headersSeen(to: number, headers: Record<string, string> = {}): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      const outgoing = request({ port: to, host: '127.0.0.1', headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve(JSON.parse(body) as IncomingHttpHeaders));
      });
      outgoing.on('error', reject);
      outgoing.end();
    }, 5);
  });
}

describe('the function a call to the local AWS endpoint is made by', () => {
  it('is named from the invocation each request was made in, even for requests racing on one connection pool', async () => {
    const seen = await Promise.all([
      runAsFunction('scanner', () => headersSeen(port)),
      runAsFunction('mcp', () => headersSeen(port)),
      runAsFunction('mailSender', () => headersSeen(port)),
    ]);
    expect(seen.map((headers) => headers[functionHeader])).toEqual(['scanner', 'mcp', 'mailSender']);
  });

  it('is never a name the caller wrote itself: outside an invocation the header is removed, inside it is replaced', async () => {
    expect((await headersSeen(port, { [functionHeader]: 'meta' }))[functionHeader]).toBeUndefined();
    expect((await runAsFunction('web', () => headersSeen(port, { [functionHeader]: 'meta' })))[functionHeader]).toBe('web');
  });

  it('goes only to the local AWS endpoint, never to another host such as a scanned shop', async () => {
    expect((await runAsFunction('scanner', () => headersSeen(otherPort)))[functionHeader]).toBeUndefined();
  });

  it("never reaches a stand-in's own port from within an invocation; the harness outside one still does", async () => {
    await expect(runAsFunction('scanner', () => headersSeen(standInPort))).rejects.toThrow(
      'On the local stack the scanner function reaches AWS only through the local IAM check',
    );
    expect((await headersSeen(standInPort)).host).toBe(`127.0.0.1:${standInPort}`);
  });
});
