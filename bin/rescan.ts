import { parseArgs } from 'node:util';
import { loadConfig } from '#shared/config.js';

/** `npm run rescan [-- --all]`: asks the running local stack to run the weekly rescan sweep now. */
const { values } = parseArgs({ options: { all: { type: 'boolean', default: false } } });
const url = `http://127.0.0.1:${loadConfig().port}/_local/rescan`;
try {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ all: values.all }),
  });
  const body = await response.text();
  console.log(body);
  process.exitCode = response.status === 202 ? 0 : 1;
} catch (error) {
  console.error(`No local stack answered at ${url} (start it with npm start): ${(error as Error).message}`);
  process.exitCode = 1;
}
