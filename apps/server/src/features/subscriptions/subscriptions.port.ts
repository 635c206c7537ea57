/**
 * What other areas may know of subscriptions. A member price is a payments quote for
 * one item, this one: the care area charges a visit's `subscriptionToken` for the family member
 * it was quoted for, and it pays no one else's visit.
 */
export function memberVisitItem(personId: string): string {
  return `subscription-visit:${personId}`;
}
