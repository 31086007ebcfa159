import type { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface ServiceSecretsProps {
  removalPolicy: RemovalPolicy;
}

/**
 * The key-hashing pepper and the Web Bot Auth key material (generated here), the Stripe API key and webhook
 * signing secret (put in by the operator), and the sealing key of customers' webhook signing secrets: a
 * generated secret encrypted with a KMS key of this stack (envelope encryption, see
 * docs/decisions/036-webhook-endpoints-and-secrets.md).
 */
export class ServiceSecrets extends Construct {
  readonly keyPepper: Secret;
  readonly webBotAuthKey: Secret;
  readonly webhookSecretKey: Key;
  readonly webhookSealingKey: Secret;
  readonly stripe: Secret;
  readonly stripeWebhook: Secret;

  constructor(scope: Construct, id: string, props: ServiceSecretsProps) {
    super(scope, id);
    this.keyPepper = new Secret(this, 'KeyPepper', {
      description: 'HMAC pepper for API key and sign-in token digests; changing it invalidates every issued key',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    // Its own secret, so a leaked signing key is rotated alone (docs/decisions/097-web-bot-auth-key-of-its-own.md).
    this.webBotAuthKey = new Secret(this, 'WebBotAuthKey', {
      description:
        'Web Bot Auth key material, {"current": ...} (with "next" and "previous" during a rotation): scans sign with current; the key directory lists all three',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'current',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: props.removalPolicy,
    });
    this.stripe = new Secret(this, 'Stripe', {
      description: 'Stripe secret API key; replace the generated placeholder with put-secret-value after deploying',
      removalPolicy: props.removalPolicy,
    });
    this.stripeWebhook = new Secret(this, 'StripeWebhook', {
      description:
        "Stripe webhook signing secret (whsec_...) of this stack's /api/billing/stripe/webhook endpoint; replace the placeholder after deploying",
      removalPolicy: props.removalPolicy,
    });
    // Rotation keeps old key material for decryption, so the sealing key stays readable.
    this.webhookSecretKey = new Key(this, 'WebhookSecretKey', {
      description: "Encrypts the webhook sealing key (the key material of customers' webhook signing secrets)",
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
    this.webhookSealingKey = new Secret(this, 'WebhookSealingKey', {
      description:
        'Key material (AES-256-GCM via HKDF) sealing webhook signing secrets; changing it makes every stored webhook secret unreadable',
      encryptionKey: this.webhookSecretKey,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
  }
}
