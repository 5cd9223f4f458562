/**
 * Builds the whole API as a Fastify instance without listening, so tests drive it with inject().
 * Wiring only: modules are constructed here and their routes registered; no business logic.
 */
import { BRANDS, LIMITS, ORDER_STATUS } from '@mall/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Config } from './config/env.ts';
import { createBrandResolver } from './core/brand.ts';
import { type Bus, createLocalBus } from './core/bus.ts';
import { keepCachesFresh } from './core/cache-refresh.ts';
import { type Clock, systemClock } from './core/clock.ts';
import type { Db } from './core/db/database.ts';
import { EdgeCache } from './core/http/edge-cache.ts';
import { registerHttpPlugins } from './core/http/plugins.ts';
import { registerProtocol } from './core/http/protocol.ts';
import { parseQueryString } from './core/http/query-string.ts';
import { createRouteDefiner, definedRoutes } from './core/http/route.ts';
import { jobAdminRoutes } from './core/jobs/jobs.admin-routes.ts';
import { JobRunner } from './core/jobs/jobs.ts';
import { openApiRoute } from './core/openapi/openapi.route.ts';
import { type Readiness, registerHealth } from './core/ops/health.ts';
import { registerMetrics } from './core/ops/metrics.ts';
import { createMemoryRateLimiter, type RateLimiter } from './core/rate-limit.ts';
import { bucketResolver, openStorage } from './core/storage/config.ts';
import { usePrivateLinkSecret } from './core/storage/private-links.ts';
import type { ObjectStorage } from './core/storage/storage.ts';
import { readBuildId, registerStorefront, type ServeApp, type SpaOptions } from './core/storefront.ts';
import { assertNothingOwed } from './flows/accounts/close-account.ts';
import { chainRoutes } from './flows/chain/chain.routes.ts';
import { ChainRails } from './flows/chain/chain-rails.ts';
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
import { ChainService } from './modules/chain/index.ts';
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
import { LedgerRepository, LedgerService, ledgerAccounts } from './modules/ledger/index.ts';
import { LoansRepository, LoansService, loanAdminRoutes, loanRoutes } from './modules/loans/index.ts';
import { hasOpenLoan } from './modules/loans/loan-obligations.ts';
import { riskProfileRoutes } from './modules/loans/risk-profile.routes.ts';
import { MerchantsRepository, MerchantsService, merchantRoutes } from './modules/merchants/index.ts';
import {
  GUARD_INSTALMENT_OPEN,
  GUARD_ORDER_UNPAID,
  NotificationEvents,
  NotificationsRepository,
  NotificationsService,
  notificationsRoutes,
} from './modules/notifications/index.ts';
import { OrderStateMachine, OrdersRepository, OrdersService } from './modules/orders/index.ts';
import { hasOrdersInProgress, hasUnsettledSales } from './modules/orders/order-obligations.ts';
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
import { StatementService, statementRoutes } from './modules/statement/index.ts';
import {
  SubscriptionRepository,
  SubscriptionService,
  subscriptionRoutes,
} from './modules/subscription/index.ts';
import { UploadService, uploadRoutes } from './modules/upload/index.ts';
import { setUpVerification, verificationAdminRoutes } from './modules/verification/index.ts';
import { bankAccountRoutes } from './modules/wallet/bank-accounts.routes.ts';
import { BankAccountsService } from './modules/wallet/bank-accounts.ts';
import {
  closedGateway,
  hmacGateway,
  RechargeService,
  sandboxGatewayRoutes,
  WalletChainRecords,
  WalletRepository,
  WalletService,
  WithdrawService,
  walletAdminRoutes,
  walletChannelRoutes,
  walletRoutes,
  withdrawnToday,
} from './modules/wallet/index.ts';
import { hasPendingMoney } from './modules/wallet/wallet-obligations.ts';

