import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook delivery as a receiver saw it. */
export interface Arrival {
  /** The endpoint's path: which account's webhook it was. */
  path: string;
  webhookId: string;
  type: string;
  /** answered: a 2xx was written; abandoned: the sender had gone before the answer. */
  outcome: 'pending' | 'answered' | 'abandoned';
}

export interface SlowReceiver {
  origin: string;
  arrivals: Arrival[];
  /** Deliveries arriving from now until `untilMs` (Date.now()) get no answer before then. */
  hangUntil(untilMs: number): void;
  close(): Promise<void>;
}

/**
 * A webhook endpoint on loopback that answers 200 only after `delayMs` (a slow but healthy receiver),
 * recording each delivery by its `webhook-id`.
 */
export async function startSlowReceiver(delayMs: number): Promise<SlowReceiver> {
  const arrivals: Arrival[] = [];
  let hangUntilMs = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let type = 'unknown';
      try {
        type = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type?: unknown }).type);
      } catch {
        // recorded as unknown
      }
      const arrival: Arrival = {
        path: request.url ?? '',
        webhookId: String(request.headers['webhook-id'] ?? ''),
        type,
        outcome: 'pending',
      };
      arrivals.push(arrival);
      const wait = Math.max(delayMs, hangUntilMs - Date.now());
      setTimeout(() => {
        if (response.destroyed || request.socket.destroyed) {
          arrival.outcome = 'abandoned';
          return;
        }
        response.once('finish', () => (arrival.outcome = 'answered'));
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }, wait);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    hangUntil: (untilMs) => void (hangUntilMs = untilMs),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
