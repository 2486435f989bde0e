import { NotFoundError, awsErrorName } from '../shared/errors.js';
import { assertDaysOpen } from './period-closings.js';
import { db, type Db } from './service.js';

/**
 * An admin deletes one day's attendance record of a staff member of their company. The punches and
 * memos go; an approved leave, overtime, holiday work or 振替 on that day stays marked (it is a decision,
 * not a punch). A record that does not exist in this company (another company's included) is a 404;
 * a day of a closed payroll period is refused (409) and kept.
 */
export async function deleteDayRecord(
  companyId: string,
  employeeId: string,
  workDate: string,
  service: Db = db(),
): Promise<void> {
  await assertDaysOpen(companyId, workDate, workDate, 'date', service);
  const { AttendanceDay } = service.entities;
  const key = { companyId, employeeId, workDate };
  const { data } = await AttendanceDay.get(key).go();
  if (!data) throw new NotFoundError();
  const write =
    data.leaveType === undefined &&
    !data.overWorkApproved &&
    !data.holidayWorkApproved &&
    data.dayOverride === undefined
      ? AttendanceDay.remove(key).go({ response: 'none' })
      : AttendanceDay.patch(key)
          .remove(['punchInAt', 'punchOutAt', 'note', 'punchOutNote', 'breaksRecorded'])
          .go({ response: 'none' });
  await write.catch((error: unknown) => {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  });
}
