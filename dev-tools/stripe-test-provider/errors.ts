/**
 * Errors in Stripe's shape: `{ error: { type, message, code?, param? } }`. The SDK picks its error
 * class from the HTTP status (400/404 → StripeInvalidRequestError, 401 → StripeAuthenticationError),
 * so the status matters as much as the body.
 */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, details: { code?: string; param?: string } = {}): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...details });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function resourceMissing(objectName: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `No such ${objectName}: '${id}'`,
    code: 'resource_missing',
    param,
  });
}
