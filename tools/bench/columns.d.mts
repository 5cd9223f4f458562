// Types of columns.mjs for its test (the bench scripts themselves are plain JavaScript).
export function displayWidth(text: string): number;
export function pad(value: unknown, width: number): string;
