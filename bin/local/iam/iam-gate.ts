import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { QueueName } from '#shared/adapters/queue.js';
import { families } from '#shared/http/route-types.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import type { LocalLog } from '../log.js';
import { accessDenied, deniedMessage, type GateAnswer } from './access-denied.js';
import { describeCall, type AwsService } from './aws-call.js';
import { functionHeader, markCallsTo } from './invocation-identity.js';
import { answerSecretsManager, type LocalSecret } from './secrets-manager.js';
import { decide, type PolicyStatement } from './policy-evaluation.js';

export interface IamGateOptions {
  region: string;
  accountId: string;
  /** The stand-ins the gate passes allowed calls to. */
  upstream: { dynamodb: string; sqs: string; ses: string };
  /** The stand-in's queues, by their real URLs and ARNs. */
  queues: Record<QueueName, { url: string; arn: string; deadLetterUrl: string; deadLetterArn: string }>;
  secrets: readonly LocalSecret[];
  policies: Record<FunctionName, readonly PolicyStatement[]>;
  roles: Record<FunctionName, string>;
  log: LocalLog;
}

export interface Refusal {
  function: FunctionName | null;
  operation: string;
  message: string;
}

export interface IamGate {
  /** The endpoint every function's AWS clients use: DynamoDB, SQS, SES and Secrets Manager alike. */
  endpoint: string;
  /** A queue's URL through the gate (an SQS client sends to its queue URL's host). */
  queueUrl(url: string): string;
  /** Calls checked, in all and by function, and those refused. */
  tally: () => { checked: number; byFunction: Partial<Record<FunctionName, number>>; refused: Refusal[] };
  close(): Promise<void>;
}

const maxBodyBytes = 32 * 1_048_576;
const functionNames = new Set<string>([...families, ...workerNames]);

/**
 * The local stack's AWS endpoint: every call a function makes to DynamoDB, SQS, SES or Secrets Manager
 * comes here, is checked against that function's policy in the synthesised template, and is passed to
 * the stand-in (answered here, for secrets) or refused as AWS refuses it. The function is named by the
 * invocation the call was made in (invocation-identity.ts); a call made outside every invocation is refused.
 */
