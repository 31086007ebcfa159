import { decodeBuffer, getEncoding } from 'encoding-sniffer';

export interface DecodedText {
  text: string;
  /** WHATWG encoding name, lower-case (e.g. "utf-8", "windows-1252"). */
  charset: string;
}

/**
 * Decodes a body the way a browser would: byte order mark first, then the Content-Type charset,
 * then <meta charset> / <meta http-equiv> (or an XML declaration) in the first 1024 bytes.
 * Without any of those, UTF-8, which is what nearly every page without a declaration is today.
 */
export function decodeText(body: Buffer, contentType: string | undefined): DecodedText {
  const transportLayerEncodingLabel = charsetFromContentType(contentType);
  const encoding = getEncoding(body, { transportLayerEncodingLabel, defaultEncoding: 'utf-8' });
  return {
    text: decodeBuffer(body, { userEncoding: encoding }),
    charset: encoding.toLowerCase(),
  };
}

export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(contentType ?? '');
  const label = match?.[1] ?? match?.[2];
  return label === undefined || label === '' ? undefined : label;
}
