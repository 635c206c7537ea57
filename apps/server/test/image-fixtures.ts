import sharp from 'sharp';

/**
 * Test images made on the spot with sharp, and a tiny EXIF reader for the one question the
 * tests ask: does the image still carry a GPS position?
 */

/** A GPS position (Pittsburgh) in EXIF's GPS directory. */
const gps = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '40/1 26/1 4600/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '79/1 58/1 5600/100',
};

/** A 40x20 JPEG with a GPS position, a camera make and EXIF orientation 6 (turn right). */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Copyright: 'Patient Name' }, IFD3: gps })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A 12x8 PNG carrying an eXIf chunk with a GPS position. */
export function pngWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 12, height: 8, channels: 4, background: '#0a0' } })
    .png()
    .withExif({ IFD3: gps })
    .toBuffer();
}

/**
 * HEIF with an AV1-coded image ('mif1' brand): HEIF this sharp can decode. Made as AVIF, then
 * given the generic HEIF brand, so the type check sees HEIF, not AVIF.
 */
export async function decodableHeif(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
    .heif({ compression: 'av1' })
    .withExif({ IFD3: gps })
    .toBuffer();
  const bytes = Buffer.from(avif);
  bytes.write('mif1', 8, 'latin1');
  return bytes;
}

/**
 * What a phone's HEIC looks like to this sharp: the 'heic' brand and an HEVC-coded ('hvc1')
 * image item, which the prebuilt libheif has no decoder for.
 */
export async function hevcHeic(): Promise<Buffer> {
  const bytes = await decodableHeif();
  bytes.write('heic', 8, 'latin1');
  replaceAll(bytes, 'av01', 'hvc1');
  replaceAll(bytes, 'av1C', 'hvcC');
  return bytes;
}

function replaceAll(bytes: Buffer, from: string, to: string): void {
  const needle = Buffer.from(from, 'latin1');
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
    bytes.write(to, at, 'latin1');
  }
}

/** A minimal, valid one-page PDF that says `text`. */
export function pdf(text = 'Lab result'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** True when the image's EXIF has a GPS directory (tag 0x8825 in IFD0). */
export async function hasGps(image: Buffer): Promise<boolean> {
  const { exif } = await sharp(image).metadata();
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i += 1) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}
