import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LoopbackServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Requests received so far, in order. */
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1, on a free port, dispatching on the request path. */
export async function startLoopbackServer(routes: Record<string, RouteHandler>): Promise<LoopbackServer> {
  let connections = 0;
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    const handler = routes[path];
    if (handler) {
      handler(req, res);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
