import { appendFile, stat } from 'node:fs/promises';

/** GitHub shows no job summary for a step that wrote more than 1 MiB to it. */
export const stepSummaryLimit = 1024 * 1024;

/**
 * Adds one markdown report to the job summary (the file GITHUB_STEP_SUMMARY names). Returns why it could not,
 * for a warning on stderr: the summary is a convenience, never a reason to lose the scan's result or exit code.
 */
export async function appendStepSummary(file: string, markdown: string): Promise<string | null> {
  const entry = `${markdown}\n\n`;
  try {
    const current = await stat(file).then(
      (info) => info.size,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return 0;
        throw error;
      },
    );
    if (current + Buffer.byteLength(entry) > stepSummaryLimit) return 'the job summary is full (1 MiB per step); this report is not added';
    await appendFile(file, entry);
    return null;
  } catch (error) {
    return `cannot write the job summary: ${(error as Error).message}`;
  }
}
