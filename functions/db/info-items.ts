import { awsErrorName, NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { db, type Db } from './service.js';

/** Operator announcements (platform partition). */
export interface InfoItemFields {
  title: string;
  detailText: string;
  startAt: string;
  endAt: string;
}

const missingAsNotFound = (error: unknown): never => {
  if (awsErrorName(error) === 'ConditionalCheckFailedException') throw new NotFoundError();
  throw error;
};

export async function createInfoItem(fields: InfoItemFields, service: Db = db()) {
  const { data } = await service.entities.InfoItem.create({ infoItemId: newId(), ...fields }).go();
  return data;
}

/** Patch (conditional on existence): a deleted announcement answers 404, never reappears. */
export async function updateInfoItem(infoItemId: string, fields: InfoItemFields, service: Db = db()) {
  await service.entities.InfoItem.patch({ infoItemId }).set(fields).go().catch(missingAsNotFound);
  return { infoItemId, ...fields };
}

export async function deleteInfoItem(infoItemId: string, service: Db = db()) {
  await service.entities.InfoItem.remove({ infoItemId }).go().catch(missingAsNotFound);
  return { id: infoItemId };
}

/** One announcement by id (GetItem), or null. */
export async function findInfoItem(infoItemId: string, service: Db = db()) {
  const { data } = await service.entities.InfoItem.get({ infoItemId }).go();
  return data;
}

/** The newest announcements first, at most `limit`: one Query on the platform partition. */
export async function latestInfoItems(limit: number, service: Db = db()) {
  const { data } = await service.entities.InfoItem.query.byId({}).go({ order: 'desc', limit });
  return data;
}
