/** The toast host (Mantine notifications), loaded after the first paint by <Deferred>. */
import { Notifications } from '@mantine/notifications';

export default function Toasts() {
  return <Notifications position="top-center" limit={3} />;
}
