/**
 * Which sections of the SPA's copy each catalogue file holds (issue 31): one file per area and
 * language, frontend/src/i18n/catalogues/<lang>/<area>.json. An area's screens load `common` and the
 * files below (AREA_FILES) before they render, so the punch screen never downloads the admin's texts.
 */
export const AREA_SECTIONS = {
  common: ['app', 'header', 'nav', 'statusPages', 'common', 'refreshBar', 'fields', 'pages', 'mailOutbox'],
  public: ['landing', 'signIn', 'passwordReset', 'contact'],
  employee: [
    'monthTable',
    'infoItems',
    'punch',
    'attendance',
    'modify',
    'requests',
    'settings',
    'workMonth',
    'paidLeave',
    'approvals',
    'mailSettings',
  ],
  admin: [
    'admin',
    'audit',
    'staffPicker',
    'csvDownload',
    'closing',
    'shifts',
    'workPatterns',
    'workSystems',
    'attendanceTotals',
    'staffImport',
    'payrollLayouts',
  ],
  operator: ['operator'],
} as const;

export type CatalogueFile = keyof typeof AREA_SECTIONS;

/** The files each area of the SPA loads, in order. */
export const AREA_FILES = {
  public: ['common', 'public'],
  employee: ['common', 'employee'],
  // The admin's staff screen resets a password with the public pages' passwordReset texts.
  admin: ['common', 'public', 'employee', 'admin'],
  operator: ['common', 'operator'],
} as const satisfies Record<string, readonly CatalogueFile[]>;

export type Area = keyof typeof AREA_FILES;
