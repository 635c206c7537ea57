/**
 * Where the server is. In a browser the app is served by the server itself, so every address is
 * relative (''). The native apps load the web build from the device and call the
 * server at the origin their build was given (lib/native/native-config.ts sets it at start).
 */
let origin = '';

export function setServerOrigin(value: string): void {
  origin = value.replace(/\/+$/, '');
}

/** The server's origin, '' when it is this page's. */
export function serverOrigin(): string {
  return origin;
}

/** An address on the server: `/api/...`, `/socket.io`, a brand's file. */
export function serverUrl(path: string): string {
  return `${origin}${path}`;
}

/** An API address: `/api` and the call's path. */
export function apiUrl(path: string): string {
  return serverUrl(`/api${path}`);
}
