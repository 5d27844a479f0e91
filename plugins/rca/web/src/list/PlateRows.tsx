/** The register's rows, virtualised against the window (the host API's rows): 20,000 plates scroll smoothly. */
import { VirtualRows } from '@sportello/host-api';
import type { Plate } from '../lib/records';
import PlateRow, { type PlateRowProps } from './PlateRow';

export const ROW_HEIGHT = 64;
/** A card's estimated height (phones, tablets): the plate, then seven cells two or three to a line. */
export const CARD_HEIGHT = 184;
/** The list's name in the host API's list memory (its scroll offset). */
export const LIST = 'rca-targhe';

type Actions = Omit<PlateRowProps, 'plate' | 'index' | 'offset' | 'measure'>;

export default function PlateRows({ rows, ...actions }: { rows: Plate[] } & Actions) {
  return (
    <VirtualRows
      rows={rows}
      listKey={LIST}
      rowHeight={ROW_HEIGHT}
      cardHeight={CARD_HEIGHT}
      renderRow={(plate, index, offset, measure) => (
        <PlateRow key={plate._id} plate={plate} index={index} offset={offset} measure={measure} {...actions} />
      )}
    />
  );
}
