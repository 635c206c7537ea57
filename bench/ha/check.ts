// What the two-instance bench checks after the run, from the database and from the gateway
// double's own record (its wire API, as an operator would read Authorize.Net's):
// - lost: a visit a patient was answered 2xx for that has no row;
// - double charges: more than one approved capture for one patient, or for one ledger entry,
//   at the gateway; more than one succeeded charge for one patient in the ledger;
// - charged without a visit: an approved capture whose patient has no visit;
// - a visit whose charge is not one succeeded ledger entry with one capture at the gateway;
// - ledger entries still pending, visits not completed, jobs still held as running.
import pg from 'pg';
import type { AuthorizeNetDouble } from '../../apps/server/test/authorize-net-double';

export interface HaChecks {
  visitRows: number;
  lost: number;
  duplicateVisits: number;
  captures: number;
  doubleCharges: number;
  chargedWithoutVisit: number;
  visitsWithoutOneCharge: number;
  pendingLedger: number;
  notCompleted: number;
  /** pg-boss jobs still in the active state at the end, and those started before the kill. */
  jobsStillActive: { name: string; count: number }[];
  jobsHeldByLost: { name: string; count: number; expireSeconds: number }[];
  /** Jobs run again after a failure or an expiry (a run held by the lost instance expires). */
  jobsRetried: { name: string; count: number }[];
  failedJobs: { name: string; count: number }[];
}

interface Capture {
  transId: string;
  invoiceNumber: string;
  transactionStatus: string;
}

/** Every unsettled transaction at the gateway double, page by page, through its wire API. */
async function gatewayTransactions(double: AuthorizeNetDouble): Promise<Capture[]> {
  const all: Capture[] = [];
  for (let offset = 1; ; offset += 1) {
    const response = await fetch(double.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        getUnsettledTransactionListRequest: {
          merchantAuthentication: {
            name: double.apiLoginId,
            transactionKey: double.transactionKey,
          },
          paging: { limit: 1000, offset },
        },
      }),
    });
    const body = JSON.parse((await response.text()).replace(/^\uFEFF/, '')) as {
      transactions?: Capture[];
    };
    const page = body.transactions ?? [];
    all.push(...page);
    if (page.length < 1000) return all;
  }
}

export async function checkHa(
  databaseUrl: string,
  double: AuthorizeNetDouble,
  answered: readonly { n: number; visitId: string }[],
  killedAt: Date,
): Promise<HaChecks> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const visits = (
      await client.query<{ id: string; account_id: string; state: string; ledger_id: string }>(
        `select v.id, v.account_id, v.state, v.ledger_id from visits v
         join accounts a on a.id = v.account_id where a.login_id like 'ha-patient-%'`,
      )
    ).rows;
    const ledger = (
      await client.query<{ id: string; account_id: string; state: string; invoice_number: string }>(
        `select l.id, l.account_id, l.state, l.invoice_number from ledger l
         join accounts a on a.id = l.account_id
         where a.login_id like 'ha-patient-%' and l.kind = 'charge'`,
      )
    ).rows;
    const jobs = (
      await client.query<{ name: string; state: string; count: string }>(
        `select name, state, count(*)::text as count from pgboss.job
         where state in ('active', 'failed') group by name, state order by name`,
      )
    ).rows;
    const held = (
      await client.query<{ name: string; count: string; expire: string }>(
        `select name, count(*)::text as count, max(expire_seconds)::text as expire
         from pgboss.job where state = 'active' and started_on < $1 group by name order by name`,
        [killedAt],
      )
    ).rows;
    const retried = (
      await client.query<{ name: string; count: string }>(
        `select name, count(*)::text as count from pgboss.job
         where retry_count > 0 group by name order by name`,
      )
    ).rows;

    const captures = (await gatewayTransactions(double)).filter(
      (t) => t.transactionStatus === 'capturedPendingSettlement',
    );
    const capturesByInvoice = new Map<string, number>();
    for (const c of captures) {
      capturesByInvoice.set(c.invoiceNumber, (capturesByInvoice.get(c.invoiceNumber) ?? 0) + 1);
    }
    const ledgerByInvoice = new Map(ledger.map((l) => [l.invoice_number, l]));
    const ledgerById = new Map(ledger.map((l) => [l.id, l]));
    const capturesByAccount = new Map<string, number>();
    let unknownCaptures = 0;
    for (const c of captures) {
      const entry = ledgerByInvoice.get(c.invoiceNumber);
      if (!entry) {
        unknownCaptures += 1;
        continue;
      }
      capturesByAccount.set(entry.account_id, (capturesByAccount.get(entry.account_id) ?? 0) + 1);
    }
    const succeededByAccount = new Map<string, number>();
    for (const l of ledger.filter((e) => e.state === 'succeeded')) {
      succeededByAccount.set(l.account_id, (succeededByAccount.get(l.account_id) ?? 0) + 1);
    }
    const visitsByAccount = new Map<string, number>();
    for (const v of visits) {
      visitsByAccount.set(v.account_id, (visitsByAccount.get(v.account_id) ?? 0) + 1);
    }
    const rowIds = new Set(visits.map((v) => v.id));

    return {
      visitRows: visits.length,
      lost: answered.filter((a) => !rowIds.has(a.visitId)).length,
      duplicateVisits: [...visitsByAccount.values()].filter((count) => count > 1).length,
      captures: captures.length,
      doubleCharges:
        [...capturesByAccount.values()].filter((count) => count > 1).length +
        [...capturesByInvoice.values()].filter((count) => count > 1).length +
        [...succeededByAccount.values()].filter((count) => count > 1).length,
      chargedWithoutVisit:
        unknownCaptures +
        [...capturesByAccount.keys()].filter((a) => !visitsByAccount.has(a)).length,
      visitsWithoutOneCharge: visits.filter((v) => {
        const entry = ledgerById.get(v.ledger_id);
        return entry?.state !== 'succeeded' || capturesByInvoice.get(entry.invoice_number) !== 1;
      }).length,
      pendingLedger: ledger.filter((l) => l.state === 'pending').length,
      notCompleted: visits.filter((v) => v.state !== 'completed').length,
      jobsStillActive: jobs
        .filter((j) => j.state === 'active')
        .map((j) => ({ name: j.name, count: Number(j.count) })),
      jobsHeldByLost: held.map((j) => ({
        name: j.name,
        count: Number(j.count),
        expireSeconds: Number(j.expire),
      })),
      jobsRetried: retried.map((j) => ({ name: j.name, count: Number(j.count) })),
      failedJobs: jobs
        .filter((j) => j.state === 'failed')
        .map((j) => ({ name: j.name, count: Number(j.count) })),
    };
  } finally {
    await client.end();
  }
}
