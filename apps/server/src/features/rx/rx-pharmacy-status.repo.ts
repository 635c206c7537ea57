import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rxStatusNotes, rxVisits } from '../../db/schema/rx';
import { type RxVisitChanges, type RxVisitRecord, visitColumns } from './rx-visit-row.repo';

/** A visit as the pharmacy dashboard lists it before paging (no PHI but the person's id). */
export interface RxPharmacyListItem {
  id: string;
  personId: string;
  pharmacyStatus: string;
  location: string;
  linkId: string | null;
  prescribedAt: Date | null;
  /** When someone at the pharmacy first opened it (null: new). */
  seenAt: Date | null;
}

/**
 * Which of a pharmacy's visits the dashboard shows: those in `statuses`, of `states` (null:
 * every state), through one of `links` (empty: with or without a link).
 */
export interface RxPharmacyFilter {
  statuses: readonly string[];
  states: readonly string[] | null;
  links: readonly string[];
}

/** What a dashboard row shows of a visit (the columns pharmacyPage reads). */
export type RxPharmacyRow = Pick<
  RxVisitRecord,
  | 'id'
  | 'personId'
  | 'productId'
  | 'pharmacyStatus'
  | 'erxStatus'
  | 'version'
  | 'location'
  | 'prescribedAt'
  | 'updatedAt'
  | 'linkId'
  | 'assessmentId'
  | 'prescriptionChangedAt'
>;

/** How many visits a filter shows in one pharmacy status, and how many were never opened. */
export interface RxPharmacyCount {
  status: string;
  total: number;
  unseen: number;
}

export interface RxStatusNoteRecord {
  id: string;
  visitId: string;
  status: string;
  note: string;
  byRole: string;
  accountId: string;
  at: Date;
}

/** A visit's life at its pharmacy: its pharmacy status and notes, first look, eRx, changes. */
export interface RxPharmacyStatusRepo {
  /**
   * Moves the visit's pharmacy status (only from `from`, at its version) and writes the move's
   * history note in the same transaction: both or neither.
   */
  movePharmacy(
    id: string,
    from: { pharmacyStatus: string; version: number },
    to: string,
    changes: RxVisitChanges,
    note: Omit<RxStatusNoteRecord, 'id' | 'at' | 'visitId' | 'status'>,
  ): Promise<RxVisitRecord | undefined>;
  /** A pharmacy's visits that reached it (prescribed), newest first: light rows to filter. */
  pharmacyVisits(
    pharmacyId: string,
    states: readonly string[] | null,
  ): Promise<RxPharmacyListItem[]>;
  /** Counted in the database, per pharmacy status: the dashboard's tabs and its new ones. */
  pharmacyCounts(pharmacyId: string, filter: RxPharmacyFilter): Promise<RxPharmacyCount[]>;
  /** One page of the visits the filter shows, newest prescribed first (as pharmacyVisits). */
  pharmacyPage(
    pharmacyId: string,
    filter: RxPharmacyFilter,
    page: { offset: number; limit: number },
  ): Promise<RxPharmacyRow[]>;
  /** Records the pharmacy's first look (no version change: nothing the patient sees moved). */
  markPharmacySeen(id: string, at: Date): Promise<RxVisitRecord | undefined>;
  setErxStatus(id: string, erxStatus: string): Promise<RxVisitRecord | undefined>;
  /** The prescriber's prescriptions a pharmacy asked to change (pharmacy status review). */
  changeRequestsOf(prescriberId: string): Promise<RxVisitRecord[]>;
  statusNotesOf(visitId: string): Promise<RxStatusNoteRecord[]>;
}

