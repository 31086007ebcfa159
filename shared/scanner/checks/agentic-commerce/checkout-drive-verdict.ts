import type { CheckoutDriveReport, CheckoutDriveStep } from '#shared/scanner/drives/drive-report.js';
import { evidence, outcome } from '#shared/scanner/checks/types.js';
import type { Advice, CheckOutcome, Evidence } from '#shared/scanner/checks/types.js';
import { because } from '#shared/scanner/checks/wording.js';
import { answerLine } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';

const failing = new Set<CheckoutDriveReport['outcome']>(['mismatch', 'failed', 'refused']);
/** Outcomes that try nothing an agent with the shop's own ids and credentials would: the documents' verdict stands. */
const judgesNothing = new Set<CheckoutDriveReport['outcome']>(['not_asked', 'product_refused', 'credential_refused']);
const names = { ucp: 'UCP', acp: 'ACP' } as const;
/** What the totals were held to: UCP's arithmetic; ACP states none, only the Total object. */
const totalsRule = { ucp: "by UCP's arithmetic", acp: "by ACP's Total object" } as const;

/** The drive in one line, as the buy step and the report's summary give it. */
export function checkoutDriveLine(drive: CheckoutDriveReport): string {
  return `checkout drive (never completed): ${drive.detail}`;
}

/** Each request with its answer; the start of the (redacted) answer only where that step went wrong. */
function stepEvidence(step: CheckoutDriveStep, wentWrong: boolean): Evidence {
  const answer =
    step.status === null ? `no answer (${step.answer})` : answerLine(step.status, step.contentType, wentWrong ? step.answer : null);
  return evidence(step.url, `${step.step}: ${step.method} → ${answer}`);
}

function driveEvidence(drive: CheckoutDriveReport): Evidence[] {
  const lastStep = drive.steps.at(-1);
  const steps = drive.steps.map((step) => {
    const wrongCreate = step.step === 'create' && drive.steps.length === 1 && drive.outcome !== 'not_asked';
    const wrongRead = step.step === 'read' && drive.outcome === 'failed';
    const wrongCancel = step === lastStep && step.step === 'cancel' && !/cancelled it$/.test(drive.detail);
    return stepEvidence(step, wrongCreate || wrongRead || wrongCancel);
  });
  const compared = drive.comparisons.map((comparison) =>
    evidence(
      drive.product?.pageUrl ?? null,
      `${comparison.what}: ${comparison.what === 'totals' ? totalsRule[drive.protocol] : 'the page'} ${comparison.expected}, the checkout ${comparison.found}${comparison.ok ? '' : ' (differs)'}`,
    ),
  );
  return [evidence(drive.endpoint, checkoutDriveLine(drive)), ...steps, ...compared];
}

/**
 * A checkout check's verdict (UCP's or ACP's) once a proven owner's scan drove a checkout (basis: exercised, by doing):
 * a checkout that disagrees with the page or does not answer as its protocol says fails the check, whatever the
 * documents said; one that matched but could not be cancelled makes a pass a warning; a proven checkout keeps the
 * documents' verdict and says so. A checkout that refuses the page's own identifier changes nothing (both protocols'
 * item ids are the business's own, which a page need not show), nor does an ACP service refusing the token the owner
 * gave. Every request and the comparisons are the evidence.
 */
export function withCheckoutDrive(declared: CheckOutcome, drive: CheckoutDriveReport | null): CheckOutcome {
  if (drive === null) return declared;
  const proof = [...declared.evidence, ...driveEvidence(drive)];
  const extra = declared.platformProvided ? { platformProvided: declared.platformProvided } : {};
  if (failing.has(drive.outcome)) {
    return outcome.fail(
      `The ${names[drive.protocol]} checkout at ${drive.endpoint} does not sell the scanned product as its page does: the ${checkoutDriveLine(drive)}.`,
      proof,
    );
  }
  if (drive.outcome === 'not_cancelled' && declared.status === 'pass')
    return outcome.warn(`${declared.summary.replace(/\.$/, '')}; its ${checkoutDriveLine(drive)}.`, proof, extra);
  if (drive.outcome === 'proven' && declared.status === 'pass')
    return outcome.pass(`${declared.summary.replace(/\.$/, '')}; proven by a ${checkoutDriveLine(drive)}.`, proof, extra);
  return { ...declared, evidence: proof };
}

/** The fix where the drive decided the verdict; null where the documents' own verdict stands. */
export function adviseCheckoutDrive(declared: CheckOutcome, drive: CheckoutDriveReport | null, result: CheckOutcome): Advice | null {
  if (drive === null || drive.outcome === 'proven' || judgesNothing.has(drive.outcome)) return null;
  if (withCheckoutDrive(declared, drive).status === declared.status && drive.outcome === 'not_cancelled') return null;
  const name = names[drive.protocol];
  const why = because(`An agent that buys through your ${name} checkout charges what the checkout says, not what your page says.`, result);
  const fix = (drive.protocol === 'ucp' ? ucpFixes : acpFixes)[drive.outcome as Fixable](drive.endpoint);
  return {
    title:
      drive.outcome === 'not_cancelled'
        ? `Let agents cancel a ${name} checkout`
        : `Make your ${name} checkout sell your products as your pages do`,
    why,
    fix,
    snippet: null,
    effort: drive.outcome === 'refused' || drive.outcome === 'not_cancelled' ? 'S' : 'M',
  };
}

type Fixable = 'mismatch' | 'failed' | 'refused' | 'not_cancelled';

const ucpFixes: Record<Fixable, (endpoint: string) => string> = {
  mismatch: (endpoint) =>
    `Make each checkout at ${endpoint} agree with the product page: the line item's id and quantity as sent, the page's currency, the page's price in minor units, one "subtotal" of the line items and one "total" that is the sum of every other totals entry.`,
  failed: (endpoint) =>
    `Serve UCP's checkout REST binding at ${endpoint}: POST /checkout-sessions answers 201 with the checkout, GET /checkout-sessions/{id} answers 200 with the same checkout, and POST /checkout-sessions/{id}/cancel answers 200 with status "canceled". Never a web page or a 5xx.`,
  refused: (endpoint) => `Serve your UCP checkout from a public address: ${endpoint} leads to an address agents may not call.`,
  not_cancelled: (endpoint) =>
    `Let POST ${endpoint}/checkout-sessions/{id}/cancel cancel any session that is not completed or canceled, answering 200 with status "canceled" (UCP: such sessions SHOULD be cancelable), so an agent can let go of a checkout it will not complete.`,
};

const acpFixes: Record<Fixable, (endpoint: string) => string> = {
  mismatch: (endpoint) =>
    `Make each checkout session at ${endpoint} agree with the product page: one line item with the item id sent and quantity 1, the page's currency, the page's price as an integer in minor units, and totals as ACP's Total objects (type, display_text, an integer amount).`,
  failed: (endpoint) =>
    `Serve ACP's checkout API at ${endpoint}: POST /checkout_sessions answers 201 with the session, GET /checkout_sessions/{id} answers 200 with the same session, POST /checkout_sessions/{id}/cancel answers 200 with status "canceled", and errors are ACP's Error object (type, code, message). Never a web page or a 5xx.`,
  refused: (endpoint) => `Serve your ACP checkout from a public address: ${endpoint} leads to an address agents may not call.`,
  not_cancelled: (endpoint) =>
    `Let POST ${endpoint}/checkout_sessions/{id}/cancel cancel any session that is not completed or canceled, answering 200 with status "canceled" (ACP answers 405 only for those), so an agent can let go of a checkout it will not complete.`,
};
