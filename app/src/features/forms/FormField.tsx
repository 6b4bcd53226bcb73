// Labelled form fields of the account forms (buyer info, address) and the order edit forms: a label, the
// control, and the field's validation message under it (linked with aria-describedby so screen readers read
// it with the field).
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../ui/cx';
import styles from './Form.module.css';

export interface FieldProps {
  label: string;
  /** The sdk's validation message, shown under the control. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Content beside the control (a button). */
  aside?: ReactNode;
  /** Marks the label as optional ('선택'). */
  optional?: boolean;
  className?: string;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function Field({ label, error, hint, aside, optional = false, className, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hasMessage = Boolean(error) || hint !== undefined;
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {optional && <span className={styles.optional}>선택</span>}
      </div>
      <div className={styles.controlRow}>
        {children({ id, describedBy: hasMessage ? messageId : undefined, invalid: Boolean(error) })}
        {aside}
      </div>
      {error ? (
        <p id={messageId} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        hint !== undefined && (
          <p id={messageId} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onChange, error, hint, aside, optional, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} aside={aside} optional={optional} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          className={styles.input}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
      )}
    </Field>
  );
}

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  disabled?: boolean;
  error?: string | null | undefined;
  className?: string;
}

export function SelectField<T extends string>({ label, value, options, onChange, disabled, error, className }: SelectFieldProps<T>) {
  return (
    <Field label={label} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={styles.select}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A titled group of fields. */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {description && <p className={styles.sectionDescription}>{description}</p>}
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}

/** The form's main button, fixed at the bottom of the page. */
export function SaveBar({ children }: { children: ReactNode }) {
  return <div className={cx('fixed-in-column', styles.saveBar)}>{children}</div>;
}
