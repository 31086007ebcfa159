import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ScanTargets {
  shops: string[];
  /** A server that resets every connection. */
  resetting: string;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./targets-process.ts', import.meta.url));

/** Starts bench/load/targets-process.ts as a child and reads its origins. */
export async function startScanTargets(shops: number, latencyMs: number): Promise<ScanTargets> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(shops), String(latencyMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The scan targets exited (${code}) before starting`)));
  });
  const parsed = JSON.parse(line) as { shops: string[]; resetting: string };
  return { ...parsed, stop };
}
