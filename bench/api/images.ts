// bench/api images: how long a password login takes while large images
// are being uploaded, against the same login on the same idle server, measured side by side in
// one run and printed as a ratio. The server, the uploads and this process (which makes one
// login at a time and times it) are three processes (and the server's image worker a fourth:
// it re-encodes one image at a time at the lowest CPU priority, so logins stay quick).
import { lineFrom, spawnScript, startServer } from '../processes';
import type { Row } from '../report';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const lanes = 4;
const demoPassword = 'Apothecall-Demo-1';

interface UploadCounts {
  stored: number;
  tooLarge: number;
  busy: number;
  rateLimited: number;
  failed: number;
}

async function login(url: string, loginId: string): Promise<{ token: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/account/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password: demoPassword, platform: 'web', version: 'bench' }),
  });
  if (!response.ok) throw new Error(`login ${loginId}: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { token, ms: performance.now() - started };
}

/** Logins one after another for `forMs` (at least `atLeast` of them); their times. */
async function timedLogins(url: string, forMs: number, atLeast: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + forMs;
  while (performance.now() < until || times.length < atLeast) {
    times.push((await login(url, 'provider@apothecall.test')).ms);
  }
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Logins timed while `lanes` uploads of a `kind` image keep running. */
async function loginsUnderUploads(
  url: string,
  tokens: string[],
  kind: 'large' | 'huge',
): Promise<{ times: number[]; counts: UploadCounts; imageBytes: number }> {
  const child = spawnScript('api/uploads.ts', [
    url,
    tokens.join(','),
    String(lanes),
    String(seconds),
    kind,
  ]);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const imageBytes = Number(await lineFrom(child, 'READY'));
  // Let the uploads get going, then log in until just before they stop.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const times = await timedLogins(url, (seconds - 2) * 1000, 3);
  if ((await exited) !== 0) throw new Error(`uploads exited with an error: ${out}`);
  const counts = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as UploadCounts;
  return { times, counts, imageBytes };
}

export async function benchImages(): Promise<Row[]> {
  console.log(`bench/api images: logins while ${lanes} image uploads run, ${seconds} s each`);
  const server = await startServer('api/server.ts', ['api']);
  try {
    // Each account may upload 30 images in 10 minutes: the stored 40-MP uploads are spread
    // over two accounts so that limit never lowers their load; the 99-MP flood is one account's.
    const token = async (loginId: string) => (await login(server.url, loginId)).token;
    const uploader = {
      large: [await token('patient@apothecall.test'), await token('admin@apothecall.test')],
      huge: [await token('pharmacist@apothecall.test')],
    };
    // Warm-up, then the idle figure.
    await timedLogins(server.url, 0, 3);
    const idle = median(await timedLogins(server.url, 3000, 10));
    console.log(`  login, idle: median ${idle.toFixed(0)} ms`);
    const rows: Row[] = [
      {
        figure: 'login, idle server (median)',
        value: `${idle.toFixed(0)} ms`,
        goal: '(measured)',
        met: true,
      },
    ];
    for (const kind of ['large', 'huge'] as const) {
      const { times, counts, imageBytes } = await loginsUnderUploads(
        server.url,
        uploader[kind],
        kind,
      );
      const loaded = median(times);
      const ratio = loaded / idle;
      const what =
        kind === 'large'
          ? `${lanes} uploads of 40-MP JPEGs (${(imageBytes / 1e6).toFixed(1)} MB, stored)`
          : `${lanes} uploads of 99-MP JPEGs (${(imageBytes / 1e6).toFixed(1)} MB, refused, then rate-limited)`;
      console.log(
        `  login with ${what}: median ${loaded.toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms over ${times.length} logins = ${ratio.toFixed(2)}x idle; uploads ${JSON.stringify(counts)}`,
      );
      if (counts.failed > 0) throw new Error(`uploads: ${counts.failed} failed`);
      if (kind === 'large' && counts.rateLimited > 0) {
        throw new Error('the stored uploads met the image limit: their load is understated');
      }
      rows.push({
        figure: `login with ${what} (x idle)`,
        value: `${ratio.toFixed(2)}x (${loaded.toFixed(0)} ms)`,
        goal: '<= 2x',
        met: ratio <= 2,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}
