import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { senderAddress } from '#lib/deploy-settings.js';

export interface MailProps {
  mailFrom: string;
  /** A domain or address to verify as an SES identity here; undefined: verified outside this stack. */
  sesIdentity: string | undefined;
}

/** SES: a configuration set for every message, and optionally the sender identity. */
export class Mail extends Construct {
  readonly configurationSet: ConfigurationSet;
  private readonly senderIdentities: string[];

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    if (props.sesIdentity !== undefined) {
      const identity = props.sesIdentity.includes('@') ? Identity.email(props.sesIdentity) : Identity.domain(props.sesIdentity);
      new EmailIdentity(this, 'Identity', { identity, configurationSet: this.configurationSet });
    }
    // SES authorises a send against the verified identity: the address itself or its domain.
    const address = senderAddress(props.mailFrom);
    const domain = address.slice(address.lastIndexOf('@') + 1);
    this.senderIdentities = [address, domain];
  }

  /** Send permission for the sender's identities through this configuration set, nothing else. */
  grantSend(grantee: IGrantable): void {
    const stack = Stack.of(this);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          ...this.senderIdentities.map((name) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name })),
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName }),
        ],
      }),
    );
  }
}
