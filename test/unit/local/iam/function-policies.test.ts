import { describe, expect, it } from 'vitest';
import { functionPolicies, type LocalResources } from '../../../../bin/local/iam/function-policies.js';
import type { SynthesisedTemplate, TemplateStatement } from '../../../../bin/local/iam/synthesised-template.js';

const local: LocalResources = {
  region: 'eu-west-2',
  accountId: '000000000000',
  tableName: 'readiness',
  queues: {
    batch: { url: 'http://127.0.0.1:9/000000000000/readiness-batch', arn: 'arn:batch', deadLetterArn: 'arn:batch-dlq' },
    rescan: { url: 'u', arn: 'arn:rescan', deadLetterArn: 'arn:rescan-dlq' },
    sweep: { url: 'u', arn: 'arn:sweep', deadLetterArn: 'arn:sweep-dlq' },
    webhook: { url: 'u', arn: 'arn:webhook', deadLetterArn: 'arn:webhook-dlq' },
    mail: { url: 'u', arn: 'arn:mail', deadLetterArn: 'arn:mail-dlq' },
  },
  secretArn: (name) => `arn:secret:${name}`,
  configurationSet: 'readiness-local',
};

/** A template of one function, `meta`, whose role holds these statements (the other functions' roles are empty). */
function templateWith(
  statements: TemplateStatement[],
  role: Partial<SynthesisedTemplate['roles'][string]['Properties']> = {},
): SynthesisedTemplate {
  const names = ['meta', 'web'] as const;
  return {
    functions: Object.fromEntries(names.map((name) => [name, { role: `${name}Role` }])) as SynthesisedTemplate['functions'],
    resources: {
      Table: { kind: 'table' },
      BatchQueue: { kind: 'queue', queue: 'batch' },
      BatchDlq: { kind: 'deadLetterQueue', queue: 'batch' },
      Pepper: { kind: 'secret', secret: 'keyPepper' },
      MailSet: { kind: 'configurationSet' },
      Logs: { kind: 'other', type: 'AWS::Logs::LogGroup' },
    },
    policies: {
      MetaPolicy: { Properties: { Roles: [{ Ref: 'metaRole' }], PolicyDocument: { Statement: statements } } },
      OtherPolicy: {
        Properties: {
          Roles: [{ Ref: 'webRole' }],
          PolicyDocument: { Statement: [{ Effect: 'Allow', Action: 'dynamodb:Scan', Resource: '*' }] },
        },
      },
    },
    roles: { metaRole: { Properties: role }, webRole: { Properties: {} } },
  };
}

describe("each function's policy, read from the synthesised template", () => {
  it("resolves Ref, Fn::GetAtt and Fn::Join to the local resources, and keeps to the function's own role", () => {
    const policies = functionPolicies(
      templateWith([
        { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: { 'Fn::GetAtt': ['Table', 'Arn'] } },
        { Effect: 'Allow', Action: 'dynamodb:Query', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Table', 'Arn'] }, '/index/gsi1']] } },
        {
          Effect: 'Allow',
          Action: 'sqs:SendMessage',
          Resource: [{ 'Fn::GetAtt': ['BatchQueue', 'Arn'] }, { 'Fn::GetAtt': ['BatchDlq', 'Arn'] }],
        },
        { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: 'Pepper' } },
        {
          Effect: 'Allow',
          Action: 'ses:SendEmail',
          Resource: {
            'Fn::Join': [
              '',
              [
                'arn:',
                { Ref: 'AWS::Partition' },
                ':ses:',
                { Ref: 'AWS::Region' },
                ':',
                { Ref: 'AWS::AccountId' },
                ':configuration-set/',
                { Ref: 'MailSet' },
              ],
            ],
          },
        },
        { Effect: 'Allow', Action: 'logs:PutLogEvents', Resource: { 'Fn::GetAtt': ['Logs', 'Arn'] } },
      ]),
      local,
    );
    expect(policies.meta).toEqual([
      { effect: 'Allow', actions: ['dynamodb:GetItem'], resources: ['arn:aws:dynamodb:eu-west-2:000000000000:table/readiness'] },
      { effect: 'Allow', actions: ['dynamodb:Query'], resources: ['arn:aws:dynamodb:eu-west-2:000000000000:table/readiness/index/gsi1'] },
      { effect: 'Allow', actions: ['sqs:SendMessage'], resources: ['arn:batch', 'arn:batch-dlq'] },
      { effect: 'Allow', actions: ['secretsmanager:GetSecretValue'], resources: ['arn:secret:keyPepper'] },
      { effect: 'Allow', actions: ['ses:SendEmail'], resources: ['arn:aws:ses:eu-west-2:000000000000:configuration-set/readiness-local'] },
      { effect: 'Allow', actions: ['logs:PutLogEvents'], resources: ['arn:aws:unserved-locally:eu-west-2:000000000000:Logs'] },
    ]);
    expect(policies.web).toEqual([{ effect: 'Allow', actions: ['dynamodb:Scan'], resources: ['*'] }]);
  });

  it('refuses to start on what it cannot evaluate: conditions, Not* elements, managed policies, other intrinsics', () => {
    const conditional: TemplateStatement = {
      Effect: 'Allow',
      Action: 'dynamodb:GetItem',
      Resource: '*',
      Condition: { Bool: { 'aws:SecureTransport': 'true' } },
    };
    expect(() => functionPolicies(templateWith([conditional]), local)).toThrow(/meta function's policy needs Condition/);
    expect(() => functionPolicies(templateWith([{ Effect: 'Allow', NotAction: 'iam:*', Resource: '*' }]), local)).toThrow(/NotAction/);
    expect(() => functionPolicies(templateWith([], { ManagedPolicyArns: ['arn:aws:iam::aws:policy/AdministratorAccess'] }), local)).toThrow(
      /managed policies/,
    );
    expect(() =>
      functionPolicies(templateWith([{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: { 'Fn::ImportValue': 'elsewhere' } }]), local),
    ).toThrow(/cannot resolve/);
  });
});
