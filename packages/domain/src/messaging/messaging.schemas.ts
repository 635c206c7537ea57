/**
 * Visit messages, pharmacy e-mails and the real-time payloads (spec sections 3 "Message",
 * 4 "Messages", 7 "Real-time socket").
 *
 * Attachments are uploaded first and referred to by id; a message never carries file bytes.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';

/** A file attached to a message or e-mail (fetched with /get-messageAttachment). */
export const attachmentRefSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(255),
  /** MIME type, e.g. image/jpeg, application/pdf. */
  type: z.string().trim().min(1).max(127),
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/**
 * Message kind. Open string (at most 32 characters): the spec names the field but not its values;
 * the app uses 'chat' for visit chat by default.
 */
export const messageTypeSchema = z.string().trim().min(1).max(32);

const messageTextSchema = z.string().max(10_000);
// validated by validation rules (phone, spec section 5); used when a message goes out by SMS
const messagePhoneSchema = z.string().trim().max(32).nullable();

/** A message of a visit conversation. `received` is null until the recipient has it. */
export const messageSchema = z.object({
  msgId: idSchema,
  visitId: idSchema,
  /** The user who wrote it. */
  owner: idSchema,
  text: messageTextSchema.default(''),
  sent: isoDateTimeSchema,
  received: isoDateTimeSchema.nullable().default(null),
  attachments: z.array(attachmentRefSchema).default([]),
  type: messageTypeSchema.default('chat'),
  phone: messagePhoneSchema.default(null),
});
export type Message = z.infer<typeof messageSchema>;

/** An e-mail in a pharmacy's inbox, listed newest first by `timeStamp`. */
export const pharmacyEmailSchema = z.object({
  threadId: z.string().trim().min(1).max(255),
  emailId: z.string().trim().min(1).max(255),
  timeStamp: isoDateTimeSchema,
  attachments: z.array(attachmentRefSchema).default([]),
  from: z.string().max(320).default(''),
  subject: z.string().max(1000).default(''),
  body: z.string().max(200_000).default(''),
});
export type PharmacyEmail = z.infer<typeof pharmacyEmailSchema>;

/**
 * The 'message' socket emit. A message with no text (after trimming) and no attachments is
 * rejected, reported on `text`.
 */
export const outgoingMessageSchema = z
  .object({
    visitId: idSchema,
    type: messageTypeSchema.default('chat'),
    text: messageTextSchema.default(''),
    phone: messagePhoneSchema.default(null),
    owner: idSchema,
    attachments: z.array(attachmentRefSchema).max(20).default([]),
    /** The sender's id for this message: a resend after a lost ack is stored once. */
    clientId: z.string().trim().min(8).max(100).optional(),
  })
  .refine((m) => m.text.trim() !== '' || m.attachments.length > 0, {
    message: 'A message needs text or an attachment',
    path: ['text'],
  });
export type OutgoingMessageInput = z.input<typeof outgoingMessageSchema>;
export type OutgoingMessage = z.infer<typeof outgoingMessageSchema>;

/** The server's acknowledgement of a 'message' emit: the stored message. */
export const messageAckSchema = z.object({ msgId: idSchema, sent: isoDateTimeSchema });
export type MessageAck = z.infer<typeof messageAckSchema>;

/** The 'messageReceived' socket emit. */
export const messageReceivedSchema = z.object({
  owner: idSchema,
  msgId: idSchema,
  visitId: idSchema,
});
export type MessageReceived = z.infer<typeof messageReceivedSchema>;
