// The Mantine styles the account pages use beyond the shell's, and the account's own CSS. Imported
// by each account page, so all of it lives in lazy chunks, never in the first paint.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Progress.css';
import './account.css';
