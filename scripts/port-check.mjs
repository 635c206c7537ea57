// Whether the server's port is free, asked before `npm start` builds anything: a busy port used
// to be reported by the server only after a build of a minute or more.
import { lookup } from 'node:dns/promises';
import net from 'node:net';

/** Whether something listens on `address`:`port` (another server there makes listen fail). */
function taken(address, port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error) => resolve(error.code === 'EADDRINUSE'));
    probe.listen({ host: address, port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/**
 * The address of `host` on which `port` is taken, or undefined when the server can listen there.
 * A host name is checked on each of its addresses (the server listens on every address
 * `localhost` has). Port 0 (any free port), an unknown host or any other failure is left to the
 * server to report.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<string | undefined>}
 */
export async function busyAddress(host, port) {
  if (!Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  let addresses;
  try {
    addresses = net.isIP(host)
      ? [host]
      : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return undefined;
  }
  for (const address of addresses) if (await taken(address, port)) return address;
  return undefined;
}

/** What `npm start` says when the port is taken. */
export function busyPortMessage(host, port) {
  const other = port === 65535 ? port - 1 : port + 1;
  return [
    `Port ${port} on ${host} is already in use (another Apothecall, or another program).`,
    `Stop that, or start on another port: PORT=${other} npm start`,
  ].join('\n');
}
