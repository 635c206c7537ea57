// Background logins, in their own process: `rate` password logins a second (argon2id on the
// server) against the API for `seconds`, round-robin over the given login ids. Prints one JSON
// line: how many were made and how many failed.
const [url, rateText, secondsText, password, ...loginIds] = process.argv.slice(2);
const rate = Number(rateText);
const seconds = Number(secondsText);
let made = 0;
let failed = 0;
const inFlight: Promise<void>[] = [];
const started = Date.now();
while (Date.now() - started < seconds * 1000) {
  const loginId = loginIds[made % loginIds.length] ?? '';
  made += 1;
  inFlight.push(
    fetch(`${url}/api/account/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId, password, platform: 'web', version: 'bench' }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) failed += 1;
      })
      .catch(() => {
        failed += 1;
      }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
}
await Promise.all(inFlight);
process.stdout.write(`${JSON.stringify({ made, failed })}\n`);

export {};
