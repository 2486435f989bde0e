/** An announcement opened from a banner (`/employees/info_items/:id`). */
import { InfoItemDetail } from '../../shared/info-items/info-item-detail';

export default function InfoItemPage() {
  return <InfoItemDetail backTo="/employees" />;
}
