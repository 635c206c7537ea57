import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/**
 * GET /pharmacy/inbox/attachments/:id: an e-mail attachment's bytes, with the auth header (the
 * token never goes in a URL). Saved as a download, never shown inline.
 */
export function downloadInboxAttachment(
  attachmentId: string,
  offlineMessage: string,
): Promise<Blob> {
  return apiDownload(`/pharmacy/inbox/attachments/${encodeURIComponent(attachmentId)}`, {
    accept: '*/*',
    offlineMessage,
  });
}

export interface InboxAttachmentDownload {
  attachmentId: string;
  offlineMessage: string;
}

/** An attachment, as a download (nothing cached changes). */
export function useDownloadInboxAttachment(
  options?: MutationCallbacks<Blob, InboxAttachmentDownload>,
) {
  return useCallMutation(
    ({ attachmentId, offlineMessage }: InboxAttachmentDownload) =>
      downloadInboxAttachment(attachmentId, offlineMessage),
    () => [],
    options,
  );
}
