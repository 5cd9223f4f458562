import type { BigIntColumn, NullableBigIntColumn } from '../../core/db/columns.ts';

type Int = number | bigint;

export interface OrdersTable {
  id: string;
  serial_no: string;
  brand: string;
  user_id: string;
  seller_id: string;
  seller_name: string;
  seller_owner_user_id: string | null;
  status: Int;
  refund_status: Int;
  pay_method: string | null;
  goods_amount: BigIntColumn;
  freight: BigIntColumn;
  tax: BigIntColumn;
  discount: BigIntColumn;
  handling_fee: BigIntColumn;
  total: BigIntColumn;
  paid_amount: BigIntColumn;
  refunded_amount: BigIntColumn;
  receiver_name: string;
  receiver_email: string;
  receiver_area_code: string;
  receiver_phone: string;
  receiver_nation: string;
  receiver_state: string;
  receiver_city: string;
  receiver_post_code: string;
  receiver_address: string;
  remark: string;
  cancel_reason: Int | null;
  cancel_text: string;
  return_reason: Int | null;
  return_amount: NullableBigIntColumn;
  return_remark: string;
  return_images: string;
  refund_from_status: Int | null;
  reminded_at: NullableBigIntColumn;
  paid_at: NullableBigIntColumn;
  confirmed_at: NullableBigIntColumn;
  shipped_at: NullableBigIntColumn;
  received_at: NullableBigIntColumn;
  reviewed_at: NullableBigIntColumn;
  settled_at: NullableBigIntColumn;
  closed_at: NullableBigIntColumn;
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  seller_goods_id: string;
  attr_id: string | null;
  attr_name: string;
  name: string;
  img_url: string;
  unit_price: BigIntColumn;
  quantity: Int;
  freight: BigIntColumn;
  subtotal: BigIntColumn;
  reviewed: Int;
}

export interface OrderEventsTable {
  id: string;
  order_id: string;
  type: string;
  actor_id: string | null;
  note: string;
  created_at: BigIntColumn;
}

export interface OrderLogisticsTable {
  id: string;
  order_id: string;
  carrier: string;
  tracking_no: string;
  content: string;
  location: string;
  event_at: BigIntColumn;
  created_at: BigIntColumn;
}

export interface OrderSubmissionsTable {
  user_id: string;
  submit_key: string;
  request_hash: string;
  order_ids: string;
  created_at: BigIntColumn;
}
