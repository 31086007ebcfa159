import type { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface ServiceSecretsProps {
  removalPolicy: RemovalPolicy;
}

/**
 * The key-hashing pepper (generated here), the Stripe API key and webhook signing secret (put in by the
 * operator), and the KMS key that encrypts customers' webhook signing secrets at rest.
 */
export class ServiceSecrets extends Construct {
  readonly keyPepper: Secret;
  readonly webhookSecretKey: Key;
  readonly stripe: Secret;
  readonly stripeWebhook: Secret;

  constructor(scope: Construct, id: string, props: ServiceSecretsProps) {
    super(scope, id);
    this.keyPepper = new Secret(this, 'KeyPepper', {
      description: 'HMAC pepper for API key and sign-in token digests; changing it invalidates every issued key',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    this.stripe = new Secret(this, 'Stripe', {
      description: 'Stripe secret API key; replace the generated placeholder with put-secret-value after deploying',
      removalPolicy: props.removalPolicy,
    });
    this.stripeWebhook = new Secret(this, 'StripeWebhook', {
      description: "Stripe webhook signing secret (whsec_...) of this stack's /api/billing/stripe/webhook endpoint; replace the placeholder after deploying",
      removalPolicy: props.removalPolicy,
    });
    // Rotation keeps old key material for decryption, so sealed secrets stay readable.
    this.webhookSecretKey = new Key(this, 'WebhookSecretKey', {
      description: 'Encrypts webhook signing secrets (encryption context: account and webhook ids)',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
  }
}
