/** The list's rows, virtualised against the window like the core quote list (the host API's rows). */
import { VirtualRows, type HostItem } from '@sportello/host-api';
import RentalRow from './RentalRow';

const ROW_HEIGHT = 64;
/** The list's name in the host API's list memory. */
export const LIST = 'noleggio-auto';

export default function RentalRows({ rows, onOpen }: { rows: HostItem[]; onOpen: (quote: HostItem) => void }) {
  return (
    <VirtualRows
      rows={rows}
      listKey={LIST}
      rowHeight={ROW_HEIGHT}
      renderRow={(quote, index, offset, measure) => (
        <RentalRow key={quote._id} quote={quote} index={index} offset={offset} measure={measure} onOpen={onOpen} />
      )}
    />
  );
}
