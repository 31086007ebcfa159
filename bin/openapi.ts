import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from '#shared/http/openapi.js';

/** `npm run openapi`: writes openapi.json, which a test compares with the generated document. */
const target = new URL('../openapi.json', import.meta.url);
await writeFile(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target.pathname}`);
