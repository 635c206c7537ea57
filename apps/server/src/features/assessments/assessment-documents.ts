import { translate } from '@apothecall/domain/i18n/catalog';
import type { AuditService } from '../../platform/audit.service';
import type { DocumentSource } from '../../platform/document-sources';
import { AppError } from '../../platform/errors';
import { renderAssessmentPdf } from './assessment-pdf';
import { intakeOf, isUuid } from './assessment-views';
import type { AssessmentsRepo } from './assessments.repo';

/**
 * The assessments as the patient's documents: listed under the pharmacy's name (filed by the
 * pharmacy), and each opened as its PDF; another account's is not found, audited as denied.
 */
export function assessmentDocuments(deps: {
  repo: Pick<AssessmentsRepo, 'papers' | 'byId'>;
  audit: AuditService;
  pharmacyName: (organizationId: string) => Promise<string>;
}): DocumentSource {
  const { pharmacyName } = deps;
  const subjectOf = (row: { accountId: string }) => ({ accountId: row.accountId });
  return {
    source: 'assessment',
    pharmacyFiled: true,
    papers: deps.repo.papers,
    async describe(rows, lang) {
      // The pharmacies' names through their area (a statement only when there are assessments).
      const organizationOf = (row: (typeof rows)[number]) => String(row.data.organizationId);
      const names = new Map<string, string>();
      for (const id of new Set(rows.map(organizationOf))) {
        names.set(id, await pharmacyName(id));
      }
      return rows.map((row) => {
        const pharmacy = names.get(organizationOf(row)) ?? '';
        return {
          id: row.id,
          personId: null,
          at: row.at,
          ftype: 'application/pdf',
          fdesc: translate(lang, 'assessment.attribution', { pharmacy }),
          author: pharmacy,
          filer: pharmacy,
        };
      });
    },
    async open(actor, id) {
      const row = isUuid(id) ? await deps.repo.byId(id) : undefined;
      if (!row || row.accountId !== actor.accountId) {
        await deps.audit.denied(actor, 'assessment.document.read', null, {
          ...(isUuid(id) ? { assessmentId: id } : {}),
        });
        throw new AppError(404, 'NOT_FOUND', 'documents.notFound');
      }
      await deps.audit.record(actor, 'assessment.document.read', subjectOf(row), {
        assessmentId: row.id,
      });
      const bytes = await renderAssessmentPdf({
        brandName: (await actor.brand()).name,
        lang: actor.lang,
        pharmacyName: await pharmacyName(row.organizationId),
        assessedOn: row.createdAt.toISOString().slice(0, 10),
        intake: intakeOf(row),
      });
      return {
        bytes,
        name: `in-store-assessment-${row.createdAt.toISOString().slice(0, 10)}.pdf`,
        contentType: 'application/pdf',
      };
    },
  };
}
