import type { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface ServiceSecretsProps {
  removalPolicy: RemovalPolicy;
}

/** The key-hashing pepper (generated here) and the Stripe API key (put in by the operator). */
export class ServiceSecrets extends Construct {
  readonly keyPepper: Secret;
  readonly stripe: Secret;

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
  }
}
