import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { dynamoDbLocalOnPort } from '#test/integration/support/processes.js';

/**
 * Faults of the local stack's DynamoDB Local: pausing it (SIGSTOP/SIGCONT) and restarting it (killed,
 * then the same command line started again on the same port and data folder). The restarted process
 * is ours, not part of `npm start`'s, so `stop` ends it.
 */
export interface DatabaseFaults {
  pause(ms: number): Promise<void>;
  /** Kills DynamoDB Local and starts it again; resolves once it answers. */
  restart(): Promise<void>;
  /** Resumes a paused process and stops a restarted one. */
  stop(): Promise<void>;
}

async function currentPid(port: number): Promise<number> {
  const [found] = await dynamoDbLocalOnPort(port);
  if (!found) throw new Error(`No DynamoDB Local found on port ${port}`);
  return found.pid;
}

/** Any HTTP answer on the port means DynamoDB Local is serving again. */
async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

export function databaseFaults(port: number): DatabaseFaults {
  let paused: number | null = null;
  let restarted: ChildProcess | null = null;
  return {
    async pause(ms) {
      const pid = await currentPid(port);
      paused = pid;
      signal(pid, 'SIGSTOP');
      await sleep(ms);
      signal(pid, 'SIGCONT');
      paused = null;
    },
    async restart() {
      const pid = await currentPid(port);
      const [argv, cwd, environ] = await Promise.all([
        readFile(`/proc/${pid}/cmdline`, 'utf8').then((text) => text.split('\0').filter((part) => part !== '')),
        readlink(`/proc/${pid}/cwd`),
        readFile(`/proc/${pid}/environ`, 'utf8'),
      ]);
      const env = Object.fromEntries(
        environ
          .split('\0')
          .filter((entry) => entry.includes('='))
          .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
      );
      signal(pid, 'SIGKILL');
      for (let waited = 0; (await dynamoDbLocalOnPort(port)).length > 0; waited += 100) {
        if (waited > 10_000) throw new Error('DynamoDB Local did not exit after SIGKILL');
        await sleep(100);
      }
      // stdin stays a pipe we hold: the launcher exits when it closes, so it cannot outlive this command.
      const child = spawn(argv[0]!, argv.slice(1), { cwd, env, detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
      child.stdin?.on('error', () => undefined);
      restarted = child;
      for (let waited = 0; !(await answers(port)); waited += 200) {
        if (child.exitCode !== null) throw new Error(`The restarted DynamoDB Local exited (${child.exitCode})`);
        if (waited > 60_000) throw new Error('The restarted DynamoDB Local did not answer within 60 s');
        await sleep(200);
      }
    },
    async stop() {
      if (paused !== null) signal(paused, 'SIGCONT');
      const child = restarted;
      if (child === null || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      signal(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => signal(-child.pid!, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
