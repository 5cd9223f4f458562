// The Mantine styles the order pages use beyond the shell's, and the orders' own CSS. Imported by
// each order page, so all of it lives in their lazy chunks, never in the first paint.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import './orders.css';
