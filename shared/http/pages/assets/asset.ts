import { createHash } from 'node:crypto';

export interface WebAsset {
  file: string;
  contentType: string;
  body: string;
}

/** A file named by its content hash: a page always links the version it was built with. */
export function asset(stem: string, extension: string, contentType: string, body: string): WebAsset {
  const digest = createHash('sha256').update(body, 'utf8').digest('hex').slice(0, 12);
  return { file: `${stem}.${digest}.${extension}`, contentType, body };
}
