/** Minute figures as people read them in the explanations and alert messages. */

/** 480 → "8:00", 75 → "1:15". */
export function hm(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** 2700 → "45時間", 3130 → "52時間10分". */
export function hoursJa(minutes: number): string {
  const abs = Math.abs(Math.round(minutes));
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `${minutes < 0 ? '-' : ''}${h}時間${m ? `${m}分` : ''}`;
}
