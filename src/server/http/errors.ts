import { ERROR_CODES, type ErrorCode } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';

export interface FieldError {
  field: string;
  message: string;
}

/** An error that becomes the contract's failure envelope (docs/API.md). */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    statusCode?: number,
  ) {
    super(message);
    this.statusCode = statusCode ?? ERROR_CODES[code];
  }
}

export const validationError = (message: string, errors?: FieldError[]) =>
  new AppError('VALIDATION_ERROR', message, errors);
export const notFound = (what: string) => new AppError('NOT_FOUND', MESSAGES.record.notFound(what));
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthorized = (message: string = MESSAGES.session.authRequired) =>
  new AppError('UNAUTHORIZED', message);
export const invalidRole = () => new AppError('INVALID_ROLE', MESSAGES.invalidRole);
