import { useState } from 'react';

/** Page number and a filter, reset to page 1 whenever the filter changes. */
export function usePaged<F>(initial: F) {
  const [filter, setFilterState] = useState(initial);
  const [pageNum, setPageNum] = useState(1);
  const setFilter = (next: F) => {
    setFilterState(next);
    setPageNum(1);
  };
  return { filter, setFilter, pageNum, setPageNum };
}
