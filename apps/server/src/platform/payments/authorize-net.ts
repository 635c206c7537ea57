import {
  brandOf,
  type CardInput,
  expirationOf,
  GatewayError,
  type GatewayFailure,
  type GatewayTransaction,
  type PaymentGateway,
} from './gateway';

/**
 * The payment gateway over Authorize.Net's JSON API: one POST endpoint, every request
 * `{ "<name>Request": { merchantAuthentication, ... } }`, every answer a flat JSON object with
 * `messages: { resultCode: 'Ok' | 'Error', message: [{ code, text }] }` (and, in practice, a
 * UTF-8 byte-order mark in front of it).
 *
 * The API converts JSON to XML and validates it against AnetApiSchema.xsd, so the key order of
 * every object below follows the schema's sequences; do not reorder them.
 *
 * `GatewayError.gatewayCode` is the API's message code (`E00039`) or, for an answer about a
 * card transaction, `<response code>-<reason code>` (`2-27`: declined, AVS mismatch). Neither
 * the card number nor the card code ever reaches a message, a code or a log.
 */
export const authorizeNetEndpoints = {
  production: 'https://api.authorize.net/xml/v1/request.api',
  sandbox: 'https://apitest.authorize.net/xml/v1/request.api',
} as const;

export interface AuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  endpoint: string;
  fetch?: typeof globalThis.fetch;
  /** Per request, connection and answer together; 10 s unless told. */
  timeoutMs?: number;
}

type JsonObject = Record<string, unknown>;

interface ApiAnswer {
  body: JsonObject;
  ok: boolean;
  messages: { code: string; text: string }[];
}

/** Fields of a direct response (the comma-separated `validationDirectResponse`). */
interface DirectResponse {
  responseCode: string;
  reasonCode: string;
  reasonText: string;
  avsCode: string;
}

const PAGE_SIZE = 1000;
const MAX_PAGES = 20;

/** Transaction statuses meaning the money was taken (or is authorised and will be). */
const APPROVED_STATUSES = new Set([
  'authorizedPendingCapture',
  'capturedPendingSettlement',
  'pendingFinalSettlement',
  'pendingSettlement',
  'settledSuccessfully',
  'updatingSettlement',
  'approvedReview',
  'couldNotVoid',
  'FDSAuthorizedPendingReview',
  'authorizedPendingRelease',
]);
const REFUNDED_STATUSES = new Set(['refundPendingSettlement', 'refundSettledSuccessfully']);
const VOIDABLE_STATUSES = new Set(['authorizedPendingCapture', 'capturedPendingSettlement']);

/** Response reason codes for a malformed, expired or unacceptable card. */
const INVALID_CARD_REASONS = new Set(['6', '7', '8', '17', '28', '78']);
/** AVS mismatch declines: 27, and 127 when the mismatch could not be voided automatically. */
const AVS_REASONS = new Set(['27', '127']);
/** AVS result codes saying the ZIP code did not match (A: address only, N: neither). */
const ZIP_MISMATCH_AVS = new Set(['A', 'N']);

