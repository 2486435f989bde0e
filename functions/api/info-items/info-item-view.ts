/** An announcement as `GET /api/v1/info_items[/{id}]` returns it (the SPA imports the type). */
export const infoItemView = (i: {
  infoItemId: string;
  title: string;
  detailText: string;
  startAt: string;
  endAt: string;
}) => ({
  id: i.infoItemId,
  title: i.title,
  detail_text: i.detailText,
  start_at: i.startAt,
  end_at: i.endAt,
});

/** Banners show while start_at ≤ now < end_at. */
export const isShownAt = (i: { startAt: string; endAt: string }, now: Date) =>
  Date.parse(i.startAt) <= now.getTime() && now.getTime() < Date.parse(i.endAt);

export type InfoItemView = ReturnType<typeof infoItemView>;
