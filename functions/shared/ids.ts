import { ulid } from 'ulid';

/** Lowercase ULIDs: time-ordered, URL-safe, and unchanged by key casing rules. */
export const newId = () => ulid().toLowerCase();
