import { Type } from 'typebox';
import { listQuery, Timestamp } from '../../http/schemas.js';

export const TYPE_NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;

export const CategoryBody = Type.Object(
  {
    type_name: Type.String({
      maxLength: TYPE_NAME_MAX,
      description: 'Required; trimmed; unique regardless of letter case',
    }),
    description: Type.String({ maxLength: DESCRIPTION_MAX, description: 'Required; trimmed' }),
  },
  { additionalProperties: false },
);

export const Category = Type.Object({
  id: Type.Integer(),
  type_name: Type.String(),
  description: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CATEGORY_SORT_KEYS = ['created_at', 'type_name'] as const;
export const CategoryListQuery = listQuery(CATEGORY_SORT_KEYS);
