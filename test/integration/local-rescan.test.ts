import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/http.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function runRescanCommand(port: string, args: string[]) {
  return new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'bin/rescan.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, PORT: port } },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

describe('POST /_local/rescan (dev server only; used by npm run rescan)', () => {
  it('runs the sweep now and answers 202', async () => {
    const response = await callApi('/_local/rescan', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"all": true}',
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ all: true });
  });

  it('rejects a non-boolean "all" with 400 {"error"}', async () => {
    const response = await callApi('/_local/rescan', { method: 'POST', body: '{"all": "yes"}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringContaining('all') });
  });

  it('answers other methods with 405', async () => {
    const response = await callApi('/_local/rescan');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('is what npm run rescan calls, exiting 0 once the sweep ran, and 1 when no stack answers', async () => {
    const port = new URL(inject('apiBaseUrl')).port;
    const ran = await runRescanCommand(port, ['--all']);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ all: true });
    const nobody = await runRescanCommand('9', []);
    expect(nobody.code).toBe(1);
  }, 30_000);
});
