import { isApiError } from '../api/errors';

interface FormLike {
  setFieldError: (path: string, error: string) => void;
}

/**
 * Puts a 422 answer's violations on the matching form fields ("userProfile.name" → "name"
 * when the form has no nested object). Returns true when at least one was placed.
 */
export function applyViolations(form: FormLike, error: unknown, fields: string[]): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  const violations = (error.body as { violations?: { propertyPath: string; message: string }[] })
    ?.violations;
  let placed = false;
  for (const violation of violations ?? []) {
    const path = violation.propertyPath;
    const field = fields.find((name) => path === name || path.endsWith(`.${name}`));
    if (field) {
      form.setFieldError(field, violation.message);
      placed = true;
    }
  }
  return placed;
}
