import { type FormEvent, useState } from 'react';
import { focusFirstInvalid } from './fields/checks.ts';
import type { ClientErrors } from './useApi.ts';

/** A form's own checks before it calls the API: the messages per field, shown inline. */
export function useFormCheck() {
  const [errors, setErrors] = useState<ClientErrors>({});
  return {
    errors,
    setErrors,
    /** Drops the messages on `fields`: the player edited them, a message would be stale. */
    clear(...fields: string[]) {
      setErrors((current) =>
        fields.some((field) => current[field])
          ? { ...current, ...Object.fromEntries(fields.map((f) => [f, null])) }
          : current,
      );
    },
    /**
     * Shows `found` (field → message or null); false, with focus moved to the first invalid field,
     * when any field has a message. Call it before the first `await` of the submit.
     */
    check(event: FormEvent, found: ClientErrors): boolean {
      setErrors(found);
      if (!Object.values(found).some(Boolean)) return true;
      focusFirstInvalid(event.currentTarget);
      return false;
    },
  };
}