export function createAuthorizeNetGateway(options: AuthorizeNetOptions): PaymentGateway {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, payload: JsonObject): Promise<ApiAnswer> {
    const requestBody = JSON.stringify({
      [`${method}Request`]: {
        merchantAuthentication: {
          name: options.apiLoginId,
          transactionKey: options.transactionKey,
        },
        ...payload,
      },
    });
    let text: string;
    try {
      const response = await doFetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: requestBody,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new GatewayError(
          'error',
          `http-${response.status}`,
          `Authorize.Net answered ${method} with HTTP ${response.status}`,
        );
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayError(
        'error',
        timedOut ? 'timeout' : 'network',
        timedOut
          ? `Authorize.Net did not answer ${method} within ${timeoutMs} ms`
          : `Authorize.Net could not be reached for ${method}`,
      );
    }
    let parsed: unknown;
    try {
      // The API puts a UTF-8 BOM before its JSON; fetch's text() usually drops it, not always.
      parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      throw new GatewayError(
        'error',
        'unreadable',
        `Authorize.Net answered ${method} with no JSON`,
      );
    }
    const body = asObject(parsed);
    const messages = asObject(body?.messages);
    if (!body || !messages) {
      throw new GatewayError(
        'error',
        'unreadable',
        `Authorize.Net answered ${method} unexpectedly`,
      );
    }
    return {
      body,
      ok: asString(messages.resultCode) === 'Ok',
      messages: listOf(messages.message, 'message').map((m) => {
        const o = asObject(m);
        return { code: asString(o?.code) ?? '', text: asString(o?.text) ?? '' };
      }),
    };
  }

  async function transaction(
    transactionRequest: JsonObject,
  ): Promise<{ transId: string; answer: ApiAnswer }> {
    const answer = await call('createTransaction', { transactionRequest });
    const tr = asObject(answer.body.transactionResponse);
    const responseCode = asString(tr?.responseCode);
    if (tr && responseCode) {
      if (responseCode === '1') {
        const transId = asString(tr.transId);
        if (!transId || transId === '0') {
          throw new GatewayError('error', '1-0', 'Authorize.Net approved without a transaction id');
        }
        return { transId, answer };
      }
      const firstError = asObject(listOf(tr.errors, 'error')[0]);
      throw cardFailure({
        responseCode,
        reasonCode: asString(firstError?.errorCode) ?? '',
        reasonText: asString(firstError?.errorText) ?? '',
        avsCode: asString(tr.avsResultCode) ?? '',
      });
    }
    throw apiFailure(answer);
  }

  async function transactionDetails(transId: string): Promise<JsonObject | undefined> {
    const answer = await call('getTransactionDetails', { transId });
    if (!answer.ok) return undefined;
    return asObject(answer.body.transaction);
  }

  return {
    name: 'authorize-net',

    async createCustomer({ merchantCustomerId, email }) {
      if (merchantCustomerId.length > 20) {
        throw new GatewayError('invalid', 'local', 'merchantCustomerId is over 20 characters');
      }
      const profile: JsonObject = { merchantCustomerId };
      if (email) profile.email = email.slice(0, 255);
      const answer = await call('createCustomerProfile', { profile });
      if (answer.ok) {
        const customerProfileId = asString(answer.body.customerProfileId);
        if (customerProfileId) return { customerProfileId };
        throw new GatewayError('error', 'no-id', 'Authorize.Net created a profile without an id');
      }
      const duplicate = answer.messages.find((m) => m.code === 'E00039');
      if (duplicate) {
        // "A duplicate record with ID 1234567 already exists."
        const existing = /\bID\s+(\d+)/i.exec(duplicate.text)?.[1];
        if (existing) return { customerProfileId: existing };
      }
      throw apiFailure(answer);
    },

    async addCard(customerProfileId, card) {
      checkCard(card);
      const { firstName, lastName } = splitName(card.holderName);
      const billTo: JsonObject = {};
      if (firstName) billTo.firstName = firstName;
      if (lastName) billTo.lastName = lastName;
      if (card.zip) billTo.zip = card.zip.slice(0, 20);
      const creditCard: JsonObject = {
        cardNumber: card.number,
        expirationDate: `${card.expYear}-${String(card.expMonth).padStart(2, '0')}`,
      };
      if (card.cvv) creditCard.cardCode = card.cvv;
      const answer = await call('createCustomerPaymentProfile', {
        customerProfileId,
        paymentProfile: { billTo, payment: { creditCard } },
        // A zero-dollar authorisation (a cent where the processor has no zero-dollar auth).
        validationMode: 'liveMode',
      });
      // E00039 names the card this customer already holds: an earlier add whose answer was lost
      // (its process stopped before recording it). Refused, the card could never be added again;
      // it is the card asked for, so it is taken, as a duplicate customer is in createCustomer.
      const held = answer.messages.some((m) => m.code === 'E00039')
        ? asString(answer.body.customerPaymentProfileId)
        : undefined;
      if (answer.ok || held) {
        const paymentProfileId = held || asString(answer.body.customerPaymentProfileId);
        if (!paymentProfileId) {
          throw new GatewayError('error', 'no-id', 'Authorize.Net stored a card without an id');
        }
        return {
          paymentProfileId,
          brand: brandOf(card.number),
          last4: card.number.slice(-4),
          expiration: expirationOf(card),
        };
      }
      const direct = parseDirectResponse(asString(answer.body.validationDirectResponse));
      if (direct && direct.responseCode !== '1') throw cardFailure(direct);
      throw apiFailure(answer);
    },

    async deleteCard(customerProfileId, paymentProfileId) {
      const answer = await call('deleteCustomerPaymentProfile', {
        customerProfileId,
        customerPaymentProfileId: paymentProfileId,
      });
      if (!answer.ok) throw apiFailure(answer);
    },

    async charge(request) {
      if (request.invoiceNumber.length > 20) {
        throw new GatewayError('invalid', 'local', 'invoiceNumber is over 20 characters');
      }
      const { transId } = await transaction({
        transactionType: 'authCaptureTransaction',
        amount: centsToDecimal(request.amountCents),
        profile: {
          customerProfileId: request.customerProfileId,
          paymentProfile: { paymentProfileId: request.paymentProfileId },
        },
        order: {
          invoiceNumber: request.invoiceNumber,
          description: request.description.slice(0, 255),
        },
      });
      return { transactionId: transId };
    },

    async refund(input) {
      if (input.invoiceNumber.length > 20) {
        throw new GatewayError('invalid', 'local', 'invoiceNumber is over 20 characters');
      }
      try {
        const { transId } = await transaction({
          transactionType: 'refundTransaction',
          amount: centsToDecimal(input.amountCents),
          profile: {
            customerProfileId: input.customerProfileId,
            paymentProfile: { paymentProfileId: input.paymentProfileId },
          },
          refTransId: input.transactionId,
          order: { invoiceNumber: input.invoiceNumber },
        });
        return { transactionId: transId };
      } catch (error) {
        // 54: "The referenced transaction does not meet the criteria for issuing a credit."
        // An unsettled charge cannot be refunded, only voided, and only in full.
        if (!(error instanceof GatewayError) || error.gatewayCode !== '3-54') throw error;
        const original = await transactionDetails(input.transactionId);
        const status = asString(original?.transactionStatus) ?? '';
        const charged = decimalToCents(original?.settleAmount ?? original?.authAmount);
        if (!VOIDABLE_STATUSES.has(status)) throw error;
        if (charged !== input.amountCents) {
          throw new GatewayError(
            'error',
            '3-54',
            'Authorize.Net refunds a charge only after it settles; before that only in full (a void)',
          );
        }
        await transaction({ transactionType: 'voidTransaction', refTransId: input.transactionId });
        return { transactionId: input.transactionId };
      }
    },

    async void(transactionId) {
      await transaction({ transactionType: 'voidTransaction', refTransId: transactionId });
    },

    async findTransaction(transactionId) {
      const t = await transactionDetails(transactionId);
      if (!t) return undefined;
      const status = statusOf(asString(t.transactionStatus) ?? '');
      const amountCents = decimalToCents(t.settleAmount ?? t.authAmount);
      if (!status || amountCents === undefined) return undefined;
      const invoiceNumber = asString(asObject(t.order)?.invoiceNumber) ?? '';
      return { transactionId, invoiceNumber, amountCents, status };
    },

    async findByInvoice(invoiceNumber) {
      const found: GatewayTransaction[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await call('getUnsettledTransactionList', {
          sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
          paging: { limit: PAGE_SIZE, offset: page },
        });
        if (!answer.ok) throw apiFailure(answer);
        const transactions = listOf(answer.body.transactions, 'transaction');
        for (const item of transactions) {
          const t = asObject(item);
          if (!t || asString(t.invoiceNumber) !== invoiceNumber) continue;
          const transactionId = asString(t.transId);
          const status = statusOf(asString(t.transactionStatus) ?? '');
          const amountCents = decimalToCents(t.settleAmount);
          if (!transactionId || !status || amountCents === undefined) continue;
          found.push({ transactionId, invoiceNumber, amountCents, status });
        }
        if (transactions.length < PAGE_SIZE) break;
      }
      const rank = { approved: 0, refunded: 1, voided: 2 } as const;
      return found.sort((a, b) => rank[a.status] - rank[b.status])[0];
    },
  };
}

