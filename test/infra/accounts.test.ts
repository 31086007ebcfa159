import { beforeAll, describe, expect, it } from 'vitest';
import type { QueueName } from '#shared/adapters/queue.js';
import { families } from '#shared/http/route-types.js';
import { routeList } from '#shared/http/routes.js';
import { workerNames, type FunctionName } from '#lib/function-catalog.js';
import { readsKeyPepper } from '#lib/function-permissions.js';
import { buildApp, referencedIds, statementsOfRole, type BuiltApp, type Statement, defaultApp } from '#test/infra/support/readiness-app.js';

/**
 * The account flows as the synthesised template wires them: auth queues a sign-in mail job, the
 * mail sender mints the token (an HMAC digest keyed with the pepper) and mails the link through
 * SES, and authenticated scans announce `scan_complete` on the webhook queue.
 */
const allNames: FunctionName[] = [...families, ...workerNames];

type FunctionResource = { Properties: { Environment: { Variables: Record<string, unknown> } } };

let built: BuiltApp;

beforeAll(() => {
  built = defaultApp();
});

function statementsOf(app: BuiltApp, name: FunctionName): Statement[] {
  return statementsOfRole(app.template, app.logicalId(app.stack.functions.get(name).role));
}

/** Logical ids of the resources the statements granting `action` point at. */
function targetsOf(name: FunctionName, action: string): string[] {
  const granting = statementsOf(built, name).filter((statement) => statement.Action.includes(action));
  return [...new Set(granting.flatMap((statement) => referencedIds(statement.Resource)))].sort();
}

function environmentOf(app: BuiltApp, name: FunctionName): Record<string, unknown> {
  const resources = app.template.findResources('AWS::Lambda::Function') as Record<string, FunctionResource>;
  return resources[app.logicalId(app.stack.functions.get(name).handler)]!.Properties.Environment.Variables;
}

function queueId(queue: QueueName): string {
  return built.logicalId(built.stack.queues[queue]);
}

