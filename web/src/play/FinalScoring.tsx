import type { ScoreTable } from '../games/types';
import { playerLabel } from '../games/names';
import { Table } from '../ui/Table';
import { t, tr } from '../i18n';

/** A finished game's score breakdown (each game's `finalScoring`), one row per seat or for the team. */
export function FinalScoring({ table, seatNames }: { table: ScoreTable; seatNames: readonly string[] }) {
  const rows = table.rows.map((row, index) => ({ index, name: row.label ?? seatNames[index] ?? playerLabel(index, tr), cells: row.cells }));
  return (
    <section class="panel" aria-label={t('pages.scoring.title')} data-testid="final-scoring">
      <Table
        caption={t('pages.scoring.title')}
        columns={[
          { key: 'who', header: t('pages.scoring.player'), cell: (row: (typeof rows)[number]) => row.name },
          ...table.columns.map((header, column) => ({ key: String(column), header, cell: (row: (typeof rows)[number]) => row.cells[column] ?? '' })),
        ]}
        rows={rows}
        rowKey={(row) => String(row.index)}
      />
    </section>
  );
}
