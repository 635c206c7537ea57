// Image uploads as background load, in their own process: makes one JPEG (`large`: 39.9
// megapixels of noise, about 7 MB, the most expensive image the server accepts; `huge`: 99
// megapixels of one colour, about 0.6 MB but huge decoded, which the server now refuses
// from its header), prints `READY`, then keeps `lanes` uploads of it in flight for `seconds`.
// Prints one JSON line: how many were stored, refused as too large, refused as busy, refused by
// the account's image limit (30 in 10 minutes), failed.
import sharp from 'sharp';

const [url = '', tokensText = '', lanesText = '4', secondsText = '10', kind = 'large'] =
  process.argv.slice(2);
const lanes = Number(lanesText);
// Lane i uploads as the i-th account of the comma-separated tokens, round the list.
const tokens = tokensText.split(',');
const seconds = Number(secondsText);

const image =
  kind === 'huge'
    ? await sharp({ create: { width: 10_000, height: 9_900, channels: 3, background: '#c87828' } })
        .jpeg({ quality: 80 })
        .toBuffer()
    : await sharp({
        create: {
          width: 7_300,
          height: 5_470,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 50 })
        .toBuffer();
process.stdout.write(`READY ${image.length}\n`);

const counts = { stored: 0, tooLarge: 0, busy: 0, rateLimited: 0, failed: 0 };
const until = performance.now() + seconds * 1000;
async function lane(token: string): Promise<void> {
  while (performance.now() < until) {
    const form = new FormData();
    form.append('purpose', 'attachment');
    form.append('file', new Blob([image], { type: 'image/jpeg' }), 'scan.jpg');
    try {
      const response = await fetch(`${url}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await response.json()) as { errorCode?: string };
      if (response.ok) counts.stored += 1;
      else if (body.errorCode === 'FILE_IMAGE_TOO_LARGE') counts.tooLarge += 1;
      else if (body.errorCode === 'FILES_BUSY') counts.busy += 1;
      else if (body.errorCode === 'RATE_LIMITED') counts.rateLimited += 1;
      else counts.failed += 1;
    } catch {
      counts.failed += 1;
    }
  }
}
await Promise.all(Array.from({ length: lanes }, (_, i) => lane(tokens[i % tokens.length] ?? '')));
process.stdout.write(`${JSON.stringify(counts)}\n`);
