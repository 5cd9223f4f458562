/** Orders: their tables, the state machine that owns every change, reads for buyers and sellers. */
export { purchasesOf, salesCountOf, settledPurchasesOf } from './order-history.ts';
export { type OrderAction, OrderStateMachine, RULES } from './order-state.ts';
export { type Deadlines, detailDto, itemDto, orderDto } from './orders.dto.ts';
export {
  type NewOrder,
  type OrderFilter,
  type OrderItemRow,
  type OrderRow,
  OrdersRepository,
} from './orders.repository.ts';
export { OrdersService } from './orders.service.ts';
