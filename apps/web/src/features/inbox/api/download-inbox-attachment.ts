import { apiDownload } from '../../../lib/api-client';

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
