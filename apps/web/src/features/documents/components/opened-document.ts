import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { getSession, subscribeSession } from '../../../lib/session-store';

/**
 * The document /doc shows, handed over in memory by the list's Open link: its facts (the
 * patient's name, its description) never go in the address, the browser's history or storage.
 * The address carries its opaque token only (`documentPath`), so a reload or a new tab opens
 * the document again (for the account that owns it), without those facts.
 */
let opened: { document: DocumentView; sessionToken: string | undefined } | null = null;

/** /doc's address for a document: its opaque token (source and id), nothing about the person. */
export function documentPath(document: Pick<DocumentView, 'token'>): string {
  return `/doc?id=${encodeURIComponent(document.token)}`;
}

export function openDocument(document: DocumentView): void {
  opened = { document, sessionToken: getSession()?.token };
}

export function openedDocument(): DocumentView | null {
  return opened && opened.sessionToken === getSession()?.token ? opened.document : null;
}

// Logging out (or in as someone else) forgets it.
subscribeSession(() => {
  if (opened && opened.sessionToken !== getSession()?.token) opened = null;
});
