import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DeploySettingsError, readDeploySettings } from '#lib/deploy-settings.js';
import { buildApp, statementsOfRole, defaultApp } from '#test/infra/support/readiness-app.js';

function settingsFrom(context: Record<string, unknown>) {
  return readDeploySettings(new App({ context }));
}

describe('deployment settings from CDK context', () => {
  it('defaults to a disposable dev stage that links to the API’s own URL', () => {
    expect(settingsFrom({})).toMatchObject({
      stage: 'dev',
      production: false,
      publicBaseUrl: undefined,
      sesIdentity: undefined,
      logLevel: 'INFO',
    });
  });

  it('names the stack after the stage', () => {
    expect(buildApp({ stage: 'staging' }).stack.stackName).toBe('AgentReadiness-staging');
  });

  it('uses publicBaseUrl when given, without a trailing slash', () => {
    const { stack, template } = buildApp({ publicBaseUrl: 'https://scan.example.org/' });
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function')) as {
      Properties: { Environment: { Variables: Record<string, unknown> } };
    }[];
    expect(fn!.Properties.Environment.Variables.PUBLIC_BASE_URL).toBe('https://scan.example.org');
    expect(stack.settings.publicBaseUrl).toBe('https://scan.example.org');
  });

  it.each([
    ['publicBaseUrl', { publicBaseUrl: 'http://scan.example.org' }],
    ['publicBaseUrl', { publicBaseUrl: 'not a url' }],
    ['stage', { stage: 'Prod!' }],
    ['sesIdentity', { sesIdentity: 'not an identity' }],
    ['mailFrom', { mailFrom: 'nobody' }],
    ['alarmEmail', { alarmEmail: 'ops' }],
    ['logLevel', { logLevel: 'chatty' }],
    ['stage', { stage: 7 }],
    ['stripePriceIdPro', { stripePriceIdPro: 'prod_123' }],
    ['stripeAutomaticTax', { stripeAutomaticTax: 'yes' }],
  ])('rejects an invalid %s with an error naming it', (key, context) => {
    expect(() => settingsFrom(context)).toThrow(DeploySettingsError);
    expect(() => settingsFrom(context)).toThrow(`"${key}"`);
  });

  it('gives the Stripe prices and tax switches to the billing function', () => {
    const context = { stripePriceIdPro: 'price_1Pro', stripePriceIdGrowth: 'price_1Growth', stripeAutomaticTax: 'on' };
    expect(settingsFrom(context).stripe).toEqual({
      priceIdPro: 'price_1Pro',
      priceIdGrowth: 'price_1Growth',
      automaticTax: 'on',
      taxIdCollection: 'off',
    });
    const { stack, template } = buildApp(context);
    const billing = template.toJSON().Resources[stack.getLogicalId(stack.functions.get('billing').handler.node.defaultChild as never)];
    expect(billing.Properties.Environment.Variables).toMatchObject({
      STRIPE_PRICE_ID_PRO: 'price_1Pro',
      STRIPE_PRICE_ID_GROWTH: 'price_1Growth',
      STRIPE_AUTOMATIC_TAX: 'on',
      STRIPE_TAX_ID_COLLECTION: 'off',
    });
  });

  it('refuses a prod stage that would send mail from example.com', () => {
    expect(() => settingsFrom({ stage: 'prod' })).toThrow(/mailFrom/);
    expect(settingsFrom({ stage: 'prod', mailFrom: 'Scanner <hello@scanner.example.org>' })).toMatchObject({ production: true });
  });

  it('creates a domain identity and sends as no-reply@ that domain', () => {
    const { stack, template, logicalId } = buildApp({ sesIdentity: 'scanner.example.org' });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'scanner.example.org' });
    expect(stack.settings.mailFrom).toBe('Agent Readiness Scanner <no-reply@scanner.example.org>');
    const ses = JSON.stringify(statementsOfRole(template, logicalId(stack.functions.get('mailSender').role)));
    expect(ses).toContain(':identity/scanner.example.org');
  });

  it('creates an address identity and sends as that address', () => {
    const { stack, template } = buildApp({ sesIdentity: 'alerts@example.org' });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'alerts@example.org' });
    expect(stack.settings.mailFrom).toBe('alerts@example.org');
  });

  it('creates no SES identity unless asked, but always the configuration set', () => {
    const { template } = defaultApp();
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
  });
});
