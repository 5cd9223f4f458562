/**
 * Builds the whole API as a Fastify instance without listening, so tests drive it with inject().
 * Wiring only: modules are constructed here and their routes registered; no business logic.
 */
import { BRANDS, LIMITS } from '@mall/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config/env.ts';
import { createBrandResolver } from './core/brand.ts';
import { type Bus, createLocalBus } from './core/bus.ts';
import { type Clock, systemClock } from './core/clock.ts';
import type { Db } from './core/db/database.ts';
import { EdgeCache } from './core/http/edge-cache.ts';
import { registerHttpPlugins } from './core/http/plugins.ts';
import { registerProtocol } from './core/http/protocol.ts';
import { parseQueryString } from './core/http/query-string.ts';
import { createRouteDefiner } from './core/http/route.ts';
import { JobRunner } from './core/jobs/jobs.ts';
import { createMemoryRateLimiter, type RateLimiter } from './core/rate-limit.ts';
import { createDiskStorage } from './core/storage/storage.ts';
import { readBuildId, registerStorefront, type ServeApp, type SpaOptions } from './core/storefront.ts';
import { merchantAdminRoutes } from './flows/merchants/merchants.admin-routes.ts';
import type { OrderFlowDeps } from './flows/orders/deps.ts';
import { registerOrderJobs } from './flows/orders/order-jobs.ts';
import { orderAdminRoutes } from './flows/orders/orders.admin-routes.ts';
import { orderRoutes } from './flows/orders/orders.routes.ts';
import { sellerReportRoutes } from './flows/seller/seller.admin-routes.ts';
import {
  AccountsRepository,
  AccountsService,
  accountAdminRoutes,
  accountRoutes,
  createArgon2Hasher,
  createPinHasher,
  DEV_PIN_PEPPER,
  IdentityService,
  type PasswordHasher,
  StaffRolesRepository,
  StaffRolesService,
  staffRoleAdminRoutes,
  userDetailRoutes,
} from './modules/accounts/index.ts';
import { AddressesService, addressRoutes } from './modules/addresses/index.ts';
import { AuditService } from './modules/audit/index.ts';
import {
  BrandSettingsRepository,
  BrandSettingsService,
  brandAdminRoutes,
  brandRoutes,
} from './modules/brand/index.ts';
import {
  CatalogueRepository,
  CatalogueService,
  catalogueRoutes,
  catalogueTags,
  mediaRoutes,
  PageViews,
  SearchRepository,
  SellerCatalogueService,
  SellerRepository,
  sellerCatalogueRoutes,
} from './modules/catalogue/index.ts';
import {
  ChatPresence,
  ChatRepository,
  ChatService,
  ChatSockets,
  chatAdminRoutes,
  chatRoutes,
} from './modules/chat/index.ts';
import {
  FavouritesAudience,
  FavouritesRepository,
  FavouritesService,
  favouritesRoutes,
} from './modules/favourites/index.ts';
import { GeoService, geoRoutes } from './modules/geo/index.ts';
import { LedgerRepository, LedgerService } from './modules/ledger/index.ts';
import { LoansRepository, LoansService, loanAdminRoutes, loanRoutes } from './modules/loans/index.ts';
import { MerchantsRepository, MerchantsService, merchantRoutes } from './modules/merchants/index.ts';
import { OrderStateMachine, OrdersRepository, OrdersService } from './modules/orders/index.ts';
import { createSmtpTransport, OutboxService } from './modules/outbox/index.ts';
import {
  ParamsAdmin,
  ParamsRepository,
  ParamsService,
  paramsAdminRoutes,
  paramsRoutes,
} from './modules/params/index.ts';
import { ReviewRatings, ReviewsRepository, ReviewsService, reviewsRoutes } from './modules/reviews/index.ts';
import { SessionRepository, SessionService, sessionRoutes } from './modules/session/index.ts';
import {
  SubscriptionRepository,
  SubscriptionService,
  subscriptionRoutes,
} from './modules/subscription/index.ts';
import { UploadService, uploadRoutes } from './modules/upload/index.ts';
import {
  hmacGateway,
  RechargeService,
  sandboxGatewayRoutes,
  WalletRepository,
  WalletService,
  WithdrawService,
  walletAdminRoutes,
  walletChannelRoutes,
  walletRoutes,
} from './modules/wallet/index.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  bus?: Bus;
  rateLimiter?: RateLimiter;
  /** Pass false in tests to keep output quiet. */
  logger?: boolean;
  /** Password hashing (tests may pass cheaper argon2 parameters). */
  hasher?: PasswordHasher;
}

