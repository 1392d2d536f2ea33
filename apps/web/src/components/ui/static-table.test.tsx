import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type StaticColumn, StaticTable } from './static-table';

type Day = { day: string; rides: number };
const columns: StaticColumn<Day>[] = [
  { id: 'day', header: 'Day', rowHeader: true, cell: (d) => d.day },
  { id: 'rides', header: 'Rides', align: 'end', cell: (d) => d.rides, cellProps: (d) => ({ 'data-testid': `rides-${d.day}` }) },
  { id: 'actions', header: 'Actions', srOnlyHeader: true, cell: () => <button type="button">Open</button> },
];

describe('StaticTable', () => {
  it('names the table and its scroll region, heads columns with scope=col and the naming column with scope=row', () => {
    const html = renderToStaticMarkup(<StaticTable label="Rides by day" columns={columns} rows={[{ day: 'Mon', rides: 3 }]} getRowKey={(d) => d.day} />);
    expect(html).toContain('role="region"');
    expect(html).toContain('aria-label="Rides by day"');
    expect(html).toContain('tabindex="0"');
    expect(html).toMatch(/<caption class="sr-only">Rides by day<\/caption>/);
    expect(html.match(/scope="col"/g)).toHaveLength(3);
    expect(html).toMatch(/<th scope="row"[^>]*>Mon<\/th>/);
    expect(html).toContain('data-testid="rides-Mon"');
    expect(html).toContain('<span class="sr-only">Actions</span>');
  });

  it('says its empty sentence across the columns, and shows a visible caption when given one', () => {
    const html = renderToStaticMarkup(
      <StaticTable label="Rides" caption="Rides this week" columns={columns} rows={[]} getRowKey={(d) => d.day} empty="No rides." />,
    );
    expect(html).toMatch(/<td colspan="3"[^>]*>No rides\.<\/td>/i);
    expect(html).toContain('>Rides this week</caption>');
    expect(html).not.toContain('class="sr-only">Rides</caption>');
  });
});
