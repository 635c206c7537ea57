import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { getSession, subscribeSession } from '../../../lib/session-store';

/**
 * The document /doc shows, handed over in memory by the list's Open link: its token (and the
 * patient's name) never go in the address, the browser's history or storage. A reload, a new
 * tab or another session finds none, and /doc says so.
 */
let opened: { document: DocumentView; sessionToken: string | undefined } | null = null;

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
