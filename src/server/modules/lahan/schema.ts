import { sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.js';
import { form } from '../../http/forms.js';
import { LAHAN_FIELDS } from './fields.js';
import { lahanList } from './list.js';
import { lahanRecord } from './records.js';

export const Lahan = lahanRecord(sql`true`).schema;

const { status: _status, ...CREATE_FIELDS } = LAHAN_FIELDS;

/** A new lahan is always pending: `status` is not among its fields. */
export const LahanCreateBody = form(CREATE_FIELDS, {
  required: ['nama_lahan', 'luas_lahan', 'address_lahan', 'location_id', 'category_id'],
  summary: MESSAGES.lahan.invalidData,
});

/** PUT /lahan/{id} and PUT /admin/lahan/{id}; the service decides who may change what. */
export const LahanUpdateBody = form(LAHAN_FIELDS, {
  summary: MESSAGES.lahan.invalidData,
  description: 'Send only what changes.',
});

export const LahanListQuery = lahanList.query;
