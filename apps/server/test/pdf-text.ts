import { inflateSync } from 'node:zlib';

/**
 * Reads back what a PDF the server wrote (PDFKit) says and declares. Enough to check a generated
 * PDF the way a reader's copy-and-paste or screen reader would see it; not a general PDF reader:
 * it knows PDFKit's layout (one object per `N 0 obj`, streams with a direct /Length, Flate).
 */
interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s/g;
  let match = header.exec(raw);
  while (match) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endobj', start);
    const streamAt = raw.indexOf('stream\n', start);
    if (streamAt >= 0 && streamAt < end) {
      const dict = raw.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      const data = pdf.subarray(streamAt + 7, streamAt + 7 + length);
      objects.set(Number(match[1]), { dict, stream: data });
      header.lastIndex = streamAt + 7 + length;
    } else {
      objects.set(Number(match[1]), { dict: raw.slice(start, end) });
      header.lastIndex = end;
    }
    match = header.exec(raw);
  }
  return objects;
}

const inflated = (object: PdfObject | undefined): string => {
  if (!object?.stream) return '';
  if (!/\/Filter \/FlateDecode/.test(object.dict)) return object.stream.toString('latin1');
  try {
    return inflateSync(object.stream).toString('latin1');
  } catch {
    return '';
  }
};

const refIn = (dict: string, key: string): number | undefined => {
  const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return found ? Number(found[1]) : undefined;
};

/** A hex string of UTF-16BE (PDF allows white space inside it: `<0066 0069>` is 'fi'). */
const hexText = (hex: string) =>
  Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap: each code (hex, as written in the content) to the text it stands for. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set((pair[1] ?? '').toLowerCase(), hexText(pair[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] ?? '';
    for (const range of body.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g,
    )) {
      const width = (range[1] ?? '').length;
      const low = Number.parseInt(range[1] ?? '0', 16);
      const high = Number.parseInt(range[2] ?? '0', 16);
      const target = range[3] ?? '';
      const code = (n: number) => n.toString(16).padStart(width, '0');
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((dst, i) => {
          map.set(code(low + i), hexText(dst[1] ?? ''));
        });
      } else {
        const first = hexText(target.slice(1, -1));
        for (let n = low; n <= high; n++) {
          map.set(code(n), String.fromCodePoint((first.codePointAt(0) ?? 0) + (n - low)));
        }
      }
    }
  }
  return map;
}

interface FontReader {
  decode(hex: string): string;
}

function fontReader(objects: Map<number, PdfObject>, fontId: number): FontReader {
  const dict = objects.get(fontId)?.dict ?? '';
  const cmapId = refIn(dict, 'ToUnicode');
  if (cmapId === undefined) {
    // A standard font: one byte a character (WinAnsi; Latin-1 is close enough here).
    return { decode: (hex) => Buffer.from(hex, 'hex').toString('latin1') };
  }
  const map = toUnicode(inflated(objects.get(cmapId)));
  const width = Math.max(2, ...[...map.keys()].map((k) => k.length));
  return {
    decode: (hex) => {
      let out = '';
      for (let i = 0; i < hex.length; i += width) {
        out += map.get(hex.slice(i, i + width).toLowerCase()) ?? '\uFFFD';
      }
      return out;
    },
  };
}

/**
 * The text a PDF shows, a line per printed line: each page's content streams inflated, each
 * `[<hex> kerning <hex>] TJ` run decoded through its font's ToUnicode CMap (or as WinAnsi for a
 * standard font), and runs drawn on the same baseline of a page joined, so a line whose words
 * switch fonts (Latin, then a CJK fallback) reads back whole.
 */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const lines: string[] = [];
  for (const [, page] of objects) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const resourcesId = refIn(page.dict, 'Resources');
    const resources =
      resourcesId === undefined ? page.dict : (objects.get(resourcesId)?.dict ?? '');
    const fonts = new Map<string, FontReader>();
    for (const font of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      fonts.set(font[1] ?? '', fontReader(objects, Number(font[2])));
    }
    const contentsId = refIn(page.dict, 'Contents');
    const content = inflated(contentsId === undefined ? undefined : objects.get(contentsId));
    let font: FontReader | undefined;
    let y: string | undefined;
    let lastY: string | undefined;
    const ops =
      /\/(F\d+) [\d.]+ Tf|[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) Tm|\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ/g;
    for (const op of content.matchAll(ops)) {
      if (op[1]) font = fonts.get(op[1]);
      else if (op[2]) y = op[2];
      else {
        const text = [...(op[3] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => font?.decode(hex[1] ?? '') ?? '')
          .join('');
        if (lines.length > 0 && y !== undefined && y === lastY) lines[lines.length - 1] += text;
        else lines.push(text);
        lastY = y;
      }
    }
    lastY = undefined;
  }
  return lines.join('\n');
}

