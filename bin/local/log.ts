/** Where the local stack reports progress; tests pass a quieter one. */
export interface LocalLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLog: LocalLog = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(`WARNING: ${message}`),
  error: (message, error) => (error === undefined ? console.error(message) : console.error(message, error)),
};

/** Keeps warnings and errors, drops progress lines. */
export const quietLog: LocalLog = { ...consoleLog, info: () => undefined };
