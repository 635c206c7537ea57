/**
 * Every `errorCode` the API answers in its envelope `{ error: true, errorMsg, errorCode }`. The
 * server's AppError only takes these; the web compares against these. A new code is added here,
 * with its meaning, before any service may throw it (docs/api.md lists them by endpoint).
 */
export const errorCodes = [
  // Requests
  'VALIDATION', // a field is missing or not valid (errorMsg names it)
  'BAD_REQUEST', // the request could not be read
  'BAD_URL', // the path could not be decoded
  'URL_TOO_LONG', // a path parameter is too long
  'NOT_FOUND', // unknown, or not the caller's (never "forbidden": ids cannot be probed)
  'RATE_LIMITED', // too many attempts
  'INTERNAL', // our fault; details only in the log
  // Sessions and accounts
  'AUTH_REQUIRED',
  'SESSION_EXPIRED',
  'UNAUTHORIZED', // wrong login id or password
  'EXPIRED', // the password has expired
  'TFA_REQUIRED',
  'TFA_INVALID',
  'RESET_INVALID',
  'WRONG_PASSWORD',
  'CONSENTS_REQUIRED',
  'NATIVE_ONLY', // biometric login is turned on only from a native app's session
  'REAUTH_REQUIRED', // enter the password again (no password proof in the last 5 minutes)
  'CONSENT_OUTDATED',
  // Care and the clinic
  'SERVICE_UNAVAILABLE', // not offered in that state
  'LOCATION_NOT_CONFIRMED',
  'NO_PROVIDER_ON_DUTY',
  'SCREENING_FAILED',
  'VISIT_NOT_WAITING',
  'VISIT_NOT_IN_PROGRESS',
  'ALREADY_CLAIMED',
  'OWN_VISIT',
  'PROVIDERS_ONLY',
  'PATIENTS_ONLY', // a patient's own call (their record archive): staff use other paths
  'STAFF_ONLY', // a staff member's call (their Home's counts): patients have none
  'LICENCE_NOT_IN_FORCE', // the provider's licence in the visit's state expired
  'PROVIDER_PROFILE_INCOMPLETE',
  'NOTE_REQUIRED',
  'PRESCRIPTION_REFUSED',
  'MEET_LINK_INVALID',
  'ATTACHMENTS_UNSUPPORTED',
  // Prescription (Rx) visits
  'RX_PRODUCT_UNKNOWN', // the treatment is not offered
  'RX_SCREENING_FAILED', // an answer stops the treatment (errorMsg says why)
  'RX_STATE_REQUIREMENT', // the state asks for a video or phone visit first
  'RX_UPLOADS_PENDING', // an earlier visit waits for an ID or attachment
  'RX_NOT_PAYABLE',
  'RX_NOT_CANCELLABLE',
  'RX_NO_UPLOAD_REQUESTED',
  'RX_STALE', // the visit changed since the caller saw it (version)
  'RX_NOT_REFILLABLE',
  'RX_TRANSITION_REFUSED', // not a move of the status table
  // The pharmacy portal
  'PHARMACY_ONLY', // a pharmacy account's call
  'PHARMACY_ADMIN_ONLY', // only the pharmacy's administrator
  'PHARMACY_UNVERIFIED', // 'Verified account only': the NCPDP ID is not verified
  'PHARMACY_NOT_CLAIMABLE', // the visit cannot be claimed in its status
  'PHARMACY_CLAIMED_ONLY', // the grant allows only visits already claimed
  'PHARMACY_LOW_BALANCE', // the prepay account does not hold the claim fee
  'PHARMACY_TRANSITION_REFUSED', // not a move of the pharmacy-side table (or a note missing)
  'PHARMACY_NOT_AVAILABLE', // the chosen pharmacy does not take visits from the state
  'INVITE_EXISTS', // the e-mail belongs to an account that is not this pharmacy's pharmacist
  // The back office's pharmacies area
  'PHARMACY_ALREADY_ONBOARDED', // a pharmacy with this NCPDP ID exists already
  'PHARMACY_REGISTRY_DIFFERS', // verify: the address, phone or fax does not match the registry
  'PHARMACY_VERIFICATION_UNCHANGED', // verify a verified pharmacy, unverify an unverified one
  'PHARMACY_FEE_NOT_REFUNDABLE', // the claim fee was given back already
  'MONEY_REFUND_REFUSED', // a refund of a refund, of a refunded, failed or pending charge
  // In-store assessments
  'ASSESSMENT_STATE_UNAVAILABLE', // in-store assessments are not offered in the patient's state
  'ASSESSMENT_STATE_NOT_GRANTED', // the pharmacist's grant does not name the patient's state
  'ASSESSMENT_EMAIL_UNAVAILABLE', // the e-mail belongs to a staff or disabled login
  'ASSESSMENT_CODE_INVALID', // the continuation link is unknown (or not this account's)
  'ASSESSMENT_CODE_USED', // the continuation link was used already
  'ASSESSMENT_CODE_EXPIRED', // the continuation link is past its expiry
  'ASSESSMENT_MISMATCH', // the Rx visit's treatment or state is not the assessment's
  // Prepay programs and access tokens
  'PREPAY_TOKEN_REFUSED', // the token is used, in use, or in its reuse interval (errorMsg says)
  'PREPAY_LIMIT_REACHED', // a user, account or balance limit of the program
  'PREPAY_RESTRICTED', // the program does not pay for this treatment, pharmacy or visit type
  'PREPAY_NOT_PAYABLE', // the visit cannot be paid by a program now
  'PREPAY_TOKEN_NOT_ADDED', // 'Access Token was not added'
  'PREPAY_TOKEN_NOT_DELETED', // 'Access Token was not deleted'
  'PREPAY_TOKEN_NOT_SENT', // 'Access Token was not sent'
  'PREPAY_USERS_NOT_UPDATED', // 'Authorized user list was not updated'
  'PREPAY_PROGRAM_NOT_UPDATED', // 'Program was not updated'
  // Appointments
  'APPOINTMENT_TAKEN', // the slot was booked by someone else first
  'APPOINTMENT_NOT_OFFERED', // not a free slot of a block for this patient, state and age
  'APPOINTMENT_EXPIRED', // 'Your appointment has expired. Please delete the appointment.'
  'APPOINTMENT_TOO_EARLY', // before the window opens
  'APPOINTMENT_NOT_IN_LOCATION', // 'This appointment is not available in the current care location.'
  'AVAILABILITY_HAS_BOOKINGS', // a block with appointments ahead cannot be removed
  'AVAILABILITY_OVERLAPS', // a new block overlaps one of the provider's own
  'APPOINTMENT_PRICE_NOT_ALLOWED', // nonce, free (price 0) or prepay prices book and start no appointment
  // Subscriptions
  'CERTIFICATE_NOT_FOUND', // no Covid test certificate has this verification id (public check)
  'DOCUMENT_NOT_REMOVABLE', // only the patient's own uploads can be removed
  'PUSH_NOT_CONFIGURED', // this server sends no web push (no VAPID keys)
  'SUBSCRIPTION_NOT_ACTIVE', // no plan in force (member price, cancel)
  'SUBSCRIPTION_ALREADY_ACTIVE', // a plan is in force already
  'SUBSCRIPTION_PURCHASE_IN_PROGRESS', // another purchase of the plan holds its slot
  'SUBSCRIPTION_NOT_CANCELLED', // uncancel of a plan that is not cancelled (or has lapsed)
  'SUBSCRIPTION_NOT_SOLD', // the brand does not sell this plan or service
  'SUBSCRIPTION_NOT_REFUNDABLE', // no paid charge to give back
  'RX_ADMIN_ONLY', // 'Unauthorized.': needs rxSubscriptionAdmin:{credentials.from}
  'ANNOUNCEMENT_WRITERS_ONLY', // announcements are written by an rx admin or the platform admin
  'PHARMACY_NOT_CLAIMED', // forms and external codes wait for the pharmacy's claim
  'RX_FORM_ALREADY_REQUESTED', // the same form waits for the patient's signature already
  'RX_FORM_NOT_PENDING', // the form was signed or withdrawn already
  'RX_CODE_TAKEN', // another visit of the pharmacy has this external code
  // Payments
  'CARD_DECLINED',
  'CARD_AVS_MISMATCH',
  'CARD_INVALID',
  'CARD_ON_FILE', // the same card (last four and expiry) is already saved
  'PAYMENT_UNAVAILABLE',
  'PAYMENT_NOT_CHARGED', // the attempt failed and the gateway holds no charge for it: a new key may try again
  'COUPON_INVALID',
  'IDEMPOTENCY_MISMATCH',
  'IN_PROGRESS', // the same idempotency key is still being worked on
  'PRICE_TOKEN_STALE',
  // Files
  'FILE_MISSING',
  'FILE_TOO_MANY',
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'FILE_IMAGE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_HEIC_UNSUPPORTED',
  'FILE_UNREADABLE',
  'FILES_BUSY', // too many images being processed at once: try again shortly (503, Retry-After)
  // Back office
  'BACK_OFFICE_REFUSED', // the role may not use this area of the back office (or not change it)
  'BACK_OFFICE_ACCOUNT', // a back-office login is not changed from the people area
  'BACK_OFFICE_VISIT_FINAL', // the visit is over: the operator cannot cancel it
  'BACK_OFFICE_VISIT_NOT_CLAIMED', // no provider claimed the visit: nothing to reassign
  'BACK_OFFICE_RX_NOT_CANCELLABLE', // a pharmacy claimed or works on the prescription, or it was handed to the patient
  // A brand's offers in the back office
  'OFFER_CODE_TAKEN', // the coupon or referral code exists already (codes are unique everywhere)
  'COUPON_REDEEMED', // patients applied the coupon: its kind and value no longer change
  'REFERRAL_PATIENT_OWNED', // a patient's own referral code: the back office does not change it
  'BRAND_KEY_TAKEN', // another brand has this company key
  'BRAND_HOST_TAKEN', // another brand has this host name or alias
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** What an envelope may carry: our codes, or a Fastify client-error code passed through. */
export type ResponseErrorCode = ErrorCode | `FST_${string}`;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}
