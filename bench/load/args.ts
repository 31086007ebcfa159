import { parseArgs } from 'node:util';
import { assertLoopback } from '../support/local-service.js';

export interface LoadOptions {
  seconds: number;
  faults: boolean;
  /** An already running service (loopback only), with its SES stand-in; null: start one. */
  url: string | null;
  ses: string | null;
}

export const usage = 'npm run load -- --seconds N [--faults] [--url http://127.0.0.1:PORT --ses http://127.0.0.1:SES_PORT]';

export function parseLoadArgs(argv: readonly string[]): LoadOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seconds: { type: 'string', default: '20' },
      faults: { type: 'boolean', default: false },
      url: { type: 'string' },
      ses: { type: 'string' },
    },
    strict: true,
  });
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3_600)
    throw new Error(`--seconds must be a whole number from 1 to 3600 (${usage})`);
  const url = values.url === undefined ? null : assertLoopback(values.url).origin;
  const ses = values.ses === undefined ? null : assertLoopback(values.ses).origin;
  if (url !== null && ses === null)
    throw new Error(`--url needs --ses (the service's SES stand-in, to sign the load's accounts up) (${usage})`);
  if (url !== null && values.faults)
    throw new Error('--faults needs a service the command starts itself (it pauses and restarts its DynamoDB Local)');
  return { seconds, faults: values.faults, url, ses };
}
