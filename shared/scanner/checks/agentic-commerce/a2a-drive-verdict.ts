import type { A2aDriveReport, A2aInterfaceProbe } from '#shared/scanner/drives/drive-report.js';
import { probeTaskId } from '#shared/scanner/drives/a2a-drive.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { because } from '#shared/scanner/checks/wording.js';
import { answerLine } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';

const failing = new Set<A2aInterfaceProbe['outcome']>(['wrong_answer', 'server_error', 'no_answer', 'refused']);

/** One interface's request and answer: `JSONRPC, A2A 1.0: POST GetTask without credentials → HTTP 200 application/json, task not found (-32001), as A2A specifies`. */
export function interfaceLine(probe: A2aInterfaceProbe): string {
  const declared = `${probe.binding}, A2A ${probe.version}`;
  if (probe.request === null) return `${declared}: ${probe.detail}`;
  const sent = `${declared}: ${probe.request} without credentials →`;
  if (probe.status === null) return `${sent} ${probe.detail}`;
  if (probe.outcome === 'as_specified') return `${sent} ${answerLine(probe.status, probe.contentType, null)}, ${probe.detail}`;
  // What came back shows what an agent got; where the status and media type do not say what is wrong, the detail does.
  const why = probe.outcome === 'undocumented_error' ? `, ${probe.detail}` : '';
  return `${sent} ${answerLine(probe.status, probe.contentType, probe.answer)}${why}`;
}

function interfaceEvidence(probe: A2aInterfaceProbe): Evidence {
  return evidence(probe.askedUrl, interfaceLine(probe));
}

/**
 * The A2A check's verdict once the card's interfaces were asked (basis: exercised). An interface that gives an agent
 * nothing to act on (a web page, a 5xx, no answer, a private address) fails the check, whatever the card declares:
 * an agent that follows the card gets nowhere. An answer outside A2A's shape makes a pass a warning. Interfaces that
 * were not asked (gRPC) or that a bot wall answered for leave the card's verdict as it is.
 */
export function withA2aDrive(declared: CheckOutcome, drive: A2aDriveReport | null): CheckOutcome {
  if (drive === null || drive.interfaces.length === 0) return declared;
  const proof = [...declared.evidence, ...drive.interfaces.map(interfaceEvidence)];
  const failed = drive.interfaces.filter((probe) => failing.has(probe.outcome));
  if (failed.length > 0) {
    const first = failed[0]!;
    const more = failed.length > 1 ? ` (and ${failed.length - 1} more of its interfaces)` : '';
    return outcome.fail(
      `The A2A interface at ${first.url}${more} does not answer as A2A says: asked for a task that does not exist, ${first.detail}, so an agent that follows the agent card gets nowhere.`,
      proof,
    );
  }
  const undocumented = drive.interfaces.find((probe) => probe.outcome === 'undocumented_error');
  if (undocumented && declared.status === 'pass') {
    return outcome.warn(
      `${declared.summary.replace(/\.$/, '')}, but its interface at ${undocumented.url} answers outside A2A's shape (${undocumented.detail}): an agent learns that the call failed, not why.`,
      proof,
    );
  }
  return { ...declared, evidence: proof };
}

/** The fix where the drive decided the verdict; null where the card's own verdict stands. */
export function adviseA2aDrive(declared: CheckOutcome, drive: A2aDriveReport | null, result: CheckOutcome): Advice | null {
  if (drive === null || withA2aDrive(declared, drive).summary === declared.summary) return null;
  const probe =
    drive.interfaces.find((entry) => failing.has(entry.outcome)) ??
    drive.interfaces.find((entry) => entry.outcome === 'undocumented_error');
  if (!probe) return null;
  const answer =
    probe.binding === 'JSONRPC'
      ? `a JSON-RPC 2.0 POST of ${probe.request?.replace(/^POST /, '') ?? 'GetTask'} for the unknown task ${probeTaskId} answers with the request's id and {"error": {"code": -32001, "message": "Task not found"}}`
      : `a GET of ${probe.askedUrl} answers 404 with {"error": {"code": 404, "status": "NOT_FOUND", "message": "Task not found", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}`;
  return {
    title: 'Make your A2A interface answer as A2A says',
    why: because('An agent that reads your agent card calls the interfaces it lists; an answer outside the protocol stops it.', result),
    fix: `Serve A2A ${probe.version} over ${probe.binding} at ${probe.url}, or take the interface out of your agent card: ${answer}, and a request without the credentials your card's securitySchemes name answers 401. Never answer with a web page or a 5xx.`,
    snippet: null,
    effort: 'M',
  };
}
