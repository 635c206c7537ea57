/**
 * The Node.js runtime the server is built and supported on. Node 20 left maintenance in
 * April 2026; Node 24 is the LTS line (docs/operations.md, "Node.js 24").
 */
export const requiredNodeMajor = 24;

/** The major version of a `process.versions.node` string such as `24.21.0`. */
export function nodeMajor(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isNaN(major) ? 0 : major;
}

/**
 * Why this runtime cannot run the server, as one line for the console, or undefined when it
 * can. An older Node is refused at start rather than left to fail later in a library.
 */
export function unsupportedRuntime(version: string): string | undefined {
  if (nodeMajor(version) >= requiredNodeMajor) return undefined;
  return (
    `Apothecall needs Node.js ${requiredNodeMajor} or newer; this is Node.js ${version}. ` +
    'Run it through npm (`npm start`), which uses the Node.js 24 that `npm install` provides, ' +
    'or install Node.js 24 (`nvm install` reads .nvmrc).'
  );
}
