import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quietLog } from '../../bin/local/log.js';
import { startLocalStack, type LocalStack } from '../../bin/local/stack.js';

/**
 * A local stack for a test project's global setup: DynamoDB Local in memory, every port chosen free
 * (a developer's running `npm start` is never touched), the rescan timer off, quiet logs, scans
 * allowed to reach loopback, a patient DynamoDB deadline. `env` adds the project's own settings. Returns the stack and its teardown.
 */
export async function startTestStack(name: string, env: Record<string, string>): Promise<{ stack: LocalStack; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), `readiness-${name}-`));
  const stack = await startLocalStack({
    port: 0,
    dynamodbPort: 0,
    sqsPort: 0,
    sesPort: 0,
    dataDir,
    inMemory: true,
    rescanIntervalMs: 0,
    ownPublicBaseUrl: true,
    // The stand-in shares two cores with the whole suite: an answer can take seconds, which the deployed
    // 2 s deadline would turn into 503s. test/integration/database-pause.test.ts runs the deployed deadlines.
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', ALLOW_PRIVATE_TARGETS: '127.0.0.1', DYNAMODB_REQUEST_TIMEOUT_MS: '10000', ...env },
    log: quietLog,
  });
  return {
    stack,
    stop: async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
      expectNoRefusals(name, stack.iam());
    },
  };
}

/**
 * Every AWS call the stack's functions made was checked against their synthesised policies; a refusal
 * fails the run even where the code caught it (a worker retrying, a log line), since AWS would refuse it too.
 */
function expectNoRefusals(name: string, tally: ReturnType<LocalStack['iam']>): void {
  const functions = Object.keys(tally.byFunction).length;
  console.log(`Local IAM check (${name}): ${tally.checked} AWS calls of ${functions} functions checked, ${tally.refused.length} refused`);
  if (tally.refused.length > 0) {
    const lines = tally.refused.slice(0, 20).map((refusal) => `  ${refusal.function ?? 'outside any function'}: ${refusal.message}`);
    throw new Error(`The local IAM check refused ${tally.refused.length} calls of the ${name} stack:\n${lines.join('\n')}`);
  }
}
