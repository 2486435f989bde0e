/**
 * Lengths of the free texts people type, shared by the API schemas and the SPA's fields (which show a
 * live counter and refuse more): one number per text, so the form and the server never disagree.
 * Plain data; the SPA imports it as a value (see eslint.config.js).
 */
export const TEXT_LIMITS = {
  /** 打刻修正, leave / holiday-work / overtime requests, manual paid-leave grants. */
  reason: 500,
  /** The memo of a punch. */
  punchNote: 200,
  /** Announcement title and body. */
  announcementTitle: 100,
  announcementBody: 5000,
} as const;
