import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on right now. Only for DynamoDB Local, which cannot report the port
 * it bound; the in-process services listen on port 0 and read theirs back.
 */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

/** Fails with the variable to change when `port` is taken, e.g. by another `npm start`. */
export async function assertPortFree(port: number, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', (error) => reject(explainPortConflict(error, port, variable)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Adds the variable to change to an address-in-use error; other errors pass unchanged. */
export function explainPortConflict(error: unknown, port: number, variable: string): Error {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return new Error(`Port ${port} on 127.0.0.1 is already in use (another npm start?); set ${variable} to a free port, or 0 for any`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export async function withPortHint<T>(starting: Promise<T>, port: number, variable: string): Promise<T> {
  try {
    return await starting;
  } catch (error) {
    throw explainPortConflict(error, port, variable);
  }
}
