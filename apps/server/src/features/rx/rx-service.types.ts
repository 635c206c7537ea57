import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import type { VerifyIdDoc } from '@apothecall/domain/rx/rx-verify-id.api';
import type {
  RxMessage,
  RxProductView,
  RxVisitView,
  SubmitRxEvaluationInput,
} from '@apothecall/domain/rx/rx-visits.api';
import type { Actor } from '../../platform/actor';
import type { OpenedFile } from '../files/files.port';
import type { RxVisitRecord } from './rx.repo';

import type { RxUpload } from './rx-patient-access';

/** The patient's side of asynchronous prescription visits. */
export interface RxService {
  /** The catalogue; with a pharmacy's link id, only its treatment and where it routes. */
  productInfo(id?: string): Promise<{
    products: RxProductView[];
    link: { id: string; productId: string; pharmacy: { id: string; name: string } } | null;
  }>;
  logForm(actor: Actor, productId: string, step: string): Promise<void>;
  submitEvaluation(actor: Actor, input: SubmitRxEvaluationInput): Promise<RxVisitView>;
  price(
    actor: Actor,
    visitId: string,
  ): Promise<{ price: number; priceToken: string; data: { title: string; msg: string } }>;
  /** The visit priced by an access token or program code: 0, priceType prepay. */
  prepayPrice(actor: Actor, visitId: string, code: string): Promise<PrepayOffer>;
  pay(
    actor: Actor,
    input: {
      visitId: string;
      priceToken: string;
      payProfileID: string | null;
      idempotencyKey: string;
      prepayCode?: string | undefined;
    },
  ): Promise<RxVisitView>;
  list(actor: Actor, only?: 'unpaid'): Promise<{ visits: RxVisitView[]; actionRequired: boolean }>;
  cancel(actor: Actor, visitId: string): Promise<RxVisitView>;
  uploadAttachment(actor: Actor, visitId: string, upload: RxUpload): Promise<RxVisitView>;
  uploadId(actor: Actor, personId: string, upload: RxUpload): Promise<VerifyIdDoc>;
  idDocument(actor: Actor, personId: string): Promise<VerifyIdDoc | null>;
  setIdVisibility(actor: Actor, verifyId: string, hide: boolean): Promise<VerifyIdDoc>;
  familyIdDocuments(
    actor: Actor,
  ): Promise<{ patientId: string; name: string; document: VerifyIdDoc | null }[]>;
  refill(actor: Actor, visitId: string, idempotencyKey: string): Promise<RxVisitView>;
  messages(actor: Actor, visitId: string): Promise<RxMessage[]>;
  /** A message to the prescriber, with a file when one is given (an attachment upload). */
  sendMessage(actor: Actor, visitId: string, text: string, upload?: RxUpload): Promise<RxMessage[]>;
  /** A file of a message on one of the account's visits. */
  messageAttachment(actor: Actor, msgId: string, fileId: string): Promise<OpenedFile>;
  /** The patient's own visit, for its prescription PDF. */
  ownVisit(actor: Actor, visitId: string): Promise<RxVisitRecord>;
}
