import { useId, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { useMutation } from '../api/hooks';
import { ErrorBox, Notice } from '../ui/forms';
import { importGame, type ImportedGame } from './admin-api';
import { t } from '../i18n';
import { Linked } from '../settings/linked';

/**
 * Import a portable game record (a file from "Download record" here or on another server). The
 * server replays and verifies it before storing anything; a refusal names the failing event.
 */
export function ImportPanel({ onImported }: { onImported?(): void } = {}) {
  const id = useId();
  const [imported, setImported] = useState<ImportedGame | null>(null);
  const upload = useMutation(async (file: File) => {
    setImported(null);
    let record: unknown;
    try {
      record = JSON.parse(await file.text());
    } catch {
      throw new ApiError(0, { title: t('account.import.notRecord'), detail: t('account.import.notJson', { file: file.name }) });
    }
    setImported(await importGame(record));
    onImported?.();
  });
  const refusedAt = upload.error?.problem.atEvent;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.import.heading')}</h2>
      <div class="field">
        <label for={id}>{t('account.import.file')}</label>
        <input
          id={id}
          type="file"
          accept="application/json,.json"
          disabled={upload.running}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void upload.run(file);
          }}
        />
      </div>
      {upload.running && <Notice>{t('account.import.running')}</Notice>}
      {/* One box per refusal: a record that does not replay names its event; any other refusal as the server words it. */}
      {typeof refusedAt === 'number' ? (
        <div class="error" role="alert">
          <span data-testid="import-refused">{t('account.import.refused', { at: refusedAt, reason: String(upload.error?.problem.reason ?? upload.error?.message) })}</span>{' '}
          {upload.error?.code && <code class="code">{upload.error.code}</code>}
        </div>
      ) : (
        <ErrorBox error={upload.error} />
      )}
      {imported && (
        <Notice tone="ok">
          <span data-testid="import-ok">
            <Linked sentence={(link) => t('account.import.done', { events: imported.version, link })} link={<a href={`/admin/games/${imported.id}`}>{t('account.import.open', { id: imported.id })}</a>} />
          </span>
        </Notice>
      )}
    </section>
  );
}
