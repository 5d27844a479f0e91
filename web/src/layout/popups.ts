/** Every open dialog, so the server's `closePopUp` event can close them all at once. */
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';

const closers = new Set<() => void>();

export function closeAllPopups(): void {
  modals.closeAll();
  for (const close of [...closers]) close();
}

/** A dialog's open state that `closeAllPopups` also closes. */
export function usePopup(initial = false) {
  const [opened, handlers] = useDisclosure(initial);
  useEffect(() => {
    closers.add(handlers.close);
    return () => {
      closers.delete(handlers.close);
    };
  }, [handlers.close]);
  return [opened, handlers] as const;
}
