import type { Table } from '#shared/db/table.js';
import { AppError } from '#shared/model/errors.js';

interface Fault {
  command: string;
  remaining: number;
  /** The write reaches the table, but its answer is lost on the way back. */
  lands: boolean;
  /** The answer is lost and the SDK sends the command again: the caller gets the repeat's answer. */
  repeated: boolean;
}

/**
 * DynamoDB Local behind a switch: chosen commands (by class name: 'TransactWriteCommand', 'GetCommand')
 * fail as the real client's do when the table is paused (503 `unavailable`, the SDK's time-out as the
 * cause), either before reaching the table or after it applied the write; or answer as the SDK's own
 * retry of a write whose first answer was lost does.
 */
export function faultyTable(table: Table) {
  const faults: Fault[] = [];
  const paused = () =>
    new AppError('unavailable', 'The database is not answering; try again shortly', {
      cause: Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }),
    });
  const proxy = new Proxy(table.client, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
      return async (command: object, ...rest: unknown[]) => {
        const fault = faults.find((candidate) => candidate.command === command.constructor.name && candidate.remaining > 0);
        const send = () => (target.send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
        if (!fault) return send();
        fault.remaining -= 1;
        if (fault.repeated) return send().then(send, send);
        if (fault.lands) await send();
        throw paused();
      };
    },
  });
  return {
    table: { client: proxy, name: table.name } satisfies Table,
    fail(command: string, times: number, options: { lands?: boolean; repeated?: boolean } = {}): void {
      faults.push({ command, remaining: times, lands: options.lands ?? false, repeated: options.repeated ?? false });
    },
    heal(): void {
      faults.length = 0;
    },
  };
}
