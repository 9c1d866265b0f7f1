import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { field, Invalid, oneOf, text } from '../../http/field-rules.js';
import { UPLOAD_MIME_TYPES } from './file-types.js';

const M = MESSAGES.document;
const FILE_NAME_MAX = 200;

/** The fields of PUT /user/me/documents/{kind}; the service checks the content against the type and size. */
export const UPLOAD_FIELDS = {
  file_name: text({
    max: FILE_NAME_MAX,
    required: M.fileNameRequired,
    tooLong: MESSAGES.account.tooLong('Nama berkas', FILE_NAME_MAX),
    description: 'Shown when the document is opened; path parts are dropped',
  }),
  mime_type: oneOf(
    UPLOAD_MIME_TYPES,
    M.mimeTypeInvalid(UPLOAD_MIME_TYPES.join(', ')),
    'application/pdf only for loa_file',
  ),
  content_base64: field(Type.String({ description: 'The file, base64; at most 5 MB decoded' }), (value) => {
    if (typeof value !== 'string') throw new Invalid(M.base64Invalid);
    return value;
  }),
};
