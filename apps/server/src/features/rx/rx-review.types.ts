import type { VisitPrescriptionInput } from '@apothecall/domain/care/visits.api';
import type {
  RxMessage,
  RxQueueEntry,
  RxReview,
  RxStatusChangeRequest,
  RxVisitView,
} from '@apothecall/domain/rx/rx-visits.api';
import type { Actor } from '../../platform/actor';
import type { OpenedFile } from '../files/files.port';
import type { RxVisitRecord } from './rx.repo';

/** The prescriber's side of asynchronous visits. */
export interface RxReviewService {
  /**
   * Puts the reviews a deactivated prescriber started back in the line, each patient told by a
   * message on the visit; how many went back.
   */
  releaseReviews(actor: Actor, prescriberId: string): Promise<number>;
  /**
   * The back office puts one Rx review a prescriber started back in the line with the operator's
   * note: 'released', 'notStarted' (an Rx visit no prescriber has started), or null
   * (no Rx visit has this id).
   */
  releaseReview(
    actor: Actor,
    visitId: string,
    note: string,
  ): Promise<'released' | 'notStarted' | null>;
  queue(actor: Actor): Promise<{
    states: string[];
    waiting: RxQueueEntry[];
    mine: RxQueueEntry[];
    changeRequests: RxQueueEntry[];
  }>;
  /** How many visits wait in the prescriber's states, and their change requests (Home). */
  counts(actor: Actor): Promise<{ waiting: number; changeRequests: number }>;
  claim(actor: Actor, visitId: string): Promise<RxVisitRecord>;
  review(actor: Actor, visitId: string): Promise<RxReview>;
  file(actor: Actor, visitId: string, fileId: string): Promise<OpenedFile>;
  changeStatus(
    actor: Actor,
    visitId: string,
    input: Required<Pick<RxStatusChangeRequest, 'status' | 'version'>> & {
      note: string;
      requestAttachment: boolean;
    },
  ): Promise<RxVisitView>;
  prescribe(
    actor: Actor,
    visitId: string,
    input: { version: number; prescriptions: Required<VisitPrescriptionInput>[] },
  ): Promise<RxVisitView>;
  sendMessage(actor: Actor, visitId: string, text: string): Promise<RxMessage[]>;
  /** A file of a message on a visit this prescriber may see. */
  messageAttachment(actor: Actor, msgId: string, fileId: string): Promise<OpenedFile>;
  /** The answer to a pharmacy's change request: a new dose (approved) or not (denied). */
  answerChange(actor: Actor, visitId: string, input: RxChangeAnswerInput): Promise<RxReview>;
  /** The visit, when this prescriber may see it (for its prescription PDF). */
  visitFor(actor: Actor, visitId: string): Promise<RxVisitRecord>;
}

export type RxChangeAnswerInput =
  | {
      decision: 'approve';
      version: number;
      note: string;
      prescriptions: Required<VisitPrescriptionInput>[];
    }
  | { decision: 'deny'; version: number; note: string };
