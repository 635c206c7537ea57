import type { NewRxInput } from '@apothecall/domain/pharmacy/erx.rules';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { newRxXml, readErxAnswer } from './erx-xml';

/**
 * The NewRx written by xmlbuilder2 and read back by fast-xml-parser (the XML was once
 * string templates and regular expressions): what people type (& < > " ' and Muñoz) comes back
 * as typed, and a network's answer is read as XML, in any namespace prefix.
 */
const input: NewRxInput = {
  messageId: 'visit-1:rx-1',
  sentAt: new Date('2026-11-25T10:00:00Z'),
  pharmacy: { ncpdpId: '1023456', npi: '1437250017', name: 'Sunrise & Sons "Pharmacy"' },
  prescriber: { npi: '1234567893', lastName: 'Muñoz', firstName: 'José Ángel' },
  patient: {
    lastName: "O'Neil <Jr>",
    firstName: 'Ana & Bo',
    dob: '1990-01-02',
    gender: 'F',
  },
  medication: {
    description: 'Mupirocin 2 % <topical>',
    quantity: 30,
    refills: 2,
    // A bell character pasted with the directions: XML 1.0 has no way to write it.
    directions: 'Apply twice a day; "thin" layer ]]> \u0007then wash',
    writtenOn: '2026-11-25',
  },
};

const reader = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
});

describe('newRxXml', () => {
  it('writes a well-formed SCRIPT NewRx that reads back field by field', async () => {
    const xml = await newRxXml(input);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { Message } = reader.parse(xml);
    expect(Message['@xmlns']).toBe('http://www.ncpdp.org/schema/SCRIPT');
    expect(Message['@TransactionDomain']).toBe('SCRIPT');
    expect(Message.Header).toEqual({
      To: { '@Qualifier': 'P', '#text': '1023456' },
      From: { '@Qualifier': 'D', '#text': '1234567893' },
      MessageID: 'visit-1:rx-1',
      SentTime: '2026-11-25T10:00:00.000Z',
    });
    const newRx = Message.Body.NewRx;
    expect(newRx.Patient.HumanPatient).toEqual({
      Name: { LastName: "O'Neil <Jr>", FirstName: 'Ana & Bo' },
      Gender: 'F',
      DateOfBirth: { Date: '1990-01-02' },
    });
    expect(newRx.Pharmacy).toEqual({
      Identification: { NCPDPID: '1023456', NPI: '1437250017' },
      BusinessName: 'Sunrise & Sons "Pharmacy"',
    });
    expect(newRx.Prescriber.NonVeterinarian.Name).toEqual({
      LastName: 'Muñoz',
      FirstName: 'José Ángel',
    });
    expect(newRx.MedicationPrescribed).toEqual({
      DrugDescription: 'Mupirocin 2 % <topical>',
      Quantity: { Value: '30', CodeListQualifier: '38' },
      WrittenDate: { Date: '2026-11-25' },
      Substitutions: '0',
      NumberOfRefills: '2',
      Sig: { SigText: 'Apply twice a day; "thin" layer ]]> \uFFFDthen wash' },
    });
  });

  it('escapes markup and keeps UTF-8 as written, with no character XML forbids', async () => {
    const xml = await newRxXml(input);
    expect(xml).toContain("<LastName>O'Neil &lt;Jr&gt;</LastName>");
    expect(xml).toContain('<FirstName>Ana &amp; Bo</FirstName>');
    expect(xml).toContain('<LastName>Muñoz</LastName>');
    expect(xml).not.toContain('<Jr>');
    expect(xml).not.toContain('<topical>');
    // XML 1.0's Char production: tab, LF, CR and U+0020 up; no C0 control character.
    const forbidden = [...xml].filter((c) => c < ' ' && c !== '\t' && c !== '\n' && c !== '\r');
    expect(forbidden).toEqual([]);
  });
});

describe('readErxAnswer', () => {
  it('reads Status with its code, Error and Verify from the Message Body', () => {
    expect(
      readErxAnswer('<Message><Body><Status><Code>000</Code></Status></Body></Message>'),
    ).toEqual({ kind: 'status', code: '000' });
    expect(
      readErxAnswer(
        '<?xml version="1.0"?>\n<Message xmlns="http://www.ncpdp.org/schema/SCRIPT">\n  <Header/>\n  <Body>\n    <Status>\n      <Code>010</Code>\n    </Status>\n  </Body>\n</Message>',
      ),
    ).toEqual({ kind: 'status', code: '010' });
    expect(
      readErxAnswer(
        '<Message><Body><Error><Code>900</Code><Description>Bad &amp; wrong</Description></Error></Body></Message>',
      ),
    ).toEqual({ kind: 'error' });
    expect(
      readErxAnswer('<Message><Body><Verify><VerifyStatus/></Verify></Body></Message>'),
    ).toEqual({ kind: 'verify' });
  });

  it('reads a namespace prefix, and ignores an <Error> in a comment or CDATA', () => {
    // Both were misread by the regular expressions: the prefix as no answer, the comment as an Error.
    expect(
      readErxAnswer(
        '<s:Message xmlns:s="http://www.ncpdp.org/schema/SCRIPT"><s:Body><s:Status><s:Code>000</s:Code></s:Status></s:Body></s:Message>',
      ),
    ).toEqual({ kind: 'status', code: '000' });
    expect(
      readErxAnswer(
        '<Message><Body><!-- no <Error> here --><Status><Code>010</Code><Description><![CDATA[<Error>]]></Description></Status></Body></Message>',
      ),
    ).toEqual({ kind: 'status', code: '010' });
  });

  it('answers unreadable for what is not a SCRIPT answer', () => {
    for (const body of [
      '',
      'hello',
      '<Message><Body><Status><Code>000</Code></Body></Message>',
      '<Other><Body><Status><Code>000</Code></Status></Body></Other>',
      '<Message><Body></Body></Message>',
      '<Message><Body><Status/></Body></Message>',
    ]) {
      expect(readErxAnswer(body), body).toEqual({ kind: 'unreadable' });
    }
  });
});
