import { AppError, appErrors } from '../../platform/errors';
import {
  idDocView,
  isUuid,
  type RxPatientAccess,
  type RxPatientDeps,
  subject,
} from './rx-patient-access';
import type { RxService } from './rx-service.types';

/**
 * What the patient uploads (through the files area, encrypted): a requested attachment of a
 * visit, and the ID photo of a person of the account, linked to the visits waiting for it.
 */
export function createRxPatientUploads(
  deps: RxPatientDeps,
  access: RxPatientAccess,
): Pick<
  RxService,
  'uploadAttachment' | 'uploadId' | 'idDocument' | 'setIdVisibility' | 'familyIdDocuments'
> {
  const { view, ownPerson, ownVisit, changed } = access;

  return {
    async uploadAttachment(actor, visitId, upload) {
      const visit = await ownVisit(actor, visitId);
      if (!visit.attachmentsPending) {
        throw new AppError(409, 'RX_NO_UPLOAD_REQUESTED', 'rx.visit.noUploadRequested');
      }
      const stored = await deps.files.upload(actor, {
        purpose: 'attachment',
        fileName: upload.fileName,
        bytes: upload.bytes,
        personId: visit.personId,
      });
      await deps.repo.linkFile(visit.id, {
        fileId: stored.id,
        docType: 'attachment',
        name: stored.name,
        contentType: stored.contentType,
      });
      // What the prescriber asked for has come: an exit visit returns to its review.
      const moved =
        visit.status === 'exit'
          ? await deps.repo.move(visit.id, { status: 'exit', version: visit.version }, 'started', {
              attachmentsPending: false,
              statusComment: '',
            })
          : await deps.repo.update(visit.id, visit.version, { attachmentsPending: false });
      if (!moved) throw new AppError(409, 'RX_STALE', 'rx.visit.stale');
      await deps.audit.record(actor, 'rx.visit.attachment', subject(visit), {
        visitId: visit.id,
        fileId: stored.id,
      });
      await changed(moved);
      return view(moved);
    },

    async uploadId(actor, personId, upload) {
      const person = await ownPerson(actor, personId);
      const stored = await deps.files.upload(actor, {
        purpose: 'id-document',
        fileName: upload.fileName,
        bytes: upload.bytes,
        personId: person.id,
      });
      const doc = await deps.repo.insertIdDocument({
        accountId: actor.accountId,
        personId: person.id,
        fileId: stored.id,
      });
      await deps.audit.record(actor, 'rx.id.upload', subject(person), {
        verifyId: doc.id,
        fileId: stored.id,
      });
      for (const visit of await deps.repo.idPendingOfPerson(person.id)) {
        await deps.repo.linkFile(visit.id, {
          fileId: stored.id,
          docType: 'id',
          name: stored.name,
          contentType: stored.contentType,
        });
        const updated = await deps.repo.update(visit.id, visit.version, { idPending: false });
        if (updated) await changed(updated);
      }
      return idDocView(doc);
    },

    async idDocument(actor, personId) {
      const person = await ownPerson(actor, personId);
      const doc = await deps.repo.idDocumentOf(person.id);
      await deps.audit.record(actor, 'rx.id.read', subject(person), {
        verifyId: doc?.id ?? null,
      });
      return doc ? idDocView(doc) : null;
    },

    async setIdVisibility(actor, verifyId, hide) {
      const doc = isUuid(verifyId) ? await deps.repo.idDocument(verifyId) : undefined;
      if (!doc || doc.accountId !== actor.accountId) throw appErrors.notFound();
      const updated = await deps.repo.setIdDocumentHidden(doc.id, hide);
      if (!updated) throw appErrors.notFound();
      await deps.audit.record(actor, 'rx.id.visibility', subject(doc), {
        verifyId: doc.id,
        hidden: hide,
      });
      return idDocView(updated);
    },

    async familyIdDocuments(actor) {
      const family = await deps.accounts.family(actor.accountId);
      const documents = await Promise.all(
        family.map(async (person) => {
          const doc = await deps.repo.idDocumentOf(person.id);
          return {
            patientId: person.id,
            name: `${person.firstName} ${person.lastName}`,
            document: doc ? idDocView(doc) : null,
          };
        }),
      );
      await deps.audit.record(
        actor,
        'rx.id.family',
        { accountId: actor.accountId },
        { people: family.map((p) => p.id) },
      );
      return documents;
    },
  };
}
