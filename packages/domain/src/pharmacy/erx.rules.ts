/**
 * e-prescribing (issue 15's eRx seam): the NCPDP SCRIPT NewRx message built from a prescription
 * the pharmacy claimed, and how a network's answer maps to the dashboard's display statuses
 * (transmitted, ERROR, Transmit-Error). The in-product PDF download stays the default channel;
 * a transmission channel is configured per deployment.
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

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === "'" ? '&apos;' : '&quot;',
  );

/** SCRIPT's gender codes: M, F, U. */
const genderCode = (gender: string) => (gender === 'M' || gender === 'F' ? gender : 'U');

export function newRxMessage(input: NewRxInput): string {
  const x = escapeXml;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Message xmlns="http://www.ncpdp.org/schema/SCRIPT" DatatypesVersion="20170715" TransportVersion="20170715" TransactionDomain="SCRIPT" TransactionVersion="20170715" StructuresVersion="20170715" ECLVersion="20170715">',
    '<Header>',
    `<To Qualifier="P">${x(input.pharmacy.ncpdpId)}</To>`,
    `<From Qualifier="D">${x(input.prescriber.npi)}</From>`,
    `<MessageID>${x(input.messageId)}</MessageID>`,
    `<SentTime>${input.sentAt.toISOString()}</SentTime>`,
    '</Header>',
    '<Body><NewRx>',
    '<Patient><HumanPatient>',
    `<Name><LastName>${x(input.patient.lastName)}</LastName><FirstName>${x(input.patient.firstName)}</FirstName></Name>`,
    `<Gender>${genderCode(input.patient.gender)}</Gender>`,
    `<DateOfBirth><Date>${x(input.patient.dob)}</Date></DateOfBirth>`,
    '</HumanPatient></Patient>',
    `<Pharmacy><Identification><NCPDPID>${x(input.pharmacy.ncpdpId)}</NCPDPID><NPI>${x(input.pharmacy.npi)}</NPI></Identification><BusinessName>${x(input.pharmacy.name)}</BusinessName></Pharmacy>`,
    `<Prescriber><NonVeterinarian><Identification><NPI>${x(input.prescriber.npi)}</NPI></Identification><Name><LastName>${x(input.prescriber.lastName)}</LastName><FirstName>${x(input.prescriber.firstName)}</FirstName></Name></NonVeterinarian></Prescriber>`,
    '<MedicationPrescribed>',
    `<DrugDescription>${x(input.medication.description)}</DrugDescription>`,
    `<Quantity><Value>${input.medication.quantity}</Value><CodeListQualifier>38</CodeListQualifier></Quantity>`,
    `<WrittenDate><Date>${x(input.medication.writtenOn)}</Date></WrittenDate>`,
    '<Substitutions>0</Substitutions>',
    `<NumberOfRefills>${input.medication.refills}</NumberOfRefills>`,
    `<Sig><SigText>${x(input.medication.directions)}</SigText></Sig>`,
    '</MedicationPrescribed>',
    '</NewRx></Body>',
    '</Message>',
  ].join('');
}

export type ErxOutcome = 'transmitted' | 'ERROR' | 'Transmit-Error';

/**
 * A network's answer to a NewRx: Status (code 000 or 010) or Verify -> transmitted; Error ->
 * ERROR (the message was refused); anything else, or no answer at all -> Transmit-Error.
 */
export function erxOutcome(httpStatus: number | null, body: string): ErxOutcome {
  if (httpStatus === null || httpStatus >= 500) return 'Transmit-Error';
  if (/<Error[\s>]/.test(body)) return 'ERROR';
  const code = /<Status[\s>][\s\S]*?<Code>\s*(\d{3})\s*<\/Code>/.exec(body)?.[1];
  if ((code === '000' || code === '010') && httpStatus < 300) return 'transmitted';
  if (/<Verify[\s>]/.test(body) && httpStatus < 300) return 'transmitted';
  return 'Transmit-Error';
}
