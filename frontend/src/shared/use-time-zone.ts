import { useSession } from '../lib/session';
import { safeTimeZone } from './time';

/** The signed-in company's zone (Asia/Tokyo until the server says otherwise). */
export function useTimeZone(): string {
  return safeTimeZone(useSession().session?.time_zone);
}
