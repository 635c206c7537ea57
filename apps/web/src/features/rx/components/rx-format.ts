import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';
import { patientStatusTextKey, type RxVisitStatus } from '@apothecall/domain/rx/rx-status.rules';
import { isMessageKey, type Translate } from '../../../lib/i18n';

/** Display helpers of the Rx screens. */

/** A treatment's name in words; an unknown id is shown as given. */
export function productName(t: Translate, productId: string): string {
  const product = rxProductById(productId);
  return product ? t(product.nameKey) : productId;
}

/**
 * An evaluation answer in words: option ids read as the options' labels of the treatment's
 * question ('fibromyalgia' -> 'Fibromyalgia'); free text as written.
 */
export function answerInWords(
  t: Translate,
  productId: string,
  answer: { readonly id: string; readonly data: string | readonly string[] },
): string {
  const question = rxProductById(productId)?.questions.find((q) => q.id === answer.id);
  const word = (value: string) => {
    const option = question?.options?.find((o) => o.id === value);
    if (!option) return value;
    return option.labelKey ? t(option.labelKey) : (option.label ?? value);
  };
  return typeof answer.data === 'string' ? word(answer.data) : answer.data.map(word).join(', ');
}

/** A catalogue key the server sent (a product's name or a question), or the text as given. */
export function textOf(t: Translate, key: string): string {
  return isMessageKey(key) ? t(key) : key;
}

/** 'Florida' for 'FL' (components/state-confirm), where these screens import it. */
export { stateLabel } from '../../../components/state-confirm';

/** The patient-facing text of a status ('Pending medical review'). */
export function statusText(t: Translate, status: RxVisitStatus): string {
  return t(patientStatusTextKey(status));
}

/** The server's translated message (lib/api-client), where this feature's screens import it. */
export { errorText } from '../../../lib/api-client';

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** An ISO instant or date as a date in the reader's language. */
export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(date);
}

/** A new idempotency key for one attempt of a request that charges or creates. */
export function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}

/** Saves a downloaded blob under a file name (lib/save-blob, where this feature's screens import it). */
export { saveBlob } from '../../../lib/save-blob';
