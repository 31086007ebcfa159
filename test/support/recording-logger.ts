import type { Logger } from '@aws-lambda-powertools/logger';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  extra: Record<string, unknown>;
}

/** A logger that keeps what it is given, so a test can read back what the code logged and why. */
export function recordingLogger(entries: LogEntry[]): Logger {
  const at =
    (level: LogEntry['level']) =>
    (message: string, extra: Record<string, unknown> = {}) =>
      void entries.push({ level, message, extra });
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    addContext: () => undefined,
    appendKeys: () => undefined,
  } as unknown as Logger;
}