/** A PDF string object's text: `(...)` with its escapes, UTF-16BE when it starts with a BOM. */
function stringValue(source: string): string {
  const literal = /^\s*\(([\s\S]*)\)\s*$/.exec(source)?.[1] ?? '';
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  const bytes = literal.replace(/\\([0-7]{1,3}|.)/gs, (_, c: string) =>
    /^[0-7]+$/.test(c) ? String.fromCharCode(Number.parseInt(c, 8)) : (escapes[c] ?? c),
  );
  if (bytes.startsWith('\xfe\xff')) {
    return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
  }
  return bytes;
}

/** What a PDF declares: its title and language, whether it is tagged, and its fonts. */
export function pdfFacts(pdf: Buffer): {
  title: string | undefined;
  lang: string | undefined;
  tagged: boolean;
  displayDocTitle: boolean;
  /** Each font's name and how its program is embedded (none for a standard font). */
  fonts: { name: string; embedded: 'FontFile' | 'FontFile2' | 'FontFile3' | null }[];
} {
  const objects = objectsOf(pdf);
  const raw = pdf.toString('latin1');
  const value = (dict: string, key: string): string | undefined => {
    const ref = refIn(dict, key);
    if (ref !== undefined) return stringValue(objects.get(ref)?.dict ?? '');
    const inline = new RegExp(`/${key} (\\((?:\\\\.|[^)\\\\])*\\))`).exec(dict)?.[1];
    return inline === undefined ? undefined : stringValue(inline);
  };
  const infoId = Number(/\/Info (\d+) 0 R/.exec(raw)?.[1]);
  const rootId = Number(/\/Root (\d+) 0 R/.exec(raw)?.[1]);
  const catalog = objects.get(rootId)?.dict ?? '';
  const markInfoId = refIn(catalog, 'MarkInfo');
  const markInfo = markInfoId === undefined ? catalog : (objects.get(markInfoId)?.dict ?? '');
  const prefsId = refIn(catalog, 'ViewerPreferences');
  const prefs = prefsId === undefined ? catalog : (objects.get(prefsId)?.dict ?? '');
  const fonts: ReturnType<typeof pdfFacts>['fonts'] = [];
  for (const [, object] of objects) {
    if (!/\/Type \/FontDescriptor\b/.test(object.dict)) continue;
    const embedded = /\/(FontFile[23]?) \d+ 0 R/.exec(object.dict)?.[1];
    fonts.push({
      name: /\/FontName \/([^\s/]+)/.exec(object.dict)?.[1] ?? '',
      embedded: (embedded as 'FontFile' | 'FontFile2' | 'FontFile3' | undefined) ?? null,
    });
  }
  for (const [, object] of objects) {
    if (/\/Type \/Font\b/.test(object.dict) && /\/Subtype \/Type1\b/.test(object.dict)) {
      if (!/\/FontDescriptor/.test(object.dict)) {
        fonts.push({ name: /\/BaseFont \/([^\s/]+)/.exec(object.dict)?.[1] ?? '', embedded: null });
      }
    }
  }
  return {
    title: value(objects.get(infoId)?.dict ?? '', 'Title'),
    lang: value(catalog, 'Lang'),
    tagged: /\/Marked true/.test(markInfo) && /\/StructTreeRoot \d+ 0 R/.test(catalog),
    displayDocTitle: /\/DisplayDocTitle true/.test(prefs),
    fonts,
  };
}

/** The fonts a PDF uses, without the subset tag ('ABCDEF+NotoSans-Regular' is 'NotoSans-Regular'). */
export function pdfFonts(pdf: Buffer): { name: string; embedded: string | null }[] {
  return pdfFacts(pdf).fonts.map((font) => ({
    name: font.name.replace(/^[A-Z]{6}\+/, ''),
    embedded: font.embedded,
  }));
}
