import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Config } from '#shared/config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (e.g. List-Unsubscribe); SES refuses a name and value over 996 characters together. */
  headers?: ReadonlyArray<{ name: string; value: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type MailerConfig = Pick<Config, 'awsRegion' | 'sesEndpoint' | 'mailFrom' | 'sesConfigurationSet'>;

export function createSesClient(config: Pick<Config, 'awsRegion' | 'sesEndpoint'>): SESv2Client {
  const local = config.sesEndpoint !== '';
  return new SESv2Client({
    region: config.awsRegion,
    ...(local ? { endpoint: config.sesEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
}

export function createMailer(config: MailerConfig, client: SESv2Client = createSesClient(config)): Mailer {
  const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });
  return {
    async send(message) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: config.mailFrom,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: utf8(message.subject),
              Body: { Text: utf8(message.text), Html: utf8(message.html) },
              ...(message.headers?.length
                ? { Headers: message.headers.map((header) => ({ Name: header.name, Value: header.value })) }
                : {}),
            },
          },
          ...(config.sesConfigurationSet !== '' ? { ConfigurationSetName: config.sesConfigurationSet } : {}),
        }),
      );
    },
  };
}
