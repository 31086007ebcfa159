/**
 * One CloudWatch Embedded Metric Format document: a count with its dimensions at `timestamp` (epoch ms).
 * Written to stdout, Lambda sends it to the function's log group and CloudWatch extracts the metric, so
 * no API call or permission is needed.
 */
export function emfCountLine(
  namespace: string,
  dimensions: Record<string, string>,
  name: string,
  value: number,
  timestamp: number,
): string {
  return `${JSON.stringify({
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [{ Namespace: namespace, Dimensions: [Object.keys(dimensions)], Metrics: [{ Name: name, Unit: 'Count' }] }],
    },
    ...dimensions,
    [name]: value,
  })}\n`;
}

export const writeStdout = (line: string): void => void process.stdout.write(line);
