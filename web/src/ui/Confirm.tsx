import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Button } from './Button';
import { t } from '../i18n';

/**
 * A modal confirm dialog on the native <dialog> (focus trapped, Escape cancels): for actions that
 * cannot be undone.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy = false }: {
  open: boolean; title: string; children?: ComponentChildren; confirmLabel: string; onConfirm(): void; onCancel(): void; busy?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} class="dialog" aria-labelledby="confirm-title" onCancel={(event) => { event.preventDefault(); onCancel(); }}>
      <h2 id="confirm-title">{title}</h2>
      <div>{children}</div>
      <div class="row">
        <Button onClick={onCancel}>{t('pages.confirm.cancel')}</Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </dialog>
  );
}
