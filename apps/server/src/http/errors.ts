import type { MessageKey } from '@memoria/domain';

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export type MessageParams = Record<string, string | number>;

/**
 * An answer other than success, thrown by services and turned into the uniform body
 * `{status,title,detail,message}` by the error handler.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly options: {
      params?: MessageParams;
      /** protocol fields docs/API.md names, e.g. `error` on login answers */
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export interface ViolationInput {
  propertyPath: string;
  key: MessageKey | string;
  params?: MessageParams;
  code?: string;
}

/** 422 ConstraintViolationList. */
export class ValidationFailed extends Error {
  constructor(readonly violations: ViolationInput[]) {
    super('validation failed');
    this.name = 'ValidationFailed';
  }
}

export const violation = (
  propertyPath: string,
  key: MessageKey,
  params?: MessageParams,
): ValidationFailed => new ValidationFailed([{ propertyPath, key, params }]);

export const badRequest = (key: MessageKey = 'error.badRequest') => new ApiError(400, key);
export const unauthorized = (key: MessageKey = 'error.unauthorized') => new ApiError(401, key);
export const forbidden = (key: MessageKey = 'error.forbidden') => new ApiError(403, key);
export const notFound = (key: MessageKey = 'error.notFound') => new ApiError(404, key);
export const conflict = (key: MessageKey = 'error.conflict') => new ApiError(409, key);
