/** Session tokens: issue, authenticate, revoke; heartbeat route. */
export { SessionRepository } from './session.repository.ts';
export { sessionRoutes } from './session.routes.ts';
export { SESSION_TTL_MS, SessionService } from './session.service.ts';
export { accountsSharingDevices, type SharedDevice, type SignInFrom } from './sign-in-devices.ts';
