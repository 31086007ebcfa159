import { writeBrowserBundles } from '#lib/browser-bundling.js';
import { startLocalStack, type LocalStack } from './local/stack.js';
import { consoleLog } from './local/log.js';
import { startMailEcho } from './local/mail-echo.js';
import { stopOnSignals } from './local/shutdown-signals.js';

/**
 * `npm start`: the whole service on 127.0.0.1 with local stand-ins of DynamoDB, SQS and SES.
 * PORT, DYNAMODB_PORT, SQS_PORT, SES_PORT (0 = any free port), DATA_DIR, and RESCAN_INTERVAL_SECONDS
 * (the local stand-in for the weekly schedule, default 600; 0 turns it off).
 */
const rescanIntervalSeconds = Number(process.env.RESCAN_INTERVAL_SECONDS ?? '600');
if (!Number.isFinite(rescanIntervalSeconds) || rescanIntervalSeconds < 0) {
  console.error(`RESCAN_INTERVAL_SECONDS=${process.env.RESCAN_INTERVAL_SECONDS} is not a number of seconds`);
  process.exit(1);
}

// The pages' scripts as browser/ is now: the functions read the bundles when they load (lib/browser-bundling.ts).
writeBrowserBundles();

let stack: LocalStack | undefined;
// Installed before startup: a Ctrl-C while services start exits, and the exit hooks kill DynamoDB Local.
stopOnSignals(async () => stack?.stop(), consoleLog);
try {
  stack = await startLocalStack({ rescanIntervalMs: rescanIntervalSeconds * 1_000, log: consoleLog });
} catch (error) {
  console.error(`Could not start the local stack: ${(error as Error).message}`);
  process.exit(1);
}
const { urls } = stack;
console.log(
  `Local stack ready: API ${urls.api} · DynamoDB ${urls.dynamodb} · SQS ${urls.sqs} · SES ${urls.ses} (mail at ${urls.sesStore})`,
);
console.log(`  API        ${urls.api}/api/health · ${urls.api}/api/openapi.json`);
console.log(`  DynamoDB   ${urls.dynamodb} · ${stack.dataDir === null ? 'in memory' : `data in ${stack.dataDir}/dynamodb`}`);
console.log(`  SQS        ${urls.sqs} · fauxqs, in memory: queues are recreated empty on every start`);
console.log(`  SES        ${urls.ses} (web UI) · sent mail as JSON at ${urls.sesStore}`);
console.log(
  `  Rescan     ${rescanIntervalSeconds > 0 ? `sweep every ${rescanIntervalSeconds} s` : 'timer off'} · now: npm run rescan [-- --all]`,
);
console.log('  Mail       each sent mail is printed here, with its sign-in link');
console.log('Ctrl-C stops everything.');
startMailEcho({ storeUrl: urls.sesStore, log: consoleLog });
