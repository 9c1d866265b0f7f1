/** What the app says when a call fails without a message of its own (docs/spec-notes.md §8); in MESSAGES too. */
export const failures = {
  invalidRole: 'You are not authorized to access this resource',
  operationFailed: 'Operation failed',
  networkError: 'Network error. Please check your connection and make sure the server is running.',
  unexpectedError: 'An unexpected error occurred',
} as const;
