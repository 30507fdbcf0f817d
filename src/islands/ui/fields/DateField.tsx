import { type ReactNode, useId } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { FieldInput } from './TextField.tsx';

/** A calendar date (`YYYY-MM-DD`), optionally bounded by `min` and `max`. */
export function DateField(props: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  min?: string | undefined;
  max?: string | undefined;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label}>
      <FieldInput id={id} {...props} type="date" />
    </FieldShell>
  );
}
