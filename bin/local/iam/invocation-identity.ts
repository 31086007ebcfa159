import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent, type ClientRequest } from 'node:http';
import type { FunctionName } from '#lib/function-catalog.js';

/** The header the local AWS endpoint reads a call's function from; set here and nowhere else. */
export const functionHeader = 'x-local-iam-function';

const invocations = new AsyncLocalStorage<FunctionName>();
const gatePorts = new Set<number>();
const standInPorts = new Set<number>();
let installed = false;

/** Runs one invocation of a function: every AWS call made within it, however late, is that function's. */
export function runAsFunction<T>(name: FunctionName, work: () => T): T {
  return invocations.run(name, work);
}

/**
 * Names the invoking function on every HTTP request to the local AWS endpoint on `port`, whatever client
 * sends it: the mark is added where Node hands each request to its connection pool (every `http` and
 * `https` request passes there; the AWS SDK sends through them), from the invocation the request was made
 * in. A request made outside every invocation, or one carrying a name of its own, reaches the endpoint
 * with none and is refused there. A request made in an invocation to one of the stand-ins' own ports
 * (`standIns`) is destroyed before it connects. Returns a function that undoes both.
 */
export function markCallsTo(port: number, options: { standIns: readonly number[] }): () => void {
  install();
  gatePorts.add(port);
  for (const standIn of options.standIns) standInPorts.add(standIn);
  return () => {
    gatePorts.delete(port);
    for (const standIn of options.standIns) standInPorts.delete(standIn);
  };
}

function install(): void {
  if (installed) return;
  installed = true;
  type AddRequest = (this: Agent, request: ClientRequest, options: { port?: number | string | null }) => void;
  const prototype = Agent.prototype as unknown as { addRequest: AddRequest };
  const addRequest = Object.getOwnPropertyDescriptor(prototype, 'addRequest')?.value as AddRequest;
  prototype.addRequest = function (this: Agent, request, options) {
    const port = Number(options.port);
    const name = invocations.getStore();
    // A function that found a stand-in's own port would go round the check: it never gets a connection.
    if (name !== undefined && standInPorts.has(port)) {
      const error = new Error(`On the local stack the ${name} function reaches AWS only through the local IAM check, not port ${port}`);
      // Without a socket, a destroyed request never reports its error: it is reported here instead.
      request.destroy(error);
      process.nextTick(() => request.emit('error', error));
      return;
    }
    if (gatePorts.has(port)) {
      if (name === undefined) request.removeHeader(functionHeader);
      else request.setHeader(functionHeader, name);
    }
    return addRequest.call(this, request, options);
  };
}
