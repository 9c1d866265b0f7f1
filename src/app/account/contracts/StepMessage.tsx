import { useEffect, useRef } from 'react';

/**
 * A step's outcome where the step was taken: a failure as an alert, a success (`success`) as a status. Each
 * new text takes the focus, which also scrolls it into view, so the result is on screen after every action.
 */
export function StepMessage({
  text,
  success = false,
}: {
  text: string | null | undefined;
  success?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  if (!text) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={success ? 'alert alert-success' : 'alert'}
      role={success ? 'status' : 'alert'}
    >
      {text}
    </p>
  );
}
