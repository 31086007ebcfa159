import { answerExcerpt } from '#shared/scanner/checks/agentic-commerce/answer-excerpt.js';
import { parseJson } from '#shared/scanner/drives/probe-retrieval.js';

/** Objects whose every value is a person's or a payment's: a buyer, an address, payment instruments and credentials. */
const privateObjects =
  /^(buyer|customer|billing_address|shipping_address|fulfillment_address|fulfillment_details|address|payment|payment_data|instruments?|credentials?)$/i;
/** Single fields that are a person's details or a secret wherever they appear. */
const privateFields =
  /(e-?mail|phone|first_name|last_name|full_name|given_name|family_name|street|line_one|line_two|postal_code|zip|token|secret|password|passcode|authorization|api_?key|card|cvc|cvv|iban|account_number|signature)/i;
const emailLike = /[^\s@"]+@[^\s@"]+\.[^\s@"]+/g;
const redacted = '[redacted]';

function redactValue(key: string | null, value: unknown): unknown {
  if (key !== null && (privateObjects.test(key) || privateFields.test(key))) return value === null ? null : redacted;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(null, item));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redactValue(name, item)]));
  return value;
}

/** A URL keeps its path but not its query or fragment (continue URLs carry session tokens); e-mail addresses go. */
function redactText(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : null;
  const withoutQuery = url && (url.search || url.hash) ? `${url.origin}${url.pathname}?${redacted}` : text;
  return withoutQuery.replace(emailLike, redacted);
}

/**
 * The start of a checkout service's answer as a drive's evidence keeps it: a buyer's details, addresses, payment
 * data, tokens and URL queries replaced by "[redacted]", then cut to one line of plain text.
 */
export function redactedAnswer(body: string): string {
  const json = parseJson(body);
  return answerExcerpt(json === undefined ? redactText(body) : JSON.stringify(redactValue(null, json)));
}
