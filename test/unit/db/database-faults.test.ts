import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/db/client.js';
import { AppError } from '#shared/model/errors.js';

/** A database that accepts connections and reads requests but never answers them (a stalled server). */
let server: Server;
let endpoint: string;
let requestsSeen = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      requestsSeen += chunk.toString('latin1').match(/^POST \/ HTTP\/1\.1/gm)?.length ?? 0;
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requestsSeen = 0;
});

const client = () =>
  createDocumentClient({
    awsRegion: 'eu-west-2',
    dynamodbEndpoint: endpoint,
    dynamodbConnectTimeoutMs: 500,
    dynamodbRequestTimeoutMs: 200,
    dynamodbMaxAttempts: 3,
  });

async function failure(send: Promise<unknown>): Promise<AppError> {
  const error = await send.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('database faults', () => {
  it('retries an unanswered read, then answers unavailable with Retry-After', async () => {
    const error = await failure(client().send(new GetCommand({ TableName: 't', Key: { pk: 'a' } })));
    expect(error.kind).toBe('unavailable');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.message).toMatch(/not answering/);
    expect(requestsSeen).toBe(3);
  });

  it.each([
    ['a put', (db: ReturnType<typeof client>) => db.send(new PutCommand({ TableName: 't', Item: { pk: 'a' } }))],
    [
      'an ADD',
      (db: ReturnType<typeof client>) =>
        db.send(
          new UpdateCommand({ TableName: 't', Key: { pk: 'a' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } }),
        ),
    ],
  ])('sends %s that got no answer once, and says its outcome is unknown', async (_name, send) => {
    const error = await failure(send(client()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/may or may not have been made/);
    expect(requestsSeen).toBe(1);
  });

  it('repeats a transaction (its token makes DynamoDB apply it once) and says its outcome is unknown', async () => {
    const error = await failure(
      client().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'a' } } }] })),
    );
    expect(error.message).toMatch(/may or may not have been made/);
    expect(requestsSeen).toBe(3);
  });

  it('answers unavailable when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const db = createDocumentClient({
      awsRegion: 'eu-west-2',
      dynamodbEndpoint: `http://127.0.0.1:${port}`,
      dynamodbConnectTimeoutMs: 500,
      dynamodbRequestTimeoutMs: 200,
      dynamodbMaxAttempts: 1,
    });
    const error = await failure(db.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } })));
    expect(error.kind).toBe('unavailable');
  });

  it('sends a write again when its connection opened after the deadline, as a busy event loop sees it', async () => {
    let received = 0;
    const answering = createHttpServer((request, response) => {
      received += 1;
      request.resume();
      request.on('end', () => response.setHeader('content-type', 'application/x-amz-json-1.0').end('{}'));
    });
    await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
    const db = createDocumentClient({
      awsRegion: 'eu-west-2',
      dynamodbEndpoint: `http://127.0.0.1:${(answering.address() as { port: number }).port}`,
      dynamodbConnectTimeoutMs: 300,
      dynamodbRequestTimeoutMs: 2000,
      dynamodbMaxAttempts: 3,
    });
    // The first connection's deadline is set as it opens; the loop then stays busy past it.
    let stalled = false;
    const stallAfterConnecting = () => {
      if (stalled) return;
      stalled = true;
      process.nextTick(() => busyFor(600));
    };
    subscribe('net.client.socket', stallAfterConnecting);
    try {
      await db.send(new PutCommand({ TableName: 't', Item: { pk: 'a' } }));
    } finally {
      unsubscribe('net.client.socket', stallAfterConnecting);
      await new Promise((resolve) => answering.close(resolve));
    }
    expect(stalled).toBe(true);
    expect(received).toBe(1);
  });
});

function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Holds the event loop as a CPU-bound request would.
  }
}
