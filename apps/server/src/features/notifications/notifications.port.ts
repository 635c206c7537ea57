/** A push device as the back office lists it: never its token or keys. */
export interface DeviceListing {
  /** web | apns | fcm */
  channel: string;
  createdAt: Date;
  lastSentAt: Date | null;
}

/** What other areas may ask of notifications: an account's push devices (no token, no keys). */
export interface NotificationsPort {
  devicesOf(accountId: string): Promise<DeviceListing[]>;
}
