/** A page's place while it loads: a loader centred in the page area. */
import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center className="page-center">
      <Loader />
    </Center>
  );
}
