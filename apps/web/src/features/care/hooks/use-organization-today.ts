import { dayInZone } from '@refugio/contracts';
import { useOrganizationTimeZone } from '../../../lib/organization-settings';

/** Today in the organisation's time zone ('YYYY-MM-DD'): what "overdue", "today" and "not in the future" mean. */
export function useOrganizationToday(): string {
  return dayInZone(new Date(), useOrganizationTimeZone());
}
