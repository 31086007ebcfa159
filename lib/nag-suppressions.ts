import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { EdgeDistribution } from '#lib/constructs/edge-distribution.js';
import type { ServiceHttpApi } from '#lib/constructs/http-api.js';
import type { ServiceFunction } from '#lib/constructs/service-function.js';
import type { ServiceSecrets } from '#lib/constructs/secrets.js';

export interface NagTargets {
  functions: ServiceFunction[];
  scheduleDeadLetters: IConstruct;
  secrets: ServiceSecrets;
  api: ServiceHttpApi;
  edge?: EdgeDistribution | undefined;
}

function acknowledge(target: IConstruct, id: string, reason: string): void {
  Validations.of(target).acknowledge({ id, reason });
}

/**
 * Every cdk-nag (AwsSolutions) finding this stack accepts, each acknowledged on the narrowest
 * construct that carries it, with the reason it is acceptable here.
 */
export function acknowledgeNagFindings({ functions, secrets, api, scheduleDeadLetters, edge }: NagTargets): void {
  acknowledge(
    api,
    'AwsSolutions-APIG4',
    'Bearer API keys are checked inside the functions (HMAC digest looked up in DynamoDB), as the spec defines; ' +
      'the unauthenticated routes (public scan, results, health, pricing, plans, register, sign-in, Stripe webhook) ' +
      'are public by the spec, and $default only answers 404 (a page, or JSON under /api/) and 405.',
  );

  acknowledge(
    secrets.keyPepper,
    'AwsSolutions-SMG4',
    'Rotating the pepper would invalidate every stored API-key and sign-in-token digest; it changes only with a planned key re-issue.',
  );
  acknowledge(
    secrets.webBotAuthKey,
    'AwsSolutions-SMG4',
    'A rotation must publish the next key in the directory before scans sign with it (verifiers cache the directory a day), ' +
      'so it is an operator procedure (docs/operations.md), not a Lambda rotation.',
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

  if (edge) acknowledgeEdgeFindings(edge);

  for (const fn of functions) {
    acknowledge(
      fn.handler,
      'AwsSolutions-L1',
      'docs/design.md fixes the Lambda runtime at nodejs22.x, the version the code and its dependencies are verified on; nodejs24.x is a separate, tested upgrade.',
    );
  }
}

/** The optional CloudFront distribution (`-c edgeWaf=on`). */
function acknowledgeEdgeFindings(edge: EdgeDistribution): void {
  acknowledge(
    edge.distribution,
    'AwsSolutions-CFR1',
    'The scanner is sold to shops in every country: no country is refused, and per-IP rate limits, not geography, are what the web ACL enforces.',
  );
  acknowledge(
    edge.distribution,
    'AwsSolutions-CFR3',
    'The web ACL logs every request this distribution receives (aws-waf-logs-* group in the edge stack: client address, URI, action, matching rule) and the API stage logs every request that reaches it; CloudFront standard logs would only repeat them.',
  );
  acknowledge(
    edge.distribution,
    'AwsSolutions-CFR4',
    'The distribution answers on its *.cloudfront.net name, whose default certificate CloudFront serves with its own minimum protocol; the API clients of this service negotiate TLS 1.2 or 1.3, and the origin leg is TLS 1.2 only (CFR5 holds).',
  );
  acknowledge(
    edge.originSecret,
    'AwsSolutions-SMG4',
    'The origin secret is written into the distribution and the API functions at deploy time; a rotation would change it under both before they are updated, so it is replaced by a deliberate redeploy instead.',
  );
}
