import { AppError, appErrors } from '../../platform/errors';
import { messageView } from './rx.views';
import { isUuid, type RxPatientAccess, type RxPatientDeps, subject } from './rx-patient-access';
import type { RxService } from './rx-service.types';

/** The patient's messages with the prescriber on a visit, and the files they carry. */
export function createRxPatientMessages(
  deps: RxPatientDeps,
  access: RxPatientAccess,
): Pick<RxService, 'messages' | 'sendMessage' | 'messageAttachment'> {
  const { ownVisit, changed } = access;

  return {
    async messageAttachment(actor, msgId, fileId) {
      const message = isUuid(msgId) ? await deps.repo.message(msgId) : undefined;
      const visit = message ? await deps.repo.visit(message.visitId) : undefined;
      const attached = message?.attachments.some((a) => a.fileId === fileId);
      if (!message || !visit || visit.accountId !== actor.accountId || !attached) {
        await deps.audit.denied(actor, 'rx.messages.attachment', null, {
          reason: 'not-found-or-not-allowed',
          ...(isUuid(msgId) ? { msgId } : {}),
        });
        throw appErrors.notFound();
      }
      return message.owner === actor.accountId
        ? deps.files.open(actor, fileId)
        : deps.files.openFor(actor, fileId, message.owner);
    },

    async messages(actor, visitId) {
      const visit = await ownVisit(actor, visitId);
      await deps.audit.record(actor, 'rx.messages.read', subject(visit), { visitId: visit.id });
      return (await deps.repo.messagesOf(visit.id)).map(messageView);
    },

    async sendMessage(actor, visitId, text, upload) {
      const visit = await ownVisit(actor, visitId);
      const stored = upload
        ? await deps.files.upload(actor, {
            purpose: 'attachment',
            fileName: upload.fileName,
            bytes: upload.bytes,
            personId: visit.personId,
          })
        : undefined;
      if (!stored && text.trim() === '') {
        throw new AppError(400, 'VALIDATION', 'common.required', undefined, { field: 'text' });
      }
      await deps.repo.insertMessage({
        visitId: visit.id,
        owner: actor.accountId,
        fromRole: 'patient',
        text,
        attachments: stored
          ? [{ fileId: stored.id, name: stored.name, type: stored.contentType }]
          : [],
      });
      await deps.audit.record(actor, 'rx.messages.send', subject(visit), { visitId: visit.id });
      await deps.events.emit('rx.messageSent', { visitId: visit.id, to: visit.prescriberId });
      // The patient's answer to a request that asked for no upload returns the visit to its
      // review (spec: exit -> started); a requested document still has to be uploaded.
      if (visit.status === 'exit' && !visit.attachmentsPending) {
        const moved = await deps.repo.move(
          visit.id,
          { status: 'exit', version: visit.version },
          'started',
          { statusComment: '' },
        );
        if (moved) await changed(moved);
      }
      return (await deps.repo.messagesOf(visit.id)).map(messageView);
    },
  };
}