/** A failure reported in a card transaction (or a card validation's direct response). */
function cardFailure(d: DirectResponse): GatewayError {
  const code = `${d.responseCode}-${d.reasonCode || '0'}`;
  const text = scrub(d.reasonText) || 'no reason given';
  let kind: GatewayFailure = 'error';
  if (d.responseCode === '2') {
    kind =
      AVS_REASONS.has(d.reasonCode) || ZIP_MISMATCH_AVS.has(d.avsCode.toUpperCase())
        ? 'avs'
        : 'declined';
  } else if (d.responseCode === '3') {
    if (d.reasonCode === '11') kind = 'duplicate';
    else if (AVS_REASONS.has(d.reasonCode)) kind = 'avs';
    else if (INVALID_CARD_REASONS.has(d.reasonCode)) kind = 'invalid';
    else if (d.reasonCode === '16') kind = 'not-found';
  } else if (d.responseCode === '4') {
    // Held for review: neither approved nor refused yet; the interface has no word for it.
    return new GatewayError(
      'error',
      code,
      `Authorize.Net held the transaction for review: ${text}`,
    );
  }
  return new GatewayError(kind, code, `Authorize.Net ${code}: ${text}`);
}

/** A failure reported only in `messages` (bad request, credentials, missing record...). */
function apiFailure(answer: ApiAnswer): GatewayError {
  const first = answer.messages[0];
  const code = first?.code || 'unknown';
  const text = scrub(first?.text ?? '') || 'no reason given';
  const kinds: Record<string, GatewayFailure> = {
    E00039: 'duplicate',
    E00040: 'not-found',
    E00013: 'invalid',
    E00027: 'invalid',
  };
  return new GatewayError(kinds[code] ?? 'error', code, `Authorize.Net ${code}: ${text}`);
}

