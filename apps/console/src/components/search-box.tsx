import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** A list's search field: the list follows typing after a short pause (or at once on Enter). */
export function SearchBox({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch(keyword: string): void;
}) {
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text.trim(), 400);
  // A block body: whatever onSearch returns must never be taken for an effect cleanup (a handler
  // answering `false` once turned the whole console blank, "l is not a function").
  // biome-ignore lint/correctness/useExhaustiveDependencies: onSearch is a fresh closure each render
  useEffect(() => {
    onSearch(settled);
  }, [settled]);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(text.trim());
      }}
      w={{ base: '100%', sm: 320 }}
      maxLength={64}
    />
  );
}
