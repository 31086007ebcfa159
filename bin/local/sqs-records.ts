import type { Message, MessageAttributeValue } from '@aws-sdk/client-sqs';
import type { SQSMessageAttributes, SQSRecord } from 'aws-lambda';

/** One received message as Lambda's SQS event source mapping presents it to the function. */
export function toSqsRecord(message: Message, queue: { arn: string; region: string }): SQSRecord {
  const attributes = message.Attributes ?? {};
  const now = String(Date.now());
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ...attributes,
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? now,
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? now,
    },
    messageAttributes: toRecordAttributes(message.MessageAttributes ?? {}),
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queue.arn,
    awsRegion: queue.region,
  };
}

function toRecordAttributes(attributes: Record<string, MessageAttributeValue>): SQSMessageAttributes {
  const converted: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    converted[name] = {
      dataType: value.DataType ?? 'String',
      ...(value.StringValue === undefined ? {} : { stringValue: value.StringValue }),
      ...(value.BinaryValue === undefined ? {} : { binaryValue: Buffer.from(value.BinaryValue).toString('base64') }),
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map((bytes) => Buffer.from(bytes).toString('base64')),
    };
  }
  return converted;
}
