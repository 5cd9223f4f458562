/** The brand's name from the brand data the server put in index.html ('' when missing). */
export function brandName(): string {
  try {
    return (
      (JSON.parse(document.getElementById('brand-data')?.textContent ?? '{}') as { name?: string }).name ?? ''
    );
  } catch {
    return '';
  }
}
