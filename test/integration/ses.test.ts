import { randomUUID } from 'node:crypto';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, inject, it } from 'vitest';
import { localClientConfig } from '../../bin/local/local-aws.js';

describe('local SES', () => {
  it('keeps mail sent through the SES v2 API readable at /store', async () => {
    const ses = new SESv2Client(localClientConfig(inject('sesBaseUrl'), inject('awsRegion')));
    const subject = `Integration probe ${randomUUID()}`;
    try {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@example.com',
          Destination: { ToAddresses: ['someone@example.com'] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: 'Hello' } } } },
        }),
      );
    } finally {
      ses.destroy();
    }
    const store = (await (await fetch(`${inject('sesBaseUrl')}/store`)).json()) as {
      emails: Array<{ subject: string; destination: { to: string[] } }>;
    };
    expect(store.emails.find((email) => email.subject === subject)).toMatchObject({ destination: { to: ['someone@example.com'] } });
  });
});
