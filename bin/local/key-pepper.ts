import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The local stack's key pepper: kept in the data folder so keys issued before a restart still work
 * (a new pepper would orphan every stored digest); a fresh one for in-memory stacks.
 */
export async function localKeyPepper(dataDir: string | null): Promise<string> {
  if (dataDir === null) return randomBytes(48).toString('base64url');
  const file = join(dataDir, 'key-pepper');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pepper = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${pepper}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
