import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { collectOutput, exited } from './child-output.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface StartedService {
  api: string;
  dynamodbPort: number;
  ses: string;
  stop(): Promise<void>;
}

/** `npm start` on free ports with a data folder of its own and extra settings; resolves once it is ready. */
export async function npmStart(dataDir: string, env: Record<string, string> = {}): Promise<StartedService> {
  const child = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      DYNAMODB_PORT: '0',
      SQS_PORT: '0',
      SES_PORT: '0',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: '',
      KEY_PEPPER: '',
      RESCAN_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'ERROR',
      ...env,
    },
  });
  const output = collectOutput(child);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGINT');
    await exited(child);
  };
  try {
    const [, api, dynamodbPort, ses] = await output.waitFor(
      /Local stack ready: API (http:\/\/127\.0\.0\.1:\d+) · DynamoDB http:\/\/127\.0\.0\.1:(\d+) .*· SES (http:\/\/127\.0\.0\.1:\d+)/,
      60_000,
    );
    return { api: api!, dynamodbPort: Number(dynamodbPort), ses: ses!, stop };
  } catch (error) {
    process.kill(-child.pid!, 'SIGKILL');
    throw error;
  }
}
