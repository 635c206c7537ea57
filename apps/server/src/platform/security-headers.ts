import helmet from 'helmet';

/**
 * Permissions-Policy (helmet sets none): what the app's pages may use, and no frame they embed
 * may use more. The video visit needs the camera and the microphone, and plays the other side's
 * sound as it arrives (autoplay); the copy buttons (prepay codes and links, the inbox address,
 * pharmacy links) write to the clipboard. Every other powerful feature is off (the W3C list and
 * Chromium's), fullscreen among them: nothing in the app asks for it, the call's video has no
 * controls. Notifications, push and the service worker are governed by the browser's own
 * permission, not by this header. Desktop Chromium on Linux does not know `bluetooth` and
 * `web-share` (phones do) and says so once in the console; nothing else is unknown to it.
 */
export const permissionsPolicy = [
  'camera=(self)',
  'microphone=(self)',
  'autoplay=(self)',
  'clipboard-write=(self)',
  ...[
    'accelerometer',
    'bluetooth',
    'browsing-topics',
    'captured-surface-control',
    'clipboard-read',
    'compute-pressure',
    'digital-credentials-get',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'gamepad',
    'geolocation',
    'gyroscope',
    'hid',
    'identity-credentials-get',
    'idle-detection',
    'keyboard-map',
    'local-fonts',
    'magnetometer',
    'midi',
    'otp-credentials',
    'payment',
    'picture-in-picture',
    'publickey-credentials-create',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'speaker-selection',
    'storage-access',
    'usb',
    'web-share',
    'window-management',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * helmet's headers for this app (CSP and the rest), as helmet itself sets them, and the
 * Permissions-Policy; worked out once (`securityHeaders`) and set on every answer.
 */
function buildSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes component styles at run time; scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        // The document viewer (/#/doc) shows a PDF the app decoded, as a blob: frame.
        frameSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would block the brand assets partners host elsewhere.
    crossOriginEmbedderPolicy: false,
  });
  let failed: unknown;
  middleware(
    {} as Parameters<typeof middleware>[0],
    response as unknown as Parameters<typeof middleware>[1],
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed) throw failed;
  headers['permissions-policy'] = permissionsPolicy;
  return headers;
}

let built: Readonly<Record<string, string>> | undefined;

/** The security headers every answer carries (http-setup.ts; routing errors: http.ts). */
export function securityHeaders(): Readonly<Record<string, string>> {
  built ??= Object.freeze(buildSecurityHeaders());
  return built;
}
