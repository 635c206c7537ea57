import { z } from 'zod';

/** Text messages' settings (the outbox or Twilio): part of the environment config.ts reads. */
export const smsEnvShape = {
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  /** The number texts are sent from: E.164, the only form Twilio takes (its error 21212). */
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/, 'must be the sender number in E.164, such as +13055550100')
    .default('+15005550006'),
};

type SmsEnv = z.output<z.ZodObject<typeof smsEnvShape>>;

export type SmsConfig =
  | { readonly provider: 'outbox'; readonly from: string }
  | {
      readonly provider: 'twilio';
      readonly from: string;
      readonly accountSid: string;
      readonly authToken: string;
      readonly apiBase: string;
    };

/** The line naming what is wrong across the SMS variables, or undefined. */
export function smsEnvProblem(e: SmsEnv): string | undefined {
  if (e.SMS_PROVIDER === 'twilio' && (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN)) {
    return 'Invalid environment variable SMS_PROVIDER: twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN';
  }
  return undefined;
}

export function smsConfig(e: SmsEnv): SmsConfig {
  return e.SMS_PROVIDER === 'twilio'
    ? {
        provider: 'twilio',
        from: e.SMS_FROM,
        accountSid: e.TWILIO_ACCOUNT_SID ?? '',
        authToken: e.TWILIO_AUTH_TOKEN ?? '',
        apiBase: e.TWILIO_API_BASE.replace(/\/$/, ''),
      }
    : { provider: 'outbox', from: e.SMS_FROM };
}
