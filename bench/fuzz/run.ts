/**
 * `npm run fuzz -- --requests N`: requests generated from the service's own OpenAPI document (GET
 * /api/openapi.json), every operation reached evenly, every answer checked against the document.
 * Traffic goes to 127.0.0.1 only. The last stdout line is `{"requests","errors5xx","schemaMismatches"}`;
 * the exit code is 0 only when both counts are zero.
 */
import { randomUUID } from 'node:crypto';
import { configDefaults } from '#shared/config.js';
import { startLocalService, type LocalService } from '../support/local-service.js';
import { runFuzz } from './engine.js';
import { setUpFixtures, type Fixtures } from './fixtures.js';
import type { OpenApiDocument } from './openapi-document.js';
import { parseFuzzOptions } from './options.js';
import { formatCoverage, formatFindings } from './report.js';

async function main(): Promise<number> {
  const options = parseFuzzOptions(process.argv.slice(2));
  const started = performance.now();
  console.error(`fuzz: seed ${options.seed} (repeat with --seed ${options.seed}), ${options.requests} requests`);
  let service: LocalService | undefined;
  let fixtures: Fixtures | undefined;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await fixtures?.close();
      await service?.stop();
    })());
  // The service runs in a process group of its own, which a terminal's Ctrl-C does not reach: stop it here.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().finally(() => process.exit(130)));
  }
  try {
    if (!options.url) {
      console.error('fuzz: starting a local service (npm start)…');
      service = await startLocalService({ ALLOW_PRIVATE_TARGETS: '127.0.0.1' });
    }
    const urls = { api: options.url ?? service!.api, ses: options.ses ?? service!.ses };
    const document = (await (await fetch(`${urls.api}/api/openapi.json`)).json()) as OpenApiDocument;
    fixtures = await setUpFixtures(urls, randomUUID().slice(0, 8));
    const result = await runFuzz(document, {
      api: urls.api,
      requests: options.requests,
      seed: options.seed,
      concurrency: options.concurrency,
      fixtures,
      maxBodyBytes: Number(process.env.MAX_REQUEST_BODY_BYTES ?? configDefaults.maxRequestBodyBytes),
      progress: (line) => console.error(line),
    });
    console.error(`fuzz: requests per operation and statuses seen\n${formatCoverage(result)}`);
    console.error(formatFindings(result));
    console.error(`fuzz: ${((performance.now() - started) / 1_000).toFixed(1)} s, seed ${options.seed}`);
    console.log(JSON.stringify({ requests: result.requests, errors5xx: result.errors5xx, schemaMismatches: result.schemaMismatches }));
    return result.errors5xx === 0 && result.schemaMismatches === 0 ? 0 : 1;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
