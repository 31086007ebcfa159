import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { handledEvents } from '#shared/adapters/billing/stripe-events.js';
import { configKeys, envName } from '#shared/config.js';

const runbook = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');

/** Upper-case names in the runbook that are AWS's or HTTP's, not settings of this service. */
const knownOutsideNames = new Set([
  'PAY_PER_REQUEST', // DynamoDB billing mode
  'AWSCURRENT', // Secrets Manager version stages
  'AWSPREVIOUS',
  'POST', // HTTP method
]);

/** SNAKE_CASE words anywhere, and single upper-case words in code spans (`STAGE`). */
function upperCaseNames(text: string): string[] {
  const snake = [...text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)].map((match) => match[0]);
  const single = [...text.matchAll(/`([A-Z][A-Z0-9]{2,})`/g)].map((match) => match[1]!);
  return [...new Set([...snake, ...single])];
}

describe('docs/operations.md', () => {
  const settings = new Set(configKeys.map(envName));

  it('names only settings that shared/config.ts has, or known AWS names', () => {
    const names = upperCaseNames(runbook);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !settings.has(name) && !knownOutsideNames.has(name))).toEqual([]);
  });

  it('lists every tier limit and price among the limits one may raise', () => {
    const tierSettings = configKeys.filter((key) => /^(free|pro|growth)[A-Z]/.test(key)).map(envName);
    expect(tierSettings.length).toBe(21);
    expect(tierSettings.filter((name) => !runbook.includes(`\`${name}\``))).toEqual([]);
  });

  it('lists exactly the Stripe events the webhook handler acts on', () => {
    const handled = [...handledEvents];
    expect(handled.length).toBe(6);
    const section = runbook.slice(runbook.indexOf('**Webhook endpoint**'), runbook.indexOf('**Customer portal**'));
    for (const event of handled) expect(section).toContain(`enabled_events[]=${event}`);
    expect(section.match(/enabled_events\[\]=/g)).toHaveLength(handled.length);
  });

  it('creates the webhook endpoint on the API version of the installed SDK, whose payloads the code reads', () => {
    const section = runbook.slice(runbook.indexOf('**Webhook endpoint**'), runbook.indexOf('**Customer portal**'));
    expect(section).toContain(`api_version=${Stripe.API_VERSION}`);
  });
});
