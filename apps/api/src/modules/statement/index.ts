/** A wallet's statement read from the ledger (issue 26, DESIGN §11). */
export { statementRoutes } from './statement.routes.ts';
export { StatementService } from './statement.service.ts';
