/**
 * The error catalogue (SPEC §8). `key` is stable and never renamed: our clients translate by it.
 * `code` is what goes into the envelope; 403 always means "not logged in / session gone" and makes
 * a client drop its token. `zh` is the Chinese source text, which is also `msg` for zh-CN.
 * `owner` is the module that raises it; the catalogue test requires every key whose owner exists
 * to be used in code. Translations live in packages/i18n/locales/errors/<lang>.json.
 */
export type ErrorOwner =
  | 'core'
  | 'web'
  | 'subscription'
  | 'accounts'
  | 'audit'
  | 'brand'
  | 'params'
  | 'catalogue'
  | 'orders'
  | 'wallet'
  | 'loans'
  | 'chat'
  | 'notifications'
  | 'merchants'
  | 'chain';

interface Entry {
  code: number;
  zh: string;
  owner: ErrorOwner;
}

const catalogue = {
  // Session
  NOT_LOGGED_IN: { code: 403, zh: '请先登录', owner: 'core' },
  SESSION_EXPIRED: { code: 403, zh: '登录已过期，请重新登录', owner: 'core' },
  INVALID_TOKEN: { code: 403, zh: '无效的UID或token', owner: 'core' },
  LOGIN_FAILED: { code: 1001, zh: '登录失败', owner: 'accounts' },
  UNAUTHORIZED_ACCESS: { code: 1002, zh: '非法访问', owner: 'accounts' },
  NO_PERMISSION: { code: 1003, zh: '没有权限', owner: 'accounts' },
  USER_LOCKED: { code: 1004, zh: '用户已被锁定或禁用', owner: 'accounts' },
  // Passwords and accounts
  WRONG_PASSWORD: { code: 2001, zh: '密码错误', owner: 'accounts' },
  PASSWORD_LOCKED_TODAY: { code: 2002, zh: '密码错误超过3次，请明天再试', owner: 'accounts' },
  FUND_PASSWORD_LOCKED: { code: 2003, zh: '连续输错三次，请3分钟后再试', owner: 'accounts' },
  WRONG_VERIFICATION_CODE: { code: 2004, zh: '验证码错误', owner: 'accounts' },
  WRONG_FUND_PASSWORD: { code: 2005, zh: '资金密码错误', owner: 'accounts' },
  FUND_PASSWORD_NOT_SET: { code: 2006, zh: '未设置资金密码', owner: 'accounts' },
  PASSWORD_LENGTH: { code: 2007, zh: '密码必须为6-12位', owner: 'accounts' },
  USERNAME_DUPLICATE: { code: 2008, zh: '用户名重复', owner: 'accounts' },
  USERNAME_NOT_FOUND: { code: 2009, zh: '用户名不存在', owner: 'accounts' },
  USERNAME_FORMAT: { code: 2010, zh: '用户名必须为字母和数字', owner: 'accounts' },
  PASSWORDS_NOT_SAME: { code: 2011, zh: '两次密码不一致', owner: 'accounts' },
  OLD_PASSWORD_WRONG: { code: 2012, zh: '旧密码错误', owner: 'accounts' },
  // Binding
  ACCOUNT_ALREADY_BOUND: { code: 2101, zh: '手机号或邮箱已被绑定', owner: 'accounts' },
  EMAIL_ALREADY_SUBSCRIBED: { code: 2102, zh: '该邮箱已订阅', owner: 'subscription' },
  INVALID_INVITATION_CODE: { code: 2103, zh: '邀请码无效', owner: 'accounts' },
  // Accounts, security and the user centre (issue 4)
  TERMS_NOT_ACCEPTED: { code: 2201, zh: '请阅读并同意用户协议', owner: 'accounts' },
  PHONE_FORMAT: { code: 2202, zh: '请输入正确的手机号码', owner: 'accounts' },
  INVITATION_CODE_REQUIRED: { code: 2203, zh: '请输入邀请码', owner: 'accounts' },
  REREGISTER_TOO_SOON: {
    code: 2204,
    zh: '该手机号或邮箱注销未满限定天数，暂不能重新注册',
    owner: 'accounts',
  },
  FUND_PASSWORD_FORMAT: { code: 2205, zh: '资金密码必须为6位数字', owner: 'accounts' },
  FUND_PASSWORD_ALREADY_SET: { code: 2206, zh: '资金密码已设置，请使用修改功能', owner: 'accounts' },
  ADDRESS_NOT_FOUND: { code: 2207, zh: '地址不存在', owner: 'accounts' },
  VERIFICATION_PENDING: { code: 2208, zh: '认证正在审核中，请勿重复提交', owner: 'accounts' },
  VERIFICATION_ALREADY_APPROVED: { code: 2209, zh: '您已通过认证', owner: 'accounts' },
  REVIEW_ALREADY_DONE: { code: 2210, zh: '该申请已审核', owner: 'accounts' },
  IMAGE_TYPE_NOT_ALLOWED: { code: 2211, zh: '仅支持jpg、jpeg、png格式的图片', owner: 'accounts' },
  IMAGE_TOO_LARGE: { code: 2212, zh: '图片大小超出限制', owner: 'accounts' },
  REAL_NAME_FORMAT: { code: 2213, zh: '请输入正确的真实姓名', owner: 'accounts' },
  ID_NUMBER_FORMAT: { code: 2214, zh: '请输入正确的证件号码', owner: 'accounts' },
  CANNOT_ACT_ON_SELF: { code: 2215, zh: '不能对自己的账号执行此操作', owner: 'accounts' },
  PASSWORD_FORMAT: { code: 2216, zh: '密码只能包含字母、数字和特殊字符', owner: 'accounts' },
  IMAGE_NOT_FOUND: { code: 2217, zh: '图片不存在，请重新上传', owner: 'accounts' },
  // Parameters and requests
  PARAMETER_ERROR: { code: 3001, zh: '参数错误', owner: 'core' },
  MISSING_PARAMETER: { code: 3002, zh: '缺少参数', owner: 'core' },
  ILLEGAL_REQUEST: { code: 3003, zh: '非法请求', owner: 'core' },
  DUPLICATE_SUBMISSION: { code: 3004, zh: '请勿重复提交', owner: 'wallet' },
  TOO_FREQUENT: { code: 3005, zh: '操作过于频繁，请稍后再试', owner: 'core' },
  SUBMIT_FAILED: { code: 3006, zh: '提交失败', owner: 'orders' },
  ADD_FAILED: { code: 3007, zh: '添加失败，请稍后重试', owner: 'catalogue' },
  UPLOAD_FAILED: { code: 3008, zh: '上传失败', owner: 'chat' },
  PHOTOS_UPLOADING: { code: 3009, zh: '图片正在上传中，请稍候', owner: 'orders' },
  SLIDE_VERIFICATION_FAILED: { code: 3010, zh: '滑动验证失败', owner: 'accounts' },
  EMAIL_FORMAT: { code: 3011, zh: '请检查邮箱格式', owner: 'subscription' },
  AMOUNT_FORMAT: { code: 3012, zh: '金额必须大于0且最多10位小数', owner: 'wallet' },
  API_NOT_FOUND: { code: 3013, zh: '请求的接口不存在', owner: 'core' },
  BODY_TOO_LARGE: { code: 3014, zh: '请求内容过大', owner: 'core' },
  ENTER_KEYWORD: { code: 3015, zh: '请输入关键词', owner: 'web' },
  JOB_NOT_FAILED: { code: 3901, zh: '该任务不是失败状态，无法重试', owner: 'core' },
  // Orders and shop
  ORDER_NOT_FOUND: { code: 4001, zh: '订单不存在', owner: 'orders' },
  PRODUCT_NOT_FOUND: { code: 4002, zh: '商品不存在', owner: 'catalogue' },
  PRODUCT_OFF_SHELF: { code: 4003, zh: '商品已下架', owner: 'catalogue' },
  STOCK_INSUFFICIENT: { code: 4004, zh: '商品库存不足', owner: 'orders' },
  PRODUCT_ALREADY_IN_CART: { code: 4005, zh: '商品已在购物车中', owner: 'web' },
  NO_PRODUCT_SELECTED: { code: 4006, zh: '未选择商品', owner: 'orders' },
  ADDRESS_NOT_SET: { code: 4007, zh: '未设置收货地址', owner: 'orders' },
  ADDRESS_EMPTY: { code: 4008, zh: '地址不能为空', owner: 'accounts' },
  ADDRESS_TOO_LONG: { code: 4009, zh: '地址过长', owner: 'accounts' },
  ADDRESS_FORMAT: { code: 4010, zh: '地址格式错误', owner: 'accounts' },
  ADDRESS_LIMIT: { code: 4011, zh: '地址数量已达上限', owner: 'accounts' },
  OVER_MAX_PURCHASE: { code: 4012, zh: '大于最大购买数量', owner: 'orders' },
  BELOW_MIN_ORDER: { code: 4013, zh: '低于最小起订量', owner: 'orders' },
  ONLY_PENDING_CANCEL: { code: 4014, zh: '只有待付款的订单可以取消', owner: 'orders' },
  ORDER_CLOSED: { code: 4015, zh: '订单已取消或已完成，无法释放', owner: 'orders' },
  ORDER_CANCELLED: { code: 4020, zh: '该订单已取消，无法支付，请重新下单', owner: 'orders' },
  REFUND_AFTER_SHIPPING: { code: 4016, zh: '订单已发货，无法退款', owner: 'orders' },
  ORDER_ALREADY_REMINDED: { code: 4017, zh: '该订单已提醒过卖家', owner: 'orders' },
  SELECT_DELIVERY_ADDRESS: { code: 4018, zh: '请选择正确的收货地址', owner: 'orders' },
  SELLER_OWN_GOODS: { code: 4019, zh: '卖家不能购买自己店铺的商品', owner: 'orders' },
  ORDER_STATUS_INVALID: { code: 4200, zh: '当前订单状态不允许此操作', owner: 'orders' },
  ORDER_ALREADY_PAID: { code: 4201, zh: '订单已支付', owner: 'orders' },
  REFUND_IN_PROGRESS: { code: 4202, zh: '该订单的退款申请正在处理中', owner: 'orders' },
  RETURN_WINDOW_CLOSED: { code: 4203, zh: '该订单已超过退货期限', owner: 'orders' },
  ORDER_ALREADY_REVIEWED: { code: 4204, zh: '该订单已评价', owner: 'orders' },
  RETURN_AMOUNT_TOO_HIGH: { code: 4205, zh: '退款金额不能超过实付且未退款的金额', owner: 'orders' },
  CANCEL_REASON_REQUIRED: { code: 4206, zh: '请选择取消原因', owner: 'orders' },
  REVIEW_IMAGES_LIMIT: { code: 4207, zh: '最多上传9张图片', owner: 'orders' },
  QUOTE_CHANGED: { code: 4208, zh: '价格或运费已变化，请确认新的金额后再下单', owner: 'orders' },
  // Catalogue, stores, reviews, favourites (4100-4199)
  SELLER_NOT_FOUND: { code: 4101, zh: '店铺不存在', owner: 'catalogue' },
  STORE_CLOSED: { code: 4102, zh: '店铺已关闭', owner: 'catalogue' },
  CATEGORY_NOT_FOUND: { code: 4103, zh: '分类不存在', owner: 'catalogue' },
  SPECIFICATION_NOT_FOUND: { code: 4104, zh: '商品规格不存在', owner: 'catalogue' },
  SELECT_SPECIFICATION: { code: 4105, zh: '请选择商品规格', owner: 'catalogue' },
  ALREADY_REVIEWED: { code: 4106, zh: '该商品已评价', owner: 'catalogue' },
  // Wallet and loans
  INSUFFICIENT_BALANCE: { code: 5001, zh: '余额不足，请充值', owner: 'wallet' },
  INSUFFICIENT_HOLDINGS: { code: 5002, zh: '持仓不足', owner: 'wallet' },
  UNFINISHED_RECHARGE_OR_WITHDRAWAL: { code: 5003, zh: '存在未完成的充值或提现', owner: 'wallet' },
  WITHDRAW_OUTSIDE_TIME: { code: 5004, zh: '当前不在允许提现的时间内', owner: 'wallet' },
  WITHDRAW_OVER_LIMIT: { code: 5005, zh: '提现金额超过上限', owner: 'wallet' },
  WITHDRAW_UNDER_LIMIT: { code: 5006, zh: '提现金额低于下限', owner: 'wallet' },
  WITHDRAW_DAILY_COUNT: { code: 5007, zh: '今日提现次数已达上限', owner: 'wallet' },
  DEPOSIT_OVER_MAX: { code: 5008, zh: '充值金额超过最大值', owner: 'wallet' },
  DEPOSIT_UNDER_MIN: { code: 5009, zh: '充值金额低于最小值', owner: 'wallet' },
  CHANNEL_NOT_OPEN: { code: 5010, zh: '该通道未开启', owner: 'wallet' },
  PAYMENT_NOT_OPEN_IN_REGION: { code: 5011, zh: '您所在的地区未开放该支付方式', owner: 'orders' },
  SELECT_CURRENCY_FIRST: { code: 5012, zh: '请先选择币种', owner: 'wallet' },
  CANCEL_WITH_BALANCE: { code: 5013, zh: '账户仍有余额，无法注销', owner: 'accounts' },
  // Obligations before an account is closed (issue 26, 5300-5309)
  CANCEL_WITH_LOAN: { code: 5300, zh: '存在审核中或未还清的贷款，无法注销账户', owner: 'accounts' },
  CANCEL_WITH_ORDERS: { code: 5301, zh: '存在已付款但未完成或售后中的订单，无法注销账户', owner: 'accounts' },
  CANCEL_WITH_PENDING_MONEY: { code: 5302, zh: '存在处理中的充值或提现，无法注销账户', owner: 'accounts' },
  CANCEL_WITH_HELD: { code: 5303, zh: '账户有为提现冻结的金额，无法注销账户', owner: 'accounts' },
  CANCEL_WITH_SALES: { code: 5304, zh: '店铺有未结算的订单，无法注销账户', owner: 'accounts' },
  CANCEL_WITH_STORE: { code: 5305, zh: '店铺仍在营业，请先关闭店铺再注销账户', owner: 'accounts' },
  QUALIFICATION_NOT_MET: { code: 5014, zh: '不满足资格条件', owner: 'loans' },
  LOAN_BELOW_MIN: { code: 5015, zh: '贷款金额低于最小值', owner: 'loans' },
  LOAN_ABOVE_MAX: { code: 5016, zh: '贷款金额高于最大值', owner: 'loans' },
  // Start-up loans (issue 7, 5200-5299)
  LOAN_TERM_INVALID: { code: 5200, zh: '贷款期限无效，最长为一年', owner: 'loans' },
  LOAN_AGREEMENT_REQUIRED: { code: 5201, zh: '请阅读并同意借款协议', owner: 'loans' },
  LOAN_ID_PHOTO_REQUIRED: { code: 5202, zh: '请上传证件照片', owner: 'loans' },
  LOAN_ALREADY_OPEN: { code: 5203, zh: '您已有审核中或未还清的贷款', owner: 'loans' },
  LOAN_NOT_FOUND: { code: 5204, zh: '贷款不存在', owner: 'loans' },
  LOAN_ALREADY_REVIEWED: { code: 5205, zh: '该贷款申请已审核', owner: 'loans' },
  LOAN_STATUS_INVALID: { code: 5206, zh: '当前贷款状态不允许此操作', owner: 'loans' },
  LOAN_REPAY_EXCEEDS_OWED: { code: 5207, zh: '还款金额超过应还金额', owner: 'loans' },
  LOAN_REPAY_AMOUNT_CHANGED: { code: 5208, zh: '应还金额已变化，请刷新后重试', owner: 'loans' },
  LOAN_NAME_MISMATCH: { code: 5209, zh: '申请人姓名与实名认证信息不一致', owner: 'loans' },
  // Loan eligibility (issue 26): the brand's underwriting params, before review
  LOAN_ACCOUNT_TOO_NEW: { code: 5220, zh: '账户注册时间不足，暂不能申请贷款', owner: 'loans' },
  LOAN_OVER_LIMIT: { code: 5221, zh: '申请金额超过您的交易记录可获得的额度', owner: 'loans' },
  LOAN_FUNDS_LOCKED: { code: 5222, zh: '贷款放款的资金暂不可提现', owner: 'wallet' },
  // Bank-card deposit accounts (issue 26)
  BANK_ACCOUNT_NUMBER_FORMAT: { code: 5310, zh: '账号或IBAN格式不正确', owner: 'wallet' },
  SWIFT_FORMAT: { code: 5311, zh: 'SWIFT/BIC代码格式不正确', owner: 'wallet' },
  BANK_ACCOUNT_NOT_FOUND: { code: 5312, zh: '收款银行账户不存在', owner: 'wallet' },
  WITHDRAW_ADDRESS_ALREADY_BOUND: { code: 5017, zh: '只能绑定一个提现地址', owner: 'wallet' },
  // Ledger
  IDEMPOTENCY_MISMATCH: { code: 5100, zh: '重复的请求编号对应不同的内容', owner: 'wallet' },
  TRANSFER_NOT_FOUND: { code: 5101, zh: '转账记录不存在', owner: 'wallet' },
  TRANSFER_ALREADY_RESOLVED: { code: 5102, zh: '该笔资金已处理，无法再次操作', owner: 'wallet' },
  TX_HASH_FORMAT: { code: 5103, zh: '交易哈希格式不正确', owner: 'wallet' },
  TX_HASH_ALREADY_SUBMITTED: { code: 5104, zh: '该交易哈希已提交过', owner: 'wallet' },
  RECHARGE_NOT_FOUND: { code: 5105, zh: '充值记录不存在', owner: 'wallet' },
  WITHDRAWAL_NOT_FOUND: { code: 5106, zh: '提现记录不存在', owner: 'wallet' },
  GATEWAY_SIGNATURE_INVALID: { code: 5107, zh: '支付通知签名无效', owner: 'wallet' },
  GATEWAY_AMOUNT_MISMATCH: { code: 5108, zh: '支付金额与订单不符', owner: 'wallet' },
  BANK_NAME_REQUIRED: { code: 5109, zh: '请输入银行名称', owner: 'wallet' },
  CARD_NUMBER_FORMAT: { code: 5110, zh: '请输入正确的银行卡号', owner: 'wallet' },
  WITHDRAW_ADDRESS_FORMAT: { code: 5111, zh: '提现地址格式不正确', owner: 'wallet' },
  WITHDRAW_ADDRESS_NOT_BOUND: { code: 5112, zh: '请先绑定提现地址', owner: 'wallet' },
  FORM_TOKEN_INVALID: { code: 5113, zh: '页面已过期，请刷新后重试', owner: 'wallet' },
  // Chain rails (issue 29)
  WITHDRAWAL_ON_CHAIN: { code: 5150, zh: '该提现正在链上支付，无法手动处理', owner: 'chain' },
  WITHDRAWAL_ALREADY_APPROVED: { code: 5151, zh: '您已批准过该提现，需要另一位财务人员批准', owner: 'chain' },
  WITHDRAW_ADDRESS_REFUSED: { code: 5152, zh: '不能提现到合约地址或平台的充值地址', owner: 'chain' },
  // Customer-service chat (issue 8)
  CHAT_MESSAGE_EMPTY: { code: 6001, zh: '消息内容不能为空', owner: 'chat' },
  CHAT_MESSAGE_TOO_LONG: { code: 6002, zh: '消息内容过长', owner: 'chat' },
  CHAT_LOGIN_FOR_IMAGES: { code: 6003, zh: '请登录后发送图片', owner: 'chat' },
  CHAT_VISITOR_INVALID: { code: 6004, zh: '访客身份无效，请刷新页面', owner: 'chat' },
  CHAT_CONVERSATION_NOT_FOUND: { code: 6005, zh: '会话不存在', owner: 'chat' },
  CHAT_CONVERSATION_CLOSED: { code: 6006, zh: '会话已结束', owner: 'chat' },
  // The message centre (6100-6199)
  NOTIFICATION_NOT_FOUND: { code: 6101, zh: '消息不存在', owner: 'notifications' },
  // Merchant applications and the seller's store and goods (issue 9, 7000-7099)
  MERCHANT_APPLICATION_PENDING: { code: 7001, zh: '您已有审核中的入驻申请，请耐心等待', owner: 'merchants' },
  MERCHANT_ALREADY_OPEN: { code: 7002, zh: '您已开通店铺，无需重复申请', owner: 'merchants' },
  MERCHANT_APPLICATION_NOT_FOUND: { code: 7003, zh: '入驻申请不存在', owner: 'merchants' },
  MERCHANT_APPLICATION_DECIDED: { code: 7004, zh: '该入驻申请已审核', owner: 'merchants' },
  COUNTRY_NOT_FOUND: { code: 7005, zh: '请选择正确的国家或地区', owner: 'merchants' },
  STORE_NOT_OPENED: { code: 7010, zh: '您还没有开通店铺', owner: 'catalogue' },
  GOODS_HAS_ORDERS: { code: 7011, zh: '该商品已有订单，不能删除，请改为下架', owner: 'catalogue' },
  GOODS_IMAGE_REQUIRED: { code: 7012, zh: '请至少上传一张商品图片', owner: 'catalogue' },
  GOODS_IMAGES_LIMIT: { code: 7013, zh: '商品图片最多10张', owner: 'catalogue' },
  SPEC_NAME_DUPLICATE: { code: 7014, zh: '规格名称不能重复', owner: 'catalogue' },
  DISCOUNT_PRICE_TOO_HIGH: { code: 7015, zh: '折扣价必须低于售价', owner: 'catalogue' },
  SPEC_STOCK_SHARED: { code: 7016, zh: '该规格没有单独库存，请调整商品库存', owner: 'catalogue' },
  // System
  SERVER_ERROR: { code: 500, zh: '服务器错误', owner: 'core' },
  SYSTEM_BUSY: { code: 9001, zh: '系统错误，请稍后再试', owner: 'core' },
  NETWORK_ERROR: { code: 9002, zh: '请检查网络', owner: 'web' },
  BUSINESS_LOCKED: { code: 9003, zh: '业务已锁定，请联系客服', owner: 'accounts' },
  NEW_VERSION: { code: 9004, zh: '有新版本，请升级', owner: 'web' },
  REAL_NAME_REQUIRED: { code: 9005, zh: '您尚未实名认证，是否前往认证？', owner: 'accounts' },
  C3_REQUIRED: { code: 9006, zh: '账户异常，需要进行C3认证，请联系在线客服', owner: 'accounts' },
  CHUNK_LOAD_FAILED: { code: 9007, zh: '页面加载失败，请刷新重试', owner: 'web' },
  SERVICE_NOT_OPEN: { code: 9008, zh: '在线客服暂未开放', owner: 'web' },
  // Back office, admin side: staff roles, brand settings, params, audit log (issue 9, 7100-7199)
  ROLE_NAME_FORMAT: { code: 7100, zh: '角色名称不能为空，且不能超过32个字符', owner: 'accounts' },
  ROLE_NAME_DUPLICATE: { code: 7101, zh: '角色名称已存在', owner: 'accounts' },
  ROLE_NOT_FOUND: { code: 7102, zh: '角色不存在', owner: 'accounts' },
  ROLE_IN_USE: { code: 7103, zh: '该角色已分配给用户，不能删除', owner: 'accounts' },
  ROLE_BUILT_IN: { code: 7104, zh: '系统内置角色不能修改或删除', owner: 'accounts' },
  ROLE_GRANTS_REQUIRED: { code: 7105, zh: '请至少选择一项权限', owner: 'accounts' },
  ROLE_LIMIT: { code: 7106, zh: '角色数量已达上限', owner: 'accounts' },
  ADMIN_SELF_DEMOTION: { code: 7107, zh: '不能移除自己的管理员权限', owner: 'accounts' },
  BRAND_COLOR_FORMAT: { code: 7120, zh: '颜色格式必须为#rrggbb', owner: 'brand' },
  BRAND_URL_FORMAT: { code: 7121, zh: '网址必须以http://或https://开头', owner: 'brand' },
  BRAND_DEFAULT_LANGUAGE_HIDDEN: { code: 7122, zh: '不能隐藏默认语言', owner: 'brand' },
  PARAM_VALUE_INVALID: { code: 7140, zh: '参数值格式不正确', owner: 'params' },
  PARAM_OUT_OF_RANGE: { code: 7141, zh: '参数值超出允许范围', owner: 'params' },
  PARAM_MIN_ABOVE_MAX: { code: 7142, zh: '最小值不能大于最大值', owner: 'params' },
  DATE_RANGE_INVALID: { code: 7160, zh: '开始日期不能晚于结束日期', owner: 'audit' },
} as const satisfies Record<string, Entry>;

export type ErrorKey = keyof typeof catalogue;

export const ERRORS: Readonly<Record<ErrorKey, Entry>> = catalogue;

export const ERROR_KEYS = Object.keys(catalogue) as ErrorKey[];

/** Codes that tell a client its session is gone (SPEC §7: drop the token, go to /). */
export const LOGGED_OUT_CODE = 403;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(catalogue, value);
}
