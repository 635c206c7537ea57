// Runs before the app's modules (a classic script, not deferred): zod reads this config when
// its schemas are made. zod may compile fast parsers with `new Function`, which the app's CSP
// (script-src 'self') forbids; even its probe for that is reported as a CSP violation. In the
// browser, parsers stay interpreted.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
