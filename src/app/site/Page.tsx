import { useEffect, type ReactNode } from 'react';

/** Keeps the document's title and meta description in step with client-side navigation. */
export function Page({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return <>{children}</>;
}
