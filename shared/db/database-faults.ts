import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AppError } from '#shared/model/errors.js';

/**
 * Writes that are not idempotent when repeated. A transaction is left out: the SDK gives each one a
 * ClientRequestToken, kept across its retries, so DynamoDB applies it once.
 */
const unsafeToRepeat = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);
const writes = new Set([...unsafeToRepeat, 'TransactWriteItemsCommand']);

/** Failures that say the request may have reached DynamoDB but no answer came back. */
const noAnswerCodes = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/** The database did not answer a write: it may or may not have been applied. Not retried by the SDK. */
export class UnansweredWriteError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`${command} got no answer (${reason})`);
    this.name = 'UnansweredWriteError';
  }
}

/**
 * The SDK's connection deadline passed before the connection opened, so nothing was sent. It also passes
 * when the event loop was busy for longer than the deadline and had not yet seen the connection open.
 */
function connectionNotOpened(error: Error): boolean {
  return error.name === 'TimeoutError' && error.message.includes('did not establish a connection');
}

function noAnswer(error: unknown): string | null {
  if (!(error instanceof Error) || connectionNotOpened(error)) return null;
  const { code } = error as { code?: unknown };
  if (error.name === 'TimeoutError') return 'timeout';
  if (typeof code === 'string' && noAnswerCodes.has(code)) return code;
  return null;
}

/** Refused before DynamoDB did anything: a connection that never opened. */
function neverConnected(error: Error): boolean {
  const { code } = error as { code?: unknown };
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || connectionNotOpened(error);
}

const unavailableStatuses = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
]);

/**
 * Maps what the SDK throws when the database is slow, unreachable or overloaded (after its own retries)
 * to a 503 the caller can act on, instead of a 500. An unanswered write says that its outcome is unknown.
 */
export function asUnavailable(error: unknown, command: string): AppError | null {
  if (error instanceof AppError || !(error instanceof Error)) return null;
  if (error instanceof UnansweredWriteError || (noAnswer(error) && writes.has(command))) {
    return new AppError(
      'unavailable',
      'The database did not answer in time, so this change may or may not have been made; check before repeating it',
      { retryAfterSeconds: 5, cause: error },
    );
  }
  if (noAnswer(error) || neverConnected(error) || unavailableStatuses.has(error.name)) {
    return new AppError('unavailable', 'The database is not answering; try again shortly', { retryAfterSeconds: 5, cause: error });
  }
  return null;
}

/**
 * Two middlewares on the client. Inside the SDK's retries: a write of `unsafeToRepeat` whose request got
 * no answer is not retried (the first attempt may have landed, and a second ADD or Put would apply twice).
 * Outside them: database faults become `unavailable` (503).
 */
export function guardDatabaseFaults(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        const reason = noAnswer(error);
        const command = context.commandName ?? '';
        if (reason && unsafeToRepeat.has(command)) throw new UnansweredWriteError(command, reason);
        throw error;
      }
    },
    { step: 'deserialize', name: 'noRetryOfUnansweredWrites', priority: 'low' },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw asUnavailable(error, context.commandName ?? '') ?? error;
      }
    },
    { step: 'initialize', name: 'databaseFaultsAsUnavailable', priority: 'high' },
  );
}
