import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Runs a bench child script under tsx from the repository root; its last stdout line is its JSON result. */
export function runJsonChild<T>(child: URL, label: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(child)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    process_.on('error', reject);
    process_.on('close', (code) => {
      const line = stdout.trim().split('\n').pop();
      if (code === 0 && line?.startsWith('{')) resolve(JSON.parse(line) as T);
      else reject(new Error(`${label} child exited ${code}: ${stderr.trim().slice(-800)}`));
    });
  });
}
