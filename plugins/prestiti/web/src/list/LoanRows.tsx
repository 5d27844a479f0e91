/** The list's rows, virtualised against the window like the core quote list (the host API's rows). */
import { VirtualRows, type HostItem } from '@sportello/host-api';
import LoanRow from './LoanRow';

const ROW_HEIGHT = 56;
/** The list's name in the host API's list memory. */
export const LIST = 'prestiti';

export default function LoanRows({ rows, onOpen }: { rows: HostItem[]; onOpen: (quote: HostItem) => void }) {
  return (
    <VirtualRows
      rows={rows}
      listKey={LIST}
      rowHeight={ROW_HEIGHT}
      renderRow={(quote, index, offset, measure) => <LoanRow key={quote._id} quote={quote} index={index} offset={offset} measure={measure} onOpen={onOpen} />}
    />
  );
}
