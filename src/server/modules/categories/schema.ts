import { Type } from 'typebox';
import { requiredName } from '../../http/field-rules.js';
import { requiredForm } from '../../http/forms.js';
import { listQuery, Timestamp } from '../../http/schemas.js';

export const CategoryBody = requiredForm({
  type_name: requiredName(120, 'Required; trimmed; unique regardless of letter case'),
  description: requiredName(2000, 'Required; trimmed'),
});

export const Category = Type.Object({
  id: Type.Integer(),
  type_name: Type.String(),
  description: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CATEGORY_SORT_KEYS = ['created_at', 'type_name'] as const;
export const CategoryListQuery = listQuery(CATEGORY_SORT_KEYS, {
  in_use: Type.Optional(
    Type.Boolean({
      description:
        'true: only the categories some record uses (lahan for /admin/category, contracts for ' +
        '/admin/contract-category); false: only those none uses, which can be deleted',
    }),
  ),
});
