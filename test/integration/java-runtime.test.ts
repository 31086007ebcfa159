import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJavaRuntime, javaRequirement } from '../../bin/local/java-runtime.js';

describe('the Java check before DynamoDB Local starts', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'readiness-java-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function fakeJava(modules: string): Promise<string> {
    const path = join(folder, `java-${Math.random().toString(36).slice(2)}`);
    await writeFile(path, `#!/bin/sh\nprintf '${modules}\\n'\n`);
    await chmod(path, 0o755);
    return path;
  }

  it('says how to install Java when there is none', async () => {
    await expect(checkJavaRuntime(join(folder, 'no-such-java'))).rejects.toThrow(javaRequirement);
    expect(javaRequirement).toBe('DynamoDB Local needs Java 17+: install a JDK (e.g. apt-get install openjdk-17-jre-headless) and retry');
  });

  it('refuses a Java older than 17', async () => {
    await expect(checkJavaRuntime(await fakeJava('java.base@11.0.22\\njdk.compiler@11.0.22'))).rejects.toThrow(/Java 17\+.*found Java 11/);
  });

  it('refuses a Java without the compiler module the loopback launcher needs', async () => {
    await expect(checkJavaRuntime(await fakeJava('java.base@17.0.15'))).rejects.toThrow(/jdk\.compiler/);
  });

  it('accepts a Java 17+ with the compiler module', async () => {
    await expect(checkJavaRuntime(await fakeJava('java.base@21.0.3\\njdk.compiler@21.0.3'))).resolves.toBeUndefined();
  });
});
