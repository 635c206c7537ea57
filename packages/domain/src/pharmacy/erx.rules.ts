/**
 * e-prescribing (the eRx seam): the NCPDP SCRIPT NewRx message built from a prescription
 * the pharmacy claimed, and how a network's answer maps to the dashboard's display statuses
 * (transmitted, ERROR, Transmit-Error). The in-product PDF download stays the default channel;
 * a transmission channel is configured per deployment. Data in, data out: the message is a
 * tree of elements and the answer what its Body holds; writing and reading the XML is the
 * server's (features/rx/erx-xml.ts: xmlbuilder2 and fast-xml-parser).
 *
 * The message follows the SCRIPT standard's structure (Message > Header > Body > NewRx with
 * Pharmacy, Prescriber, Patient, MedicationPrescribed); certification with a network adds
 * its own identifiers and is out of scope here.
 */

export interface NewRxInput {
  readonly messageId: string;
  readonly sentAt: Date;
  readonly pharmacy: { readonly ncpdpId: string; readonly npi: string; readonly name: string };
  readonly prescriber: {
    readonly npi: string;
    readonly lastName: string;
    readonly firstName: string;
  };
  readonly patient: {
    readonly lastName: string;
    readonly firstName: string;
    /** YYYY-MM-DD. */
    readonly dob: string;
    readonly gender: string;
  };
  readonly medication: {
    readonly description: string;
    readonly quantity: number;
    readonly refills: number;
    readonly directions: string;
    /** YYYY-MM-DD. */
    readonly writtenOn: string;
  };
}

/**
 * An XML element as data, the shape the server's XML writer (xmlbuilder2) takes: attributes
 * under '@name', text under '#', child elements by name in document order. Plain text here:
 * escaping and well-formedness are the writer's.
 */
export interface XmlElement {
  readonly [name: string]: string | XmlElement;
}

/** SCRIPT's namespace and the version this product writes (SCRIPT 2017071). */
export const scriptNamespace = 'http://www.ncpdp.org/schema/SCRIPT';
const scriptVersion = '20170715';

/** SCRIPT's gender codes: M, F, U. */
const genderCode = (gender: string) => (gender === 'M' || gender === 'F' ? gender : 'U');

/**
 * The NewRx message as elements: addressed to the pharmacy's NCPDP ID (To, qualifier P) from the
 * prescriber's NPI (From, qualifier D); the patient, pharmacy, prescriber and medication as
 * written (quantity in code list 38, no substitution, refills, the sig as text).
 */
export function newRxMessage(input: NewRxInput): { readonly Message: XmlElement } {
  return {
    Message: {
      '@xmlns': scriptNamespace,
      '@DatatypesVersion': scriptVersion,
      '@TransportVersion': scriptVersion,
      '@TransactionDomain': 'SCRIPT',
      '@TransactionVersion': scriptVersion,
      '@StructuresVersion': scriptVersion,
      '@ECLVersion': scriptVersion,
      Header: {
        To: { '@Qualifier': 'P', '#': input.pharmacy.ncpdpId },
        From: { '@Qualifier': 'D', '#': input.prescriber.npi },
        MessageID: input.messageId,
        SentTime: input.sentAt.toISOString(),
      },
      Body: {
        NewRx: {
          Patient: {
            HumanPatient: {
              Name: { LastName: input.patient.lastName, FirstName: input.patient.firstName },
              Gender: genderCode(input.patient.gender),
              DateOfBirth: { Date: input.patient.dob },
            },
          },
          Pharmacy: {
            Identification: { NCPDPID: input.pharmacy.ncpdpId, NPI: input.pharmacy.npi },
            BusinessName: input.pharmacy.name,
          },
          Prescriber: {
            NonVeterinarian: {
              Identification: { NPI: input.prescriber.npi },
              Name: { LastName: input.prescriber.lastName, FirstName: input.prescriber.firstName },
            },
          },
          MedicationPrescribed: {
            DrugDescription: input.medication.description,
            Quantity: { Value: String(input.medication.quantity), CodeListQualifier: '38' },
            WrittenDate: { Date: input.medication.writtenOn },
            Substitutions: '0',
            NumberOfRefills: String(input.medication.refills),
            Sig: { SigText: input.medication.directions },
          },
        },
      },
    },
  };
}

export type ErxOutcome = 'transmitted' | 'ERROR' | 'Transmit-Error';

/**
 * What a network answered in its SCRIPT message's Body (read by the server's XML parser): a
 * Status with its code, an Error, a Verify, or nothing this product reads (not XML, another
 * message, an empty body).
 */
export type ErxAnswer =
  | { readonly kind: 'status'; readonly code: string }
  | { readonly kind: 'error' }
  | { readonly kind: 'verify' }
  | { readonly kind: 'unreadable' };

/**
 * A network's answer to a NewRx: Status (code 000 or 010) or Verify -> transmitted; Error ->
 * ERROR (the message was refused); anything else, or no answer at all (null: the request
 * failed) -> Transmit-Error. A 5xx is a failure whatever its body; a success needs a 2xx.
 */
export function erxOutcome(httpStatus: number | null, answer: ErxAnswer): ErxOutcome {
  if (httpStatus === null || httpStatus >= 500) return 'Transmit-Error';
  if (answer.kind === 'error') return 'ERROR';
  if (httpStatus >= 300) return 'Transmit-Error';
  if (answer.kind === 'status' && (answer.code === '000' || answer.code === '010')) {
    return 'transmitted';
  }
  if (answer.kind === 'verify') return 'transmitted';
  return 'Transmit-Error';
}
