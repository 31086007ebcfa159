import type { CheckoutProbeReport } from '#shared/scanner/drives/drive-report.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { because } from '#shared/scanner/checks/wording.js';
import { answerLine } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';

const failing = new Set<CheckoutProbeReport['outcome']>(['wrong_answer', 'server_error', 'no_answer', 'refused']);
const names = { ucp: 'UCP', acp: 'ACP' } as const;

/** The probe's request and what came back: `GET without credentials → HTTP 401 application/json, as ACP specifies`. */
export function probeLine(probe: CheckoutProbeReport): string {
  const sent = 'GET without credentials →';
  if (probe.status === null) return `${sent} ${probe.detail}`;
  if (probe.outcome === 'as_specified')
    return `${sent} ${answerLine(probe.status, probe.contentType, null)}, as ${names[probe.protocol]} specifies`;
  return `${sent} ${answerLine(probe.status, probe.contentType, probe.answer)}`;
}

function probeEvidence(probe: CheckoutProbeReport): Evidence {
  return evidence(probe.url, probeLine(probe));
}

/**
 * A checkout check's verdict once the endpoint its document declares was probed (basis: exercised). A document that
 * already fails keeps its own reason; otherwise an endpoint that gives an agent nothing to act on (a web page, a 5xx,
 * no answer, a private address) fails the check, and an error outside the protocol's shape makes a pass a warning.
 */
export function withCheckoutProbe(declared: CheckOutcome, probe: CheckoutProbeReport | null): CheckOutcome {
  if (probe === null || probe.outcome === 'not_asked') return declared;
  const proof = [...declared.evidence, probeEvidence(probe)];
  const name = names[probe.protocol];
  if (failing.has(probe.outcome) && declared.status !== 'fail') {
    return outcome.fail(
      `The ${name} checkout endpoint does not answer as ${name} says: asked for a checkout session without credentials, ${probe.detail}, so an agent that follows the document gets nowhere.`,
      proof,
    );
  }
  if (probe.outcome === 'undocumented_error' && declared.status === 'pass') {
    return outcome.warn(
      `${declared.summary.replace(/\.$/, '')}, but its checkout endpoint answers a request without credentials with ${probe.detail}: an agent learns that the call failed, not why.`,
      proof,
      declared.platformProvided ? { platformProvided: declared.platformProvided } : {},
    );
  }
  return { ...declared, evidence: proof };
}

/** The fix where the probe decided the verdict; null where the document's own verdict stands. */
export function adviseCheckoutProbe(declared: CheckOutcome, probe: CheckoutProbeReport | null, result: CheckOutcome): Advice | null {
  if (probe === null || withCheckoutProbe(declared, probe).summary === declared.summary) return null;
  const name = names[probe.protocol];
  const base = probe.url.slice(0, probe.url.lastIndexOf('/', probe.url.lastIndexOf('/') - 1));
  const answers =
    probe.protocol === 'ucp'
      ? `a request without a UCP-Agent profile answers 400 with JSON {"code": "invalid_profile_url", "content": "..."} (401 with "signature_missing" where you require signatures), and a session that does not exist answers 200 with the UCP error envelope ("ucp": {"status": "error"}, "messages": [{"type": "error", "code": "not_found", ...}])`
      : 'a request without a valid bearer token answers 401 with ACP\'s error object {"type": "invalid_request", "code": "unauthorized", "message": "..."}, and a session that does not exist answers 404 with the same object';
  return {
    title: `Make your ${name} checkout endpoint answer as ${name} says`,
    why: because(`An agent that reads your ${name} document calls this endpoint to buy; an answer outside the protocol stops it.`, result),
    fix: `Serve the ${name} checkout API at ${base}: ${answers}. Never answer with a web page or a 5xx.`,
    snippet: null,
    effort: 'M',
  };
}
