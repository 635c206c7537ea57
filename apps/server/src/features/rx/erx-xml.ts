import {
  type ErxAnswer,
  type NewRxInput,
  newRxMessage,
} from '@apothecall/domain/pharmacy/erx.rules';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The eRx seam's XML, written and read by libraries (not string templates and regular expressions).
 * The domain shapes the NewRx as elements and decides what an answer means
 * (pharmacy/erx.rules.ts); this file writes the one and reads the other.
 */

/**
 * A NewRx as an XML document (xmlbuilder2): text and attributes escaped (& < > and quotes), UTF-8
 * as is (Muñoz stays Muñoz), and a character XML 1.0 does not allow (a control character pasted
 * into a name or the directions) replaced by U+FFFD, so the document is always well formed.
 */
export async function newRxXml(input: NewRxInput): Promise<string> {
  // Loaded with the first NewRx, not at start: most starts send none (docs/performance.md).
  const { create } = await import('xmlbuilder2');
  return create(
    { version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' },
    newRxMessage(input),
  ).end({ wellFormed: true });
}

/** SCRIPT in any prefix (`<Status>`, `<script:Status>`), text kept as text (codes like 010). */
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a network's answer holds (fast-xml-parser): the SCRIPT Message's Body, whichever
 * namespace prefix it is written with, as a Status with its Code, an Error or a Verify.
 * Anything else (not well-formed XML, another root, an empty Body) is unreadable. Comments and
 * CDATA are not elements: a commented-out <Error> is no error.
 */
export function readErxAnswer(xml: string): ErxAnswer {
  if (xml.trim() === '' || XMLValidator.validate(xml) !== true) return { kind: 'unreadable' };
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return { kind: 'unreadable' };
  }
  const message = isObject(document) ? document.Message : undefined;
  const body = isObject(message) ? message.Body : undefined;
  if (!isObject(body)) return { kind: 'unreadable' };
  if ('Error' in body) return { kind: 'error' };
  const status = body.Status;
  if (isObject(status) && (typeof status.Code === 'string' || typeof status.Code === 'number')) {
    return { kind: 'status', code: String(status.Code) };
  }
  if ('Verify' in body) return { kind: 'verify' };
  return { kind: 'unreadable' };
}
