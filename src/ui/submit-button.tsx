import type { ReactNode } from "react";

/**
 * A form's main button in its actions row: disabled while the form is being sent, so a second
 * press sends nothing twice, and saying what is under way meanwhile.
 */
export function SubmitButton({
  busy,
  busyLabel,
  className,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `form-actions ${className}` : "form-actions"}>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? busyLabel : children}
      </button>
    </div>
  );
}
