/**
 * What other areas may ask of on-demand care. Other areas never read care's tables.
 */
export interface CarePort {
  /**
   * Whether the person had a completed video visit in the state (a state's "1st Video"
   * telemedicine requirement for asynchronous visits is then met).
   */
  hadVideoVisit(personId: string, state: string): Promise<boolean>;
}
