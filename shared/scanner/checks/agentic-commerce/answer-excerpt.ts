const excerptChars = 120;
/** Controls and bidirectional overrides in an answer's bytes: a binary or hostile answer is shown as plain text. */
// eslint-disable-next-line no-control-regex
const unprintable = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffd]+/g;

/** The start of what an endpoint answered, on one line of plain text, as a verdict's evidence shows it. */
export function answerExcerpt(answer: string): string {
  return answer.replace(unprintable, ' ').replace(/\s+/g, ' ').trim().slice(0, excerptChars);
}

/**
 * An answer as a verdict's evidence shows it: `HTTP 404 text/plain: Not Found`. The start of its body only when
 * `answer` is given (where a drive went wrong, it shows what an agent got instead).
 */
export function answerLine(status: number, contentType: string | null, answer: string | null): string {
  const media = contentType ? ` ${contentType.split(';')[0]?.trim() ?? ''}` : '';
  const text = answer === null ? '' : answerExcerpt(answer);
  return `HTTP ${status}${media}${text ? `: ${text}` : ''}`;
}
