import type { AddressInfo } from 'node:net';
import sesPackage from 'aws-ses-v2-local';
import { assertPortFree } from './free-port.js';

// A CommonJS package: Node hands ESM its module.exports, some loaders (Vite's) its `default` export.
const startServer = typeof sesPackage === 'function' ? sesPackage : sesPackage.default;

export interface SesLocal {
  /** The SES API endpoint; also serves the mail viewer at `/` and the sent mail as JSON at `/store`. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/** aws-ses-v2-local in this process, on loopback. Sent mail is kept in memory. */
export async function startSesLocal(options: { port: number }): Promise<SesLocal> {
  if (options.port !== 0) await assertPortFree(options.port, 'SES_PORT');
  const server = await startServer({ host: '127.0.0.1', port: options.port });
  // Its listen callback also runs when listening failed, so check that it did listen.
  const address = server.address() as AddressInfo | null;
  if (address === null) throw new Error(`aws-ses-v2-local could not listen on 127.0.0.1:${options.port}`);
  const port = address.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
