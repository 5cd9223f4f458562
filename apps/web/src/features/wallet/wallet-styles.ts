// The Mantine styles the wallet pages use beyond the shell's, and the wallet's own CSS. Imported by
// each wallet page, so all of it lives in the wallet's lazy chunks, never in the first paint.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import './wallet.css';
import './statement.css';
