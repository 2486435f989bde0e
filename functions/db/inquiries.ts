import { newId } from '../shared/ids.js';
import { db, type Db } from './service.js';

export interface NewInquiry {
  name: string;
  companyName: string;
  email: string;
  message: string;
}

export async function saveInquiry(inquiry: NewInquiry, service: Db = db()) {
  const { data } = await service.entities.Inquiry.create({ inquiryId: newId(), ...inquiry }).go();
  return data;
}

/** The newest inquiries first (ULID order): one Query on the platform partition, bounded. */
export async function latestInquiries(limit = 500, service: Db = db()) {
  const { data } = await service.entities.Inquiry.query.byId({}).go({ order: 'desc', limit });
  return data;
}
