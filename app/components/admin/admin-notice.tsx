/**
 * What the back office's last change did ("Saved."), read once from the session: a live region that is
 * always in the page, so a screen reader hears the notice when it appears.
 */
export function AdminNotice({ notice }: { notice: string | null | undefined }) {
  return <div role="status">{notice ? <p className="notice notice--success">{notice}</p> : null}</div>;
}
