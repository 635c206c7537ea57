import type { VisitAssessment } from '@apothecall/domain/assessments/assessment.api';
import type { AssessmentForm } from '@apothecall/domain/assessments/assessment.rules';
import type { RxAnswers } from '@apothecall/domain/rx/rx-products.rules';
import type { Actor } from '../../platform/actor';
import type { DocumentSource } from '../../platform/document-sources';

/** An open in-store assessment as the Rx visit it continues into needs it. */
export interface AssessmentForVisit {
  id: string;
  form: AssessmentForm;
  /** The pharmacy the visit goes to (preselected). */
  organizationId: string;
  /** The state the patient was assessed in: the visit's state. */
  state: string;
  /** The treatment it continues as. */
  productId: string;
  /** The answers of the treatment's form the intake holds, in the patient's language. */
  answers: RxAnswers;
}

/**
 * What other areas may ask of in-store assessments: the Rx area turns a patient's
 * link into a visit (find, continue exactly once, attach, or give back) and shows the intake
 * and its pharmacy on the visit; the documents area lists the intake as a paper the pharmacy
 * filed for the patient.
 */
export interface AssessmentsPort {
  /**
   * The caller's open assessment of an e-mailed link's code; 404 for an unknown code or one of
   * another account (audited as denied), 410 when used or expired.
   */
  forVisit(actor: Actor, code: string): Promise<AssessmentForVisit>;
  /** sent -> continued for this account, once; 410 when another request used it first. */
  continueOnce(actor: Actor, assessmentId: string): Promise<void>;
  /** The visit the continued assessment became. */
  attachVisit(assessmentId: string, visitId: string): Promise<void>;
  /** The visit could not be made: the link works again. */
  release(assessmentId: string): Promise<void>;
  /** The intakes and pharmacies of several assessments at once (one read), by assessment id. */
  forVisits(assessmentIds: readonly string[]): Promise<Map<string, VisitAssessment>>;
  /** The intake as a PDF the pharmacy filed for the patient (/get-patient-pharmacy-upload). */
  documents: DocumentSource;
}
