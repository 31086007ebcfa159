import type { AwsService } from './aws-call.js';
import type { RequestedAccess } from './policy-evaluation.js';

export interface GateAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A refusal in the shape each service answers it in AWS, so the SDK raises what it raises there: DynamoDB
 * and Secrets Manager a 400 `AccessDeniedException` (JSON 1.0 and 1.1), SQS a 403 whose query-compatible
 * code is `AccessDenied`, SES v2 a 403 `AccessDeniedException` (REST JSON).
 */
export function accessDenied(service: AwsService, message: string): GateAnswer {
  const type = 'AccessDeniedException';
  switch (service) {
    case 'dynamodb':
      return jsonAnswer(400, 'application/x-amz-json-1.0', { __type: `com.amazon.coral.service#${type}`, Message: message });
    case 'secretsmanager':
      return jsonAnswer(400, 'application/x-amz-json-1.1', { __type: type, Message: message });
    case 'sqs':
      return jsonAnswer(
        403,
        'application/x-amz-json-1.0',
        { __type: `com.amazon.coral.service#${type}`, message },
        { 'x-amzn-query-error': 'AccessDenied;Sender' },
      );
    case 'ses':
      return jsonAnswer(
        403,
        'application/json',
        { message },
        { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.coral.service/` },
      );
  }
}

/** IAM's own sentence for an implicit or explicit deny, naming the assumed role and the access refused. */
export function deniedMessage(principal: string, access: RequestedAccess, explicitly: boolean): string {
  const why = explicitly
    ? 'with an explicit deny in an identity-based policy'
    : `because no identity-based policy allows the ${access.action} action`;
  return `User: ${principal} is not authorized to perform: ${access.action} on resource: ${access.resource} ${why}`;
}

export function jsonAnswer(status: number, contentType: string, body: unknown, headers: Record<string, string> = {}): GateAnswer {
  return { status, headers: { 'content-type': contentType, ...headers }, body: JSON.stringify(body) };
}
