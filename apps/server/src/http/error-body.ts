import {
  formatMessage,
  type ApiErrorBody,
  type ConstraintViolationList,
  type Locale,
} from '@memoria/domain';
import { STATUS_TITLES, type MessageParams, type ViolationInput } from './errors.js';

export function errorBody(
  status: number,
  key: string,
  locale: Locale,
  params: MessageParams = {},
  extra: Record<string, unknown> = {},
): ApiErrorBody & Record<string, unknown> {
  return {
    ...extra,
    status,
    title: STATUS_TITLES[status] ?? 'Error',
    detail: formatMessage(key, 'en', params),
    message: formatMessage(key, locale, params),
  };
}

export function violationBody(
  violations: ViolationInput[],
  locale: Locale,
): ConstraintViolationList & { message: string } {
  const list = violations.map((v) => ({
    propertyPath: v.propertyPath,
    message: formatMessage(v.key, locale, v.params),
    code: v.code ?? v.key,
  }));
  const first = list[0];
  const summary = list.map((v) => (v.propertyPath ? `${v.propertyPath}: ` : '') + v.message);
  return {
    '@type': 'ConstraintViolationList',
    status: 422,
    title: STATUS_TITLES[422] ?? 'Unprocessable Entity',
    detail: violations
      .map(
        (v) => (v.propertyPath ? `${v.propertyPath}: ` : '') + formatMessage(v.key, 'en', v.params),
      )
      .join('\n'),
    message: first ? summary.join('\n') : formatMessage('error.validation', locale),
    violations: list,
  };
}