export interface Services {
  /** Users, roles, sign-in, passwords, the fund password check (`verifyFundPassword`). */
  accounts: AccountsService;
  addresses: AddressesService;
  /** Operator actions; other modules write entries through `audit.record(tx, ...)`. */
  audit: AuditService;
  geo: GeoService;
  identity: IdentityService;
  /** The one message sender (outbox table + log, SMTP when configured). */
  outbox: OutboxService;
  uploads: UploadService;
  /** Durable jobs: modules register handlers here; server.ts starts the polling. */
  jobs: JobRunner;
  /** Goods, stores, categories, search; stock and prices for the orders flow. */
  catalogue: CatalogueService;
  /** Reviews of goods; `addReview` for the orders flow. */
  reviews: ReviewsService;
  /** A user's favourite goods and followed stores. */
  favourites: FavouritesService;
  /** The only writer of balances; flows hand it their transaction. */
  ledger: LedgerService;
  params: ParamsService;
  sessions: SessionService;
  subscriptions: SubscriptionService;
  /** Balances, channels and records of the USDT wallet. */
  wallet: WalletService;
  recharges: RechargeService;
  withdrawals: WithdrawService;
  /** Orders' reads; their writes are the flows in flows/orders (see `orderFlows`). */
  orders: OrdersService;
  /** Everything the order flows work with, for tests and jobs. */
  orderFlows: OrderFlowDeps;
  /** Start-up loans: applications, risk review, repayment, the overdue job. */
  loans: LoansService;
  /** Customer-service chat; its sockets (`/ws`) are `chatSockets`. */
  chat: ChatService;
  chatSockets: ChatSockets;
  /** The seller's own store and goods (console), and opening stores for approved merchants. */
  seller: SellerCatalogueService;
  /** Merchant applications (/merchantSettled); approval is flows/merchants. */
  merchants: MerchantsService;
}

export interface MallApp {
  app: FastifyInstance;
  services: Services;
  /** The process's logger (Fastify's own `app.log` is silent unless access lines are on). */
  log: FastifyBaseLogger;
  /** The cache of visitors' public reads at the HTTP edge (core/http/edge-cache.ts). */
  edge: EdgeCache;
}

