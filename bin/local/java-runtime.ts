import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const javaRequirement = 'DynamoDB Local needs Java 17+: install a JDK (e.g. apt-get install openjdk-17-jre-headless) and retry';

export class JavaRuntimeError extends Error {}

/**
 * Fails with an actionable message unless `java` is 17 or newer and can compile the small launcher
 * that binds DynamoDB Local to loopback (Java's source-file mode needs the jdk.compiler module).
 */
export async function checkJavaRuntime(java = 'java'): Promise<void> {
  let modules: string;
  try {
    modules = (await execFileAsync(java, ['--list-modules'], { timeout: 15_000 })).stdout;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new JavaRuntimeError(
      `${javaRequirement} (${missing ? `\`${java}\` was not found on PATH` : `\`${java} --list-modules\` failed: Java 8 or older`})`,
    );
  }
  const major = Number(/^java\.base@(\d+)/m.exec(modules)?.[1] ?? '0');
  if (major < 17) throw new JavaRuntimeError(`${javaRequirement} (found Java ${major > 0 ? major : 'of an unknown version'})`);
  if (!/^jdk\.compiler@/m.test(modules)) {
    throw new JavaRuntimeError(
      `${javaRequirement} (this Java ${major} lacks the jdk.compiler module the loopback launcher needs; Debian's openjdk-17-jre-headless has it)`,
    );
  }
}