export async function startIamGate(options: IamGateOptions): Promise<IamGate> {
  const { log } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const freshAgent = new Agent({ keepAlive: false });
  const byFunction: Partial<Record<FunctionName, number>> = {};
  const refused: Refusal[] = [];
  let checked = 0;
  const sqsOrigin = new URL(options.upstream.sqs).origin;
  let gateOrigin = '';
  const queueArns = new Map<string, string>();
  for (const queue of Object.values(options.queues)) {
    queueArns.set(queueNameOf(queue.url), queue.arn);
    queueArns.set(queueNameOf(queue.deadLetterUrl), queue.deadLetterArn);
  }
  const context = {
    region: options.region,
    accountId: options.accountId,
    queueArnOf: (queue: string) => queueArns.get(queueNameOf(queue)),
    secretArnOf: (id: string) => options.secrets.find((secret) => secret.arn === id || secret.name === id)?.arn,
  };

  function answer(request: IncomingMessage, body: Buffer): GateAnswer | { forwardTo: AwsService } {
    const caller = request.headers[functionHeader];
    const name = typeof caller === 'string' && functionNames.has(caller) ? (caller as FunctionName) : null;
    const call = describeCall(
      { method: request.method ?? 'GET', path: request.url ?? '/', target: headerText(request.headers['x-amz-target']), body },
      context,
    );
    const service: AwsService = 'service' in call ? call.service : guessService(request);
    const refuse = (operation: string, message: string): GateAnswer => {
      refused.push({ function: name, operation, message });
      log.error(`Local IAM check refused ${name ?? 'a call outside every function'}: ${message}`);
      return accessDenied(service, message);
    };
    if (!('service' in call)) return refuse('unknown', `The local IAM check cannot tell what this request asks for: ${call.unknown}`);
    if (name === null) {
      return refuse(
        call.operation,
        `User: anonymous is not authorized to perform: ${call.accesses[0]?.action ?? call.operation}: ` +
          'on the local stack every AWS call is made by a function, within one of its invocations',
      );
    }
    checked += 1;
    byFunction[name] = (byFunction[name] ?? 0) + 1;
    const decision = decide(options.policies[name], call.accesses);
    if (!decision.allowed) {
      const principal = `arn:aws:sts::${options.accountId}:assumed-role/${options.roles[name]}/local-${name}`;
      return refuse(call.operation, deniedMessage(principal, decision.denied, decision.explicitly));
    }
    if (call.service === 'secretsmanager') return answerSecretsManager(call.operation, body, options.secrets);
    return { forwardTo: call.service };
  }

  async function forward(request: IncomingMessage, body: Buffer, service: AwsService, response: ServerResponse): Promise<void> {
    const upstream = new URL(service === 'dynamodb' ? options.upstream.dynamodb : service === 'sqs' ? sqsOrigin : options.upstream.ses);
    // The functions know the queues by URLs on this gate; the SQS stand-in by its own.
    const sent = service === 'sqs' ? Buffer.from(body.toString('utf8').replaceAll(gateOrigin, sqsOrigin)) : body;
    const headers: IncomingHttpHeaders = { ...request.headers, host: upstream.host, 'content-length': String(sent.length) };
    delete headers[functionHeader];
    delete headers['transfer-encoding'];
    const send = (through: Agent) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const outgoing = httpRequest(
          { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent: through },
          resolve,
        );
        outgoing.on('error', (error: NodeJS.ErrnoException) => reject(Object.assign(error, { reused: outgoing.reusedSocket })));
        // A caller that gave up (a poller stopping its long poll) needs no answer: the stand-in's is dropped.
        response.on('close', () => {
          if (!response.writableFinished) outgoing.destroy();
        });
        outgoing.end(sent);
      });
    // A pooled connection the stand-in closed idle fails before any answer: the call goes again, once, on a
    // new connection, as the service's own dispatcher does (decision 093).
    const upstreamResponse = await send(agent).catch((error: NodeJS.ErrnoException & { reused?: boolean }) => {
      if (error.reused && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !response.destroyed) return send(freshAgent);
      throw error;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of upstreamResponse) chunks.push(chunk as Buffer);
    const received = Buffer.concat(chunks);
    const answered = service === 'sqs' ? Buffer.from(received.toString('utf8').replaceAll(sqsOrigin, gateOrigin)) : received;
    const answerHeaders = { ...upstreamResponse.headers, 'content-length': String(answered.length) };
    delete answerHeaders['transfer-encoding'];
    response.writeHead(upstreamResponse.statusCode ?? 502, answerHeaders);
    response.end(answered);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    if (body === null) {
      response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Request body too large' }));
      return;
    }
    const outcome = answer(request, body);
    if ('forwardTo' in outcome) {
      await forward(request, body, outcome.forwardTo, response);
      return;
    }
    response.writeHead(outcome.status, { ...outcome.headers, 'content-length': String(Buffer.byteLength(outcome.body)) });
    response.end(outcome.body);
  }

  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    handle(request, response).catch((error: unknown) => {
      if (response.destroyed) return;
      log.error('The local AWS endpoint failed to pass a call on', error);
      if (response.headersSent) response.destroy();
      else response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: (error as Error).message }));
    });
  });
  // The SDK's pools keep connections without a time-out of their own: the gate never closes one while a
  // test runs, so no call meets a connection closing under it.
  server.keepAliveTimeout = 3_600_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  gateOrigin = `http://127.0.0.1:${port}`;
  const standIns = [options.upstream.dynamodb, sqsOrigin, options.upstream.ses].map((url) => Number(new URL(url).port));
  const unmark = markCallsTo(port, { standIns });
  return {
    endpoint: gateOrigin,
    queueUrl: (url) => url.replace(sqsOrigin, gateOrigin),
    tally: () => ({ checked, byFunction: { ...byFunction }, refused: [...refused] }),
    close: async () => {
      unmark();
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      freshAgent.destroy();
    },
  };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function queueNameOf(urlOrName: string): string {
  return urlOrName.slice(urlOrName.lastIndexOf('/') + 1);
}

/** The service a request is meant for, from its target header or path: it decides the shape of a refusal. */
function guessService(request: IncomingMessage): AwsService {
  const target = headerText(request.headers['x-amz-target']) ?? '';
  if (target.startsWith('DynamoDB')) return 'dynamodb';
  if (target.startsWith('AmazonSQS')) return 'sqs';
  if (target.startsWith('secretsmanager')) return 'secretsmanager';
  return 'ses';
}

async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
