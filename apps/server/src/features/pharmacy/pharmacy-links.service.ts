import { randomBytes } from 'node:crypto';
import { translate } from '@apothecall/domain/i18n/catalog';
import { pharmacyServesState } from '@apothecall/domain/pharmacy/pharmacy-dashboard.rules';
import type { RxLinkView, RxPharmacyChoice } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { rxLinksPageSize } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { RxLink } from '@apothecall/domain/rx/rx.schemas';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { PharmacyPort, PharmacyStaff } from './pharmacy.port';
import type { PharmacyLinkRecord, PharmacyOrganizationRecord, PharmacyRepo } from './pharmacy.repo';

/** A pharmacy's Rx links, and where a patient's new Rx visit goes (a link's or a chosen pharmacy). */
export interface PharmacyLinksService
  extends Pick<PharmacyPort, 'resolveLink' | 'routeFor' | 'allLinksOf'> {
  links(actor: Actor): Promise<RxLinkView[]>;
  /** The links screen's page: newest first, matching `query`. */
  searchLinks(
    actor: Actor,
    input: { query: string; page: number },
  ): Promise<{ links: RxLinkView[]; page: number; pageSize: number; total: number }>;
  createLink(actor: Actor, input: RxLink): Promise<RxLinkView>;
  deleteLink(actor: Actor, id: string): Promise<void>;
  /** Verified pharmacies a patient in `state` may send an Rx visit to. */
  choices(state: string): Promise<RxPharmacyChoice[]>;
}

/** A link code: 12 characters of base32, not guessable, fine in a URL (it names no one). */
function newLinkId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * A pharmacy's Rx links: its staff with the readyrx permission list, search, create
 * and delete them (`linkManager`, the portal's check, refuses anyone else); patients' visits
 * resolve a link, or a chosen verified pharmacy serving their state.
 */
export function createPharmacyLinksService(deps: {
  repo: Pick<
    PharmacyRepo,
    | 'link'
    | 'linksOf'
    | 'allLinksOf'
    | 'insertLink'
    | 'deleteLink'
    | 'organization'
    | 'verifiedServing'
  >;
  audit: AuditService;
  publicUrl: string;
  /** The caller as staff allowed to manage links, else a 403 (the portal's check). */
  linkManager: (actor: Actor) => Promise<PharmacyStaff>;
  now: () => Date;
}): PharmacyLinksService {
  const { now, linkManager } = deps;

  const linkView = (link: PharmacyLinkRecord): RxLinkView => ({
    id: link.id,
    screenId: link.screenId,
    medListId: link.medListId,
    comment: link.comment,
    url: `${deps.publicUrl}/#/rx?id=${encodeURIComponent(link.id)}&company=${encodeURIComponent(link.organizationId)}`,
    createdAt: link.createdAt.toISOString(),
  });

  const serves = (organization: PharmacyOrganizationRecord, state: string) =>
    pharmacyServesState(organization, state);

  async function resolveLink(id: string) {
    const link = await deps.repo.link(id);
    if (!link) return undefined;
    const organization = await deps.repo.organization(link.organizationId);
    if (!organization?.verifiedAt) return undefined;
    return { link, organization };
  }

  return {
    async links(actor) {
      const found = await linkManager(actor);
      return (await deps.repo.linksOf(found.organization.id)).map(linkView);
    },

    async searchLinks(actor, input) {
      const found = await linkManager(actor);
      const words = input.query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
      const matching = (await deps.repo.linksOf(found.organization.id)).filter((link) => {
        if (words.length === 0) return true;
        const product = rxProductById(link.screenId);
        const text = [
          link.id,
          link.screenId,
          product ? translate(actor.lang, product.nameKey) : '',
          link.medListId ?? '',
          link.comment ?? '',
        ]
          .join(' ')
          .toLocaleLowerCase();
        return words.every((word) => text.includes(word));
      });
      const start = (input.page - 1) * rxLinksPageSize;
      return {
        links: matching.slice(start, start + rxLinksPageSize).map(linkView),
        page: input.page,
        pageSize: rxLinksPageSize,
        total: matching.length,
      };
    },

    async createLink(actor, input) {
      const found = await linkManager(actor);
      if (!rxProductById(input.screenId)) {
        throw new AppError(400, 'VALIDATION', 'pharmacy.link.productUnknown', undefined, {
          field: 'screenId',
        });
      }
      const link = await deps.repo.insertLink({
        id: newLinkId(),
        organizationId: found.organization.id,
        screenId: input.screenId,
        medListId: input.medListId ?? null,
        comment: input.comment ?? null,
      });
      await deps.audit.record(actor, 'pharmacy.link.create', null, {
        organizationId: found.organization.id,
        linkId: link.id,
      });
      return linkView(link);
    },

    async deleteLink(actor, id) {
      const found = await linkManager(actor);
      if (!(await deps.repo.deleteLink(found.organization.id, id, now()))) {
        throw appErrors.notFound();
      }
      await deps.audit.record(actor, 'pharmacy.link.delete', null, {
        organizationId: found.organization.id,
        linkId: id,
      });
    },

    async choices(state) {
      const found = await deps.repo.verifiedServing(state);
      return found.map((o) => ({
        id: o.id,
        name: o.name,
        address: [o.address1, o.address2].filter(Boolean).join(', '),
        city: o.city,
        state: o.state,
        phone: o.phone,
      }));
    },

    resolveLink,

    async routeFor(input) {
      if (input.linkId) {
        const resolved = await resolveLink(input.linkId);
        if (!resolved) {
          throw new AppError(400, 'PHARMACY_NOT_AVAILABLE', 'pharmacy.rx.linkUnknown', undefined, {
            field: 'linkId',
          });
        }
        if (!serves(resolved.organization, input.state)) {
          throw new AppError(400, 'PHARMACY_NOT_AVAILABLE', 'pharmacy.rx.notAvailable', {
            state: input.state,
          });
        }
        return { pharmacyId: resolved.organization.id, linkId: resolved.link.id };
      }
      if (!input.pharmacyId) return { pharmacyId: null, linkId: null };
      const organization = await deps.repo.organization(input.pharmacyId);
      if (!organization?.verifiedAt || !serves(organization, input.state)) {
        throw new AppError(400, 'PHARMACY_NOT_AVAILABLE', 'pharmacy.rx.notAvailable', {
          state: input.state,
        });
      }
      return { pharmacyId: organization.id, linkId: null };
    },

    allLinksOf: (organizationId) => deps.repo.allLinksOf(organizationId),
  };
}