describe('the key pepper', () => {
  const pepperId = () => built.logicalId(built.stack.secrets.keyPepper);

  it('is read by auth, the mail sender and every family serving a Bearer route, and by nothing else', () => {
    const bearerFamilies = families.filter((family) => routeList.some((route) => route.family === family && route.auth === 'key'));
    // The Web Bot Auth key has a secret of its own (docs/decisions/097-web-bot-auth-key-of-its-own.md): the functions
    // that only scan or serve the key directory (publicScanner, batchScan, rescanSite, meta) no longer read the pepper.
    const expected = [...new Set<FunctionName>(['auth', 'mailSender', ...bearerFamilies])].sort();
    expect(allNames.filter(readsKeyPepper).sort()).toEqual(expected);
    expect(allNames.filter((name) => targetsOf(name, 'secretsmanager:GetSecretValue').includes(pepperId())).sort()).toEqual(expected);
  });

  it('reaches the mail sender as KEY_PEPPER_SECRET_ARN, with GetSecretValue on that secret only', () => {
    expect(environmentOf(built, 'mailSender').KEY_PEPPER_SECRET_ARN).toEqual({ Ref: pepperId() });
    expect(targetsOf('mailSender', 'secretsmanager:GetSecretValue')).toEqual([pepperId()]);
    const secretStatements = statementsOf(built, 'mailSender').filter((statement) =>
      statement.Action.some((action) => action.startsWith('secretsmanager:')),
    );
    expect(secretStatements.flatMap((statement) => statement.Action).sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    for (const statement of secretStatements) {
      expect(statement.Effect).toBe('Allow');
      expect(statement.Resource).toEqual([{ Ref: pepperId() }]);
    }
  });

  it('reaches auth the same way', () => {
    expect(environmentOf(built, 'auth').KEY_PEPPER_SECRET_ARN).toEqual({ Ref: pepperId() });
    expect(targetsOf('auth', 'secretsmanager:GetSecretValue')).toEqual([pepperId()]);
  });
});

describe('the Web Bot Auth key', () => {
  const keyId = () => built.logicalId(built.stack.secrets.webBotAuthKey);
  // Every function that scans signs one request per scan; meta serves the key directory.
  const signers: FunctionName[] = ['batchScan', 'mcp', 'meta', 'publicScanner', 'rescanSite', 'scanner'];

  it('is read by the functions that scan and the one serving the directory, and by nothing else', () => {
    expect(allNames.filter((name) => targetsOf(name, 'secretsmanager:GetSecretValue').includes(keyId())).sort()).toEqual(signers);
    for (const name of allNames)
      expect(environmentOf(built, name).WEB_BOT_AUTH_KEY_SECRET_ARN, name).toEqual(signers.includes(name) ? { Ref: keyId() } : undefined);
  });

  it('is a secret of its own, generated as {"current": …}', () => {
    expect(keyId()).not.toBe(built.logicalId(built.stack.secrets.keyPepper));
    const secret = built.template.findResources('AWS::SecretsManager::Secret')[keyId()] as {
      Properties: { GenerateSecretString: Record<string, unknown> };
    };
    expect(secret.Properties.GenerateSecretString).toMatchObject({
      SecretStringTemplate: '{}',
      GenerateStringKey: 'current',
      PasswordLength: 64,
    });
  });
});

describe('sign-in mail', () => {
  it('auth may send to the mail queue, whose URL it gets as MAIL_QUEUE_URL', () => {
    expect(targetsOf('auth', 'sqs:SendMessage')).toEqual([queueId('mail')]);
    expect(environmentOf(built, 'auth').MAIL_QUEUE_URL).toEqual({ Ref: queueId('mail') });
  });

  it('the mail sender consumes the mail queue', () => {
    built.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId('mail'), 'Arn'] },
      FunctionName: { Ref: built.logicalId(built.stack.functions.get('mailSender').handler) },
    });
    expect(targetsOf('mailSender', 'sqs:ReceiveMessage')).toEqual([queueId('mail')]);
  });

  it('the mail sender may send through SES with the sender identity and the configuration set', () => {
    const ses = statementsOf(built, 'mailSender').filter((statement) => statement.Action.includes('ses:SendEmail'));
    expect(ses).toHaveLength(1);
    expect(ses[0]!.Action.sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    const resources = JSON.stringify(ses[0]!.Resource);
    expect(resources).toContain(':identity/no-reply@example.com');
    expect(resources).toContain(':configuration-set/');
    expect(referencedIds(ses[0]!.Resource)).toContain(built.logicalId(built.stack.mail.configurationSet));
  });

  it('the mail sender gets MAIL_FROM, PUBLIC_BASE_URL and SES_CONFIGURATION_SET', () => {
    expect(environmentOf(built, 'mailSender')).toMatchObject({
      MAIL_FROM: 'Agent Readiness Scanner <no-reply@example.com>',
      PUBLIC_BASE_URL: { 'Fn::GetAtt': [built.logicalId(built.stack.http.api), 'ApiEndpoint'] },
      SES_CONFIGURATION_SET: { Ref: built.logicalId(built.stack.mail.configurationSet) },
    });
  });

  it('the mail sender follows the sesIdentity and publicBaseUrl context values', () => {
    const custom = buildApp({ sesIdentity: 'scanner.example.org', publicBaseUrl: 'https://scan.example.org/' });
    expect(environmentOf(custom, 'mailSender')).toMatchObject({
      MAIL_FROM: 'Agent Readiness Scanner <no-reply@scanner.example.org>',
      PUBLIC_BASE_URL: 'https://scan.example.org',
      SES_CONFIGURATION_SET: { Ref: custom.logicalId(custom.stack.mail.configurationSet) },
    });
    expect(JSON.stringify(statementsOf(custom, 'mailSender'))).toContain(':identity/no-reply@scanner.example.org');
  });
});

describe('scan_complete events', () => {
  it('the scanner may send to the webhook queue, whose URL it gets as WEBHOOK_QUEUE_URL', () => {
    expect(targetsOf('scanner', 'sqs:SendMessage')).toEqual([queueId('webhook')]);
    expect(environmentOf(built, 'scanner').WEBHOOK_QUEUE_URL).toEqual({ Ref: queueId('webhook') });
  });
});
