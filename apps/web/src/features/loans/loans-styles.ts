// The Mantine styles the loan pages use beyond the shell's, and the loans' own CSS. Imported by each
// loan page, so all of it lives in the loans' lazy chunks, never in the first paint.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import './loans.css';