/** How stale an operator's brand change may be in a process that missed its bus message. */
const BRAND_REFRESH_MS = 30_000;

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
  /** Object storage (tests inject faults); default: the adapter config.storage chooses. */
  storage?: ObjectStorage;
  /** The rate limiter's Redis connection, which /readyz pings; undefined without Redis. */
  redis?: Redis | undefined;
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
  /** The message centre; other modules report events through `notificationEvents`. */
  notifications: NotificationsService;
  notificationEvents: NotificationEvents;
  /** Customer-service chat; its sockets (`/ws`) are `chatSockets`. */
  chat: ChatService;
  chatSockets: ChatSockets;
  /** The seller's own store and goods (console), and opening stores for approved merchants. */
  seller: SellerCatalogueService;
  /** Merchant applications (/merchantSettled); approval is flows/merchants. */
  merchants: MerchantsService;
  /** EVM deposits watched and withdrawals paid on the chain; undefined without CHAIN_EVM_* (manual flow). */
  chain: ChainRails | undefined;
}

export interface MallApp {
  app: FastifyInstance;
  services: Services;
  /** The process's logger (Fastify's own `app.log` is silent unless access lines are on). */
  log: FastifyBaseLogger;
  /** The cache of visitors' public reads at the HTTP edge (core/http/edge-cache.ts). */
  edge: EdgeCache;
  /** /readyz's state: `drain()` on SIGTERM turns it to 503; `refuse()` before the port closes. */
  readiness: Readiness;
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
    // Requests already accepted when a shutdown begins are served, not answered 503.
    return503OnClosing: false,
    trustProxy: typeof config.trustProxy === 'boolean' ? config.trustProxy : [...config.trustProxy],
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
  usePrivateLinkSecret(config.storage.urlSecret);
  if (config.storage.kind === 's3' && !config.storage.urlSecret)
    log.warn('STORAGE_URL_SECRET is not set: a private file link works only on the process that signed it');
  const storage = options.storage ?? (await openStorage(config.storage, config.dataDir));
  const uploads = new UploadService(db.kysely, storage, bucketResolver(config.storage), clock, log);
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
    jobs: new JobRunner(db.kysely, db.dialect, clock, { doneRetentionMs: config.jobsDoneRetentionMs }),
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
    | 'notifications'
    | 'notificationEvents'
    | 'seller'
    | 'merchants'
    | 'chain'
  > as Services;
  services.notifications = new NotificationsService(
    db.kysely,
    new NotificationsRepository(),
    bus,
    services.jobs,
    clock,
  );
  const notificationEvents = new NotificationEvents(services.notifications);
  services.notificationEvents = notificationEvents;
  services.identity.notifications = notificationEvents;
  // The sandbox gateway (a page that credits a wallet) exists only outside production.
  const sandboxSecret = config.gatewaySandboxSecret;
  const gateway = sandboxSecret
    ? hmacGateway('sandbox', sandboxSecret, '/sandbox-gateway/pay')
    : closedGateway;
  services.wallet = new WalletService(
    db.kysely,
    new WalletRepository(db.dialect),
    services.ledger,
    clock,
    bus,
    accounts,
    sandboxSecret !== undefined,
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
      assertManualResolve: (executor, id) =>
        services.chain?.payouts?.assertManualResolve(executor, id) ?? Promise.resolve(),
      checkWithdrawAddress: (network, address) =>
        services.chain?.checkWithdrawAddress(network, address) ?? Promise.resolve(),
    },
  );
  services.chain = config.chainEvm
    ? new ChainRails(
        {
          db: db.kysely,
          wallet: services.wallet,
          walletRecords: new WalletChainRecords(services.wallet.repository),
          chain: new ChainService(),
          ledger: services.ledger,
          params,
          audit,
          jobs: services.jobs,
          clock,
          warn: (m) => log.warn(m),
          explorers: config.chainExplorers,
        },
        config.chainEvm,
      )
    : undefined;
  if (services.chain) {
    const rails = services.chain;
    services.wallet.useConfirmations(rails.config.confirmations, (ids) => rails.progress(ids));
    await rails.scheduleWatch(clock.now());
  }
  services.recharges.notifications = notificationEvents;
  services.withdrawals.notifications = notificationEvents;
  // Account cancellation is refused while the wallet holds anything.
  accounts.useBalanceSource((userId) => services.wallet.totalHeld(userId));
  // Cancelling or disabling an account: refused while anything is owed either way (issue 26).
  accounts.useClosingGuard((tx, userId) =>
    assertNothingOwed(
      {
        hasOpenLoan,
        hasOrdersInProgress,
        hasUnsettledSales,
        hasPendingMoney,
        wallet: async (executor, id) => {
          const b = await services.ledger.balanceOf(executor, ledgerAccounts.wallet(id));
          return { balance: b.balance, held: b.pending };
        },
        ownsStore: (executor, id) => services.seller.ownsStore(id, executor),
      },
      tx,
      userId,
    ),
  );
  const ordersRepository = new OrdersRepository(db.dialect);
  services.orders = new OrdersService(db.kysely, ordersRepository, params);
  services.orderFlows = {
    db: db.kysely,
    orders: services.orders,
    state: new OrderStateMachine(ordersRepository, clock, (tx, order, event) =>
      notificationEvents.orderChanged(tx, order, event),
    ),
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
    notifications: notificationEvents,
  };
  registerOrderJobs(services.orderFlows);
  services.notifications.guard(GUARD_ORDER_UNPAID, async (n) => {
    const order = await ordersRepository.findById(db.kysely, n.source.id);
    return order?.status === ORDER_STATUS.pendingPayment;
  });
  const loansRepository = new LoansRepository(db.dialect);
  services.loans = new LoansService(
    db.kysely,
    loansRepository,
    services.ledger,
    accounts,
    (brand, userId, image) => uploads.ownImageUrl(brand, userId, image),
    params,
    audit,
    services.jobs,
    clock,
  );
  services.loans.registerJobs();
  services.loans.notifications = notificationEvents;
  services.notifications.guard(GUARD_INSTALMENT_OPEN, async (n) => {
    const instalments = await loansRepository.instalments(db.kysely, n.source.id);
    return instalments.some((i) => String(i.seq) === n.params.seq && i.status !== 'paid');
  });
  const chatPresence = new ChatPresence(bus, clock);
  services.chat = new ChatService(db.kysely, new ChatRepository(), chatPresence, bus, limiter, clock, {
    ownImageUrl: (brand, userId, ref) => uploads.ownImageUrl(brand, userId, ref),
    userName: async (userId) => (await accounts.userRow(userId))?.username,
    userOrders: (brand, userId, page) => services.orders.list(brand, { userId }, page),
    audit: (tx, entry) => audit.record(tx, entry),
  });
  services.chat.notifications = notificationEvents;

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

  // Verification levels gate loans, withdrawals, merchant applications (modules/verification).
  const verificationFlags = setUpVerification({
    db: db.kysely,
    audit,
    clock,
    params: (brand) => params.all(brand),
    user: (userId) => accounts.userRow(userId),
    c3ApprovedAt: (userId) => services.identity.c3ApprovedAt(userId),
    withdrawnToday: (userId) => withdrawnToday(db.kysely, userId, clock.now()),
  });

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
  const latest = async <T>(page: Promise<{ pageList: T[]; pageInfo: { total: number } }>) => {
    const { pageList, pageInfo } = await page;
    return { total: pageInfo.total, list: pageList };
  };
  userDetailRoutes(route, accounts, audit, {
    balance: (userId) => services.wallet.balance(userId),
    orderCounts: (userId) => services.orders.counts({ userId }),
    recentOrders: async (ctx, userId, count) =>
      (await services.orders.list(ctx.brand, { userId }, { pageNum: 1, pageSize: count })).pageList,
    loans: (userId, count) => services.loans.latestOf(userId, count),
    // Every way in (chain, bank card, gateways), as the user's own records page lists them.
    deposits: (userId, count) =>
      latest(services.wallet.rechargeRecords(userId, undefined, { pageNum: 1, pageSize: count })),
    withdrawals: (userId, count) =>
      latest(services.wallet.withdrawRecords(userId, { pageNum: 1, pageSize: count })),
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
  jobAdminRoutes(route, services.jobs);
  paramsAdminRoutes(route, new ParamsAdmin(db.kysely, paramsRepository, params, audit, clock));
  addressRoutes(route, services.addresses);
  geoRoutes(route, services.geo);
  await uploadRoutes(app, brands, authenticate, uploads, limiter);
  walletRoutes(route, services.wallet, services.recharges, services.withdrawals, sandboxSecret !== undefined);
  walletAdminRoutes(
    route,
    db.kysely,
    services.wallet,
    services.recharges,
    services.withdrawals,
    services.ledger,
  );
  walletChannelRoutes(route, services.wallet, services.params, audit);
  if (sandboxSecret) sandboxGatewayRoutes(app, services.recharges, gateway);
  // Not the storefront's page either: a bookmark of the sandbox's page must not look alive.
  else
    app.all('/sandbox-gateway/*', (_request, reply) => reply.code(404).type('text/plain').send('Not found'));
  chainRoutes(route, services.chain);
  bankAccountRoutes(route, db.kysely, new BankAccountsService(db.kysely, audit, clock));
  statementRoutes(
    route,
    new StatementService(db.kysely, services.ledger, clock, config.chainExplorers),
    accounts,
    {
      db: db.kysely,
      ledger: services.ledger,
      audit,
      clock,
    },
  );
  loanRoutes(route, services.loans);
  loanAdminRoutes(route, services.loans);
  riskProfileRoutes(route, { db: db.kysely, ledger: services.ledger, clock, params: services.params });
  chatRoutes(route, services.chat);
  chatAdminRoutes(route, services.chat);
  notificationsRoutes(route, services.notifications);
  sellerCatalogueRoutes(route, services.seller);
  sellerReportRoutes(route, { db: db.kysely, ...services });
  merchantRoutes(route, services.merchants);
  merchantAdminRoutes(route, { db: db.kysely, clock, ...services });
  openApiRoute(app);
  verificationAdminRoutes(route, verificationFlags, services.identity);
  // The chat's WebSocket shares the API's port: `/ws` upgrades become sockets, others get a 404.
  services.chatSockets = new ChatSockets(services.chat, chatPresence, brands, authenticate, bus);
  app.server.on('upgrade', (req, socket, head) => services.chatSockets.upgrade(req, socket, head));
  services.chatSockets.start();
  chatPresence.start();
  app.addHook('preClose', async () => {
    services.chatSockets.close();
    await chatPresence.stop();
  });

  // Operations: /healthz, /readyz, /metrics (core/ops).
  const readiness = registerHealth(app, { db, redis: options.redis });
  let apiRoutes: Set<string> | undefined;
  registerMetrics(app, config.metricsToken, {
    db,
    clock,
    chatSockets: () => services.chatSockets.counts,
    isApiRoute: (method, path) => {
      apiRoutes ??= new Set(definedRoutes(app).map((r) => `${r.method} ${r.url}`));
      return apiRoutes.has(`${method} ${path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path}`);
    },
  });

  // Brand settings have no time bound of their own; every bus-kept cache is reloaded after a reconnect.
  const stopRefresh = keepCachesFresh({
    bus,
    log,
    everyMs: BRAND_REFRESH_MS,
    periodic: () => brandSettings.start(),
    afterReconnect: () => {
      for (const cache of [params, sessions, services.wallet]) cache.forgetCached();
      return Promise.all([brandSettings.start(), services.catalogue.invalidate(), accounts.forgetAll()]);
    },
  });

  app.addHook('onClose', async () => {
    stopRefresh();
    await services.jobs.stop();
    // Views counted since the last flush are written before the database closes.
    await services.catalogue.views.stop();
    await bus.close();
  });
  return { app, services, log, edge, readiness };
}
