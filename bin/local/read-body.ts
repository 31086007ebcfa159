import type { IncomingMessage } from 'node:http';

export type BodyRead = { kind: 'complete'; body: Buffer } | { kind: 'too_large'; drained: boolean };

/**
 * Reads a request body, keeping at most `maxBytes`. Past the cap the rest is read and dropped (up
 * to `drainBytes`) so the client, still sending, gets to see the 413 rather than a reset connection.
 */
export function readBody(request: IncomingMessage, maxBytes: number, drainBytes = maxBytes * 16): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) chunks.push(chunk);
      else if (received > drainBytes) {
        request.off('data', onData);
        request.pause();
        resolve({ kind: 'too_large', drained: false });
      }
    };
    request.on('data', onData);
    request.once('end', () =>
      resolve(received > maxBytes ? { kind: 'too_large', drained: true } : { kind: 'complete', body: Buffer.concat(chunks) }),
    );
    request.once('error', reject);
  });
}
