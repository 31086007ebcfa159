import type { SendEmailCommandInput, SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { createMailer, createSesClient } from '#shared/adapters/mailer.js';

const config = { awsRegion: 'eu-west-2', sesEndpoint: '', mailFrom: 'Scanner <no-reply@example.com>', sesConfigurationSet: '' };
const message = { to: 'owner@shop.example', subject: 'Sign in', text: 'plain body', html: '<p>html body</p>' };

function stubClient() {
  const inputs: SendEmailCommandInput[] = [];
  const client = { send: async (command: { input: SendEmailCommandInput }) => void inputs.push(command.input) };
  return { client: client as unknown as SESv2Client, inputs };
}

describe('mailer', () => {
  it('sends one simple UTF-8 e-mail from the configured sender', async () => {
    const { client, inputs } = stubClient();
    await createMailer(config, client).send(message);
    expect(inputs).toEqual([
      {
        FromEmailAddress: 'Scanner <no-reply@example.com>',
        Destination: { ToAddresses: ['owner@shop.example'] },
        Content: {
          Simple: {
            Subject: { Data: 'Sign in', Charset: 'UTF-8' },
            Body: { Text: { Data: 'plain body', Charset: 'UTF-8' }, Html: { Data: '<p>html body</p>', Charset: 'UTF-8' } },
          },
        },
      },
    ]);
    expect(inputs[0]).not.toHaveProperty('ConfigurationSetName');
  });

  it('adds the extra header lines to the simple message', async () => {
    const { client, inputs } = stubClient();
    const headers = [
      { name: 'List-Unsubscribe', value: '<https://api.example.com/u?token=x>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ];
    await createMailer(config, client).send({ ...message, headers });
    expect(inputs[0]?.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://api.example.com/u?token=x>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('names the configuration set when one is configured', async () => {
    const { client, inputs } = stubClient();
    await createMailer({ ...config, sesConfigurationSet: 'readiness-mail' }, client).send(message);
    expect(inputs[0]?.ConfigurationSetName).toBe('readiness-mail');
  });

  it('points the client at a local endpoint with fake credentials', async () => {
    const client = createSesClient({ awsRegion: 'eu-west-2', sesEndpoint: 'http://127.0.0.1:8005' });
    const endpoint = await client.config.endpoint?.();
    expect(endpoint?.hostname).toBe('127.0.0.1');
    expect(endpoint?.port).toBe(8005);
    await expect(client.config.credentials()).resolves.toMatchObject({ accessKeyId: 'local', secretAccessKey: 'local' });
  });
});
