import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import {
  messageReceivedSchema,
  messageSchema,
  outgoingMessageSchema,
  pharmacyEmailSchema,
} from './messaging.schemas';

const VISIT = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const OWNER = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';
const MSG = 'c2d4e6f8-0a1b-4c3d-8e5f-6a7b8c9d0e1f';
const FILE = { id: 'e1f2a3b4-c5d6-4e7f-a8b9-c0d1e2f3a4b5', name: 'rash.jpg', type: 'image/jpeg' };

describe('message', () => {
  it('parses a stored message; not yet received until received is set', () => {
    const msg = messageSchema.parse({
      msgId: MSG,
      visitId: VISIT,
      owner: OWNER,
      text: 'Hello',
      sent: '2024-05-01T14:00:00Z',
    });
    expect(msg).toEqual({
      msgId: MSG,
      visitId: VISIT,
      owner: OWNER,
      text: 'Hello',
      sent: '2024-05-01T14:00:00Z',
      received: null,
      attachments: [],
      type: 'chat',
      phone: null,
    });
  });

  it('names the bad attachment', () => {
    expect(
      issuePaths(messageSchema, {
        msgId: MSG,
        visitId: VISIT,
        owner: OWNER,
        sent: '2024-05-01T14:00:00Z',
        attachments: [FILE, { ...FILE, name: '' }],
      }),
    ).toEqual(['attachments.1.name']);
  });

  it('a pharmacy e-mail has thread, id, time stamp and attachments', () => {
    const email = pharmacyEmailSchema.parse({
      threadId: 't-1',
      emailId: 'm-1',
      timeStamp: '2024-05-01T14:00:00Z',
      attachments: [FILE],
    });
    expect(email.attachments).toEqual([FILE]);
    expect(
      issuePaths(pharmacyEmailSchema, { threadId: 't', emailId: 'm', timeStamp: 'now' }),
    ).toEqual(['timeStamp']);
  });
});

describe('outgoing socket message', () => {
  it('accepts text alone or an attachment alone', () => {
    expect(outgoingMessageSchema.parse({ visitId: VISIT, owner: OWNER, text: 'Hi' })).toEqual({
      visitId: VISIT,
      owner: OWNER,
      text: 'Hi',
      type: 'chat',
      phone: null,
      attachments: [],
    });
    expect(
      outgoingMessageSchema.safeParse({ visitId: VISIT, owner: OWNER, attachments: [FILE] })
        .success,
    ).toBe(true);
  });

  it('rejects a message with no text and no attachments, on text', () => {
    expect(issuePaths(outgoingMessageSchema, { visitId: VISIT, owner: OWNER })).toEqual(['text']);
    expect(
      issuePaths(outgoingMessageSchema, {
        visitId: VISIT,
        owner: OWNER,
        text: '  \n ',
        attachments: [],
      }),
    ).toEqual(['text']);
  });

  it('messageReceived names owner, message and visit', () => {
    const ack = { owner: OWNER, msgId: MSG, visitId: VISIT };
    expect(messageReceivedSchema.parse(ack)).toEqual(ack);
    expect(issuePaths(messageReceivedSchema, { owner: OWNER, visitId: VISIT })).toEqual(['msgId']);
  });
});
