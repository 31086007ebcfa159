import { getEncoding } from 'encoding-sniffer/sniffer';
import { TextDecoder } from 'node:util';

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
  const encoding = getEncoding(body, { transportLayerEncodingLabel, defaultEncoding: 'utf-8' }).toLowerCase();
  return { text: decoderFor(encoding).decode(body), charset: encoding };
}

/**
 * Node's own WHATWG decoders (full ICU ships with Node): the same encodings as iconv-lite for the web's
 * labels, without half a megabyte of tables in every scanning function. A BOM is honoured by the
 * sniffer above and dropped here, as browsers do.
 */
function decoderFor(encoding: string): TextDecoder {
  try {
    return new TextDecoder(encoding);
  } catch {
    return new TextDecoder('utf-8');
  }
}

export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(contentType ?? '');
  const label = match?.[1] ?? match?.[2];
  return label === undefined || label === '' ? undefined : label;
}
