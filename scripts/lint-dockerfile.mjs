// Lints the production container recipe (Dockerfile) with dockerfile-utils, the validator behind
// the Docker language server: unknown instructions, bad flags, durations, ports, JSON forms,
// deprecated instructions. Any finding, warning or error, fails the step. No image is built:
// these machines reach no image registry (docs/operations.md, "Container").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerfileUtils from 'dockerfile-utils';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'Dockerfile');
const content = readFileSync(file, 'utf8');
const findings = dockerfileUtils.validate(content);
const lines = content.split('\n');
for (const finding of findings) {
  const line = finding.range.start.line;
  const kind = finding.severity === 1 ? 'error' : 'warning';
  console.error(`Dockerfile:${line + 1}: ${kind}: ${finding.message}\n  ${lines[line] ?? ''}`);
}
if (findings.length > 0) process.exit(1);
console.log(`Dockerfile: no findings (${lines.length} lines)`);
