import type { ChildProcess } from 'node:child_process';
import { waitUntil } from '../../../bin/local/wait-until.js';

/** Collects a child's stdout and stderr, and waits for a line matching a pattern. */
export function collectOutput(child: ChildProcess) {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return {
    text: () => text,
    async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
      let match: RegExpExecArray | null = null;
      await waitUntil(
        () => {
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`The child exited before printing ${pattern}:\n${text}`);
          match = pattern.exec(text);
          return match !== null;
        },
        { timeoutMs, intervalMs: 50, description: `${pattern} in the child's output` },
      ).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; its output so far:\n${text}`);
      });
      return match!;
    },
  };
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
