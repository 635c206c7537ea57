import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback double of Authorize.Net's JSON API (`POST /xml/v1/request.api`), answering the
 * calls the adapter makes with the documented answer shapes: flat JSON objects, a UTF-8 BOM in
 * front, `messages.resultCode` 'Ok' | 'Error'. It keeps customer profiles, payment profiles and
 * transactions in memory and checks what the real API checks before it gets to the card:
 * credentials (E00007), the schema's element order (E00003) and record ids (E00040).
 *
 * Test cards (any future expiry, any CVV):
 * - 4111111111111111 approves;
 * - 4000000000000002 is declined (response code 2, reason 2);
 * - 4000000000000010 fails the address check (response code 2, reason 27, AVS 'N').
 * An expiry in the past answers E00013. A second `authCaptureTransaction` with the same invoice
 * number and amount within two minutes is a duplicate (response code 3, reason 11). A charge
 * settles only when the test calls `settle()`; until then it can be voided but not refunded
 * (reason 54), as on the real gateway.
 */
export const authorizeNetTestCards = {
  approve: '4111111111111111',
  decline: '4000000000000002',
  avs: '4000000000000010',
} as const;

export interface AuthorizeNetDouble {
  endpoint: string;
  apiLoginId: string;
  transactionKey: string;
  /** Every request body as received, in order, with its method name. */
  requests: { method: string; body: Record<string, unknown>; raw: string }[];
  /** Settles every unsettled transaction (they leave the unsettled list). */
  settle(): void;
  /** Holds the next `count` answers for `ms` milliseconds. */
  stall(ms: number, count?: number): void;
  /** Moves the double's clock (for the duplicate window). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

type JsonObject = Record<string, unknown>;

interface PaymentProfile {
  id: string;
  cardNumber: string;
  expirationDate: string;
  firstName: string;
  lastName: string;
  zip: string;
}

interface CustomerProfile {
  id: string;
  merchantCustomerId: string;
  email: string;
  description: string;
  paymentProfiles: Map<string, PaymentProfile>;
}

interface Transaction {
  transId: string;
  refTransId?: string;
  type: 'authCaptureTransaction' | 'refundTransaction' | 'voidTransaction';
  status: string;
  responseCode: string;
  reasonCode: string;
  reasonText: string;
  avs: string;
  amountCents: number;
  refundedCents: number;
  invoiceNumber: string;
  description: string;
  customerProfileId: string;
  paymentProfileId: string;
  cardNumber: string;
  firstName: string;
  lastName: string;
  submittedAt: number;
}

const BOM = '\uFEFF';
const DUPLICATE_WINDOW_MS = 120_000;

const TEXT = {
  approved: 'This transaction has been approved.',
  declined: 'This transaction has been declined.',
  avs: 'The transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.',
  duplicate: 'A duplicate transaction has been submitted.',
  notFound: 'The transaction cannot be found.',
  noCredit: 'The referenced transaction does not meet the criteria for issuing a credit.',
  overCredit:
    'The sum of credits against the referenced transaction would exceed original debit amount.',
  amount: 'A valid amount is required.',
  alreadyVoided: 'This transaction has already been voided.',
} as const;

/** Element order of the schema's sequences (AnetApiSchema.xsd) for what the adapter sends. */
const SEQUENCES: Record<string, string[]> = {
  request: ['merchantAuthentication', 'refId'],
  createCustomerProfileRequest: ['profile', 'validationMode'],
  createCustomerPaymentProfileRequest: ['customerProfileId', 'paymentProfile', 'validationMode'],
  deleteCustomerPaymentProfileRequest: ['customerProfileId', 'customerPaymentProfileId'],
  createTransactionRequest: ['transactionRequest'],
  getUnsettledTransactionListRequest: ['status', 'sorting', 'paging'],
  getTransactionDetailsRequest: ['transId'],
  merchantAuthentication: ['name', 'transactionKey'],
  profile: ['merchantCustomerId', 'description', 'email', 'paymentProfiles', 'shipToList'],
  paymentProfile: ['customerType', 'billTo', 'payment', 'driversLicense', 'taxId'],
  billTo: ['firstName', 'lastName', 'company', 'address', 'city', 'state', 'zip', 'country'],
  payment: ['creditCard'],
  creditCard: ['cardNumber', 'expirationDate', 'cardCode'],
  transactionRequest: [
    'transactionType',
    'amount',
    'currencyCode',
    'payment',
    'profile',
    'solution',
    'callId',
    'terminalNumber',
    'authCode',
    'refTransId',
    'splitTenderId',
    'order',
  ],
  transactionProfile: ['createProfile', 'customerProfileId', 'paymentProfile', 'shippingProfileId'],
  transactionPaymentProfile: ['paymentProfileId', 'cardCode'],
  order: ['invoiceNumber', 'description'],
  sorting: ['orderBy', 'orderDescending'],
  paging: ['limit', 'offset'],
};

class SchemaError extends Error {}

export async function startAuthorizeNetDouble(
  options: { apiLoginId?: string; transactionKey?: string } = {},
): Promise<AuthorizeNetDouble> {
  const apiLoginId = options.apiLoginId ?? '5KP3u95bQpv';
  const transactionKey = options.transactionKey ?? '346HZ32z3fP4hTG2';
  const customers = new Map<string, CustomerProfile>();
  const transactions: Transaction[] = [];
  const requests: AuthorizeNetDouble['requests'] = [];
  let nextCustomerId = 500_000_001;
  let nextPaymentProfileId = 600_000_001;
  let nextTransId = 40_000_000_001;
  let clockOffset = 0;
  let stall = { ms: 0, count: 0 };
  const now = () => Date.now() + clockOffset;

  const ok = (extra: JsonObject = {}): JsonObject => ({
    ...extra,
    messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
  });
  const error = (code: string, text: string, extra: JsonObject = {}): JsonObject => ({
    ...extra,
    messages: { resultCode: 'Error', message: [{ code, text }] },
  });

  function checkOrder(value: unknown, sequenceName: string, extra: string[] = []): void {
    const o = asObject(value);
    if (!o) throw new SchemaError(`'${sequenceName}' must be an object`);
    const sequence = [...extra, ...(SEQUENCES[sequenceName] ?? [])];
    let last = -1;
    for (const key of Object.keys(o)) {
      const at = sequence.indexOf(key);
      if (at < 0 || at < last) {
        throw new SchemaError(
          `The element '${sequenceName}' has invalid child element '${key}' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'.`,
        );
      }
      last = at;
    }
  }

  function createCustomerProfile(request: JsonObject): JsonObject {
    checkOrder(request.profile, 'profile');
    const profile = asObject(request.profile) ?? {};
    const merchantCustomerId = str(profile.merchantCustomerId);
    const email = str(profile.email);
    const description = str(profile.description);
    if (!merchantCustomerId && !email && !description) {
      return error('E00041', 'One or more fields in the profile must contain a value.');
    }
    if (merchantCustomerId.length > 20) {
      return error('E00003', "The 'merchantCustomerId' element is invalid - too long.");
    }
    for (const existing of customers.values()) {
      if (
        existing.merchantCustomerId === merchantCustomerId &&
        existing.email === email &&
        existing.description === description
      ) {
        return error('E00039', `A duplicate record with ID ${existing.id} already exists.`, {
          customerPaymentProfileIdList: [],
          customerShippingAddressIdList: [],
          validationDirectResponseList: [],
        });
      }
    }
    const id = String(nextCustomerId++);
    customers.set(id, {
      id,
      merchantCustomerId,
      email,
      description,
      paymentProfiles: new Map(),
    });
    return ok({
      customerProfileId: id,
      customerPaymentProfileIdList: [],
      customerShippingAddressIdList: [],
      validationDirectResponseList: [],
    });
  }

  function createCustomerPaymentProfile(request: JsonObject): JsonObject {
    checkOrder(request.paymentProfile, 'paymentProfile');
    const paymentProfile = asObject(request.paymentProfile) ?? {};
    if (paymentProfile.billTo !== undefined) checkOrder(paymentProfile.billTo, 'billTo');
    checkOrder(paymentProfile.payment, 'payment');
    const payment = asObject(paymentProfile.payment) ?? {};
    checkOrder(payment.creditCard, 'creditCard');
    const creditCard = asObject(payment.creditCard) ?? {};
    const billTo = asObject(paymentProfile.billTo) ?? {};
    const validationMode = str(request.validationMode) || 'none';

    const customer = customers.get(str(request.customerProfileId));
    if (!customer) return error('E00040', 'The record cannot be found.');
    const cardNumber = str(creditCard.cardNumber);
    if (!/^\d{13,16}$/.test(cardNumber) || !luhn(cardNumber)) {
      return error('E00013', 'Credit card number is invalid.');
    }
    const expirationDate = str(creditCard.expirationDate);
    const expiry = /^(\d{4})-(\d{2})$/.exec(expirationDate);
    if (!expiry) return error('E00003', "The 'expirationDate' element is invalid.");
    const today = new Date(now());
    const expYear = Number(expiry[1]);
    const expMonth = Number(expiry[2]);
    if (
      expMonth < 1 ||
      expMonth > 12 ||
      expYear < today.getUTCFullYear() ||
      (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
    ) {
      return error('E00013', 'Expiration Date is invalid.');
    }
    const cardCode = str(creditCard.cardCode);
    if (cardCode && !/^\d{3,4}$/.test(cardCode)) {
      return error('E00003', "The 'cardCode' element is invalid - The value is invalid.");
    }
    const zip = str(billTo.zip);
    for (const existing of customer.paymentProfiles.values()) {
      if (
        existing.cardNumber === cardNumber &&
        existing.expirationDate === expirationDate &&
        existing.zip === zip
      ) {
        return error('E00039', 'A duplicate customer payment profile already exists.', {
          customerProfileId: customer.id,
          customerPaymentProfileId: existing.id,
        });
      }
    }
    const firstName = str(billTo.firstName);
    const lastName = str(billTo.lastName);
    let validationDirectResponse: string | undefined;
    if (validationMode === 'liveMode' || validationMode === 'testMode') {
      const outcome = cardOutcome(cardNumber);
      validationDirectResponse = directResponse({
        ...outcome,
        transId: validationMode === 'liveMode' ? String(nextTransId++) : '0',
        amount: '0.00',
        type: 'auth_only',
        merchantCustomerId: customer.merchantCustomerId,
        firstName,
        lastName,
        zip,
        email: customer.email,
        cardNumber,
      });
      if (outcome.responseCode !== '1') {
        return error('E00027', outcome.reasonText, { validationDirectResponse });
      }
    }
    const id = String(nextPaymentProfileId++);
    customer.paymentProfiles.set(id, { id, cardNumber, expirationDate, firstName, lastName, zip });
    return ok({
      customerProfileId: customer.id,
      customerPaymentProfileId: id,
      ...(validationDirectResponse === undefined ? {} : { validationDirectResponse }),
    });
  }

  function deleteCustomerPaymentProfile(request: JsonObject): JsonObject {
    const customer = customers.get(str(request.customerProfileId));
    const id = str(request.customerPaymentProfileId);
    if (!customer?.paymentProfiles.delete(id)) {
      return error('E00040', 'The record cannot be found.');
    }
    return ok();
  }

  function transactionAnswer(t: Transaction, messageCode?: string): JsonObject {
    const approved = t.responseCode === '1';
    const transactionResponse: JsonObject = {
      responseCode: t.responseCode,
      authCode: approved && t.type === 'authCaptureTransaction' ? 'A1B2C3' : '',
      avsResultCode: t.avs,
      cvvResultCode: '',
      cavvResultCode: '',
      transId: t.transId,
      refTransID: t.refTransId ?? '',
      transHash: '',
      testRequest: '0',
      accountNumber: `XXXX${t.cardNumber.slice(-4)}`,
      accountType: 'Visa',
    };
    if (approved) {
      transactionResponse.messages = [
        { code: messageCode ?? t.reasonCode, description: t.reasonText },
      ];
    } else {
      transactionResponse.errors = [{ errorCode: t.reasonCode, errorText: t.reasonText }];
    }
    transactionResponse.transHashSha2 = '';
    return approved
      ? ok({ transactionResponse })
      : error('E00027', 'The transaction was unsuccessful.', { transactionResponse });
  }

  function failedTransaction(
    responseCode: string,
    reasonCode: string,
    reasonText: string,
  ): JsonObject {
    return error('E00027', 'The transaction was unsuccessful.', {
      transactionResponse: {
        responseCode,
        authCode: '',
        avsResultCode: 'P',
        cvvResultCode: '',
        cavvResultCode: '',
        transId: '0',
        refTransID: '',
        transHash: '',
        testRequest: '0',
        accountNumber: '',
        accountType: '',
        errors: [{ errorCode: reasonCode, errorText: reasonText }],
        transHashSha2: '',
      },
    });
  }

  function createTransaction(request: JsonObject): JsonObject {
    checkOrder(request.transactionRequest, 'transactionRequest');
    const tr = asObject(request.transactionRequest) ?? {};
    if (tr.order !== undefined) checkOrder(tr.order, 'order');
    if (tr.profile !== undefined) {
      checkOrder(tr.profile, 'transactionProfile');
      const profile = asObject(tr.profile) ?? {};
      if (profile.paymentProfile !== undefined) {
        checkOrder(profile.paymentProfile, 'transactionPaymentProfile');
      }
    }
    const type = str(tr.transactionType);
    if (type === 'authCaptureTransaction') return authCapture(tr);
    if (type === 'refundTransaction') return refund(tr);
    if (type === 'voidTransaction') return voidTransaction(tr);
    return error('E00003', `The transactionType '${type}' is not supported by this double.`);
  }

  function profileCard(
    tr: JsonObject,
  ): { customer: CustomerProfile; card: PaymentProfile } | undefined {
    const profile = asObject(tr.profile) ?? {};
    const customer = customers.get(str(profile.customerProfileId));
    const card = customer?.paymentProfiles.get(
      str(asObject(profile.paymentProfile)?.paymentProfileId),
    );
    return customer && card ? { customer, card } : undefined;
  }

  function newTransaction(
    fields: Omit<Transaction, 'transId' | 'submittedAt' | 'refundedCents'>,
  ): Transaction {
    const t: Transaction = {
      ...fields,
      transId: String(nextTransId++),
      submittedAt: now(),
      refundedCents: 0,
    };
    transactions.push(t);
    return t;
  }

  function authCapture(tr: JsonObject): JsonObject {
    const amountCents = parseAmount(tr.amount);
    const found = profileCard(tr);
    if (!found) {
      return error('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.');
    }
    if (amountCents === undefined) {
      return failedTransaction('3', '5', TEXT.amount);
    }
    const order = asObject(tr.order) ?? {};
    const invoiceNumber = str(order.invoiceNumber);
    const duplicate = transactions.some(
      (t) =>
        t.type === 'authCaptureTransaction' &&
        t.invoiceNumber === invoiceNumber &&
        t.amountCents === amountCents &&
        t.paymentProfileId === found.card.id &&
        now() - t.submittedAt < DUPLICATE_WINDOW_MS,
    );
    if (duplicate) {
      return failedTransaction('3', '11', TEXT.duplicate);
    }
    const outcome = cardOutcome(found.card.cardNumber);
    const t = newTransaction({
      type: 'authCaptureTransaction',
      status: outcome.responseCode === '1' ? 'capturedPendingSettlement' : 'declined',
      responseCode: outcome.responseCode,
      reasonCode: outcome.reasonCode,
      reasonText: outcome.reasonText,
      avs: outcome.avs,
      amountCents,
      invoiceNumber,
      description: str(order.description),
      customerProfileId: found.customer.id,
      paymentProfileId: found.card.id,
      cardNumber: found.card.cardNumber,
      firstName: found.card.firstName,
      lastName: found.card.lastName,
    });
    return transactionAnswer(t);
  }

  function refund(tr: JsonObject): JsonObject {
    const amountCents = parseAmount(tr.amount);
    if (amountCents === undefined) {
      return failedTransaction('3', '5', TEXT.amount);
    }
    const original = transactions.find(
      (t) => t.transId === str(tr.refTransId) && t.type === 'authCaptureTransaction',
    );
    if (original?.responseCode !== '1') {
      return failedTransaction('3', '16', TEXT.notFound);
    }
    const found = profileCard(tr);
    if (!found || found.card.id !== original.paymentProfileId) {
      return error('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.');
    }
    if (original.status !== 'settledSuccessfully') {
      return failedTransaction('3', '54', TEXT.noCredit);
    }
    if (original.refundedCents + amountCents > original.amountCents) {
      return failedTransaction('3', '55', TEXT.overCredit);
    }
    original.refundedCents += amountCents;
    const order = asObject(tr.order) ?? {};
    const t = newTransaction({
      type: 'refundTransaction',
      refTransId: original.transId,
      status: 'refundPendingSettlement',
      responseCode: '1',
      reasonCode: '1',
      reasonText: TEXT.approved,
      avs: 'P',
      amountCents,
      invoiceNumber: str(order.invoiceNumber),
      description: str(order.description),
      customerProfileId: original.customerProfileId,
      paymentProfileId: original.paymentProfileId,
      cardNumber: original.cardNumber,
      firstName: original.firstName,
      lastName: original.lastName,
    });
    return transactionAnswer(t);
  }

  function voidTransaction(tr: JsonObject): JsonObject {
    const original = transactions.find((t) => t.transId === str(tr.refTransId));
    if (original?.responseCode !== '1' || original.status === 'settledSuccessfully') {
      return failedTransaction('3', '16', TEXT.notFound);
    }
    if (original.status === 'voided') {
      return transactionAnswer(
        { ...original, reasonCode: '310', reasonText: TEXT.alreadyVoided, avs: 'P' },
        '310',
      );
    }
    original.status = 'voided';
    return transactionAnswer({ ...original, avs: 'P' }, '1');
  }

  function summary(t: Transaction): JsonObject {
    const submitted = new Date(t.submittedAt).toISOString().replace('Z', '');
    return {
      transId: t.transId,
      submitTimeUTC: submitted,
      submitTimeLocal: submitted,
      transactionStatus: t.status,
      invoiceNumber: t.invoiceNumber,
      firstName: t.firstName,
      lastName: t.lastName,
      accountType: 'Visa',
      accountNumber: `XXXX${t.cardNumber.slice(-4)}`,
      // xs:decimal comes out of the JSON API as a number.
      settleAmount: t.amountCents / 100,
      marketType: 'eCommerce',
      product: 'Card Not Present',
      hasReturnedItemsSpecified: false,
    };
  }

  function getUnsettledTransactionList(request: JsonObject): JsonObject {
    if (request.sorting !== undefined) checkOrder(request.sorting, 'sorting');
    if (request.paging !== undefined) checkOrder(request.paging, 'paging');
    const sorting = asObject(request.sorting);
    const paging = asObject(request.paging);
    const limit = Number(paging?.limit ?? 1000);
    const offset = Number(paging?.offset ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset)) {
      return error('E00003', "The 'paging' element is invalid.");
    }
    const unsettled = transactions.filter(
      (t) =>
        t.type !== 'voidTransaction' &&
        t.status !== 'settledSuccessfully' &&
        t.status !== 'refundSettledSuccessfully',
    );
    const descending = sorting?.orderDescending === true || sorting?.orderDescending === 'true';
    unsettled.sort((a, b) =>
      descending ? b.submittedAt - a.submittedAt : a.submittedAt - b.submittedAt,
    );
    const page = unsettled.slice((offset - 1) * limit, offset * limit);
    return ok({
      ...(page.length ? { transactions: page.map(summary) } : {}),
      totalNumInResultSet: unsettled.length,
    });
  }

  function getTransactionDetails(request: JsonObject): JsonObject {
    const t = transactions.find((x) => x.transId === str(request.transId));
    if (!t) return error('E00040', 'The record cannot be found.');
    const submitted = new Date(t.submittedAt).toISOString().replace('Z', '');
    return ok({
      transaction: {
        transId: t.transId,
        ...(t.refTransId ? { refTransId: t.refTransId } : {}),
        submitTimeUTC: submitted,
        submitTimeLocal: submitted,
        transactionType: t.type,
        transactionStatus: t.status,
        responseCode: Number(t.responseCode),
        responseReasonCode: Number(t.reasonCode),
        responseReasonDescription: t.responseCode === '1' ? 'Approval' : 'Declined',
        authCode: t.responseCode === '1' ? 'A1B2C3' : '000000',
        AVSResponse: t.avs,
        order: { invoiceNumber: t.invoiceNumber, description: t.description },
        authAmount: t.amountCents / 100,
        settleAmount: t.amountCents / 100,
        taxExempt: false,
        payment: {
          creditCard: {
            cardNumber: `XXXX${t.cardNumber.slice(-4)}`,
            expirationDate: 'XXXX',
            cardType: 'Visa',
          },
        },
        recurringBilling: false,
        product: 'Card Not Present',
        marketType: 'eCommerce',
      },
    });
  }

  const handlers: Record<string, (request: JsonObject) => JsonObject> = {
    createCustomerProfileRequest: createCustomerProfile,
    createCustomerPaymentProfileRequest: createCustomerPaymentProfile,
    deleteCustomerPaymentProfileRequest: deleteCustomerPaymentProfile,
    createTransactionRequest: createTransaction,
    getUnsettledTransactionListRequest: getUnsettledTransactionList,
    getTransactionDetailsRequest: getTransactionDetails,
  };

  function answer(raw: string): JsonObject {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.replace(/^\uFEFF/, ''));
    } catch {
      return error('E00003', 'Unexpected character encountered while parsing value.');
    }
    const root = asObject(parsed) ?? {};
    const method = Object.keys(root)[0] ?? '';
    const request = asObject(root[method]);
    if (!request) return error('E00003', 'The root element is missing.');
    requests.push({ method, body: request, raw });
    const handler = handlers[method];
    if (!handler) {
      return error('E00045', 'The root node does not reference a valid XML namespace.');
    }
    try {
      checkOrder(request, method, SEQUENCES.request);
      checkOrder(request.merchantAuthentication, 'merchantAuthentication');
      const auth = asObject(request.merchantAuthentication) ?? {};
      if (auth.name !== apiLoginId || auth.transactionKey !== transactionKey) {
        return error('E00007', 'User authentication failed due to invalid authentication values.');
      }
      return handler(request);
    } catch (e) {
      if (e instanceof SchemaError) return error('E00003', e.message);
      throw e;
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = () => {
        if (req.method !== 'POST' || req.url !== '/xml/v1/request.api') {
          res.statusCode = 404;
          res.end();
          return;
        }
        const body = answer(Buffer.concat(chunks).toString('utf8'));
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(BOM + JSON.stringify(body));
      };
      if (stall.count > 0) {
        stall.count -= 1;
        setTimeout(send, stall.ms).unref();
      } else {
        send();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}/xml/v1/request.api`,
    apiLoginId,
    transactionKey,
    requests,
    settle() {
      for (const t of transactions) {
        if (t.status === 'capturedPendingSettlement') t.status = 'settledSuccessfully';
        if (t.status === 'refundPendingSettlement') t.status = 'refundSettledSuccessfully';
      }
    },
    stall(ms, count = 1) {
      stall = { ms, count };
    },
    advanceClock(ms) {
      clockOffset += ms;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the double's test cards do on an authorisation. */
function cardOutcome(cardNumber: string): {
  responseCode: string;
  reasonCode: string;
  reasonText: string;
  avs: string;
} {
  if (cardNumber === authorizeNetTestCards.decline) {
    return { responseCode: '2', reasonCode: '2', reasonText: TEXT.declined, avs: 'Y' };
  }
  if (cardNumber === authorizeNetTestCards.avs) {
    return { responseCode: '2', reasonCode: '27', reasonText: TEXT.avs, avs: 'N' };
  }
  return { responseCode: '1', reasonCode: '1', reasonText: TEXT.approved, avs: 'Y' };
}

/**
 * A direct response in the default format: comma-delimited, no encapsulation character.
 * Fields: 1 response code, 2 subcode, 3 reason code, 4 reason text, 5 auth code, 6 AVS code,
 * 7 transaction id, 8 invoice, 9 description, 10 amount, 11 method, 12 type, 13 customer id,
 * 14-24 billing name and address, 25-32 shipping, 33-37 tax..PO number, 38 MD5 hash,
 * 39 card code result, 40 CAVV result, 41-50 (unused), 51 account number, 52 card type,
 * 53 split tender id, 54 requested amount, 55 balance on card.
 */
function directResponse(d: {
  responseCode: string;
  reasonCode: string;
  reasonText: string;
  avs: string;
  transId: string;
  amount: string;
  type: string;
  merchantCustomerId: string;
  firstName: string;
  lastName: string;
  zip: string;
  email: string;
  cardNumber: string;
}): string {
  const approved = d.responseCode === '1';
  const fields = [
    d.responseCode,
    '1',
    d.reasonCode,
    d.reasonText,
    approved ? 'A1B2C3' : '',
    d.avs,
    d.transId,
    '',
    '',
    d.amount,
    'CC',
    d.type,
    d.merchantCustomerId,
    d.firstName,
    d.lastName,
    '',
    '',
    '',
    '',
    d.zip,
    '',
    '',
    '',
    d.email,
    ...Array<string>(8).fill(''),
    '0.00',
    '0.00',
    '0.00',
    'FALSE',
    '',
    '',
    approved ? 'P' : '',
    '',
    ...Array<string>(10).fill(''),
    `XXXX${d.cardNumber.slice(-4)}`,
    'Visa',
    '',
    '',
    '',
  ];
  return fields.map((f) => f.replaceAll(',', ' ')).join(',');
}

function parseAmount(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : str(value);
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : undefined;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number.charAt(number.length - 1 - i));
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}