export function createRxPharmacyStatusRepo(db: Db): RxPharmacyStatusRepo {
  const rowColumns = {
    id: rxVisits.id,
    personId: rxVisits.personId,
    productId: rxVisits.productId,
    pharmacyStatus: rxVisits.pharmacyStatus,
    erxStatus: rxVisits.erxStatus,
    version: rxVisits.version,
    location: rxVisits.location,
    prescribedAt: rxVisits.prescribedAt,
    updatedAt: rxVisits.updatedAt,
    linkId: rxVisits.linkId,
    assessmentId: rxVisits.assessmentId,
    prescriptionChangedAt: rxVisits.prescriptionChangedAt,
  };
  // The dashboard opens on every pharmacist's screen: its two statements are prepared once
  // (named), one of each per shape of grant (every state or some; any link or some), the
  // statuses, states and links as array parameters.
  const shapes = [
    { states: false, links: false },
    { states: true, links: false },
    { states: false, links: true },
    { states: true, links: true },
  ] as const;
  const shownBy = (shape: (typeof shapes)[number]) =>
    and(
      eq(rxVisits.pharmacyId, sql.placeholder('pharmacyId')),
      sql`${rxVisits.pharmacyStatus} = any(${sql.placeholder('statuses')})`,
      shape.states ? sql`${rxVisits.location} = any(${sql.placeholder('states')})` : undefined,
      shape.links ? sql`${rxVisits.linkId} = any(${sql.placeholder('links')})` : undefined,
    );
  const name = (what: string, shape: (typeof shapes)[number]) =>
    `rx_pharmacy_${what}${shape.states ? '_states' : ''}${shape.links ? '_links' : ''}`;
  const counts = shapes.map((shape) =>
    db
      .select({
        status: rxVisits.pharmacyStatus,
        total: sql<number | string>`count(*)`,
        unseen: sql<number | string>`count(*) filter (where ${rxVisits.pharmacySeenAt} is null)`,
      })
      .from(rxVisits)
      .where(shownBy(shape))
      .groupBy(rxVisits.pharmacyStatus)
      .prepare(name('counts', shape)),
  );
  const pages = shapes.map((shape) =>
    db
      .select(rowColumns)
      .from(rxVisits)
      .where(shownBy(shape))
      .orderBy(desc(rxVisits.prescribedAt), desc(rxVisits.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name('page', shape)),
  );
  /** The statement of the filter's shape and its parameters. */
  const shaped = <T>(of: readonly T[], pharmacyId: string, filter: RxPharmacyFilter) => {
    const at = (filter.states ? 1 : 0) + (filter.links.length > 0 ? 2 : 0);
    return {
      statement: of[at] as T,
      params: {
        pharmacyId,
        statuses: [...filter.statuses],
        states: [...(filter.states ?? [])],
        links: [...filter.links],
      },
    };
  };
  return {
    async pharmacyCounts(pharmacyId, filter) {
      if (filter.statuses.length === 0 || filter.states?.length === 0) return [];
      const { statement, params } = shaped(counts, pharmacyId, filter);
      const rows = await statement.execute(params);
      return rows.map((r) => ({
        status: r.status ?? '',
        total: Number(r.total),
        unseen: Number(r.unseen),
      }));
    },
    async pharmacyPage(pharmacyId, filter, page) {
      if (filter.statuses.length === 0 || filter.states?.length === 0) return [];
      const { statement, params } = shaped(pages, pharmacyId, filter);
      return statement.execute({ ...params, offset: page.offset, limit: page.limit });
    },
    async movePharmacy(id, from, to, changes, note) {
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(rxVisits)
          .set({
            ...changes,
            pharmacyStatus: to,
            version: sql`${rxVisits.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(rxVisits.id, id),
              eq(rxVisits.pharmacyStatus, from.pharmacyStatus),
              eq(rxVisits.version, from.version),
            ),
          )
          .returning(visitColumns);
        if (moved) await tx.insert(rxStatusNotes).values({ ...note, visitId: id, status: to });
        return moved;
      });
    },
    async pharmacyVisits(pharmacyId, states) {
      if (states && states.length === 0) return [];
      const rows = await db
        .select({
          id: rxVisits.id,
          personId: rxVisits.personId,
          pharmacyStatus: rxVisits.pharmacyStatus,
          location: rxVisits.location,
          linkId: rxVisits.linkId,
          prescribedAt: rxVisits.prescribedAt,
          seenAt: rxVisits.pharmacySeenAt,
        })
        .from(rxVisits)
        .where(
          and(
            eq(rxVisits.pharmacyId, pharmacyId),
            isNotNull(rxVisits.pharmacyStatus),
            ...(states ? [inArray(rxVisits.location, [...states])] : []),
          ),
        )
        .orderBy(desc(rxVisits.prescribedAt), desc(rxVisits.id));
      return rows.map((r) => ({ ...r, pharmacyStatus: r.pharmacyStatus ?? 'unclaimed' }));
    },
    async markPharmacySeen(id, at) {
      const rows = await db
        .update(rxVisits)
        .set({ pharmacySeenAt: at })
        .where(and(eq(rxVisits.id, id), isNull(rxVisits.pharmacySeenAt)))
        .returning(visitColumns);
      return rows[0];
    },
    async setErxStatus(id, erxStatus) {
      const rows = await db
        .update(rxVisits)
        .set({ erxStatus, version: sql`${rxVisits.version} + 1`, updatedAt: sql`now()` })
        .where(eq(rxVisits.id, id))
        .returning(visitColumns);
      return rows[0];
    },
    async changeRequestsOf(prescriberId) {
      return db
        .select(visitColumns)
        .from(rxVisits)
        .where(and(eq(rxVisits.prescriberId, prescriberId), eq(rxVisits.pharmacyStatus, 'review')))
        .orderBy(asc(rxVisits.updatedAt));
    },
    async statusNotesOf(visitId) {
      return db
        .select()
        .from(rxStatusNotes)
        .where(eq(rxStatusNotes.visitId, visitId))
        .orderBy(asc(rxStatusNotes.at), asc(rxStatusNotes.id));
    },
  };
}
