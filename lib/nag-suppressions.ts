import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { ServiceHttpApi } from '#lib/constructs/http-api.js';
import type { ServiceFunction } from '#lib/constructs/service-function.js';
import type { ServiceSecrets } from '#lib/constructs/secrets.js';

export interface NagTargets {
  functions: ServiceFunction[];
  scheduleDeadLetters: IConstruct;
  secrets: ServiceSecrets;
  api: ServiceHttpApi;
}

function acknowledge(target: IConstruct, id: string, reason: string): void {
  Validations.of(target).acknowledge({ id, reason });
}

/**
 * Every cdk-nag (AwsSolutions) finding this stack accepts, each acknowledged on the narrowest
 * construct that carries it, with the reason it is acceptable here.
 */
export function acknowledgeNagFindings({ functions, secrets, api, scheduleDeadLetters }: NagTargets): void {
  acknowledge(
    api,
    'AwsSolutions-APIG4',
    'Bearer API keys are checked inside the functions (HMAC digest looked up in DynamoDB), as the spec defines; ' +
      'the unauthenticated routes (public scan, results, health, pricing, plans, register, sign-in, Stripe webhook) ' +
      'are public by the spec, and $default only answers the JSON 404/405.',
  );

  acknowledge(
    secrets.keyPepper,
    'AwsSolutions-SMG4',
    'Rotating the pepper would invalidate every stored API-key and sign-in-token digest; it changes only with a planned key re-issue.',
  );
  acknowledge(
    secrets.webhookSealingKey,
    'AwsSolutions-SMG4',
    'Rotating the sealing key would make every stored webhook signing secret unreadable; it protects data at rest under a KMS key that rotates yearly.',
  );
  acknowledge(
    secrets.stripe,
    'AwsSolutions-SMG4',
    'The value is a key issued by Stripe: it is rolled in the Stripe dashboard and put here by the operator; Secrets Manager cannot rotate it.',
  );
  acknowledge(
    secrets.stripeWebhook,
    'AwsSolutions-SMG4',
    "The value is the signing secret Stripe issues for this stack's webhook endpoint: it is rolled in the Stripe dashboard and put here by the operator; Secrets Manager cannot rotate it.",
  );

  acknowledge(
    scheduleDeadLetters,
    'AwsSolutions-SQS3',
    "This queue is the dead-letter queue of the weekly rule's target (EventBridge), which cdk-nag only recognises for queues; it needs no DLQ of its own.",
  );

  for (const fn of functions) {
    acknowledge(
      fn.handler,
      'AwsSolutions-L1',
      'DESIGN.md fixes the Lambda runtime at nodejs22.x, the version the code and its dependencies are verified on; nodejs24.x is a separate, tested upgrade.',
    );
  }
}
