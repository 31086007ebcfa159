import { jsonAnswer, type GateAnswer } from './access-denied.js';

export interface LocalSecret {
  /** The stack's name for it (a property of lib/constructs/secrets.ts's ServiceSecrets). */
  name: string;
  arn: string;
  value: string;
}

/** A secret's local ARN, shaped as Secrets Manager's (a name, a dash and six characters). */
export function localSecretArn(region: string, accountId: string, name: string): string {
  return `arn:aws:secretsmanager:${region}:${accountId}:secret:readiness-local/${name}-L0CAL0`;
}

const createdDate = Math.floor(Date.now() / 1_000);

/**
 * Secrets Manager's answers for the local stack's secrets, given after the IAM check: the functions read
 * their secrets through the same SDK calls and ARNs as in AWS, instead of from the environment.
 */
export function answerSecretsManager(operation: string, body: Buffer, secrets: readonly LocalSecret[]): GateAnswer {
  const contentType = 'application/x-amz-json-1.1';
  const id = (JSON.parse(body.toString('utf8')) as { SecretId?: unknown }).SecretId;
  const secret = secrets.find((candidate) => candidate.arn === id || candidate.name === id);
  if (secret === undefined) {
    return jsonAnswer(400, contentType, {
      __type: 'ResourceNotFoundException',
      Message: "Secrets Manager can't find the specified secret.",
    });
  }
  const described = { ARN: secret.arn, Name: secret.arn.split(':secret:')[1]?.slice(0, -7) };
  if (operation === 'DescribeSecret') return jsonAnswer(200, contentType, { ...described, CreatedDate: createdDate });
  if (operation === 'GetSecretValue') {
    return jsonAnswer(200, contentType, {
      ...described,
      SecretString: secret.value,
      VersionId: '00000000-0000-4000-8000-000000000000',
      VersionStages: ['AWSCURRENT'],
      CreatedDate: createdDate,
    });
  }
  return jsonAnswer(400, contentType, { __type: 'InvalidRequestException', Message: `The local stack does not serve ${operation}` });
}
