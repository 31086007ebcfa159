import { describe, expect, it } from 'vitest';
import { decide, matchesWildcard, type PolicyStatement } from '../../../../bin/local/iam/policy-evaluation.js';

const table = 'arn:aws:dynamodb:eu-west-2:000000000000:table/readiness';
const allowItems: PolicyStatement = { effect: 'Allow', actions: ['dynamodb:GetItem', 'dynamodb:PutItem'], resources: [table] };
const allowIndexes: PolicyStatement = { effect: 'Allow', actions: ['dynamodb:Query'], resources: [`${table}/index/*`] };

describe("the local IAM check's evaluation", () => {
  it('allows an action its statements name on a resource they name, and nothing else', () => {
    expect(decide([allowItems], [{ action: 'dynamodb:GetItem', resource: table }])).toEqual({ allowed: true });
    expect(decide([allowItems], [{ action: 'dynamodb:BatchGetItem', resource: table }])).toEqual({
      allowed: false,
      denied: { action: 'dynamodb:BatchGetItem', resource: table },
      explicitly: false,
    });
    expect(decide([allowItems], [{ action: 'dynamodb:GetItem', resource: `${table}-other` }]).allowed).toBe(false);
    expect(decide([], [{ action: 'dynamodb:GetItem', resource: table }]).allowed).toBe(false);
  });

  it('needs every access of a request: one refused item refuses a whole transaction', () => {
    const transaction = [
      { action: 'dynamodb:PutItem', resource: table },
      { action: 'dynamodb:UpdateItem', resource: table },
    ];
    expect(decide([allowItems], transaction)).toMatchObject({ allowed: false, denied: { action: 'dynamodb:UpdateItem' } });
  });

  it('lets an explicit Deny win over any Allow', () => {
    const deny: PolicyStatement = { effect: 'Deny', actions: ['dynamodb:*'], resources: ['*'] };
    expect(decide([allowItems, deny], [{ action: 'dynamodb:GetItem', resource: table }])).toMatchObject({
      allowed: false,
      explicitly: true,
    });
  });

  it('reads wildcards as IAM does: actions without case, resources with it, * across : and /', () => {
    expect(decide([allowIndexes], [{ action: 'DynamoDB:query', resource: `${table}/index/gsi1` }]).allowed).toBe(true);
    expect(decide([allowIndexes], [{ action: 'dynamodb:Query', resource: table }]).allowed).toBe(false);
    expect(matchesWildcard('arn:aws:sqs:*:000000000000:readiness-*', 'arn:aws:sqs:eu-west-2:000000000000:readiness-batch')).toBe(true);
    expect(matchesWildcard('arn:aws:ses:*:*:identity/example.com', 'arn:aws:ses:eu-west-2:1:identity/EXAMPLE.com')).toBe(false);
    expect(matchesWildcard('sqs:Get?ueueUrl', 'sqs:GetQueueUrl')).toBe(true);
    expect(matchesWildcard('a.b(c)', 'aXb(c)')).toBe(false);
  });
});