/**
 * Fields 1 (response code), 3 (reason code), 4 (reason text) and 6 (AVS code) of a direct
 * response. The delimiter (',' by default) and an encapsulation character are merchant
 * settings, so both are read from the string itself: the response code is a single digit.
 */
export function parseDirectResponse(raw: string | undefined): DirectResponse | undefined {
  if (!raw) return undefined;
  const quote = /^\d/.test(raw) ? '' : raw.charAt(0);
  const delimiter = raw.charAt(quote ? 3 : 1);
  if (!delimiter) return undefined;
  const fields = raw.split(delimiter).map((f) => (quote ? f.split(quote).join('') : f));
  const responseCode = fields[0] ?? '';
  if (!/^[1-4]$/.test(responseCode)) return undefined;
  return {
    responseCode,
    reasonCode: fields[2] ?? '',
    reasonText: fields[3] ?? '',
    avsCode: fields[5] ?? '',
  };
}

function statusOf(transactionStatus: string): GatewayTransaction['status'] | undefined {
  if (APPROVED_STATUSES.has(transactionStatus)) return 'approved';
  if (REFUNDED_STATUSES.has(transactionStatus)) return 'refunded';
  if (transactionStatus === 'voided') return 'voided';
  return undefined;
}

/** 1234 -> '12.34'. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new GatewayError(
      'invalid',
      'local',
      'the amount must be a positive whole number of cents',
    );
  }
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** '12.34' or 12.34 -> 1234, from the decimal digits (no binary floating point on the way). */
export function decimalToCents(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = value.toFixed(4);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return undefined;
  const whole = Number(match[2] || '0');
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction.charAt(2)) >= 5) cents += 1;
  return match[1] ? -cents : cents;
}

function checkCard(card: CardInput): void {
  if (!/^\d{12,19}$/.test(card.number)) {
    throw new GatewayError('invalid', 'local', 'the card number must be 12 to 19 digits');
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new GatewayError('invalid', 'local', 'the expiry month must be 1 to 12');
  }
  if (!Number.isInteger(card.expYear) || card.expYear < 1000 || card.expYear > 9999) {
    throw new GatewayError('invalid', 'local', 'the expiry year must have four digits');
  }
  if (card.cvv && !/^\d{3,4}$/.test(card.cvv)) {
    throw new GatewayError('invalid', 'local', 'the card code must be 3 or 4 digits');
  }
}

function splitName(holderName: string): { firstName: string; lastName: string } {
  const parts = holderName.trim().split(/\s+/).filter(Boolean);
  const lastName = parts.length > 1 ? (parts.pop() ?? '') : '';
  return { firstName: parts.join(' ').slice(0, 50), lastName: lastName.slice(0, 50) };
}

/** Gateway texts never carry card numbers, but a long digit run is blanked all the same. */
function scrub(text: string): string {
  return text.replace(/\d{12,}/g, '[digits]').slice(0, 300);
}

function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * A list from the JSON API, which writes XML lists as plain arrays (`transactions: [...]`);
 * the XML-shaped wrapper (`transactions: { transaction: [...] }`) and a lone object are
 * accepted too.
 */
function listOf(value: unknown, inner: string): unknown[] {
  if (Array.isArray(value)) return value;
  const o = asObject(value);
  if (!o) return [];
  if (inner in o) {
    const nested = o[inner];
    return Array.isArray(nested) ? nested : nested === undefined ? [] : [nested];
  }
  return [o];
}
