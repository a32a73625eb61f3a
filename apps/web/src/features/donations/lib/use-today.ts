import { dayInZone } from '@refugio/contracts';
import { useOrganizationTimeZone } from '../../../lib/organization-settings';

/** Today in the organisation's time zone ('YYYY-MM-DD'): what "not in the future" means for a gift or a mandate. */
export function useOrganizationToday(): string {
  return dayInZone(new Date(), useOrganizationTimeZone());
}
