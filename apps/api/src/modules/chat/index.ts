/** Customer-service chat: conversations, numbered messages, agents' presence and inbox, the `/ws` socket. */
export { chatAdminRoutes } from './chat.admin-routes.ts';
export { ChatPresence } from './chat.presence.ts';
export { ChatRepository } from './chat.repository.ts';
export { chatRoutes } from './chat.routes.ts';
export {
  type ChatPorts,
  ChatService,
  DELIVER_TOPIC,
  type Delivery,
  messageText,
  userOwner,
  visitorOwner,
} from './chat.service.ts';
export { ChatSockets } from './chat.socket.ts';
