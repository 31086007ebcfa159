import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The local stack's key pepper: kept in the data folder so keys issued before a restart still work
 * (a new pepper would orphan every stored digest); a fresh one for in-memory stacks.
 */
export function localKeyPepper(dataDir: string | null): Promise<string> {
  return keptSecret(dataDir, 'key-pepper');
}

/**
 * The local stack's Web Bot Auth key secret, `{"current": "<material>"}` as the deployed secret holds it
 * (docs/decisions/097-web-bot-auth-key-of-its-own.md): kept in the data folder so the directory keeps its
 * key across restarts, as verifiers cache it; a fresh one for in-memory stacks.
 */
export async function localWebBotAuthKey(dataDir: string | null): Promise<string> {
  return JSON.stringify({ current: await keptSecret(dataDir, 'web-bot-auth-key') });
}

/** 48 random bytes (base64url) in `dataDir/name`, made once; a fresh value when there is no data folder. */
async function keptSecret(dataDir: string | null, name: string): Promise<string> {
  if (dataDir === null) return randomBytes(48).toString('base64url');
  const file = join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
