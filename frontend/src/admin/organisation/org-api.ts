import type { OrgUnit } from '../../../../functions/db/organisation';
import { api } from '../../lib/api';
import { t } from '../../i18n';

export type OrgKind = 'department' | 'employmentStatus';

/** A department or employment status as the API returns it: the backend's own type. */
export type { OrgUnit };

interface OrgConfig {
  apiPath: string;
  /** Screen path under /management. */
  screenPath: string;
  listTitle: string;
  newTitle: string;
  editTitle: string;
  label: string;
  placeholder: string;
}

export const ORG: Record<OrgKind, OrgConfig> = {
  department: {
    apiPath: '/api/v1/departments',
    screenPath: '/management/departments',
    listTitle: t.pages.departments,
    newTitle: t.pages.departmentNew,
    editTitle: t.pages.departmentEdit,
    ...t.admin.org.department,
  },
  employmentStatus: {
    apiPath: '/api/v1/employment_statuses',
    screenPath: '/management/employment_statuses',
    listTitle: t.pages.employmentStatuses,
    newTitle: t.pages.employmentStatusNew,
    editTitle: t.pages.employmentStatusEdit,
    ...t.admin.org.employmentStatus,
  },
};

const item = (kind: OrgKind, id: string) => `${ORG[kind].apiPath}/${encodeURIComponent(id)}`;

export const listOrgUnits = (kind: OrgKind) => api.get<OrgUnit[]>(ORG[kind].apiPath);
export const getOrgUnit = (kind: OrgKind, id: string) => api.get<OrgUnit>(item(kind, id));
export const createOrgUnit = (kind: OrgKind, name: string) => api.post<OrgUnit>(ORG[kind].apiPath, { name });
export const updateOrgUnit = (kind: OrgKind, id: string, name: string) => api.put<OrgUnit>(item(kind, id), { name });
export const deleteOrgUnit = (kind: OrgKind, id: string) => api.delete<{ id: string }>(item(kind, id));

/** Both option lists of the staff and rule forms, loaded side by side. */
export async function loadOrgOptions() {
  const [departments, statuses] = await Promise.all([listOrgUnits('department'), listOrgUnits('employmentStatus')]);
  if (!departments.ok) return departments;
  if (!statuses.ok) return statuses;
  return { ...departments, data: { departments: departments.data, statuses: statuses.data } };
}
export type OrgOptions = { departments: OrgUnit[]; statuses: OrgUnit[] };
