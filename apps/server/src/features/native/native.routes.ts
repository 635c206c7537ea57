import {
  nativeActions,
  webRouteForNativeLink,
} from '@apothecall/domain/navigation/entry-links.rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appErrors } from '../../platform/errors';

/** What the link-association files say: the apps that may open this site's /app/ links. */
export interface NativeLinks {
  /** iOS apps as `<team id>.<bundle id>`; none: no apple-app-site-association file. */
  readonly iosAppIds: readonly string[];
  readonly androidPackage: string;
  /** The Android signing certificates' SHA-256 fingerprints; none: no assetlinks.json. */
  readonly androidCertFingerprints: readonly string[];
}

/** The path universal links and app links claim: `/app/<action>?id=...`. */
export const nativeLinkPrefix = '/app/';

/** iOS universal links: the apps that open `/app/*` of this host. */
export function appleAppSiteAssociation(links: NativeLinks) {
  return {
    applinks: {
      details: [{ appIDs: [...links.iosAppIds], components: [{ '/': `${nativeLinkPrefix}*` }] }],
    },
  };
}

/** Android app links: the app (package and signing certificates) verified for this host. */
export function assetLinks(links: NativeLinks) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: links.androidPackage,
        sha256_cert_fingerprints: [...links.androidCertFingerprints],
      },
    },
  ];
}

const actionParams = z.object({ action: z.string().max(40) });

/** An association file: JSON (the phones fetch it without redirects), cached an hour. */
function associationFile(reply: FastifyReply, body: unknown) {
  return reply
    .type('application/json')
    .header('cache-control', 'public, max-age=3600')
    .send(JSON.stringify(body));
}

/**
 * Pages at the site's root for the native apps: the two association files the phones fetch to
 * trust this host's links, and `/app/<action>`, which a browser opens when the app is not
 * installed: it answers with the web app's route of the same intent (logIn -> /login, with the
 * referral code). The link's query is a referral code and item id, never a person's data.
 */
export function nativePages(links: NativeLinks) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['native'];
    r.get(
      '/.well-known/apple-app-site-association',
      { schema: { tags, summary: 'iOS universal links: the apps that open /app/ links' } },
      async (_request, reply) => {
        if (links.iosAppIds.length === 0) throw appErrors.notFound();
        return associationFile(reply, appleAppSiteAssociation(links));
      },
    );
    r.get(
      '/.well-known/assetlinks.json',
      { schema: { tags, summary: 'Android app links: the app verified for /app/ links' } },
      async (_request, reply) => {
        if (links.androidCertFingerprints.length === 0) throw appErrors.notFound();
        return associationFile(reply, assetLinks(links));
      },
    );
    r.get(
      `${nativeLinkPrefix}:action`,
      {
        schema: {
          tags,
          summary: "A native app link opened in a browser: the web app's route of the same intent",
          params: actionParams,
        },
      },
      async (request, reply) => {
        const { action } = request.params;
        if (!(nativeActions as readonly string[]).includes(action)) throw appErrors.notFound();
        const q = request.url.indexOf('?');
        const search = q < 0 ? '' : request.url.slice(q);
        return reply
          .header('cache-control', 'no-store')
          .redirect(webRouteForNativeLink(`${nativeLinkPrefix}${action}${search}`), 302);
      },
    );
  };
}
