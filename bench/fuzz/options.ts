import { parseArgs } from 'node:util';
import { assertLoopback } from '../support/local-service.js';

export interface FuzzCommandOptions {
  requests: number;
  seed: number;
  concurrency: number;
  /** A running service to fuzz instead of starting one (loopback only), and its local SES stand-in. */
  url: string | undefined;
  ses: string | undefined;
}

const usage = 'usage: npm run fuzz -- --requests N [--seed S] [--concurrency C] [--url http://127.0.0.1:PORT --ses http://127.0.0.1:PORT]';

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`--${name} must be a positive whole number\n${usage}`);
  return Number(value);
}

export function parseFuzzOptions(argv: string[]): FuzzCommandOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      requests: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      url: { type: 'string' },
      ses: { type: 'string' },
    },
    strict: true,
  });
  if ((values.url === undefined) !== (values.ses === undefined)) throw new Error(`--url and --ses go together\n${usage}`);
  if (values.url !== undefined) assertLoopback(values.url);
  if (values.ses !== undefined) assertLoopback(values.ses);
  if (values.seed !== undefined && !/^-?\d+$/.test(values.seed)) throw new Error(`--seed must be a whole number\n${usage}`);
  return {
    requests: positiveInteger(values.requests, 'requests', 2_000),
    seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed) | 0,
    concurrency: positiveInteger(values.concurrency, 'concurrency', 8),
    url: values.url?.replace(/\/$/, ''),
    ses: values.ses?.replace(/\/$/, ''),
  };
}
