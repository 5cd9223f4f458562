// The Mantine styles the merchant page uses beyond the shell's, and its own CSS, in its lazy chunk.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import './merchant.css';