export async function buildApp(options: AppOptions): Promise<MallApp> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const bus = options.bus ?? createLocalBus();
  // The mall's own logger, handed to Fastify only when it is to write access lines. A Fastify with
  // a logger builds a child logger and response listeners for every request, about 2 µs of a
  // cached read's 45 here, even when no line is written; errors carry the request id instead.
  const log: FastifyBaseLogger = pino({ level: options.logger === false ? 'silent' : config.logLevel });
  const accessLines = config.logRequests && options.logger !== false;
  // Read once: the storefront's hook stamps every answer with it.
  const buildId = config.webDist ? readBuildId(config.webDist) : undefined;
  const app = Fastify({
    ...(accessLines ? { loggerInstance: log } : { logger: false }),
    bodyLimit: LIMITS.requestBodyMaxBytes,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true, querystringParser: parseQueryString },
  });
  await registerHttpPlugins(app);

  const limiter = options.rateLimiter ?? createMemoryRateLimiter(clock);
  const brands = createBrandResolver(config.brandKey);
  const hasher = options.hasher ?? createArgon2Hasher();
  const sessions = new SessionService(new SessionRepository(db.kysely), clock, bus);
  const paramsRepository = new ParamsRepository(db.kysely);
  const params = new ParamsService(paramsRepository, clock, bus);
  const audit = new AuditService(db.kysely, clock);
  // Operators' brand changes are worn from the first request on.
  const brandSettings = new BrandSettingsService(
    db.kysely,
    new BrandSettingsRepository(db.kysely),
    brands,
    audit,
    clock,
    bus,
  );
  await brandSettings.start();
  const mail = config.smtpUrl ? await createSmtpTransport(config.smtpUrl, config.smtpFrom) : undefined;
  const outbox = new OutboxService(db.kysely, clock, log, mail);
  const uploads = new UploadService(db.kysely, createDiskStorage(config.dataDir), clock);
  const accountsRepository = new AccountsRepository(db.kysely);
  const accounts = new AccountsService(
    db.kysely,
    accountsRepository,
    sessions,
    hasher,
    params,
    outbox,
    audit,
    limiter,
    clock,
    config.loginPerMinute,
    bus,
    createPinHasher(config.fundPinPepper ?? DEV_PIN_PEPPER, hasher),
  );
  if (!config.fundPinPepper) log.warn('FUND_PIN_PEPPER is not set: fund PINs use the development pepper');
  const catalogueRepository = new CatalogueRepository(db.kysely, db.dialect);
  const favouritesRepository = new FavouritesRepository(db.kysely);
  const reviewsRepository = new ReviewsRepository(db.kysely);
  const catalogue = new CatalogueService(
    catalogueRepository,
    new SearchRepository(db.kysely, db.dialect),
    clock,
    bus,
    new FavouritesAudience(favouritesRepository),
    new ReviewRatings(reviewsRepository),
    new PageViews(db.kysely, catalogueRepository, clock),
  );
  const services: Services = {
    accounts,
    addresses: new AddressesService(db.kysely, db.dialect, params, clock),
    audit,
    geo: new GeoService(),
    identity: new IdentityService(db.kysely, accounts, uploads, audit, clock),
    outbox,
    uploads,
    jobs: new JobRunner(db.kysely, db.dialect, clock),
    catalogue,
    reviews: new ReviewsService(reviewsRepository, catalogue, clock),
    favourites: new FavouritesService(favouritesRepository, catalogue, clock),
    ledger: new LedgerService(new LedgerRepository(), clock),
    params,
    sessions,
    subscriptions: new SubscriptionService(new SubscriptionRepository(db.kysely), clock, limiter),
  } as Omit<
    Services,
    | 'wallet'
    | 'recharges'
    | 'withdrawals'
    | 'orders'
    | 'orderFlows'
    | 'loans'
    | 'chat'
    | 'chatSockets'
    | 'seller'
    | 'merchants'
  > as Services;
  const gateway = hmacGateway('sandbox', config.gatewaySandboxSecret, '/sandbox-gateway/pay');
  services.wallet = new WalletService(
    db.kysely,
    new WalletRepository(db.dialect),
    services.ledger,
    clock,
    bus,
  );
  await services.wallet.start(BRANDS.map((b) => b.key));
  services.recharges = new RechargeService(
    db.kysely,
    services.wallet,
    services.ledger,
    params,
    audit,
    services.jobs,
    clock,
    (brand, userId, proof) => uploads.ownImageUrl(brand, userId, proof),
    gateway,
  );
  services.withdrawals = new WithdrawService(
    db.kysely,
    services.wallet,
    services.ledger,
    params,
    audit,
    clock,
    {
      checkFundPassword: (executor, userId, password) =>
        accounts.verifyFundPassword(executor, userId, password),
      assertCanTransact: (executor, userId) => accounts.assertCanTransact(executor, userId),
    },
  );
  // Account cancellation is refused while the wallet holds anything.
  accounts.useBalanceSource((userId) => services.wallet.totalHeld(userId));
  const ordersRepository = new OrdersRepository(db.dialect);
  services.orders = new OrdersService(db.kysely, ordersRepository, params);
  services.orderFlows = {
    db: db.kysely,
    orders: services.orders,
    state: new OrderStateMachine(ordersRepository, clock),
    catalogue: services.catalogue,
    reviews: services.reviews,
    addresses: services.addresses,
    accounts,
    ledger: services.ledger,
    params,
    uploads,
    jobs: services.jobs,
    audit,
    clock,
  };
  registerOrderJobs(services.orderFlows);
  services.loans = new LoansService(
    db.kysely,
    new LoansRepository(db.dialect),
    services.ledger,
    accounts,
    (brand, userId, image) => uploads.ownImageUrl(brand, userId, image),
    params,
    audit,
    services.jobs,
    clock,
  );
  services.loans.registerJobs();
  const chatPresence = new ChatPresence(bus, clock);
  services.chat = new ChatService(db.kysely, new ChatRepository(), chatPresence, bus, limiter, clock, {
    ownImageUrl: (brand, userId, ref) => uploads.ownImageUrl(brand, userId, ref),
    userName: async (userId) => (await accounts.userRow(userId))?.username,
    userOrders: (brand, userId, page) => services.orders.list(brand, { userId }, page),
    audit: (tx, entry) => audit.record(tx, entry),
  });

  services.seller = new SellerCatalogueService(
    db.kysely,
    new SellerRepository(db.kysely, db.dialect),
    catalogue,
    audit,
    clock,
    (brand, userId, ref) => uploads.ownImageUrl(brand, userId, ref),
    (executor, goodsIds) => services.orders.orderedGoods(executor, goodsIds),
  );
  services.merchants = new MerchantsService(
    db.kysely,
    new MerchantsRepository(db.kysely, db.dialect),
    audit,
    clock,
    {
      ownImageUrl: (brand, userId, ref) => uploads.ownImageUrl(brand, userId, ref),
      ownsStore: (userId, executor) => services.seller.ownsStore(userId, executor),
      userName: async (userId) => (await accounts.userRow(userId))?.username,
      countryName: (codeOrName) => services.geo.countryName(codeOrName),
    },
  );

  const mountApp = (distDir: string | undefined, options: SpaOptions) =>
    distDir ? registerStorefront(app, log, distDir, brands, options) : undefined;
  const serveWeb = await mountApp(config.webDist, { prefix: '', wapRedirect: true, buildStamp: buildId });
  const serveConsole = await mountApp(config.consoleDist, {
    prefix: '/console',
    wapRedirect: false,
    buildStamp: undefined,
  });
  // Pages under /console are the back office's; every other page is the storefront's.
  const serveApp: ServeApp | undefined =
    serveWeb || serveConsole
      ? (request, reply) => {
          const isConsole =
            request.url === '/console' ||
            request.url.startsWith('/console/') ||
            request.url.startsWith('/console?');
          const serve = isConsole ? serveConsole : serveWeb;
          return serve ? serve(request, reply) : reply.code(404).send('Not built');
        }
      : undefined;
  await registerProtocol(app, { brands, log, ...(serveApp ? { serveApp } : {}) });

  // Session → user → status → roles (modules/accounts).
  const authenticate = async (ctx: Parameters<typeof accounts.authenticate>[0]) => accounts.authenticate(ctx);
  // Visitors' catalogue reads are kept at the edge; a catalogue change here or in another process
  // drops what it names (a brand change makes new keys: core/http/edge-cache.ts).
  const edge = new EdgeCache(clock);
  catalogue.onChange((change) => edge.invalidate(catalogueTags(change)));
  const route = createRouteDefiner(app, brands, authenticate, edge);
  brandRoutes(app, route, brands);
  paramsRoutes(route, services.params);
  subscriptionRoutes(route, services.subscriptions);
  sessionRoutes(route, services.sessions, clock);
  catalogueRoutes(route, services.catalogue);
  reviewsRoutes(route, services.reviews);
  // Card and PayPal providers: none is configured in this deployment (see flows/orders/pay-order.ts).
  orderRoutes(route, services.orderFlows, []);
  orderAdminRoutes(route, services.orderFlows);
  favouritesRoutes(route, services.favourites);
  mediaRoutes(app, clock);
  accountRoutes(route, accounts, services.identity);
  accountAdminRoutes(route, accounts, services.identity, audit);
  userDetailRoutes(route, accounts, {
    balance: (userId) => services.wallet.balance(userId),
    orderCounts: (userId) => services.orders.counts({ userId }),
    recentOrders: async (ctx, userId, count) =>
      (await services.orders.list(ctx.brand, { userId }, { pageNum: 1, pageSize: count })).pageList,
  });
  staffRoleAdminRoutes(
    route,
    new StaffRolesService(
      db.kysely,
      new StaffRolesRepository(db.kysely),
      accountsRepository,
      accounts,
      audit,
      clock,
    ),
  );
  brandAdminRoutes(route, brandSettings);
  paramsAdminRoutes(route, new ParamsAdmin(db.kysely, paramsRepository, params, audit, clock));
  addressRoutes(route, services.addresses);
  geoRoutes(route, services.geo);
  await uploadRoutes(app, brands, authenticate, uploads, limiter);
  walletRoutes(route, services.wallet, services.recharges, services.withdrawals);
  walletAdminRoutes(
    route,
    db.kysely,
    services.wallet,
    services.recharges,
    services.withdrawals,
    services.ledger,
  );
  walletChannelRoutes(route, services.wallet, services.params, audit);
  sandboxGatewayRoutes(app, services.recharges, gateway);
  loanRoutes(route, services.loans);
  loanAdminRoutes(route, services.loans);
  chatRoutes(route, services.chat);
  chatAdminRoutes(route, services.chat);
  sellerCatalogueRoutes(route, services.seller);
  sellerReportRoutes(route, { db: db.kysely, ...services });
  merchantRoutes(route, services.merchants);
  merchantAdminRoutes(route, { db: db.kysely, clock, ...services });
  // The chat's WebSocket shares the API's port: `/ws` upgrades become sockets, others get a 404.
  services.chatSockets = new ChatSockets(services.chat, chatPresence, brands, authenticate, bus);
  app.server.on('upgrade', (req, socket, head) => services.chatSockets.upgrade(req, socket, head));
  services.chatSockets.start();
  chatPresence.start();
  app.addHook('preClose', async () => {
    services.chatSockets.close();
    await chatPresence.stop();
  });

  app.addHook('onClose', async () => {
    await services.jobs.stop();
    // Views counted since the last flush are written before the database closes.
    await services.catalogue.views.stop();
    await bus.close();
  });
  return { app, services, log, edge };
}
