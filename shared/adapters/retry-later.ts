/**
 * Thrown by a handler that has hidden its message with `retryLater`: the record is reported failed, so
 * SQS hands it back when the new visibility timeout ends. A planned retry, not a fault.
 */
export class RetryLater extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLater';
  }
}
